"""The Roma board at a glance and the grouped legal choices (issue 12): the two rows of cards
facing each other across the discs, with their defence worked out (Turris, Essedum); every
player's name, VP, sestertii and hand size whole; no line over 80 columns; nothing of a hand
shown without ``reveal``, checked by replaying the public copy of each game (the board it
shows must be the same). Then the small Roma defects of issue 12, each with its test."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.roma import RULESET
from assistant.games.roma.board import defence, sestertii
from assistant.games.roma.simulate import random_game

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records" / "roma").glob("*.txt")) + sorted((ROOT / "examples").glob("roma-*.txt"))


def positions(game: Game) -> list:
    """Every state of a game, from the empty table to its last entry (replayed)."""
    record = game.to_record()
    again = Game(RULESET, record.players, record.options)
    states = [again.state]
    for line in record.entries:
        if line.text:
            again.push(line.text)
            states.append(again.state)
    return states


def public_positions(game: Game) -> list:
    """The states of the game's public copy (every hidden face as ``?``), ply for ply."""
    public = game.to_public_record()
    return positions(Game.from_record(RULESET, public))


def check_board(state) -> None:
    """The promises of the board and the summary on one position."""
    for reveal in (False, True):
        text = RULESET.board(state, reveal=reveal)
        assert text == text.strip("\n") and "\x1b" not in text and "[" not in text  # plain text
        lines = text.split("\n")
        assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
        for i, name in enumerate(state.seats):
            line = next(line for line in lines if line.startswith(name + " "))
            figures = line.split(" · ")
            assert f"{state.vp[i]} VP" in line.split("  ", 1)[1].split(" · ")[0]
            assert sestertii(state.money[i]) in figures
            assert f"hand {len(state.hands[i])}" in figures
        for disc in range(1, state.discs + 1):
            for owner in (0, 1):
                card = state.card_at(owner, disc)
                if card is not None:
                    row = next(line for line in lines if line.count("│") == 2 and line.split("│")[1].split()[0] == str(disc))
                    assert card in row
                    if not state.in_setup and not state.over:
                        shown = row.split("│")[0 if owner == 0 else 2].split()[-1 if owner == 0 else 0]
                        assert shown.split("=")[0] == str(defence(state, owner, disc))
    summary = RULESET.legal_summary(state)
    assert len(summary) <= 10
    assert all(len(line) <= 80 for line in summary), summary
    if not state.over and not state.in_setup:
        assert summary, "a running turn always has a choice"


# -- what the board looks like -----------------------------------------------------------------
def test_roma_board_snapshot_mid_turn(table):
    """A known position: Ann has activated her Essedum (-2 to Ben's cards this turn) and her
    Legionarius attacks the Forum opposite, waiting for the battle die."""
    t = table(
        {1: "Legat", 2: "Essedum", 3: "Legionarius", 5: "Turris"},
        {1: "Forum", 3: "Forum", 4: "Turris", 6: "Tribunus Plebis"},
        hands=(("Templum", "Centurio"), ("Sicarius",)),
        vp=(14, 9),
        money=(4, 1),
        dice=(2, 3, 6),
    )
    t.play("activate 2")
    guide = (ROOT / "docs" / "notation" / "roma.md").read_text().split("## The board and the choices")[1]
    board_block, legal_block = guide.split("```")[1], guide.split("```")[3]
    assert RULESET.board(t.state) == board_block.strip("\n")  # the guide shows the board printed
    assert RULESET.legal_summary(t.state) == legal_block.strip("\n").split("\n")
    assert RULESET.board(t.state) == "\n".join([
        "Roma · turn 3 · Ann to play · phase 3 · dice left 3 6",
        "Ann  14 VP · 4 sestertii · hand 2 · to play",
        "Ben  9 VP · 1 sestertius · hand 1",
        "stockpile 13 VP · draw pile 41 · discard pile 0",
        "",
        "            Ann       def    disc     def       Ben",
        "          Legat     3=2+1 │    1    │ 4=5+1-2   Forum",
        "        Essedum     4=3+1 │    2    │           ·",
        "    Legionarius     6=5+1 │    3    │ 4=5+1-2   Forum",
        "              ·           │    4    │ 4=6-2     Turris",
        "         Turris         6 │    5    │           ·",
        "              ·           │    6    │ 4=5+1-2   Tribunus Plebis",
        "def: +1 per other own Turris, -2 on Ben's cards per Essedum this turn",
    ])
    assert RULESET.legal_summary(t.state) == [
        "money 3|6 · cards 3|6 keep <card> · activate 3 Legionarius",
        "lay <card> 1-6 (cost ≤ 4) · end",
    ]
    t.play("activate 3")
    text = RULESET.board(t.state)
    assert text.split("\n")[0] == "Roma · turn 3 · Ann to play · battle die · dice left 6"
    assert text.split("\n")[-1] == "battle: Ann's Legionarius (disc 3) attacks Ben's disc 3 Forum, def 4"
    assert RULESET.legal_summary(t.state) == ["battle 1-6"]


