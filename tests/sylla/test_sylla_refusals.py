"""The mistakes a table makes, tried at their moment in the game played by hand
(tests/records/sylla/three_players_by_hand.txt): each refusal names the rule, says why, and
says what is legal instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.core.record import read_record
from assistant.games.sylla import RULESET

from sylla_record import LINES, RECORD, before  # tests/ is on sys.path (tests/conftest.py)


MISTAKES = [
    # (next entry of the record, the mistake, rule, words of the reason, words of the hint)
    ("Ann bids 2", "Ben bids 3", "sylla.phase1.election", "Ann's turn", "Ann bids N, or Ann passes"),
    ("Cy passes", "Cy bids 3", "sylla.phase1.election", "more than 4", "Cy bids 5"),
    ("Ben takes health", "Ann takes health", "sylla.phase1.respublica", "only the Consul (Ben)", "Ben takes"),
    ("Ben recruits legionary r I", "Ann recruits vestal ry I", "sylla.phase2.recruit", "Ben's turn", "legionary r I"),
    ("Ann pays Sla1 Leg1", "Ann pays Sen2 Leg1", "sylla.phase3.colour", "no red hexagon", "Sen1 Sla1 Leg1 Ves2"),
    ("Ann pays Sla1 Leg1", "Ann pays Sla1", "sylla.phase3.payment", "exactly 2 cards", "Sen1 Sla1 Leg1 Ves2"),
    ("Ann offers 2", "Ben offers 2", "sylla.phase3.sequence", "last buyer", "Ann offers N"),
    ("Ben bids 2", "Ben bids 4", "sylla.phase3.auction", "3 usable cards showing yellow", "at most 3"),
    ("Cy bids 1", "Ann bids 1", "sylla.phase3.auction", "Cy's turn", "Cy bids N"),
    ("Ben legionary Decadence", "Ben vestal Epidemic", "sylla.phase5.cubes", "no vestal cube", "Ben legionary Senate Purge or Pillage or Decadence"),
    ("Cy vestal Epidemic", "Cy vestal Decadence", "sylla.phase5.placement", "does not show the Vestal symbol", "Epidemic"),
    ("Cy vestal Epidemic", "Ann vestal Epidemic", "sylla.phase5.placement", "Cy's turn", "Cy vestal ... or legionary ..."),
    ("Cy turns Sen2", "Ann turns Mer1", "sylla.open.event-choice", "not a face-up item", "Sen1, Sen2"),
    ("Ben down 2", "Ben up 9", "sylla.limits.money", "has 6", "0 to 6"),
    ("Ann prevents Senate Purge", "Ben prevents Pillage", "sylla.phase5.effects", "Ben is not the Consul", "Ann prevents Senate Purge or Pillage"),
    ("Ben bids 4#2", "Ben bids 5", "sylla.limits.money", "1 face-up Senator but has 3", "Ben bids 4 at most"),
    ("Cy pays Cra1 Sla1", "Cy pays Sen2 Sla1", "sylla.events.disable", "face down", "Sla1"),
    ("Cy tavern health up", "Cy tavern health hold", "sylla.open.tavern-direction", "not at an end", "health up"),
    ("Ben prevents Senate Purge, Decadence", "Ben prevents Pillage", "sylla.phase5.effects", "2 of the tied", "Ben prevents"),
    ("event Slave Revolt 0 L leisure", "event Slave Revolt 1 L leisure", "sylla.data.events", "2 famine icons together", "icons"),
    ("Cy bids 1", "Ann pays Sla1", "sylla.phase3.auction", "auction of the Market Stall on space 1 (red) is on", "Cy bids N"),
    ("event Famine 1 V health", "event Epidemic 1 V health", "sylla.setup.events", "already been in play", "Famine"),
    ("Ann frees 1", "Ann frees 2", "sylla.end.slaves", "1 face-up Slaves", "Ann frees 1"),
]


@pytest.mark.parametrize("nxt, mistake, rule, why, hint", MISTAKES, ids=[m[1] for m in MISTAKES])
def test_sylla_refusal_names_rule_reason_and_hint(nxt, mistake, rule, why, hint):
    entry, _, nth = nxt.partition("#")
    game = before(entry, int(nth or 1))
    with pytest.raises(IllegalMove) as err:
        game.push(mistake)
    assert err.value.rule == rule
    assert why in err.value.message
    assert err.value.hint and hint in err.value.hint


def test_sylla_notation_thumb_word_and_verb_suggestion():
    from assistant.core.errors import InvalidEntry

    game = before("Cy up 2")
    game.push("Cy thumb up 2")
    assert game.state.votes["Cy"] == ("up", 2)
    with pytest.raises(InvalidEntry) as err:
        before("Ann bids 2").push("Ann bdis 2")
    assert err.value.rule == "sylla.notation" and "did you mean 'bids'" in err.value.hint


RECORD4 = read_record((Path(__file__).resolve().parents[1] / "records" / "sylla" / "four_players_by_hand_options.txt").read_text(encoding="utf-8"))


@pytest.mark.parametrize("nxt, mistake, rule, why, hint", [
    ("White tavern civic up", "White tavern health up", "sylla.buildings.tavern.rules", "Black already moved the Health marker", "civic up"),
    ("Red removes Slave Revolt", "Red removes Decadence", "sylla.events.decadence", "never removed", "Red removes Slave Revolt or Eruption"),
    ("Red removes Slave Revolt", "Blue removes Eruption", "sylla.phase5.removal", "Blue is not the Consul", "Red removes"),
    ("Black takes leisure", "Black takes gold", None, "token kind", None),
    ("Blue frees 2", "Black frees 1", "sylla.open.ecclesia-vote", "Black gave his Ecclesia vote to the plebs", "awaited: Blue"),
    ("Blue frees 2", "White frees 1", "sylla.end.slaves", "White has no face-up Slave he can pay to free (1 face up, 0 denarii)", "awaited: Blue"),
    ("Blue frees 2", "Red frees 1", "sylla.end.slaves", "Red has already said", "awaited: Blue"),
])
def test_sylla_refusals_in_the_four_player_game(nxt, mistake, rule, why, hint):
    from assistant.core.errors import EntryError

    game = Game.from_record(RULESET, RECORD4, stop_at=0)
    for line in RECORD4.entries:
        if line.text == nxt:
            break
        if line.text:
            game.push(line.text)
    with pytest.raises(EntryError) as err:
        game.push(mistake)
    assert rule is None or err.value.rule == rule
    assert why in err.value.message
    assert hint is None or (err.value.hint and hint in err.value.hint)


def test_sylla_components_hidden_secret_choices_stay_out_of_the_log():
    """Temple and Insula colours and a fist before the last vote leave no trace in what `state`
    shows without --reveal (sylla.components.hidden)."""
    game = Game.from_record(RULESET, RECORD, stop_at=0)
    words = ("civic", "health", "leisure", " up ", " down ")
    checked = 0
    for text in LINES:
        before_log = len(game.state.log)
        not_last_vote = game.state.step in ("VI.vote", "end.vote") and len(game.state.pending) > 1
        secret = " temple " in f" {text} " or " insula " in f" {text} " or not_last_vote
        game.push(text)
        if secret:
            new = " ".join(game.state.log[before_log:]).casefold()
            shown = str(RULESET.describe(game.state)).casefold()
            assert not any(w in new for w in words), (text, new)
            assert "votes so far" not in shown
            checked += 1
    assert checked >= 10
