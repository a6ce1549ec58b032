"""The leader draft followed entry by entry (``7w.leaders.draft``, RULES.md §3, §14.5): 4
leaders dealt face down, keep one and pass the rest to the right, three passes, the last card
added; two players pass to each other and the Free City gets none. Entries: ``ada leaders A,
B, C, D`` (optional, ``?`` for one not said), ``ada keep X`` / ``ada keep ?``, and the table's
``draft`` that ends a pass for everyone still to keep. A record without draft entries (a
Recruitment entry first) replays as a draft played off the record."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove
from assistant.core.game import Game
from assistant.core.record import read_record, write_record
from assistant.games.sevenwonders import RULESET
from assistant.games.sevenwonders.legal import legal_moves
from assistant.games.sevenwonders.moves import DraftPass, Keep, LeaderHand
from assistant.games.sevenwonders.position import position
from sw_scenario import play

BOARDS = "Gizah A, Rhodes A, Babylon A"
ADA = ("Caesar", "Nero", "Midas", "Plato")
BOB = ("Hypatia", "Sappho", "Zenobia", "Hiram")
CLEO = ("Croesus", "Varro", "Bilkis", "Solomon")


def new(boards: str = BOARDS, players: tuple[str, ...] = ("ada", "bob", "cleo"), **options: str) -> Game:
    return Game(RULESET, list(players), {"boards": boards, **options})


def illegal(game: Game, entry: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        game.push(entry)
    return info.value


def typed() -> Game:
    """The three hands dealt, entered."""
    return play(new(), f"ada leaders {', '.join(ADA)}", f"bob leaders {', '.join(BOB)}", f"cleo leaders {', '.join(CLEO)}")


# -- the course of the draft ---------------------------------------------------------------------
def test_7w_leaders_draft_comes_before_age_one_recruitment() -> None:
    game = new()
    state = game.state
    assert state.phase == "draft" and state.draft == 1 and state.phase_label == "leader draft, pass 1 of 3"
    assert [c.offer_size for c in state.cities] == [4, 4, 4] and [c.hand_size for c in state.cities] == [4, 4, 4]
    prompt = game.expecting()
    assert prompt.players == ("ada", "bob", "cleo") and prompt.kinds == ("keep", "leaders", "draft")
    assert "keep 1 of 4" in prompt.message and "right neighbour" in prompt.message


def test_7w_leaders_draft_passes_right() -> None:
    """Each hand's rest goes to the right neighbour (the previous seat), its known cards with it."""
    game = typed()
    play(game, "ada keep Caesar", "bob keep Sappho", "cleo keep ?")
    state = game.state
    assert state.draft == 2
    ada, bob, cleo = state.cities
    assert cleo.offer == ("Nero", "Midas", "Plato") and cleo.offer_size == 3  # ada's rest: to her right
    assert ada.offer == ("Hypatia", "Zenobia", "Hiram")  # bob's rest
    assert bob.offer == () and bob.offer_size == 3  # cleo kept unsaid: her rest is no longer known
    assert ada.kept == ("Caesar",) and cleo.kept == () and cleo.kept_size == 1
    play(game, "ada keep Zenobia", "bob keep ?", "cleo keep Midas")
    state = game.state
    assert state.city("cleo").offer == ("Hypatia", "Hiram") and state.city("bob").offer == ("Nero", "Plato")
    assert state.city("ada").offer == () and state.city("ada").offer_size == 2
    play(game, "ada keep ?", "bob keep Nero", "cleo keep Hiram")
    state = game.state
    assert state.phase == "recruit" and state.phase_label == "Recruitment before Age I"
    assert [c.hand_size for c in state.cities] == [4, 4, 4]
    assert state.city("ada").hand == ("Caesar", "Zenobia", "Plato")  # + bob's last card, from her left
    assert state.city("bob").hand == ("Sappho", "Nero", "Hypatia")
    assert state.city("cleo").hand == ("Midas", "Hiram")  # her 4th is ada's unknown last card


