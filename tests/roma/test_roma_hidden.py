"""Hidden cards (issue 11, rules roma.hidden*): every hidden face may be typed as unknown, the
public copy of every full-game record replays to the same end with no hidden face in it, each
check made when a face appears refuses a face that can no longer be there and accepts one that
can, ``describe`` shows hand sizes only, and random games type hidden cards in every way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.roma import RULESET
from assistant.games.roma.moves import UNKNOWN, Activate, Give, Hand, Holds, TakeCards
from assistant.games.roma.simulate import HIDDEN, check_invariants, random_game

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "roma").glob("*.txt")) + sorted((ROOT / "examples").glob("roma-*.txt"))


def replay(text: str) -> Game:
    return Game.from_record(RULESET, read_record(text))


def secret_words(state, text: str) -> list[str]:
    """The words of an entry that stand where the rules keep a face hidden: every card of
    ``hand``, ``give`` and ``holds``, the card kept by ``cards``, the card a Haruspex takes.
    Read from the parsed move, so a card name of two words counts as one hidden face."""
    move = RULESET.parse(state, text)
    if isinstance(move, (Hand, Give, Holds)):
        return list(move.cards)
    if isinstance(move, TakeCards):
        return [move.keep]
    if isinstance(move, Activate) and move.take is not None:
        card = state.card_at(state.index(move.player), move.disc)
        if (move.copy if card == "Scaenicus" else card) == "Haruspex":
            return [move.take]
    return []


# -- (a) the public copy of every full-game record ---------------------------------------------
def test_roma_hidden_records_exist():
    assert len(RECORDS) >= 9


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_roma_hidden_public_record_replays_to_the_same_end(path):
    game = replay(path.read_text(encoding="utf-8"))
    assert game.outcome() is not None, "a full-game record"
    public = game.to_public_record()
    text = write_record(public)
    again = replay(text)
    assert again.score().totals == game.score().totals
    assert again.outcome().winners == game.outcome().winners
    assert again.state.boards == game.state.boards and again.state.money == game.state.money
    assert [len(h) for h in again.state.hands] == [len(h) for h in game.state.hands]
    # no hidden face, entry by entry, word by word
    hidden = 0
    for before, line, original in zip(again.states, public.entries, game.entries):
        words = secret_words(before, line.text)
        assert all(w == UNKNOWN for w in words), f"ply {original.ply}: {line.text!r} shows a hidden face"
        if line.text != original.text:
            hidden += 1
            assert not line.comment, "the comment of an entry that held a secret is left out"
            # everything but the hidden faces is as typed
            assert RULESET.parse(before, line.text).notation() == line.text
        else:  # unchanged: the record itself named no hidden face here
            assert all(w == UNKNOWN for w in secret_words(game.states[original.ply - 1], original.text))
    assert hidden >= 4, "every record deals 2 hands and makes 2 gifts"
    # the public copy of the public copy is itself
    assert write_record(again.to_public_record()) == text


# -- (b) one test per check made when a face appears --------------------------------------------
def test_roma_hidden_laid(table):
    """roma.hidden.laid: a card laid from an unknown card must be one the box still has."""
    t = table({1: "Legat", 2: "Forum"}, {4: "Legat"}, hands=(("?", "?"), ()), money=(20, 0), dice=(1, 2, 3))
    err = t.refuse("lay Legat 3")
    assert err.rule == "roma.hidden.laid"
    assert "all 2 Legat cards are already on the table" in err.message
    t.play("lay Nero 3")  # one Nero, nowhere in view: it can be one of Ann's unknown cards
    assert t.state.hands[0] == ("?",) and t.board(0)[3] == "Nero"
    assert t.refuse("lay Nero 4").rule == "roma.hidden.laid"  # the only Nero is on the table now
    t.play("lay Forum 4")
    assert t.state.hands[0] == () and t.refuse("lay Forum 5").rule == "roma.actions.lay"


def test_roma_hidden_laid_counts_the_discard_pile_and_typed_hands(table):
    t = table({1: "Sicarius"}, {}, hands=(("?",), ("Mercator",)), discard=("Nero",), money=(20, 0), dice=(1, 2, 3))
    err = t.refuse("lay Nero 2")
    assert err.rule == "roma.hidden.laid" and "face up on the discard pile" in err.message
    err = t.refuse("lay Mercator 2")  # Ben's typed hand holds the only Mercator: not named
    assert err.rule == "roma.hidden.laid" and "in the hands as typed" in err.message and "Ben" not in err.message


def test_roma_hidden_laid_free_by_architectus(table):
    t = table({2: "Architectus"}, {1: "Turris", 2: "Turris"}, hands=(("?", "Forum"), ()), dice=(2, 4, 5))
    assert t.refuse("activate 2 lay Turris 3").rule == "roma.hidden.laid"
    t.play("activate 2 lay Forum 3 Forum 4")  # one Forum by name, one unknown card
    assert t.state.hands[0] == () and t.board(0) == {2: "Architectus", 3: "Forum", 4: "Forum"}


SETUP_END = ["start Ann"]


def _setup(*lines: str) -> Game:
    game = Game(RULESET, ["Ann", "Ben"], {})
    for line in lines:
        game.push(line)
    return game


def _refuse(game: Game, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(text)
    return info.value


def test_roma_hidden_setup_all_unknown():
    """roma.hidden.setup: hands typed as unknown; the lay-out is checked against the box."""
    game = _setup("hand Ann 4", "hand Ben ? ? ? ?", "give Ann ? ?", "give Ben 2", "start Ann")
    assert game.state.hands == (("?",) * 4, ("?",) * 4)
    err = _refuse(game, "place Ann Nero 1 Nero 2 Forum 3 Forum 4")
    assert err.rule == "roma.hidden.setup" and "the only Nero" in err.message
    game.push("place Ann Legat 1 Legat 2 Forum 3 Forum 4")
    err = _refuse(game, "place Ben Legat 1 Forum 2 Nero 3 Senator 4")
    assert err.rule == "roma.hidden.setup" and "all 2 Legat cards are already on the table" in err.message
    game.push("place Ben Legionarius 1 Forum 2 Nero 3 Senator 4")
    assert game.state.hands == ((), ()) and game.state.deals == ((), ()) and check_invariants(game.state) == []


def test_roma_hidden_setup_known_hand_unknown_gifts():
    """Ann's deal typed, her gift not: her lay-out holds 2 of her dealt cards and Ben's 2 named
    gifts; Ben's holds the other 2 of Ann's dealt cards."""
    game = _setup("hand Ann Legat Forum Forum Turris", "hand Ben 4", "give Ann ? ?", "give Ben Nero Senator", "start Ann")
    err = _refuse(game, "place Ann Nero 1 Senator 2 Legat 3 Sicarius 4")
    assert err.rule == "roma.hidden.setup" and "2 Ben gave" in err.message
    assert _refuse(game, "place Ann Legat 1 Forum 2 Turris 3 Sicarius 4").rule == "roma.hidden.setup"
    game.push("place Ann Nero 1 Senator 2 Legat 3 Turris 4")  # so Ann gave both Forums
    assert _refuse(game, "place Ben Legat 1 Forum 2 Sicarius 3 Templum 4").rule == "roma.hidden.setup"
    game.push("place Ben Forum 1 Forum 2 Sicarius 3 Templum 4")
    assert game.state.turn == 1


def test_roma_hidden_setup_unknown_hand_named_gift():
    game = _setup("hand Ann 4", "hand Ben Nero Senator Templum Basilica", "give Ann Legat ?", "give Ben Nero Templum", "start Ann")
    assert _refuse(game, "place Ann Templum 1 Forum 2 Forum 3 Turris 4").rule == "roma.hidden.setup"  # Ben gave a Nero
    game.push("place Ann Nero 1 Templum 2 Forum 3 Turris 4")
    assert _refuse(game, "place Ben Senator 1 Basilica 2 Forum 3 Turris 4").rule == "roma.hidden.setup"  # no Legat
    game.push("place Ben Senator 1 Basilica 2 Legat 3 Forum 4")


def test_roma_hidden_setup_gift_named_from_an_unknown_hand():
    """roma.deck: a gift named from a hand typed as unknown is a card the box still has."""
    game = _setup("hand Ann Nero Forum Forum Turris", "hand Ben 4")
    assert _refuse(game, "give Ben Nero ?").rule == "roma.deck"
    assert _refuse(game, "give Ann Legat ?").rule == "roma.setup.swap"  # Ann's hand is typed: no Legat
    game.push("give Ben Legat ?")


def test_roma_hidden_named(table):
    """roma.hidden.named: 'holds' names unknown cards, checked, and changes nothing public."""
    t = table({1: "Legat"}, {2: "Legat"}, hands=(("?", "?", "Forum"), ("Nero",)), dice=(1, 2, 3))
    before = RULESET.describe(t.state)
    err = t.refuse("holds Ann Legat")
    assert err.rule == "roma.hidden.named" and "all 2 Legat cards are already on the table" in err.message
    assert t.refuse("holds Ben Sicarius").rule == "roma.hidden.named"  # Ben's hand is typed
    assert t.refuse("holds Ann Forum Forum Forum").rule == "roma.hidden.named"  # 2 unknown cards
    t.play("Ann holds Sicarius")
    after = RULESET.describe(t.state)
    assert {k: v for k, v in after.items() if k != "last"} == {k: v for k, v in before.items() if k != "last"}
    assert "Sicarius" not in json.dumps(after) and RULESET.describe(t.state, reveal=True)["players"][0]["hand"] == ["?", "Forum", "Sicarius"]
    assert t.refuse("holds Ben Sicarius").rule == "roma.hidden.named"
    t.play("holds Ann ?")  # the public form names nothing
    assert t.state.hands[0] == ("?", "Forum", "Sicarius")
    with pytest.raises(IllegalMove) as info:
        _setup("hand Ann 4").push("holds Ann Legat")
    assert info.value.rule == "roma.hidden.named"


def test_roma_hidden_public_faces_are_named(table):
    """roma.hidden.public: what the whole table sees is never '?'."""
    t = table({1: "Aesculapinum"}, {}, hands=(("?",), ()), discard=("Legat",), money=(9, 0), dice=(1, 2, 3))
    for text in ("lay ? 3", "cards 2 keep ? discard ?"):
        with pytest.raises(InvalidEntry) as info:
            RULESET.parse(t.state, text)
        assert info.value.rule == "roma.hidden.public"
    assert t.refuse("activate 1 take ?").rule == "roma.hidden.public"
    t.play("activate 1 take Legat")


def test_roma_deck_unknown_keep_and_named_discards(table):
    """roma.deck with unknown cards: the discarded faces named are checked, the kept one is not
    typed."""
    t = table({1: "Legat"}, {1: "Legat"}, dice=(3, 4, 6))
    assert t.refuse("cards 3 keep ? discard Legat Forum").rule == "roma.deck"
    t.play("cards 3 keep ? discard Forum Nero")
    assert t.state.hands[0] == ("?",) and t.state.discard == ("Forum", "Nero") and t.state.unknown_discards == 0
    t.play("cards 4 keep ?")  # discarded faces left unnamed: 3 unnamed discards
    assert t.state.hands[0] == ("?", "?") and t.state.unknown_discards == 3


def test_roma_hidden_haruspex_takes_an_unknown_card(table):
    t = table({3: "Haruspex", 5: "Scaenicus"}, dice=(3, 5, 1))
    before = t.state
    t.play("activate 3 take ?")
    assert t.state.hands[0] == ("?",) and t.state.draw == before.draw - 1
    move = RULESET.parse(t.state, "activate 5 copy Haruspex take Nero")
    assert RULESET.public_notation(t.state, move) == "activate 5 copy Haruspex take ?"


# -- the public form of each entry ------------------------------------------------------------
@pytest.mark.parametrize(
    "typed, public",
    [
        ("hand Ann Legat Forum Forum Turris", "hand Ann ? ? ? ?"),
        ("hand Ann 4", "hand Ann ? ? ? ?"),
        ("hand Ann Tribunus Plebis ? Forum ?", "hand Ann ? ? ? ?"),
    ],
)
def test_roma_hidden_public_notation_of_the_deal(typed, public):
    state = RULESET.setup(["Ann", "Ben"], {})
    move = RULESET.parse(state, typed)
    assert RULESET.public_notation(state, move) == public
    assert RULESET.parse(state, public) == Hand("Ann", ("?",) * 4)


def test_roma_hidden_public_notation_of_turn_entries(table):
    t = table({3: "Haruspex", 4: "Aesculapinum"}, discard=("Legat",), hands=(("Nero",), ()), money=(9, 0), dice=(3, 4, 6))
    s = t.state
    cases = {
        "cards 6 keep Legionarius discard Forum Turris": "cards 6 keep ? discard Forum Turris",
        "activate 3 take Nero": "activate 3 take ?",
        "activate 4 take Legat": "activate 4 take Legat",  # from the face-up discard pile
        "lay Nero 1": "lay Nero 1",
        "holds Ann Nero": "holds Ann ?",
    }
    for typed, public in cases.items():
        move = RULESET.parse(s, typed)
        assert RULESET.public_notation(s, move) == public
        assert RULESET.parse(s, public).notation() == public


def test_roma_hidden_notation_guide_example_replays():
    """The guide's example of a table typing only what everybody sees is accepted."""
    guide = (ROOT / "docs" / "notation" / "roma.md").read_text(encoding="utf-8")
    block = guide.split("## Example: a table typing only what everybody sees")[1].split("```")[1]
    game = Game(RULESET, ["Ann", "Ben"], {})
    for line in block.splitlines():
        if line.strip():
            game.push(line.split("#")[0].strip())
    assert game.state.player == "Ben" and game.state.hands == ((), ())
    assert game.state.boards[0][3] == "Legionarius" and "Mercatus" in game.state.discard


