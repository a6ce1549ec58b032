"""docs/notation/sylla.md: every example entry of the guide is accepted by the engine in a
suitable position, and its local-catalogue example works end to end through the service layer
(the guide's own `catalogue set` lines, then its `@key` entries in a game, then a second game on
the same catalogue that needs no component typed again)."""

from __future__ import annotations

import importlib.util
import re
import shlex
from functools import cache
from pathlib import Path

import pytest

from assistant import service
from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sylla import RULESET
from assistant.games.sylla.rules import endgame, events
from assistant.games.sylla.components import parse_event
from assistant.games.sylla.simulate import random_game
from assistant.games.sylla.state import Card, DraftSlot
from assistant.store.db import Store

HERE = Path(__file__).parent
GUIDE = (HERE.parents[1] / "docs" / "notation" / "sylla.md").read_text(encoding="utf-8")
RECORDS = HERE.parents[1] / "tests" / "records" / "sylla"
SEATS = ["Blue", "Red", "White", "Black"]


def _load(name):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def code_blocks() -> list[list[str]]:
    """The lines of each untagged fenced block of the guide, comments stripped (a tagged
    block, ```sylla or ```text for the board, is tested where it belongs)."""
    blocks = [body for tag, body in re.findall(r"^```(\w*)\n(.*?)^```$", GUIDE, flags=re.S | re.M) if not tag]
    return [[ln.split("#", 1)[0].strip() for ln in b.splitlines() if ln.split("#", 1)[0].strip()] for b in blocks]


def guide_entries() -> list[str]:
    """Every example entry of the guide: the first cell of the setup table, the fenced lines
    (except shell commands and @key lines, tested through the service below), and the inline
    entries quoted in the text."""
    # the Secrets section's entries need their own positions: tests/sylla/test_sylla_hidden.py
    table = re.findall(r"^\| `([^`]+)` \|", GUIDE.split("## Secrets")[0], flags=re.M)
    fenced = [ln for b in code_blocks() for ln in b if not ln.startswith("assistant ") and "@" not in ln]
    inline = ["Black recruits 1", "tiles stall, field, tavern, insula, crane, bank"]
    inline.append(re.search(r"`(display [^`]+)`", GUIDE).group(1))
    for text in inline:
        assert f"`{text}`" in " ".join(GUIDE.split()), text
    return list(dict.fromkeys(table + fenced + inline))


@cache
def positions() -> list:
    """States to try each entry in: a fresh game without a board, the rulebook's round 1, every
    state of the bundled records and of a few seeded random games (all seated Blue, Red, White,
    Black)."""
    ex = _load("test_sylla_examples")
    states = list(Game(RULESET, SEATS, {}).states)
    display = "display slave fish ryg IV, legionary r I, senator y III, vestal ry II, merchant y II, vestal g III\n"
    for game in (ex.replay(ex.ROUND1_CUBES), ex.replay(ex.SETUP + display + ex.ELECTION + ex.TOKEN)):
        states += game.states
    for path in sorted(RECORDS.glob("four_players_*.txt")):
        record = read_record(path.read_text(encoding="utf-8"))
        if record.headers.get("Players", "").replace(" ", "") == ",".join(SEATS):
            states += Game.from_record(RULESET, record).states
    for seed in range(6):
        states += random_game(seed, 4).states
    return states + built_positions(ex)


def built_positions(ex) -> list:
    """Two positions no bundled game reaches, built from the rulebook's round 1: the Consul
    choosing which of two tied prevented events leaves (Famine among them), and the end of the
    game with Red owning 2 face-up Slaves and 4 denarii (the Ecclesia vote, then freeing)."""
    tie = ex.replay(ex.ROUND1_CUBES).state.edit()
    tie.events = [DraftSlot(parse_event(t.split())) for t in ("Famine 1 V health", "Eruption 0 V leisure",
                                                         "Flood 0 V health", "Decadence 0 L")]
    tie.prevented = ["famine", "eruption"]
    tie.slot("famine").cubes = {"Red": 1}
    tie.slot("eruption").cubes = {"Blue": 1}
    tie.effects = []
    tie.phase = "V"
    events.run_effects(tie)
    end = ex.replay(ex.ROUND1_CUBES).state.edit()
    end.round = 5
    end.player("Red").cards = [Card("Sla1", "slave", "ryg", True), Card("Sla2", "slave", "ryg")]
    end.player("Red").money = 4
    endgame.start(end)
    voted = end.freeze()
    for text in ["Blue down 0", "Red down 0", "White up 0", "Black down 0"]:
        voted = RULESET.apply(voted, RULESET.parse(voted, text))
    return [tie.freeze(), end.freeze(), voted]


def accepted_somewhere(text: str) -> bool:
    for state in positions():
        try:
            move = RULESET.parse(state, text)
            RULESET.check(state, move)
        except (InvalidEntry, IllegalMove):
            continue
        except Exception:  # an ambiguous entry in this position: try another
            continue
        return True
    return False


def test_notation_guide_has_examples():
    entries = guide_entries()
    assert len(entries) >= 35
    assert "Red frees 2" in entries and "Blue turns Sen2" in entries


@pytest.mark.parametrize("text", guide_entries())
def test_notation_guide_example_is_accepted(text):
    assert accepted_somewhere(text), f"no position accepts the guide's example {text!r}"


