"""What a resolved turn shows the table (Ruleset.events): choices stay hidden until the last
player has chosen; then each city's gains, and the conflicts at the end of an Age."""

from pathlib import Path

from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games import get_ruleset

RECORD = Path(__file__).resolve().parents[1] / "records" / "7wonders" / "three-players-by-hand.txt"


def test_7w_turn_resolution_events():
    game = Game(get_ruleset("7w"), ["Ada", "Bob", "Cleo"], {"boards": "Gizah A, Rhodes B, Babylon A", "leaders": "false"})
    game.push("ada build Lumber Yard")
    assert game.last_events() == []  # a choice is collected, not shown
    game.push("bob build Stone Pit")
    assert game.last_events() == []
    game.push("cleo build Baths")
    assert game.last_events() == [
        "Age I, turn 1 resolved",
        "Ada: built Lumber Yard; coins 3 → 5",
        "Bob: built Stone Pit",
        "Cleo: built Baths; coins 3 → 1",
    ]


def test_7w_end_of_age_events_show_conflicts():
    record = read_record(RECORD.read_text(encoding="utf-8"))
    game = Game.from_record(get_ruleset("7w"), record)
    ages_seen = []
    for i in range(1, len(game.states)):
        lines = game.ruleset.events(game.states[i - 1], game.states[i])
        if any("conflict tokens" in line for line in lines):
            ages_seen.append(game.states[i - 1].age)
    assert ages_seen == [1, 2, 3]


def test_7w_leader_solomon_effect_lost_is_said():
    """OPEN 14: Solomon recruited with nothing to take: the table is told his effect is lost."""
    from sw_scenario import start

    game = start("Gizah A", "Rhodes A", "Babylon A")
    for entry in ("ada recruit Solomon", "bob sell", "cleo sell"):
        game.push(entry)
    assert any("Solomon finds nothing" in line and line.startswith("ada:") for line in game.last_events())


def test_7w_guild_courtesans_no_token_is_said():
    from sw_scenario import put, set_state, start

    game = start("Gizah A", "Rhodes A", "Babylon A")
    for entry in ("ada sell", "bob sell", "cleo sell"):
        game.push(entry)
    set_state(game, age=3)
    put(game, "ada", coins=0, cards=("Lumber Yard", "Clay Pool", "Glassworks", "Loom"))
    for entry in ("ada build Courtesans Guild", "bob sell", "cleo sell"):
        game.push(entry)
    assert any("Courtesan token is not placed" in line for line in game.last_events())


def test_7w_military_resolve_conflict_summary_at_each_age_end():
    """Issue 23: one line per Age says who beat whom, each neighbour pair once, and agrees with
    the conflict tokens handed out (7w.military.resolve)."""
    from pathlib import Path

    from assistant.core.game import Game
    from assistant.core.record import read_record
    from assistant.games.sevenwonders import RULESET

    record = read_record((Path(__file__).resolve().parents[2] / "examples" / "7wonders-game.txt").read_text(encoding="utf-8"))
    game = Game.from_record(RULESET, record)
    found = []
    for before, after in zip(game.states, game.states[1:]):
        lines = [line for line in RULESET.events(before, after) if " conflicts: " in line]
        if not lines:
            continue
        found.append(lines[0])
        wins = {name: 0 for name in after.seats}
        for part in lines[0].split(": ", 1)[1].split("; "):
            if " beats " in part:
                who, losers = part.split(" beats ")
                wins[who] += len(losers.split(" and "))
        for name, old, new in zip(after.seats, before.cities, after.cities):
            assert sum(1 for t in new.tokens[len(old.tokens):] if t > 0) == wins[name], (lines[0], name)
    assert [line.split(":")[0] for line in found] == ["Age I conflicts", "Age II conflicts", "Age III conflicts"]
    assert found[0] == "Age I conflicts: Bob beats Ada and Cleo; Dan beats Cleo and Ada"
