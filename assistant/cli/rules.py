"""Finding rule texts for a query, shared by ``assistant rules`` and the ``play`` prompt's
``rules`` command. The rule texts are read from the game's data folder without importing its
engine, so ``assistant rules`` starts fast; only a component name asks the engine."""

from __future__ import annotations

from typing import Any


def find_rules(game: str, query: str) -> list[Any]:
    """Rule texts for a query: an id or id prefix, else a component the game can explain
    (a card, leader, board...), else the rules containing the words."""
    from assistant.core.rulebook import lookup

    book = rulebook(game)
    if not query:
        return book
    book = book + core_rules(book)  # a core.* id, cited by a refusal, resolves in every game
    low = query.casefold()
    if any(r.id.casefold() == low or r.id.casefold().startswith(low + ".") for r in book):
        return lookup(book, query)
    from assistant.games import get_ruleset

    explained = list(get_ruleset(game).explain(query))
    if explained:
        return explained
    return lookup(book, query)


def rulebook(game: str) -> list[Any]:
    """The game's rule texts, read from its data folder without importing the engine."""
    from assistant.core.rulebook import load_game_rules
    from assistant.games import GAMES, get_ruleset

    if game in GAMES:
        return load_game_rules(game)
    return list(get_ruleset(game).rulebook())


def core_rules(book: list[Any]) -> list[Any]:
    """The program's own rules (``data/core/rules.md``: ``core.over``, ``core.undo``...),
    which refusals in every game cite, less any id the game's ``book`` has itself."""
    from assistant.core.rulebook import load_game_rules

    known = {rule.id for rule in book}
    return [rule for rule in load_game_rules("core") if rule.id not in known]
