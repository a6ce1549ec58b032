"""Whether an entry is legal now: raises :class:`IllegalMove` with the rule id, a sentence
naming the player and the thing, and a hint of what is legal instead.

One check per play entry type (:data:`CHECKS`, the checks of ``rules.TABLE``), run once
:func:`check` has found that the phase takes the entry (:data:`PLAY_PHASES`); an entry the
phase does not take is refused by :func:`refuse` (by its own check, or as the phase says it:
:func:`refuse_in_phase`). A choice inside another entry is checked the same way, here, so
this module needs no import of the package. Every entry of a
player first names a player of the game (:func:`check_player`); every choice of a turn, a
Recruitment phase or an extra step passes :func:`check_choice` first. Within one check the
payment is judged last, so that a refusal names the first rule broken.

Every choice of a turn or Recruitment phase is checked against the state at the start of that
turn (``7w.turn.resolution``): the coins held then, the production and rebates in force then.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, NoReturn

from assistant.core import wording
from assistant.core.errors import IllegalMove
from assistant.games.sevenwonders import components, costs, deck, powers
from assistant.games.sevenwonders.moves import (
    Build,
    ByPlayer,
    Chose,
    CopyGuild,
    Courtesan,
    DraftPass,
    Keep,
    LeaderHand,
    Pick,
    Recruit,
    Reveal,
    Sealed,
    Sell,
    SetBoard,
    Stage,
)
from assistant.games.sevenwonders.rules.resolution import (
    draft_untouched,
    neighbour_guilds,
    skip_draft,
)
from assistant.games.sevenwonders.secrets import public_choice
from assistant.games.sevenwonders.state import (
    EXTRA_ORDER,
    SKIP,
    City,
    SWState,
    next_extra,
)

ROMAN = {1: "I", 2: "II", 3: "III"}

#: A check of one entry in one phase (``check_turn``, ``check_seventh``, ...).
Check = Callable[[SWState, Any], None]


# -- what every entry passes first -------------------------------------------------------------
def check_not_over(state: SWState) -> None:
    """No entry is taken once the game is over (``7w.end``; a correction and a position line
    have their own rules)."""
    if state.phase == "over":
        raise IllegalMove(
            "7w.end",
            "the game is over: Age III's conflicts have been resolved",
            hint="see the final score (score), or undo the last entries to change them",
        )


def check_player(state: SWState, move: ByPlayer) -> None:
    """The entry's player plays in this game (``core.players``)."""
    if move.player not in state.seats:
        raise IllegalMove("core.players", f"{move.player} does not play in this game")


def recheck(state: SWState, move: object) -> None:
    """The whole check of ``move`` in ``state`` (:func:`check`): a choice inside a sealed entry
    or a reveal, or one entered in a draft played off the record."""
    check(state, move)


def check_choice(
    state: SWState, move: ByPlayer, *, turn: Check | None = None, recruit: Check | None = None, extra: Check | None = None
) -> None:
    """A choice of an Age turn (``turn``), a Recruitment phase (``recruit``) or an extra step
    (``extra``), checked by the function given for the phase it is entered in, after what every
    choice passes first: its player plays in the game; entered in the leader draft (which the
    table allows before the first keep only) it is the first choice of Age I's Recruitment, the
    draft played off the record (``7w.leaders.draft``), and it is checked there; a sealed choice
    waiting to be shown comes before the last one (:func:`check_unseen`)."""
    check_player(state, move)
    if state.phase == "draft":
        return recheck(skip_draft(state), move)
    check_unseen(state, move)
    step = {"turn": turn, "recruit": recruit, "extra": extra}[state.phase]
    assert step is not None, f"the table takes no {type(move).__name__} in phase {state.phase}"
    step(state, move)


# -- what a phase refuses (the table does not take the entry there) ----------------------------
def refuse_in_phase(state: SWState, move: object) -> NoReturn:
    """An entry of a player that the phase does not take: refused as the phase says it
    (:data:`REFUSE_IN`), once the entry names a player of the game."""
    if isinstance(move, ByPlayer):
        check_player(state, move)
    REFUSE_IN[state.phase](state, move)
    raise AssertionError(f"{type(move).__name__} refused in phase {state.phase} without a reason")


def refuse_in_boards(state: SWState, move: object) -> NoReturn:
    """Before the game: only boards are entered (``7w.setup.wonders``)."""
    missing = [p for p, c in zip(state.seats, state.cities) if not c.wonder]
    raise IllegalMove(
        "7w.setup.wonders",
        f"the boards are not all known yet ({', '.join(missing)} still to enter)",
        hint=f"{missing[0]} board <Wonder> <A|B>",
    )


def refuse_in_draft(state: SWState, move: object) -> NoReturn:
    """During the leader draft: only its keeps, hands and ``draft``, and (before the first
    keep) a Recruitment choice of a draft played off the record (``7w.leaders.draft``)."""
    raise IllegalMove(
        "7w.leaders.draft",
        f"the leader draft is under way ({state.phase_label}): each player keeps a leader first",
        hint=draft_hint(state),
    )


def refuse_keep(state: SWState, move: object) -> None:
    """A keep after the leader draft (``7w.leaders.draft``)."""
    if isinstance(move, Keep):
        raise IllegalMove(
            "7w.leaders.draft",
            "the leader draft is over (or was played off the record): nothing is kept now",
            hint=f"now: {state.phase_label}",
        )


