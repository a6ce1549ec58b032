"""Finding rule texts for a query, shared by ``assistant rules`` and the ``play`` prompt's
``rules`` command. The rule texts are read from the game's data folder without importing its
engine, so ``assistant rules`` starts fast; only a component name asks the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assistant.core.protocol import AnyRuleset, RuleText
    from assistant.core.rulesearch import Synonyms


def find_rules(game: str, query: str) -> list[RuleText]:
    """Rule texts for a query: an id or id prefix, else a component the game can explain
    (a card, leader, board...), named alone or in a question ("what does Forum do"), else the
    rules a ranked search finds for the words (the game's synonym list helping)."""
    from assistant.core.rulebook import lookup
    from assistant.core.rulesearch import load_synonyms

    book = rulebook(game)
    if not query:
        return book
    book = book + core_rules(book)  # a core.* id, cited by a refusal, resolves in every game
    synonyms = load_synonyms(game)
    low = query.casefold()
    if any(r.id.casefold() == low or r.id.casefold().startswith(low + ".") for r in book):
        return lookup(book, query, synonyms=synonyms)
    from assistant.games import get_ruleset

    ruleset = get_ruleset(game)
    explained = list(ruleset.explain(query))
    if explained:
        return explained
    explained = _explained_in_question(ruleset, query, synonyms)
    if explained:
        return explained
    return lookup(book, query, synonyms=synonyms)


def _explained_in_question(ruleset: AnyRuleset, query: str, synonyms: Synonyms) -> list[RuleText]:
    """A component named in a question ("what does the Forum do"): when the question, less
    its question words, is one name the game explains exactly (the first text's title is the
    name or starts with it: "Babylon A"). A question with more to it ("how many Fleet can I
    have") goes to the search, and so does a prefix that merely begins a name ("how does it
    work": Workshop)."""
    from assistant.core.names import normalize
    from assistant.core.rulesearch import concepts

    found = concepts(query, synonyms)
    if len(found) != 1 or len(found[0]) != 1 or found[0][0] == normalize(query):
        return []
    name = found[0][0]
    explained = list(ruleset.explain(name))
    if not explained:
        return []
    title = normalize(explained[0].title)
    return explained if title == name or title.startswith(name + " ") else []


def rulebook(game: str) -> list[RuleText]:
    """The game's rule texts, read from its data folder without importing the engine."""
    from assistant.core.rulebook import load_game_rules
    from assistant.games import GAMES, get_ruleset

    if game in GAMES:
        return load_game_rules(game)
    return list(get_ruleset(game).rulebook())


def core_rules(book: list[RuleText]) -> list[RuleText]:
    """The program's own rules (``data/core/rules.md``: ``core.over``, ``core.undo``...),
    which refusals in every game cite, less any id the game's ``book`` has itself."""
    from assistant.core.rulebook import load_game_rules

    known = {rule.id for rule in book}
    return [rule for rule in load_game_rules("core") if rule.id not in known]
