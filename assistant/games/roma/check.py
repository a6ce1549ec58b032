"""Roma's legality: ``check`` raises :class:`IllegalMove` for everything the rules forbid
now, citing a rule id of ``data/roma/rules.md``, naming the player and the thing, with a hint of
what is legal instead where there is one."""

from __future__ import annotations

from collections import Counter

from assistant.core.errors import IllegalMove
from assistant.games.roma.board import (
    ATTACKS,
    BRIBE_DISC,
    TARGET_KIND,
    activation_die,
    copy_candidates,
    die_text,
    effective_card,
    legal_targets,
    may_reroll,
    neighbours,
    placing_player,
    setup_hint,
)
from assistant.games.roma.cards import CARDS
from assistant.games.roma.legal import activatable
from assistant.games.roma.moves import (
    Activate,
    Battle,
    End,
    Give,
    Hand,
    Lay,
    Money,
    Place,
    Roll,
    RomaMove,
    Start,
    TakeCards,
)
from assistant.games.roma.state import HAND_SIZE, SWAP_SIZE, RomaState

def check(state: RomaState, move: RomaMove) -> None:
    if state.over:
        raise IllegalMove("roma.end", f"the game is over ({state.ended}); no more entries are taken", hint="undo the last entry if it was a mistake")
    if move.player not in state.seats:
        raise IllegalMove("roma.turn", f"'{move.player}' does not play in this game", hint="players: " + ", ".join(state.seats))
    if state.in_setup:
        _check_setup(state, move)
        return
    if isinstance(move, (Start, Hand, Give, Place)):
        raise IllegalMove("roma.setup", f"the set-up is over; '{move.notation()}' is a set-up entry", hint=_turn_hint(state))
    if move.player != state.player:
        raise IllegalMove(
            "roma.turn", f"it is {state.player}'s turn, not {move.player}'s", hint=_turn_hint(state)
        )
    if state.battle is not None:
        if not isinstance(move, Battle):
            b = state.battle
            raise IllegalMove(
                "roma.battle",
                f"{state.player}'s {b.attacker} attack on disc {b.target} waits for the battle die",
                hint="battle N (the white die)",
            )
        _check_battle(state, move)
        return
    if isinstance(move, Battle):
        raise IllegalMove("roma.battle", "no attack is waiting for the battle die", hint=_turn_hint(state))
    if isinstance(move, Roll):
        _check_roll(state, move)
        return
    if state.dice is None:
        raise IllegalMove(
            "roma.phase2.roll", f"{state.player} must roll the three action dice first", hint="roll A B C"
        )
    if isinstance(move, End):
        return
    if isinstance(move, Lay):
        _check_lay(state, move)
    elif isinstance(move, Money):
        _need_die(state, move.die, "take money")
    elif isinstance(move, TakeCards):
        _check_cards(state, move)
    elif isinstance(move, Activate):
        _check_activate(state, move)


def _turn_hint(state: RomaState) -> str:
    if state.battle is not None:
        return "battle N"
    if state.dice is None:
        return f"{state.player}: roll A B C"
    usable = activatable(state)
    cards = f"; activate: {', '.join(usable)}" if usable else ""
    others = "lay, money, cards, end" if state.dice else "lay (no die needed) or end"
    return f"{state.player}: dice left {die_text(state.dice)}{cards}; or {others}"