def test_roma_hidden_readme_hand_still_works():
    game = _setup("hand Ann Legat Forum Forum Turris")
    assert game.entries[-1].text == "hand Ann Legat Forum Forum Turris"
    assert game.public_texts() == ["hand Ann ? ? ? ?"]


# -- describe -----------------------------------------------------------------------------------
def test_roma_hidden_describe_shows_hand_sizes_not_faces():
    game = _setup(
        "hand Ann Legat Forum Forum Turris", "hand Ben Nero Senator Templum Basilica",
        "give Ann Forum Turris", "give Ben ? ?",
    )
    hidden = json.dumps(game.describe())
    for face in ("Legat", "Forum", "Turris", "Nero", "Senator", "Templum", "Basilica"):
        assert face not in hidden
    assert [p["hand_size"] for p in game.describe()["players"]] == [4, 4]
    shown = game.describe(reveal=True)["players"]
    assert shown[0]["dealt"] == ["Legat", "Forum", "Forum", "Turris"] and shown[1]["gave"] == ["?", "?"]


def test_roma_turn_end_dice_left_shown_when_the_game_ends(table):
    """Issue 13: the dice left unused when the game ends are shown, not null."""
    t = table({4: "Legat"}, {}, vp=(10, 10), stockpile=3, dice=(4, 5, 6))
    t.play("activate 4")  # 6 VP from a stockpile of 3: the game ends with 5 and 6 unused
    data = RULESET.describe(t.state)
    assert t.state.over and data["dice_left"] == [5, 6]


