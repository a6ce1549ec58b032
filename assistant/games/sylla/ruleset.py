"""The Sylla ruleset: the protocol of assistant.core.protocol.Ruleset, wired to the modules
that hold each job (rules for check and apply, notation, legal, scoring, table, view, texts).
Wiring only: no state and no caches on the ruleset object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.core.protocol import OptionSpec, Outcome, Position, Prompt, RuleText, Ruleset
from assistant.core.scoresheet import ScoreSheet
from assistant.core.sheets import PlaySheet
from assistant.games.sylla import components, legal, notation, position, rules, scoring, sheet, table, texts, view
from assistant.games.sylla.moves import SyllaMove
from assistant.games.sylla.rules import setup
from assistant.games.sylla.state import State


class Sylla(Ruleset[State, SyllaMove]):
    """Sylla for 3 or 4 players, with the printed components entered as they come into play."""

    name = "sylla"
    title = "Sylla"
    version = "1"
    min_players = 3
    max_players = 4
    options = (
        OptionSpec("ecclesia_vote", "all", "who scores Christians and freed slaves at the end (sylla.open.ecclesia-vote)", ("all", "thumb-up")),
        OptionSpec("christian_slave", "both", "a freed Christian Slave scores as Christian too (sylla.open.christian-slave)", ("both", "once")),
        OptionSpec("card_checks", "notes", "check entered characters against the research notes too (2 of each type per set, Christians, Slaves' colours), or the rulebook only (sylla.data.characters)", ("notes", "rulebook")),
        OptionSpec("fields", "famine-and-crisis", "what a Field spares: the points lost in phase VII to famine and crises (the Field's printed text), or to famine only (sylla.buildings.field)", ("famine-and-crisis", "famine")),
        OptionSpec("crisis_all_equal", "both", "a crisis where all hold the same count: each is most and fewest, +3 and -3 (the seed's letter), or nothing (sylla.open.crisis-all-equal)", ("both", "nothing")),
        OptionSpec("board", "ask", "the printed board 'ladder=... crisis=N start=N spaces=...', or 'ask' to enter it at setup (sylla.data.ladder)", None, True),
    )

    rule_table = rules.TABLE
    sheet_categories = scoring.CATEGORIES
    sheet_aliases = sheet.ALIASES

    def check_options(self, options: Mapping[str, str]) -> dict[str, str]:
        """The core's check, and one rule for games made before an option existed: a game that
        states ``ecclesia_vote`` and ``christian_slave`` (stored games and written records
        always state every option) but no ``fields`` was played under the one reading the
        engine knew then, famine only (sylla.buildings.field); one that states them but no
        ``crisis_all_equal``, under "nobody gains or loses" (sylla.open.crisis-all-equal)."""
        result = super().check_options(options)
        older = {"ecclesia_vote", "christian_slave"} <= set(options)
        if older and "fields" not in options:
            result["fields"] = "famine"
        if older and "crisis_all_equal" not in options:
            result["crisis_all_equal"] = "nothing"
        return result

    def public_notation(self, state: State, move: SyllaMove) -> str:
        """The entry with every secret face as ``?`` (notation.public_notation)."""
        return notation.public_notation(state, move)

    def audience(self, state: State, move: SyllaMove) -> frozenset[str] | None:
        """Who sees the entry as typed (rule sylla.components.hidden): the whole table when it
        holds no secret; its own player for a secret vote, a Temple's or an Insula's token, a
        count named outside a reveal; nobody but ``--reveal`` for an entry whose public form
        shows more than the typed text (:func:`notation.reveals`: the fists open, or counts a
        crisis or the end showed): every seat is shown that public form, which holds the
        typed vote too, so that a game replayed as a seat knows it sees the fists open."""
        if notation.reveals(state, move):
            return frozenset()
        return super().audience(state, move)


    def setup(self, seats: Sequence[str], options: Mapping[str, str]) -> State:
        """The state before the first entry (rules.setup.initial)."""
        return setup.initial(seats, options)

    def expecting(self, state: State) -> Prompt:
        """What the game waits for (view.expecting)."""
        return view.expecting(state)

    def phase_of(self, state: State) -> str:
        """The phase of the round (rules.phase_of): setup, I to VII, end or over."""
        return rules.phase_of(state)

    def parse(self, state: State, text: str) -> SyllaMove:
        """Read an entry into a move (notation.parse)."""
        return notation.parse(state, text, view.awaited(state))

    def check(self, state: State, move: SyllaMove) -> None:
        """Judge a move (rules.check)."""
        rules.check(state, move)

    def apply(self, state: State, move: SyllaMove) -> State:
        """The state after a checked move (rules.apply)."""
        return rules.apply(state, move)

    def legal_moves(self, state: State) -> list[SyllaMove]:
        """The entries that can be listed now (legal.legal_moves)."""
        return legal.legal_moves(state)

    def outcome(self, state: State) -> Outcome | None:
        """None while running; the winners once the Ecclesia is scored."""
        if state.phase != "over":
            return None
        return Outcome("five rounds played and the Ecclesia scored", scoring.score(state).winners)

    def score(self, state: State, *, reveal: bool = False) -> ScoreSheet:
        """The score sheet (scoring.score)."""
        return scoring.score(state)

    def events(self, before: State, after: State) -> list[str]:
        """What an entry set off (view.events)."""
        return view.events(before, after)

    def describe(self, state: State, *, reveal: bool = False) -> dict[str, Any]:
        """The state for the table (view.describe)."""
        return view.describe(state, reveal=reveal)

    def board(self, state: State, *, reveal: bool = False, wide: bool = False) -> str:
        """The board at a glance in 80 columns (view.board)."""
        return view.board(state, reveal=reveal, wide=wide)

    def legal_summary(self, state: State) -> list[str]:
        """The legal entries grouped in a few lines, nothing secret (view.legal_summary)."""
        return view.legal_summary(state)

    def completions(self, state: State) -> list[str]:
        """Words worth completing (view.completions)."""
        return view.completions(state)

    def score_table(self, table_data: Mapping[str, Any]) -> ScoreSheet:
        """Score a final table (table.score_table)."""
        return table.score_table(table_data)

    def position(self, state: State) -> dict[str, Any]:
        """The public position of a game, as a position file holds it (position.position)."""
        return position.position(state)

    def from_position(self, data: Mapping[str, Any]) -> Position:
        """The seats, options and position block of a position file (position.from_position)."""
        return position.from_position(data, self.check_seats, self.check_options)

    def start_player(self, state: State) -> str | None:
        """Who started the game (statistics: ``stats --by start``)."""
        return view.start_player(state)

    def table_from_state(self, state: State) -> dict[str, Any]:
        """The final table of a tracked game (table.table_from_state)."""
        return table.table_from_state(state)

    def catalogue(self) -> list[dict[str, Any]]:
        """The known components (components.catalogue)."""
        return components.catalogue()

    def rulebook(self) -> tuple[RuleText, ...]:
        """The rule texts (texts.rulebook)."""
        return texts.rulebook()

    def explain(self, query: str) -> list[RuleText]:
        """The rule texts of a named component (texts.explain)."""
        return texts.explain(query)

    def check_sheet(self, play_sheet: PlaySheet) -> ScoreSheet:
        """The score of a play logged from its score pad or totals (sheet.check_sheet)."""
        return sheet.check_sheet(play_sheet)


RULESET = Sylla()
"""The one Sylla ruleset the registry hands out."""
