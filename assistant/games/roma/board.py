"""Views of a Roma position the rules share: defence with its modifiers, neighbouring discs,
what an activation uses and targets, and what the set-up waits for."""

from __future__ import annotations

from assistant.games.roma.components import CARDS
from assistant.games.roma.moves import Activate
from assistant.games.roma.state import RomaState

BRIBE_DISC = 7
#: Effects that need an opponent disc as target, with the kind of card it must hold.
TARGET_KIND = {
    "destroy_character_and_self": "character",
    "destroy_building_and_self": "building",
    "return_character_to_hand": "character",
    "attack_character": "character",
    "attack_building": "building",
    "block_opponent_disc": "disc",
}
ATTACKS = ("attack_opposite", "attack_opposite_with_boost", "attack_character", "attack_building")


def placing_player(state: RomaState) -> str:
    """Who lays the face-down cards next: the start player first."""
    starter = state.starter if state.starter is not None else 0
    if not state.placed[starter]:
        return state.seats[starter]
    return state.seats[1 - starter]


def defence(state: RomaState, owner: int, disc: int) -> int:
    """The defence of a card now: printed, +1 per other own face-up Turris, -2 per Essedum
    activation of the attacker this turn (A7, A9, A19)."""
    card = state.card_at(owner, disc)
    assert card is not None
    value = CARDS[card].defence
    value += sum(1 for d, c in enumerate(state.boards[owner], 1) if c == "Turris" and d != disc)
    if owner != state.active:
        value -= 2 * state.essedum
    return value


def defence_text(state: RomaState, owner: int, disc: int) -> str:
    """The defence with its working, for messages:
    ``Forum on disc 4, defence 5 +1 Turris -2 Essedum = 4``."""
    card = state.card_at(owner, disc)
    assert card is not None
    parts = [f"{card} {CARDS[card].defence}"]
    turris = sum(1 for d, c in enumerate(state.boards[owner], 1) if c == "Turris" and d != disc)
    if turris:
        parts.append(f"+{turris} Turris")
    if owner != state.active and state.essedum:
        parts.append(f"-{2 * state.essedum} Essedum")
    where = f"{card} on disc {disc}, defence "
    if len(parts) == 1:
        return where + str(CARDS[card].defence)
    return where + " ".join(parts)[len(card) + 1 :] + f" = {defence(state, owner, disc)}"


def neighbours(state: RomaState, disc: int) -> list[int]:
    """The discs next to ``disc`` (Basilica and Templum count their neighbours)."""
    return [d for d in (disc - 1, disc + 1) if 1 <= d <= state.discs]


def activation_die(move: Activate) -> int | None:
    """The die value an activation uses: the disc number, or the chosen die on the bribe disc."""
    return move.die if move.disc == BRIBE_DISC else move.disc


def effective_card(state: RomaState, move: Activate) -> str | None:
    """The card whose action happens: the card on the disc, or the one a Scaenicus copies."""
    card = state.card_at(state.index(move.player), move.disc)
    if card == "Scaenicus" and move.copy is not None:
        return move.copy
    return card


def legal_targets(state: RomaState, effect: str, disc: int) -> list[int]:
    """Opponent discs an effect may target."""
    opp = state.opponent
    if effect in ("attack_opposite", "attack_opposite_with_boost"):
        return [disc] if state.card_at(opp, disc) is not None else []
    kind = TARGET_KIND.get(effect)
    if kind is None:
        return []
    if kind == "disc":
        return list(range(1, state.discs + 1))
    return [
        d for d, c in enumerate(state.boards[opp], 1) if c is not None and CARDS[c].kind == kind
    ]


def copy_candidates(state: RomaState, player: int) -> list[str]:
    """What a Scaenicus may copy: the player's own face-up characters other than Scaenicus
    (copying another Scaenicus comes to copying what that one copies, A11)."""
    names = {c for c in state.boards[player] if c is not None and CARDS[c].kind == "character"}
    names.discard("Scaenicus")
    return sorted(names)


def sestertii(n: int) -> str:
    """An amount of money as said at the table: ``1 sestertius``, ``5 sestertii``."""
    return f"{n} sestertius" if n == 1 else f"{n} sestertii"


def die_text(dice: tuple[int, ...]) -> str:
    """Dice for messages: ``2, 5`` or ``none``."""
    return ", ".join(str(d) for d in dice) if dice else "none"


def setup_hint(state: RomaState) -> str:
    """The next set-up entry expected, as a pattern to type."""
    if not (state.dealt[0] and state.dealt[1]):
        who = state.seats[0] if not state.dealt[0] else state.seats[1]
        return f"hand {who} card card card card (not named: hand {who} ? ? ? ?)"
    if not state.swapped:
        who = state.seats[0] if state.given[0] is None else state.seats[1]
        return f"give {who} card card (not named: give {who} ? ?)"
    if state.starter is None:
        return "start NAME (the younger player)"
    return f"place {placing_player(state)} card disc card disc card disc card disc"


def may_reroll(state: RomaState) -> bool:
    """Whether the active player may re-roll: a triple, before any action (roma.phase2.reroll)."""
    d = state.dice
    return d is not None and not state.acted and len(d) == 3 and d[0] == d[1] == d[2]
