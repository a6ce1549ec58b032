"""Rule texts under stable ids, written in our own words, read from ``data/<game>/rules.md``.

The file is Markdown; every rule is a level-2 heading ``## <id> — <title>`` followed by its
text. A line ``See also: id, id`` at the end of a rule links others.

>>> book = parse_rules("## roma.dice — Action dice\\nThree dice.\\nSee also: roma.actions\\n")
>>> book[0].id, book[0].title, book[0].text, book[0].see_also
('roma.dice', 'Action dice', 'Three dice.', ('roma.actions',))
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from assistant.core.errors import NotFound
from assistant.core.names import normalize
from assistant.core.protocol import RuleText

_HEADING = re.compile(r"^##\s+`?([A-Za-z0-9][\w.\-]*)`?\s*(?:—|–|-|:)\s*(.+?)\s*$")


def parse_rules(text: str) -> list[RuleText]:
    """Every rule of a rules.md text, in order; text before the first rule is ignored."""
    rules: list[RuleText] = []
    current: tuple[str, str] | None = None
    body: list[str] = []

    def close() -> None:
        if current is None:
            return
        see_also: tuple[str, ...] = ()
        lines = [line.rstrip() for line in body]
        while lines and not lines[-1].strip():
            lines.pop()
        if lines and lines[-1].lower().startswith("see also:"):
            see_also = tuple(s.strip(" `") for s in lines.pop().split(":", 1)[1].split(",") if s.strip())
        while lines and not lines[0].strip():
            lines.pop(0)
        rules.append(RuleText(current[0], current[1], "\n".join(lines).strip(), see_also))

    for line in text.splitlines():
        match = _HEADING.match(line)
        if match:
            close()
            current = (match.group(1), match.group(2))
            body = []
        elif line.startswith("# ") and current is None:
            continue
        else:
            body.append(line)
    close()
    return rules


def lookup(book: Sequence[RuleText], query: str) -> list[RuleText]:
    """Rules for a query: an exact id, else every id under a prefix (``7w.build``), else the
    rules whose title or text contain every word of the query (titles first).
    Raises :class:`NotFound` with the closest ids when nothing matches."""
    q = query.strip()
    by_id = {rule.id.casefold(): rule for rule in book}
    if q.casefold() in by_id:
        return [by_id[q.casefold()]]
    prefix = [rule for rule in book if rule.id.casefold().startswith(q.casefold() + ".")]
    if prefix:
        return prefix
    words = normalize(q).split()
    if words:
        in_title = [r for r in book if all(w in normalize(r.title) for w in words)]
        in_text = [
            r
            for r in book
            if r not in in_title and all(w in normalize(r.title + " " + r.text) for w in words)
        ]
        if in_title or in_text:
            return in_title + in_text
    import difflib

    close = difflib.get_close_matches(q, [rule.id for rule in book], n=3, cutoff=0.5)
    hint = ("did you mean " + " or ".join(close) + "?") if close else "try a word of the rule, or no topic for the list"
    raise NotFound("core.rules", f"no rule matches '{query}'", hint=hint)


def load_game_rules(game: str) -> list[RuleText]:
    """Every rule text of a game: ``data/<game>/rules.md`` then any other ``rules-*.md``."""
    from assistant.resources import data_path

    folder = data_path(game)
    if not folder.is_dir():
        return []
    files = sorted(folder.glob("rules*.md"), key=lambda p: (p.name != "rules.md", p.name))
    book: list[RuleText] = []
    for path in files:
        book.extend(parse_rules(path.read_text(encoding="utf-8")))
    return book