def test_roma_board_bribe_disc_and_reveal(table):
    """The bribe disc is the seventh row; the hands' faces appear only with ``reveal``, on a
    line of their own under the player's figures (``?`` for a card typed as unknown)."""
    t = table({7: "Forum"}, {2: "Centurio"}, hands=(("Legat", "?"), ("Nero",)), money=(5, 0), dice=(1, 4, 4), options={"bribe": "on"})
    hidden = RULESET.board(t.state)
    shown = RULESET.board(t.state, reveal=True)
    assert "          Forum         5 │ 7 bribe │           ·" in hidden.split("\n")
    for face in ("Legat", "Nero"):
        assert face not in hidden
    assert "     hand: ?, Legat" in shown.split("\n") and "     hand: Nero" in shown.split("\n")
    assert RULESET.legal_summary(t.state) == [
        "money 1|4 · cards 1|4 keep <card> · activate 7 Forum die 1 vp 4 (4 VP)",
        "activate 7 Forum die 4 vp 1|4 (1 or 4 VP) · lay <card> 1-7 (cost ≤ 5) · end",
    ]


def test_roma_board_set_up_and_end():
    """The set-up says what is awaited; the end says who won."""
    game = Game(RULESET, ["Livia", "Marcus"], {})
    assert RULESET.board(game.state).split("\n")[0] == "Roma · set-up · next: start or hand"
    assert RULESET.legal_summary(game.state) == [
        "start Livia|Marcus (the younger player)",
        "hand Livia <4 cards> (or hand Livia ? ? ? ?)",
    ]
    end = Game.from_record(RULESET, read_record((ROOT / "tests" / "records" / "roma" / "hand_played_cli_livia_marcus.txt").read_text()))
    lines = RULESET.board(end.state).split("\n")
    assert lines[0].startswith("Roma · game over after turn ")
    assert lines[-1] == f"over: {end.outcome().reason}"
    assert RULESET.legal_summary(end.state) == []


def test_roma_board_long_names_stay_whole(table):
    """Names are never cut: a long one moves the column heads onto their own lines."""
    state = table({1: "Legat"}, {1: "Forum"}, dice=(1, 2, 3)).state
    state = state.__class__(**{**state.__dict__, "seats": ("Aurelia Maximiliana Cornelia", "Tiberius Claudius Nero Germanicus")})
    lines = RULESET.board(state).split("\n")
    assert "left: Aurelia Maximiliana Cornelia" in lines and "right: Tiberius Claudius Nero Germanicus" in lines
    check_board(state)


# -- every record, random games, nothing secret --------------------------------------------------
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_roma_board_fits_on_every_record(path):
    """Start, middle and end of each record (and every position between): 80 columns, every
    name and figure whole; the board without reveal is the board of the public copy."""
    game = Game.from_record(RULESET, read_record(path.read_text()))
    states = positions(game)
    public = public_positions(game)
    assert len(states) == len(public)
    for state, seen in zip(states, public):
        check_board(state)
        assert RULESET.board(state) == RULESET.board(seen)
        assert RULESET.legal_summary(state) == RULESET.legal_summary(seen)


