"""PAX secrets at the command line (issue 11): a few entries with secret faces typed; the read
commands (state, log, show, score, games, and move's answer), in text and JSON, never print a
secret face or the Aurei; with --reveal they do."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from assistant.cli.main import app

runner = CliRunner()

#: Secret faces typed below; no public card of the game shows any of them.
SECRETS = ("religion 4/2", "conspiracy 4/2", "senator 4/2", "estate 4/2", "wealth 4/2")
ENTRIES = (
    "keep religion 4/2 return conspiracy 4/2",  # Ann: kept and returned
    "keep ?",  # Ben: kept, unknown
    "market w1, f1, a1",
    "draw senator 4/2 hand, army 2/1 II, estate 4/2 deck",  # Ann's draw: hand and deck secret
    "Ann end",
    "draw ? hand, fleet 2/1 I, wealth 4/2 deck",
)


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def secrets_in(text: str) -> list[str]:
    return [face for face in SECRETS if face in text]


def test_pax_hidden_cli_read_commands_print_no_secret():
    gid = str(json.loads(invoke("new", "pax", "-p", "Ann", "-p", "Ben", "--json"))["id"])
    for n, entry in enumerate(ENTRIES):  # move's answer, in text and JSON by turns
        result = runner.invoke(app, ["move", gid, entry, *(("--json",) if n % 2 else ())])
        assert result.exit_code == 0, result.output
        assert not secrets_in(result.output), (entry, result.output)
    outputs = {}
    for command in (("state", gid), ("log", gid), ("show", gid), ("score", gid), ("games",)):
        for json_flag in ((), ("--json",)):
            out = invoke(*command, *json_flag)
            outputs[(*command, *json_flag)] = out
            assert not secrets_in(out), (command, json_flag, out)
    # no Aurei while the game runs: Ann has 7, Ben 5 (pax.hidden.money)
    for key in (("state", gid, "--json"), ("score", gid, "--json"), ("show", gid, "--json")):
        text = outputs[key]
        assert "aureus" not in text and "Aurei +" not in text, key
    assert "Aurei +" not in outputs[("score", gid)]
    # --reveal shows what was typed
    revealed = invoke("state", gid, "--reveal", "--json")
    assert {"religion 4/2", "senator 4/2"} <= set(secrets_in(revealed)) and "aureus" in revealed
    assert set(secrets_in(invoke("log", gid, "--reveal"))) == set(SECRETS)
    assert "7 Aurei" in invoke("score", gid, "--reveal", "--working")  # the working names them
    # show prints no score while the game runs, so its --reveal has nothing more to show here
