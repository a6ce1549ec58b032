"""PAX as a :class:`Ruleset`: the protocol verbs over the engine, the scoring and the tables."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from assistant.core.errors import IllegalMove
from assistant.core.names import NameIndex, normalize
from assistant.core.protocol import OptionSpec, Outcome, Prompt, Ruleset, RuleText
from assistant.core.rulebook import parse_rules
from assistant.core.scoresheet import ScoreSheet
from assistant.resources import read_text
from assistant.games.pax import engine
from assistant.games.pax.components import CATEGORIES, Card, all_tokens, catalogue, components, symbol_range, value_range
from assistant.games.pax.deck import extend, take_top
from assistant.games.pax.moves import Buy, Draw, End, Keep, Market, PaxMove, Peek, Placement, Play, Refill, Reveal
from assistant.games.pax.notation import parse_move
from assistant.games.pax.scoring import FinalPlayer, score_final, solo_target
from assistant.games.pax.state import DECK, HAND, ROMAN, PaxState, Window
from assistant.games.pax.table import score_table as _score_table


class PaxRuleset(Ruleset):
    """PAX for 1 to 4 players (the solitaire game with its five levels included)."""

    name = "pax"
    title = "PAX"
    aliases = ()
    version = "1"
    min_players = 1
    max_players = 4
    options = (
        OptionSpec("level", "1", "solitaire game 1-5 (how many categories must beat Rome); ignored with 2-4 players",
                   choices=("1", "2", "3", "4", "5")),
        OptionSpec("pc", "symbols", "Primus Conspiratus goes to the most Conspiracy symbols (rulebook reading) or cards",
                   choices=("symbols", "cards")),
        OptionSpec("last_take", "yes", "when the deck ran out during the last round, Rome still takes a group at its end",
                   choices=("yes", "no")),
    )

    # -- the protocol ---------------------------------------------------------------------
    def setup(self, seats: Sequence[str], options: Mapping[str, str]) -> PaxState:
        return engine.setup(seats, options)

    def expecting(self, state: PaxState) -> Prompt:
        who = state.seats[state.current]
        if state.phase == "start":
            drawn, plays = engine.start_draw(state, state.kept)
            extra = f", plays {plays}" if plays else ""
            msg = f"{who} draws {drawn} starting cards, keeps 1{extra} and slides the rest under the deck"
            kinds = ("keep", "start") if state.kept == 0 and not state.solo else ("keep",)
            return Prompt((who,), "setup: starting cards", kinds, msg, self._card_words())
        if state.phase == "market":
            left = len(state.empty_legions())
            return Prompt((), "setup: market", ("market",), f"{left} face-up card(s) under the Legions", self._card_words())
        if state.phase == "turn" and state.turn is not None:
            turn = state.turn
            phase = f"round {state.round}, {who}'s turn"
            if not turn.draw_done:
                left = turn.target - len(turn.placed)
                kinds: tuple[str, ...] = ("draw", "peek") if not turn.placed else ("draw",)
                msg = f"{who} draws {left} more card(s): to " + ", ".join(engine._free_destinations(state, turn))
                if not turn.placed:
                    msg += self._draw_note(turn.religion, turn.target)
            else:
                kinds = ("play", "end") if turn.bought or turn.played else ("buy", "play", "end")
                msg = f"{who} may " + ", ".join(kinds)
                if turn.target == 0 and not turn.placed and not turn.empty_deck_paid:
                    kinds = (*kinds, "peek")
                    msg = (
                        f"the deck is empty: {who} takes 2 Aurei instead of drawing, then may buy, play, end"
                        " (or peek instead of the whole turn)"
                    )
            words = tuple(c.token() for c in state.players[turn.player].hand) + ROMAN[: len(state.legions)] + ("hand", "deck")
            return Prompt((who,), phase, kinds, msg, words + self._card_words())
        if state.phase == "refill":
            empty = ", ".join(ROMAN[i] for i in state.empty_legions())
            return Prompt((), f"end of round {state.round}", ("refill",), f"a face-up card under Legion {empty}", self._card_words())
        if state.phase == "reveal":
            return Prompt((), "game end", ("reveal",), f"turn up Rome's {state.rome_hidden} hidden card(s)", self._card_words())
        return Prompt((), "over")

    @staticmethod
    def _draw_note(religion: int, target: int) -> str:
        """How the draw goes (``pax.cat.religion``, ``pax.open.partial-draw``)."""
        note = ""
        if target < 3:
            note += f" (the deck holds only {target})"
        level = engine.religion_level(religion)
        if level == 6 and target > 1:
            note += f"; with {religion} Religion symbols all 3 together, then place them"
        elif level == 3 and target > 1:
            note += (
                f"; with {religion} Religion symbols 2 together: first one of them under a Legion or the deck,"
                " then the third, then the hand"
            )
        return note

    def _card_words(self) -> tuple[str, ...]:
        return CATEGORIES

    def parse(self, state: PaxState, text: str) -> PaxMove:
        return parse_move(state, text)

    def check(self, state: PaxState, move: PaxMove) -> None:
        self._last = (state, move, engine.transition(state, move))

    def apply(self, state: PaxState, move: PaxMove) -> PaxState:
        last = getattr(self, "_last", None)
        if last is not None and last[0] is state and last[1] is move:
            return last[2]  # the state check() just computed for this very move
        return engine.transition(state, move)

    def legal_moves(self, state: PaxState) -> Iterable[PaxMove]:
        """Every legal entry, with one card per entry where cards are entered (each face that
        could be the next card: a known one, or any face the category counts still allow)."""
        moves: list[PaxMove] = []
        who = state.seats[state.current]
        if state.phase == "start":
            drawn, plays = engine.start_draw(state, state.kept)
            for card in self.next_cards(state, drawn):
                played = (card,) * plays
                moves.append(Keep(who, card, played))
        elif state.phase == "market":
            moves += [Market((card,)) for card in self.next_cards(state, len(state.legions))]
        elif state.phase == "turn" and state.turn is not None:
            moves += self._turn_moves(state, who)
        elif state.phase == "refill":
            legion = ROMAN[state.empty_legions()[0]]
            moves += [Refill((card,), (legion,)) for card in self.next_cards(state, 0)]
        elif state.phase == "reveal":
            moves += [Reveal((card,)) for card in all_tokens() if state.unseen(card.category) > 0]
        return [m for m in moves if self._is_legal(state, m)]

    def _is_legal(self, state: PaxState, move: PaxMove) -> bool:
        try:
            engine.transition(state, move)
        except IllegalMove:
            return False
        return True

    def next_cards(self, state: PaxState, count: int) -> list[Card]:
        """The faces the next card off the deck may show."""
        window: Window = state.window if state.window is not None else take_top(state.deck, max(count, 1))[0]
        if state.phase == "turn" and state.turn is not None:
            turn = state.turn
            out = engine.drawn_before(engine.religion_level(turn.religion), len(turn.placed), turn.target)
            waiting = state.window.to_place if state.window else 0
            window = extend(state.window, state.deck, out - len(turn.placed) - waiting)[0]
        faces: list[Card] = list(dict.fromkeys(window.known))
        if window.pool_take:
            faces += [c for c in dict.fromkeys(window.pool) if c not in faces]
        if window.unknown:
            faces += [c for c in all_tokens() if state.unseen(c.category) > 0 and c not in faces]
        return faces

    def _turn_moves(self, state: PaxState, who: str) -> list[PaxMove]:
        turn = state.turn
        assert turn is not None
        moves: list[PaxMove] = []
        if not turn.draw_done:
            dests = [d for d in (HAND, DECK) if d not in turn.placed]
            if not any(p in ROMAN for p in turn.placed):
                dests += list(ROMAN[: len(state.legions)])
            for card in self.next_cards(state, turn.target):
                moves += [Draw(who, (Placement(card, dest),)) for dest in dests]
            if not turn.placed:
                moves.append(Peek(who))
            return moves
        if not turn.bought and not turn.played:
            moves += [Buy(who, ROMAN[i]) for i, group in enumerate(state.legions) if group]
        hand = state.players[turn.player].hand
        moves += [Play(who, (card,)) for card in dict.fromkeys(hand)]
        moves.append(End(who))
        if turn.target == 0 and not (turn.bought or turn.played or turn.empty_deck_paid):
            moves.append(Peek(who))
        return moves

    def outcome(self, state: PaxState) -> Outcome | None:
        if state.phase != "over":
            return None
        sheet = self.score(state)
        return Outcome("; ".join(n for n in sheet.notes if "[pax.open.solo-points]" not in n), sheet.winners)

    def score(self, state: PaxState) -> ScoreSheet:
        """The score of the tracked game: exactly the final-table scoring of
        :meth:`table_from_state` (provisional, without Rome's hidden cards, until revealed)."""
        table = self.table_from_state(state)
        rome = table["rome"]["symbols"]
        players = [
            FinalPlayer(p["name"], p["symbols"], p["aureus"], p["hand"], p["primus_conspiratus"]) for p in table["players"]
        ]
        notes = []
        if state.phase != "over":
            notes.append(
                f"provisional: the game is not over; Rome's {state.rome_hidden} hidden card(s) are not counted"
            )
        return score_final(rome, players, level=state.level, notes=notes)

    # -- what the command line needs ------------------------------------------------------
    def events(self, before, after) -> list[str]:
        """What the entry did and set off (income, Rome's take at the end of a round, refills,
        the verdict), as the engine recorded it on the new state."""
        return list(after.events)

    def describe(self, state: PaxState, *, reveal: bool = False) -> dict[str, Any]:
        prompt = self.expecting(state)
        players = []
        for i, p in enumerate(state.players):
            entry: dict[str, Any] = {
                "name": p.name,
                "display": {cat: {"cards": p.cards(cat), "symbols": p.symbols(cat)} for cat in CATEGORIES if p.cards(cat)},
                "limit": p.limit(),
                "primus_conspiratus": state.pc == i,
                "start_player": state.start == i,
                "hand_cards": len(p.hand),
            }
            if reveal:
                entry["aureus"] = p.aureus
                entry["hand"] = [c.token() for c in p.hand]
            players.append(entry)
        data: dict[str, Any] = {
            "phase": prompt.phase,
            "waiting_for": prompt.message,
            "round": state.round,
            "deck": state.deck_size,
            "legions": {
                ROMAN[i]: {"cards": [c.token() for c in g], "value": state.legion_value(i)} for i, g in enumerate(state.legions)
            },
            "rome": {
                "face_up": [c.token() for c in state.all_rome()],
                "hidden": state.rome_hidden,
                "symbols": engine.symbols_table(state.all_rome()),
            },
            "players": players,
        }
        if state.solo:
            data["solo_level"] = state.level
            data["solo_goal"] = f"all 7 categories played and stronger than Rome in {solo_target(state.level)}"
        if state.events:
            data["last"] = list(state.events)
        return data

    def score_table(self, table: Mapping[str, Any]) -> ScoreSheet:
        return _score_table(table)

    def table_from_state(self, state: PaxState) -> dict[str, Any]:
        table: dict[str, Any] = {
            "game": "pax",
            "rome": {"symbols": engine.symbols_table(state.all_rome())},
            "players": [
                {
                    "name": p.name,
                    "symbols": engine.symbols_table(p.display),
                    "aureus": p.aureus,
                    "hand": len(p.hand),
                    "primus_conspiratus": state.pc == i,
                }
                for i, p in enumerate(state.players)
            ],
        }
        if state.solo:
            table["level"] = state.level
        if state.pc_count != "symbols":
            table["pc_count"] = state.pc_count
        return table

    def catalogue(self) -> list[dict[str, Any]]:
        return catalogue()

    def rulebook(self) -> Sequence[RuleText]:
        return _rules()

    def explain(self, query: str) -> list[RuleText]:
        key = normalize(query)
        hit = _topics().find(key) if key else None
        if hit is None:
            return []
        by_id = {r.id: r for r in _rules()}
        if hit in CATEGORIES:
            c = next(c for c in components()["categories"] if c["name"] == hit)
            low, high = value_range()
            slow, shigh = symbol_range()
            rule = by_id.get(f"pax.cat.{hit}")
            names = ", ".join(x for x in (c["latin"], c["hungarian"]) if x)
            text = (
                f"{c['title']} ({names}): {c['cards']} cards in the deck, each of value {low}-{high} with"
                f" {slow}-{shigh} symbols (enter them as '{hit} VALUE/SYMBOLS').\n\n" + (rule.text if rule else "")
            )
            return [RuleText(f"pax.cat.{hit}", c["title"], text, ("pax.cat.symbols", "pax.data.cards"))]
        rule = by_id.get(hit)
        return [rule] if rule else []


@cache
def _rules() -> tuple[RuleText, ...]:
    return tuple(parse_rules(read_text("pax", "rules.md")))


@cache
def _topics() -> NameIndex:
    entries: list[tuple[str, Iterable[str]]] = [
        (c["name"], [c["title"], *(a for a in c["aliases"] if len(a) > 1)]) for c in components()["categories"]
    ]
    entries += [
        ("pax.cat.primus-conspiratus", ("Primus Conspiratus", "PC")),
        ("pax.setup.start-player", ("Primus", "start player card")),
        ("pax.setup.legions", ("Legion", "legions")),
        ("pax.turn.buy", ("group", "buy")),
        ("pax.turn.income", ("income",)),
        ("pax.solo", ("solitaire", "solo")),
        ("pax.turn.alternative", ("peek", "alternative action", "pass", "look")),
        ("pax.data.cards", ("card", "cards", "token", "catalogue", "value", "symbols")),
        ("pax.terms", ("Aureus", "aurei")),
        ("pax.winner.rome", ("Rome",)),
        ("pax.cat.limit", ("limit",)),
    ]
    return NameIndex(entries, what="topic", rule="pax.terms")


RULESET = PaxRuleset()

__all__ = ["PaxRuleset", "RULESET"]