def _check_setup(state: RomaState, move: RomaMove) -> None:
    i = state.index(move.player)
    name = move.player
    if isinstance(move, Start):
        if state.starter is not None:
            raise IllegalMove("roma.setup.start", f"{state.seats[state.starter]} was already named start player", hint=setup_hint(state))
        return
    if isinstance(move, Hand):
        if state.dealt[i]:
            raise IllegalMove("roma.setup.hands", f"{name}'s 4 cards were already entered", hint=setup_hint(state))
        if len(move.cards) != HAND_SIZE:
            raise IllegalMove("roma.setup.hands", f"{name} is dealt 4 cards, not {len(move.cards)}", hint="hand NAME card card card card")
        _check_possible(state, move.cards, f"dealt to {name}")
        return
    if isinstance(move, Give):
        if not (state.dealt[0] and state.dealt[1]):
            raise IllegalMove("roma.setup.swap", "both players' 4 cards are entered before the swap", hint="hand NAME card card card card")
        if state.swapped or state.given[i] is not None:
            raise IllegalMove("roma.setup.swap", f"{name} has already given 2 cards", hint=setup_hint(state))
        if len(move.cards) != SWAP_SIZE:
            raise IllegalMove("roma.setup.swap", f"{name} gives exactly 2 cards, not {len(move.cards)}", hint=f"give {name} card card")
        _need_in_hand(state, i, move.cards, "roma.setup.swap")
        return
    if isinstance(move, Place):
        if not state.swapped:
            raise IllegalMove("roma.setup.place", "the cards are laid out after both players gave 2 cards", hint="give NAME card card")
        if state.starter is None:
            raise IllegalMove("roma.setup.place", "say first who starts (the younger player)", hint="start NAME")
        expected = placing_player(state)
        if state.placed[i]:
            raise IllegalMove("roma.setup.place", f"{name} has already laid out their 4 cards", hint=f"place {expected} ...")
        if name != expected:
            raise IllegalMove(
                "roma.setup.place", f"{expected} is the start player and lays out first, not {name}", hint=f"place {expected} ..."
            )
        hand = state.hands[i]
        if Counter(c for c, _ in move.placements) != Counter(hand):
            raise IllegalMove(
                "roma.setup.place",
                f"{name} lays out exactly the 4 cards in hand: {', '.join(hand)}",
                hint=f"place {name} " + " ".join(f"{c} {d}" for d, c in enumerate(hand, 1)),
            )
        discs = [d for _, d in move.placements]
        if len(set(discs)) != len(discs):
            free = [d for d in range(1, state.discs + 1) if d not in discs]
            fixed, seen_discs = [], set()
            for c, d in move.placements:
                if d in seen_discs or not 1 <= d <= state.discs:
                    d = free.pop(0)
                seen_discs.add(d)
                fixed.append(f"{c} {d}")
            raise IllegalMove(
                "roma.setup.place",
                f"{name} may lay only one card per disc, and disc {next(d for d in discs if discs.count(d) > 1)} is named twice",
                hint=f"place {name} " + " ".join(fixed),
            )
        for d in discs:
            _need_disc(state, d, "roma.setup.place")
        return
    raise IllegalMove("roma.setup", f"the set-up is not finished: {setup_hint(state)}", hint=setup_hint(state))


def _check_possible(state: RomaState, cards: tuple[str, ...] | list[str], where: str, extra: Counter[str] | None = None) -> None:
    """Refuse cards that cannot come from the draw pile: every copy is already seen."""
    need = Counter(cards)
    seen = state.seen()
    if extra:
        seen = seen - extra
    for name, n in need.items():
        left = CARDS[name].copies - seen[name]
        if n > left:
            copies = CARDS[name].copies
            what = f"a {name}" if n == 1 else f"{n} × {name}"
            raise IllegalMove(
                "roma.deck",
                f"{what} cannot be {where}: the deck has {'only ' if seen[name] == 0 else ''}{copies}"
                + (
                    f", and {seen[name]} {'is' if seen[name] == 1 else 'are'} already on the boards, "
                    "in the hands or face up on the discard pile"
                    if seen[name]
                    else ""
                ),
                hint="check the card's name",
            )


def _need_in_hand(state: RomaState, i: int, cards: tuple[str, ...], rule: str) -> None:
    """Refuse cards the player does not hold. The hand is hidden (the opponent may be reading
    the screen), so the refusal does not list it; it says where the card is if it is in view."""
    missing = Counter(cards) - Counter(state.hands[i])
    if missing:
        name = state.seats[i]
        held = len(state.hands[i])
        what = ", ".join(f"{n} × {c}" if n > 1 else c for c, n in missing.items())
        where = [f"disc {d}" for d, c in enumerate(state.boards[i], 1) if c in missing]
        seen = f" ({' and '.join(where)} of {name}'s board holds it)" if where else ""
        raise IllegalMove(
            rule,
            f"{name} has no {what} in hand{seen}",
            hint=f"{name} holds {held} card{'s' if held != 1 else ''}; 'state --reveal' shows the hand",
        )


def _need_disc(state: RomaState, disc: int, rule: str) -> None:
    if not 1 <= disc <= state.discs:
        extra = " (the bribe disc 7 is only in play with the option bribe=on)" if disc == BRIBE_DISC else ""
        raise IllegalMove(rule, f"there is no disc {disc}{extra}", hint=f"discs 1 to {state.discs}")


def _need_die(state: RomaState, value: int, what: str) -> None:
    """Refuse a die value the player has no longer unused (rule roma.actions.dice)."""
    assert state.dice is not None
    if value not in state.dice:
        raise IllegalMove(
            "roma.actions.dice",
            f"{state.player} has no unused die showing {value} to {what} (unused dice: {die_text(state.dice)})",
            hint=_turn_hint(state),
        )