# -- the local catalogue, end to end ---------------------------------------------------------
# Keys the guide's game lines use but its `catalogue set` lines leave out (the guide shows a few).
MORE_KEYS = {
    "I.3": "merchant g", "I.4": "merchant fish g",
    "II.1": "vestal y", "II.2": "legionary r", "II.3": "slave ryg", "II.5": "merchant y",
    "III.1": "slave ryg", "III.2": "merchant g", "III.3": "merchant fish gy", "III.4": "vestal r",
    "IV.1": "senator ry", "IV.2": "legionary y", "IV.3": "vestal r", "IV.4": "slave ryg",
    "revolt": "Slave Revolt 0 L leisure", "decadence": "Decadence 0 L",
    "epidemic": "Epidemic 0 V health", "crane.1": "ry",
    "start": "tiles Crane, Private Temple, Field, Market Stall, Statue, Bank",
}


def guide_catalogue() -> tuple[list[tuple[str, str]], list[str]]:
    """The guide's `assistant catalogue set sylla KEY "TEXT"` lines and its in-game @ lines."""
    sets, game_lines = [], []
    for block in code_blocks():
        for ln in block:
            if ln.startswith("assistant catalogue set sylla "):
                words = shlex.split(ln)
                sets.append((words[4], words[5]))
            elif "@" in ln and not ln.startswith("assistant "):
                game_lines.append(ln)
    return sets, game_lines


def test_notation_guide_catalogue_end_to_end(db_path):
    store = Store.open(str(db_path))
    sets, lines = guide_catalogue()
    assert {k for k, _ in sets} >= {"board", "I.1", "I.2", "II.4", "famine", "cult"}
    assert lines == ["@board", "Blue keeps @I.1, @I.2, @I.3, @I.4", "events @cult, @famine, @revolt, @decadence",
                     "Black recruits @II.4", "event @epidemic", "White crane @crane.1"]
    for key, text in sets:
        service.catalogue_set(store, "sylla", key, text)
    for key, text in MORE_KEYS.items():
        service.catalogue_set(store, "sylla", key, text)
    assert {i["key"] for i in service.catalogue_items(store, "sylla")} >= {k.casefold() for k, _ in sets}

    def play(gid: int, own: list[str]) -> None:
        """The rulebook's round 1, components typed as @keys (``own``: the guide's lines)."""
        setup = [own[0], "sets Blue=I Red=II White=III Black=IV", own[1],
                 "Red keeps @II.1, @II.2, @II.3, @II.5", "White keeps @III.1, @III.2, @III.3, @III.4",
                 "Black keeps @IV.1, @IV.2, @IV.3, @IV.4", own[2], "remove Pantheon", "work Public Baths", "@start"]
        rest = ["Blue bids 3", "Red passes", "White passes", "Black bids 4", "Black takes civic", own[3],
                "Blue recruits legionary r", "Red recruits senator y", "White recruits vestal ry",
                "Black offers 1", "Blue passes", "Red passes", "White bids 1", "Black passes", "White pays Sla1"]
        for text in setup + rest:
            service.enter(store, gid, text)
        state = service.read_game(store, gid).game.state
        assert state.step == "III.crane"
        service.enter(store, gid, own[5])

    gid = service.new_game(store, "sylla", SEATS, {})
    play(gid, lines)
    state = service.read_game(store, gid).game.state
    assert state.player("Black").cards[-1].spec().text() == "slave fish ryg II"  # @II.4
    assert [c.hexes for c in state.player("White").cards if c.kind == "crane"] == ["ry"]  # @crane.1
    assert [e.id for e in state.events] == ["imperial-cult", "famine", "slave-revolt", "decadence"]
    while state.step != "V.draw":  # the players' choices, up to the event draw
        service.enter(store, gid, service.read_game(store, gid).game.legal_moves()[0].notation())
        state = service.read_game(store, gid).game.state
    service.enter(store, gid, lines[4])
    state = service.read_game(store, gid).game.state
    assert "epidemic" in [e.id for e in state.events]
    exported = service.export_game(store, gid)
    assert "@" not in exported.split("\n\n", 1)[1]  # the record keeps the full text
    assert "Blue keeps senator r, senator fish y, merchant g, merchant fish g" in exported

    # a second game on the same box: every component comes from the catalogue, nothing is retyped
    gid2 = service.new_game(store, "sylla", SEATS, {})
    play(gid2, lines)
    second = service.read_game(store, gid2).game.state
    assert [c.spec() for c in second.player("Blue").cards[:4]] == [c.spec() for c in state.player("Blue").cards[:4]]


def test_notation_guide_catalogue_per_box(db_path):
    """`--catalogue club-box`: another box keeps its own answers; a game reads only its box's keys."""
    store = Store.open(str(db_path))
    assert "--catalogue club-box" in GUIDE
    service.catalogue_set(store, "sylla", "board", "board ladder=0,1,2,3,4 crisis=1 spaces=r,y,g,r,y,g", catalogue="club-box")
    service.catalogue_set(store, "sylla", "I.1", "senator r")
    gid = service.new_game(store, "sylla", SEATS, {}, catalogue="club-box")
    service.enter(store, gid, "@board")
    assert service.read_game(store, gid).game.state.board.ladder == (0, 1, 2, 3, 4)
    service.enter(store, gid, "sets Blue=I Red=II White=III Black=IV")
    with pytest.raises(InvalidEntry) as err:
        service.enter(store, gid, "Blue keeps @I.1, senator y, merchant g, merchant y")
    assert err.value.rule == "core.catalogue" and "club-box" in err.value.message
