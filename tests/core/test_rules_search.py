"""`assistant rules GAME WORDS` answers everyday questions (issue 23, D13).

For each game, 20 questions as players ask them at the table, each written first and only then
paired with the rule that answers it (read from the games' rules digests and
data/<game>/rules.md). The search must put that rule first for at least 18 of the 20. Each
question is a test of its own, an expected failure (x, with what came first) when its rule is
not first; the misses are also printed (``pytest -s``) and recorded as a property of the test
(``--junitxml``), so that a change of the ranking shows which questions it won or lost.
"""

from __future__ import annotations

import time

import pytest

from assistant.cli.rules import find_rules

ROMA = [
    ("draw pile empty", "roma.rulings.a15"),
    ("what happens when the draw pile is empty", "roma.rulings.a15"),
    ("tie", "roma.rulings.a18"),
    ("who wins", "roma.end.winner"),
    ("what does Forum do", "roma.cards.forum"),
    ("how much money do I start with", "roma.rulings.a1"),
    ("why do I lose points for empty slots", "roma.phase1.vacant"),
    ("can I reroll a triple", "roma.phase2.reroll"),
    ("what happens to dice I did not use", "roma.rulings.a4"),
    ("how does a battle work", "roma.battle"),
    ("can I put a card on top of my own card", "roma.rulings.a20"),
    ("when does the game end", "roma.end"),
    ("how much defence does a Turris add", "roma.cards.turris"),
    ("how do we set up the game", "roma.setup"),
    ("is there a hand limit", "roma.actions.cards"),
    ("who starts", "roma.setup.start"),
    ("can I activate a card the same turn I lay it", "roma.actions.lay"),
    ("how do I fix a mistake we made earlier", "roma.correct"),
    ("what is the bribe disc", "roma.bribe"),
    ("can the same card be activated twice with two dice", "roma.actions.activate"),
]

SEVENWONDERS = [
    ("how many coins do I start with", "7w.setup.coins"),
    ("can I build the same card twice", "7w.build.unique"),
    ("tie", "7w.scoring.tiebreak"),
    ("which way do we pass the cards", "7w.turn.pass"),
    ("how much does it cost to buy from a neighbour", "7w.commerce.price"),
    ("how is science scored", "7w.scoring.science"),
    ("what happens to the last card of an age", "7w.turn.sixth"),
    ("can I build wonder stages in any order", "7w.wonder.order"),
    ("what do I get for discarding a card", "7w.discard.coins"),
    ("how does military conflict work", "7w.military.resolve"),
    ("does the Lighthouse count itself", "7w.faq.lighthouse"),
    ("what can I buy from my neighbours", "7w.commerce.sellable"),
    ("how many guilds go into age 3", "7w.setup.guilds"),
    ("play the seventh card with Babylon", "7w.wonder.babylon.b"),
    ("how do chains work", "7w.build.chain"),
    ("how many points are my coins worth at the end", "7w.scoring.treasury"),
    ("when does the game end", "7w.end"),
    ("how does the leader draft work", "7w.leaders.draft"),
    ("what if I cannot pay for my card", "7w.turn.forced-discard"),
    ("Olympia free build once per age", "7w.wonder.olympia.a"),
]

PAX = [
    ("how many Aurei do I start with", "pax.setup.money"),
    ("what happens when the deck runs out", "pax.end.deck-empty"),
    ("what if two players tie on points", "pax.open.points-tie"),
    ("how much does it cost to play several cards", "pax.turn.play"),
    ("how much income do I get", "pax.turn.income"),
    ("what does Religion do", "pax.cat.religion"),
    ("how many fleet can I have", "pax.cat.limit"),
    ("who gets Primus Conspiratus", "pax.cat.primus-conspiratus"),
    ("when does Rome win", "pax.winner.rome"),
    ("which group does Rome take", "pax.roundend.rome"),
    ("how does the Wealth discount work", "pax.cat.wealth"),
    ("can I look at Rome's hidden cards", "pax.turn.alternative"),
    ("how many cards do I draw", "pax.turn.draw"),
    ("can I buy two groups in one turn", "pax.turn.buy"),
    ("how are points counted", "pax.scoring"),
    ("how many cards are removed with 3 players", "pax.setup.deck"),
    ("how many legions are laid out", "pax.setup.legions"),
    ("who is the start player next round", "pax.roundend.start-player"),
    ("does Army give bonus Fleet", "pax.cat.army"),
    ("what do I need to win the fifth solitaire game", "pax.solo.levels"),
]

SYLLA = [
    ("how much money do I start with", "sylla.setup.players"),
    ("tie", "sylla.end.winner"),
    ("how does the election work", "sylla.phase1.election"),
    ("what does a Field do", "sylla.buildings.field"),
    ("how much prestige do I lose to famine", "sylla.phase7.famine"),
    ("what happens in a crisis", "sylla.phase7.crisis"),
    ("how do I pay for a building", "sylla.phase3.payment"),
    ("how much income do I get", "sylla.phase4.income"),
    ("what does a Tavern do", "sylla.buildings.tavern"),
    ("which events happen", "sylla.phase5.effects"),
    ("what do Christians score at the end", "sylla.end.christians"),
    ("how much does it cost to free a slave", "sylla.end.slaves"),
    ("what is the gift to the plebs", "sylla.phase6.plebs"),
    ("how many characters do I keep at the start", "sylla.setup.characters"),
    ("three player rules", "sylla.3p"),
    ("where do the cubes come from", "sylla.phase5.cubes"),
    ("what does Flood do", "sylla.events.flood"),
    ("does leftover money score points", "sylla.end.money"),
    ("who is the first Consul", "sylla.setup.consul"),
    ("can prestige go below zero", "sylla.limits.prestige-floor"),
]

