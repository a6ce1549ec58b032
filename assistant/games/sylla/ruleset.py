"""The Sylla ruleset: the protocol verbs. Each phase's checks and effects live in their own
module (setup, election, recruitment, auction, income, events, greatwork, famine, endgame);
this module dispatches an entry to the module of the current step and runs the automatic steps
(income, famine, crises, ...) until the game waits for someone's entry again."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from assistant.core.errors import IllegalMove
from assistant.core.protocol import OptionSpec, Outcome, Prompt, RuleText, Ruleset
from assistant.core.rulebook import parse_rules
from assistant.core.scoresheet import ScoreSheet
from assistant.games.sylla import (
    auction,
    election,
    endgame,
    events,
    famine,
    greatwork,
    income,
    recruitment,
    scoring,
    setup,
)
from assistant.games.sylla import moves as m
from assistant.games.sylla.components import (
    TOKENS,
    building_data,
    event_data,
    event_names,
    facts,
    token_name,
    work_data,
    works_by_id,
)
from assistant.games.sylla.notation import parse as parse_entry
from assistant.games.sylla.state import PHASE_NAMES, State
from assistant.resources import read_text


@cache
def _rules() -> tuple[RuleText, ...]:
    return tuple(parse_rules(read_text("sylla", "rules.md")))


MODULES = {
    "setup": setup, "I": election, "II": recruitment, "III": auction, "IV": income, "V": events,
    "VI": greatwork, "VII": famine, "end": endgame,
}
NEXT_START = {
    "setup": election.start, "I": recruitment.start, "II": auction.start, "III": income.start,
    "IV": events.start, "V": greatwork.start, "VI": famine.start, "VII": election.start,
}

STEP_TEXT = {
    "I.bid": ("bid, pass", "{actor} bids (total votes) or passes"),
    "I.token": ("takes", "the Consul {consul} takes a token and shows it"),
    "II.recruit": ("recruits", "{actor} recruits a character from the display"),
    "III.offer": ("offers", "{offerer} offers a tile (space 1-6)"),
    "III.bid": ("bids, passes", "{actor} bids cards or passes on {offer}"),
    "III.pay": ("pays", "{winner} taps {high} cards to pay for {offer}"),
    "III.insula": ("insula", "{winner} chooses the Insula's 2 tokens"),
    "III.crane": ("crane", "enter the colours of {winner}'s Crane card"),
    "IV.use": ("temple, tavern, done", "{actor} uses his Temple or Tavern, or says done"),
    "V.place": ("vestal, legionary", "{actor} places a cube"),
    "V.prevent": ("prevents", "the Consul {consul} chooses the tied event(s) to prevent"),
    "V.down": ("turns", "{pending} turn an item face down ({effect})"),
    "V.remove": ("removes", "the Consul {consul} chooses the prevented event that leaves"),
    "V.draw": ("event", "enter the event drawn into the empty slot"),
    "VI.work": ("work", "enter the Great Work now showing (next round's)"),
    "VI.vote": ("up, down", "secret vote on {work}: {pending} (thumb and denarii in the fist)"),
    "VII.tiles": ("tiles", "end of round: enter the 6 new building tiles, left to right"),
    "end.vote": ("up, down", "Ecclesia: {pending} vote (thumb and denarii in the fist)"),
    "end.free": ("frees", "{pending} free Slaves (2 denarii each)"),
}


class Sylla(Ruleset):
    name = "sylla"
    title = "Sylla"
    version = "1"
    min_players = 3
    max_players = 4
    options = (
        OptionSpec("ecclesia_vote", "all", "who scores Christians and freed slaves at the end (sylla.open.ecclesia-vote)", ("all", "thumb-up")),
        OptionSpec("christian_slave", "both", "a freed Christian Slave scores as Christian too (sylla.open.christian-slave)", ("both", "once")),
        OptionSpec("card_checks", "notes", "check entered characters against the research notes too (2 of each type per set, Christians, Slaves' colours), or the rulebook only (sylla.data.characters)", ("notes", "rulebook")),
        OptionSpec("board", "ask", "the printed board 'ladder=... crisis=N start=N spaces=...', or 'ask' to enter it at setup (sylla.data.ladder)", None, True),
    )

    # -- protocol -------------------------------------------------------------------------
    def setup(self, seats: Sequence[str], options: Mapping[str, str]) -> State:
        return setup.initial(seats, options)

    def expecting(self, state: State) -> Prompt:
        if state.phase == "over":
            return Prompt((), "game over", (), "the game is over")
        if state.phase == "setup":
            todo = setup.missing(state)
            players = tuple(s for s in state.seats if not state.kept.get(s)) if todo == ["keeps"] else ()
            return Prompt(players, "setup", tuple(todo), "setup: enter " + ", ".join(todo), self._words(state))
        verbs, text = STEP_TEXT[state.step]
        players = self._awaited(state)
        message = text.format(
            actor=state.actor, consul=state.consul, offerer=state.offerer, winner=state.high_bidder, high=state.high,
            offer=auction.describe_offer(state) if state.phase == "III" else "", pending=", ".join(state.pending),
            effect=event_names().get(state.current_effect or "", ""), work=works_by_id().get(state.work or "", {}).get("name", "Ecclesia"),
        )
        where = "end of the game" if state.phase == "end" else f"round {state.round}, phase {state.phase} ({PHASE_NAMES[state.phase]})"
        # the message names the phase too: `play` shows only the message at its prompt
        return Prompt(players, where, tuple(v.strip() for v in verbs.split(",")), f"{where}: {message}", self._words(state))

    def _awaited(self, state: State) -> tuple[str, ...]:
        """Whose entry the current step waits for (empty: the table's, or setup)."""
        if state.phase == "over":
            return ()
        if state.phase == "setup":
            todo = setup.missing(state)
            return tuple(s for s in state.seats if not state.kept.get(s)) if todo == ["keeps"] else ()
        if state.step in ("I.token", "V.prevent", "V.remove"):
            return (state.consul or "",)
        if state.step == "III.offer":
            return (state.offerer or "",)
        if state.step in ("III.pay", "III.insula", "III.crane"):
            return (state.high_bidder or "",)
        if state.step in ("V.down", "VI.vote", "end.vote", "end.free"):
            return tuple(state.pending)
        if state.step in ("V.draw", "VI.work", "VII.tiles"):
            return ()
        return (state.actor or "",)

    def _words(self, state: State) -> tuple[str, ...]:
        words = {*state.seats, *(event_names()[s.id] for s in state.events)}
        for p in state.players:
            words |= {c.label for c in p.cards} | {t.label for t in p.tiles}
        return tuple(sorted(words))

    def parse(self, state: State, text: str) -> Any:
        return parse_entry(state, text, self._awaited(state))

    def check(self, state: State, move: Any) -> None:
        if state.phase == "over":
            raise IllegalMove("sylla.end", "the game is over")
        if not isinstance(move, m.MOVE_TYPES):
            raise IllegalMove("sylla.notation", "not a Sylla entry")
        if isinstance(move, m.DisplayMove):
            recruitment.check_display(state, move)
            return
        MODULES[state.phase].check(state, move)

    def apply(self, state: State, move: Any) -> State:
        new = state.clone()
        if isinstance(move, m.DisplayMove):
            recruitment.apply_display(new, move)
            return new
        MODULES[new.phase].apply(new, move)
        self._advance(new)
        return new

    def _advance(self, state: State) -> None:
        """Run automatic steps until an entry is awaited again."""
        while state.step == "done":
            NEXT_START[state.phase](state)

    def legal_moves(self, state: State) -> list[Any]:
        if state.phase in ("setup", "over"):
            return []
        module = MODULES[state.phase]
        legal = getattr(module, "legal", None)
        return list(legal(state)) if legal else []

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        sheet = self.score(state)
        return Outcome("five rounds played and the Ecclesia scored", sheet.winners)

    def score(self, state: State) -> ScoreSheet:
        """The final score once over; before that only the Glory Path (tokens and money stay
        behind the screens, so the provisional sheet does not value them)."""
        points: dict[str, dict[str, int]] = {}
        notes: list[str] = []
        for p in state.players:
            if state.phase == "over":
                points[p.name] = endgame.points(state, p)
            else:
                points[p.name] = {"prestige": p.prestige}
        if state.phase != "over":
            notes.append("provisional: the Glory Path so far; tokens stay hidden until the end")
        return scoring.build_sheet([p.name for p in state.players], points, notes)

    # -- for the command line -------------------------------------------------------------------
    def events(self, before, after) -> list[str]:
        """What the entry set off, as the public log recorded it (votes and screens stay
        hidden: the log never holds them)."""
        return list(after.log[len(before.log) :])

    def describe(self, state: State, *, reveal: bool = False) -> dict[str, Any]:
        prompt = self.expecting(state)
        data: dict[str, Any] = {
            "phase": prompt.phase,
            "waiting": prompt.message,
            "round": state.round,
            "consul": state.consul,
            "famine": state.famine,
        }
        if state.board:
            data["ladder"] = {
                token_name(k): f"space {state.markers[k] + 1} of {len(state.board.ladder)}, worth {state.value(k)}"
                + (" (crisis zone)" if state.in_crisis(k) else "")
                for k in TOKENS
            }
        data["events"] = [
            f"{event_names()[s.id]} ({s.spec.icons} famine, {s.spec.fighters}, {s.spec.token or 'prestige'})"
            + (f" cubes: " + ", ".join(f"{n} {c}" for n, c in s.cubes.items()) if s.cubes else "")
            for s in state.events
        ]
        data["tiles"] = [
            f"{i + 1}: {auction.name_of(t)} ({auction.COLOUR[state.board.spaces[i]] if state.board else '?'})"
            for i, t in enumerate(state.spaces) if t
        ]
        data["great work"] = works_by_id()[state.work]["name"] if state.work else None
        data["removed work"] = works_by_id()[state.work_removed]["name"] if state.work_removed else None
        players = []
        for p in state.players:
            entry: dict[str, Any] = {
                "name": p.name,
                "prestige": p.prestige,
                "set": p.set,
                "cards": [c.describe() for c in p.cards],
                "tiles": [t.describe() for t in p.tiles],
            }
            if reveal:
                entry["denarii"] = p.money
                entry["tokens"] = dict(p.tokens)
            players.append(entry)
        data["players"] = players
        if reveal and state.votes and state.pending:
            data["votes so far"] = {n: f"{t} {d}" for n, (t, d) in state.votes.items()}
        data["log"] = state.log[-12:]
        return data

    def score_table(self, table: Mapping[str, Any]) -> ScoreSheet:
        return scoring.score_table(table)

    def table_from_state(self, state: State) -> dict[str, Any]:
        assert state.board is not None
        players = []
        for p in state.players:
            entry: dict[str, Any] = {
                "name": p.name,
                "prestige": p.prestige_before_end if p.prestige_before_end is not None else p.prestige,
                "christians": endgame.face_up(p, christian=True),
                "christian_slaves": endgame.face_up(p, "slave", christian=True),
                "slaves": endgame.face_up(p, "slave"),
                "denarii": p.denarii_at_freeing if state.phase == "over" else p.money,
                "tokens": dict(p.tokens),
                "plebs_votes": p.end_votes if p.thumb == "down" else 0,
                "thumb": p.thumb or "up",
            }
            if p.freed is not None:
                entry["freed"] = p.freed
            players.append(entry)
        return {
            "game": "sylla",
            "options": {"ecclesia_vote": state.options.get("ecclesia_vote", "all"), "christian_slave": state.options.get("christian_slave", "both"),
                        "card_checks": state.options.get("card_checks", "notes")},
            "ladder": {k: state.value(k) for k in TOKENS},
            "players": players,
        }

    def catalogue(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for t in facts()["characters"]["types"]:
            out.append({"name": t["name"], "kind": "character", "aliases": t["aliases"], "ability": t["ability"],
                        "copies": 8, "copies_source": "2 per set x 4 sets (research notes, KNOWN.md §5)",
                        "christian_possible": t["id"] in facts()["characters"]["christian_types"]["value"],
                        "hexes": "ryg" if t["id"] == "slave" else None})
        for e in event_data()["events"]:
            out.append({"name": e["name"], "kind": "event", "aliases": e["aliases"], "effect": e["effect"], "rule": e["rule"],
                        "known": e["known"], "notes": e["notes"]})
        for b in building_data()["buildings"]:
            out.append({"name": b["name"], "kind": "building", "aliases": b["aliases"], "type": b["kind"], "rule": b["rule"]})
        for w in work_data()["works"]:
            out.append({"name": w["name"], "kind": "great work", "aliases": w["aliases"], "rule": w["rule"],
                        "ranks": w.get("ranks"), "thresholds": w.get("thresholds"), "ladder": w.get("ladder")})
        ec = work_data()["ecclesia"]
        out.append({"name": ec["name"], "kind": "great work", "aliases": ec["aliases"], "rule": ec["rule"]})
        return out

    def rulebook(self) -> tuple[RuleText, ...]:
        return _rules()

    def explain(self, query: str) -> list[RuleText]:
        from assistant.games.sylla.components import building_index, event_index, type_index, work_index

        book = {r.id: r for r in self.rulebook()}
        found: list[RuleText] = []
        for index, rules in (
            (event_index(), {e["id"]: e["rule"] for e in event_data()["events"]}),
            (building_index(), {b["id"]: b["rule"] for b in building_data()["buildings"]}),
            (work_index(), {w["id"]: w["rule"] for w in work_data()["works"]}),
        ):
            hit = index.exact(query)
            if hit and rules[hit] in book:
                found.append(book[rules[hit]])
        kind = type_index().exact(query)
        if kind:
            t = next(t for t in facts()["characters"]["types"] if t["id"] == kind)
            found.append(RuleText("sylla.components.characters", t["name"], t["ability"], ("sylla.data.characters",)))
        if query.strip().casefold() in ("ecclesia", "egyház"):
            found.append(book["sylla.greatworks.ecclesia"])
        return found


RULESET = Sylla()
