"""The Roma ruleset: the protocol verbs wired to the modules that hold the rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from assistant.core.errors import InvalidEntry
from assistant.core.protocol import OptionSpec, Outcome, Prompt, RuleText, Ruleset
from assistant.core.rulebook import parse_rules
from assistant.core.scoresheet import ScoreSheet
from assistant.games.roma import apply, board, check, legal, parse
from assistant.games.roma.cards import CARD_NAMES, CARDS, DECK_SIZE, ORDER
from assistant.games.roma.moves import RomaMove
from assistant.games.roma.state import RomaState
from assistant.resources import read_text


@cache
def _book() -> tuple[RuleText, ...]:
    return tuple(parse_rules(read_text("roma", "rules.md")))


class Roma(Ruleset):
    name = "roma"
    title = "Roma"
    aliases = ("rome",)
    version = "1"
    min_players = 2
    max_players = 2
    options = (
        OptionSpec(
            "bribe",
            "off",
            "the bribe disc: a seventh disc activated by any die, paying its value in sestertii (Arena: Roma II)",
            ("off", "on"),
        ),
        OptionSpec(
            "mercatus",
            "opponent",
            "where Mercatus' VP come from: the opponent (the seed's text) or the stockpile",
            ("opponent", "stockpile"),
        ),
    )

    # -- protocol ---------------------------------------------------------------------------
    def setup(self, seats: Sequence[str], options: Mapping[str, str]) -> RomaState:
        self.check_seats(seats)
        opts = self.check_options(options)
        discs = 7 if opts["bribe"] == "on" else 6
        empty: tuple[str | None, ...] = (None,) * discs
        return RomaState(
            seats=(seats[0], seats[1]),
            discs=discs,
            mercatus=opts["mercatus"],
            boards=(empty, empty),
            draw=DECK_SIZE,
        )

    def expecting(self, state: RomaState) -> Prompt:
        prompt = self._expecting(state)
        if state.last:
            # what the last entry did by itself (Phase 1, a battle, a card's effect)
            text = f"{state.last} — {prompt.message}" if prompt.message else state.last
            prompt = Prompt(prompt.players, prompt.phase, prompt.kinds, text, prompt.words)
        return prompt

    def _expecting(self, state: RomaState) -> Prompt:
        if state.over:
            return Prompt((), f"over: {state.ended}")
        if state.in_setup:
            hint = board.setup_hint(state)
            kinds = []
            if state.starter is None:
                kinds.append("start")
            if not (state.dealt[0] and state.dealt[1]):
                kinds.append("hand")
            elif not state.swapped:
                kinds.append("give")
            elif state.starter is not None:
                kinds.append("place")
            if "place" in kinds:
                who: tuple[str, ...] = (board.placing_player(state),)
            else:
                who = state.seats
            return Prompt(who, "set-up", tuple(kinds), hint, words=self._card_words(state))
        name = state.player
        phase = f"turn {state.turn}, {name}"
        if state.battle is not None:
            b = state.battle
            target = board.defence_text(state, state.opponent, b.target)
            message = f"{name}'s {b.attacker} attacks {state.seats[state.opponent]}'s {target}: enter the battle die"
            if b.boost and state.dice:
                message += f" (the Centurio may add an unused die, {board.die_text(state.dice)}: 'battle N add D')"
            return Prompt((name,), phase + ", battle", ("battle",), message)
        if state.dice is None:
            return Prompt((name,), phase + ", phase 2", ("roll",), f"{name}: roll the three action dice")
        kinds = ["lay", "money", "cards", "activate", "end"]
        triple = ""
        if board.may_reroll(state):
            kinds.insert(0, "reroll")
            triple = " (a triple: 'reroll A B C' allowed before any action)"
        return Prompt(
            (name,),
            phase + ", phase 3",
            tuple(kinds),
            f"{name}: dice left {board.die_text(state.dice)}{triple}; {state.money[state.active]} sestertii"
            + (f"; activate: {', '.join(usable)}" if (usable := legal.activatable(state)) else ""),
            words=self._card_words(state),
        )

    def _card_words(self, state: RomaState) -> tuple[str, ...]:
        """Every card name (not only those in play: completing from the hands would show
        the hidden cards)."""
        return ORDER

    def parse(self, state: RomaState, text: str) -> RomaMove:
        return parse.parse(state, text)

    def check(self, state: RomaState, move: RomaMove) -> None:
        check.check(state, move)

    def apply(self, state: RomaState, move: RomaMove) -> RomaState:
        return apply.apply(state, move)

    def legal_moves(self, state: RomaState) -> Iterable[RomaMove]:
        return legal.legal_moves(state)

    def score(self, state: RomaState) -> ScoreSheet:
        points = {p: {"vp": state.vp[i]} for i, p in enumerate(state.seats)}
        notes = []
        if state.credited:
            notes.append(f"{state.credited} VP credited beyond the empty stockpile (the last payout)")
        if not state.over:
            notes.append("provisional: the game is not over")
        return ScoreSheet.build("roma", state.seats, ["vp"], points, notes=notes)

    def outcome(self, state: RomaState) -> Outcome | None:
        if not state.over:
            return None
        sheet = self.score(state)
        winners = sheet.winners
        reason = state.ended + (" — a draw" if len(winners) > 1 else f" — {winners[0]} wins")
        return Outcome(reason, winners)

    # -- command line -----------------------------------------------------------------------
    def describe(self, state: RomaState, *, reveal: bool = False) -> dict[str, Any]:
        players = []
        for i, name in enumerate(state.seats):
            cards = {str(d): c for d, c in enumerate(state.boards[i], 1) if c}
            entry: dict[str, Any] = {
                "name": name,
                "vp": state.vp[i],
                "money": state.money[i],
                "board": cards,
                "hand_size": len(state.hands[i]),
            }
            if reveal:
                entry["hand"] = list(state.hands[i])
            if state.blocked[i]:
                entry["blocked_discs"] = sorted(state.blocked[i])
            changed = {
                str(d): board.defence(state, i, d)
                for d, c in enumerate(state.boards[i], 1)
                if c and not state.in_setup and board.defence(state, i, d) != CARDS[c].defence
            }
            if changed:
                entry["defence"] = changed  # only where Turris or Essedum change the printed value
            players.append(entry)
        data: dict[str, Any] = {
            "phase": self.expecting(state).phase,
            "players": players,
            "stockpile": state.stockpile,
            "draw_pile": state.draw,
            "discard_pile": list(state.discard) + (["?"] * state.unknown_discards),
        }
        if state.credited:
            data["credited"] = state.credited
        if state.last:
            data["last"] = state.last
        if state.starter is not None:
            data["start_player"] = state.seats[state.starter]
        if not state.in_setup and not state.over:
            data["active"] = state.player
            data["dice_left"] = list(state.dice) if state.dice is not None else None
            if state.essedum:
                data["essedum"] = f"-{2 * state.essedum} defence to {state.seats[state.opponent]}'s cards this turn"
            if state.battle is not None:
                target = board.defence_text(state, state.opponent, state.battle.target)
                data["battle"] = f"{state.battle.attacker} attacks {target}"
        if state.over:
            data["result"] = self.outcome(state).to_json()  # type: ignore[union-attr]
        return data

    def catalogue(self) -> list[dict[str, Any]]:
        return [
            {
                "name": c.name,
                "kind": c.kind,
                "cost": c.cost,
                "defence": c.defence,
                "copies": c.copies,
                "aliases": list(c.aliases),
                "activation": c.activation,
                "effect": {"op": c.effect, **dict(c.params)},
                "text": c.text,
            }
            for c in CARDS.values()
        ]

    def rulebook(self) -> Sequence[RuleText]:
        return _book()

    def explain(self, query: str) -> list[RuleText]:
        """A card's facts (kind, cost, defence, copies), its rule text and the rulings it
        refers to; for a prefix of a few cards (``merca``), each of them."""
        name = CARD_NAMES.find(query)
        if name is not None:
            return self._explain_card(name)
        matches = CARD_NAMES.candidates(query)
        if 1 < len(matches) <= 3:
            return [text for match in matches for text in self._explain_card(match)[:1]]
        return []

    def _explain_card(self, name: str) -> list[RuleText]:
        card = CARDS[name]
        by_id = {r.id: r for r in _book()}
        rule = by_id.get(card.rule_id)
        facts = f"{card.kind}, cost {card.cost} sestertii, defence {card.defence}, {card.copies} in the deck"
        text = facts + ".\n\n" + (rule.text if rule is not None else card.text)
        see_also: tuple[str, ...] = rule.see_also if rule is not None else ()
        result = [RuleText(card.rule_id, name, text, see_also)]
        result += [by_id[r] for r in see_also if r in by_id]
        return result

    def completions(self, state: RomaState) -> list[str]:
        words = set(super().completions(state))
        return sorted(words)

    def table_from_state(self, state: RomaState) -> dict[str, Any]:
        """What lies on the table: VP, money and boards (Roma has no final-table scoring
        format, INTERFACES.md §1; the VP are the score)."""
        return {
            "game": "roma",
            "players": [
                {
                    "name": name,
                    "vp": state.vp[i],
                    "money": state.money[i],
                    "board": {str(d): c for d, c in enumerate(state.boards[i], 1) if c},
                }
                for i, name in enumerate(state.seats)
            ],
        }

    def score_table(self, table: Mapping[str, Any]) -> ScoreSheet:
        raise InvalidEntry("core.score", "Roma has no final-table scoring: the VP on the table are the score")
