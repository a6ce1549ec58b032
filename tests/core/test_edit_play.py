"""``edit ID`` and ``delete ID`` (issue 14, rules core.edit, core.delete, core.date), on both engines."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from assistant.cli.main import app

runner = CliRunner()


def cli(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_edit_fields_and_refusals(engine: str) -> None:
    assert cli("add", "roma", "-s", "Ann=22", "-s", "Ben=14").exit_code == 0
    done = cli("edit", "1", "--date", "2026-11-30 20:15", "--duration", "1:30", "--location", "Club", "--note", "rematch", "--json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert (data["date"], data["time"], data["duration"], data["location"], data["note"]) == ("2026-11-30", "20:15", 90, "Club", "rematch")
    for args, rule in ((["--date", "2999-01-01"], "core.date"), (["--duration", "0"], "core.date"), (["--time", "25:00"], "core.date"), ([], "core.edit")):
        bad = cli("edit", "1", *args)
        assert bad.exit_code == 1 and rule in bad.output, bad.output
    cleared = json.loads(cli("edit", "1", "--note", "", "--location", "", "--json").stdout)
    assert cleared["note"] is None and cleared["location"] is None and cleared["duration"] == 90
    assert cli("edit", "7", "--note", "x").exit_code == 1


def test_delete_asks_and_cascades(engine: str) -> None:
    assert cli("new", "roma", "-p", "Ann", "-p", "Ben").exit_code == 0
    assert cli("move", "1", "hand Ann ? ? ? ?").exit_code == 0
    refused = cli("delete", "1")
    assert refused.exit_code == 1 and "core.delete" in refused.output
    assert json.loads(cli("show", "1", "--json").stdout)["entries"] == 1
    gone = cli("delete", "1", "--yes", "--json")
    assert gone.exit_code == 0 and json.loads(gone.stdout)["deleted"]["id"] == 1
    assert cli("show", "1").exit_code == 1
    assert json.loads(cli("games", "--json").stdout) == []