def refuse_in_turn(state: SWState, move: ByPlayer) -> NoReturn:
    """An Age turn takes a build, a stage or a sale of an Age card (``7w.turn.actions``)."""
    refuse_keep(state, move)
    check_unseen(state, move)
    verb = {"CopyGuild": "copy"}.get(type(move).__name__, type(move).__name__.lower())
    raise IllegalMove(
        "7w.turn.actions",
        f"{move.player} cannot {verb} in an Age turn: the chosen card is built, used for a stage or sold",
        hint=f"{move.player} build <card>, {move.player} stage, or {move.player} sell <card>",
    )


def refuse_in_recruitment(state: SWState, move: ByPlayer) -> NoReturn:
    """A Recruitment phase takes a leader recruited, under a stage or sold (``7w.leaders.recruit``)."""
    refuse_keep(state, move)
    check_unseen(state, move)
    missing = [p for p, c in zip(state.seats, state.choices) if c is None]
    raise IllegalMove(
        "7w.leaders.recruit",
        f"it is the Recruitment phase before Age {ROMAN[state.age]}: {move.player} plays a leader"
        f" (recruit, stage or sell it); the Age's turns start once every player has chosen"
        f" (still to choose: {', '.join(missing) or 'nobody'})",
        hint=f"{move.player} recruit <leader>, {move.player} stage <leader> or {move.player} sell <leader>",
    )


def refuse_in_extra(state: SWState, move: ByPlayer) -> NoReturn:
    """An extra step takes its owner's entry of that step (:data:`EXTRA_RULE`)."""
    refuse_keep(state, move)
    if isinstance(move, Chose):
        check_chose(state, move)
    if isinstance(move, Reveal):
        check_reveal(state, move)
    check_unseen(state, move)
    i, kind = extra_step(state, move)
    owner = state.seats[i]
    raise IllegalMove(EXTRA_RULE[kind], f"{owner} owes {EXTRA_NAME[kind]} now, not this entry", hint=EXTRA_HINT[kind].format(p=owner))


# -- sealed choices (7w.secrets.sealed) ------------------------------------------------------
#: The moves that are a player's choice of an Age turn or a Recruitment phase.
CHOICES = (Build, Stage, Sell, Recruit)


def check_unseen(state: SWState, move: object) -> None:
    """The last choice of a turn or phase, when some were made unseen (``ada chose``), comes
    with every choice shown (``reveal …``)."""
    unseen = [p for p, c in zip(state.seats, state.choices) if isinstance(c, Chose)]
    if not unseen or not isinstance(move, CHOICES) or sum(1 for c in state.choices if c is None) != 1:
        return
    if state.choices[state.index(move.player)] is None:
        raise IllegalMove(
            "7w.secrets.sealed",
            f"{' and '.join(unseen)} chose unseen: the last choice of the turn comes with every choice shown",
            hint="reveal " + "; ".join(f"{p} <the choice>" for p in unseen) + f"; {move.notation()}",
        )


def check_sealed(state: SWState, move: Sealed) -> None:
    """``sealed ada build Baths``: a choice of an Age turn or a Recruitment phase, checked as
    the choice itself (the first Recruitment choice of a draft played off the record too)."""
    if state.phase == "draft" and draft_untouched(state):
        state = skip_draft(state)
    if state.phase not in ("turn", "recruit") or not isinstance(move.choice, CHOICES):
        raise IllegalMove(
            "7w.secrets.sealed",
            "only a choice of an Age turn or a Recruitment phase is sealed",
            hint=f"now: {state.phase_label}",
        )
    recheck(state, move.choice)


def check_chose(state: SWState, move: Chose) -> None:
    """``ada chose``: a choice of a turn or a Recruitment phase made unseen; never the last one
    (the turn resolves then, and every choice is shown: ``reveal``)."""
    check_player(state, move)
    if state.phase not in ("turn", "recruit"):
        raise IllegalMove(
            "7w.secrets.sealed",
            "only a choice of an Age turn or a Recruitment phase is made unseen ('chose')",
            hint=f"now: {state.phase_label}",
        )
    i = check_chooser(state, move)
    holder = state.holder()
    if holder is not None and state.is_free_city(i) and state.choices[holder] is None:
        raise IllegalMove("7w.2p.turn", f"{state.seats[holder]} holds the Free City card this turn and chooses for their own city first")
    if sum(1 for c in state.choices if c is None) <= 1:
        raise IllegalMove(
            "7w.secrets.sealed",
            f"{move.player}'s is the last choice: the {'phase' if state.phase == 'recruit' else 'turn'} resolves now, so it is shown",
            hint=f"{move.player} <the choice>" + (" (reveal the sealed ones first: 'reveal …')" if state.sealed else ""),
        )


def check_reveal(state: SWState, move: Reveal) -> None:
    """``reveal ada build Baths; bob sell``: the last choice of a turn or phase, after every
    sealed one shown. Each shown choice must be a sealed player's: the choice entered (as the
    table sees it) or, entered as ``chose``, a choice legal for its player; none may be left
    out; the last one must be awaited and legal."""
    if not all(isinstance(c, ByPlayer) for c in move.choices):  # ``reveal draft``: a part no player makes
        raise IllegalMove("7w.secrets.sealed", "a reveal shows each player's choice once, then the last one", hint="reveal ada build Baths; bob sell")
    check_player(state, move)
    if state.phase not in ("turn", "recruit") or not state.sealed:
        raise IllegalMove("7w.secrets.sealed", "no sealed choice waits to be shown now", hint=f"now: {state.phase_label}")
    *earlier, last = move.choices
    named = [c.player for c in move.choices]
    if len(set(named)) != len(named) or not all(isinstance(c, CHOICES) for c in move.choices):
        raise IllegalMove("7w.secrets.sealed", "a reveal shows each player's choice once, then the last one", hint="reveal ada build Baths; bob sell")
    slots = list(state.choices)
    for choice in earlier:
        if choice.player not in state.sealed:
            raise IllegalMove("7w.secrets.sealed", f"{choice.player} has no sealed choice to show", hint="reveal " + "; ".join(f"{p} …" for p in state.sealed))
        i = state.index(choice.player)
        pending = state.choices[i]
        if isinstance(pending, Chose):
            recheck(replace(state, choices=tuple(None if k == i else c for k, c in enumerate(state.choices))), choice)
            slots[i] = choice
        elif public_choice(pending) != public_choice(choice):
            raise IllegalMove("7w.secrets.sealed", f"{choice.player}'s choice shown is not the one entered", hint="undo to change it")
    missing = [p for p in state.sealed if p not in named]
    if missing:
        raise IllegalMove("7w.secrets.sealed", f"a reveal shows every sealed choice: {', '.join(missing)}'s is missing")
    filled = replace(state, choices=tuple(slots))
    if sum(1 for c in filled.choices if c is None) != 1:
        raise IllegalMove("7w.secrets.sealed", "a reveal comes with the last choice of the turn: others are still to choose")
    recheck(filled, last)


