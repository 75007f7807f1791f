"""The deal the phones make (``deal`` in the engine, the page's ``deal`` question): one city of
each colour per player, none twice, the dotted cards out with few players, and the same hands
from the same code on every device (the scoring phone and each player's own phone deal apart)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trackwright.core import transamerica as model
from trackwright.core.transamerica import REGIONS
from trackwright.play import bridge
from trackwright.scorer.transamerica import deal

USA = model.load("usa")
RULES = model.rules()


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_one_city_of_each_colour_each_none_twice(players, seed):
    names = [f"P{i}" for i in range(players)]
    hands = deal(USA, names, random.Random(seed))
    assert list(hands) == names
    region = {c.name: c.region for c in USA.cities}
    dotted = {c.name for c in USA.cities if c.dotted}
    every = [c for hand in hands.values() for c in hand]
    assert len(every) == len(set(every)) == players * len(REGIONS)
    for hand in hands.values():
        assert [region[c] for c in hand] == list(REGIONS)
    if players <= RULES.dotted_out_up_to:
        assert not set(every) & dotted


def ask(record: dict, code: object) -> dict:
    return json.loads(bridge.ask_text("deal", json.dumps(record), json.dumps({"code": code})))


RECORD = {
    "game": "transamerica",
    "map": "usa",
    "players": ["Ann", "Ben", "Cleo", "Dev"],
    "rounds": [],
}


def test_the_same_code_deals_the_same_hands_anywhere():
    """Pinned: a Python whose seeding changed would deal other hands than the phones do."""
    first = ask(RECORD, "k7qf2m")["ok"]
    assert first == ask(RECORD, "K7QF2M")["ok"]
    assert first["code"] == "K7QF2M"
    assert first["cities"]["Ann"] == [
        "Seattle",
        "Cincinnati",
        "Salt Lake City",
        "Atlanta",
        "Winston-Salem",
    ]
    assert ask(RECORD, "K7QF2N")["ok"]["cities"] != first["cities"]


def test_a_bad_code_is_named():
    for code in ("", "abc", "x" * 25, "ab-cd", 42, None):
        answer = ask(RECORD, code)
        assert answer == {"error": "deal: $.code: a deal code is 4 to 24 letters and digits"}
