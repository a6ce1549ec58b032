"""Table mode (``assistant play ID``): a prompt that shows whose turn it is and what the game
expects, takes entries line by line and answers table commands. The game is kept in memory;
every entry is one transaction guarded by the position the prompt saw; an entry made meanwhile
from another window is noticed (conflict), nothing is written, and the game is read again.
With a terminal, names complete on Tab and earlier lines come back with the arrows.

The screen is seen by the whole table: entries are echoed in their public form (secret faces
as ``?``) unless the session reveals (``--reveal``, ``reveal``; ``hide``), and ``secret``
reads one entry without echo (a password prompt, kept out of the line history) so that a
player can type their own hand while the others look on.

An entry the game finds ambiguous (``AmbiguousEntry`` whose candidates are whole entries: a 7
Wonders payment both neighbours could take at the same price, Olympia A's free build or a paid
one) is asked about on a terminal: the candidates numbered, one chosen by its number and
entered as if typed. A private entry, or standard input that is not a terminal, is refused
with the options listed, as by ``assistant move``, so that a script never waits for an answer.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.core import inputs
from assistant.cli import render
from assistant.cli.edit import prompt_edit
from assistant.cli.setup_form import at_prompt as setup_form
from assistant.cli.rules import find_rules
from assistant.core.errors import AmbiguousEntry, AssistantError, Conflict
from assistant.core.viewer import Viewer

if TYPE_CHECKING:
    from assistant.core.game import Game
    from assistant.core.protocol import AnyRuleset
    from assistant.service.play import PlaySession
    from assistant.service.views import Entered
    from assistant.store.db import Store

TABLE_COMMANDS = (
    "secret",
    "private",
    "undo",
    "board",
    "state",
    "score",
    "log",
    "legal",
    "rules",
    "remember",
    "catalogue",
    "reveal",
    "hide",
    "help",
    "quit",
    "exit",
)

HELP = """Type an entry in the game's notation (an entry that could mean several things is
asked about: answer with its number, Enter cancels), or one of these commands:
  secret             the next entry without it showing, for your own hand or
                     money (also: private); echoed as the table may see it
  undo [N]           take back the last entry (or the last N)
  amend PLY ENTRY    replace entry PLY and replay the rest (amend PLY --delete)
  insert PLY ENTRY   put an entry before entry PLY and replay the rest
  board [--wide]     the board at a glance (also: state)
  score [--working]  the score as it stands (--working: how each was reached)
  log [--turn [N]] [--last N] [--all]
                     the entries by turn: the last screenful, the turn being
                     played (or turn N), the last N, or every one, paged
  legal [--all]      what is legal now, in a few lines (--all: every move)
  rules [WORDS]      rule texts: an id, a card name, 'notation' or plain words
  remember KEY TEXT  save what a component shows; then write @KEY in entries
  catalogue          the saved keys of this game's catalogue
  reveal | hide      show secret faces from now on | hide them (the default);
                     --reveal after board, score, log or legal: this once
  help               this text
  quit               leave: everything entered is already saved (Ctrl-D too)"""

# The flags each table command takes at the prompt (as on the command line).
FLAGS = {"board": ("--reveal", "--wide"), "state": ("--reveal", "--wide"), "score": ("--reveal", "--working"), "legal": ("--all", "--reveal"), "catalogue": ()}
USAGE = {
    "board": "board [--wide] [--reveal]",
    "state": "state [--wide] [--reveal]",
    "score": "score [--working] [--reveal]",
    "log": "log [--turn [N]] [--last N] [--all] [--reveal]",
    "legal": "legal [--all] [--reveal]",
    "catalogue": "catalogue",
    "undo": "undo [N] [--reveal]",
}


def _flags(verb: str, rest: str) -> set[str] | None:
    """The flags given to a table command, or ``None`` when ``rest`` is not only its flags."""
    words = rest.split()
    allowed = FLAGS.get(verb, ())
    if all(word.lower() in allowed for word in words):
        return {word.lower() for word in words}
    return None


@dataclass(frozen=True)
class LogArgs:
    """``log`` at the prompt: ``--turn [N]`` (0: the turn being played), ``--last N``,
    ``--all`` (every entry, paged) and ``--reveal``."""

    turn: int | None = None
    last: int | None = None
    all: bool = False
    reveal: bool = False


def _log_args(rest: str) -> LogArgs | None:
    """The words after ``log``, or None when they are not its flags.

    >>> _log_args("--turn"), _log_args("--turn 3 --reveal").turn, _log_args("--last 5").last
    (LogArgs(turn=0, last=None, all=False, reveal=False), 3, 5)
    >>> _log_args("--last") is None, _log_args("7") is None
    (True, True)
    """
    words = [word.lower() for word in rest.split()]
    found: dict[str, Any] = {}
    i = 0
    while i < len(words):
        word = words[i]
        following = inputs.number(words[i + 1]) if i + 1 < len(words) else None
        if word in ("--all", "--reveal"):
            found[word[2:]] = True
        elif word == "--turn":
            found["turn"] = following or 0
            i += following is not None
        elif word == "--last" and following:
            found["last"] = following
            i += 1
        else:
            return None
        i += 1
    return LogArgs(**found)


def _undo_args(rest: str) -> tuple[int, bool] | None:
    """``undo [N] [--reveal]``: how many entries and whether to show them as typed."""
    count, reveal = 1, False
    for word in rest.split():
        if word.lower() == "--reveal":
            reveal = True
        elif (number := inputs.number(word)) is not None and number >= 1:
            count = number
        else:
            return None
    return count, reveal


#: Said after an entry that holds a secret face typed where the table could read it.
OPEN_SECRET = (
    "that entry holds a secret face and was typed in view of the table; it is kept, and shown "
    "as above. Next time type 'secret' first: the entry is then typed out of sight"
)

#: What the hidden prompt shows while something is typed: the same mark for any length, so
#: that neither a vote's thumb nor a Temple's colour is told by how long it is.
MASK = "(hidden)"


def _private_reader() -> Callable[[str], str]:
    """A line reader that shows nothing of what is typed: on a terminal, a fresh
    prompt_toolkit session (the line goes into no history) that shows :data:`MASK`, whatever
    the length, with the cursor held after it; getpass when only standard input is a terminal
    (it echoes nothing); input() when standard input is not a terminal (nothing echoes)."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        try:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.layout.processors import Processor, Transformation
        except ImportError:  # pragma: no cover - prompt_toolkit is a dependency
            pass
        else:

            class FixedMask(Processor):
                """Shows MASK for any non-empty line; every cursor position maps after it."""

                def apply_transformation(self, transformation_input: Any) -> Transformation:
                    shown = MASK if transformation_input.document.text else ""
                    length = len(transformation_input.document.text)
                    return Transformation(
                        [("", shown)],
                        source_to_display=lambda i: len(shown),
                        display_to_source=lambda i: length,
                    )

            return lambda prompt: PromptSession(input_processors=[FixedMask()]).prompt(prompt)
    if sys.stdin.isatty():
        import getpass

        return getpass.getpass
    return input