def test_7w_leaders_draft_all_known_then_recruit_checked() -> None:
    """Every keep named: each hand is known after the draft and a recruit must be in it."""
    game = typed()
    play(game, "ada keep Caesar", "bob keep Hypatia", "cleo keep Croesus")
    play(game, "ada keep Sappho", "bob keep Varro", "cleo keep Nero")  # ada gets bob's, bob gets cleo's, cleo ada's
    play(game, "ada keep Bilkis", "bob keep Midas", "cleo keep Zenobia")
    state = game.state
    assert state.phase == "recruit"
    assert state.city("ada").hand == ("Caesar", "Sappho", "Bilkis", "Plato")
    assert state.city("bob").hand == ("Hypatia", "Varro", "Midas", "Hiram")
    assert state.city("cleo").hand == ("Croesus", "Nero", "Zenobia", "Solomon")
    err = illegal(game, "ada recruit Nero")
    assert err.rule == "7w.leaders.recruit" and "cleo" not in err.message
    assert not any(name in (err.hint or "") for name in ("Caesar", "Sappho", "Bilkis", "Solomon"))
    game.push("ada recruit Caesar")


def test_7w_leaders_draft_table_entry_ends_a_pass() -> None:
    """A table that tracks no leader types ``draft`` three times; a named keep stays."""
    game = new()
    game.push("ada keep ?")
    assert game.expecting().players == ("bob", "cleo")
    game.push("draft")
    assert game.state.draft == 2 and game.state.choices == (None, None, None)
    play(game, "keep all", "draft")
    state = game.state
    assert state.phase == "recruit" and [c.hand for c in state.cities] == [None, None, None]
    assert [c.hand_size for c in state.cities] == [4, 4, 4]
    assert RULESET.parse(new().state, "keep all") == DraftPass() == RULESET.parse(new().state, "draft")


def test_7w_leaders_draft_keep_once_per_pass() -> None:
    game = new()
    game.push("ada keep ?")
    err = illegal(game, "ada keep Caesar")
    assert err.rule == "7w.leaders.draft" and "pass 1" in err.message


def test_7w_leaders_draft_named_keep_must_be_in_the_known_hand() -> None:
    game = typed()
    err = illegal(game, "ada keep Sappho")
    assert err.rule == "7w.leaders.draft" and "not in the hand" in err.message
    assert not any(name in (err.hint or "") for name in ADA)  # the hint says the size, not the faces
    assert "4 leaders" in (err.hint or "")


def test_7w_leaders_draft_named_keep_of_an_unknown_hand_not_known_elsewhere() -> None:
    """A hand not entered may hold any leader not known to be elsewhere; the refusal says it
    is face down elsewhere, never whose."""
    game = new()
    game.push(f"ada leaders {', '.join(ADA)}")
    err = illegal(game, "bob keep Caesar")
    assert err.rule == "7w.leaders.draft" and "ada" not in err.message and "face down" in err.message
    game.push("bob keep Hypatia")
    err = illegal(game, "cleo keep Hypatia")  # bob's secret keep
    assert "bob" not in err.message
    game.push("cleo keep Solomon")


def test_7w_leaders_draft_hand_entry() -> None:
    """``leaders`` during the draft names the hand drafted from now: as many as it holds, the
    known ones among them (``?`` may stand for them), before the player's keep."""
    game = typed()
    play(game, "ada keep Caesar", "bob keep Sappho", "cleo keep ?")
    err = illegal(game, "bob leaders Croesus, Varro")
    assert err.rule == "7w.leaders.draft" and "3 leaders" in err.message
    game.push("bob leaders Croesus, ?, ?")  # cleo's rest, which nobody saw: one of them said
    assert game.state.city("bob").offer == ("Croesus",) and game.state.city("bob").offer_size == 3
    err = illegal(game, "bob leaders Varro, Solomon, Hiram")
    assert err.rule == "7w.leaders.draft" and "entered before" in err.message and "Croesus" not in err.message
    game.push("bob leaders Varro, Solomon, ?")  # the '?' stands for Croesus
    assert game.state.city("bob").offer == ("Varro", "Solomon", "Croesus")
    err = illegal(game, "cleo leaders Nero, Midas, Hiram")  # ada's rest, known: entered once
    assert err.rule == "7w.leaders.hand" and "Plato" not in err.message
    err = illegal(game, "ada leaders Hypatia, Zenobia, Hiram")  # bob's rest, known: entered once
    assert err.rule == "7w.leaders.hand" and "Hiram" not in err.message
    game.push("ada leaders ?, ?, ?")  # the public form says nothing: taken, the hand as it was
    assert game.state.city("ada").offer == ("Hypatia", "Zenobia", "Hiram")
    later = play(new(), "ada keep ?")
    err = illegal(later, "ada leaders Caesar, Nero, Midas, Plato")
    assert err.rule == "7w.leaders.draft" and "before the keep" in err.message


