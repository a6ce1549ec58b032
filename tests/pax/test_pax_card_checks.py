"""Option ``card_checks=notes|rulebook`` (issue 13, rule ``pax.data.cards``): the printed values
1-4 and the 1-2 symbols per card come from reviews of the game (KNOWN.md §3), not from the
rulebook. Under ``notes`` (the default) a face outside them is refused with the rule id, a
reason naming the source and a hint naming the option; under ``rulebook`` it is accepted. The
rulebook's own facts (10 or 12 cards per category, at least one symbol on a card) stay checked
either way. The final-table reader (``score --from``) takes the option as ``card_checks``; old
records, which state every option but this one, read as ``notes``."""

from __future__ import annotations

import copy
import json
from dataclasses import replace

import pytest
from pax_helpers import R, push, refused, started
from test_pax_examples import LIVINIA_DECIMUS
from typer.testing import CliRunner

from assistant.cli.main import app
from assistant.core import Game, read_record, write_record
from assistant.core.errors import InvalidEntry, RecordError, TableError
from assistant.games.pax.components import parse_token
from assistant.games.pax.simulate import random_game

RULEBOOK = {"card_checks": "rulebook"}


def setup_state(options=None):
    return R.setup(["Ada", "Ben"], options or {})


def assert_notes_refusal(exc, option="card_checks=rulebook"):
    """A refusal resting on the research notes: its rule, its source and the way out."""
    assert exc.rule == "pax.data.cards"
    assert "research notes" in exc.message and "reviews" in exc.message and "not the rulebook" in exc.message
    assert exc.hint and option in exc.hint


# -- the option ---------------------------------------------------------------------------------
def test_pax_data_cards_option_card_checks_default_and_values():
    assert R.check_options({})["card_checks"] == "notes"
    assert R.check_options(RULEBOOK)["card_checks"] == "rulebook"
    with pytest.raises(InvalidEntry) as exc:
        R.check_options({"card_checks": "none"})
    assert exc.value.rule == "core.options" and "rulebook" in (exc.value.hint or "")
    assert setup_state().card_checks == "notes" and setup_state(RULEBOOK).card_checks == "rulebook"


# -- values: 1 to 4 from reviews ----------------------------------------------------------------
def test_pax_data_cards_value_5_refused_under_notes():
    exc = refused(setup_state(), "keep army 5/1")
    assert_notes_refusal(exc)
    assert "value 5" in exc.message and "1 to 4" in exc.message


def test_pax_data_cards_value_5_accepted_under_rulebook():
    state = push(setup_state(RULEBOOK), "keep army 5/1", "keep estate 1/1", "market wealth 5/1, fleet 1/1, army 1/1")
    assert state.phase == "turn"
    assert state.legion_value(0) == 5  # pax.roundend.rome / pax.turn.buy count the printed value
    state = push(state, "draw senator 6/1 hand, fleet 1/1 II, wealth 1/1 deck", "buy I")
    assert state.players[0].aureus == 0  # 5 Aurei for the wealth 5/1
    assert {c.value for c in state.players[0].hand} == {5, 6, 5}  # kept, drawn, bought


def test_pax_data_cards_value_0_refused_under_notes_accepted_under_rulebook():
    assert_notes_refusal(refused(setup_state(), "keep army 0/1"))
    state = push(setup_state(RULEBOOK), "keep army 0/1")
    assert state.kept == 1


# -- symbols: 1 or 2 from reviews ---------------------------------------------------------------
def test_pax_data_cards_three_symbols_refused_under_notes():
    state = started()
    exc = refused(state, "draw religion 2/3 II")
    assert_notes_refusal(exc)
    assert "3 symbols" in exc.message and "1 to 2" in exc.message


def test_pax_data_cards_three_symbols_accepted_under_rulebook():
    state = started(options=RULEBOOK)
    state = push(state, "draw religion 2/3 II, army 1/1 hand, wealth 1/1 deck")
    assert state.legions[1][-1].symbols == 3