def next_words(before: str, *, commands: Sequence[str], words: Sequence[str], legal: Sequence[str], players: Sequence[str]) -> list[str]:
    """What Tab offers after ``before`` (the text left of the cursor), by context: at the
    start of the line the prompt's commands, the players and the game's words; after a
    prompt command only its flags; after an entry's first words the next word of each legal
    move that begins so (with or without the player's name), else the game's words that are
    not commands or players. The words returned all start with the word being typed.

    >>> legal = ["Bob build Temple", "Bob build Baths", "Bob sell Temple", "Bob stage"]
    >>> next_words("bob build ", commands=["undo", "board"], words=["Bob", "build", "Temple", "Baths"],
    ...            legal=legal, players=["Ada", "Bob"])
    ['Temple', 'Baths']
    >>> next_words("bo", commands=["undo", "board"], words=["Bob", "build"], legal=legal, players=["Bob"])
    ['board', 'Bob']
    >>> next_words("score --", commands=["score"], words=[], legal=[], players=[])
    ['--reveal', '--working']
    """
    typed = before.split(" ")
    done, last = [w for w in typed[:-1] if w], typed[-1].lower()
    found: list[str] = []

    def add(word: str) -> None:
        if word.lower().startswith(last) and word not in found:
            found.append(word)

    if not done:
        for word in [*commands, *players, *words]:
            add(word)
        return found
    verb = done[0].lower()
    if verb in commands:
        for flag in FLAGS.get(verb, ()):
            add(flag)
        return found
    said = [w.lower() for w in done]
    for move in legal:
        parts = move.split()
        for start in (0, 1):  # the move as listed, or without its player's name
            rest = parts[start:]
            if len(rest) > len(said) and [w.lower() for w in rest[: len(said)]] == said:
                add(rest[len(said)])
    if found or any(m for m in legal):
        return found
    lowered = {w.lower() for w in (*commands, *players)}
    for word in words:
        if word.lower() not in lowered and word.lower() not in said:
            add(word)
    return found


