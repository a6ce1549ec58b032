"""Activating a card (roma.actions.activate, roma.cards.*): what each card's choices must be,
and what its effect does to the table. Attacks only set up the battle (rules/battle.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from assistant.core.errors import IllegalMove
from assistant.core import wording
from assistant.games.roma.board import (
    sestertii,
    ATTACKS,
    BRIBE_DISC,
    TARGET_KIND,
    activation_die,
    copy_candidates,
    die_text,
    effective_card,
    legal_targets,
    neighbours,
)
from assistant.games.roma.components import CARDS
from assistant.games.roma.moves import UNKNOWN, Activate
from assistant.games.roma.rules.ledger import discard_from_board, gain_from_stockpile, say, take_from_opponent
from assistant.games.roma.rules.refusals import need_die, need_disc, need_in_hand, need_possible, turn_hint
from assistant.games.roma.state import PendingBattle, RomaState, evolve, from_hand, pile_fields, remove_die, with_item


def check_activate(state: RomaState, move: Activate) -> None:
    """An activation: a face-up, not blocked, activatable card on the disc, the right
    die (or the bribe's price), and the choices its card needs (copy, target, vp, change,
    buy, take, lay, move), nothing it does not take."""
    me = state.active
    name = state.player
    need_disc(state, move.disc, "roma.actions.activate")
    card = state.card_at(me, move.disc)
    if card is None:
        raise IllegalMove("roma.actions.activate", f"{name} has no card on disc {move.disc}", hint=turn_hint(state))
    ctype = CARDS[card]
    if ctype.activation == "passive":
        raise IllegalMove(
            ctype.rule_id,
            f"{name}'s {card} on disc {move.disc} is never activated: it works on its own while it lies face up",
            hint=turn_hint(state),
        )
    if move.disc in state.blocked[me]:
        raise IllegalMove(
            "roma.cards.praetorianus",
            f"{name}'s disc {move.disc} is blocked by a Praetorianus this turn; {card} cannot be activated",
            hint=turn_hint(state),
        )
    if move.disc == BRIBE_DISC:
        if move.die is None:
            raise IllegalMove("roma.bribe", f"say which die {name} puts on the bribe disc", hint="activate 7 die N")
        need_die(state, move.die, "bribe with")
        if state.money[me] < move.die:
            raise IllegalMove(
                "roma.bribe",
                f"the bribe disc costs {sestertii(move.die)} for a {move.die}; {name} has {state.money[me]}",
                hint="use a smaller die or take money first",
            )
    else:
        if move.die is not None and move.die != move.disc:
            raise IllegalMove(
                "roma.actions.activate",
                f"{name}'s disc {move.disc} is activated only by a die showing {move.disc}, not {move.die}",
                hint=f"activate {move.disc}" + (f" vp {move.die}" if CARDS[card].effect == "forum" else ""),
            )
        need_die(state, move.disc, f"activate disc {move.disc}")
    _check_copy(state, move, card)
    effect_name = effective_card(state, move)
    assert effect_name is not None
    effect = CARDS[effect_name].effect
    rule = CARDS[effect_name].rule_id
    rest = list(state.dice or ())
    rest.remove(activation_die(move))  # type: ignore[arg-type]
    _refuse_extra(move, effect, rule, effect_name)
    if effect in TARGET_KIND or effect in ATTACKS:
        _check_target(state, move, effect, rule, effect_name)
    entry = EFFECTS.get(effect)
    if entry is not None:
        entry.check(state, move, rest, effect_name)


def _check_copy(state: RomaState, move: Activate, card: str) -> None:
    """Scaenicus (and A11, a Scaenicus copying the other one): it names a face-up character
    of its owner to copy; any other card takes no 'copy'."""
    me = state.active
    name = state.player
    if card == "Scaenicus":
        options = copy_candidates(state, me)
        if move.via is not None or move.copy == "Scaenicus":
            # A11: the other Scaenicus does what it copies, as if it stood on this disc
            others = sum(1 for d, c in enumerate(state.boards[me], 1) if c == "Scaenicus" and d != move.disc)
            if not others:
                raise IllegalMove(
                    "roma.rulings.a11",
                    f"{name} has no other face-up Scaenicus to copy",
                    hint=("copy " + " / ".join(options)) if options else "there is nothing to copy",
                )
            if move.copy is None or move.copy == "Scaenicus":
                raise IllegalMove(
                    "roma.rulings.a11",
                    f"the other Scaenicus copies one of {name}'s face-up characters: name it",
                    hint=(" / ".join(f"copy Scaenicus {c}" for c in options)) if options else "there is nothing to copy",
                )
        if move.copy is None:
            raise IllegalMove(
                "roma.cards.scaenicus",
                f"{name}'s Scaenicus must copy one of {name}'s face-up characters",
                hint=("copy " + " / ".join(options)) if options else "there is nothing to copy",
            )
        if move.copy not in options:
            raise IllegalMove(
                "roma.cards.scaenicus",
                f"{name} has no face-up {move.copy} to copy" + ("" if move.copy not in CARDS or CARDS[move.copy].kind == "character" else " (a Scaenicus copies characters only)"),
                hint=("copy " + " / ".join(options)) if options else None,
            )
    elif move.copy is not None or move.via is not None:
        raise IllegalMove(
            "roma.cards.scaenicus",
            f"only a Scaenicus copies; {name}'s disc {move.disc} holds {card}",
            hint=f"activate {move.disc}" + (f" die {move.die}" if move.disc == BRIBE_DISC and move.die else ""),
        )


def _refuse_extra(move: Activate, effect: str, rule: str, card: str) -> None:
    """Refuse choices the activated card does not take (``target`` on a Legat...)."""
    allowed = {
        "forum": {"vp"},
        "adjust_unused_die": {"change"},
        "buy_vp_from_opponent": {"buy"},
        "search_draw_pile": {"take"},
        "retrieve_character_from_discard": {"take"},
        "lay_free_buildings": {"lays"},
        "lay_free_characters": {"lays"},
        "rearrange_characters": {"moves"},
        "rearrange_buildings": {"moves"},
    }.get(effect, set())
    if effect in TARGET_KIND or effect in ATTACKS:
        allowed = {"target"}
    given = {
        "vp": bool(move.vp), "change": move.change is not None, "buy": move.buy is not None,
        "take": move.take is not None, "lays": bool(move.lays), "moves": bool(move.moves),
        "target": move.target is not None,
    }
    words = {"lays": "lay", "moves": "move"}
    for key, present in given.items():
        if present and key not in allowed:
            word = words.get(key, key)
            plain = f"activate {move.disc}" + (f" die {move.die}" if move.disc == BRIBE_DISC and move.die else "")
            if move.copy is not None:
                plain += f" copy {move.copy}"
            takes = ", ".join(f"'{words.get(k, k)}'" for k in sorted(allowed))
            raise IllegalMove(
                rule,
                f"{move.player}'s {card} takes no '{word}'",
                hint=f"{plain} ... with {takes}" if takes else plain,
            )


def _check_target(state: RomaState, move: Activate, effect: str, rule: str, card: str) -> None:
    opp = state.opponent
    targets = legal_targets(state, effect, move.disc)
    if effect in ("attack_opposite", "attack_opposite_with_boost"):
        if move.target is not None and move.target != move.disc:
            raise IllegalMove(
                rule,
                f"{state.player}'s {card} on disc {move.disc} attacks only the card opposite it "
                f"(disc {move.disc}), not disc {move.target}",
                hint=f"activate {move.disc}" + (f" die {move.die}" if move.disc == BRIBE_DISC else ""),
            )
        if not targets:
            raise IllegalMove(
                "roma.rulings.a14",
                f"{state.player}'s {card} on disc {move.disc} has nothing to attack: {state.seats[opp]} has no card opposite",
                hint=turn_hint(state),
            )
        return
    if not targets:
        kind = TARGET_KIND[effect]
        raise IllegalMove(
            "roma.rulings.a14",
            f"{state.seats[opp]} has no face-up {kind} for {state.player}'s {card} to target",
            hint=turn_hint(state),
        )
    if move.target is None:
        raise IllegalMove(rule, f"say which of {state.seats[opp]}'s discs {card} targets", hint="target " + " / ".join(map(str, targets)))
    if move.target not in targets:
        if not 1 <= move.target <= state.discs:
            need_disc(state, move.target, rule)
        held = state.card_at(opp, move.target)
        what = f"holds {held}" if held else "is empty"
        raise IllegalMove(
            rule,
            f"{card} targets a {TARGET_KIND[effect]}, and {state.seats[opp]}'s disc {move.target} {what}",
            hint="target " + " / ".join(map(str, targets)),
        )


def _check_forum(state: RomaState, move: Activate, rest: list[int]) -> None:
    me = state.active
    rule = "roma.cards.forum"
    if not move.vp:
        raise IllegalMove(
            rule,
            f"the Forum needs a second unused die for its VP (dice left: {die_text(tuple(rest))})",
            hint=("vp " + " / ".join(str(v) for v in sorted(set(rest)))) if rest else "no die is left",
        )
    missing = Counter(move.vp) - Counter(rest)
    if missing:
        raise IllegalMove(
            "roma.actions.dice",
            f"{state.player} has no unused die showing {', '.join(map(str, missing))} for the Forum (left: {die_text(tuple(rest))})",
            hint=("vp " + " / ".join(str(v) for v in sorted(set(rest)))) if rest else "no die is left",
        )
    if len(move.vp) == 2:
        if not any(state.card_at(me, d) == "Templum" for d in neighbours(state, move.disc)):
            raise IllegalMove(
                "roma.cards.templum",
                f"a third die needs a Templum next to {state.player}'s Forum on disc {move.disc}",
                hint=" / ".join(f"vp {v}" for v in sorted(set(move.vp))),
            )


def _check_rearrange(state: RomaState, move: Activate, effect: str, rule: str, card: str) -> None:
    me = state.active
    kind = "character" if effect == "rearrange_characters" else "building"
    own = Counter(c for c in state.boards[me] if c is not None and CARDS[c].kind == kind)
    given = Counter(c for c, _ in move.moves)
    if given != own:
        listing = " ".join(f"{c} {d}" for d, c in enumerate(state.boards[me], 1) if c is not None and CARDS[c].kind == kind)
        raise IllegalMove(
            "roma.rulings.a12",
            f"the {card} picks up all of {state.player}'s {kind}s and lays every one again: name each with its new disc",
            hint="move " + listing,
        )
    discs = [d for _, d in move.moves]
    if len(set(discs)) != len(discs):
        twice = next(d for d in discs if discs.count(d) > 1)
        raise IllegalMove(rule, f"{state.player} may lay only one card per disc, and disc {twice} is named twice", hint="move " + " ".join(f"{c} {d}" for d, c in enumerate(state.boards[me], 1) if c is not None and CARDS[c].kind == kind))
    for d in discs:
        need_disc(state, d, rule)


def apply_activate(state: RomaState, move: Activate) -> RomaState:
    """The die is used (and the bribe paid), then the card's effect happens; an attack
    only sets up the pending battle."""
    me = state.active
    name = state.seats[me]
    die = activation_die(move)
    assert die is not None and state.dice is not None
    state = evolve(state, dice=remove_die(state.dice, die))
    if move.disc == BRIBE_DISC:
        state = evolve(state, money=with_item(state.money, me, state.money[me] - die))
        state = say(state, f"{name} pays {sestertii(die)} on the bribe disc")
    card = effective_card(state, move)
    assert card is not None
    label = card if move.copy is None else f"Scaenicus (as {card})" if move.via is None else f"Scaenicus (as the other Scaenicus, as {card})"
    effect = CARDS[card].effect
    cause = card if move.copy is None else f"Scaenicus as {card}"  # the VP ledger's name of the card (D15)
    entry = EFFECTS.get(effect)
    if entry is None:
        raise AssertionError(f"unhandled effect {effect}")
    return entry.apply(state, move, label, cause)


# --- One small check and one small apply per card effect, collected in EFFECTS ---------------
# A check gets the state, the move, the dice left after the activation die and the name of the
# card whose effect happens (the copied card for a Scaenicus); it raises IllegalMove or returns.
# An apply gets the state (activation die already used, bribe paid), the move, the label the
# report names the card by and the VP ledger's cause; it returns the new state.

CheckFn = Callable[[RomaState, Activate, list[int], str], None]
ApplyFn = Callable[[RomaState, Activate, str, str], RomaState]


@dataclass(frozen=True)
class Effect:
    """What one card effect checks about the activation's choices, and what it does."""

    check: CheckFn
    apply: ApplyFn


