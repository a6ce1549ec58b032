"""Secrets stay secret (issue 11; sylla.components.hidden, sylla.hidden.*): a Temple's or an
Insula's token colour and a fist vote may be entered as unknown, the engine asks for them when
the rules reveal them and checks them then; the public record (every secret as ``?``) replays
to the same end scores and winners; describe shows no secret without reveal."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.sylla import RULESET
from assistant.games.sylla import moves as m
from assistant.games.sylla.rules.famine import start as famine_phase
from assistant.games.sylla.simulate import random_game, random_pair, secret_share

HERE = Path(__file__).parent
RECORDS = sorted((HERE.parent / "records" / "sylla").glob("*.txt"))


def _load(name):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


ex = _load("test_sylla_examples")


def push(state, text):
    move = RULESET.parse(state, text)
    RULESET.check(state, move)
    return RULESET.apply(state, move)


def refused(state, text) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        RULESET.check(state, RULESET.parse(state, text))
    return err.value


def secret_in(state, move) -> str | None:
    """What secret a public entry would tell at ``state`` (None: nothing)."""
    if isinstance(move, m.RevealingMove):  # counts the rules revealed as the entry was played
        return secret_in(state, move.move)
    if isinstance(move, m.TempleMove) and move.kind is not None:
        return "a Temple token's colour"
    if isinstance(move, m.InsulaMove) and any(k is not None for k in move.kinds):
        return "an Insula token's colour"
    if isinstance(move, m.VoteMove) and move.thumb is not None:
        return "a fist before the fists open"
    if isinstance(move, m.TokensMove) and move.counts:
        if state.step == "end.tokens":
            return None
        if state.step == "VII.crisis" and all(k == state.crises[0] for k, _ in move.counts):
            return None
        return "a token count the rules have not revealed"
    return None


def full_games():
    out = []
    for path in RECORDS:
        game = Game.from_record(RULESET, read_record(path.read_text(encoding="utf-8")))
        if game.outcome() is not None:
            out.append(pytest.param(game, id=path.stem))
    return out


@pytest.mark.parametrize("game", full_games())
def test_sylla_hidden_public_record_of_each_full_game(game):
    """The public copy (Game.to_public_record) replays to the same end scores and winners, and
    none of its entries tells a secret face."""
    public = game.to_public_record()
    copy_ = Game.from_record(RULESET, read_record(write_record(public)))
    assert copy_.score().totals == game.score().totals
    assert copy_.outcome().winners == game.outcome().winners
    for before, entry in zip(copy_.states, copy_.entries):
        assert secret_in(before, entry.move) is None, (entry.ply, entry.text)
    secrets = [e for before, e in zip(game.states, game.entries) if secret_in(before, e.move)]
    assert secrets  # the record had secrets to hide (typed votes at least)


@pytest.mark.parametrize("seed", [1, 3, 5, 6])
def test_sylla_hidden_public_record_of_random_games(seed):
    """Random games, some with unknowns typed at the table: the public copy replays the same."""
    game = random_game(seed, 3 + seed % 2)
    copy_ = Game.from_record(RULESET, game.to_public_record())
    assert copy_.score().totals == game.score().totals and copy_.outcome() == game.outcome()
    for before, entry in zip(copy_.states, copy_.entries):
        assert secret_in(before, entry.move) is None, (entry.ply, entry.text)


@pytest.mark.parametrize("seed,share", [(0, 0.5), (1, 1.0), (2, 0.25), (3, 1.0), (8, 1.0)])
def test_sylla_hidden_random_table_with_unknowns_scores_as_typed(seed, share):
    """The same table entered with a share of unknowns and with every face typed: same end."""
    game, twin = random_pair(seed, 3 + seed % 2, share)
    assert game.score().totals == twin.score().totals
    assert game.outcome().winners == twin.outcome().winners
    texts = [e.text for e in game.entries]
    assert any(t.endswith("votes ?") for t in texts) and any(t.startswith("fists ") for t in texts)


def test_sylla_hidden_seeds_choose_unknowns():
    """simulate.random_game: even seeds type every face, odd seeds leave some unknown."""
    assert secret_share(0) == 0 and all(secret_share(s) > 0 for s in (1, 3, 5))
    assert not any("?" in e.text for e in random_game(0, 4).entries)
    assert any("?" in e.text for e in random_game(1, 3).entries)


# -- the entries ----------------------------------------------------------------------------------
def test_sylla_hidden_notation_round_trips():
    s = ex.replay(ex.SETUP).state
    for text in ["Red temple ?", "Red insula ? ?", "Red insula civic ?", "Red votes ?",
                 "fists Blue up 3, Red down 0", "Red tokens civic 2 health 1", "Red tokens ?",
                 "fists Blue up 3 | Red tokens civic 2 | Blue tokens civic 0"]:
        assert RULESET.parse(s, text).notation() == text
    assert RULESET.parse(s, "Red insula ?") == m.InsulaMove("Red", (None, None))
    assert RULESET.parse(s, "Red ?") == m.VoteMove("Red", None, None)
    assert RULESET.parse(s, "Red votes up 2") == m.VoteMove("Red", "up", 2)


def test_sylla_phase1_respublica_shown_never_unknown():
    """The Consul shows his token: it cannot be entered as unknown."""
    from assistant.core.errors import InvalidEntry

    s = ex.replay(ex.SETUP + ex.ELECTION).state
    with pytest.raises(InvalidEntry) as err:
        RULESET.parse(s, "Black takes ?")
    assert err.value.rule == "sylla.phase1.respublica"


def test_sylla_hidden_temple_public_notation_and_describe():
    """`Red temple health` is logged as `Red temple ?`; describe shows no token kind or money
    without reveal (the number of tokens held is public), and what was typed with it."""
    before = ex.replay(ex.ROUND1.replace("merchant fish g\n", "legionary g\n", 1)).state
    move = RULESET.parse(before, "Red temple health")
    assert RULESET.public_notation(before, move) == "Red temple ?"
    after = RULESET.apply(before, move)
    hidden = RULESET.describe(after)
    red = next(p for p in hidden["players"] if p["name"] == "Red")
    assert "tokens" not in red and "denarii" not in red and red["tokens held"] == 1
    shown = next(p for p in RULESET.describe(after, reveal=True)["players"] if p["name"] == "Red")
    assert shown["tokens"]["health"] == 1
    unknown = RULESET.apply(before, RULESET.parse(before, "Red temple ?"))
    shown = next(p for p in RULESET.describe(unknown, reveal=True)["players"] if p["name"] == "Red")
    assert shown["tokens"]["entered as ?"] == 1 and shown["tokens"]["health"] == "0-1"


# -- sylla.hidden.votes ---------------------------------------------------------------------------
VOTE_BASE = ex.ROUND1_CUBES.replace(ex.VOTES, "work Senate\n")


def vote_state():
    return ex.replay(VOTE_BASE).state


def test_sylla_hidden_votes_unknown_then_fists():
    """Votes entered as unknown: when all have voted the game waits for the fists; the vote
    resolves as if typed; the entry completing a typed vote is logged with every fist."""
    typed = ex.replay(ex.ROUND1_CUBES)
    s = vote_state()
    for text in ["Blue votes ?", "Red up 3", "White ?", "Black up 1"]:
        s = push(s, text)
    assert s.step == "VI.fists" and RULESET.expecting(s).kinds == ("fists",)
    assert "votes so far" not in RULESET.describe(s) and RULESET.describe(s)["voted"]
    assert refused(s, "Blue up 0").rule == "sylla.hidden.votes"
    s = push(s, "fists Blue down 0, White up 4")
    assert {p.name: p.prestige for p in s.players} == {p.name: p.prestige for p in typed.state.players}
    before_last = typed.states[-2]
    assert RULESET.public_notation(before_last, typed.entries[-1].move).startswith("fists Blue down 0, Red up 3, White up 4, Black up 1")
    assert RULESET.public_notation(typed.states[-4], typed.entries[-3].move) == "Red votes ?"


def test_sylla_hidden_votes_fists_checked():
    """sylla.hidden.votes: a fist typed before may be repeated only as typed; every unknown
    fist is named; nobody twice. sylla.limits.money: no more denarii than he has."""
    s = vote_state()
    for text in ["Blue votes ?", "Red up 3", "White ?"]:
        s = push(s, text)
    assert "Red's vote was entered as up 3" in refused(s, "fists Blue down 0, White up 4, Black up 1, Red up 2").message
    assert "name White too" in refused(s, "fists Blue down 0, Black up 1").message
    assert "named twice" in refused(s, "fists Blue down 0, White up 4, Black up 1, Blue down 0").message
    money = s.player("White").money
    assert refused(s, f"fists Blue down 0, White up {money + 1}, Black up 1").rule == "sylla.limits.money"
    s2 = push(s, "fists Blue down 0, White up 4, Black up 1, Red up 3")  # Black votes openly, Red repeated
    assert s2.phase != "VI" or s2.step != "VI.fists"


# -- sylla.hidden.tokens --------------------------------------------------------------------------
@pytest.fixture()
def base():
    """Round 1 after the Great Work (phase VII done, waiting for tiles)."""
    return ex.replay(ex.ROUND1_CUBES).state.edit()


def crisis_table(base):
    base.famine = 0
    base.markers["civic"] = 0  # crisis zone
    for p in base.players:
        p.tokens = {"civic": 1, "health": 0, "leisure": 0}
        p.unknown, p.splits = 0, None
        p.prestige = 10
    red = base.player("Red")
    red.add_unknown(2)  # e.g. `Red insula ? ?`
    return base


def test_sylla_hidden_tokens_crisis_waits_for_the_count(base):
    """A crisis needs each count of its kind: a player with unknown tokens shows his first."""
    draft = crisis_table(base)
    famine_phase(draft)
    s = draft.freeze()
    assert s.step == "VII.crisis" and s.pending == ("Red",)
    assert refused(s, "tiles stall field temple tavern insula crane").rule == "sylla.phase7.crisis"
    s = push(s, "Red tokens civic 3")
    assert s.step == "VII.tiles"
    assert s.player("Red").prestige == 13 and s.player("Red").tokens_known()
    assert s.player("Blue").prestige == 7  # fewest Civic Spirit
    assert s.player("White").prestige == 9  # his Field spares 2 of the 3 (fields=famine-and-crisis)


def test_sylla_hidden_tokens_refused_when_impossible(base):
    """sylla.hidden.tokens: a count that cannot be is refused with the reason; one that can is
    accepted."""
    draft = crisis_table(base)
    famine_phase(draft)
    s = draft.freeze()
    err = refused(s, "Red tokens civic 4")
    assert err.rule == "sylla.hidden.tokens" and "he holds only 3 tokens in all" in err.message
    err = refused(s, "Red tokens civic 0")  # he holds a Civic token entered with its colour
    assert err.rule == "sylla.hidden.tokens" and "does not fit" in err.message
    assert "civic 1" not in err.message  # the reason never repeats what was typed in secret
    for count in (1, 2, 3):
        RULESET.check(s, RULESET.parse(s, f"Red tokens civic {count}"))


def test_sylla_hidden_tokens_counts_shown_before_bind(base):
    """After a crisis showed Red's 2 Civic tokens, his 1 unknown token left is not Civic: at
    the end he cannot show 3 Civic unless a later unknown token came."""
    draft = crisis_table(base)
    famine_phase(draft)
    s = push(draft.freeze(), "Red tokens civic 2")
    red = s.player("Red")
    assert red.unknown == 2 and red.token_range("civic") == [2]  # one of the two is Civic
    assert refused(s, "Red tokens civic 3").rule == "sylla.hidden.tokens"
    draft = s.edit()
    draft.player("Red").add_unknown(1)  # a later Temple token, colour unseen
    s = draft.freeze()
    assert s.player("Red").token_range("civic") == [2, 3]
    RULESET.check(s, RULESET.parse(s, "Red tokens civic 3"))
    err = refused(s, "Red tokens civic 2 health 2 leisure 1")
    assert err.rule == "sylla.hidden.tokens"
    RULESET.check(s, RULESET.parse(s, "Red tokens civic 2 health 1 leisure 1"))


def test_sylla_hidden_tokens_named_later_is_public_as_unknown(base):
    """A count named outside a reveal changes nothing public: the log shows `Red tokens ?`."""
    draft = crisis_table(base)
    draft.step = "VII.tiles"
    s = draft.freeze()
    move = RULESET.parse(s, "Red tokens health 2")
    RULESET.check(s, move)
    assert RULESET.public_notation(s, move) == "Red tokens ?"
    after = RULESET.apply(s, move)
    assert after.player("Red").tokens_known() and after.player("Red").tokens["health"] == 2


def test_sylla_hidden_tokens_final_score_waits(base):
    """At the end all reveal their tokens: the game is not over, and its final score not given,
    until a player with unknown tokens shows them."""
    draft = base
    draft.round = 5
    draft.famine = 0
    draft.player("Red").add_unknown(2)
    famine_phase(draft)
    s = draft.freeze()
    for name in s.seats:
        s = push(s, f"{name} down 0")
    for name in list(s.pending):
        s = push(s, f"{name} frees 0")
    assert s.step == "end.tokens" and s.pending == ("Red",)
    assert RULESET.outcome(s) is None
    assert "provisional" in " ".join(RULESET.score(s).notes)
    assert refused(s, "Red frees 0").rule == "sylla.end.politics"
    known = dict(s.player("Red").tokens)
    s = push(s, f"Red tokens civic {known['civic'] + 2} health {known['health']} leisure {known['leisure']}")
    assert s.phase == "over" and RULESET.outcome(s) is not None


# -- the Fields option (issue 13) -----------------------------------------------------------------
def test_sylla_buildings_field_option_default_and_old_records():
    """A new game gets the Field's printed reading; a game stating the older options but no
    `fields` keeps the famine-only reading it was played under; a stated value wins."""
    assert Game(RULESET, ["A", "B", "C"], {}).options["fields"] == "famine-and-crisis"
    old = {"ecclesia_vote": "all", "christian_slave": "both"}
    assert Game(RULESET, ["A", "B", "C"], old).options["fields"] == "famine"
    assert Game(RULESET, ["A", "B", "C"], {**old, "fields": "famine-and-crisis"}).options["fields"] == "famine-and-crisis"
    older = [path for path in RECORDS if "fields=" not in path.read_text(encoding="utf-8")]
    assert len(older) >= 6
    for path in older:  # written under the famine-only reading; their exports now say so
        game = Game.from_record(RULESET, read_record(path.read_text(encoding="utf-8")))
        assert game.options["fields"] == "famine"
        stated = dict(item.split("=", 1) for item in game.to_record().headers["Options"].split(", "))
        assert stated["fields"] == "famine"


# -- docs/notation/sylla.md, Secrets ----------------------------------------------------------------
GUIDE = (HERE.parents[1] / "docs" / "notation" / "sylla.md").read_text(encoding="utf-8")
SECRETS = GUIDE.split("## Secrets")[1]


def test_sylla_hidden_guide_entries_read():
    """Each entry of the guide's Secrets table reads back to its own notation."""
    import re

    s = vote_state()
    entries = [e.replace("\\|", "|") for e in re.findall(r"^\| `([^`]+)` \|", SECRETS, flags=re.M)]
    assert len(entries) == 7
    for text in entries:
        assert RULESET.parse(s, text).notation() == text


def test_sylla_hidden_guide_vote_example():
    """The guide's worked vote replays from the rulebook's round 1 to the typed result."""
    import re

    block = re.search(r"```sylla\n(.*?)```", SECRETS, flags=re.S).group(1)
    lines = [ln.split("#", 1)[0].strip() for ln in block.splitlines() if ln.split("#", 1)[0].strip()]
    s = vote_state()
    for text in lines:
        s = push(s, text)
    typed = ex.replay(ex.ROUND1_CUBES).state
    assert {p.name: (p.prestige, p.money) for p in s.players} == {p.name: (p.prestige, p.money) for p in typed.players}