def history_file(store: Store) -> Path:
    """Where the ``play`` prompt keeps its line history: beside the database file it belongs
    to (``history.sqlite3.play-history``), or for a database on a server, in the user data
    folder under a name of its own (so that two histories never mix)."""
    if store.path is not None:
        return Path(store.path).with_name(Path(store.path).name + ".play-history")
    import hashlib

    from platformdirs import user_data_path

    digest = hashlib.sha256(store.where.encode("utf-8")).hexdigest()[:12]
    return user_data_path("table-companion", appauthor=False) / f"play-history-{digest}.txt"


#: What the reader returns when the game changed elsewhere while the prompt waited (a phone,
#: another window) and nothing was being typed: the prompt shows the new entries, then asks again.
CHANGED = "\x00changed"
#: How often the waiting prompt looks whether the game changed elsewhere (seconds).
WATCH_EVERY = 0.5


def _watching(session: Any, prompt: str, read_mark: Callable[[], str]) -> str:
    """``session.prompt(prompt)``, given up with :data:`CHANGED` when the game's mark
    (``read_mark()``, read when the prompt opens and every :data:`WATCH_EVERY` seconds by a
    thread of its own) moves while the line is still empty: what is being typed is never cut
    short."""
    import threading

    done = threading.Event()

    def watch() -> None:
        try:
            first = read_mark()
        except Exception:  # a database hiccup must not break the prompt: no watching this time
            return
        while not done.wait(WATCH_EVERY):
            try:
                moved = read_mark() != first
            except Exception:
                continue
            app = session.app
            if moved and app.is_running:

                def leave() -> None:
                    if app.is_running and not app.current_buffer.text:
                        app.exit(result=CHANGED)

                app.loop.call_soon_threadsafe(leave)
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        line: str = session.prompt(prompt)
        return line
    finally:
        done.set()


def _reader(
    words: Callable[[str], list[str]], history: Path | None = None, read_mark: Callable[[], str] | None = None
) -> Callable[[str], str]:
    """A line reader: prompt_toolkit with completion (``words(text_before_cursor)``) and the
    line history in ``history`` on a terminal, input() otherwise. On a terminal, the game's
    mark (``read_mark``, when given) is watched while the prompt waits: see :func:`_watching`."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return input
    try:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.history import FileHistory, InMemoryHistory
    except ImportError:  # pragma: no cover - prompt_toolkit is a dependency
        return input

    class Names(Completer):
        def get_completions(self, document, complete_event):  # type: ignore[no-untyped-def]
            before = document.text_before_cursor
            last = before.split(" ")[-1]
            for word in words(before):
                yield Completion(word, start_position=-len(last))

    class QuietHistory(FileHistory):
        """A file history that goes on in memory when the file cannot be written."""

        def store_string(self, string: str) -> None:
            try:
                super().store_string(string)
            except OSError:
                pass

    lines: Any = InMemoryHistory()
    if history is not None:
        try:
            from assistant.store.private import private_file

            private_file(history)  # 0600 (its folder 0700 if made): the lines typed are entries
            lines = QuietHistory(str(history))
        except OSError:
            pass
    session: Any = PromptSession(completer=Names(), history=lines, complete_while_typing=False)
    if read_mark is not None:
        return lambda prompt: _watching(session, prompt, read_mark)
    return lambda prompt: session.prompt(prompt)


def _read_private(verb: str, rest: str, prompt: str) -> str | None:
    """The entry typed at the private prompt, or ``None`` (said why) when there is none:
    words after ``secret`` (they were typed in view: nothing is entered), Ctrl-C or Ctrl-D
    (cancelled), an empty line."""
    if rest:
        render.message(f"nothing was entered: type '{verb}' alone, then the entry at the hidden prompt")
        return None
    try:
        line = _private_reader()(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        render.message("\nprivate entry cancelled; nothing was entered")
        return None
    if not line:
        render.message("private entry empty; nothing was entered")
        return None
    return line


def ask_which(options: Sequence[str], read: Callable[[str], str]) -> int | None:
    """Ask which of ``options`` (already listed, numbered from 1) is meant: the index chosen,
    or ``None`` when cancelled (an empty answer, Ctrl-C, Ctrl-D). An answer that is not one
    of the numbers is asked again once, then the question is cancelled.

    >>> answers = iter(["x", "2"])
    >>> ask_which(["a", "b"], lambda prompt: next(answers))
    1
    """
    question = f"which? (1-{len(options)}, Enter to cancel) "
    for attempt in range(2):
        try:
            answer = read(question).strip()
        except (EOFError, KeyboardInterrupt):
            return None
        if not answer:
            return None
        number = inputs.number(answer.rstrip("."))
        if number is not None and 1 <= number <= len(options):
            return number - 1
        if attempt == 0:
            render.message(f"answer with a number from 1 to {len(options)}, or Enter to cancel")
    return None


def _answer_reader() -> Callable[[str], str]:
    """A line reader for the answer to a question: a fresh prompt_toolkit session on a
    terminal (the answer goes into no line history and completes nothing), else input()."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        try:
            from prompt_toolkit import PromptSession
        except ImportError:  # pragma: no cover - prompt_toolkit is a dependency
            pass
        else:
            return lambda prompt: PromptSession().prompt(prompt)
    return input