# -- the leader draft (7w.leaders.draft) ---------------------------------------------------
def draft_hint(state: SWState) -> str:
    """What the draft waits for: the keeps still to enter, or ``draft`` to end the pass."""
    waiting = [p for p, c in zip(state.seats, state.choices) if c is None]
    first = waiting[0] if waiting else state.seats[0]
    return f"{first} keep <leader> / {first} keep ? (still to keep: {', '.join(waiting) or 'nobody'}), or 'draft' to end the pass"


def check_draft_pass(state: SWState, move: DraftPass) -> None:
    """``draft``: only during the draft (it ends the pass with an unsaid keep for everyone
    still to keep)."""
    if state.phase != "draft":
        raise IllegalMove(
            "7w.leaders.draft",
            "there is no leader draft under way" + ("" if state.leaders_on else ": this game is played without Leaders"),
            hint=f"now: {state.phase_label}",
        )


def check_keep(state: SWState, move: Keep) -> None:
    """A keep of the draft: once per player and pass, never for the Free City; a named leader
    must be in the hand drafted from as far as it is known (a known hand: one of its leaders;
    a hand with unknown cards: a leader not known to be elsewhere, nor kept already)."""
    check_player(state, move)
    i = state.index(move.player)
    if state.is_free_city(i):
        raise IllegalMove("7w.2p.leaders", "the Free City gets no leaders: only the two players draft", hint=draft_hint(state))
    if state.choices[i] is not None:
        raise IllegalMove(
            "7w.leaders.draft",
            f"{move.player} has already kept a leader in pass {state.draft}",
            hint="undo the earlier entry to change it; " + draft_hint(state),
        )
    if move.leader is None:
        return
    city = state.cities[i]
    hint = draft_hand_hint(state, i)
    if move.leader in city.offer:
        return
    if len(city.offer) >= city.offer_size:
        raise IllegalMove("7w.leaders.draft", f"{move.leader} is not in the hand {move.player} drafts from now", hint=hint)
    if move.leader in city.kept:
        raise IllegalMove("7w.leaders.draft", f"{move.player} has already kept {move.leader}: each leader exists once", hint=hint)
    where = leader_owner(state, move.leader, exclude=i)
    if where:
        raise IllegalMove(
            "7w.leaders.draft", f"{move.leader} cannot be in the hand {move.player} drafts from: it is {where}, and each leader exists once", hint=hint
        )


def draft_hand_hint(state: SWState, i: int) -> str:
    """The hint of a refused keep: the hand's size and how to see it, never its faces."""
    city = state.cities[i]
    player = state.seats[i]
    entered = f", {len(city.offer)} of them entered" if city.offer else ""
    return f"{player} drafts from {city.offer_size} leaders now{entered} ('legal --reveal' lists them); {player} keep ? keeps one unsaid"


def check_draft_hand(state: SWState, move: LeaderHand) -> None:
    """A ``leaders`` entry during the draft: the hand the player drafts from now (4 dealt, then
    3 and 2 received), as many leaders as it holds (``?`` for one not said), the known ones
    among them, none twice, none known to be elsewhere; entered before the player's keep."""
    i = state.index(move.player)
    city = state.cities[i]
    if state.is_free_city(i):
        raise IllegalMove("7w.2p.leaders", "the Free City gets no leaders: only the two players draft and recruit")
    if len(move.leaders) != city.offer_size:
        raise IllegalMove(
            "7w.leaders.draft",
            f"{move.player} drafts from {city.offer_size} leaders in pass {state.draft}, not {len(move.leaders)}",
            hint=f"name exactly {city.offer_size} ('?' for one not said)",
        )
    named = move.known
    if len(set(named)) != len(named):
        raise IllegalMove("7w.leaders.draft", f"{move.player}'s hand names a leader twice")
    if len(city.offer) >= city.offer_size and named:
        raise IllegalMove(
            "7w.leaders.hand",
            f"the hand {move.player} drafts from is already entered: a hand is entered once",
            hint="a mistyped hand is corrected by undoing (or amending) the entry that gave it ('state --reveal' shows it)",
        )
    if state.choices[i] is not None:
        raise IllegalMove(
            "7w.leaders.draft",
            f"{move.player} has kept a leader in this pass: the hand is entered before the keep",
            hint="undo the keep, enter the hand, then keep again",
        )
    missing = [name for name in city.offer if name not in named]
    if len(missing) > len(move.leaders) - len(named):
        raise IllegalMove(
            "7w.leaders.draft",
            f"{move.player}'s hand holds {len(city.offer)} leader(s) entered before: name them (or '?' for each)",
            hint=draft_hand_hint(state, i),
        )
    for name in named:
        if name in city.offer:
            continue
        if name in city.kept:
            raise IllegalMove("7w.leaders.draft", f"{move.player} has already kept {name}: each leader exists once")
        where = leader_owner(state, name, exclude=i)
        if where:
            raise IllegalMove("7w.setup.leaders", f"{name} cannot be in {move.player}'s hand: it is {where}, and each leader exists once")


