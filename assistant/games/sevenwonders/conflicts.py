"""Which conflict tokens the conflicts can give (``7w.military.resolve``,
``7w.military.leaders``): a check for tokens written down rather than played out (a final
table, a position file picked up in progress).

At the end of each Age every pair of neighbours (seats ``i`` and ``i + 1``, the table
wrapping; in a 2-player game the Free City is a seat like the others) fights once: the stronger
takes the Age's Victory token (+1, +3, +5 in Ages I, II, III), the weaker a Defeat token (-1),
a tie gives neither. Tomyris hands her owner's Defeat token to the neighbour who won. Victory
tokens tell their Age, Defeat tokens do not; so a city's tokens are possible when some result of
every conflict of the Ages fought gives every city exactly its Victory tokens of each Age and
its number of Defeat tokens, all at once (:func:`possible`).

The search goes Age by Age: the results of an Age that give each city its Victory tokens of
that Age (few, since the Victory tokens fix most of them) and the Defeat tokens they hand out;
then the sums of those Defeat tokens over the Ages fought.
"""

from __future__ import annotations

from collections.abc import Sequence

#: The Victory token of each Age; a Defeat token is -1 whatever the Age.
VICTORY = {1: 1, 2: 3, 3: 5}
ROMAN = {1: "I", 2: "II", 3: "III"}
DEFEAT = -1

Vector = tuple[int, ...]


def age_defeats(wins: Sequence[int], tomyris: Sequence[bool]) -> set[Vector]:
    """Every way one Age's conflicts give city ``i`` exactly ``wins[i]`` Victory tokens, as
    the Defeat tokens each city receives from them. ``tomyris[i]``: city ``i`` may have had
    Tomyris in play (her Defeat token then goes to the winner); since when she was in play is
    not known, both ways are kept."""
    n = len(wins)
    found: set[Vector] = set()
    won = [0] * n
    lost = [0] * n

    def walk(edge: int) -> None:
        if edge == n:
            if won == list(wins):
                found.add(tuple(lost))
            return
        a, b = edge, (edge + 1) % n
        walk(edge + 1)  # equal strength: no token
        for winner, loser in ((a, b), (b, a)):
            if won[winner] >= wins[winner]:
                continue
            won[winner] += 1
            takers = (loser, winner) if tomyris[loser] else (loser,)
            for taker in takers:
                lost[taker] += 1
                walk(edge + 1)
                lost[taker] -= 1
            won[winner] -= 1

    walk(0)
    return found


def possible(tokens: Sequence[Sequence[int]], ages: int, tomyris: Sequence[bool] | None = None) -> bool:
    """Whether the conflicts of the first ``ages`` Ages (0 to 3) can give each city (in seat
    order, at least 3: a 2-player game counts the Free City) exactly ``tokens[i]``. A token of
    any other value, or a Victory token of an Age not fought, is never possible."""
    n = len(tokens)
    flags = list(tomyris) if tomyris is not None else [False] * n
    allowed = {VICTORY[a] for a in range(1, ages + 1)} | ({DEFEAT} if ages else set())
    if any(value not in allowed for city in tokens for value in city):
        return False
    target = tuple(list(city).count(DEFEAT) for city in tokens)
    reachable: set[Vector] = {(0,) * n}
    for age in range(1, ages + 1):
        wins = [list(city).count(VICTORY[age]) for city in tokens]
        options = age_defeats(wins, flags)
        sums: set[Vector] = set()
        for before in reachable:
            for defeats in options:
                total = tuple(x + y for x, y in zip(before, defeats))
                if all(t <= most for t, most in zip(total, target)):
                    sums.add(total)
        reachable = sums
        if not reachable:
            return False
    return target in reachable


def unmatched_defeats(tokens: Sequence[Sequence[int]], tomyris: Sequence[bool] | None = None) -> list[int]:
    """The cities holding a Defeat token although neither neighbour holds a Victory token
    (nor, with Tomyris next door, the city itself): the plainest reason tokens are impossible,
    named in the refusal."""
    n = len(tokens)
    flags = list(tomyris) if tomyris is not None else [False] * n
    out = []
    for i, city in enumerate(tokens):
        if DEFEAT not in city:
            continue
        left, right = (i - 1) % n, (i + 1) % n
        beaten = any(v > 0 for v in (*tokens[left], *tokens[right]))
        redirected = (flags[left] or flags[right]) and any(v > 0 for v in city)
        if not beaten and not redirected:
            out.append(i)
    return out


def describe(names: Sequence[str], tokens: Sequence[Sequence[int]]) -> str:
    """The cities' tokens as a refusal shows them: ``Eve +1 +1, Fay -1, Gus none``."""
    return ", ".join(f"{name} " + (" ".join(f"{v:+d}" for v in city) or "none") for name, city in zip(names, tokens))


def refusal(names: Sequence[str], tokens: Sequence[Sequence[int]], ages: int, tomyris: Sequence[bool] | None = None) -> str | None:
    """``None`` when the tokens are :func:`possible`, else the one-sentence reason for the
    ``7w.military.resolve`` refusal: an Age whose Victory tokens alone cannot all be won, or
    else the tokens, the rule, and a city whose Defeat token no neighbour's Victory matches
    when there is one."""
    if possible(tokens, ages, tomyris):
        return None
    flags = list(tomyris) if tomyris is not None else [False] * len(tokens)
    for age in range(1, ages + 1):
        wins = [list(city).count(VICTORY[age]) for city in tokens]
        if not age_defeats(wins, flags):
            holders = ", ".join(f"{name} {w}" for name, w in zip(names, wins) if w)
            return (
                f"the Age {ROMAN[age]} Victory tokens ({holders}) cannot all be won: each pair of neighbours fights"
                " once per Age and gives one token at most, so two neighbours cannot both have beaten each other"
            )
    fought = "Age I" if ages == 1 else "Ages I and II" if ages == 2 else "Ages I, II and III"
    plain = unmatched_defeats(tokens, tomyris)
    why = (
        "; " + ", ".join(names[i] for i in plain) + " holds a Defeat token, but no neighbour holds a Victory token to match it"
        if plain
        else ""
    )
    return (
        f"no results of the conflicts of {fought} give these tokens ({describe(names, tokens)}): each pair of"
        " neighbours fights once per Age, the stronger taking the Age's Victory token and the weaker a Defeat"
        f" token (-1), a tie giving neither{why}"
    )


__all__ = ["DEFEAT", "VICTORY", "age_defeats", "possible", "refusal", "unmatched_defeats"]
