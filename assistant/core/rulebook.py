"""Rule texts under stable ids, written in our own words, read from ``data/<game>/rules.md``.

The file is Markdown; every rule is a level-2 heading ``## <id> — <title>`` followed by its
text. A line ``See also: id, id`` at the end of a rule links others.

>>> book = parse_rules("## roma.dice — Action dice\\nThree dice.\\nSee also: roma.actions\\n")
>>> book[0].id, book[0].title, book[0].text, book[0].see_also
('roma.dice', 'Action dice', 'Three dice.', ('roma.actions',))
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from assistant.core.errors import NotFound
from assistant.core.protocol import RuleText

#: A query written like a rule id (``g.biuld``): words joined by dots, no spaces. It is not
#: searched as words (its first word would match every id of the game).
_ID_LIKE = re.compile(r"^[\w\-]+(?:\.[\w\-]+)+$")

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


def lookup(
    book: Sequence[RuleText], query: str, *, synonyms: Mapping[str, tuple[str, ...]] | None = None
) -> list[RuleText]:
    """Rules for a query: an exact id, else every id under a prefix (``7w.build``), else the
    rules a ranked full-text search finds for its words, best first
    (:func:`assistant.core.rulesearch.search`: SQLite FTS5 and bm25 over ids, titles and
    texts, helped by the game's ``synonyms``; question words such as "what happens when" do
    not count).
    Raises :class:`NotFound` when no rule holds any of the words, with the best-ranked rule for
    the words spelt as the rules spell them as the hint; for a query written like an id
    (``g.biuld``), which is not searched as words, the ids spelt most like it.
    """
    from assistant.core import rulesearch

    q = query.strip()
    by_id = {rule.id.casefold(): rule for rule in book}
    if q.casefold() in by_id:
        return [by_id[q.casefold()]]
    prefix = [rule for rule in book if rule.id.casefold().startswith(q.casefold() + ".")]
    if prefix:
        return prefix
    id_like = _ID_LIKE.match(q) is not None
    found = [] if id_like else rulesearch.search(book, q, synonyms)
    if found:
        return found
    close: list[str] = []
    if id_like:  # a mistyped id, not words: the ids spelt most like it
        import difflib

        close = difflib.get_close_matches(q, [rule.id for rule in book], n=3, cutoff=0.5)
    if not close:
        best = rulesearch.suggest(book, q, synonyms)
        close = [best.id] if best is not None else []
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