def _check_nothing(state: RomaState, move: Activate, rest: list[int], card: str) -> None:
    """Effects whose choices are all checked in common (target, extra choices): nothing more."""


def _check_forum_effect(state: RomaState, move: Activate, rest: list[int], card: str) -> None:
    """Forum: the VP dice must be unused, and a third die needs a neighbouring Templum."""
    _check_forum(state, move, rest)


def _check_consul(state: RomaState, move: Activate, rest: list[int], card: str) -> None:
    """Consul: one other unused die changes by exactly 1, staying between 1 and 6."""
    rule = CARDS[card].rule_id
    name = state.player
    if move.change is None:
        raise IllegalMove(rule, f"say which unused die the Consul changes and to what (dice left: {die_text(tuple(rest))})", hint="change 5 to 6")
    a, b = move.change
    if a not in rest:
        raise IllegalMove(
            rule,
            f"{name} has no other unused die showing {a} (left after the Consul's die: {die_text(tuple(rest))})",
            hint=" / ".join(f"change {v} to {w}" for v in sorted(set(rest)) for w in (v - 1, v + 1) if 1 <= w <= 6) or "no other die is left",
        )
    options = [str(v) for v in (a - 1, a + 1) if 1 <= v <= 6]
    if abs(a - b) != 1:
        raise IllegalMove(
            rule,
            f"{name}'s Consul changes a die by exactly 1: {a} can become {' or '.join(options)}, not {b}",
            hint=" / ".join(f"change {a} to {v}" for v in options),
        )
    if not 1 <= b <= 6:
        raise IllegalMove(
            "roma.rulings.a13",
            f"a die stays between 1 and 6: {name}'s {a} cannot become {b}",
            hint=" / ".join(f"change {a} to {v}" for v in options),
        )


