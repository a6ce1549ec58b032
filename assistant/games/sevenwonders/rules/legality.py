"""Whether an entry is legal now: raises :class:`IllegalMove` with the rule id, a sentence
naming the player and the thing, and a hint of what is legal instead.

Every choice of a turn or Recruitment phase is checked against the state at the start of that
turn (``7w.turn.resolution``): the coins held then, the production and rebates in force then.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from assistant.core.errors import IllegalMove
from assistant.core import wording
from assistant.games.sevenwonders import costs, components, deck, powers
from assistant.games.sevenwonders.moves import Build, Chose, CopyGuild, Courtesan, DraftPass, Keep, LeaderHand, Pick, Recruit, Reveal, Sealed, SetBoard, Sell, Stage
from assistant.games.sevenwonders.secrets import public_choice
from assistant.games.sevenwonders.state import City, SWState
from assistant.games.sevenwonders.rules.resolution import draft_untouched, neighbour_guilds, skip_draft
from assistant.games.sevenwonders.state import FREE_CITY, SKIP, next_extra

ROMAN = {1: "I", 2: "II", 3: "III"}


def check(state: SWState, move: Any) -> None:
    """Raise IllegalMove unless ``move`` is legal now (AmbiguousEntry when its payment, as
    said, fits several ways of the same cost). Never changes anything. The payment is judged
    last, so that a refusal names the first rule broken."""
    if state.phase == "over":
        raise IllegalMove(
            "7w.end",
            "the game is over: Age III's conflicts have been resolved",
            hint="see the final score (score), or undo the last entries to change them",
        )
    if isinstance(move, DraftPass):
        return check_draft_pass(state)
    if isinstance(move, Sealed):
        return check_sealed(state, move)
    if move.player not in state.seats:
        raise IllegalMove("core.players", f"{move.player} does not play in this game")
    if isinstance(move, SetBoard):
        return check_board(state, move)
    if state.phase == "draft":
        if isinstance(move, LeaderHand):
            return check_draft_hand(state, move)
        if isinstance(move, Keep):
            return check_keep(state, move)
        if draft_untouched(state) and isinstance(move, (Recruit, Sell, Stage)):
            # no draft entry yet: the draft happened off the record (7w.leaders.draft)
            return check(skip_draft(state), move)
        raise IllegalMove(
            "7w.leaders.draft",
            f"the leader draft is under way ({state.phase_label}): each player keeps a leader first",
            hint=draft_hint(state),
        )
    if isinstance(move, LeaderHand):
        return check_hand(state, move)
    if state.phase == "boards":
        missing = [p for p, c in zip(state.seats, state.cities) if not c.wonder]
        raise IllegalMove(
            "7w.setup.wonders",
            f"the boards are not all known yet ({', '.join(missing)} still to enter)",
            hint=f"{missing[0]} board <Wonder> <A|B>",
        )
    if isinstance(move, Keep):
        raise IllegalMove(
            "7w.leaders.draft",
            "the leader draft is over (or was played off the record): nothing is kept now",
            hint=f"now: {state.phase_label}",
        )
    if isinstance(move, Chose):
        return check_chose(state, move)
    if isinstance(move, Reveal):
        return check_reveal(state, move)
    unseen = [p for p, c in zip(state.seats, state.choices) if isinstance(c, Chose)]
    if unseen and isinstance(move, CHOICES) and [c for c in state.choices if c is None] == [None]:
        if state.choices[state.index(move.player)] is None:
            raise IllegalMove(
                "7w.secrets.sealed",
                f"{' and '.join(unseen)} chose unseen: the last choice of the turn comes with every choice shown",
                hint="reveal " + "; ".join(f"{p} <the choice>" for p in unseen) + f"; {move.notation()}",
            )
    if state.phase == "extra":
        return check_extra(state, move)
    if state.phase == "recruit":
        return check_recruitment(state, move)
    return check_turn(state, move)


# -- sealed choices (7w.secrets.sealed) ------------------------------------------------------
#: The moves that are a player's choice of an Age turn or a Recruitment phase.
CHOICES = (Build, Stage, Sell, Recruit)


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
    check(state, move.choice)


def check_chose(state: SWState, move: Chose) -> None:
    """``ada chose``: a choice of a turn or a Recruitment phase made unseen; never the last one
    (the turn resolves then, and every choice is shown: ``reveal``)."""
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
            check(replace(state, choices=tuple(None if k == i else c for k, c in enumerate(state.choices))), choice)
            slots[i] = choice
        elif public_choice(pending) != public_choice(choice):
            raise IllegalMove("7w.secrets.sealed", f"{choice.player}'s choice shown is not the one entered", hint="undo to change it")
    missing = [p for p in state.sealed if p not in named]
    if missing:
        raise IllegalMove("7w.secrets.sealed", f"a reveal shows every sealed choice: {', '.join(missing)}'s is missing")
    filled = replace(state, choices=tuple(slots))
    if sum(1 for c in filled.choices if c is None) != 1:
        raise IllegalMove("7w.secrets.sealed", "a reveal comes with the last choice of the turn: others are still to choose")
    check(filled, last)


# -- the leader draft (7w.leaders.draft) ---------------------------------------------------
def draft_hint(state: SWState) -> str:
    """What the draft waits for: the keeps still to enter, or ``draft`` to end the pass."""
    waiting = [p for p, c in zip(state.seats, state.choices) if c is None]
    first = waiting[0] if waiting else state.seats[0]
    return f"{first} keep <leader> / {first} keep ? (still to keep: {', '.join(waiting) or 'nobody'}), or 'draft' to end the pass"


def check_draft_pass(state: SWState) -> None:
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
def check_chooser(state: SWState, move: Any) -> int:
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


def check_turn(state: SWState, move: Any) -> None:
    """A choice of an Age turn: a build, a stage or a sale of an Age card."""
    if isinstance(move, (Recruit, Pick, Courtesan, CopyGuild)):
        verb = {"CopyGuild": "copy"}.get(type(move).__name__, type(move).__name__.lower())
        raise IllegalMove(
            "7w.turn.actions",
            f"{move.player} cannot {verb} in an Age turn: the chosen card is built, used for a stage or sold",
            hint=f"{move.player} build <card>, {move.player} stage, or {move.player} sell <card>",
        )
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


def check_free_city(state: SWState, i: int, move: Any) -> None:
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


def check_card_action(state: SWState, i: int, move: Any) -> None:
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


def check_recruitment(state: SWState, move: Any) -> None:
    """A choice of a Recruitment phase: recruit, stage or sell a leader from the hand."""
    if isinstance(move, (Build, Pick, Courtesan, CopyGuild)):
        missing = [p for p, c in zip(state.seats, state.choices) if c is None]
        raise IllegalMove(
            "7w.leaders.recruit",
            f"it is the Recruitment phase before Age {ROMAN[state.age]}: {move.player} plays a leader"
            f" (recruit, stage or sell it); the Age's turns start once every player has chosen"
            f" (still to choose: {', '.join(missing) or 'nobody'})",
            hint=f"{move.player} recruit <leader>, {move.player} stage <leader> or {move.player} sell <leader>",
        )
    i = check_chooser(state, move)
    city = state.cities[i]
    name = move.leader if isinstance(move, Recruit) else move.card
    if name is None and isinstance(move, Recruit):
        raise IllegalMove("7w.leaders.recruit.hire", "name the leader to recruit")
    if name is not None:
        check_leader_in_hand(state, i, name, "7w.leaders.recruit")
    elif city.hand_size <= 0:
        raise IllegalMove("7w.leaders.hand", f"{move.player} has no leader left in hand")
    if isinstance(move, Recruit) and name is not None:  # a Recruit with no name was refused above
        cost = powers.leader_cost(state, i, name)
        if cost > city.spendable:
            raise IllegalMove(
                "7w.leaders.recruit.forced",
                f"{move.player} cannot recruit {name}: it costs {cost} coins and {move.player} has {city.spendable}"
                + (f" to spend now ({city.income} more arrive only after this phase)" if city.income else ""),
                hint=f"{move.player} sell {name} (3 coins)" + (f", or {move.player} stage {name}" if stage_possible(state, i) else ""),
            )
    elif isinstance(move, Stage):
        costs.check_stage(
            state, i, move, rule="7w.leaders.recruit.wonder", instead=recruit_instead(state, i, name)
        )


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


def check_extra(state: SWState, move: Any) -> None:
    """The entry of the owed extra step (:data:`EXTRA_RULE`), by the player who owes it."""
    step = next_extra(state)
    assert step is not None
    i, kind = step
    owner = state.seats[i]
    hint = EXTRA_HINT[kind].format(p=owner)
    if move.player != owner:
        raise IllegalMove(
            EXTRA_RULE[kind],
            f"{state.phase_label}: the game waits for {owner} ({EXTRA_NAME[kind]}) before {move.player}'s entry",
            hint=hint,
        )
    wanted = {
        "seventh": (Build, Stage, Sell),
        "rome": (Recruit,),
        "halikarnassos": (Pick,),
        "solomon": (Pick,),
        "courtesan": (Courtesan,),
        "copy": (CopyGuild,),
    }[kind]
    if not isinstance(move, wanted):
        raise IllegalMove(EXTRA_RULE[kind], f"{owner} owes {EXTRA_NAME[kind]} now, not this entry", hint=hint)
    city = state.cities[i]
    if kind == "seventh":
        check_card_action(state, i, move)
    elif kind == "rome" and isinstance(move, Recruit) and move.leader is not None:
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
    elif kind in ("halikarnassos", "solomon") and isinstance(move, Pick) and move.card is not None:
        if move.card in city.cards:
            raise IllegalMove("7w.build.unique", f"{owner} already has {wording.a(move.card)}", hint=hint)
        if not deck.pile_sources(state, move.card):
            # the pile lies face down: the refusal says why, never what the pile holds
            raise IllegalMove(
                "7w.discard.pile",
                f"{move.card} cannot be in the discard pile now: every copy its Age deck holds is accounted for"
                " (built, or otherwise known to be out of the pile)",
                hint=f"{hint} ({owner} looks through the pile; 'legal --reveal' lists what it may hold)",
            )
    elif kind == "copy" and isinstance(move, CopyGuild) and move.guild is not None:
        guilds = neighbour_guilds(state, i)
        if move.guild not in guilds:
            raise IllegalMove(
                "7w.wonder.olympia.b",
                f"{move.guild} is not a guild built by {owner}'s neighbours",
                hint="one of: " + ", ".join(guilds),
            )
    elif kind == "courtesan" and isinstance(move, Courtesan):
        targets = courtesan_targets(state, i)
        if move.leader not in targets:
            raise IllegalMove(
                "7w.courtesan.token",
                f"{move.leader} is not a recruited leader of {owner}'s neighbours",
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
