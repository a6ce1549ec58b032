"""Plain-text layout shared by the games' board views: lists wrapped to a width without
cutting an item or a name.

>>> wrap_items("Ann", ["wealth 3", "fleet 2", "army 1"], width=21, indent=5)
['Ann  wealth 3', '     fleet 2 · army 1']
>>> wrap_items("Maximilianus", ["a", "b"], width=20, indent=5)
['Maximilianus', '     a · b']
"""

from __future__ import annotations


def wrap_items(head: str, items: list[str], width: int, indent: int, sep: str = " · ") -> list[str]:
    """``head`` then the items joined by ``sep``, wrapped onto lines of at most ``width``
    columns, continuation lines indented by ``indent``. An item is never cut; a head as long
    as ``indent`` or longer (a long name) stands on its own line, so a name is never cut
    either. Blank lines are left out."""
    lines: list[str] = []
    if len(head) >= indent:
        lines.append(head)
        line = " " * indent
    else:
        line = head.ljust(indent)
    fresh = True
    for item in items:
        if not fresh and len(line) + len(sep) + len(item) > width:
            lines.append(line.rstrip())
            line, fresh = " " * indent, True
        line += item if fresh else sep + item
        fresh = False
    lines.append(line.rstrip())
    return [line for line in lines if line.strip()]