def _check_buy_vp(state: RomaState, move: Activate, rest: list[int], card: str) -> None:
    """Buying VP: 2 sestertii each (after any bribe), and no more than the opponent has."""
    rule = CARDS[card].rule_id
    me, opp = state.active, state.opponent
    n = move.buy or 0
    money = state.money[me] - (move.die if move.disc == BRIBE_DISC and move.die else 0)
    if 2 * n > money:
        after = f" after paying {move.die} for the bribe disc" if move.disc == BRIBE_DISC and move.die else ""
        raise IllegalMove(rule, f"{n} VP cost {sestertii(2 * n)}; {state.player} has {money}{after}", hint=f"buy {min(money // 2, state.vp[opp])}")
    if n > state.vp[opp]:
        raise IllegalMove(rule, f"{state.seats[opp]} has only {state.vp[opp]} VP to sell", hint=f"buy {min(money // 2, state.vp[opp])}")


def _check_search_draw(state: RomaState, move: Activate, rest: list[int], card: str) -> None:
    """Haruspex: a named card, from a draw pile that is not empty and could hold it."""
    rule = CARDS[card].rule_id
    if move.take is None:
        raise IllegalMove(rule, "name the card taken from the draw pile", hint="take CARD")
    if state.draw == 0:
        raise IllegalMove(
            "roma.rulings.a16",
            f"the draw pile is empty: {state.player}'s Haruspex finds nothing to take",
            hint=turn_hint(state),
        )
    need_possible(state, (move.take,), "in the draw pile")