def _entries_to_offer(exc: AmbiguousEntry, game: Game, *, reveal: bool) -> list[tuple[str, str]] | None:
    """The candidates of an ambiguous entry as ``(entry, shown)`` pairs when each is a whole
    entry the game accepts now (read and judged, nothing applied) and their shown forms (the
    public form unless ``reveal``, at most 80 columns a line when listed) tell them apart;
    ``None`` otherwise (a prefix of several names, say): the entry is then refused as before."""
    ruleset = game.ruleset
    state = game.state
    offered: list[tuple[str, str]] = []
    for text in exc.candidates:
        try:
            text = inputs.clean(text, "entry").strip()
            move = ruleset.parse(state, text)
            ruleset.check(state, move)
            public = ruleset.public_notation(state, move)
            shown = text if reveal or public == move.notation() else public  # as the game put it (neighbours by name)
        except Exception:  # not an entry the game takes as it stands: no question
            return None
        offered.append((text, shown))
    if len(offered) < 2 or len({shown.casefold() for _, shown in offered}) < len(offered):
        return None
    return offered


def _ask_ambiguous(exc: AmbiguousEntry, game: Game, line: str, *, reveal: bool) -> str | None | bool:
    """At a terminal, the question for an ambiguous entry: the reason, the candidates
    numbered, then ``which?``. Returns the entry chosen (with the comment typed after ``#``),
    ``None`` when the question was cancelled (said so), ``False`` when there is no question
    to ask (not a terminal, or candidates that are not whole entries): refuse as before."""
    if not sys.stdin.isatty() or not exc.candidates:
        return False
    offered = _entries_to_offer(exc, game, reveal=reveal)
    if offered is None:
        return False
    # the reason and its rule within 80 columns; the candidates below, numbered, not as a hint
    render.wrapped(f"? {exc.message}" + (f"  [{exc.rule}]" if exc.rule else ""))
    width = len(str(len(offered)))
    for n, (_, shown) in enumerate(offered, 1):
        head = f"  {n:>{width}}. "
        lines = render.fit(head + shown, indent=" " * len(head))
        render.message("\n".join(lines))
    chosen = ask_which([shown for _, shown in offered], _answer_reader())
    if chosen is None:
        render.message("cancelled; nothing was entered")
        return None
    _, hashed, comment = line.partition("#")
    return offered[chosen][0] + (f"  #{comment}" if hashed else "")


def _entered(result: Entered, *, reveal: bool = False, private: bool = False) -> bool:
    """What the prompt says after an accepted entry: the ✓ line, what it set off, the end;
    and a warning when the entry holds a secret face and was typed in view of the table.
    True when it said the game is over (the prompt then does not say it again)."""
    render.success(f"{result.entry.ply}. {result.shown}")
    if result.secret and not private and not reveal:
        render.warning(OPEN_SECRET)
    render.events(result.events)
    if result.outcome is None:
        return False
    render.wrapped(f"game over: {result.outcome.reason}")
    if result.sheet is not None:
        render.score_sheet(result.sheet, "Final score")
    return True