QUESTIONS: dict[str, list[tuple[str, str]]] = {"roma": ROMA, "7wonders": SEVENWONDERS, "pax": PAX, "sylla": SYLLA}


def ranked_ids(game: str, question: str) -> list[str]:
    """The rule ids `assistant rules GAME QUESTION` shows, in its order (none on a miss)."""
    from assistant.core.errors import NotFound

    try:
        return [rule.id for rule in find_rules(game, question)]
    except NotFound:
        return []


def misses(game: str) -> list[str]:
    """The questions of a game whose rule does not come first, each with what came first."""
    out = []
    for question, expected in QUESTIONS[game]:
        ids = ranked_ids(game, question)
        if not ids or ids[0] != expected:
            out.append(f"{question!r}: wanted {expected}, got {ids[:3]}")
    return out


def answer(game: str, question: str, expected: str) -> None:
    """The question finds rules; its own rule not first is an expected failure that names
    what came first (the hit-rate test below allows two a game)."""
    ids = ranked_ids(game, question)
    assert ids, f"{question!r}: no rule found"
    if ids[0] != expected:
        pytest.xfail(f"{question!r}: {expected} not first: {ids[:3]}")


def test_each_game_has_twenty_questions_of_its_own_rules():
    from assistant.cli.rules import rulebook

    for game, questions in QUESTIONS.items():
        assert len(questions) == 20, game
        ids = {rule.id for rule in rulebook(game)}
        assert {expected for _, expected in questions} <= ids, game


@pytest.mark.parametrize(("question", "expected"), ROMA)
def test_roma_question_finds_its_rule(question, expected):
    answer("roma", question, expected)


@pytest.mark.parametrize(("question", "expected"), SEVENWONDERS)
def test_7wonders_question_finds_its_rule(question, expected):
    answer("7wonders", question, expected)


@pytest.mark.parametrize(("question", "expected"), PAX)
def test_pax_question_finds_its_rule(question, expected):
    answer("pax", question, expected)


@pytest.mark.parametrize(("question", "expected"), SYLLA)
def test_sylla_question_finds_its_rule(question, expected):
    answer("sylla", question, expected)


@pytest.mark.parametrize("game", list(QUESTIONS))
def test_rules_search_hit_rate_per_game(game):
    """The right rule first for at least 18 of the game's 20 questions."""
    missed = misses(game)
    assert 20 - len(missed) >= 18, "\n".join(missed)


@pytest.mark.parametrize("game", list(QUESTIONS))
def test_rules_search_misses_are_reported(game, record_property):
    """Prints (``-s``) and records the questions whose rule is not first; never fails."""
    missed = misses(game)
    record_property(f"{game}_hits", f"{20 - len(missed)}/20")
    record_property(f"{game}_misses", "; ".join(missed))
    print(f"\n{game}: {20 - len(missed)}/20 first" + "".join(f"\n  miss {line}" for line in missed))


def test_roma_reshuffle_and_empty_draw_pile_find_the_empty_draw_pile_rule():
    assert ranked_ids("roma", "reshuffle")[0] == "roma.rulings.a15"
    assert ranked_ids("roma", "what happens when the draw pile is empty")[0] == "roma.rulings.a15"
    assert ranked_ids("roma", "shuffle")[0] == "roma.rulings.a15"


def test_an_exact_id_or_prefix_still_opens_that_rule():
    assert ranked_ids("roma", "roma.rulings.a15") == ["roma.rulings.a15"]
    assert ranked_ids("roma", "ROMA.END") == ["roma.end"]
    assert ranked_ids("roma", "roma.rulings") == [f"roma.rulings.a{n}" for n in range(1, 21)]


def test_a_miss_suggests_the_best_ranked_rule():
    """A word no rule holds, misspelt: the hint names the rule the corrected words rank first,
    never an id that only looks like the query."""
    from assistant.core.errors import NotFound

    with pytest.raises(NotFound) as info:
        find_rules("roma", "reshufle")
    assert "roma.rulings.a15" in (info.value.hint or "")
    with pytest.raises(NotFound) as info:
        find_rules("7wonders", "tiebrake")
    assert "7w.scoring.tiebreak" in (info.value.hint or "")


def test_nonsense_gives_the_plain_no_match_message(capsys):
    from typer.testing import CliRunner

    from assistant.cli.main import app

    result = CliRunner().invoke(app, ["rules", "roma", "xyzzy"])
    assert result.exit_code == 1
    assert "no rule matches 'xyzzy'" in result.output
    assert "did you mean" not in result.output


@pytest.mark.parametrize("game", list(QUESTIONS))
def test_search_builds_and_answers_fast(game):
    """Building the index from the parsed rules and answering a question: well under 100 ms
    (the best of three, as other tests share the machine)."""
    from assistant.cli.rules import core_rules, rulebook
    from assistant.core.rulebook import lookup
    from assistant.core.rulesearch import load_synonyms

    book = rulebook(game)
    book = book + core_rules(book)
    synonyms = load_synonyms(game)
    timings = []
    for _ in range(3):
        start = time.perf_counter()
        found = lookup(book, "what happens when the deck is empty", synonyms=synonyms)
        timings.append(time.perf_counter() - start)
    assert found
    assert min(timings) < 0.1, f"{game}: {min(timings) * 1000:.1f} ms"