def _check_retrieve(state: RomaState, move: Activate, rest: list[int], card: str) -> None:
    """Aesculapinum: a named character that is (or could be) on the discard pile."""
    rule = CARDS[card].rule_id
    if move.take is None or move.take == UNKNOWN:
        known = sorted({c for c in state.discard if CARDS[c].kind == "character"})
        raise IllegalMove(
            rule if move.take is None else "roma.hidden.public",
            "name the character taken from the discard pile (it lies face up: everybody sees it)",
            hint=("take " + " / ".join(known)) if known else "take CARD",
        )
    if CARDS[move.take].kind != "character":
        known = sorted({c for c in state.discard if CARDS[c].kind == "character"})
        raise IllegalMove(
            rule,
            f"{state.player}'s Aesculapinum takes back a character, and {move.take} is a building",
            hint=("take " + " / ".join(known)) if known else "take CHARACTER",
        )
    if move.take not in state.discard:
        if state.unknown_discards == 0:
            known = sorted({c for c in state.discard if CARDS[c].kind == "character"})
            raise IllegalMove(
                "roma.rulings.a16" if not known else rule,
                f"there is no {move.take} on the discard pile",
                hint=("take " + " / ".join(known)) if known else "the discard pile holds no character",
            )
        need_possible(state, (move.take,), "on the discard pile")