def _table_command(table: PlaySession, store: Store, game: Game, verb: str, rest: str, *, reveal: bool) -> bool:
    """Run a table command (``undo``, ``state``, ``score``, ``log``, ``legal``, ``remember``,
    ``catalogue``, ``rules``) with its flags; False when the line is not one (a game entry).
    A command given words it does not take answers with its usage."""
    from assistant.service.games import score_of

    ruleset = table.loaded.ruleset
    shown = reveal
    flags: set[str] | None = None
    log_args = _log_args(rest) if verb == "log" else None
    if verb in USAGE:
        flags = _flags(verb, rest) if verb in FLAGS else None
        if log_args is not None:
            flags = {"--reveal"} if log_args.reveal else set()
        elif (flags is None) if verb in FLAGS else (_undo_args(rest) is None):
            if verb in game.expecting().kinds:  # the game's own entry of that word (Sylla's 'board ladder=…')
                return False
            render.message(f"usage: {USAGE[verb]}")
            return True
        shown = reveal or "--reveal" in (flags or ())  # state, score, log
    if verb == "undo":
        count, asked = _undo_args(rest) or (1, False)
        for item in table.undo(count, reveal=reveal or asked):
            render.success(f"took back {item.ply}. {item.text}")
    elif verb in ("board", "state"):
        render.plain(render.board_text(game, reveal=shown, wide="--wide" in (flags or ())))
    elif verb == "score":
        over = game.outcome() is not None
        working = "--working" in (flags or ())
        sheet = score_of(game, reveal=shown)
        render.score_sheet(sheet, "Final score" if over else "Score as it stands · provisional", provisional=not over, working=working)
        if not working and render.has_working(sheet):
            render.message("how each figure was reached: score --working", style="dim")
    elif verb == "log":
        _show_log(game, log_args or LogArgs(), reveal=shown)
    elif verb == "legal":
        viewer = Viewer.revealing(shown)  # worked out from what the table sees, unless --reveal
        if "--all" in (flags or ()):
            moves = [m.notation() for m in game.legal_moves(viewer=viewer)]
            if not moves:
                render.legal_lines((), moves)
            else:
                paged([render.safe("  " + m) for m in moves], f"{len(moves)} legal entries")
        else:
            render.legal_lines(game.legal_summary(viewer=viewer))
    elif verb == "remember":
        key, _, value = rest.partition(" ")
        if not key or not value.strip():
            render.message("remember KEY TEXT   e.g. remember brutus conspiracy 3/1")
        else:
            from assistant.service.catalogue import catalogue_set

            catalogue_set(store, ruleset.name, key, value, table.loaded.catalogue)
            render.success(f"@{key.lstrip('@').casefold()} = {' '.join(value.split())}")
    elif verb == "catalogue":
        from assistant.service.catalogue import catalogue_list

        items = catalogue_list(store, ruleset.name, table.loaded.catalogue).items
        if not items:
            render.message("no saved keys yet (remember KEY TEXT)")
        for saved in items:
            render.out().print(f"  @{saved.key} = {saved.value}", markup=False)
    elif verb == "rules":
        found = find_rules(ruleset.name, rest)
        render.rule_texts(found, full=bool(rest) and len(found) <= 6)
    else:
        return False
    return True


def screen_rows() -> int | None:
    """The rows of the terminal the prompt runs in, or None when stdout is not a terminal
    (piped: everything is printed)."""
    import shutil

    return shutil.get_terminal_size().lines if sys.stdout.isatty() else None


def paged(lines: Sequence[str], what: str) -> None:
    """A long answer at the prompt: through the pager when it is longer than the screen
    (at a terminal), else printed (as ``games --all`` pages)."""
    from assistant.cli.history import pager, pager_command

    rows = screen_rows()
    if rows is None or len(lines) <= rows - 2:
        for line in lines:
            render.out().print(line, markup=False)
        return
    with pager(pager_command()) as stream:
        for line in lines:
            stream.write(line + "\n")
    render.message(f"({what}, paged)", style="dim")