def _check_roll(state: RomaState, move: Roll) -> None:
    if not move.reroll:
        if state.dice is not None:
            hint = "reroll A B C" if may_reroll(state) else _turn_hint(state)
            raise IllegalMove("roma.phase2.roll", f"{state.player} has already rolled this turn", hint=hint)
        return
    if state.dice is None:
        raise IllegalMove("roma.phase2.reroll", f"{state.player} has not rolled yet", hint="roll A B C")
    if not may_reroll(state):
        if state.acted:
            reason = "actions have already been taken this turn"
        else:
            reason = f"the dice {die_text(state.dice)} are not a triple"
        raise IllegalMove("roma.phase2.reroll", f"{state.player} may not re-roll: {reason}", hint=_turn_hint(state))


def _check_lay(state: RomaState, move: Lay) -> None:
    me = state.active
    _need_in_hand(state, me, (move.card,), "roma.actions.lay")
    _need_disc(state, move.disc, "roma.actions.lay")
    cost = CARDS[move.card].cost
    if state.money[me] < cost:
        raise IllegalMove(
            "roma.actions.lay",
            f"{state.player} cannot lay {move.card}: it costs {cost} sestertii and {state.player} has {state.money[me]}",
            hint="take money first (money N)",
        )


def _check_cards(state: RomaState, move: TakeCards) -> None:
    _need_die(state, move.die, "take cards")
    available = state.draw + len(state.discard) + state.unknown_discards
    drawn = min(move.die, available)
    if drawn == 0:
        raise IllegalMove(
            "roma.actions.cards",
            f"{state.player} cannot take cards: the draw pile and the discard pile are both empty",
            hint=_turn_hint(state),
        )
    if len(move.discards) > drawn - 1:
        raise IllegalMove(
            "roma.actions.cards",
            f"{state.player} draws {drawn} and keeps 1, so at most {drawn - 1} cards are discarded, not {len(move.discards)}",
            hint=f"cards {move.die} keep {move.keep}" + (" discard " + " ".join(move.discards[: drawn - 1]) if drawn > 1 else ""),
        )
    # A15: when the draw pile runs out in the middle, the discard pile is shuffled into a new one.
    reshuffled = Counter(state.discard) if move.die > state.draw else Counter()
    _check_possible(state, (move.keep, *move.discards), "drawn now", extra=reshuffled)