def test_7w_leaders_draft_two_players_pass_to_the_opponent() -> None:
    """7w.2p.leaders: the Free City gets none; the two players pass to each other."""
    game = new(boards="Gizah A, Rhodes B, Babylon A", players=("Ann", "Ben"))
    state = game.state
    assert state.phase == "draft" and [c.offer_size for c in state.cities] == [4, 4, 0]
    assert game.expecting().players == ("Ann", "Ben") and "the opponent" in game.expecting().message
    err = illegal(game, "Free City keep ?")
    assert err.rule == "7w.2p.leaders"
    play(game, f"Ann leaders {', '.join(ADA)}", "Ann keep Caesar", "Ben keep ?")
    assert game.state.city("Ben").offer == ("Nero", "Midas", "Plato")
    play(game, "draft", "draft")
    state = game.state
    assert state.phase == "recruit" and [c.hand_size for c in state.cities] == [4, 4, 0]
    assert game.expecting().players == ("Ann", "Ben")


def test_7w_leaders_draft_without_leaders_there_is_none() -> None:
    game = new(leaders="false")
    assert game.state.phase == "turn"
    err = illegal(game, "draft")
    assert err.rule == "7w.leaders.draft" and "without Leaders" in err.message
    err = illegal(game, "ada keep Caesar")
    assert err.rule == "7w.leaders.draft"


def test_7w_leaders_draft_keep_after_the_draft_refused() -> None:
    game = play(new(), "draft", "draft", "draft")
    err = illegal(game, "ada keep ?")
    assert err.rule == "7w.leaders.draft" and "over" in err.message


def test_7w_leaders_draft_recruit_during_the_draft_refused() -> None:
    game = play(new(), "ada keep ?")
    err = illegal(game, "bob recruit Caesar")
    assert err.rule == "7w.leaders.draft" and "keep" in (err.hint or "")


# -- records stored before the draft was tracked ---------------------------------------------------
def test_7w_leaders_draft_off_the_record_when_recruitment_comes_first() -> None:
    """A Recruitment entry before any draft entry: the draft happened off the record, 4
    unknown leaders each (the records kept before the draft was tracked replay)."""
    game = new()
    play(game, "bob sell", "ada recruit Caesar")
    state = game.state
    assert state.phase == "recruit" and [c.hand_size for c in state.cities] == [4, 4, 4]
    assert RULESET.events(game.states[0], game.states[1]) == [
        "the leader draft was played off the record: each player holds 4 leaders",
        "now: Recruitment before Age I",
    ]
    game.push("cleo recruit Varro")
    assert game.state.phase_label == "Age I, turn 1" and game.state.city("ada").leaders == ("Caesar",)


def test_7w_leaders_draft_off_the_record_with_the_hands_entered_first() -> None:
    """An older record's ``leaders`` entries before the Recruitment: the hands kept."""
    game = play(new(), f"ada leaders {', '.join(ADA)}", "ada recruit Nero")
    assert game.state.phase == "recruit" and game.state.city("ada").hand == ADA
    err = illegal(game, "bob recruit Caesar")  # in ada's hand
    assert "ada" not in err.message
    play(game, "bob sell", "cleo sell")
    assert game.state.city("ada").hand == ("Caesar", "Midas", "Plato")


def test_7w_leaders_draft_record_round_trip() -> None:
    game = typed()
    play(game, "ada keep Caesar", "bob keep ?", "draft", "ada keep ?", "draft", "draft", "ada recruit Caesar")
    replayed = Game.from_record(RULESET, read_record(write_record(game.to_record())))
    assert replayed.state == game.state


# -- what the table sees -----------------------------------------------------------------------
def test_7w_leaders_draft_legal_entries_and_completions() -> None:
    game = typed()
    moves = list(legal_moves(game.state))
    assert Keep("ada", None) in moves and Keep("ada", "Caesar") in moves and DraftPass() in moves
    assert all(RULESET.check(game.state, m) is None for m in moves)
    summary = RULESET.legal_summary(game.state)
    assert summary[0] == "ada, bob, cleo: keep ?|<leader>"
    assert summary[-1].startswith("table: draft")
    assert not any(name in " ".join(summary) for name in ADA)
    words = RULESET.completions(game.state)
    assert {"keep", "draft", "leaders", "Caesar"} <= set(words)