def _show_log(game: Game, args: LogArgs, *, reveal: bool) -> None:
    """``log`` at the prompt: the turns asked for; without ``--all`` (or a part asked for) no
    more than the last screenful, with what is above it said in one line."""
    from assistant.service.games import entry_lines
    from assistant.service.views import select_log

    if not game.entries:
        render.message("no entries yet")
        return
    turns = select_log(entry_lines(game, reveal=reveal), last=args.last, turn=args.turn)
    lines = render.log_text(turns)
    if args.all:
        paged(lines, f"{game.ply} entries")
        return
    rows = screen_rows()
    room = rows - 4 if rows is not None and args.last is None else None  # the hint, the prompt line and the prompt
    if room is not None and len(lines) > room:
        shown = lines[len(lines) - max(room, 3):]
        above = sum(1 for line in lines[: len(lines) - len(shown)] if not line.startswith("──"))
        render.message(f"… {above} earlier entries above: log --all pages through them, log --turn N shows one turn", style="dim")
        lines = shown
    for line in lines:
        render.out().print(line, markup=False)


def _running_score(game: Game, *, reveal: bool = False) -> str:
    """The score as it stands, short (``Ann 12 · Ben 9``), for the prompt line; nothing when
    the game cannot score this position."""
    from assistant.service.games import score_of

    try:
        return render.short_score(score_of(game, reveal=reveal))
    except Exception:  # the prompt must never break on a provisional score
        return ""


def _show_elsewhere(table: PlaySession, *, reveal: bool) -> None:
    """The game changed elsewhere while the prompt waited (a phone, another window): read it
    again and show what was entered since, as the table may see it."""
    from assistant.service.games import entry_lines

    old = [entry.text for entry in table.loaded.game.entries] if table.loaded.game is not None else []
    loaded = table.reload()
    game = loaded.game
    if game is None:
        return
    if [entry.text for entry in game.entries[: len(old)]] != old:
        render.message(f"entries were taken back or changed elsewhere: the game now has {game.ply} (log shows them)")
        return
    for line in entry_lines(game, reveal=reveal, first=len(old) + 1):
        render.message(f"✓ {line.ply}. {line.text}   (entered elsewhere)", "green")
    if loaded.row.status != "active" and game.outcome() is None:
        render.message(f"game {loaded.id} is {loaded.row.status} (elsewhere)")


def run_table(store: Store, game_id: int | str, *, reveal: bool = False) -> None:
    """The interactive loop. The game is read and replayed once, then kept in memory by a
    :class:`~assistant.service.play.PlaySession`: each entry is checked against it and written
    in one transaction; the game is read again only when another window changed it.

    Entries are echoed in their public form (``Ruleset.public_notation``) unless ``reveal``
    (the ``reveal`` and ``hide`` commands switch it); a private entry (``secret``) is read
    without echo and always echoed in its public form."""
    from assistant.service.live import mark
    from assistant.service.play import PlaySession

    table = PlaySession.open(store, game_id)
    loop = _TableLoop(store, table, reveal=reveal)
    render.out().print(f"[bold]Game {table.id}[/bold] · {loop.ruleset.title} · {', '.join(table.loaded.names)}   (help: commands)")
    read = _reader(loop.words, history=history_file(store), read_mark=lambda: mark(store, table.id))
    while loop.say():
        try:
            line = read(f"{table.id}:{loop.ply + 1}> ")
        except KeyboardInterrupt:  # Ctrl-C clears the line; Ctrl-D (or quit) leaves
            if not loop.cleared:
                render.message("(line cleared; Ctrl-D or quit leaves)")
                loop.cleared = True
            continue
        except EOFError:
            render.message("\nbye; everything entered is saved")
            return
        if line == CHANGED:
            _show_elsewhere(table, reveal=loop.reveal)
        elif not loop.take(line.strip()):
            return


