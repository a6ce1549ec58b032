"""Files that hold games are private to their owner: the database file (SQLite gives its
``-wal``, ``-shm`` and ``-journal`` the mode of the database file), its backups, exports, the
``play`` prompt's line history, and the folders the program makes for them.

Each is created with its mode given to :func:`os.open` / :func:`os.mkdir` and then set
exactly (``fchmod``/``chmod``), so a umask of 022 (files 0644, readable by every user of
the machine) or any other gives 0600 files and 0700 folders. Only what the program creates
is set: a file or folder that exists already keeps the mode its owner gave it (a club may
share a database with a group on purpose).

Why not a process-wide ``umask(0o077)``: the modes are then right only for the console entry
(not for the service used as a library, nor in tests), the umask is one setting for every
thread, and a file whose mode depends on where in the program it was opened is easy to break
unknowingly. Every writer here says the mode of what it makes.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The mode of a file the program creates to hold games (read and write for its owner only).
FILE_MODE = 0o600
#: The mode of a folder the program creates for such files.
FOLDER_MODE = 0o700


def private_folder(path: Path) -> Path:
    """Make the folder ``path`` and every missing folder above it, each one 0700; folders that
    exist already are left as they are. Raises :class:`OSError` as :meth:`Path.mkdir` does."""
    path = Path(path)
    missing: list[Path] = []
    here = path
    while not here.exists() and here != here.parent:
        missing.append(here)
        here = here.parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, FOLDER_MODE)
        except FileExistsError:  # made meanwhile by another process: theirs to set
            if not folder.is_dir():
                raise
            continue
        os.chmod(folder, FOLDER_MODE)
    return path


def private_file(path: Path) -> bool:
    """Create ``path`` as an empty 0600 file if there is none (its folder, if missing, 0700);
    True when this call created it. An existing file is left as it is."""
    path = Path(path)
    if not path.parent.is_dir():
        private_folder(path.parent)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        return False
    try:
        os.fchmod(descriptor, FILE_MODE)
    finally:
        os.close(descriptor)
    return True


def private_opener(path: str | os.PathLike[str], flags: int) -> int:
    """An ``opener`` for :func:`open` that writes a private file: one it creates is 0600 from
    the start, and one it opens to write is made 0600 (an export's temporary file, a
    checkpoint: the program's own files, written whole).
    ``open(part, "w", encoding="utf-8", opener=private_opener)``."""
    descriptor = os.open(path, flags, FILE_MODE)
    try:
        if flags & (os.O_WRONLY | os.O_RDWR):
            os.fchmod(descriptor, FILE_MODE)
    except OSError:
        os.close(descriptor)
        raise
    return descriptor