def test_pax_data_cards_every_entry_kind_checks_faces():
    """Kept, returned, market, drawn, played, refilled, revealed and named faces alike."""
    setup = setup_state()
    assert_notes_refusal(refused(setup, "keep army 1/1 return fleet 9/1"))
    assert_notes_refusal(refused(push(setup, "keep ?", "keep ?"), "market w1, f1, a1/3"))
    state = started()
    assert_notes_refusal(refused(state, "draw ? hand, army 7/2 II, ? deck"))
    state = push(started(), "draw ? hand, army 3/2 II, ? deck")
    assert_notes_refusal(refused(state, "Ada hand was senator 3/4"))
    assert_notes_refusal(refused(state, "play senator 5/2"))
    lenient = push(started(options=RULEBOOK), "draw ? hand, army 3/2 II, ? deck")
    push(lenient, "Ada hand was senator 3/4")
    push(lenient, "play senator 5/2")


# -- the rulebook's own facts stay checked ------------------------------------------------------
def test_pax_data_cards_zero_symbols_refused_under_both():
    for options in ({}, RULEBOOK):
        exc = refused(setup_state(options), "keep army 3/0")
        assert exc.rule == "pax.data.cards" and "rulebook" in exc.message and exc.hint
        assert "card_checks" not in exc.hint  # the option cannot lift a rulebook fact


def test_pax_data_cards_category_counts_kept_under_rulebook():
    """10 cards per category (12 for Estate and Conspiracy) is the rulebook's count: an 11th
    Army is refused under either option."""
    state = replace(setup_state(RULEBOOK), seen=(0, 0, 10, 0, 0, 0, 0))
    exc = refused(state, "keep army 5/3")
    assert exc.rule == "pax.data.cards" and "10 army" in exc.message
    assert "research notes" not in exc.message


# -- final tables (score --from) ----------------------------------------------------------------
def big_religion_table():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][0]["symbols"]["religion"] = 21  # 10 Religion cards show at most 20 (reviews)
    return table


def test_pax_data_cards_table_symbols_beyond_notes_refused_under_notes():
    with pytest.raises(TableError) as exc:
        R.score_table(big_religion_table())
    found = [p for p in exc.value.problems if p.rule == "pax.data.cards"]
    assert found and all("research notes" in p.message and "reviews" in p.message for p in found)
    assert any('card_checks = "rulebook"' in p.message for p in found)


def test_pax_data_cards_table_symbols_beyond_notes_accepted_under_rulebook():
    table = big_religion_table()
    table["card_checks"] = "rulebook"
    sheet = R.score_table(table)
    assert sheet.winners == ("Livinia",)


def test_pax_data_cards_table_hand_list_follows_the_option():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["players"][0]["hand"] = ["army 5/1"]
    with pytest.raises(TableError) as exc:
        R.score_table(table)
    assert any(p.rule == "pax.data.cards" and "research notes" in p.message and 'card_checks = "rulebook"' in p.message
               for p in exc.value.problems)
    table["players"][0]["hand"] = ["army 3/0"]  # the rulebook: a card shows at least 1 symbol
    table["card_checks"] = "rulebook"
    with pytest.raises(TableError) as exc:
        R.score_table(table)
    assert [p.rule for p in exc.value.problems] == ["pax.data.cards"]
    table["players"][0]["hand"] = ["army 5/1"]
    assert R.score_table(table).winners == ("Livinia",)


def test_pax_data_cards_table_card_checks_value_checked():
    table = copy.deepcopy(LIVINIA_DECIMUS)
    table["card_checks"] = "none"
    with pytest.raises(TableError) as exc:
        R.score_table(table)
    assert [p.rule for p in exc.value.problems] == ["pax.data.cards"]


def test_pax_data_cards_table_default_keeps_meaning():
    """A table without ``card_checks`` reads as ``notes``: the scoring example is unchanged."""
    assert R.score_table(LIVINIA_DECIMUS).to_json() == R.score_table({**LIVINIA_DECIMUS, "card_checks": "notes"}).to_json()


