"""The Roma ruleset: the protocol verbs wired to the modules that hold the rules (wiring only:
no state, no caches, each verb one call)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from assistant.core.protocol import OptionSpec, Outcome, Position, Prompt, RuleText, Ruleset
from assistant.core.scoresheet import ScoreSheet
from assistant.core.sheets import PlaySheet
from assistant.games.roma import components, legal, notation, position, rules, scoring, sheet, table, texts, view
from assistant.games.roma.moves import Give, RomaMove
from assistant.games.roma.state import RomaState, initial_state


class Roma(Ruleset[RomaState, RomaMove]):
    """Roma for two players (see the package docstring)."""

    name = "roma"
    title = "Roma"
    aliases = ("rome",)
    version = "1"
    min_players = 2
    max_players = 2
    options = (
        OptionSpec(
            "bribe",
            "off",
            "the bribe disc: a seventh disc activated by any die, paying its value in sestertii (Arena: Roma II)",
            ("off", "on"),
        ),
        OptionSpec(
            "mercatus",
            "opponent",
            "where Mercatus' VP come from: the opponent (the seed's text) or the stockpile",
            ("opponent", "stockpile"),
        ),
    )

    sheet_categories = scoring.CATEGORIES
    sheet_aliases = sheet.ALIASES
    rule_table = rules.TABLE

    # -- protocol ---------------------------------------------------------------------------
    def setup(self, seats: Sequence[str], options: Mapping[str, str]) -> RomaState:
        """The empty table; ``Game`` has already checked the seats and the options."""
        return initial_state(seats, options)

    def expecting(self, state: RomaState) -> Prompt:
        """What the table waits for (view.expecting)."""
        return view.expecting(state)

    def phase_of(self, state: RomaState) -> str:
        """The phase of the rule table (rules.phase_of)."""
        return rules.phase_of(state)

    def turn_heading(self, state: RomaState) -> str:
        """A player's whole turn under one heading (``turn 4, Ann``): its phases and battles
        are steps of it; the set-up is one heading."""
        if state.in_setup or state.picking:
            return "set-up"
        return f"turn {state.turn}, {state.player}"

    def parse(self, state: RomaState, text: str) -> RomaMove:
        """Read an entry (notation.parse)."""
        return notation.parse(state, text)

    def check(self, state: RomaState, move: RomaMove) -> None:
        """Judge an entry (rules.check)."""
        rules.check(state, move)

    def apply(self, state: RomaState, move: RomaMove) -> RomaState:
        """Play a checked entry (rules.apply)."""
        return rules.apply(state, move)

    def legal_moves(self, state: RomaState) -> Iterable[RomaMove]:
        """The entries legal now (legal.legal_moves)."""
        return legal.legal_moves(state)

    def score(self, state: RomaState, *, reveal: bool = False) -> ScoreSheet:
        """The VP score (scoring.score)."""
        return scoring.score(state)

    def outcome(self, state: RomaState) -> Outcome | None:
        """How the game ended (scoring.outcome)."""
        return scoring.outcome(state)

    def public_notation(self, state: RomaState, move: RomaMove) -> str:
        """The entry with its hidden cards as ``?`` (notation.public_notation)."""
        return notation.public_notation(state, move)

    def audience(self, state: RomaState, move: RomaMove) -> frozenset[str] | None:
        """Who sees the faces of an entry (rule roma.hidden): as for every game, the whole
        table when nothing in it is secret, else its own player (the dealt hand, the card kept
        from a draw or taken by a Haruspex, the cards a ``holds`` names); except the 2 cards a
        player gives at the set-up (``give``): he hands them to his opponent face down, so the
        opponent sees them too (rule roma.setup.swap: each now holds the 2 kept and the 2
        received), while onlookers and the shared screen do not."""
        if isinstance(move, Give) and notation.public_notation(state, move) != move.notation():
            return frozenset(state.seats)
        return super().audience(state, move)

    # -- command line -----------------------------------------------------------------------
    def describe(self, state: RomaState, *, reveal: bool = False) -> dict[str, Any]:
        """The state as data (view.describe)."""
        return view.describe(state, reveal)

    def board(self, state: RomaState, *, reveal: bool = False, wide: bool = False) -> str:
        """The board at a glance in 80 columns (view.board_text)."""
        return view.board_text(state, reveal=reveal, wide=wide)

    def legal_summary(self, state: RomaState) -> list[str]:
        """The legal choices grouped in a few lines (view.legal_summary)."""
        return view.legal_summary(state)

    def events(self, before: RomaState, after: RomaState) -> list[str]:
        """What an entry set off by itself (view.events)."""
        return view.events(before, after)

    def completions(self, state: RomaState) -> list[str]:
        """Words to complete (view.completions)."""
        return view.completions(state)

    def catalogue(self) -> list[dict[str, Any]]:
        """The card types (components.catalogue)."""
        return components.catalogue()

    def rulebook(self) -> Sequence[RuleText]:
        """The rule texts (texts.rulebook)."""
        return texts.rulebook()

    def explain(self, query: str) -> list[RuleText]:
        """A card's texts (texts.explain)."""
        return texts.explain(query)

    def start_player(self, state: RomaState) -> str | None:
        """Who started the game (statistics: ``stats --by start``)."""
        return view.start_player(state)

    def table_from_state(self, state: RomaState) -> dict[str, Any]:
        """The final table of a tracked game (table.table_from_state)."""
        return table.table_from_state(state)

    def score_table(self, table_: Mapping[str, Any]) -> ScoreSheet:
        """Score a final table (table.score_table)."""
        return table.score_table(table_)

    def position(self, state: RomaState) -> dict[str, Any]:
        """The public position at the start of a turn (position.position)."""
        return position.position(state)

    def from_position(self, data: Mapping[str, Any]) -> Position:
        """The seats, options and position block of a position file (position.from_position)."""
        return position.from_position(data)

    def check_sheet(self, play_sheet: PlaySheet) -> ScoreSheet:
        """The score of a play logged from its score pad or totals (sheet.check_sheet)."""
        return sheet.check_sheet(play_sheet)
