"""A table's local catalogue (sylla.data): the board, the characters of each set and the events
are typed once per box under @keys, then every entry may use them (RULES.md §21; the notation
guide's "Local catalogue" section shows the same keys)."""

from __future__ import annotations

import pytest

from assistant import service
from assistant.core.errors import IllegalMove, InvalidEntry
from assistant.store.db import Store

BOX = {
    "board": "board ladder=0,1,1,2,2,3,3,4,5 crisis=2 start=5 spaces=r,y,g,r,y,g",
    "I.1": "senator r", "I.2": "senator fish y", "I.3": "merchant g", "I.4": "merchant fish g",
    "II.1": "vestal y", "II.2": "legionary r", "II.3": "slave ryg", "II.4": "slave fish ryg",
    "III.1": "slave ryg", "III.2": "merchant g", "III.3": "merchant fish gy", "III.4": "vestal r",
    "IV.1": "senator ry", "IV.2": "legionary y", "IV.3": "vestal r", "IV.4": "slave ryg",
    "cult": "Imperial Cult 1 VL civic", "famine": "Famine 1 V health",
    "revolt": "Slave Revolt 0 L leisure", "decadence": "Decadence 0 L",
    "start": "tiles Market Stall, Private Temple, Field, Market Stall, Statue, Bank",
}


def test_sylla_data_catalogue_keys_expand_in_entries(db_path):
    store = Store.open(str(db_path))
    for key, text in BOX.items():
        service.catalogue_set(store, "sylla", key, text)
    gid = service.new_game(store, "sylla", ["Blue", "Red", "White", "Black"], {})
    for entry in ("@board", "sets Blue=I Red=II White=III Black=IV",
                  "Blue keeps @I.1, @I.2, @I.3, @I.4", "Red keeps @II.1, @II.2, @II.3, @II.4",
                  "White keeps @III.1, @III.2, @III.3, @III.4", "Black keeps @IV.1, @IV.2, @IV.3, @IV.4",
                  "events @cult, @famine, @revolt, @decadence", "remove Pantheon", "work Public Baths"):
        service.enter(store, gid, entry)
    result = service.enter(store, gid, "@start")
    assert result.entry.text.startswith("tiles Market Stall")  # the record keeps the full text
    state = service.read_game(store, gid).game.state
    assert state.round == 1 and state.consul == "Blue"
    assert [c.describe() for c in state.player("Red").cards] == ["Ves1 (y)", "Leg1 (r)", "Sla1 (ryg)", "Sla2 (ryg fish)"]
    assert state.board.ladder[state.markers["civic"]] == 2
    # a saved answer is still checked against what is known
    service.catalogue_set(store, "sylla", "bad", "legionary fish r")
    gid2 = service.new_game(store, "sylla", ["Ann", "Ben", "Cy"], {})
    service.enter(store, gid2, "@board")
    service.enter(store, gid2, "sets Ann=I Ben=II Cy=III")
    with pytest.raises(IllegalMove) as err:
        service.enter(store, gid2, "Ann keeps @bad, @I.1, @I.2, @I.3, @I.4, senator r")
    assert err.value.rule == "sylla.data.characters" and "cannot be Christian" in err.value.message
    with pytest.raises(InvalidEntry) as missing:
        service.enter(store, gid2, "events @cult, @famine, @flood, @decadence")
    assert missing.value.rule == "core.catalogue" and "@flood" in missing.value.message
