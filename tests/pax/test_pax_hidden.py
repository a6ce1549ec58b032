"""Secret faces in PAX (issue 11, data/pax/rules.md ``pax.hidden``): a card kept, drawn into a
hand or slid under the deck may be entered as ``?``; the face is checked when it appears
(played, drawn again, named later); the public copy of a record replays to the same end; the
state and the provisional score show no secret face and no Aurei."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from assistant.core import Game, read_record, write_record
from assistant.core.errors import InvalidEntry
from assistant.games.pax import RULESET as R
from assistant.games.pax.components import CATEGORIES, category_total, parse_token
from assistant.games.pax.moves import Draw, Keep, Name
from assistant.games.pax.simulate import check_invariants, random_game
from assistant.games.pax.state import DeckPart, PaxState

from pax_helpers import push, refused

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "pax").glob("*.txt"))


def _full_games() -> list[Path]:
    return [p for p in RECORDS if "# expect:" in p.read_text(encoding="utf-8")]


def secret_faces(move) -> list[str]:
    """The faces of ``move`` that the rules keep secret (``pax.hidden``)."""
    if isinstance(move, Keep):
        return [c.token() for c in (move.card, *move.returned) if c is not None]
    if isinstance(move, Draw):
        return [p.card.token() for p in move.placements if p.dest in ("hand", "deck") and p.card is not None]
    if isinstance(move, Name):
        return [move.card.token()] if move.card is not None else []
    return []


def public_faces(move) -> list[str]:
    """The faces of ``move`` the whole table sees (a Legion card of a draw, solitaire plays)."""
    if isinstance(move, Keep):
        return [c.token() for c in move.played]
    if isinstance(move, Draw):
        return [p.card.token() for p in move.placements if p.dest not in ("hand", "deck") and p.card is not None]
    return []


def assert_public_copy(game: Game) -> Game:
    """The public copy of ``game``'s record replays to the same end and holds no secret face;
    returns the replayed copy."""
    record = game.to_public_record()
    copy = Game.from_record(R, read_record(write_record(record)))
    assert copy.outcome() == game.outcome()
    mine, theirs = game.score().to_json(), copy.score().to_json()
    assert {p["name"]: p["total"] for p in theirs["players"]} == {p["name"]: p["total"] for p in mine["players"]}
    assert theirs["winners"] == mine["winners"]
    for before, entry, line in zip(game.states, game.entries, record.entries):
        secrets = secret_faces(entry.move)
        if not secrets:
            assert line.text == entry.move.notation()
            continue
        public = R.parse(before, line.text)
        assert secret_faces(public) == []  # token by token: every secret face is ? (or left out)
        assert public_faces(public) == public_faces(entry.move)
        shown = line.text.replace(",", " ").split()
        tokens = [f"{a} {b}" for a, b in zip(shown, shown[1:])]
        for face in secrets:
            if face not in public_faces(entry.move):
                assert face not in tokens, (line.text, face)
        assert not line.comment  # the comment of an entry that held a secret may tell it
    return copy


# -- (a) every full-game record, public copy ---------------------------------------------------
@pytest.mark.parametrize("path", _full_games(), ids=lambda p: p.stem)
def test_pax_hidden_public_record_replays_to_the_same_end(path):
    text = path.read_text(encoding="utf-8")
    expect = json.loads(next(line for line in text.splitlines() if line.startswith("# expect:")).split(":", 1)[1])
    game = Game.from_record(R, read_record(text))
    assert game.outcome() is not None
    copy = assert_public_copy(game)
    data = copy.score().to_json()
    assert {p["name"]: p["total"] for p in data["players"]} == expect["totals"]
    assert data["winners"] == expect["winners"] and data["rome_wins"] == expect["rome_wins"]
    # the public copy has the table's counts: hand sizes, deck, displays, Legions, Rome
    for mine, theirs in zip(game.state.players, copy.state.players):
        assert (mine.hand_size, mine.display, mine.aureus) == (theirs.hand_size, theirs.display, theirs.aureus)
    assert copy.state.deck_size == game.state.deck_size and copy.state.legions == game.state.legions


def test_pax_hidden_records_hold_secrets_to_hide():
    """The records do type secret faces, so the test above checks something."""
    games = [Game.from_record(R, read_record(p.read_text(encoding="utf-8"))) for p in _full_games()]
    assert sum(1 for g in games for e in g.entries if secret_faces(e.move)) > 50


# -- (d) random tables that enter secrets ------------------------------------------------------
@pytest.mark.parametrize("seed", range(24))
def test_pax_hidden_random_games_with_unknown_faces(seed):
    """random_game enters secret faces as ? by seed (seed % 3: all typed, all ?, a mix with
    faces named later); every game ends, keeps its invariants, replays, and its public copy
    replays to the same end."""
    players = seed % 4 + 1
    game = random_game(seed, players)
    texts = [e.text for e in game.entries]
    unknown = sum(t.count("?") for t in texts)
    if seed % 3 == 0:
        assert unknown == 0
    else:
        assert unknown > 0
    assert all(check_invariants(s) == [] for s in game.states)
    assert Game.from_record(R, game.to_record()).states == game.states
    assert_public_copy(game)


def test_pax_hidden_random_mixed_tables_name_faces_later():
    named = [e.text for seed in (2, 5, 8, 11) for e in random_game(seed, 3).entries if " was " in e.text]
    assert named and any("hand was" in t for t in named) and any("deck was" in t for t in named)


# -- the notation ------------------------------------------------------------------------------
def new(seats=("Ada", "Ben")) -> PaxState:
    return R.setup(list(seats), {})


def test_pax_hidden_notation_forms():
    state = new()
    assert R.parse(state, "keep ?") == Keep("Ada", None)
    assert R.parse(state, "Ada keep ? return ?") == Keep("Ada", None)
    state = push(state, "keep ?", "Ben keep ? return ? ?", "market w1, f1, a1")
    move = R.parse(state, "draw ? hand, army 2/1 II, ? deck")
    assert move.notation() == "Ada draw ? hand, army 2/1 II, ? deck"
    assert R.parse(state, move.notation()) == move
    for text in ("Ada's card under the deck was fleet 2/1", "Ada deck was fleet 2/1", "Ada deck was f2"):
        assert R.parse(state, text) == Name("Ada", "deck", parse_token("fleet 2/1"))
    assert R.parse(state, "Ben hand was ?") == Name("Ben", "hand", None)
    assert R.parse(state, "Ben hand was ?").notation() == "Ben hand was ?"


@pytest.mark.parametrize("text", ["market ?", "draw ? II", "refill I ?", "reveal ?", "play ?"])
def test_pax_hidden_public_faces_are_never_unknown(text):
    state = push(new(), "keep ?", "keep ?")
    with pytest.raises(InvalidEntry) as exc:
        R.parse(state, text)
    assert exc.value.rule in ("pax.hidden", "pax.notation", "pax.data.cards")


def test_pax_hidden_returned_cards_all_or_none():
    with pytest.raises(InvalidEntry) as exc:
        R.parse(new(), "keep ? return ?, fleet 1/1")
    assert exc.value.rule == "pax.hidden"


def test_pax_hidden_public_notation():
    state = new()
    keep = R.parse(state, "keep army 3/2 return fleet 1/1")
    assert R.public_notation(state, keep) == "Ada keep ?"
    state = push(state, "keep army 3/2 return fleet 1/1", "keep senator 2/1", "market w2, e1/2, c3")
    draw = R.parse(state, "draw religion 2/1 hand, army 2/1 II, fleet 3/1 deck")
    assert R.public_notation(state, draw) == "Ada draw ? hand, army 2/1 II, ? deck"
    assert R.parse(state, R.public_notation(state, draw)) == Draw("Ada", tuple(
        replace(p, card=None) if p.dest != "II" else p for p in draw.placements))


# -- (b) checks when a face appears ------------------------------------------------------------
def exhaust(state: PaxState, category: str) -> PaxState:
    """``state`` as if every card of ``category`` were already accounted for (seen)."""
    i = CATEGORIES.index(category)
    seen = (*state.seen[:i], category_total(category), *state.seen[i + 1:])
    return replace(state, seen=seen)


def drawn_unknown() -> PaxState:
    """Both players kept ?; Ada drew ? hand, a Legion card, ? deck: Ada holds 2 unknown cards."""
    state = push(new(), "keep ?", "keep ?", "market w1, f1, a1")
    return push(state, "draw ? hand, army 2/1 II, ? deck")


def test_pax_hidden_hand_face_that_cannot_exist_is_refused():
    state = exhaust(drawn_unknown(), "senator")
    exc = refused(state, "Ada play senator 3/2")
    assert exc.rule == "pax.hidden.hand"
    assert "all 10 senator cards" in exc.message and "2 cards entered unknown" in exc.message


def test_pax_hidden_hand_face_that_can_exist_is_accepted():
    state = drawn_unknown()
    after = push(state, "Ada play senator 3/2")
    ada = after.players[0]
    assert ada.hand_size == 1 and ada.unknown == 1 and parse_token("senator 3/2") in ada.display
    assert after.seen[CATEGORIES.index("senator")] == state.seen[CATEGORIES.index("senator")] + 1


def test_pax_turn_play_more_cards_than_the_hand_holds_is_refused():
    state = drawn_unknown()
    exc = refused(state, "Ada play senator 3/2, religion 1/1, wealth 1/1")
    assert exc.rule == "pax.turn.play" and "holds 2 cards" in exc.message


def known_on_top(face: str) -> PaxState:
    """Ada to draw, the deck's top card a known ``face`` (slid under earlier) and every other
    card of its category accounted for."""
    state = push(new(), "keep ?", "keep ?", "market w1, f1, a1")
    card = parse_token(face)
    state = exhaust(state, card.category)
    return replace(state, deck=(DeckPart(cards=(card,)), DeckPart(unknown=state.deck_size - 1)))


def test_pax_hidden_hand_known_card_coming_back_can_be_played():
    """The deck can still give the known card: entered as ? into the hand, it is the one
    played later; another face of its category cannot be."""
    state = push(known_on_top("religion 2/1"), "draw ? hand")
    assert refused(state, "draw religion 3/1 II").rule == "pax.data.cards"  # what the deck can still give
    state = push(state, "draw army 1/1 II, wealth 2/1 deck")
    exc = refused(state, "play religion 3/1")
    assert exc.rule == "pax.hidden.hand" and "all 10 religion cards" in exc.message
    after = push(state, "play religion 2/1")
    assert after.players[0].unknown == 1 and not any(after.held)  # the kept ? is left


def test_pax_hidden_name_hand_checked_and_nothing_public_changes():
    state = drawn_unknown()
    after = push(state, "Ada hand was senator 2/1")
    assert after.players[0].hand_size == state.players[0].hand_size
    assert after.players[0].unknown == 1 and parse_token("senator 2/1") in after.players[0].hand
    assert R.describe(after) == {**R.describe(state), "last": R.describe(after)["last"]}
    exc = refused(exhaust(state, "senator"), "Ada hand was senator 2/1")
    assert exc.rule == "pax.hidden.name" and "all 10 senator cards" in exc.message
    exc = refused(push(new(), "keep army 1/1", "keep ?"), "Ada hand was army 1/1")
    assert exc.rule == "pax.hidden.name" and "no card entered unknown" in exc.message


def test_pax_hidden_name_deck_checked():
    state = drawn_unknown()
    after = push(state, "Ada's card under the deck was fleet 2/1")
    assert after.deck_size == state.deck_size and after.deck[-1] == DeckPart(cards=(parse_token("fleet 2/1"),))
    exc = refused(after, "Ada deck was fleet 2/1")  # it is named already
    assert exc.rule == "pax.hidden.name"
    exc = refused(exhaust(state, "fleet"), "Ada deck was fleet 2/1")
    assert exc.rule == "pax.hidden.name" and "all 10 fleet cards" in exc.message
    assert refused(state, "Ben deck was fleet 2/1").rule == "pax.hidden.name"  # Ben slid none


def test_pax_hidden_name_deck_known_card_only_by_its_face():
    state = push(known_on_top("fleet 2/1"), "draw ? deck")
    assert refused(state, "Ada deck was fleet 3/1").rule == "pax.hidden.name"
    push(state, "Ada deck was fleet 2/1")


def test_pax_turn_draw_unknown_card_slid_under_comes_back_checked():
    """A ? slid under the deck stays an unseen card: when it is drawn again its face is a new
    card, so the copies per category are checked (``pax.data.cards``)."""
    state = push(new(), "keep ?", "keep ?", "market w1, f1, a1")
    state = replace(state, deck=(DeckPart(unknown=1, owner="Ben"), DeckPart(unknown=state.deck_size - 1)))
    assert refused(exhaust(state, "army"), "draw army 1/1 hand").rule == "pax.data.cards"
    push(state, "draw army 1/1 hand")


# -- what is shown -----------------------------------------------------------------------------
def test_pax_hidden_money_hidden_until_the_end():
    """Issue 11: 'Liv · money: 5 Aurei' was printed after three entries."""
    state = push(R.setup(["Liv", "Dec"], {}), "keep army 3/2 return fleet 1/1", "keep senator 2/1", "market w2, e1/2, c3")
    sheet = R.score(state).to_json()
    assert "5 Aurei" not in json.dumps(sheet) and all(p["scores"]["money"] == 0 for p in sheet["players"])
    assert "5 Aurei" in json.dumps(R.score(state, reveal=True).to_json())
    assert "pax.hidden.money" in json.dumps(sheet)
    shown = json.dumps(R.describe(state))
    assert "aureus" not in shown and "army 3/2" not in shown and "senator 2/1" not in shown
    revealed = R.describe(state, reveal=True)
    assert revealed["players"][0]["hand"] == ["army 3/2"] and revealed["players"][1]["hand"] == ["senator 2/1"]
    assert revealed["players"][1]["aureus"] == 5


def test_pax_hidden_money_shown_at_the_end():
    game = random_game(3, 2)
    assert all("aureus" in p for p in game.describe()["players"])
    assert "Aurei" in json.dumps(game.score().to_json())


def test_pax_hidden_completions_name_no_hand_card():
    state = drawn_unknown()
    state = push(state, "Ada hand was senator 2/1")
    assert "senator 2/1" not in R.completions(state)


def test_pax_hidden_unknown_and_known_faces_in_any_typing_order():
    """With 6 Religion symbols Ada draws 3 together: a known religion 2/1 (slid under earlier)
    and 2 unseen cards, every other Religion accounted for. '? hand' may be the known card or
    an unseen one; the Legion card typed after it (or before it) decides, in either order."""
    from pax_helpers import give

    base = known_on_top("religion 2/1")
    base = give(base, "Ada", display="senator 1/1")
    base = replace(base, turn=replace(base.turn, religion=6))
    for order in (("draw ? hand", "draw religion 2/1 II", "draw ? deck"),
                  ("draw religion 2/1 II", "draw ? hand", "draw ? deck"),
                  ("draw ? deck", "draw ? hand", "draw religion 2/1 II")):
        state = push(base, *order)
        assert state.turn.draw_done
        # the known Religion went under Legion II, so the hand card is an unseen one: no
        # Religion is left for it
        exc = refused(state, "play religion 2/1")
        assert exc.rule == "pax.hidden.hand" and "all 10 religion cards" in exc.message
        push(state, "play wealth 1/1")
