"""Fixtures for the Roma tests: a table built directly in any position, played through the
ruleset's parse/check/apply like the command line does."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pytest

from assistant.core.errors import IllegalMove
from assistant.games.roma import RULESET
from assistant.games.roma.state import RomaState


class Table:
    """A position plus ``play`` (one entry, checked) and ``refuse`` (the IllegalMove)."""

    def __init__(self, state: RomaState) -> None:
        self.state = state

    def play(self, *texts: str) -> "Table":
        for text in texts:
            move = RULESET.parse(self.state, text)
            RULESET.check(self.state, move)
            self.state = RULESET.apply(self.state, move)
        return self

    def refuse(self, text: str) -> IllegalMove:
        with pytest.raises(IllegalMove) as info:
            self.play(text)
        return info.value

    # short views
    def board(self, player: int) -> dict[int, str]:
        return {d: c for d, c in enumerate(self.state.boards[player], 1) if c}

    @property
    def vp(self) -> tuple[int, int]:
        return self.state.vp


def make_table(
    ann: Mapping[int, str] | None = None,
    ben: Mapping[int, str] | None = None,
    *,
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    vp: tuple[int, int] = (10, 10),
    stockpile: int | None = None,
    money: tuple[int, int] = (0, 0),
    dice: tuple[int, ...] | None = None,
    active: int = 0,
    discard: tuple[str, ...] = (),
    unknown_discards: int = 0,
    draw: int | None = None,
    options: Mapping[str, str] | None = None,
) -> Table:
    """Ann (player 0) and Ben (player 1) in a turn of ``active``, Phase 1 already done."""
    state = RULESET.setup(["Ann", "Ben"], dict(options or {}))
    boards = []
    for spec in (ann or {}, ben or {}):
        board = [None] * state.discs
        for disc, card in spec.items():
            board[disc - 1] = card
        boards.append(tuple(board))
    placed = sum(len(b) for b in (ann or {}, ben or {}))
    in_hand = sum(len(h) for h in hands)
    if draw is None:
        draw = 52 - placed - in_hand - len(discard) - unknown_discards
    if stockpile is None:
        stockpile = 36 - sum(vp)
    state = replace(
        state,
        starter=0,
        dealt=(True, True),
        swapped=True,
        placed=(True, True),
        boards=(boards[0], boards[1]),
        hands=(tuple(sorted(hands[0])), tuple(sorted(hands[1]))),
        vp=vp,
        stockpile=stockpile,
        money=money,
        dice=tuple(sorted(dice)) if dice is not None else None,
        active=active,
        turn=3,
        discard=discard,
        unknown_discards=unknown_discards,
        draw=draw,
    )
    return Table(state)


@pytest.fixture
def table():
    return make_table
