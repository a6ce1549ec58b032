"""Where the history database is: ``--db`` wins over ``ASSISTANT_DB``, which wins over the
platform's user data directory (platformdirs). Either may be a file path or an SQLAlchemy URL.
Kept free of SQLAlchemy so that ``assistant db path`` answers at once.

>>> sqlite_path("sqlite:////tmp/h.sqlite3")
PosixPath('/tmp/h.sqlite3')
>>> sqlite_path("postgresql://club@db/games") is None
True
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote

APP_NAME = "table-companion"
DB_FILE = "history.sqlite3"


def default_db_path() -> Path:
    """The database file in the platform's user data directory."""
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False) / DB_FILE


def resolve_location(db: str | None = None) -> str:
    """The database URL: ``--db``, else ``ASSISTANT_DB``, else the default file."""
    chosen = db or os.environ.get("ASSISTANT_DB") or str(default_db_path())
    if "://" in chosen:
        return chosen
    return "sqlite:///" + str(Path(chosen).expanduser().resolve())


def sqlite_path(url: str) -> Path | None:
    """The file behind an SQLite URL (``None`` for in-memory or other databases)."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.split("+")[0] != "sqlite":
        return None
    database = rest[1:] if rest.startswith("/") else rest  # sqlite:///relative, sqlite:////absolute
    database = database.split("?", 1)[0]
    if not database or database == ":memory:":
        return None
    return Path(database)


# -- the database as it may be shown: never its password ------------------------------------
#: Where a URL keeps its password: ``scheme://user:PASSWORD@host``, as SQLAlchemy reads it (the
#: password runs to the first ``@``), and ``HOST`` the part after it up to the path or query.
_URL_PARTS = re.compile(r"^(?P<head>[\w+]+://(?P<user>[^:/]*):)(?P<password>[^@]*)@(?P<host>[^/?]*)(?P<tail>.*)$", re.S)
#: A query parameter holding a secret (``password=``, libpq's ``sslpassword=``).
_SECRET_QUERY = re.compile(r"(?P<key>[?&][^=&]*password=)(?P<value>[^&]*)", re.I)
#: A password written into a text by a driver or a library: a URL's ``user:PASSWORD@`` and a
#: connection string's ``password=PASSWORD`` (quoted or not).
_SECRET_IN_TEXT = (
    re.compile(r"(?P<keep>[\w+]+://[^:/@\s'\"]*:)[^\s'\"]*(?P<tail>@)"),
    re.compile(r"(?P<keep>password\s*=\s*)(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[^\s&'\"]+)(?P<tail>)", re.I),
)
HIDDEN = "***"


def _password_end(match: re.Match[str]) -> int:
    """Where the password of a matched URL ends: at its first ``@`` as SQLAlchemy reads it, or
    at the last ``@`` of the host part when the password has an ``@`` not written ``%40``
    (SQLAlchemy then takes the rest of the password for the host name)."""
    host = match.group("host")
    return match.end("password") + 1 + host.rfind("@") if "@" in host else match.end("password")


def display_location(url: str) -> str:
    """The database as ``db path`` and every message show it: an SQLite file as its path, a
    URL with its password (and any ``password=`` parameter) replaced by ``***``.

    >>> display_location("postgresql+psycopg://club:s3cret@db.example/games")
    'postgresql+psycopg://club:***@db.example/games'
    >>> display_location("postgresql://club:p@ss@db/games")
    'postgresql://club:***@db/games'
    >>> display_location("postgresql:///games?host=db&password=s3cret")
    'postgresql:///games?host=db&password=***'
    >>> display_location("sqlite:////home/ann/history.sqlite3")
    '/home/ann/history.sqlite3'
    """
    path = sqlite_path(url)
    if path is not None:
        return str(path)
    shown = url
    match = _URL_PARTS.match(url)
    if match is not None:
        shown = url[: match.start("password")] + HIDDEN + url[_password_end(match) :]
    return _SECRET_QUERY.sub(lambda m: m.group("key") + (HIDDEN if m.group("value") else ""), shown)


def url_secrets(url: str) -> tuple[str, ...]:
    """Every form in which the password of ``url`` may appear in a text: as written in the URL,
    decoded (``%40`` as ``@``), and each ``password=`` parameter's value; longest first."""
    found: set[str] = set()
    match = _URL_PARTS.match(url)
    if match is not None:
        written = url[match.start("password") : _password_end(match)]
        found |= {written, unquote(written), match.group("password"), unquote(match.group("password"))}
    for query in _SECRET_QUERY.finditer(url):
        found |= {query.group("value"), unquote(query.group("value").replace("+", " "))}
    return tuple(sorted((s for s in found if s), key=len, reverse=True))


def scrub_secrets(message: str, url: str | None = None) -> str:
    """``message`` with every password taken out: those of ``url`` wherever they appear, and
    any a driver wrote as a URL's ``user:PASSWORD@`` or a connection string's
    ``password=PASSWORD``. Every message made from a database URL or a driver's error goes
    through it, since SQLAlchemy and psycopg may quote the URL or the connection string.

    >>> scrub_secrets('bad URL postgresql://ann:pw1@h/db', None)
    'bad URL postgresql://ann:***@h/db'
    >>> scrub_secrets("invalid dsn: host=h password='x y' dbname=d")
    'invalid dsn: host=h password=*** dbname=d'
    >>> scrub_secrets('user "ann" (pw: hunter2) refused', "postgresql://ann:hunter2@h/db")
    'user "ann" (pw: ***) refused'
    """
    for secret in url_secrets(url) if url else ():
        message = message.replace(secret, HIDDEN)
    for pattern in _SECRET_IN_TEXT:
        message = pattern.sub(lambda m: m.group("keep") + HIDDEN + m.group("tail"), message)
    return message


def password_misquoted(url: str) -> bool:
    """Whether the password of ``url`` has an ``@`` not written ``%40``: SQLAlchemy would take
    the rest of it for the host name, and send (and let drivers print) part of the password as
    one.

    >>> password_misquoted("postgresql://club:p@ss@db/games"), password_misquoted("postgresql://club:p%40ss@db/games")
    (True, False)
    """
    match = _URL_PARTS.match(url)
    return match is not None and "@" in match.group("host")