# -- setup ----------------------------------------------------------------------------------
def check_board(state: SWState, move: SetBoard) -> None:
    """A board entry (``7w.setup.wonders``): only while boards are entered, once per player and
    board, Rome only with Leaders."""
    check_player(state, move)
    if state.phase != "boards":
        raise IllegalMove("7w.setup.wonders", "the boards were already dealt; they cannot change during the game")
    i = state.index(move.player)
    if state.cities[i].wonder:
        raise IllegalMove("7w.setup.wonders", f"{move.player} already has {state.cities[i].wonder} {state.cities[i].side}")
    taken = {c.wonder: p for p, c in zip(state.seats, state.cities) if c.wonder}
    if move.wonder in taken:
        free = [b for b in components.BOARD_NAMES if b not in taken and (state.leaders_on or b != "Rome")]
        raise IllegalMove(
            "7w.setup.wonders", f"{move.wonder} is already {taken[move.wonder]}'s board", hint="free: " + ", ".join(free)
        )
    if move.wonder == "Rome" and not state.leaders_on:
        raise IllegalMove("7w.setup.wonders", "Rome is only used with the Leaders expansion (option leaders=true)")
    if move.wonder == "Rome" and state.is_free_city(i) and state.option("free_city_rome", "false") != "true":
        raise IllegalMove(
            "7w.2p.leaders",
            "Rome is not dealt to the Free City: its powers concern leaders, and the Free City has none",
            hint="deal the Free City another board, or start the game with free_city_rome=true",
        )


def check_leader_hand(state: SWState, move: LeaderHand) -> None:
    """``ada leaders Caesar, Nero, ?``: in the leader draft the hand drafted from now
    (:func:`check_draft_hand`), else the leaders held (:func:`check_hand`)."""
    check_player(state, move)
    if state.phase == "draft":
        return check_draft_hand(state, move)
    check_hand(state, move)


def check_hand(state: SWState, move: LeaderHand) -> None:
    """A leader hand entry (``7w.leaders.hand``): as many distinct leaders as held, none known
    to be elsewhere, the pending choice among them. A hand is entered once: a second entry
    would silently replace the first, so it is refused while the hand is known (a typo is
    undone or amended); after Rome B's draw the hand is entered again, the known ones kept."""
    if not state.leaders_on:
        raise IllegalMove("7w.setup.leaders", "this game is played without Leaders (option leaders=false)")
    i = state.index(move.player)
    city = state.cities[i]
    if state.is_free_city(i):
        raise IllegalMove("7w.2p.leaders", "the Free City gets no leaders: only the two players draft and recruit")
    named = move.known
    if len(set(named)) != len(named):
        raise IllegalMove("7w.leaders.hand", f"{move.player}'s leader hand names a leader twice")
    if len(move.leaders) != city.hand_size:
        raise IllegalMove(
            "7w.leaders.hand",
            f"{move.player} holds {city.hand_size} leader(s) now, not {len(move.leaders)}",
            hint=f"name exactly {city.hand_size}" if city.hand_size else None,
        )
    if city.hand is not None and len(city.hand) >= city.hand_size and named:
        raise IllegalMove(
            "7w.leaders.hand",
            f"{move.player}'s leader hand is already entered: a hand is entered once",
            hint="a mistyped hand is corrected by undoing (or amending) the entry that gave it ('state --reveal' shows it)",
        )
    known = city.hand or ()
    missing = [name for name in known if name not in named]
    if len(missing) > len(move.leaders) - len(named):  # a partly known hand: the known ones stay
        raise IllegalMove(
            "7w.leaders.hand",
            f"{move.player}'s hand holds {len(known)} leader(s) entered before: name them with the others (or '?' for each)",
            hint=f"{move.player} leaders <the {city.hand_size} leaders> ('state --reveal' shows the ones entered)",
        )
    pending = state.choices[i] if state.phase == "recruit" and state.choices else None
    chosen = getattr(pending, "leader", None) or getattr(pending, "card", None)
    if isinstance(chosen, str) and chosen not in named and len(named) == len(move.leaders):
        raise IllegalMove(
            "7w.leaders.hand",
            f"{move.player}'s choice entered in this Recruitment phase is not among these leaders",
            hint="undo the choice, or name the leader chosen in the hand",
        )
    for name in named:
        where = leader_owner(state, name, exclude=i, may_draw=draws_from_box(city))
        if where:
            raise IllegalMove("7w.setup.leaders", f"{name} cannot be in {move.player}'s hand: it is {where}, and each leader exists once")
        if name in city.named_leaders or (name in city.boxed and not draws_from_box(city)):
            raise IllegalMove("7w.leaders.hand", f"{move.player} has already played {name}")


def draws_from_box(city: City) -> bool:
    """Rome B's first stage draws leaders from the box (``7w.wonder.rome.b``), where the
    leaders discarded for coins went: one of them may come back into that hand."""
    return powers.is_rome(city, "B") and city.stages >= 1


