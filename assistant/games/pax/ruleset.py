"""PAX as a :class:`Ruleset`: wiring only. Each protocol verb is one call into the module that
holds it (``rules``, ``notation``, ``legal``, ``scoring``, ``table``, ``view``, ``texts``,
``components``); the ruleset object holds no state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.core.protocol import OptionSpec, Outcome, Position, Prompt, Ruleset, RuleText
from assistant.core.scoresheet import ScoreSheet
from assistant.core.sheets import PlaySheet
from assistant.games.pax import components, legal, rules, scoring, sheet, texts, view
from assistant.games.pax import position as position_file
from assistant.games.pax import table as final_table
from assistant.games.pax.moves import PaxMove
from assistant.games.pax.notation import parse_move, public_notation
from assistant.games.pax.state import PaxState


class PaxRuleset(Ruleset[PaxState, PaxMove]):
    """PAX for 1 to 4 players (the solitaire game with its five levels included)."""

    name = "pax"
    title = "PAX"
    aliases = ()
    version = "1"
    min_players = 1
    max_players = 4
    options = (
        OptionSpec("level", "1", "solitaire game 1-5 (how many categories must beat Rome); ignored with 2-4 players",
                   choices=("1", "2", "3", "4", "5")),
        OptionSpec("pc", "symbols", "Primus Conspiratus goes to the most Conspiracy symbols (rulebook reading) or cards",
                   choices=("symbols", "cards")),
        OptionSpec("last_take", "yes", "when the deck ran out during the last round, Rome still takes a group at its end",
                   choices=("yes", "no")),
        OptionSpec("card_checks", "notes", "check entered cards against the research notes too (values 1-4, 1-2 symbols, from"
                   " reviews), or the rulebook only (pax.data.cards)", choices=("notes", "rulebook")),
    )

    sheet_categories = sheet.CATEGORIES
    sheet_aliases = sheet.ALIASES
    rule_table = rules.TABLE

    # -- the protocol ---------------------------------------------------------------------
    def setup(self, seats: Sequence[str], options: Mapping[str, str]) -> PaxState:
        """The table before the first entry."""
        return rules.setup(seats, options)

    def expecting(self, state: PaxState) -> Prompt:
        """What the game waits for now."""
        return view.expecting(state)

    def phase_of(self, state: PaxState) -> str:
        """The phase of the rule table (rules.phase_of)."""
        return rules.phase_of(state)

    def parse(self, state: PaxState, text: str) -> PaxMove:
        """Read an entry (never judges it)."""
        return parse_move(state, text)

    def public_notation(self, state: PaxState, move: PaxMove) -> str:
        """The entry with every secret face as ``?`` (``pax.hidden``)."""
        return public_notation(state, move)

    def check(self, state: PaxState, move: PaxMove) -> None:
        """Judge an entry: raises IllegalMove, changes nothing."""
        rules.check(state, move)

    def apply(self, state: PaxState, move: PaxMove) -> PaxState:
        """The state after a checked entry."""
        return rules.apply(state, move)

    def legal_moves(self, state: PaxState) -> list[PaxMove]:
        """Every legal entry now, one card per entry where cards are entered."""
        return legal.legal_moves(state)

    def outcome(self, state: PaxState) -> Outcome | None:
        """How the game ended (the verdict and the winners), or ``None`` while it runs."""
        if state.phase != "over":
            return None
        sheet = scoring.score(state)
        return Outcome("; ".join(n for n in sheet.notes if "[pax.open.solo-points]" not in n), sheet.winners)

    def score(self, state: PaxState, *, reveal: bool = False) -> ScoreSheet:
        """The score of the tracked game (the final-table scoring of the same counts); while
        the game runs, the Aurei and money points only with ``reveal`` (``pax.hidden.money``)."""
        return scoring.score(state, reveal)

    # -- what the command line needs ------------------------------------------------------
    def events(self, before: PaxState, after: PaxState) -> list[str]:
        """What the entry did and set off."""
        return view.events(before, after)

    def describe(self, state: PaxState, *, reveal: bool = False) -> dict[str, Any]:
        """The state as JSON-able data (hands and Aurei only with ``reveal``)."""
        return view.describe(state, reveal)

    def board(self, state: PaxState, *, reveal: bool = False, wide: bool = False) -> str:
        """The board at a glance in 80 columns (hands and Aurei only with ``reveal``)."""
        return view.board(state, reveal=reveal, wide=wide)

    def legal_summary(self, state: PaxState) -> list[str]:
        """The legal entries grouped in a few lines, with no secret face."""
        return view.legal_summary(state)

    def completions(self, state: PaxState) -> list[str]:
        """Words worth completing at the prompt now."""
        return view.completions(state)

    def score_table(self, table: Mapping[str, Any]) -> ScoreSheet:
        """INTERFACES.md §1 scoring of a final table."""
        return final_table.score_table(table)

    def position(self, state: PaxState) -> dict[str, Any]:
        """The public position at the start of a turn, as a position file holds it."""
        return position_file.position(state)

    def from_position(self, position: Mapping[str, Any]) -> Position:
        """The seats, options and position block of a position file (TableError lists every problem)."""
        return position_file.from_position(position)

    def start_player(self, state: PaxState) -> str | None:
        """Who started the game (statistics: ``stats --by start``)."""
        return view.start_player(state)

    def table_from_state(self, state: PaxState) -> dict[str, Any]:
        """The §1 final table of a tracked game."""
        return final_table.table_from_state(state)

    def catalogue(self) -> list[dict[str, Any]]:
        """Every component (INTERFACES.md §2)."""
        return components.catalogue()

    def rulebook(self) -> Sequence[RuleText]:
        """The rule texts, in reading order."""
        return texts.rulebook()

    def explain(self, query: str) -> list[RuleText]:
        """The text for a category or a word of the rules."""
        return texts.explain(query)

    def check_sheet(self, play_sheet: PlaySheet) -> ScoreSheet:
        """The score of a play logged from its score pad or totals (sheet.check_sheet)."""
        return sheet.check_sheet(play_sheet)


RULESET = PaxRuleset()

__all__ = ["PaxRuleset", "RULESET"]
