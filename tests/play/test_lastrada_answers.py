"""What La Strada's page asks the engine through the bridge (``entry_state``, ``variants``): the
merchants placed and left, what a settlement takes, the winners and how a tie is broken, the
variant for the number of players; and the end positions the page tests and the benchmark enter
(tests/support/lastrada_taps.py) are whole games."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT
from tests.support import lastrada_taps as taps
from trackwright.core.errors import TrackwrightError
from trackwright.play import bridge
from trackwright.scorer import lastrada as ls

EXAMPLE = ROOT / "templates" / "lastrada" / "examples" / "game.json"


def record(**extra):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return {**data, **extra}


def test_entry_state_counts_merchants_and_says_what_a_settlement_takes():
    data = record()
    state = bridge.ask("entry_state", data, None)
    held = {p: sum(p in who for who in data["settlements"].values()) for p in data["players"]}
    assert state["placed"] == held
    assert state["left"] == {p: ls.RULES.merchants - n for p, n in held.items()}
    assert state["merchants"] == ls.RULES.merchants
    assert state["most"] == ls.RULES.max_merchants_per_settlement
    assert state["max_reserve"] == ls.RULES.max_reserve
    assert state["variants"] == ["standard"]
    assert state["outcome"] == {
        "winners": ["Cleo"],
        "gold": 12,
        "tied": ["Cleo"],
        "reserve": 2,
        "decided_by": "gold",
    }


def test_two_players_take_one_merchant_a_settlement():
    data = {
        "game": "lastrada",
        "map": "standard",
        "players": ["Ann", "Ben"],
        "variant": "two-player",
        "settlements": {"s01": ["Ben"]},
    }
    state = bridge.ask("entry_state", data, None)
    assert state["most"] == 1 and state["variants"] == ["two-player"]
    assert state["placed"] == {"Ann": 0, "Ben": 1}


def test_the_tie_break_as_the_engine_decides_it():
    farms = ["s04", "s05"]  # two farms of the standard board
    base = record(settlements={farms[0]: ["Ann"], farms[1]: ["Ben"]})
    by_days = bridge.ask("entry_state", {**base, "reserve": {"Ann": 2, "Ben": 5}}, None)
    assert by_days["outcome"]["decided_by"] == "reserve"
    assert by_days["outcome"]["tied"] == ["Ann", "Ben"]
    assert by_days["outcome"]["winners"] == ["Ben"] and by_days["outcome"]["reserve"] == 5
    shared = bridge.ask("entry_state", {**base, "reserve": {"Ann": 3, "Ben": 3}}, None)
    assert shared["outcome"]["decided_by"] == "shared"
    assert shared["outcome"]["winners"] == ["Ann", "Ben"]


def test_the_variant_follows_the_number_of_players():
    assert bridge.ask("variants", {"game": "lastrada"}, 2) == ["two-player"]
    assert bridge.ask("variants", {"game": "lastrada"}, 3) == ["standard"]
    assert bridge.ask("variants", {"game": "lastrada"}, 4) == ["standard"]
    assert bridge.ask("variants", {"game": "lastrada", "players": ["A", "B"]}, None) == [
        "two-player"
    ]
    assert ls.variants_for(1) == []
    with pytest.raises(TrackwrightError, match="two-player variant is for 2 players"):
        ls.record_from_json(record(variant="two-player"))
    with pytest.raises(TrackwrightError, match='play the "two-player" variant'):
        ls.record_from_json(record(players=["Ann", "Ben"], settlements={}, reserve={}))


def test_simulated_end_positions_are_whole_games():
    game = taps.play(0)
    state = ls.replay(ls.record_from_json(game, "simulated"))
    assert state.ended
    assert sum(len(v) for v in game["settlements"].values()) > 30  # a crowded end