def leader_owner(state: SWState, name: str, exclude: int | None = None, may_draw: bool = False) -> str | None:
    """Where a leader is known to be, other than with player ``exclude`` (``may_draw``: that
    player drew leaders from the box, so a discarded leader may be theirs now). Face-down
    leaders (hands, stage markers, discards) are never said to be with a named player."""
    for j, (p, c) in enumerate(zip(state.seats, state.cities)):
        if j == exclude:
            continue
        if name in c.leaders:
            return f"recruited by {p}"
        # a face-down leader: neither whose it is nor how it went (kept, tucked, sold) is told
        if name in c.named_leaders or (name in c.boxed and not may_draw):
            return FACE_DOWN
        if (c.hand is not None and name in c.hand) or name in c.offer or name in c.kept:
            return FACE_DOWN
    for j, choice in enumerate(state.choices):
        if j == exclude or choice is None:
            continue
        named = getattr(choice, "leader", None) or (getattr(choice, "card", None) if state.phase == "recruit" else None)
        if named == name:
            return FACE_DOWN  # choices stay secret
    return None


#: Where a leader known to the game but not to the table lies, as a refusal says it
#: (``7w.secrets``): a hand, a stage marker, the box or a secret choice, never which nor whose.
FACE_DOWN = "accounted for face down elsewhere (a hand, a choice, a stage marker or the box)"


def hand_hint(state: SWState, i: int) -> str:
    """The hint of a refused leader: how many leaders the hand holds and how to see the ones
    entered, never their faces (``7w.secrets``)."""
    city = state.cities[i]
    player = state.seats[i]
    entered = len(city.hand or ())
    said = f", {entered} of them entered ('legal --reveal' lists them)" if entered else ""
    return f"{player} holds {city.hand_size} leader(s){said}"


def check_leader_in_hand(state: SWState, i: int, name: str, rule: str) -> None:
    """Player ``i`` may hold leader ``name`` now (each leader exists once; an entered hand is
    complete); ``rule`` is cited when not."""
    player = state.seats[i]
    city = state.cities[i]
    if city.hand_size <= 0:
        raise IllegalMove("7w.leaders.hand", f"{player} has no leader left in hand")
    may_draw = draws_from_box(city)
    where = leader_owner(state, name, exclude=i, may_draw=may_draw)
    if where:
        raise IllegalMove(rule, f"{name} cannot be {player}'s: it is {where}, and each leader exists once", hint=hand_hint(state, i))
    if name in city.named_leaders or (name in city.boxed and not may_draw):
        raise IllegalMove(rule, f"{player} has already played {name}", hint=hand_hint(state, i))
    if city.hand is not None and name not in city.hand and len(city.hand) >= city.hand_size:
        raise IllegalMove(rule, f"{name} is not in {player}'s leader hand", hint=hand_hint(state, i))


# -- choices of a turn --------------------------------------------------------------------
def check_chooser(state: SWState, move: ByPlayer) -> int:
    """The index of the player choosing; refused when that player has already chosen this turn
    or phase."""
    i = state.index(move.player)
    if state.choices[i] is not None:
        when = "in this Recruitment phase" if state.phase == "recruit" else "this turn"
        missing = [p for p, c in zip(state.seats, state.choices) if c is None]
        waiting = f"; still to choose: {', '.join(missing)}" if missing else ""
        if state.choices[i] == SKIP and state.is_free_city(i):
            raise IllegalMove(
                "7w.2p.leaders",
                f"the Free City has no leaders and takes no part in the Recruitment phase{waiting}",
                hint="the players' Recruitment choices only; the Free City plays from the Age's first turn",
            )
        if state.choices[i] == SKIP:
            raise IllegalMove("7w.leaders.hand", f"{move.player} has no leader left to play{waiting}")
        raise IllegalMove(
            "7w.turn.choose",
            f"{move.player} has already chosen {when}{waiting}",
            hint="undo the earlier entry to change it",
        )
    return i


def check_turn(state: SWState, move: Build | Stage | Sell) -> None:
    """A choice of an Age turn: a build, a stage or a sale of an Age card."""
    i = check_chooser(state, move)
    holder = state.holder()
    if holder is not None and state.is_free_city(i) and state.choices[holder] is None:
        who = state.seats[holder]
        raise IllegalMove(
            "7w.2p.turn",
            f"{who} holds the Free City card this turn and chooses for their own city first, then for the Free City",
            hint=f"{who} build <card>, {who} stage or {who} sell <card>; then Free City build <card>",
        )
    check_card_action(state, i, move)
    if state.is_free_city(i):
        check_free_city(state, i, move)


def check_free_city(state: SWState, i: int, move: Build | Stage | Sell) -> None:
    """The Free City's choice (``7w.2p.freecity``): it must take a chain its chosen card
    offers, and it may be discarded for coins only when no card can be built as a structure
    or a stage. The hand is hidden, so what is checked is what the entry shows: a named card
    it could build (or chain) is not sold or tucked, and nothing is sold while the next stage
    can be paid."""
    if isinstance(move, Build):
        return
    name = move.card
    city = state.cities[i]
    chain = None
    if name is not None and name not in city.cards:
        chain = powers.chain_parent(city, components.card(name))
    if chain is not None:
        raise IllegalMove(
            "7w.2p.freecity",
            f"the Free City must use a chain when one is available: it holds {chain}, so {name} is built free",
            hint=f"Free City build {name}",
        )
    if not isinstance(move, Sell):
        return
    if name is not None and name not in city.cards and costs.build_quote(state, i, name).payable:
        raise IllegalMove(
            "7w.2p.freecity",
            f"the Free City may be discarded for coins only when nothing can be built, and it can build {name}",
            hint=f"Free City build {name}",
        )
    if city.stages < len(city.board.stages) and costs.stage_quote(state, i).payable:
        raise IllegalMove(
            "7w.2p.freecity",
            "the Free City may be discarded for coins only when nothing can be built, and it can pay its next wonder stage with any card",
            hint="Free City stage",
        )


