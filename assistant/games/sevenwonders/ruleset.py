"""The 7 Wonders (+ Leaders) ruleset: the protocol verbs of :class:`Ruleset` for a game
tracked entry by entry, and the final-table scoring, catalogue and rule texts of the
sibling modules.

* setup: 3-7 players, option ``leaders`` (default true), boards either from the ``Boards:``
  header (``Gizah A, Rhodes B, ...`` in seat order) or entered (``ada board Gizah A``);
* the leader draft's result may be entered (``ada leaders Caesar, Nero, Midas, Plato``);
* Recruitment phases, Age turns with simultaneous choices, the extra steps and the
  conflicts: :mod:`turn`; legality: :mod:`checks`; payments: :mod:`costs` / :mod:`payment`;
* the score of a tracked game is the score of its final table (:meth:`table_from_state`),
  through the same :func:`scoring.score_cities` as ``assistant score --from FILE``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from assistant.core.errors import AmbiguousEntry, IllegalMove, InvalidEntry
from assistant.core.protocol import OptionSpec, Outcome, Prompt, RuleText, Ruleset
from assistant.core.scoresheet import ScoreSheet
from assistant.games.sevenwonders import checks, costs, data, deck, notation, powers, scoring, turn
from assistant.games.sevenwonders.moves import Build, CopyGuild, Courtesan, LeaderHand, Pay, Pick, Recruit, SetBoard, Sell, Stage
from assistant.games.sevenwonders.state import City, SWState

TRUE = ("true", "yes", "1", "on")
FALSE = ("false", "no", "0", "off")
KINDS = {
    "seventh": ("build", "stage", "sell"),
    "rome": ("recruit",),
    "halikarnassos": ("pick",),
    "solomon": ("pick",),
    "courtesan": ("courtesan",),
    "copy": ("copy",),
}
STEP_TEXT = {
    "seventh": "{p} plays the 7th card (Babylon B): build, stage or sell",
    "rome": "{p} may recruit an extra leader (Rome B): recruit <leader> or recruit none",
    "halikarnassos": "{p} builds a card from the discard pile (Halikarnassos): pick <card> or pick none",
    "solomon": "{p} builds a card from the discard pile (Solomon): pick <card> or pick none",
    "courtesan": "{p} places the Courtesan token on a neighbour's leader: courtesan <leader>",
    "copy": "{p} names the neighbour's guild Olympia B copies: copy <guild>, or copy best",
}


def parse_boards(text: str, seats: Sequence[str], leaders_on: bool) -> list[tuple[str, str]]:
    """The ``Boards:`` header: one ``<board> <side>`` per seat, in seat order."""
    items = [item.strip() for item in text.split(",") if item.strip()]
    if len(items) != len(seats):
        raise InvalidEntry(
            "7w.setup.wonders",
            f"the Boards header names {len(items)} boards for {len(seats)} players",
            hint="Boards: Gizah A, Rhodes B, ... (one per player, in seat order)",
        )
    out: list[tuple[str, str]] = []
    for seat, item in zip(seats, items):
        move = notation.read_board(seat, item.split())
        if any(move.wonder == b for b, _ in out):
            raise InvalidEntry("7w.setup.wonders", f"the board {move.wonder} is given twice")
        if move.wonder == "Rome" and not leaders_on:
            raise InvalidEntry("7w.setup.wonders", "Rome is only used with the Leaders expansion")
        out.append((move.wonder, move.side))
    return out


class SevenWonders(Ruleset):
    name = "7wonders"
    title = "7 Wonders"
    aliases = ("7w", "leaders", "7 wonders", "seven wonders", "7 wonders leaders", "7 wonders with leaders")
    version = "1"
    min_players = 3
    max_players = 7
    options = (
        OptionSpec("leaders", "true", "play with the Leaders expansion", choices=("true", "false")),
        OptionSpec(
            "boards",
            "",
            "boards and sides in seat order, e.g. 'Gizah A, Rhodes B, Babylon A' (empty: entered as 'ada board Gizah A')",
            header=True,
        ),
    )

    # -- setup ------------------------------------------------------------------------------
    def check_options(self, options: Mapping[str, str]) -> dict[str, str]:
        lowered = {k: (v.lower() if k == "leaders" else v) for k, v in options.items()}
        for key in ("leaders",):
            if key in lowered and lowered[key] in TRUE:
                lowered[key] = "true"
            elif key in lowered and lowered[key] in FALSE:
                lowered[key] = "false"
        return super().check_options(lowered)

    def setup(self, seats: Sequence[str], options: Mapping[str, str]) -> SWState:
        opts = self.check_options(options)
        leaders_on = opts["leaders"] == "true"
        n = len(seats)
        if not 3 <= n <= 7:
            raise InvalidEntry("7w.setup.players", f"7 Wonders is played by 3 to 7 players here, not {n}")
        state = SWState(
            seats=tuple(seats),
            leaders_on=leaders_on,
            cities=tuple(City() for _ in seats),
            choices=(None,) * n,
            due=(turn.NO_DUE,) * n,
            options=tuple(sorted(opts.items())),
        )
        if opts.get("boards", "").strip():
            boards = parse_boards(opts["boards"], seats, leaders_on)
            state = replace(state, cities=tuple(City(wonder=b, side=s) for b, s in boards))
            return turn.begin_game(state)
        return state

    # -- prompt -------------------------------------------------------------------------------
    def awaited(self, state: SWState) -> tuple[str, ...]:
        if state.phase == "boards":
            return tuple(p for p, c in zip(state.seats, state.cities) if not c.wonder)
        if state.phase in ("turn", "recruit"):
            return tuple(p for p, c in zip(state.seats, state.choices) if c is None)
        if state.phase == "extra":
            step = turn.next_extra(state)
            return (state.seats[step[0]],) if step else ()
        return ()

    def expecting(self, state: SWState) -> Prompt:
        players = self.awaited(state)
        if state.phase == "boards":
            return Prompt(players, state.phase_label, ("board",), "each player: <player> board <Wonder> <A|B>", data.BOARD_NAMES)
        if state.phase == "recruit":
            played = {name for c in state.cities for name in (*c.named_leaders, *c.boxed)}
            words = tuple(l.name for l in data.leaders() if l.name not in played)
            return Prompt(
                players,
                state.phase_label,
                ("recruit", "stage", "sell", "leaders"),
                f"{state.phase_label}, still to choose: {', '.join(players)}"
                " (recruit <leader>, stage <leader> or sell <leader>)",
                words,
            )
        if state.phase == "turn":
            words = tuple(deck.age_names(state, state.age))
            return Prompt(
                players,
                state.phase_label,
                ("build", "stage", "sell"),
                f"{state.phase_label}, still to choose: {', '.join(players)} (build <card>, stage or sell <card>)",
                words,
            )
        if state.phase == "extra":
            step = turn.next_extra(state)
            assert step is not None
            i, kind = step
            words: tuple[str, ...] = ()
            if kind in ("halikarnassos", "solomon"):
                words = tuple(deck.pile_candidates(state))
            elif kind == "courtesan":
                words = tuple(checks.courtesan_targets(state, i))
            elif kind == "copy":
                words = tuple(turn.neighbour_guilds(state, i))
            elif kind == "seventh":
                words = tuple(deck.age_names(state, state.age))
            elif kind == "rome":
                words = tuple(self._leader_candidates(state, i))
            return Prompt(players, state.phase_label, KINDS[kind], STEP_TEXT[kind].format(p=state.seats[i]), words)
        return Prompt((), "game over", (), "the game is over")

    # -- entries ------------------------------------------------------------------------------
    def parse(self, state: SWState, text: str) -> Any:
        move, stated = notation.read(state, text, self.awaited(state))
        if isinstance(move, (Build, Stage)):
            move = self._resolve_payment(state, move, stated)
        return move

    def _resolve_payment(self, state: SWState, move: Build | Stage, stated: dict[str, Any] | None) -> Build | Stage:
        """Fill in the payment of an otherwise legal build or stage: what the user said, or
        the unique cheapest way (AmbiguousEntry when several cost the same)."""
        try:
            checks.check(state, move, payment=False)
        except IllegalMove:
            if stated is None:
                return move
            raise
        i = state.index(move.player)
        if isinstance(move, Build):
            reason = costs.free_reason(state, i, move)
            if reason is not None:
                if stated and any(v for v in stated.values()):
                    raise IllegalMove(
                        "7w.build.free", f"{move.player} builds {move.card} free ({reason}): there is nothing to pay"
                    )
                return move
            q = costs.build_quote(state, i, move.card)
            what = move.card
            entry = replace(move, pay=None).notation()
            if stated is None and costs.olympia_open(state, i, move.card) and q.payable:
                paid = [f"{entry} {Pay(o.left, o.right, o.bank_purchase).notation()}" for o in q.options]
                raise AmbiguousEntry(
                    "7w.wonder.olympia.a",
                    f"{move.player} may build {move.card} with Olympia A's free build (once per Age)"
                    " or pay for it; say which",
                    candidates=[f"{entry} free", *paid],
                )
            card_name = move.card
            instead = lambda: costs.build_instead(state, i, card_name)  # noqa: E731 (only on a refusal)
            pay = costs.match(q, move.player, what, stated, entry, instead=instead)
            return replace(move, pay=costs.stored_pay(state, i, move.card, pay))
        else:
            rule = "7w.leaders.recruit.wonder" if state.phase == "recruit" else "7w.wonder.stage"
            q = costs.stage_quote(state, i, rule)
            what = f"stage {state.cities[i].stages + 1} of {state.cities[i].board.label}"
            instead = checks.recruit_instead(state, i, move.card) if state.phase == "recruit" else ""
        pay = costs.match(q, move.player, what, stated, replace(move, pay=None).notation(), instead=instead)
        return replace(move, pay=costs.pay_or_none(pay))

    def check(self, state: SWState, move: Any) -> None:
        checks.check(state, move)

    def apply(self, state: SWState, move: Any) -> SWState:
        if isinstance(move, SetBoard):
            i = state.index(move.player)
            state = state.with_city(i, replace(state.cities[i], wonder=move.wonder, side=move.side))
            if all(c.wonder for c in state.cities):
                return turn.begin_game(state)
            return state
        if isinstance(move, LeaderHand):
            i = state.index(move.player)
            return state.with_city(i, replace(state.cities[i], hand=move.leaders))
        if state.phase == "extra":
            return turn.resolve_extra(state, move)
        return turn.record_choice(state, move)

    # -- listing legal entries --------------------------------------------------------------
    def legal_moves(self, state: SWState) -> Iterator[Any]:
        for player in self.awaited(state):
            yield from self.legal_moves_for(state, player)

    def legal_moves_for(self, state: SWState, player: str) -> Iterator[Any]:
        """The legal entries of one awaited player (payments listed as the Pareto-optimal
        options; unnamed stage markers)."""
        i = state.index(player)
        if state.phase == "boards":
            taken = {c.wonder for c in state.cities}
            for b in data.BOARD_NAMES:
                if b not in taken and (state.leaders_on or b != "Rome"):
                    yield SetBoard(player, b, "A")
                    yield SetBoard(player, b, "B")
            return
        if state.phase == "recruit":
            yield from self._recruit_moves(state, i)
            return
        if state.phase == "turn":
            yield from self._card_moves(state, i)
            return
        if state.phase == "extra":
            step = turn.next_extra(state)
            if step is None or step[0] != i:
                return
            kind = step[1]
            if kind == "seventh":
                yield from self._card_moves(state, i)
            elif kind == "rome":
                yield Recruit(player, None)
                for name in self._leader_candidates(state, i):
                    if powers.leader_cost(state, i, name) <= state.cities[i].coins:
                        yield Recruit(player, name)
            elif kind in ("halikarnassos", "solomon"):
                yield Pick(player, None)
                for name in deck.pile_candidates(state):
                    if name not in state.cities[i].cards:
                        yield Pick(player, name)
            elif kind == "courtesan":
                for name in checks.courtesan_targets(state, i):
                    yield Courtesan(player, name)
            elif kind == "copy":
                yield CopyGuild(player, None)
                for name in turn.neighbour_guilds(state, i):
                    yield CopyGuild(player, name)

    def _leader_candidates(self, state: SWState, i: int) -> list[str]:
        city = state.cities[i]
        if city.hand is not None and len(city.hand) >= city.hand_size:
            return list(city.hand)
        out = []
        may_draw = checks.draws_from_box(city)
        for leader in data.leaders():
            if leader.name in city.named_leaders or (leader.name in city.boxed and not may_draw):
                continue
            if checks.leader_owner(state, leader.name, exclude=i, may_draw=may_draw):
                continue
            out.append(leader.name)
        return out

    def _recruit_moves(self, state: SWState, i: int) -> Iterator[Any]:
        player = state.seats[i]
        city = state.cities[i]
        known = city.hand is not None and len(city.hand) >= city.hand_size
        for name in self._leader_candidates(state, i):
            if powers.leader_cost(state, i, name) <= city.spendable:
                yield Recruit(player, name)
        markers: list[str | None] = list(city.hand) if known and city.hand_size > 1 else [None]  # type: ignore[arg-type]
        if known and city.hand_size == 1:
            markers = [None]
        for marker in markers:
            yield Sell(player, marker)
        if city.stages < len(city.board.stages):
            q = costs.stage_quote(state, i, "7w.leaders.recruit.wonder")
            for option in q.options:
                for marker in markers:
                    yield Stage(player, marker, costs.pay_or_none(Pay(option.left, option.right, option.bank_purchase)))

    def _card_moves(self, state: SWState, i: int) -> Iterator[Any]:
        player = state.seats[i]
        city = state.cities[i]
        olympia = powers.olympia_free_ready(state, city)
        for name in deck.age_names(state, state.age):
            yield Sell(player, name)
            if name in city.cards:
                continue
            move = Build(player, name)
            if costs.free_reason(state, i, move) is not None:
                yield move
                continue
            if olympia:
                yield Build(player, name, None, True)
            for option in costs.build_quote(state, i, name).options:
                yield Build(player, name, costs.stored_pay(state, i, name, Pay(option.left, option.right, option.bank_purchase)))
        if city.stages < len(city.board.stages):
            for option in costs.stage_quote(state, i).options:
                yield Stage(player, None, costs.pay_or_none(Pay(option.left, option.right, option.bank_purchase)))

    # -- scores -------------------------------------------------------------------------------
    def cities(self, state: SWState) -> list[scoring.City]:
        return [
            scoring.City(
                name=p,
                board=c.wonder,
                side=c.side,
                stages=c.stages,
                coins=c.coins,
                tokens=c.tokens,
                cards=c.cards,
                leaders=c.leaders,
                courtesan=c.courtesan,
                copied_guild=c.copied_guild,
            )
            for p, c in zip(state.seats, state.cities)
        ]

    def score(self, state: SWState) -> ScoreSheet:
        if state.phase == "boards":
            return ScoreSheet.build(self.name, state.seats, scoring.CATEGORIES, {}, notes=["the boards are not all known yet"])
        notes = [] if state.phase == "over" else ["provisional: the game is not over"]
        return scoring.score_cities(self.cities(state), extra_notes=notes)

    def outcome(self, state: SWState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome("Age III's conflicts are resolved", self.score(state).winners)

    def table_from_state(self, state: SWState) -> dict[str, Any]:
        players = []
        for p, c in zip(state.seats, state.cities):
            entry: dict[str, Any] = {
                "name": p,
                "wonder": c.wonder,
                "side": c.side,
                "stages": c.stages,
                "coins": c.coins,
                "tokens": list(c.tokens),
                "cards": list(c.cards),
                "leaders": list(c.leaders),
            }
            if c.courtesan:
                entry["courtesan"] = c.courtesan
            elif c.courtesan == scoring.NO_TOKEN:
                entry["courtesan"] = scoring.NO_TOKEN_WORDS[0]
            if c.copied_guild:
                entry["copied_guild"] = c.copied_guild
            players.append(entry)
        return {"game": self.name, "leaders": state.leaders_on, "players": players}

    def score_table(self, table: Mapping[str, Any]) -> ScoreSheet:
        from assistant.games.sevenwonders import table as table_module

        return table_module.score_table(table)

    # -- views --------------------------------------------------------------------------------
    def describe(self, state: SWState, *, reveal: bool = False) -> dict[str, Any]:
        players = []
        for i, (p, c) in enumerate(zip(state.seats, state.cities)):
            info: dict[str, Any] = {"name": p}
            if c.wonder:
                info["board"] = f"{c.wonder} {c.side}"
                info["stages"] = f"{c.stages}/{len(c.board.stages)}"
                info["coins"] = c.coins
                if c.income:
                    # received during the turn being resolved: usable from the next one
                    info["coins_received_this_turn"] = c.income
                info["shields"] = powers.shields(c)
                info["military"] = sum(c.tokens)
                info["tokens"] = list(c.tokens)
                info["cards"] = list(c.cards)
                if state.leaders_on:
                    info["leaders"] = list(c.leaders)
                    info["leaders_in_hand"] = c.hand_size
                    if c.courtesan:
                        info["courtesan"] = c.courtesan
            if state.phase in ("turn", "recruit") and state.choices:
                choice = state.choices[i]
                info["chosen"] = choice is not None
                if reveal and choice is not None and choice != turn.SKIP:
                    info["choice"] = choice.notation()
            if reveal and c.hand is not None:
                info["hand"] = list(c.hand)
            players.append(info)
        out: dict[str, Any] = {"phase": state.phase_label, "players": players}
        prompt = self.expecting(state)
        if prompt.message:
            out["waiting for"] = ", ".join(prompt.players) or "nobody"
        if reveal:
            out["discard_pile"] = [name for _, name in state.pile]
            out["discard_pile_unnamed"] = sum(state.pile_unknown)
        else:
            out["discard_pile_size"] = len(state.pile) + sum(state.pile_unknown)
        return out

    def events(self, before: SWState, after: SWState) -> list[str]:
        """When a turn, a Recruitment phase or an extra step resolves: what each city gained
        (cards, stages, leaders, coins, conflict tokens). Nothing while choices are collected:
        they stay hidden until everyone has chosen."""
        if before.phase == "boards" or (before.clock == after.clock and before.cities == after.cities):
            return []
        lines = []
        if before.clock != after.clock and before.phase in ("turn", "recruit"):
            lines.append(f"{before.phase_label} resolved")
        for name, old, new in zip(after.seats, before.cities, after.cities):
            parts = []
            built = [c for c in new.cards if c not in old.cards]
            if built:
                parts.append("built " + ", ".join(built))
            if new.stages > old.stages:
                parts.append(f"wonder stage {new.stages}")
            recruited = [leader for leader in new.leaders if leader not in old.leaders]
            if recruited:
                parts.append("recruited " + ", ".join(recruited))
            if new.coins != old.coins:
                parts.append(f"coins {old.coins} → {new.coins}")
            tokens = new.tokens[len(old.tokens) :]
            if tokens:
                parts.append("conflict tokens " + " ".join(f"{t:+d}" for t in tokens))
            if new.courtesan and new.courtesan != old.courtesan:
                parts.append(f"Courtesan token on {new.courtesan}")
            elif new.courtesan == scoring.NO_TOKEN and old.courtesan is None:
                parts.append("no recruited leader next door: the Courtesan token is not placed (7w.guild.courtesans)")
            j = after.seats.index(name)
            solomon_waits = after.phase == "extra" and j < len(after.due) and after.due[j].solomon
            if "Solomon" in recruited and not solomon_waits:
                parts.append("Solomon finds nothing he may take in the discard pile: his effect is lost (7w.leader.solomon)")
            if parts:
                lines.append(f"{name}: " + "; ".join(parts))
        if after.phase != before.phase or after.age != before.age:
            lines.append("now: " + after.phase_label)
        return lines

    def completions(self, state: SWState) -> list[str]:
        prompt = self.expecting(state)
        return sorted({*prompt.kinds, *state.seats, *prompt.words, "pay", "left", "right", "free"})

    def catalogue(self) -> list[dict[str, Any]]:
        from assistant.games.sevenwonders import catalogue

        return catalogue.catalogue()

    def rulebook(self) -> Sequence[RuleText]:
        from assistant.games.sevenwonders import texts

        return texts.rulebook()

    def explain(self, query: str) -> list[RuleText]:
        from assistant.games.sevenwonders import texts

        return texts.explain(query)