def _check_lay_free(state: RomaState, move: Activate, rest: list[int], card: str) -> None:
    """Architectus / Senator: cards from hand of the card's kind, each on a real disc."""
    rule = CARDS[card].rule_id
    kind = "building" if CARDS[card].effect == "lay_free_buildings" else "character"
    need_in_hand(state, state.active, tuple(c for c, _ in move.lays), rule)
    for c, d in move.lays:
        if CARDS[c].kind != kind:
            raise IllegalMove(
                rule,
                f"{state.player}'s {card} lays {kind}s only, and {c} is a {CARDS[c].kind}",
                hint=f"{wording.a(CARDS[c].kind)} is laid with 'lay {c} {d}' (paying {CARDS[c].cost})",
            )
        need_disc(state, d, rule)


def _check_rearrange_effect(state: RomaState, move: Activate, rest: list[int], card: str) -> None:
    """Rearranging: every own card of the kind is laid again, one per disc."""
    _check_rearrange(state, move, CARDS[card].effect, CARDS[card].rule_id, card)


def _apply_forum(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """Forum: the VP dice are used; their pips plus 2 per neighbouring Basilica from the stockpile."""
    me = state.active
    dice = state.dice
    assert dice is not None  # the dice left after the Forum's die
    for v in move.vp:
        dice = remove_die(dice, v)
    basilicas = sum(1 for d in neighbours(state, move.disc) if state.card_at(me, d) == "Basilica")
    gain = sum(move.vp) + 2 * basilicas
    parts = [f"die {move.vp[0]}"] + [f"Templum die {v}" for v in move.vp[1:]]
    parts += ["2 Basilica"] * basilicas
    state = say(state, f"Forum: {state.seats[me]} +{gain} VP ({' + '.join(parts)})")
    causes = (("Forum", move.vp[0]), ("Templum", sum(move.vp[1:])), ("Basilica", 2 * basilicas))
    return gain_from_stockpile(evolve(state, dice=dice), me, causes)


def _apply_vp_per_empty_disc(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """1 VP from the stockpile per empty opponent disc."""
    me, opp = state.active, state.opponent
    empty = state.empty_discs(opp)
    state = say(state, f"{label}: {state.seats[me]} +{empty} VP from the stockpile ({state.seats[opp]} has {empty} empty disc{'s' if empty != 1 else ''})")
    return gain_from_stockpile(state, me, ((cause, empty),))


def _apply_vp_per_forum(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """Mercatus: 1 VP per opponent Forum, from the stockpile or the opponent (as configured)."""
    me, opp = state.active, state.opponent
    name, other = state.seats[me], state.seats[opp]
    forums = sum(1 for c in state.boards[opp] if c == "Forum")
    if state.mercatus == "stockpile":
        state = say(state, f"{label}: {name} +{forums} VP from the stockpile ({other} has {forums} Forum)")
        return gain_from_stockpile(state, me, ((cause, forums),))
    paid = min(forums, state.vp[opp])
    state = say(state, f"{label}: {name} takes {paid} VP from {other} ({other} has {forums} Forum)")
    return take_from_opponent(state, me, forums, cause)


def _apply_steal_vp(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """1 VP taken from the opponent."""
    me, opp = state.active, state.opponent
    state = say(state, f"{label}: {state.seats[me]} takes 1 VP from {state.seats[opp]}")
    return take_from_opponent(state, me, 1, cause)


def _apply_buy_vp(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """VP bought from the opponent at 2 sestertii each."""
    me, opp = state.active, state.opponent
    n = move.buy or 0
    money = with_item(state.money, me, state.money[me] - 2 * n)
    money = with_item(money, opp, money[opp] + 2 * n)
    state = say(state, f"{label}: {state.seats[me]} buys {n} VP from {state.seats[opp]} for {sestertii(2 * n)}")
    return take_from_opponent(evolve(state, money=money), me, n, cause)


def _apply_consul(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """Consul: one unused die changes value."""
    assert move.change is not None
    a, b = move.change
    state = say(state, f"{label}: {state.seats[state.active]}'s die {a} becomes {b}")
    assert state.dice is not None
    return evolve(state, dice=tuple(sorted(remove_die(state.dice, a) + (b,))))


def _apply_lower_defence(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """Essedum: the opponent's cards lose 2 defence (more per Essedum) this turn."""
    state = evolve(state, essedum=state.essedum + 1)
    return say(state, f"{label}: {state.seats[state.opponent]}'s cards have -{2 * state.essedum} defence until the end of this turn")


def _apply_block_disc(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """Praetorianus: an opponent disc is blocked during the opponent's next turn."""
    assert move.target is not None
    opp = state.opponent
    other = state.seats[opp]
    state = say(state, f"{label}: {other}'s disc {move.target} is blocked during {other}'s next turn")
    return evolve(state, blocked=with_item(state.blocked, opp, state.blocked[opp] | {move.target}))


def _apply_destroy_and_self(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """The targeted opponent card and the activated card both go to the discard pile."""
    assert move.target is not None
    me, opp = state.active, state.opponent
    victim = state.card_at(opp, move.target)
    own = state.card_at(me, move.disc)
    state = discard_from_board(state, opp, move.target)
    state = say(state, f"{label}: {state.seats[opp]}'s {victim} on disc {move.target} and {state.seats[me]}'s {own} go to the discard pile")
    return discard_from_board(state, me, move.disc)


def _apply_return_to_hand(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """The targeted opponent character goes back to the opponent's hand."""
    assert move.target is not None
    opp = state.opponent
    other = state.seats[opp]
    target = state.card_at(opp, move.target)
    assert target is not None
    board = with_item(state.boards[opp], move.target - 1, None)
    state = say(state, f"{label}: {other}'s {target} on disc {move.target} goes back to {other}'s hand")
    return evolve(
        state,
        boards=with_item(state.boards, opp, board),
        hands=with_item(state.hands, opp, tuple(sorted(state.hands[opp] + (target,)))),
    )


def _apply_attack(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """An attack only sets up the pending battle (rules/battle.py resolves it)."""
    effect = CARDS[effective_card(state, move) or ""].effect
    target_disc = move.target if move.target is not None else move.disc
    return evolve(
        state,
        battle=PendingBattle(label, move.disc, target_disc, effect == "attack_opposite_with_boost"),
    )


def _apply_search_draw(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """Haruspex: the named card goes from the draw pile into hand (unseen by the opponent)."""
    assert move.take is not None
    me = state.active
    # the card taken is not named in the report: the opponent does not see it
    state = say(state, f"{label}: {state.seats[me]} takes a card from the draw pile and shuffles it")
    return evolve(
        state,
        draw=state.draw - 1,
        hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.take,)))),
    )


def _apply_retrieve(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """Aesculapinum: the named character goes from the discard pile into hand."""
    assert move.take is not None
    me = state.active
    # the topmost copy named on the pile, else the topmost unnamed card (D29: the rest of
    # the pile keeps its order)
    pile = list(state.discard_pile())
    taken = move.take if move.take in state.discard else UNKNOWN
    del pile[len(pile) - 1 - pile[::-1].index(taken)]
    state = evolve(state, **pile_fields(pile))
    state = say(state, f"{label}: {state.seats[me]} takes {move.take} from the discard pile into hand")
    return evolve(state, hands=with_item(state.hands, me, tuple(sorted(state.hands[me] + (move.take,)))))


def _apply_lay_free(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """Architectus / Senator: cards laid from hand without paying; covered cards are discarded."""
    me = state.active
    laid = ", ".join(f"{c} on disc {d}" for c, d in move.lays) or "nothing"
    state = say(state, f"{label}: {state.seats[me]} lays {laid} free")
    for c, d in move.lays:
        covered = state.card_at(me, d)
        board = with_item(state.boards[me], d - 1, c)
        state = evolve(
            state,
            hands=with_item(state.hands, me, from_hand(state.hands[me], (c,))),
            boards=with_item(state.boards, me, board),
            discard=state.discard + ((covered,) if covered else ()),
        )
        if covered:
            state = say(state, f"{covered} on disc {d} is covered and goes to the discard pile")
    return state


def _apply_rearrange(state: RomaState, move: Activate, label: str, cause: str) -> RomaState:
    """Own cards of one kind are laid out again; cards covered are discarded."""
    me = state.active
    effect = CARDS[effective_card(state, move) or ""].effect
    kind = "character" if effect == "rearrange_characters" else "building"
    layout = [c if c is not None and CARDS[c].kind != kind else None for c in state.boards[me]]
    discarded: list[str] = []
    for c, d in move.moves:
        held = layout[d - 1]
        if held is not None:
            discarded.append(held)
        layout[d - 1] = c
    state = say(state, f"{label}: {state.seats[me]} lays out {kind}s again: " + ", ".join(f"{c} {d}" for c, d in move.moves))
    if discarded:
        state = say(state, f"covered and discarded: {', '.join(discarded)}")
    return evolve(
        state, boards=with_item(state.boards, me, tuple(layout)), discard=state.discard + tuple(discarded)
    )


EFFECTS: dict[str, Effect] = {
    "forum": Effect(_check_forum_effect, _apply_forum),
    "vp_per_empty_opponent_disc": Effect(_check_nothing, _apply_vp_per_empty_disc),
    "vp_per_opponent_forum": Effect(_check_nothing, _apply_vp_per_forum),
    "steal_vp": Effect(_check_nothing, _apply_steal_vp),
    "buy_vp_from_opponent": Effect(_check_buy_vp, _apply_buy_vp),
    "adjust_unused_die": Effect(_check_consul, _apply_consul),
    "lower_opponent_defence": Effect(_check_nothing, _apply_lower_defence),
    "block_opponent_disc": Effect(_check_nothing, _apply_block_disc),
    "destroy_character_and_self": Effect(_check_nothing, _apply_destroy_and_self),
    "destroy_building_and_self": Effect(_check_nothing, _apply_destroy_and_self),
    "return_character_to_hand": Effect(_check_nothing, _apply_return_to_hand),
    "attack_opposite": Effect(_check_nothing, _apply_attack),
    "attack_opposite_with_boost": Effect(_check_nothing, _apply_attack),
    "attack_character": Effect(_check_nothing, _apply_attack),
    "attack_building": Effect(_check_nothing, _apply_attack),
    "search_draw_pile": Effect(_check_search_draw, _apply_search_draw),
    "retrieve_character_from_discard": Effect(_check_retrieve, _apply_retrieve),
    "lay_free_buildings": Effect(_check_lay_free, _apply_lay_free),
    "lay_free_characters": Effect(_check_lay_free, _apply_lay_free),
    "rearrange_characters": Effect(_check_rearrange_effect, _apply_rearrange),
    "rearrange_buildings": Effect(_check_rearrange_effect, _apply_rearrange),
}
"""Each activatable card effect: its check of the move's choices and its apply (the table
replaces the old ``if effect == ...`` chains, so a new card is one entry plus two functions)."""