def check_card_action(state: SWState, i: int, move: Build | Stage | Sell) -> None:
    """A build, stage or sale of an Age card (a turn's choice, or Babylon B's 7th card)."""
    player = state.seats[i]
    age = state.age
    if move.card is not None:
        card = deck.age_card(move.card, age)
        if card is None:
            ages = " or ".join(ROMAN[c.age] for c in components.card_versions(move.card))
            raise IllegalMove(
                "7w.setup.decks",
                f"{player} cannot have {move.card} now: it is an Age {ages} card, not in the Age {ROMAN[age]} deck",
                hint=f"a card of the Age {ROMAN[age]} deck",
            )
        if deck.copies_left(state, move.card, age) <= 0:
            if card.guild and not deck.in_pool(state, card):
                raise IllegalMove("7w.setup.guilds", f"{move.card} is only in the guild pool with Leaders")
            total = card.copies(state.n)
            if not card.guild and total == 0:
                raise IllegalMove(
                    "7w.setup.decks",
                    f"{player} cannot have {move.card}: it is not in the Age {ROMAN[age]} deck at {state.n} players"
                    f" (its first copy is used from {min(card.players)} players)",
                    hint=f"a card of the Age {ROMAN[age]} deck",
                )
            pending = state.phase == "turn" and any(
                c is not None and c != SKIP and getattr(c, "card", None) == move.card for c in state.choices
            )
            played = "already played or chosen by another player this turn" if pending else "already played"
            if card.guild and move.card in state.named[age - 1] or (card.guild and pending):
                why = f"each guild exists once and {move.card} is {played}"
            elif card.guild:
                why = f"the Age III deck holds {components.guild_count(state.n)} guilds at {state.n} players and they are all accounted for"
            else:
                why = f"the Age {ROMAN[age]} deck at {state.n} players holds {total} {move.card}, {played}"
            raise IllegalMove(
                "7w.setup.decks",
                f"{player} cannot have {move.card}: {why}",
                hint="check the card's name; entries already made can be undone",
            )
    city = state.cities[i]
    if isinstance(move, Build):
        if move.card in city.cards:
            raise IllegalMove("7w.build.unique", f"{player} already has {wording.a(move.card)}", hint="stage or sell it instead")
        costs.check_build(state, i, move)
    elif isinstance(move, Stage):
        costs.check_stage(state, i, move)


def check_recruit(state: SWState, move: Recruit) -> None:
    """A Recruitment choice: a leader of the hand recruited, paid from the coins held at the
    start of the phase (``7w.leaders.recruit.forced``)."""
    i = check_chooser(state, move)
    city = state.cities[i]
    name = move.leader
    if name is None:
        raise IllegalMove("7w.leaders.recruit.hire", "name the leader to recruit")
    check_leader_in_hand(state, i, name, "7w.leaders.recruit")
    cost = powers.leader_cost(state, i, name)
    if cost > city.spendable:
        raise IllegalMove(
            "7w.leaders.recruit.forced",
            f"{move.player} cannot recruit {name}: it costs {cost} coins and {move.player} has {city.spendable}"
            + (f" to spend now ({city.income} more arrive only after this phase)" if city.income else ""),
            hint=f"{move.player} sell {name} (3 coins)" + (f", or {move.player} stage {name}" if stage_possible(state, i) else ""),
        )


def check_leader_played(state: SWState, move: Stage | Sell) -> int:
    """A Recruitment choice of a leader put under a stage or sold: one the player may hold
    (named), or any one (unnamed) while the hand holds one. The player's index."""
    i = check_chooser(state, move)
    if move.card is not None:
        check_leader_in_hand(state, i, move.card, "7w.leaders.recruit")
    elif state.cities[i].hand_size <= 0:
        raise IllegalMove("7w.leaders.hand", f"{move.player} has no leader left in hand")
    return i


def check_leader_stage(state: SWState, move: Stage) -> None:
    """A Recruitment choice: a leader under the next wonder stage, paid like any stage
    (``7w.leaders.recruit.wonder``)."""
    i = check_leader_played(state, move)
    costs.check_stage(state, i, move, rule="7w.leaders.recruit.wonder", instead=recruit_instead(state, i, move.card))


def check_leader_sale(state: SWState, move: Sell) -> None:
    """A Recruitment choice: a leader sold for 3 coins (``7w.leaders.recruit.discard``)."""
    check_leader_played(state, move)


def stage_possible(state: SWState, i: int) -> bool:
    """The next wonder stage exists and can be paid now (for hints)."""
    city = state.cities[i]
    if city.stages >= len(city.board.stages):
        return False
    return costs.stage_quote(state, i, "7w.leaders.recruit.wonder").payable


def recruit_instead(state: SWState, i: int, name: str | None) -> str:
    """The hint when a leader cannot be used for the stage (``7w.leaders.recruit.forced``)."""
    player = state.seats[i]
    leader = f" {name}" if name else ""
    recruit = ""
    if name and powers.leader_cost(state, i, name) <= state.cities[i].spendable:
        recruit = f", or {player} recruit {name}"
    return f"{player} sell{leader} (3 coins){recruit}; see 7w.leaders.recruit.forced"


