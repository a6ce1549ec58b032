"""``assistant cards GAME`` as text: one table per kind of component (cards, leaders, wonders,
characters...), a few meaningful columns each, costs as short words (``2 stone, loom,
1 coin``), and what a component does in the last column, wrapped between words so that each
line fits the width (100 columns when the output is not a terminal). ``--json`` prints the
catalogue as the game lists it (docs/interfaces.md §2)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

#: Columns, in order: (header, how to read it from an item, alignment). A column is shown for
#: a kind only when one of its items has a value there.
Column = tuple[str, Callable[[Mapping[str, Any]], str], str]


def cost(value: Any) -> str:
    """A cost in short words: ``{"stone": 2, "loom": 1, "coins": 1}`` is ``2 stone, loom,
    1 coin``; a number stays a number; nothing is ``free``.

    >>> cost({"coins": 1, "wood": 0, "stone": 2, "loom": 1})
    '2 stone, loom, 1 coin'
    >>> cost({"coins": 0, "wood": 0}), cost(9), cost({"coins": 3})
    ('free', '9', '3 coins')
    """
    if value is None or value == "":
        return ""
    if isinstance(value, Mapping):
        parts = []
        coins = 0
        for key, amount in value.items():
            if not isinstance(amount, int) or amount <= 0:
                continue
            if key in ("coin", "coins"):
                coins = amount
            else:
                parts.append(key if amount == 1 else f"{amount} {key}")
        if coins:
            parts.append(f"{coins} coin" + ("s" if coins > 1 else ""))
        return ", ".join(parts) or "free"
    return str(value)


def _range(value: Any) -> str:
    if isinstance(value, Mapping) and "min" in value:
        low, high = value.get("min"), value.get("max")
        return str(low) if low == high else f"{low}–{high}"
    return _word(value)


def _word(value: Any) -> str:
    if value is None or value == "" or value == [] or value == {}:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, (list, tuple)):
        return ", ".join(_word(v) for v in value if _word(v))
    if isinstance(value, Mapping):
        return ""  # a structure for the engine, not for reading
    return str(value)


def _players(item: Mapping[str, Any]) -> str:
    players = item.get("players")
    if isinstance(players, (list, tuple)) and players:
        return ", ".join(f"{p}+" for p in players)
    return _word(players)


def _copies(item: Mapping[str, Any]) -> str:
    for key in ("copies", "cards", "count"):
        value = item.get(key)
        if isinstance(value, int):
            return str(value)
    return ""


def _name(item: Mapping[str, Any]) -> str:
    side = item.get("side")
    return f"{item.get('name', '?')} {side}" if side else str(item.get("name", "?"))


def _stages(stages: Any) -> str:
    if not isinstance(stages, (list, tuple)):
        return ""
    return "; ".join(
        f"{n}: {cost(stage.get('cost'))} → {stage.get('effect', '')}".strip()
        for n, stage in enumerate(stages, 1)
        if isinstance(stage, Mapping)
    )


def _does(item: Mapping[str, Any]) -> str:
    """What a component does, in words: its text, effect or ability (wonders: the stages)."""
    parts = []
    for key in ("text", "effect", "ability", "board_effect"):
        value = item.get(key)
        if isinstance(value, str) and " " in value.strip():  # words, not an engine's key
            parts.append(value)
            break
    if item.get("stages"):
        parts.append(_stages(item["stages"]))
    if item.get("timing"):
        parts.insert(0, f"({item['timing']})")
    chains = _word(item.get("chains_to"))
    if chains:
        parts[-1:] = [f"{parts[-1]}; chains to {chains}"] if parts else [f"chains to {chains}"]
    if not parts and item.get("rule"):
        parts.append(f"see rules {item['rule']}")
    return " ".join(parts)


COLUMNS: tuple[Column, ...] = (
    ("name", _name, "l"),
    ("age", lambda i: _word(i.get("age")), "r"),
    ("colour", lambda i: _word(i.get("color") or i.get("colour")), "l"),
    ("from", _players, "l"),  # 7 Wonders: a copy from 3, 4... players
    ("cost", lambda i: cost(i.get("cost")), "l"),
    ("defence", lambda i: _word(i.get("defence")), "r"),
    ("makes", lambda i: _word(i.get("resource")), "l"),
    ("value", lambda i: _range(i.get("value")), "l"),
    ("symbols", lambda i: _range(i.get("symbols")), "l"),
    ("copies", _copies, "r"),
    ("dice", lambda i: _word(i.get("activation")), "l"),
    ("what it does", _does, "l"),
)


def kinds(items: Sequence[Mapping[str, Any]]) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """The items grouped by kind, in the order the kinds first appear."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for item in items:
        groups.setdefault(str(item.get("kind", "")), []).append(item)
    return list(groups.items())


def tables(items: Sequence[Mapping[str, Any]]) -> list[tuple[str, list[str], list[list[str]], str]]:
    """One table per kind: (title, headers, rows, alignment), only the columns with a value."""
    out = []
    for kind, group in kinds(items):
        rows = [[read(item) for _, read, _ in COLUMNS] for item in group]
        keep = [i for i, (header, _, _) in enumerate(COLUMNS) if i == 0 or any(row[i] for row in rows)]
        out.append(
            (
                f"{kind} ({len(group)})" if kind else f"({len(group)})",
                [COLUMNS[i][0] for i in keep],
                [[row[i] for i in keep] for row in rows],
                "".join(COLUMNS[i][2] for i in keep),
            )
        )
    return out
