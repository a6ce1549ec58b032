"""Ranked full-text search over rule texts, for ``assistant rules GAME WORDS`` (issue 23, D13).

Players ask in their own words ("what happens when the draw pile is empty", "reshuffle",
"tie"), not in the words of our rule texts. So a query is cut into *concepts*: each meaningful
word of it, or a phrase of the game's synonym list (``data/<game>/synonyms.txt``) together with
the rule-text phrases it stands for. Question and function words ("what happens when the") are
dropped (:data:`STOP_WORDS`): they would match every rule or none.

The rules are ranked with SQLite's FTS5 and its bm25 score, in an in-memory database built
from the parsed rules on each search (a few milliseconds for the largest rulebook, so nothing
is cached or written to disk). A rule holding any concept is a candidate; its score is bm25
over the concepts (a match in the id or title weighs :data:`HEAD_WEIGHT` times one in the
text), plus bm25 of the query's neighbouring words taken as phrases, times the share of the
concepts it holds, so that a rule answering every part of a question beats one repeating a
single word; when the best rule holds every concept, the rules holding only some are dropped.
Worked examples and logged-play checks rank below the rules they repeat.
:func:`search` keeps the rules scoring at least :data:`KEEP_RATIO` of the best: a question is
answered by its rule and the few close to it, not by every rule sharing a common word.

A miss (no rule holds any concept) is answered by :func:`suggest`: each word is corrected to
the nearest word of the rule texts and the best-ranked rule for the corrected words is offered.

``sqlite3`` and ``difflib`` are imported inside the functions: ``assistant rules`` and the
``play`` prompt start without them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from assistant.core.names import normalize

if TYPE_CHECKING:
    from sqlite3 import Connection

    from assistant.core.protocol import RuleText

#: A game's synonym list: a phrase a player may type (normalized) and the rule-text phrases it
#: also stands for.
Synonyms = Mapping[str, tuple[str, ...]]

#: Words that carry no topic: question words, pronouns, auxiliaries, articles, prepositions.
#: Dropped from a query, unless the query holds nothing else.
STOP_WORDS = frozenset(
    {
        "a", "about", "an", "and", "any", "are", "as", "at", "be", "been", "but", "by", "can",
        "cant", "could", "did", "didnt", "do", "does", "doesnt", "doing", "dont", "for", "from",
        "had", "has", "have", "he", "her", "hers", "him", "his", "how", "i", "if", "im", "in",
        "into", "is", "isnt", "it", "its", "me", "mine", "my", "not", "of", "on", "or", "our",
        "ours", "she", "should", "so", "some", "than", "that", "thats", "the", "their", "theirs",
        "them", "then", "there", "these", "they", "this", "those", "to", "us", "was", "we", "were",
        "what", "whats", "when", "where", "which", "while", "who", "whom", "whose", "why", "will",
        "with", "would", "you", "your", "yours", "happen", "happens", "happened", "happening",
        "much", "many", "rule", "rules", "get", "gets", "got", "work", "works"
    }
)

#: Words that never make a phrase with their neighbours (:func:`word_pairs`): articles,
#: pronouns, prepositions, forms of "be".
GLUE_WORDS = frozenset(
    {
        "a", "an", "the", "is", "are", "was", "were", "be", "been", "am", "of", "to", "in", "on",
        "at", "for", "from", "by", "with", "and", "or", "i", "you", "we", "it", "my", "your", "our",
        "me"
    }
)

#: A rule is returned when it scores at least this share of the best rule's score.
KEEP_RATIO = 0.45

#: How much more a match in a rule's id or title counts than one in its text.
HEAD_WEIGHT = 2.0

#: The share of its score a worked example or a logged-play check keeps (:func:`_secondary`).
SECONDARY_WEIGHT = 0.5


def parse_synonyms(text: str) -> dict[str, tuple[str, ...]]:
    """A synonym list: one line ``words = other words, other words``; ``#`` starts a comment.
    Both sides are normalized like a query. A phrase given on several lines gathers them all.

    >>> parse_synonyms("# roma\\nreshuffle = shuffled into a new draw pile, runs out\\ntie = draw")
    {'reshuffle': ('shuffled into a new draw pile', 'runs out'), 'tie': ('draw',)}
    """
    table: dict[str, tuple[str, ...]] = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0]
        if "=" not in line:
            continue
        left, right = line.split("=", 1)
        key = normalize(left)
        others = tuple(o for o in (normalize(part) for part in right.split(",")) if o and o != key)
        if key and others:
            table[key] = table.get(key, ()) + tuple(o for o in others if o not in table.get(key, ()))
    return table


def load_synonyms(game: str) -> dict[str, tuple[str, ...]]:
    """The synonym list of a game (``data/<game>/synonyms.txt``); empty when it has none."""
    from assistant.resources import data_path

    path = data_path(game, "synonyms.txt")
    if not path.is_file():
        return {}
    return parse_synonyms(path.read_text(encoding="utf-8"))


def concepts(query: str, synonyms: Synonyms | None = None) -> list[tuple[str, ...]]:
    """The query as concepts, each a tuple of phrases any of which a rule may hold: a phrase
    of the synonym list (the longest first) with what it stands for, else one word. Stop
    words are dropped unless nothing else is left.

    >>> concepts("What happens when the draw pile is empty?", {"empty": ("runs out",)})
    [('draw',), ('pile',), ('empty', 'runs out')]
    """
    words = normalize(query).split()
    table = synonyms or {}
    longest = max((len(key.split()) for key in table), default=0)
    found: list[tuple[str, ...]] = []
    i = 0
    while i < len(words):
        for size in range(min(longest, len(words) - i), 0, -1):
            phrase = " ".join(words[i : i + size])
            if phrase in table:
                found.append((phrase, *table[phrase]))
                i += size
                break
        else:
            found.append((words[i],))
            i += 1
    meaningful = [c for c in found if len(c) > 1 or c[0] not in STOP_WORDS]
    unique: list[tuple[str, ...]] = []
    for concept in meaningful or found:
        if concept not in unique:
            unique.append(concept)
    return unique


def word_pairs(query: str) -> list[str]:
    """Two-word phrases of the query that may name something: its neighbouring words, unless
    one is a :data:`GLUE_WORDS` word or both are stop words (a question word may stay: "which
    events happen" is a title), then its meaningful words, each with the next one ("stages in
    any order": "stages order", the title "Stage order").

    >>> word_pairs("Which events happen when the draw pile is empty?")
    ['which events', 'events happen', 'draw pile', 'events draw', 'pile empty']
    """
    words = normalize(query).split()
    meaningful = [w for w in words if w not in STOP_WORDS]
    pairs: list[str] = []
    for first, second in [*pairwise(words), *pairwise(meaningful)]:
        if first in GLUE_WORDS or second in GLUE_WORDS or (first in STOP_WORDS and second in STOP_WORDS):
            continue
        pair = f"{first} {second}"
        if pair not in pairs:
            pairs.append(pair)
    return pairs


def _match_expression(groups: Sequence[tuple[str, ...]], joiner: str) -> str:
    """An FTS5 MATCH expression: each phrase quoted (so that no word is read as an operator),
    the phrases of a concept joined by OR, the concepts by ``joiner`` (AND or OR)."""
    parts = []
    for group in groups:
        phrases = " OR ".join('"' + phrase.replace('"', " ") + '"' for phrase in group)
        parts.append(f"({phrases})")
    return f" {joiner} ".join(parts)


def _index(book: Sequence[RuleText]) -> Connection:
    """Two in-memory FTS5 tables of the rules, porter-stemmed and accent-folded, a rule's rowid
    being its place in ``book``: ``head`` (id and title) and ``body`` (text). Apart, so that
    bm25 weighs a short title against titles and a long text against texts (FTS5 normalizes
    by the length of the whole row, which would bury a long rule's title under its text)."""
    import sqlite3

    tokenize = "tokenize='porter unicode61 remove_diacritics 2'"
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE head USING fts5(id, title, {tokenize})")
    db.execute(f"CREATE VIRTUAL TABLE body USING fts5(text, {tokenize})")
    heads = [(i, rule.id, rule.title) for i, rule in enumerate(book)]
    db.executemany("INSERT INTO head(rowid, id, title) VALUES (?, ?, ?)", heads)
    db.executemany("INSERT INTO body(rowid, text) VALUES (?, ?)", [(i, r.text) for i, r in enumerate(book)])
    return db


def _scores(db: Connection, expression: str) -> dict[int, float]:
    """bm25 of every rule matching an expression (higher is better): the head's score times
    :data:`HEAD_WEIGHT` plus the body's."""
    scores: dict[int, float] = {}
    for rowid, score in db.execute("SELECT rowid, -bm25(head) FROM head WHERE head MATCH ?", (expression,)):
        scores[rowid] = scores.get(rowid, 0.0) + HEAD_WEIGHT * score
    for rowid, score in db.execute("SELECT rowid, -bm25(body) FROM body WHERE body MATCH ?", (expression,)):
        scores[rowid] = scores.get(rowid, 0.0) + score
    return scores


def _secondary(rule: RuleText) -> bool:
    """A worked example or a check of a play logged from its score pad: it repeats a main
    rule, so it ranks below it (:data:`SECONDARY_WEIGHT`)."""
    return ".examples" in rule.id or ".sheet." in rule.id


def rank(book: Sequence[RuleText], query: str, synonyms: Synonyms | None = None) -> list[tuple[RuleText, float]]:
    """Every rule holding some concept of the query, with its score, best first (ties in the
    rulebook's order). The score is bm25 over all the concepts (any of them may match), plus
    bm25 of the query's neighbouring words as phrases ("hand limit", "bonus Fleet": word order
    tells Army's rule from Fleet's), times the share of the concepts the rule holds; worked
    examples and logged-play checks count :data:`SECONDARY_WEIGHT` of theirs. When the best
    rule holds every concept, only the rules holding every concept are kept, as a query of
    words always kept only the rules holding every word: a partial match is then noise."""
    groups = concepts(query, synonyms)
    if not groups or not book:
        return []
    db = _index(book)
    try:
        scores = _scores(db, _match_expression(groups, "OR"))
        pairs = [(pair,) for pair in word_pairs(query)]
        if pairs:
            for rowid, score in _scores(db, _match_expression(pairs, "OR")).items():
                scores[rowid] = scores.get(rowid, 0.0) + score
        held: dict[int, int] = {}
        for group in groups:
            one = _match_expression([group], "AND")
            rows = {r for (r,) in db.execute("SELECT rowid FROM head WHERE head MATCH ?", (one,))}
            rows |= {r for (r,) in db.execute("SELECT rowid FROM body WHERE body MATCH ?", (one,))}
            for rowid in rows:
                held[rowid] = held.get(rowid, 0) + 1
    finally:
        db.close()
    ranked = []
    for rowid, score in scores.items():
        rule = book[rowid]
        value = score * held.get(rowid, 0) / len(groups)
        if _secondary(rule):
            value *= SECONDARY_WEIGHT
        ranked.append((rowid, value))
    ranked.sort(key=lambda item: (-item[1], item[0]))
    if ranked and held[ranked[0][0]] == len(groups):  # the best answers it all: so must the rest
        ranked = [(rowid, value) for rowid, value in ranked if held[rowid] == len(groups)]
    return [(book[rowid], value) for rowid, value in ranked]


def search(book: Sequence[RuleText], query: str, synonyms: Synonyms | None = None) -> list[RuleText]:
    """The rules answering a query, best first: those of :func:`rank` scoring at least
    :data:`KEEP_RATIO` of the best; ``[]`` when no rule holds any word of it."""
    ranked = rank(book, query, synonyms)
    if not ranked:
        return []
    best = ranked[0][1]
    return [rule for rule, score in ranked if score >= best * KEEP_RATIO]


def suggest(book: Sequence[RuleText], query: str, synonyms: Synonyms | None = None) -> RuleText | None:
    """The rule to offer for a query nothing matched: each word corrected to the closest word
    of the rule texts (or of the synonym list), and the best-ranked rule for the result;
    ``None`` when no word is close to any."""
    import difflib

    vocabulary: set[str] = set()
    for rule in book:
        vocabulary.update(normalize(f"{rule.title} {rule.text}").split())
    for key in synonyms or {}:
        vocabulary.update(key.split())
    known = sorted(vocabulary)
    corrected = []
    for word in normalize(query).split():
        if word in STOP_WORDS:
            continue
        close = difflib.get_close_matches(word, known, n=1, cutoff=0.8)
        if close:
            corrected.append(close[0])
    if not corrected:
        return None
    ranked = rank(book, " ".join(corrected), synonyms)
    return ranked[0][0] if ranked else None