# -- extra steps ----------------------------------------------------------------------------
EXTRA_HINT = {
    "seventh": "{p} build <card> / {p} stage / {p} sell",
    "rome": "{p} recruit <leader> / {p} recruit none",
    "halikarnassos": "{p} pick <card> / {p} pick none",
    "solomon": "{p} pick <card> / {p} pick none",
    "courtesan": "{p} courtesan <leader>",
    "copy": "{p} copy <guild> / {p} copy best",
}
EXTRA_RULE = {
    "seventh": "7w.wonder.babylon.b",
    "rome": "7w.wonder.rome.b",
    "halikarnassos": "7w.wonder.halikarnassos",
    "solomon": "7w.leader.solomon",
    "courtesan": "7w.courtesan.token",
    "copy": "7w.wonder.olympia.b",
}


EXTRA_NAME = {
    "seventh": "Babylon B's 7th card",
    "rome": "Rome B's extra leader",
    "halikarnassos": "Halikarnassos's build from the discard pile",
    "solomon": "Solomon's build from the discard pile",
    "courtesan": "placing the Courtesan token",
    "copy": "naming the guild Olympia B copies",
}


def extra_step(state: SWState, move: ByPlayer) -> tuple[int, str]:
    """The owed extra step (:data:`EXTRA_RULE`), ``(its owner's index, its kind)``: refused
    when another player than its owner makes the entry."""
    step = next_extra(state)
    assert step is not None
    i, kind = step
    owner = state.seats[i]
    if move.player != owner:
        raise IllegalMove(
            EXTRA_RULE[kind],
            f"{state.phase_label}: the game waits for {owner} ({EXTRA_NAME[kind]}) before {move.player}'s entry",
            hint=EXTRA_HINT[kind].format(p=owner),
        )
    return i, kind


def check_seventh(state: SWState, move: Build | Stage | Sell) -> None:
    """Babylon B's 7th card (``7w.wonder.babylon.b``): built, under a stage or sold."""
    i, _ = extra_step(state, move)
    check_card_action(state, i, move)


def check_rome_recruit(state: SWState, move: Recruit) -> None:
    """Rome B's extra leader (``7w.wonder.rome.b``): one of the hand, or none."""
    i, _ = extra_step(state, move)
    if move.leader is None:
        return
    owner = state.seats[i]
    city = state.cities[i]
    check_leader_in_hand(state, i, move.leader, "7w.wonder.rome.b")
    # Paid like every payment of the turn or phase: from the coins held at its start and
    # not yet spent; coins received during it count from the next (7w.commerce.coins-timing).
    # Option rome_b_coins=held: with every coin held once the stage's effects resolve.
    cost = powers.leader_cost(state, i, move.leader)
    if cost > rome_b_purse(state, i):
        when = "this phase" if state.turn == 0 else "this turn"
        raise IllegalMove(
            "7w.wonder.rome.b",
            f"{owner} cannot recruit {move.leader}: it costs {cost} coins and {owner} has {rome_b_purse(state, i)}"
            + (
                f" to spend now ({city.income} more arrive only after {when})"
                if city.income and state.option("rome_b_coins", "start") == "start"
                else ""
            ),
            hint=f"{owner} recruit none",
        )


def check_pile_pick(state: SWState, move: Pick) -> None:
    """Halikarnassos's or Solomon's build from the discard pile (``7w.wonder.halikarnassos``,
    ``7w.leader.solomon``): a card the city lacks that the pile may hold, or none."""
    i, kind = extra_step(state, move)
    if move.card is None:
        return
    owner = state.seats[i]
    hint = EXTRA_HINT[kind].format(p=owner)
    if move.card in state.cities[i].cards:
        raise IllegalMove("7w.build.unique", f"{owner} already has {wording.a(move.card)}", hint=hint)
    if not deck.pile_sources(state, move.card):
        # the pile lies face down: the refusal says why, never what the pile holds
        raise IllegalMove(
            "7w.discard.pile",
            f"{move.card} cannot be in the discard pile now: every copy its Age deck holds is accounted for"
            " (built, or otherwise known to be out of the pile)",
            hint=f"{hint} ({owner} looks through the pile; 'legal --reveal' lists what it may hold)",
        )


def check_copy_guild(state: SWState, move: CopyGuild) -> None:
    """Olympia B's copied guild (``7w.wonder.olympia.b``): one the neighbours built, or the
    best one (unnamed)."""
    i, _ = extra_step(state, move)
    if move.guild is None:
        return
    guilds = neighbour_guilds(state, i)
    if move.guild not in guilds:
        raise IllegalMove(
            "7w.wonder.olympia.b",
            f"{move.guild} is not a guild built by {state.seats[i]}'s neighbours",
            hint="one of: " + ", ".join(guilds),
        )


def check_courtesan_token(state: SWState, move: Courtesan) -> None:
    """The Courtesan token (``7w.courtesan.token``): on a recruited leader of a neighbour."""
    i, _ = extra_step(state, move)
    targets = courtesan_targets(state, i)
    if move.leader not in targets:
        raise IllegalMove(
            "7w.courtesan.token",
            f"{move.leader} is not a recruited leader of {state.seats[i]}'s neighbours",
            hint="one of: " + ", ".join(targets),
        )


def rome_b_purse(state: SWState, i: int) -> int:
    """The coins Rome B's extra leader may be paid with (``7w.wonder.rome.b``): by default
    (``rome_b_coins=start``) those held at the start of the turn or phase and not yet spent
    (``7w.commerce.coins-timing``); with ``rome_b_coins=held`` every coin held when the
    stage's effects resolve, this turn's trade income and stage coins included."""
    city = state.cities[i]
    if state.option("rome_b_coins", "start") == "held":
        return city.coins
    return city.spendable


def courtesan_targets(state: SWState, i: int) -> list[str]:
    """The recruited leaders of player ``i``'s neighbours, where the Courtesan token may go."""
    out: list[str] = []
    for j in (state.left(i), state.right(i)):
        for name in state.cities[j].leaders:
            if name not in out:
                out.append(name)
    return out


