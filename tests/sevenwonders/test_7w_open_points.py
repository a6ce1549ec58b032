"""The OPEN points of the digest (RULES.md §16) not tested elsewhere under their rule, each
with the recommended reading the program takes. Where the others are tested:
 2 (Courtesans and Rome costs from the data): test_7w_data_equals_the_verified_shared_files;
 3 test_7w_leaders_hand_rome_b_keeps_spares_in_age3; 4 test_7w_leaders_recruit_forced;
 5 test_7w_faq_vineyard_bazar; 6 test_7w_turn_end_order_seventh_card_then_halikarnassos_then_conflicts;
 8 test_7w_wonder_babylon_b_seventh_uses_turn_start_coins and
   test_7w_commerce_price_marketplace_not_for_the_seventh_card_of_its_turn;
 9 test_7w_wonder_olympia_b_copied_shipowners_not_a_purple_card; 10 test_7w_wonder_olympia_b_copy_courtesans_gives_nothing;
 11 test_7w_wonder_rome_b_draw_can_bring_back_a_discarded_leader; 12 test_7w_commerce_bank_bilkis_in_a_recruitment_phase;
 13 test_7w_leader_hatshepsut_coin_after_paying; 14 test_7w_leader_solomon_empty_pile_is_lost;
 16 test_7w_leader_vitruvius_not_for_discard_pile_builds; 17 test_7w_guild_courtesans_copies_a_neighbours_leader
   and test_7w_guild_courtesans_copied_solomon_picks.
 18 and 19 concern the 2-player variant, which the program does not offer (3 to 7 players)."""

from __future__ import annotations

import pytest

from assistant.core.errors import IllegalMove
from sw_scenario import play, put, set_state, start


def test_7w_setup_guilds_leaders_guilds_only_with_leaders():
    """OPEN 1: the 4 Leaders guilds are in the Age III pool only when Leaders is in play."""
    base = start("Gizah A", "Rhodes A", "Babylon A", leaders=False)
    set_state(base, age=3)
    for guild in ("Gamers Guild", "Courtesans Guild", "Diplomats Guild", "Architects Guild"):
        with pytest.raises(IllegalMove) as info:
            base.push(f"ada sell {guild}")
        assert info.value.rule == "7w.setup.guilds"
    base.push("ada sell Spies Guild")
    lead = start("Gizah A", "Rhodes A", "Babylon A")
    play(lead, "ada sell", "bob sell", "cleo sell")
    set_state(lead, age=3)
    lead.push("ada sell Gamers Guild")


def test_7w_build_chain_parent_taken_from_the_pile_this_age():
    """OPEN 7: owning the parent is enough, even one built from the discard pile this Age."""
    game = start("Halikarnassos A", "Rhodes A", "Babylon A", leaders=False)
    set_state(game, age=2, pile=((1, "Baths"),))
    put(game, "ada", stages=1, cards=("Ore Vein", "Foundry"), coins=0)
    play(game, "ada stage", "bob sell", "cleo sell", "ada pick Baths")
    game.push("ada build Aqueduct")  # 3 stone: Baths is its parent
    assert game.entries[-1].move.pay is None


def test_7w_leader_xenophon_free_yellow_builds_count():
    """OPEN 15: a yellow card built free (here from the discard pile) pays Xenophon's 2 coins."""
    game = start("Halikarnassos A", "Rhodes A", "Babylon A")
    play(game, "ada sell", "bob sell", "cleo sell")
    set_state(game, age=2, pile=((1, "Marketplace"),))
    put(game, "ada", stages=1, cards=("Ore Vein", "Foundry"), coins=0, leaders=("Xenophon",))
    play(game, "ada stage", "bob sell", "cleo sell", "ada pick Marketplace")
    assert game.state.city("ada").coins == 2
