"""Every channel a hidden face could leak through on the shared screen (issue 20), one test per
channel and game, each through the command a table uses (``move``, ``amend``, ``legal``, the
``play`` prompt fed as standard input):

* a refusal of an entry typed in the open that only a secret entered before explains says so
  and names no face (``core.hidden.conflict``);
* a refusal of an entry typed at the hidden prompt (``secret``) names nothing typed, however it
  was misspelt (``core.hidden.withheld``: its rule and title only);
* an ``amend`` / ``insert`` that a later secret entry no longer fits names that entry in its
  public form and gives no reason drawn from its faces (the whole reason with ``--reveal``);
* an entry holding a secret typed in view of the table is taken, shown in its public form and
  warned about;
* ``legal --all`` lists nothing built from a hidden hand (tests/core/test_secrets_cli.py checks
  it against each game's public twin, and tests/test_games_viewers.py over random games).

Which word is secret comes from the game's own public form, not hard-coded where it can be.
"""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from assistant.cli.main import app

runner = CliRunner()

#: Set-up of each game for these tests: the players and options of ``new``.
NEW = {
    "7wonders": ["7wonders", "-p", "Ada", "-p", "Bob", "-p", "Cleo", "--option", "leaders=true",
                 "--option", "boards=Gizah A, Rhodes A, Babylon A"],
    "roma": ["roma", "-p", "Ann", "-p", "Ben"],
    "pax": ["pax", "-p", "Liv", "-p", "Dec"],
    "sylla": ["sylla", "-p", "Red", "-p", "Blue", "-p", "White"],
}
#: Per game: entries typed first (secret faces in the open: the test is about what comes after),
#: then a private entry the engine refuses with a reason that names a hidden face, and the words
#: of it that must not show.
PRIVATE = {
    "7wonders": (["Ada leaders Caesar, Nero, Bilkis, Zenobia"], "Ada keep Ceasar", ["caesar", "ceasar", "nero", "bilkis", "zenobia"]),
    "roma": (["hand Ann Legat Forum Forum Turris", "hand Ben Templum Essedum Velites Architectus"],
             "give Ann Legat Turis", ["legat", "turis", "forum", "turris"]),
    "pax": (["keep army 3/2 return fleet 1/1"], "keep senator 9/9", ["army", "fleet", "senator", "9/9"]),
}


