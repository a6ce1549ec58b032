"""The score sheet: players x categories, totals, ranks (shared on ties) and winners after
the game's tie-break. Every game's ``score`` returns one, and ``--json`` prints
:meth:`ScoreSheet.to_json` (the shape of INTERFACES.md §1).

>>> sheet = ScoreSheet.build("7wonders", ["Ada", "Bob"], ["military", "science"],
...     {"Ada": {"military": 3, "science": 10}, "Bob": {"military": 6, "science": 7}},
...     tiebreak={"Ada": (5,), "Bob": (2,)})
>>> sheet.totals, sheet.ranks, sheet.winners
({'Ada': 13, 'Bob': 13}, {'Ada': 1, 'Bob': 2}, ('Ada',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ScoreSheet:
    """A finished (or provisional) score.

    ``tiebreak`` maps each player to a tuple compared after the total (higher is better;
    7 Wonders: ``(coins,)``). Players equal on total and tie-break share a rank and, at rank 1,
    the win. ``winners_override`` replaces the winners where the game decides otherwise
    (PAX: when Rome wins, only the holder of Primus Conspiratus wins). ``details`` holds a
    human-readable working per player and category (the science formula, a guild's count);
    ``extra`` holds game-specific top-level JSON keys (PAX ``rome_wins``).
    """

    game: str
    players: tuple[str, ...]
    categories: tuple[str, ...]
    points: Mapping[str, Mapping[str, int]]
    totals: Mapping[str, int]
    ranks: Mapping[str, int]
    winners: tuple[str, ...]
    notes: tuple[str, ...] = ()
    details: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    extra: Mapping[str, object] = field(default_factory=dict)
    tiebreak: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        game: str,
        players: Sequence[str],
        categories: Sequence[str],
        points: Mapping[str, Mapping[str, int]],
        *,
        tiebreak: Mapping[str, tuple[int, ...]] | None = None,
        winners_override: Sequence[str] | None = None,
        notes: Sequence[str] = (),
        details: Mapping[str, Mapping[str, str]] | None = None,
        extra: Mapping[str, object] | None = None,
    ) -> "ScoreSheet":
        """Total the categories, rank the players and find the winners."""
        tiebreak = dict(tiebreak or {})
        full = {p: {c: int(points.get(p, {}).get(c, 0)) for c in categories} for p in players}
        totals = {p: sum(full[p].values()) for p in players}

        def key(p: str) -> tuple[int, ...]:
            return (totals[p], *tiebreak.get(p, ()))

        ranks: dict[str, int] = {}
        for p in players:
            ranks[p] = 1 + sum(1 for q in players if key(q) > key(p))
        if winners_override is not None:
            winners = tuple(winners_override)
        else:
            winners = tuple(p for p in players if ranks[p] == 1) if players else ()
        return cls(
            game=game,
            players=tuple(players),
            categories=tuple(categories),
            points=full,
            totals=totals,
            ranks=ranks,
            winners=winners,
            notes=tuple(notes),
            details={p: dict(d) for p, d in (details or {}).items()},
            extra=dict(extra or {}),
            tiebreak=tiebreak,
        )

    def to_json(self) -> dict[str, object]:
        """The stable JSON shape of INTERFACES.md §1."""
        data: dict[str, object] = {
            "game": self.game,
            "players": [
                {
                    "name": p,
                    "scores": dict(self.points[p]),
                    "total": self.totals[p],
                    "rank": self.ranks[p],
                }
                for p in self.players
            ],
            "winners": list(self.winners),
            "notes": list(self.notes),
        }
        for k, v in self.extra.items():
            data[k] = v
        if any(self.details.values()):
            data["details"] = {p: dict(d) for p, d in self.details.items() if d}
        return data
