"""The 7 Wonders (+ Leaders) ruleset: the protocol verbs of :class:`Ruleset`, each one call
into the module that holds it. Wiring only: no state, no caches on the ruleset object.

* setup and the options: :mod:`rules.setup` (2-7 players, two with the Free City; ``leaders`` default true, boards
  from the ``Boards:`` header or entered as ``ada board Gizah A``);
* reading entries: :mod:`notation` (and their public form, ``7w.secrets``; what the shared
  screen lists rests on :func:`secrets.public_state`); judging and applying them: :mod:`rules`;
* the legal entries: :mod:`legal`; the prompt, state and events: :mod:`view`;
* the score of a tracked game is the score of its final table (:mod:`scoring`,
  :mod:`table`), through the same :func:`scoring.score_cities` as ``assistant score --from
  FILE``; the catalogue: :mod:`components`; rule texts: :mod:`texts`;
* a game picked up in progress: the position file, :mod:`position`; its block's lines are
  judged and applied by :mod:`rules` (``7w.position``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from assistant.core.errors import Problem
from assistant.core.protocol import OptionSpec, Outcome, Position, Prompt, RuleText, Ruleset
from assistant.core.scoresheet import ScoreSheet
from assistant.core.sheets import PlaySheet
from assistant.games.sevenwonders import components, legal, notation, position, rules, scoring, sheet, table, texts, view
from assistant.games.sevenwonders.moves import Move as SWMove
from assistant.games.sevenwonders.moves import Sealed
from assistant.games.sevenwonders.rules.legality import CHOICES
from assistant.games.sevenwonders.state import FREE_CITY, SWState, awaited


class SevenWonders(Ruleset[SWState, SWMove]):
    """7 Wonders (1st edition) with the Leaders expansion, tracked entry by entry."""

    name = "7wonders"
    title = "7 Wonders"
    aliases = ("7w", "leaders", "7 wonders", "seven wonders", "7 wonders leaders", "7 wonders with leaders")
    version = "1"
    min_players = 2
    max_players = 7
    options = (
        OptionSpec("leaders", "true", "play with the Leaders expansion", choices=("true", "false")),
        OptionSpec(
            "boards",
            "",
            "boards and sides in seat order, e.g. 'Gizah A, Rhodes B, Babylon A' (empty: entered as 'ada board Gizah A')",
            header=True,
        ),
        OptionSpec(
            "rome_b_coins",
            "start",
            "Rome B's extra leader is paid from the coins held at the start of the turn or phase"
            " (start, 7w.commerce.coins-timing) or with every coin held then (held)",
            choices=("start", "held"),
        ),
        OptionSpec(
            "free_city_first",
            "list",
            "2 players: who holds the Free City card first in each Age: the rulebook's list (list: Age I and III"
            " the first player, Age II the second) or its worked example (example: the mirror)",
            choices=("list", "example"),
        ),
        OptionSpec("free_city_coins", "3", "2 players: the Free City's starting coins (3; 6 like the players with Leaders)", choices=("3", "6")),
        OptionSpec(
            "free_city_rome", "false", "2 players: whether Rome may be the Free City's board (default: not dealt to it)", choices=("false", "true")
        ),
    )

    sheet_categories = scoring.CATEGORIES
    sheet_aliases = sheet.ALIASES
    sheet_tiebreak = sheet.TIEBREAK
    fact_keys = view.FACT_KEYS
    rule_table = rules.TABLE

    def check_options(self, options: Mapping[str, str]) -> dict[str, str]:
        """The options checked, ``leaders`` read as true/false first."""
        return super().check_options(rules.normal_options(options))

    def setup(self, seats: Sequence[str], options: Mapping[str, str]) -> SWState:
        """The state before the first entry (options checked by :meth:`check_options`)."""
        return rules.setup(seats, options)

    def expecting(self, state: SWState) -> Prompt:
        """What the game waits for."""
        return view.expecting(state)

    def phase_of(self, state: SWState) -> str:
        """The phase of ``state``, a key of ``rule_table.phases`` (rules.phase_of)."""
        return rules.phase_of(state)

    def turn_heading(self, state: SWState) -> str:
        """The turn as players say it (``Age II, turn 3``): the prompt's phase, without
        working out the prompt (``log`` asks it of every entry)."""
        return state.phase_label if state.phase != "over" else "game over"

    def parse(self, state: SWState, text: str) -> SWMove:
        """The move an entry means (reads only)."""
        return notation.parse(state, text)

    def public_notation(self, state: SWState, move: SWMove) -> str:
        """The entry with every secret face as ``?`` or left out (notation.public_notation):
        leader hands and draft keeps, cards sold or tucked face down."""
        return notation.public_notation(state, move)

    def audience(self, state: SWState, move: SWMove) -> frozenset[str] | None:
        """Who may see the faces of an entry: the whole table when its public form is the entry
        itself, else its player; a secret of the Free City (a card it sold face down) is seen
        by the player holding the Free City card, who typed it (``7w.2p.turn``); the last choice
        of a turn or phase, shown to all as ``reveal …`` with every choice, is seen as typed by
        nobody (each seat replays that form, which holds its own choice too)."""
        public = self.public_notation(state, move)
        if public == move.notation():
            return None
        if public.startswith("reveal "):  # the last choice shows them all: every seat sees that form
            return frozenset()
        player = getattr(move, "player", None)
        if player == FREE_CITY and state.free_city:
            holder = state.holder()
            return frozenset({state.seats[holder]}) if holder is not None else frozenset()
        return frozenset({player}) if isinstance(player, str) else frozenset()

    def check(self, state: SWState, move: SWMove) -> None:
        """Raise unless the move is legal now."""
        rules.check(state, move)

    def apply(self, state: SWState, move: SWMove) -> SWState:
        """The state after a checked move."""
        return rules.apply(state, move)

    def legal_moves(self, state: SWState) -> Iterator[SWMove]:
        """Every legal entry of every awaited player."""
        return legal.legal_moves(state)

    def legal_moves_of(self, state: SWState, player: str) -> Iterator[SWMove]:
        """The legal entries of one player: none unless it is awaited; the holder of the Free
        City card is offered the Free City's choices too once theirs is in (``7w.2p.turn``)."""
        waiting = awaited(state)
        if player in waiting:
            yield from legal.legal_moves_for(state, player)
        holder = state.holder() if state.free_city and state.phase in ("turn", "recruit") else None
        if holder is not None and state.seats[holder] == player and FREE_CITY in waiting:
            yield from legal.legal_moves_for(state, FREE_CITY)

    def hides(self, state: SWState, move: SWMove) -> bool:
        """The last choice of a turn shown with the sealed ones (``reveal …``) hides only what
        it would hide alone (the name of a card sold or tucked)."""
        if isinstance(move, CHOICES):
            return notation.face_down(move) != move
        return super().hides(state, move)

    def sealed(self, state: SWState, move: SWMove) -> SWMove:
        """A choice of an Age turn or a Recruitment phase entered out of sight is sealed: the
        table sees ``ada chose`` until the last choice shows them all (``7w.secrets.sealed``)."""
        if isinstance(move, CHOICES) and (state.phase in ("turn", "recruit") or rules.resolution.draft_untouched(state)):
            return Sealed(move)
        return move

    def entered_by(self, state: SWState, move: SWMove) -> str | None:
        """The Free City's entries are made by the player holding its card (``7w.2p.turn``)."""
        player = getattr(move, "player", None)
        if player == FREE_CITY and state.free_city:
            holder = state.holder()
            return state.seats[holder] if holder is not None else None
        return super().entered_by(state, move)

    def score(self, state: SWState, *, reveal: bool = False) -> ScoreSheet:
        """The score sheet (provisional before the end)."""
        return scoring.score(state)

    def outcome(self, state: SWState) -> Outcome | None:
        """How the game ended, or None."""
        return scoring.outcome(state)

    def seat_facts(self, state: SWState) -> list[dict[str, list[str]]]:
        """Each player's board, side and recruited leaders at the end (statistics)."""
        return view.seat_facts(state)

    def table_seat_facts(self, table_data: Mapping[str, Any]) -> list[dict[str, list[str]]]:
        """The seat facts of a §1 final table."""
        return table.table_seat_facts(table_data)

    def table_from_state(self, state: SWState) -> dict[str, Any]:
        """The §1 final table of the tracked game."""
        return table.table_from_state(state)

    def score_table(self, table_data: Mapping[str, Any]) -> ScoreSheet:
        """Validate and score a §1 final table."""
        return table.score_table(table_data)

    def position(self, state: SWState) -> dict[str, Any]:
        """The public position as a position file holds it (start of a turn or phase only)."""
        return position.position(state, self.options)

    def from_position(self, data: Mapping[str, Any]) -> Position:
        """The seats, options and position block of a position file (TableError if impossible)."""
        return position.from_position(data, self)

    def describe(self, state: SWState, *, reveal: bool = False) -> dict[str, Any]:
        """The state as JSON."""
        return view.describe(state, reveal=reveal)

    def board(self, state: SWState, *, reveal: bool = False, wide: bool = False) -> str:
        """The board at a glance (80 columns; ``wide``: one line a city)."""
        return view.board(state, reveal=reveal, wide=wide)

    def legal_summary(self, state: SWState) -> list[str]:
        """The legal entries grouped per awaited player and verb."""
        return view.legal_summary(state)

    def events(self, before: SWState, after: SWState) -> list[str]:
        """What an entry set off."""
        return view.events(before, after)

    def completions(self, state: SWState) -> list[str]:
        """Words to complete at the prompt."""
        return view.completions(state)

    def catalogue(self) -> list[dict[str, Any]]:
        """Every component (INTERFACES.md §2)."""
        return components.catalogue()

    def rulebook(self) -> Sequence[RuleText]:
        """Every rule text."""
        return texts.rulebook()

    def explain(self, query: str) -> list[RuleText]:
        """Rule texts about a rule id, component or word."""
        return texts.explain(query)

    def check_sheet(self, play_sheet: PlaySheet) -> ScoreSheet:
        """The score of a play logged from its score pad or totals (sheet.check_sheet)."""
        return sheet.check_sheet(play_sheet)

    def check_sheet_box(self, player: str, row: str, value: int, written: Mapping[str, int]) -> list[Problem]:
        """The problems of one box of the score pad as the form of ``assistant add`` fills it
        (sheet.box_problems): the form refuses it at once instead of at the end."""
        return sheet.box_problems(player, row, value, written)