def invoke(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (args, result.output)
    return result


def new_game(game: str, *entries: str) -> str:
    gid = str(json.loads(invoke("new", *NEW[game], "--json").stdout)["id"])
    for entry in entries:
        invoke("move", gid, entry)
    return gid


def played(gid: str, *lines: str) -> str:
    """What the play prompt prints for ``lines`` typed at it (then ``quit``)."""
    result = runner.invoke(app, ["play", gid], input="\n".join([*lines, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def mentions(text: str, word: str) -> bool:
    return re.search(r"(?<![\w/])" + re.escape(word) + r"(?![\w/])", text.casefold()) is not None


# -- a private entry's refusal ----------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(PRIVATE))
def test_core_hidden_withheld_private_refusal_names_nothing_typed(game):
    before, private, words = PRIVATE[game]
    gid = new_game(game, *before)
    shown = played(gid, "secret", private)
    assert "nothing was entered" not in shown, shown  # the entry reached the game and was refused
    assert "the reason is not shown" in shown or "✗" in shown, shown
    for word in words:
        assert not mentions(shown, word), (game, word, shown)
    assert len(json.loads(invoke("log", gid, "--json").stdout)["entries"]) == len(before)


def test_core_hidden_withheld_sylla_vote_beyond_the_purse():
    """Sylla: a vote of more denarii than the voter holds, typed at the hidden prompt: the
    engine's reason tells the sum (and so the purse); the table hears only the rule."""
    from assistant.games.sylla.simulate import random_game

    from assistant.core.record import write_record

    truth = random_game(0, 3)
    vote = next(e for e in truth.entries if e.text.split()[1:2] in (["up"], ["down"]))
    voter = vote.text.split()[0]
    gid = _imported(truth.prefix(vote.ply - 1), write_record)
    shown = played(gid, "secret", f"{voter} up 999")
    assert "999" not in shown and "the reason is not shown" in shown, shown
    assert len(json.loads(invoke("log", gid, "--json").stdout)["entries"]) == vote.ply - 1


def _imported(game, write_record) -> str:
    """``game`` stored through ``import`` (its record as typed); its id."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.txt"
        path.write_text(write_record(game.to_record({"Date": "2026-12-05"})), encoding="utf-8")
        return str(json.loads(invoke("import", str(path), "--json", "--allow-duplicate").stdout)["ids"][0])


# -- an open entry that only a secret refuses --------------------------------------------------
def test_core_hidden_conflict_sylla_fists_do_not_tell_the_vote():
    """The issue's case: the fists opened in the open with a vote other than the one typed in
    secret were refused with "Red's vote was entered as up 3"."""
    from assistant.core.record import write_record
    from assistant.games.sylla.simulate import random_game

    truth = random_game(0, 3)
    first, second, third = (e for e in truth.entries[44:47])  # Blue down 3, Red up 7, White up 3
    assert first.text == "Blue down 3" and second.text == "Red up 7", (first.text, second.text)
    gid = _imported(truth.prefix(second.ply), write_record)  # both votes typed in secret
    invoke("move", gid, "White votes ?")
    refused = invoke("move", gid, "fists Blue up 1, Red up 7, White up 3", code=1)
    assert "core.hidden.conflict" in refused.output, refused.output
    assert "down 3" not in refused.output and "Blue down" not in refused.output, refused.output
    told = invoke("move", gid, "fists Blue up 1, Red up 7, White up 3", "--reveal", code=1)
    assert "core.hidden.conflict" not in told.output  # whoever reveals hears the engine's reason
    invoke("move", gid, "fists Blue down 3, Red up 7, White up 3")  # the truth is taken


def test_core_hidden_conflict_roma_give_does_not_tell_the_hand():
    gid = new_game("roma", *PRIVATE["roma"][0])
    refused = invoke("move", gid, "give Ann Templum Essedum", code=1)  # cards Ann was not dealt
    assert "core.hidden.conflict" in refused.output, refused.output
    for word in ("legat", "forum", "turris"):
        assert not mentions(refused.output, word), (word, refused.output)


def test_core_hidden_conflict_7wonders_keep_does_not_tell_the_hand():
    gid = new_game("7wonders", *PRIVATE["7wonders"][0])
    refused = invoke("move", gid, "Ada keep Midas", code=1)  # a leader not in the hand typed
    assert "core.hidden.conflict" in refused.output, refused.output
    for word in ("caesar", "nero", "bilkis", "zenobia"):
        assert not mentions(refused.output, word), (word, refused.output)


def test_core_hidden_conflict_pax_keep_does_not_tell_the_cards():
    gid = new_game("pax")
    hidden = played(gid, "secret", "keep army 3/2 return fleet 1/1")
    assert "army" not in hidden, hidden
    refused = invoke("move", gid, "keep army 3/2 return fleet 1/1", code=1)  # Liv's turn is over
    assert "army" not in refused.output.replace("keep army 3/2 return fleet 1/1", ""), refused.output


# -- amend and insert -------------------------------------------------------------------------
def test_core_hidden_amend_reason_of_a_later_secret_entry_is_withheld():
    """The issue's case: the reason a later secret entry no longer replays ("Ann has no Legat in
    hand") told the card. Now the entry is named in its public form and the reason withheld;
    nothing is changed; ``--reveal`` tells it all."""
    gid = new_game("roma", *PRIVATE["roma"][0])
    played(gid, "secret", "give Ann Legat Forum")
    refused = invoke("amend", gid, "1", "hand Ann Templum Forum Forum Turris", code=1)
    assert "ply 3 'give Ann ? ?'" in refused.output and "no longer accepted" in refused.output, refused.output
    assert not mentions(refused.output, "legat") and "roma.setup.swap" in refused.output, refused.output
    revealed = invoke("amend", gid, "1", "hand Ann Templum Forum Forum Turris", "--reveal", code=1)
    assert "Legat" in revealed.output
    assert json.loads(invoke("log", gid, "--json", "--reveal").stdout)["entries"][0]["text"] == "hand Ann Legat Forum Forum Turris"


def test_core_hidden_insert_of_an_open_entry_judged_as_the_table_knows_it():
    """An inserted entry typed in the open that only a secret before it refuses is told so, not
    why."""
    gid = new_game("roma", *PRIVATE["roma"][0])
    refused = invoke("insert", gid, "3", "give Ann Templum Essedum", code=1)
    assert "core.hidden.conflict" in refused.output and not mentions(refused.output, "legat"), refused.output


# -- the warning ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(PRIVATE))
def test_core_hidden_open_secret_is_warned_about(game):
    typed = PRIVATE[game][0][0]
    gid = new_game(game)
    moved = invoke("move", gid, typed)
    assert "holds a secret face" in moved.output, moved.output
    public = json.loads(invoke("log", gid, "--json").stdout)["entries"][0]["text"]
    assert public != typed and f"✓ 1. {public}" in moved.output
    gid = new_game(game)
    shown = played(gid, typed)
    assert "holds a secret face" in shown and f"✓ 1. {public}" in shown, shown
    quiet = played(new_game(game), "secret", typed)
    assert "holds a secret face" not in quiet and f"✓ 1. {public}" in quiet, quiet


# -- 7 Wonders: the leader hand at the prompt --------------------------------------------------
def test_core_hidden_7wonders_leader_draft_at_the_prompt_shows_no_leader():
    gid = new_game("7wonders")
    hands = ["Ada leaders Caesar, Nero, Bilkis, Zenobia", "Bob leaders Plato, Midas, Sappho, Hypatia",
             "Cleo leaders Hannibal, Cleopatra, Varro, Tomyris"]
    lines = [line for hand in hands for line in ("secret", hand)]
    lines += ["secret", "Ada keep Nero", "secret", "Bob keep Plato", "Cleo keep ?", "board", "log", "legal --all", "state"]
    shown = played(gid, *lines)
    for hand in hands:
        for name in hand.split(" ", 2)[2].split(", "):
            assert not mentions(shown, name.casefold()), (name, shown)
    assert "Ada leaders ?, ?, ?, ?" in shown and "Ada keep ?" in shown, shown
    revealed = json.loads(invoke("log", gid, "--json", "--reveal").stdout)["entries"]
    assert [e["text"] for e in revealed][3:5] == ["Ada keep Nero", "Bob keep Plato"]


def test_core_hidden_amend_7wonders_later_secret_keep_is_not_told():
    """7 Wonders: Ada's hand amended to one without the leader she kept in secret: the keep no
    longer replays; it is named as the table saw it ('Ada keep ?'), its reason withheld."""
    gid = new_game("7wonders", "Ada leaders Caesar, Nero, Bilkis, Zenobia")
    played(gid, "secret", "Ada keep Nero")
    refused = invoke("amend", gid, "1", "Ada leaders Caesar, Plato, Bilkis, Zenobia", code=1)
    assert "ply 2 'Ada keep ?'" in refused.output and "no longer accepted" in refused.output, refused.output
    assert not mentions(refused.output, "nero"), refused.output
    assert "Nero" in invoke("amend", gid, "1", "Ada leaders Caesar, Plato, Bilkis, Zenobia", "--reveal", code=1).output


def test_core_hidden_open_secret_is_warned_about_sylla():
    """Sylla: a vote typed with ``move`` (in view of everyone, and kept in the shell's history)."""
    from assistant.core.record import write_record
    from assistant.games.sylla.simulate import random_game

    truth = random_game(0, 3)
    vote = truth.entries[44]
    assert vote.text == "Blue down 3"
    gid = _imported(truth.prefix(vote.ply - 1), write_record)
    moved = invoke("move", gid, vote.text)
    assert "holds a secret face" in moved.output and f"✓ {vote.ply}. Blue votes ?" in moved.output, moved.output
    assert "down 3" not in moved.output


# -- 7 Wonders: a choice typed at ``secret`` is sealed (7w.secrets.sealed) -----------------------
def test_7w_secrets_sealed_choice_typed_at_secret_shows_chose_until_the_last_one():
    gid = new_game("7wonders")
    invoke("move", gid, "Ada recruit Caesar")  # the draft played off the record: Recruitment
    shown = played(gid, "secret", "Bob recruit Nero", "log")
    assert "Bob chose" in shown and not mentions(shown, "nero"), shown
    texts = [e["text"] for e in json.loads(invoke("log", gid, "--json").stdout)["entries"]]
    assert texts == ["Ada recruit Caesar", "Bob chose"]
    invoke("move", gid, "Cleo sell Midas")
    texts = [e["text"] for e in json.loads(invoke("log", gid, "--json").stdout)["entries"]]
    assert texts[-1] == "reveal Bob recruit Nero; Cleo sell", texts
    revealed = [e["text"] for e in json.loads(invoke("log", gid, "--json", "--reveal").stdout)["entries"]]
    assert revealed[1] == "sealed Bob recruit Nero"
