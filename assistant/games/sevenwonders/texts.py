"""Rule texts (``data/7wonders/rules.md``) and component explanations for
``assistant rules 7wonders TOPIC``.

>>> [r.id for r in explain("Scriptorium")]
['7w.cards.basic']
>>> "Courthouse, Library" in explain("Scriptorium")[0].text
True
>>> [r.id for r in explain("Babylon")]
['7w.wonder.babylon.a', '7w.wonder.babylon.b']
>>> explain("no such thing")
[]
"""

from __future__ import annotations

from functools import cache

from assistant.core.errors import AmbiguousEntry
from assistant.core.protocol import RuleText
from assistant.core.rulebook import parse_rules
from assistant.games.sevenwonders import components
from assistant.games.sevenwonders.components import effect_text, effects_text
from assistant.resources import read_text

AGES = {1: "I", 2: "II", 3: "III"}


@cache
def rulebook() -> tuple[RuleText, ...]:
    """Every 7 Wonders rule text, in reading order."""
    return tuple(parse_rules(read_text(components.GAME, "rules.md")))


@cache
def rule_ids() -> frozenset[str]:
    """Every rule id of the rule texts."""
    return frozenset(r.id for r in rulebook())


def _copies_text(card: components.Card) -> str:
    if card.guild:
        pool = "the Leaders guild pool (with Leaders only)" if card.requires_leaders else "the guild pool"
        if card.name in components.BASE_OPTION_GUILDS:
            pool = "the Leaders guild pool (with Leaders; a final table without Leaders lists it with leaders_guilds = true)"
        return f"One copy, in {pool}; players + 2 guilds are drawn for Age III"
    marks = ", ".join(f"{m}+" for m in card.players)
    per = ", ".join(f"{n}p: {card.copies(n)}" for n in components.PLAYER_COUNTS)
    return f"Marks {marks} (copies {per})"


def explain_card(name: str) -> RuleText:
    """The rule text of an Age card: cost, copies, chains and effects."""
    versions = components.card_versions(name)
    first = versions[0]
    lines = []
    for c in versions:
        kind = "guild" if c.guild else f"{c.color} card"
        lines.append(f"Age {AGES[c.age]} {kind}. Cost: {c.cost.text()}. {_copies_text(c)}.")
    lines.append("Effect: " + effects_text(first.effects) + ".")
    if first.chains_from:
        lines.append("Built free if you own " + " or ".join(first.chains_from) + " (chain).")
    if first.chains_to:
        lines.append("Makes free later: " + ", ".join(first.chains_to) + ".")
    if len(versions) > 1:
        lines.append("A city may own only one " + first.name + ", whatever its Age (7w.build.unique).")
    if first.aliases:
        lines.append("Also called: " + ", ".join(first.aliases) + ".")
    see = ["7w.build.cost", "7w.build.unique", "7w.setup.decks"]
    if first.chains_from or first.chains_to:
        see.append("7w.build.chain")
    if first.guild:
        see += ["7w.cards.guilds", "7w.scoring.guilds", "7w.setup.guilds"]
    if first.color == "yellow" and any(e.type == "vp_per" for e in first.effects):
        see.append("7w.scoring.commercial")
    if first.color == "blue":
        see.append("7w.scoring.civilian")
    if first.color == "green" or first.science:
        see.append("7w.scoring.science")
    if first.color == "red":
        see.append("7w.military.strength")
    extra = {
        "Lighthouse": "7w.faq.lighthouse",
        "Shipowners Guild": "7w.faq.shipowners",
        "Vineyard": "7w.faq.vineyard-bazar",
        "Bazar": "7w.faq.vineyard-bazar",
        "Caravansery": "7w.faq.private-resources",
        "Forum": "7w.faq.private-resources",
        "Courtesans Guild": "7w.courtesan.token",
        "Diplomats Guild": "7w.faq.diplomats-courtesan",
        "Scientists Guild": "7w.faq.wildcard-end",
    }.get(first.name)
    if extra:
        see.append(extra)
    title = f"{first.name} (" + ", ".join(f"Age {AGES[c.age]}" for c in versions) + f" {first.color})"
    return RuleText(first.rule, title, "\n".join(lines), tuple(s for s in see if s != first.rule))


def explain_leader(name: str) -> RuleText:
    """The rule text of a leader: cost, timing and effects."""
    l = components.leader(name)
    timing = {"I": " (once, when recruited)", "O": " (from its recruitment on)", "E": ""}[l.timing]
    lines = [
        f"Leader (white card), cost {l.cost} coin" + ("s" if l.cost != 1 else "") + f"; Hungarian: {l.hungarian}.",
        "Effect: " + effects_text(l.effects) + f"{timing}.",
    ]
    see = ["7w.leaders.cost", "7w.leader.timing", "7w.leader.rulings"]
    if l.timing == "E" or l.science:
        see.append("7w.scoring.leaders" if not l.science else "7w.scoring.science")
    return RuleText(l.rule, f"{l.name} (leader)", "\n".join(lines), tuple(see))


def explain_board(name: str) -> list[RuleText]:
    """The rule texts of a board's two sides."""
    b = components.board(name)
    out = []
    for side in (b.a, b.b):
        lines = [f"{b.title}, side {side.side}. Starting resource: {side.resource or 'none'}."]
        if side.board_effects:
            lines.append("Board: " + effects_text(side.board_effects) + ".")
        for st in side.stages:
            lines.append(f"Stage {st.number}: {st.cost.text()} -> " + "; ".join(effect_text(e) for e in st.effects) + ".")
        lines.append(f"Stage VP in all: {sum(st.vp for st in side.stages)}.")
        if b.requires_leaders:
            lines.append("Used only with Leaders.")
        see = ("7w.wonder.boards", "7w.wonder.stage", "7w.wonder.order", "7w.scoring.wonder")
        out.append(RuleText(side.rule, f"{b.name} {side.side}", "\n".join(lines), see))
    return out


def explain(query: str) -> list[RuleText]:
    """The texts of the component(s) named by ``query``: a card, guild, leader or board
    (both sides). ``[]`` when nothing is called so; every candidate when a prefix is shared."""
    index = components.component_index()
    try:
        names = [index.resolve(query)]
    except AmbiguousEntry as exc:
        names = list(exc.candidates)[:6]
    except Exception:
        return []
    out: list[RuleText] = []
    for name in names:
        kind = components.kind_of(name)
        if kind == "card":
            out.append(explain_card(name))
        elif kind == "leader":
            out.append(explain_leader(name))
        else:
            out.extend(explain_board(name))
    return out