def _check_activate(state: RomaState, move: Activate) -> None:
    me, opp = state.active, state.opponent
    name = state.player
    _need_disc(state, move.disc, "roma.actions.activate")
    card = state.card_at(me, move.disc)
    if card is None:
        raise IllegalMove("roma.actions.activate", f"{name} has no card on disc {move.disc}", hint=_turn_hint(state))
    ctype = CARDS[card]
    if ctype.activation == "passive":
        raise IllegalMove(
            ctype.rule_id,
            f"{name}'s {card} on disc {move.disc} is never activated: it works on its own while it lies face up",
            hint=_turn_hint(state),
        )
    if move.disc in state.blocked[me]:
        raise IllegalMove(
            "roma.cards.praetorianus",
            f"{name}'s disc {move.disc} is blocked by a Praetorianus this turn; {card} cannot be activated",
            hint=_turn_hint(state),
        )
    if move.disc == BRIBE_DISC:
        if move.die is None:
            raise IllegalMove("roma.bribe", f"say which die {name} puts on the bribe disc", hint="activate 7 die N")
        _need_die(state, move.die, "bribe with")
        if state.money[me] < move.die:
            raise IllegalMove(
                "roma.bribe",
                f"the bribe disc costs {move.die} sestertii for a {move.die}; {name} has {state.money[me]}",
                hint="use a smaller die or take money first",
            )
    else:
        if move.die is not None and move.die != move.disc:
            raise IllegalMove(
                "roma.actions.activate",
                f"{name}'s disc {move.disc} is activated only by a die showing {move.disc}, not {move.die}",
                hint=f"activate {move.disc}" + (f" vp {move.die}" if CARDS[card].effect == "forum" else ""),
            )
        _need_die(state, move.disc, f"activate disc {move.disc}")
    if card == "Scaenicus":
        options = copy_candidates(state, me)
        if move.copy is None:
            raise IllegalMove(
                "roma.cards.scaenicus",
                f"{name}'s Scaenicus must copy one of {name}'s face-up characters",
                hint=("copy " + " / ".join(options)) if options else "there is nothing to copy",
            )
        if move.copy == "Scaenicus":
            raise IllegalMove(
                "roma.cards.scaenicus",
                "copying another Scaenicus means copying what it copies; name that character",
                hint="copy " + " / ".join(options) if options else None,
            )
        if move.copy not in options:
            raise IllegalMove(
                "roma.cards.scaenicus",
                f"{name} has no face-up {move.copy} to copy" + ("" if move.copy not in CARDS or CARDS[move.copy].kind == "character" else " (a Scaenicus copies characters only)"),
                hint=("copy " + " / ".join(options)) if options else None,
            )
    elif move.copy is not None:
        raise IllegalMove(
            "roma.cards.scaenicus",
            f"only a Scaenicus copies; {name}'s disc {move.disc} holds {card}",
            hint=f"activate {move.disc}" + (f" die {move.die}" if move.disc == BRIBE_DISC and move.die else ""),
        )
    effect_name = effective_card(state, move)
    assert effect_name is not None
    effect = CARDS[effect_name].effect
    rule = CARDS[effect_name].rule_id
    rest = list(state.dice or ())
    rest.remove(activation_die(move))  # type: ignore[arg-type]
    _refuse_extra(move, effect, rule, effect_name)
    if effect in TARGET_KIND or effect in ATTACKS:
        _check_target(state, move, effect, rule, effect_name)
    if effect == "forum":
        _check_forum(state, move, rest)
    elif effect == "adjust_unused_die":
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
    elif effect == "buy_vp_from_opponent":
        n = move.buy or 0
        money = state.money[me] - (move.die if move.disc == BRIBE_DISC and move.die else 0)
        if 2 * n > money:
            after = f" after paying {move.die} for the bribe disc" if move.disc == BRIBE_DISC and move.die else ""
            raise IllegalMove(rule, f"{n} VP cost {2 * n} sestertii; {name} has {money}{after}", hint=f"buy {min(money // 2, state.vp[opp])}")
        if n > state.vp[opp]:
            raise IllegalMove(rule, f"{state.seats[opp]} has only {state.vp[opp]} VP to sell", hint=f"buy {min(money // 2, state.vp[opp])}")
    elif effect == "search_draw_pile":
        if move.take is None:
            raise IllegalMove(rule, "name the card taken from the draw pile", hint="take CARD")
        if state.draw == 0:
            raise IllegalMove(
                "roma.rulings.a16",
                f"the draw pile is empty: {name}'s Haruspex finds nothing to take",
                hint=_turn_hint(state),
            )
        _check_possible(state, (move.take,), "in the draw pile")
    elif effect == "retrieve_character_from_discard":
        if move.take is None:
            raise IllegalMove(rule, "name the character taken from the discard pile", hint="take CARD")
        if CARDS[move.take].kind != "character":
            known = sorted({c for c in state.discard if CARDS[c].kind == "character"})
            raise IllegalMove(
                rule,
                f"{name}'s Aesculapinum takes back a character, and {move.take} is a building",
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
            _check_possible(state, (move.take,), "on the discard pile")
    elif effect in ("lay_free_buildings", "lay_free_characters"):
        kind = "building" if effect == "lay_free_buildings" else "character"
        _need_in_hand(state, me, tuple(c for c, _ in move.lays), rule)
        for c, d in move.lays:
            if CARDS[c].kind != kind:
                raise IllegalMove(
                    rule,
                    f"{name}'s {effect_name} lays {kind}s only, and {c} is a {CARDS[c].kind}",
                    hint=f"a {CARDS[c].kind} is laid with 'lay {c} {d}' (paying {CARDS[c].cost})",
                )
            _need_disc(state, d, rule)
    elif effect in ("rearrange_characters", "rearrange_buildings"):
        _check_rearrange(state, move, effect, rule, effect_name)


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
                hint=_turn_hint(state),
            )
        return
    if not targets:
        kind = TARGET_KIND[effect]
        raise IllegalMove(
            "roma.rulings.a14",
            f"{state.seats[opp]} has no face-up {kind} for {state.player}'s {card} to target",
            hint=_turn_hint(state),
        )
    if move.target is None:
        raise IllegalMove(rule, f"say which of {state.seats[opp]}'s discs {card} targets", hint="target " + " / ".join(map(str, targets)))
    if move.target not in targets:
        if not 1 <= move.target <= state.discs:
            _need_disc(state, move.target, rule)
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
        _need_disc(state, d, rule)


def _check_battle(state: RomaState, move: Battle) -> None:
    b = state.battle
    assert b is not None
    if move.add is not None:
        if not b.boost:
            raise IllegalMove(
                "roma.cards.centurio",
                f"only a Centurio may add an action die to the battle die, and {state.player}'s {b.attacker} attacks",
                hint=f"battle {move.roll}",
            )
        _need_die(state, move.add, "add to the battle")