def test_7w_leaders_draft_describe_and_board_show_sizes_only_without_reveal() -> None:
    game = typed()
    play(game, "ada keep Caesar")
    public = RULESET.describe(game.state)
    ada = public["players"][0]
    assert ada["draft_hand"] == 4 and ada["draft_kept"] == 0 and "draft_hand_named" not in ada
    assert ada["chosen"] is True and "choice" not in ada
    assert "Caesar" not in str(public) and "Nero" not in RULESET.board(game.state)
    assert "draft: kept 0, drafting from 4" in RULESET.board(game.state)
    revealed = RULESET.describe(game.state, reveal=True)["players"][0]
    assert revealed["draft_hand_named"] == list(ADA) and revealed["choice"] == "ada keep Caesar"
    assert "drafting from: Caesar, Nero, Midas, Plato" in RULESET.board(game.state, reveal=True)


def test_7w_leaders_draft_events_name_no_leader() -> None:
    game = typed()
    play(game, "ada keep Caesar", "bob keep Sappho")
    game.push("cleo keep Croesus")
    lines = RULESET.events(game.states[-2], game.states[-1])
    assert lines[0].startswith("leader draft, pass 1 resolved") and "now: leader draft, pass 2 of 3 (hands of 3)" in lines
    assert not any(name in " ".join(lines) for name in (*ADA, *BOB, *CLEO))
    play(game, "draft")
    game.push("draft")
    lines = RULESET.events(game.states[-2], game.states[-1])
    assert "the draft is over: leaders held ada 4, bob 4, cleo 4" in lines and lines[-1] == "now: Recruitment before Age I"


def test_7w_leaders_draft_public_forms() -> None:
    """The draft's entries in their public form: hands and keeps as ``?``, the table's
    ``draft`` as typed; the public record replays to the same sizes."""
    game = typed()
    play(game, "ada keep Caesar", "bob keep ?", "draft", "ada keep Sappho", "draft", "draft")
    texts = [RULESET.public_notation(game.states[k], e.move) for k, e in enumerate(game.entries)]
    assert texts[:5] == ["ada leaders ?, ?, ?, ?", "bob leaders ?, ?, ?, ?", "cleo leaders ?, ?, ?, ?", "ada keep ?", "bob keep ?"]
    assert texts[5] == "draft"
    public = play(new(), *texts)
    assert public.state.phase == game.state.phase == "recruit"
    assert [c.hand_size for c in public.state.cities] == [4, 4, 4] and public.state.city("ada").hand is None
    assert LeaderHand("ada", ("?",) * 4).notation() == "ada leaders ?, ?, ?, ?"


# -- position files ---------------------------------------------------------------------------
def test_7w_leaders_draft_position_is_written_once_the_draft_is_over() -> None:
    """No position during the draft (the hands are not on the table); the first is Age I's
    Recruitment after it, and it reads back."""
    from assistant.core.errors import InvalidEntry

    game = new()
    with pytest.raises(InvalidEntry) as info:
        position(game.state)
    assert info.value.rule == "core.position" and "draft" in info.value.message
    play(game, "draft", "draft", "draft")
    data = position(game.state)
    assert data["age"] == 1 and data["turn"] == "recruitment"
    assert [p["hand"] for p in data["players"]] == [4, 4, 4]
    picked = RULESET.from_position(data)
    again = Game(RULESET, list(picked.seats), dict(picked.options))
    assert again.state.phase == "draft"
    for text in picked.entries:
        again.push(text)  # the block's first line puts the game past the draft
    assert again.state.phase == "recruit" and again.state.draft == 0
    assert position(again.state) == data


def test_7w_leaders_draft_position_refused_mid_draft() -> None:
    from assistant.core.errors import InvalidEntry

    game = play(new(), "ada keep ?")
    with pytest.raises(InvalidEntry) as info:
        position(game.state)
    assert info.value.rule == "core.position" and "draft" in info.value.message


def test_7w_leaders_draft_notation_reads_back() -> None:
    """``keep`` (short ``k``), ``keep ?`` and ``keep`` alone, ``?`` in a hand; each move's
    notation reads back to the same move."""
    state = new().state
    assert RULESET.parse(state, "ada k Caesar") == Keep("ada", "Caesar") == RULESET.parse(state, "ada keep caesar")
    assert RULESET.parse(state, "ada keep") == Keep("ada", None) == RULESET.parse(state, "ada keep ?")
    assert RULESET.parse(state, "ada leaders Caesar, ?, Nero ?") == LeaderHand("ada", ("Caesar", "?", "Nero", "?"))
    for move in (Keep("ada", "Caesar"), Keep("ada", None), DraftPass(), LeaderHand("ada", ("?", "Plato", "?", "?"))):
        assert RULESET.parse(state, move.notation()) == move