@dataclass
class _TableLoop:
    """What the ``play`` prompt keeps between lines: the game session, whether secret faces
    are shown (``reveal``), whether Ctrl-C was explained (``cleared``), whether the last entry
    ended the game and said so (``ended``), and the ply at which the prompt line was last
    drawn (``said_at``: its event is said once, D22)."""

    store: Store
    table: PlaySession
    reveal: bool = False
    cleared: bool = False
    ended: bool = False
    said_at: int = -1

    @property
    def ruleset(self) -> AnyRuleset:
        return self.table.loaded.ruleset

    @property
    def ply(self) -> int:
        game = self.table.loaded.game
        return game.ply if game is not None else 0

    def words(self, before: str) -> list[str]:
        """The words Tab offers after ``before``: commands, the game's words, legal entries."""
        game = self.table.loaded.game
        if game is None:
            return []
        try:
            viewer = Viewer.revealing(self.reveal)  # Tab offers no hidden face unless the session reveals
            state_words = game.completions(viewer=viewer)
            legal = [m.notation() for m in game.legal_moves(viewer=viewer)] if " " in before.strip() else []
        except Exception:  # completion must never break the prompt
            state_words, legal = [], []
        return next_words(before, commands=TABLE_COMMANDS, words=state_words, legal=legal, players=list(game.seats))

    def say(self) -> bool:
        """Say where the game stands before reading a line (the end once, else the prompt
        line); False when there is nothing to enter (a game scored from a final table)."""
        loaded = self.table.loaded
        game = loaded.game
        if game is None:
            render.message("this game was scored from a final table; nothing to enter")
            return False
        outcome = game.outcome()
        if outcome is not None or loaded.row.status != "active":
            if outcome is not None and not self.ended:
                render.wrapped(f"game over: {outcome.reason}")
            else:
                render.message(f"game {self.table.id} is {loaded.row.status}")
        else:
            prompt = game.expecting(viewer=Viewer.revealing(self.reveal))
            if game.ply == self.said_at:  # no entry since the last prompt line: its event was said (D22)
                prompt = prompt.without_event()
            render.prompt_line(prompt, score=_running_score(game, reveal=self.reveal))
            self.said_at = game.ply
        self.ended = False
        return True

    def take(self, line: str) -> bool:
        """Answer one line typed at the prompt: a command, or an entry checked and stored;
        a refusal is shown and nothing is written. False when the line leaves the prompt."""
        if not line:
            return True
        verb, _, rest = line.partition(" ")
        verb, rest = verb.lower(), rest.strip()
        if verb in ("quit", "exit", "q"):
            render.message("bye; everything entered is saved")
            return False
        private = verb in ("secret", "private")
        try:
            entry = self._entry_of(line, verb, rest)
            if entry is not None:
                self._enter(entry, private=private)
        except Conflict as exc:
            render.error(exc, self.ruleset.name, at_prompt=True)
            render.message(f"the game was read again: {self.ply} entries")
        except AssistantError as exc:
            game = self.table.loaded.game
            over = game is not None and game.outcome() is not None or self.table.loaded.row.status == "finished"
            if not private and exc.rule == "core.over" and over:
                exc.hint = "type 'undo' to take back the last entry (it reopens the game)"
            render.error(exc, self.ruleset.name, at_prompt=True)  # a private entry's refusal tells nothing typed (service.hidden)
        return True

    def _entry_of(self, line: str, verb: str, rest: str) -> str | None:
        """The entry a line makes (itself, the line read hidden after ``secret``, the entry a
        set-up form built), or None when the line was a command, answered here."""
        table, game = self.table, self.table.loaded.game
        assert game is not None  # say() returned True
        if verb in ("help", "?"):
            render.out().print(HELP, markup=False)
            return None
        if verb in ("reveal", "hide") and not rest:
            self.reveal = verb == "reveal"
            render.message("secret faces are shown from now on (hide stops it)" if self.reveal else "secret faces are hidden (as ?) from now on")
            return None
        if verb in ("secret", "private"):
            return _read_private(verb, rest, f"{table.id}:{game.ply + 1} private (not shown)> ")
        if prompt_edit(table, verb, rest, reveal=self.reveal):  # amend, insert (assistant/cli/edit.py)
            return None
        form = setup_form(self.store, table, verb, rest, _answer_reader)
        if form is not None:  # Sylla's guided set-up form (assistant/cli/setup_form.py): the entry it built, if any
            return form or None
        if _table_command(table, self.store, game, verb, rest, reveal=self.reveal):
            return None
        return line

    def _enter(self, line: str, *, private: bool) -> None:
        """Check and store an entry; one that could mean several things is asked about at a
        terminal (never a private one), and the candidate chosen entered as if typed."""
        reveal = self.reveal
        try:
            self.ended = _entered(self.table.enter(line, reveal=reveal and not private, private=private), reveal=reveal, private=private)
        except AmbiguousEntry as exc:
            game = self.table.loaded.game
            chosen = False if private or game is None else _ask_ambiguous(exc, game, line, reveal=reveal)
            if chosen is False:
                raise
            if isinstance(chosen, str):
                self.ended = _entered(self.table.enter(chosen, reveal=reveal), reveal=reveal)
