"""Who is looking: the whole table (the shared screen), one seat, or everyone's faces.

A game's record holds every face that was typed (the record is the truth); what a viewer is
shown is the game replayed *as that viewer knows it*: every entry whose faces the viewer may not
see (``Ruleset.audience``) is replayed in its public form (``Ruleset.public_notation``). A view
built that way cannot depend on a hidden face, whatever the game prints from its state.

>>> PUBLIC.sees(None), PUBLIC.sees(frozenset({"Ann"})), Viewer.of("Ann").sees(frozenset({"Ann"}))
(True, False, True)
>>> EVERYONE.sees(frozenset()), Viewer.of("Ben").sees(frozenset({"Ann"}))
(True, False)
>>> str(PUBLIC), str(Viewer.of("Ann")), str(EVERYONE)
('the table', 'Ann', 'everyone (reveal)')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Viewer:
    """One viewer: ``seat`` set for one player's own view; ``everything`` for ``--reveal``;
    neither for the shared screen (the public view)."""

    seat: str | None = None
    everything: bool = False

    @classmethod
    def of(cls, seat: str) -> Viewer:
        """The view of one seat: its own secret faces and what is public."""
        return cls(seat=seat)

    @classmethod
    def revealing(cls, reveal: bool) -> Viewer:
        """``--reveal`` as a viewer: everything when asked for, else the shared screen."""
        return EVERYONE if reveal else PUBLIC

    @property
    def public(self) -> bool:
        """Whether this is the shared screen's view (no seat, no reveal)."""
        return self.seat is None and not self.everything

    def sees(self, audience: frozenset[str] | None) -> bool:
        """Whether this viewer may see the faces of an entry whose audience is ``audience``
        (``None``: the whole table; a set: those seats only)."""
        if self.everything or audience is None:
            return True
        return self.seat is not None and self.seat in audience

    def __str__(self) -> str:
        if self.everything:
            return "everyone (reveal)"
        return self.seat if self.seat is not None else "the table"


#: The shared screen: only what the whole table may see.
PUBLIC = Viewer()
#: ``--reveal``: every face that was typed.
EVERYONE = Viewer(everything=True)
