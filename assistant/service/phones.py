"""Phones at the table (``serve``, ``phones``): each seat of a served game is taken by one phone.

A seat gets a short join code (shown on the laptop only). The first phone to send it takes
the seat: it is given a session (a long random token, kept in an HttpOnly cookie), and the
code is spent, so a second phone with the same code is refused. The table can free a seat
taken by mistake (``phones ID --reset NAME``): a new code, and the old phone's session ends.
A phone passed around the table may hold several seats: each then opens with its own PIN,
chosen when the seat was joined. Only hashes are stored (SHA-256): neither a code, a session
nor a PIN can be read back from the history, and sessions outlive a restart of the server.

>>> normal_code(" abc-2de ")
'ABC2DE'
>>> len(new_code()) == CODE_LENGTH and set(new_code()) <= set(ALPHABET)
True
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING, Any

from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.service.views import PhoneSeatView

if TYPE_CHECKING:
    from sqlmodel import Session

    from assistant.store.db import Store

#: Letters and digits that cannot be mistaken for one another when read off a screen.
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_code() -> str:
    """A fresh join code: 6 characters of :data:`ALPHABET` (about 10⁹ codes)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed (any case, with spaces or dashes) in the form it was issued."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def _hash(kind: str, game_id: int, value: str) -> str:
    """The stored form of a code or a session token of game ``game_id``."""
    return hashlib.sha256(f"{kind}:{game_id}:{value}".encode()).hexdigest()


def _seats_of(session: Session, game_id: int | str) -> tuple[int, list[str]]:
    from assistant.store import queries

    row = queries.game_row(session, game_id)
    if row.kind != "tracked" or row.status != "active":
        raise IllegalMove(
            "core.serve",
            f"game {row.id} is {row.status if row.status != 'active' else 'scored from a final table'}: there is nothing to enter from a phone",
            hint="serve a game that is being played (assistant games --status active)",
        )
    return int(row.id), [seat.name for seat in queries.seats(session, row.id)]  # type: ignore[arg-type]


def open_codes(store: Store, game_id: int | str) -> tuple[int, dict[str, str]]:
    """A fresh join code for every seat no phone holds (one transaction); the game's id and
    ``{seat: code}``. Codes issued before for those seats stop working; a seat a phone holds
    keeps its phone."""
    from assistant.store import queries

    with store.write() as session:
        gid, seats = _seats_of(session, game_id)
        held = {row.seat for row in queries.phone_seats(session, gid) if row.token_hash}
        codes = {seat: new_code() for seat in seats if seat not in held}
        for seat, code in codes.items():
            queries.save_phone_seat(session, gid, seat, code_hash=_hash("code", gid, code))
    return gid, codes


def reset(store: Store, game_id: int | str, seat: str) -> tuple[int, str, str]:
    """Free ``seat`` (named as in the game, any case): its phone's session ends and a new code
    is issued; the game's id, the seat's name and the code."""
    from assistant.store import queries

    with store.write() as session:
        gid, seats = _seats_of(session, game_id)
        found = next((s for s in seats if s.casefold() == seat.strip().casefold()), None)
        if found is None:
            raise InvalidEntry("core.serve", f"game {gid} has no seat '{seat}'", hint="the seats are: " + ", ".join(seats))
        code = new_code()
        queries.save_phone_seat(session, gid, found, code_hash=_hash("code", gid, code), token_hash=None, pin_hash=None, claimed=None)
    return gid, found, code


def check_pin_form(pin: str) -> str:
    """A PIN as typed, checked: 4 to 8 digits."""
    pin = pin.strip()
    if not (pin.isdigit() and 4 <= len(pin) <= 8):
        raise InvalidEntry("core.serve", "a PIN is 4 to 8 digits", hint="choose digits only you will type on this phone")
    return pin


def claim(store: Store, game_id: int, code: str, pin: str | None = None) -> tuple[str, str]:
    """The seat whose open code is ``code``, taken for a new phone session: ``(seat, token)``;
    with ``pin`` (a phone passed around the table), the seat opens on it only with that PIN.
    The code is spent. An unknown or spent code is refused, without saying which seat (if
    any) it was for."""
    from assistant.store import queries
    from assistant.store.models import utcnow

    typed = normal_code(code)
    pin = check_pin_form(pin) if pin else None
    with store.write() as session:
        row = queries.phone_seat_by(session, game_id, code_hash=_hash("code", game_id, typed)) if typed else None
        if row is None:
            raise IllegalMove(
                "core.serve",
                "that is not an open code of this game (each code works for one phone only)",
                hint="check the code on the laptop; if the seat was taken by mistake: assistant phones ID --reset NAME",
            )
        token = secrets.token_urlsafe(32)
        queries.save_phone_seat(
            session,
            game_id,
            row.seat,
            code_hash=None,
            token_hash=_hash("session", game_id, token),
            pin_hash=_hash(f"pin:{row.seat}", game_id, pin) if pin else None,
            claimed=utcnow(),
        )
        return row.seat, token


def seats_held(store: Store, game_id: int, tokens: list[str]) -> list[tuple[str, str, bool]]:
    """The seats the sessions ``tokens`` (one device's) hold: ``(seat, token, has_pin)`` each,
    in the order given; a session that ended (reset) is left out."""
    from assistant.store import queries

    held = []
    with store.read() as session:
        for token in tokens:
            row = queries.phone_seat_by(session, game_id, token_hash=_hash("session", game_id, token)) if token else None
            if row is not None:
                held.append((str(row.seat), token, row.pin_hash is not None))
    return held


def pin_opens(store: Store, game_id: int, token: str, pin: str) -> bool:
    """Whether ``pin`` is the PIN of the seat the session ``token`` holds (a seat without a
    PIN opens with any, as its player chose)."""
    from assistant.store import queries

    with store.read() as session:
        row = queries.phone_seat_by(session, game_id, token_hash=_hash("session", game_id, token))
    if row is None:
        return False
    return row.pin_hash is None or secrets.compare_digest(row.pin_hash, _hash(f"pin:{row.seat}", game_id, pin.strip()))


def seat_of(store: Store, game_id: int, token: str | None) -> str | None:
    """The seat a phone session holds, or ``None`` (no session, or one that was reset)."""
    from assistant.store import queries

    if not token:
        return None
    with store.read() as session:
        row = queries.phone_seat_by(session, game_id, token_hash=_hash("session", game_id, token))
    return None if row is None else str(row.seat)


def phones(store: Store, game_id: int | str) -> tuple[int, list[PhoneSeatView]]:
    """Every seat of a game and whether a phone holds it (``phones ID``)."""
    from assistant.store import queries

    with store.read() as session:
        row = queries.game_row(session, game_id)
        gid = int(row.id)  # type: ignore[arg-type]
        held = {r.seat: r for r in queries.phone_seats(session, gid)}
        seats = [seat.name for seat in queries.seats(session, gid)]
    views = []
    for seat in seats:
        found = held.get(seat)
        joined = bool(found and found.token_hash)
        since = found.claimed.isoformat(timespec="seconds") if joined and found and found.claimed else None
        views.append(PhoneSeatView(seat, joined, since, bool(found and found.code_hash)))
    return gid, views