# -- (c) random games with unknown faces --------------------------------------------------------
@pytest.mark.parametrize("mode", HIDDEN)
def test_roma_hidden_random_games_in_every_mode(mode):
    options = {"bribe": "on"} if mode == "mixed" else {}
    game = random_game(5, 2, options, hidden=mode)
    assert game.outcome() is not None
    for state in game.states:
        assert check_invariants(state) == []
    texts = [e.text for e in game.entries]
    unknown = [t for t in texts if UNKNOWN in t.split()]
    if mode == "typed":
        assert not unknown
    else:
        assert any(t.startswith("hand") for t in unknown) and any(t.startswith("cards") for t in unknown)
    if mode == "mixed":
        assert any(t.startswith("holds") for t in texts)
    again = replay(write_record(game.to_public_record()))
    assert again.score().totals == game.score().totals and again.state.boards == game.state.boards


def test_roma_hidden_random_games_seed_chooses_the_mode():
    modes = {HIDDEN[seed % len(HIDDEN)] for seed in range(6)}
    assert modes == set(HIDDEN)
    assert any(UNKNOWN in e.text.split() for e in random_game(1, 2).entries)


def test_roma_hidden_named_completed_whenever_a_hand_holds_a_card(table):
    """``holds`` is offered once a hand holds a card, typed or not: whether its face was typed
    is not something the table sees, so the shared screen's completion may not depend on it."""
    assert "holds" in RULESET.completions(table({1: "Forum"}, hands=(("Legat",), ()), dice=(1, 2, 3)).state)
    assert "holds" in RULESET.completions(table({1: "Forum"}, hands=(("?",), ()), dice=(1, 2, 3)).state)
    assert "holds" not in RULESET.completions(table({1: "Forum"}, hands=((), ()), dice=(1, 2, 3)).state)