# -- the choices, one check per move type (rules.TABLE) -----------------------------------------
def check_build(state: SWState, move: Build) -> None:
    """``ada build Baths``: an Age card built in a turn, or as Babylon B's 7th card."""
    check_choice(state, move, turn=check_turn, extra=check_seventh)


def check_stage(state: SWState, move: Stage) -> None:
    """``ada stage``: the next wonder stage, with an Age card (a turn, Babylon B's 7th card) or
    a leader (a Recruitment phase)."""
    check_choice(state, move, turn=check_turn, recruit=check_leader_stage, extra=check_seventh)


def check_sell(state: SWState, move: Sell) -> None:
    """``ada sell``: an Age card (a turn, Babylon B's 7th card) or a leader (a Recruitment
    phase) discarded for 3 coins."""
    check_choice(state, move, turn=check_turn, recruit=check_leader_sale, extra=check_seventh)


def check_recruit_entry(state: SWState, move: Recruit) -> None:
    """``ada recruit Nero``: a leader recruited in a Recruitment phase, or as Rome B's extra one."""
    check_choice(state, move, recruit=check_recruit, extra=check_rome_recruit)


def check_pick(state: SWState, move: Pick) -> None:
    """``ada pick Baths``: Halikarnassos's or Solomon's build from the discard pile."""
    check_choice(state, move, extra=check_pile_pick)


def check_courtesan(state: SWState, move: Courtesan) -> None:
    """``ada courtesan Nero``: where the Courtesan token goes."""
    check_choice(state, move, extra=check_courtesan_token)


def check_copy(state: SWState, move: CopyGuild) -> None:
    """``ada copy Builders Guild``: the guild Olympia B copies."""
    check_choice(state, move, extra=check_copy_guild)


#: How each phase refuses an entry of a player it does not take (:func:`refuse_in_phase`).
REFUSE_IN: dict[str, Callable[[SWState, Any], NoReturn]] = {
    "boards": refuse_in_boards,
    "draft": refuse_in_draft,
    "recruit": refuse_in_recruitment,
    "turn": refuse_in_turn,
    "extra": refuse_in_extra,
}


# -- the play entries' checks and the phases that take them --------------------------------------
#: The check of each play entry (any entry but a correction or a position line, which have
#: their own modules); the package pairs each with its apply in ``rules.TABLE``.
CHECKS: dict[type, Check] = {
    SetBoard: check_board,
    LeaderHand: check_leader_hand,
    Keep: check_keep,
    DraftPass: check_draft_pass,
    Build: check_build,
    Stage: check_stage,
    Sell: check_sell,
    Recruit: check_recruit_entry,
    Pick: check_pick,
    Courtesan: check_courtesan,
    CopyGuild: check_copy,
    Sealed: check_sealed,
    Chose: check_chose,
    Reveal: check_reveal,
}

#: The phases of a game (``SWState.phase``, the draft and the extra steps told apart) and the
#: play entries each takes. A leader hand may be entered whenever leaders are held; the
#: draft's start takes Age I's first Recruitment choice too (the draft played off the record).
PLAY_PHASES: dict[str, tuple[type, ...]] = {
    "boards": (SetBoard,),
    "draft start": (LeaderHand, Keep, DraftPass, Recruit, Stage, Sell, Sealed),
    "draft": (LeaderHand, Keep, DraftPass),
    "recruit": (LeaderHand, Recruit, Stage, Sell, Sealed, Chose, Reveal),
    "turn": (LeaderHand, Build, Stage, Sell, Sealed, Chose, Reveal),
    "extra: seventh": (LeaderHand, Build, Stage, Sell),
    "extra: rome": (LeaderHand, Recruit),
    "extra: halikarnassos": (LeaderHand, Pick),
    "extra: solomon": (LeaderHand, Pick),
    "extra: courtesan": (LeaderHand, Courtesan),
    "extra: copy": (LeaderHand, CopyGuild),
    "over": (),
}
assert all(f"extra: {kind}" in PLAY_PHASES for kind in EXTRA_ORDER)

#: The entries refused by their own check in every phase that does not take them (``draft``,
#: a sealed choice, a board, a leader hand): each check knows its phases.
SELF_REFUSING = (DraftPass, Sealed, SetBoard, LeaderHand)


def play_phase(state: SWState) -> str:
    """The phase of ``state`` as :data:`PLAY_PHASES` names it: ``SWState.phase``, the draft's
    start (pass 1, no keep yet) told from the rest of it, each extra step by its kind
    (``extra: halikarnassos``)."""
    if state.phase == "extra":
        step = next_extra(state)
        assert step is not None, "an extra step is owed in phase extra"
        return f"extra: {step[1]}"
    if state.phase == "draft" and draft_untouched(state):
        return "draft start"
    return state.phase


def refuse(state: SWState, move: object) -> NoReturn:
    """Refuse a play entry the phase does not take, as the rules say it there: the end of the
    game first; an entry of :data:`SELF_REFUSING` by its own check; any other by the phase
    (:func:`refuse_in_phase`)."""
    check_not_over(state)
    if isinstance(move, SELF_REFUSING):
        CHECKS[type(move)](state, move)
    refuse_in_phase(state, move)


def check(state: SWState, move: object) -> None:
    """Raise IllegalMove unless the play entry ``move`` is legal now: refused when the phase
    does not take it (:func:`refuse`), else judged by its check (:data:`CHECKS`)."""
    if not isinstance(move, PLAY_PHASES[play_phase(state)]):
        refuse(state, move)
    CHECKS[type(move)](state, move)
