"""Table mode (``assistant play ID``): a prompt that shows whose turn it is and what the game
expects, takes entries line by line and answers table commands. The game is kept in memory;
every entry is one transaction guarded by the position the prompt saw; an entry made meanwhile
from another window is noticed (conflict), nothing is written, and the game is read again. With a terminal, names complete on Tab and earlier lines come back with the arrows.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from assistant.cli import render
from assistant.cli.rules import find_rules
from assistant.core.errors import AssistantError, Conflict

TABLE_COMMANDS = ("undo", "state", "score", "log", "legal", "rules", "remember", "catalogue", "help", "quit", "exit")

HELP = """At the prompt, type an entry in the game's notation, or:
  undo [N]        take back the last entry (or N)
  state           where the game stands (hidden information only with --reveal)
  score           the score as it stands
  log             the entries so far
  legal           what is legal now (where the game can list it)
  rules [TOPIC]   rule texts: an id, a card name, 'notation' or words
  remember KEY TEXT   save what a component shows; then write @KEY in entries
  catalogue       the saved keys of this game's catalogue
  help            this text
  quit            leave (everything entered is already saved)"""


def _reader(words: Callable[[], list[str]]) -> Callable[[str], str]:
    """A line reader: prompt_toolkit with completion and history on a terminal, input() otherwise."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return input
    try:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.history import FileHistory
    except ImportError:  # pragma: no cover - prompt_toolkit is a dependency
        return input

    class Names(Completer):
        def get_completions(self, document, complete_event):  # type: ignore[no-untyped-def]
            before = document.text_before_cursor
            last = before.split(" ")[-1].lower()
            tail2 = " ".join(before.split(" ")[-2:]).lower()
            for word in words():
                low = word.lower()
                if " " in word and low.startswith(tail2) and tail2.strip() and " " in tail2:
                    yield Completion(word, start_position=-len(tail2))
                elif low.startswith(last):
                    yield Completion(word, start_position=-len(last))

    history = None
    try:
        from platformdirs import user_data_path

        folder = user_data_path("table-companion", appauthor=False)
        folder.mkdir(parents=True, exist_ok=True)
        history = FileHistory(str(folder / "play-history.txt"))
    except OSError:
        history = None
    session: Any = PromptSession(completer=Names(), history=history, complete_while_typing=False)
    return lambda prompt: session.prompt(prompt)


def run_table(store: Any, game_id: int | str, *, reveal: bool = False) -> None:
    """The interactive loop. The game is read and replayed once, then kept in memory by a
    :class:`~assistant.service.play.PlaySession`: each entry is checked against it and written
    in one transaction; the game is read again only when another window changed it."""
    from assistant.service.play import PlaySession

    table = PlaySession.open(store, game_id)
    gid = table.id
    ruleset = table.loaded.ruleset
    render.out().print(f"[bold]Game {gid}[/bold] · {ruleset.title} · {', '.join(table.loaded.names)}   (help: commands)")

    def words() -> list[str]:
        game = table.loaded.game
        base = list(TABLE_COMMANDS)
        if game is not None:
            try:
                base += ruleset.completions(game.state)
            except Exception:  # completion must never break the prompt
                pass
        return base

    read = _reader(words)
    while True:
        loaded = table.loaded
        game = loaded.game
        if game is None:
            render.message("this game was scored from a final table; nothing to enter")
            return
        outcome = game.outcome()
        if outcome is not None or loaded.row.status != "active":
            if outcome is not None:
                render.message(f"game over: {outcome.reason}")
            else:
                render.message(f"game {gid} is {loaded.row.status}")
        else:
            render.prompt_line(game.expecting())
        try:
            line = read(f"{gid}:{game.ply + 1}> ")
        except (EOFError, KeyboardInterrupt):
            render.message("\nbye; everything entered is saved")
            return
        line = line.strip()
        if not line:
            continue
        verb, _, rest = line.partition(" ")
        verb_l = verb.lower()
        try:
            if verb_l in ("quit", "exit", "q"):
                render.message("bye; everything entered is saved")
                return
            if verb_l in ("help", "?"):
                render.out().print(HELP, markup=False)
            elif verb_l == "undo" and (not rest or rest.strip().isdigit()):
                for entry in table.undo(int(rest) if rest.strip() else 1):
                    render.success(f"took back {entry.ply}. {entry.text}")
            elif verb_l == "state" and not rest:
                render.described_state(game.describe(reveal=reveal))
            elif verb_l == "score" and not rest:
                render.score_sheet(game.score(), "Score as it stands" if outcome is None else "Final score")
            elif verb_l == "log" and not rest:
                for entry, comment in zip(game.entries, game.comments):
                    note = f"  # {comment}" if comment else ""
                    render.out().print(f"{entry.ply:>4}. {entry.text}{note}", markup=False)
            elif verb_l == "legal" and not rest:
                moves = game.legal_moves()
                if not moves:
                    render.message("the game lists no moves here (enter what happened)")
                for m in moves[:60]:
                    render.out().print("  " + m.notation(), markup=False)
                if len(moves) > 60:
                    render.message(f"… and {len(moves) - 60} more")
            elif verb_l == "remember":
                key, _, value = rest.strip().partition(" ")
                if not key or not value.strip():
                    render.message("remember KEY TEXT   e.g. remember brutus conspiracy 3/1")
                else:
                    from assistant.service.catalogue import catalogue_set

                    catalogue_set(store, ruleset.name, key, value, loaded.catalogue)
                    render.success(f"@{key.lstrip('@').casefold()} = {' '.join(value.split())}")
            elif verb_l == "catalogue" and not rest:
                from assistant.service.catalogue import catalogue_list

                items = catalogue_list(store, ruleset.name, loaded.catalogue).items
                if not items:
                    render.message("no saved keys yet (remember KEY TEXT)")
                for item in items:
                    render.out().print(f"  @{item.key} = {item.value}", markup=False)
            elif verb_l == "rules":
                found = find_rules(ruleset.name, rest.strip())
                render.rule_texts(found, full=bool(rest.strip()) and len(found) <= 6)
            else:
                result = table.enter(line)
                render.success(f"{result.entry.ply}. {result.entry.text}")
                render.events(result.events)
                if result.outcome is not None:
                    render.message(f"game over: {result.outcome.reason}")
                    if result.sheet is not None:
                        render.score_sheet(result.sheet, "Final score")
        except Conflict as exc:
            render.error(exc, ruleset.name)
            render.message(f"the game was read again: {table.loaded.game.ply if table.loaded.game else 0} entries")
        except AssistantError as exc:
            render.error(exc, ruleset.name)
