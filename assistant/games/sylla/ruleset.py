"""The Sylla ruleset: the protocol verbs, delegating each phase to its module."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from assistant.core.protocol import OptionSpec, RuleText, Ruleset
from assistant.core.rulebook import parse_rules
from assistant.core.scoresheet import ScoreSheet
from assistant.games.sylla import scoring
from assistant.resources import read_text


@cache
def _rules() -> tuple[RuleText, ...]:
    return tuple(parse_rules(read_text("sylla", "rules.md")))


class Sylla(Ruleset):
    name = "sylla"
    title = "Sylla"
    version = "1"
    min_players = 3
    max_players = 4
    options = (
        OptionSpec("ecclesia_vote", "all", "who scores Christians and freed slaves at the end (sylla.open.ecclesia-vote)", ("all", "thumb-up")),
        OptionSpec("christian_slave", "both", "a freed Christian Slave scores as Christian too (sylla.open.christian-slave)", ("both", "once")),
        OptionSpec("board", "ask", "the printed board: 'ladder=... crisis=N start=N spaces=...' or 'ask' to enter it at setup (sylla.data.ladder)", None, True),
    )

    def score_table(self, table: Mapping[str, Any]) -> ScoreSheet:
        return scoring.score_table(table)

    def rulebook(self) -> tuple[RuleText, ...]:
        return _rules()


RULESET = Sylla()