@pytest.mark.parametrize("seed", range(12))
def test_roma_board_fits_on_random_games(seed):
    """Random games, with and without the bribe disc, hands typed in every hidden way."""
    game = random_game(seed, 2, {"bribe": "on"} if seed % 2 else {})
    public = public_positions(game)
    for state, seen in zip(positions(game), public):
        check_board(state)
        assert RULESET.board(state) == RULESET.board(seen)
        assert RULESET.legal_summary(state) == RULESET.legal_summary(seen)


# -- the small defects of issue 12 ---------------------------------------------------------------
def _after_two_money() -> Game:
    game = Game(RULESET, ["Ann", "Ben"], {})
    for entry in (
        "hand Ann Legat Forum Forum Turris",
        "hand Ben Forum Turris Nero Sicarius",
        "give Ann Forum Turris",
        "give Ben Nero Sicarius",
        "start Ann",
        "place Ann Legat 1 Forum 2 Nero 3 Sicarius 5",
        "place Ben Forum 1 Turris 2 Forum 3 Turris 5",
        "roll 1 2 3",
        "cards 1 keep Centurio",
        "money 2",
        "money 3",
    ):
        game.push(entry)
    return game


def test_roma_no_die_left_offers_end():
    """Issue 12: with no die left, a card too dear is refused with 'end' as the way on (not
    "take money first"), and the prompt says 'end'."""
    game = _after_two_money()
    with pytest.raises(IllegalMove) as info:
        game.push("lay Centurio 4")
    assert "take money" not in (info.value.hint or "")
    assert "'end'" in (info.value.hint or "")
    prompt = game.expecting()
    assert prompt.kinds == ("lay", "end")
    assert prompt.message.endswith("Ann: no dice left; 5 sestertii; lay a card or 'end'")
    with pytest.raises(IllegalMove) as info:
        game.push("money 1")
    assert "'end'" in (info.value.hint or "")
    assert RULESET.legal_summary(game.state) == ["lay <card> 1-6 (cost ≤ 5) · end"]


def test_roma_disc_range_names_the_table_discs(table):
    """Issue 12: without the bribe disc a disc number is 'from 1 to 6'; with it, 1 to 7.
    Disc 7 is still read without the option, so the rule can say why it is not there."""
    plain = table({1: "Legat"}, {}, hands=(("Forum",), ()), money=(9, 0), dice=(1, 2, 3))
    for entry in ("lay Forum 8", "activate 9", "lay Forum 0"):
        with pytest.raises(InvalidEntry, match="from 1 to 6"):
            plain.play(entry)
    assert "bribe" in str(plain.refuse("lay Forum 7"))
    bribe = table({1: "Legat"}, {}, hands=(("Forum",), ()), money=(9, 0), dice=(1, 2, 3), options={"bribe": "on"})
    with pytest.raises(InvalidEntry, match="from 1 to 7"):
        bribe.play("lay Forum 8")


def test_roma_one_sestertius(table):
    """Issue 12: one coin is '1 sestertius' in the prompt, refusals and reports."""
    t = table({1: "Legat"}, {}, hands=(("Templum",), ()), money=(1, 0), dice=(4, 5, 6))
    assert "; 1 sestertius" in RULESET.expecting(t.state).message
    assert "costs 2 sestertii and Ann has 1" in str(t.refuse("lay Templum 2"))
    assert sestertii(1) == "1 sestertius" and sestertii(0) == "0 sestertii" and sestertii(2) == "2 sestertii"
    bribe = table({7: "Legat"}, {}, money=(1, 0), dice=(1, 5, 6), options={"bribe": "on"})
    bribe.play("activate 7 die 1")
    assert "pays 1 sestertius on the bribe disc" in bribe.state.last


@pytest.mark.parametrize(
    "entry",
    ["give Carl Forum Turris", "hand Carl ? ? ? ?", "start Carl", "Carl hand 4"],
)
def test_roma_unknown_player_is_named(entry):
    """Issue 12: a name that is no player of the table is said so, listing the players
    (not "'give' needs a player name"); a missing name still asks for one."""
    game = Game(RULESET, ["Ann", "Ben"], {})
    with pytest.raises(InvalidEntry) as info:
        game.push(entry)
    assert str(info.value) == "Carl is not a player"
    assert info.value.hint == "players: Ann, Ben"
    with pytest.raises(InvalidEntry, match="needs a player name"):
        game.push("give 2")