def test_pax_data_cards_score_from_file_takes_the_option(tmp_path):
    runner = CliRunner()
    path = tmp_path / "table.json"
    path.write_text(json.dumps(big_religion_table()), encoding="utf-8")
    result = runner.invoke(app, ["score", "pax", "--from", str(path)])
    assert result.exit_code == 1 and "pax.data.cards" in result.output and "research notes" in result.output
    path.write_text(json.dumps({**big_religion_table(), "card_checks": "rulebook"}), encoding="utf-8")
    result = runner.invoke(app, ["score", "pax", "--from", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["winners"] == ["Livinia"]


def test_pax_data_cards_table_from_state_carries_the_option():
    state = started(options=RULEBOOK)
    assert R.table_from_state(state)["card_checks"] == "rulebook"
    assert "card_checks" not in R.table_from_state(started())


# -- records ------------------------------------------------------------------------------------
OLD_RECORD = """Game: pax
Players: Ada, Ben
Options: level=1, pc=symbols, last_take=yes

keep army {value}/1
keep estate 1/1
market wealth 1/1, fleet 1/1, army 1/1
"""


def test_pax_data_cards_record_without_option_reads_as_notes():
    """Records state every option in their Options: header; those made before card_checks
    do not name it and read as the default, ``notes``: they keep their meaning."""
    game = Game.from_record(R, read_record(OLD_RECORD.format(value=3)))
    assert game.state.card_checks == "notes"
    with pytest.raises(RecordError) as exc:
        Game.from_record(R, read_record(OLD_RECORD.format(value=5)))
    assert exc.value.rule == "pax.data.cards"


def test_pax_data_cards_record_with_rulebook_replays_and_writes_the_option():
    text = OLD_RECORD.format(value=5).replace("last_take=yes", "last_take=yes, card_checks=rulebook")
    game = Game.from_record(R, read_record(text))
    assert game.state.card_checks == "rulebook" and game.state.phase == "turn"
    written = write_record(game.to_record(read_record(text).headers))
    assert "card_checks=rulebook" in written
    assert Game.from_record(R, read_record(written)).state == game.state


def test_pax_data_cards_new_record_states_card_checks():
    game = Game(R, ["Ada", "Ben"], {})
    written = write_record(game.to_record({}))
    assert "card_checks=notes" in written


def test_pax_data_cards_random_games_under_rulebook():
    """The legal entries (faces within the notes' ranges) are legal under either option."""
    for seed in range(2):
        game = random_game(seed, 2, RULEBOOK)
        assert game.outcome() is not None and game.state.card_checks == "rulebook"


# -- texts --------------------------------------------------------------------------------------
def test_pax_data_cards_parse_token_without_game():
    with pytest.raises(InvalidEntry) as exc:
        parse_token("army 5/1")
    assert_notes_refusal(exc.value)
    assert parse_token("army 5/3", notes=False).token() == "army 5/3"


def test_pax_data_cards_texts_name_the_sources():
    rule = next(r for r in R.rulebook() if r.id == "pax.data.cards")
    assert "card_checks=rulebook" in rule.text and "reviews" in rule.text and "rulebook" in rule.text
    assert "research notes" in R.explain("army")[0].text
    cats = [i for i in R.catalogue() if i["kind"] == "category"]
    assert all(i["value"]["source"] == "reviews" and i["symbols"]["source"] == "reviews" for i in cats)


def test_pax_data_sources_rule_text_lists_both_sources():
    """pax.data.sources: which check rests on the rulebook and which on the research notes,
    and what the option does, in the rule text and in the notation guide."""
    from pathlib import Path

    rule = next(r for r in R.rulebook() if r.id == "pax.data.sources")
    text = " ".join(rule.text.split())
    for words in ("From the rulebook, always checked", "From the research notes, checked only with `card_checks=notes`",
                  "1 to 4 Aurei", "1 or 2 symbols", "10 per category", 'card_checks = "rulebook"', "read with `notes`"):
        assert words in text, words
    guide = (Path(__file__).resolve().parents[2] / "docs" / "notation" / "pax.md").read_text(encoding="utf-8")
    assert "`--option card_checks=rulebook`" in guide and "card_checks=notes" in guide
    assert 'card_checks = "rulebook"' in guide and "[pax.data.sources]" in guide
