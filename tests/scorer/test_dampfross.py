"""Dampfross accounts: the rules text's worked examples for both presets, races, partnerships,
the ledger, illegal events and money conservation."""

from __future__ import annotations

import copy
import dataclasses
import json
import unicodedata
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT
from trackwright.core import dampfross as model
from trackwright.core import hexgrid
from trackwright.core.errors import TrackwrightError
from trackwright.scorer import dampfross as df

# A small map drawn as rows of hexes (odd rows shifted right): '.' plain, '^' hill,
# a capital letter a town (on plain). A at (0,0), B (9,0), C (0,2), X (4,2), D (9,2), E (0,4),
# F (9,4). A river runs on the side between (5,3) and (6,3).
ROWS = [
    "A........B",
    "..........",
    "C...X....D",
    ".^^.......",
    "E........F",
]


def H(col: int, row: int) -> list[int]:
    return list(hexgrid.offset_to_axial(col, row))


def small_map() -> model.DampfrossMap:
    hexes, towns = [], []
    numbers = list(model.DICE_NUMBERS)
    for row, line in enumerate(ROWS):
        for col, ch in enumerate(line):
            q, r = hexgrid.offset_to_axial(col, row)
            hexes.append({"q": q, "r": r, "terrain": "hill" if ch == "^" else "plain"})
            if ch.isupper():
                towns.append({"name": ch, "hex": [q, r], "numbers": [numbers.pop(0)]})
    towns[-1]["numbers"] += numbers  # F carries every number left
    return model.from_json(
        {
            "format": "trackwright-map/1",
            "game": "dampfross",
            "hexes": hexes,
            "rivers": [[H(5, 3), H(6, 3)]],
            "towns": towns,
            "ports": [],
        }
    )


MAP = small_map()
NUM = {t.name: t.numbers[0] for t in MAP.towns}  # A 11, B 12, C 13, X 14, D 15, E 16, F 21..


def record(events, rules="epopee", players=("Ann", "Ben", "Cleo"), **extra):
    starts = {"Ann": H(0, 0), "Ben": H(0, 2), "Cleo": H(0, 4)}
    data = {
        "game": "dampfross",
        "map": "unused",
        "rules": rules,
        "players": list(players),
        "starts": {p: starts[p] for p in players},
        "events": events,
        **extra,
    }
    return df.record_from_json(data, "game.json", m=MAP)


def build(player, cells, roll=None, **extra):
    event = {"type": "build", "player": player, "path": [H(*c) for c in cells], **extra}
    if roll is not None:
        event["roll"] = roll
    return event


def race(routes, placing, start="C", end="B", **extra):
    """A race event; ``start`` and ``end`` are towns of the test map by letter, or numbers."""
    return {
        "type": "race",
        "from": NUM.get(start, start),
        "to": NUM.get(end, end),
        "routes": routes,
        "placing": placing,
        **extra,
    }


def row(r, c0, c1):
    step = 1 if c1 >= c0 else -1
    return [(c, r) for c in range(c0, c1 + step, step)]


def skip(player, roll=None):
    """A pass: the player's turn without a build."""
    return {"type": "pass", "player": player} | ({"roll": roll} if roll else {})


BEN_TO_X = build("Ben", row(2, 0, 4), 4)
CLEO_ROW = build("Cleo", [(0, 4), (0, 3), (1, 2)], 2)
BEN_FIRST = [skip("Ann"), BEN_TO_X, skip("Cleo")]  # events 1-3: only Ben builds, to X
ROUND_OF_ANN = [build("Ann", [(0, 0), (1, 0)], 1), skip("Ben"), skip("Cleo")]


def payments(result, event):
    return [(t.payer, t.payee, t.amount) for t in result.state.ledger if t.event == event]


# ------------------------------------------------------------------ the cost table


@pytest.mark.parametrize(
    ("rules", "plain", "river", "hill", "hill_to_hill"),
    [("epopee", 1, 3, 4, 6), ("dampfross", 1, 3, 3, 5)],
)
def test_cost_table(rules, plain, river, hill, hill_to_hill):
    r = df.load_rules(rules)
    cost = lambda a, b: r.step_cost(MAP, tuple(H(*a)), tuple(H(*b)))  # noqa: E731
    assert cost((3, 1), (4, 1)) == plain
    assert cost((5, 3), (6, 3)) == river  # across the river side
    assert cost((0, 3), (1, 3)) == hill  # into a hill
    assert cost((2, 3), (3, 3)) == hill  # out of a hill
    assert cost((1, 3), (2, 3)) == hill_to_hill


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_a_roll_pays_for_exactly_its_points(rules):
    into_hills = [(0, 4), (0, 3), (1, 3)]  # 1 + hill
    cost = 1 + df.load_rules(rules).hill
    before = [skip("Ann"), skip("Ben")]
    ok = df.score(record([*before, build("Cleo", into_hills, cost)], rules))
    assert ok.events[2].summary["cost"] == cost
    with pytest.raises(
        TrackwrightError, match=f"the line costs {cost} points; Cleo's roll is {cost - 1}"
    ):
        df.score(record([*before, build("Cleo", into_hills, cost - 1)], rules))


# ------------------------------------------------------------------ payments to rivals


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_entering_a_hex_of_one_rival_pays_one(rules):
    result = df.score(record([*BEN_FIRST, build("Ann", [(0, 0), (0, 1), (1, 2)], 2)], rules))
    assert payments(result, 4) == [("Ann", "Ben", 1)]
    assert result.state.balances["Ann"] == 19 and result.state.balances["Ben"] > 20


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_two_rivals_in_the_hex_are_both_paid(rules):
    result = df.score(
        record([skip("Ann"), BEN_TO_X, CLEO_ROW, build("Ann", [(0, 0), (0, 1), (1, 2)], 2)], rules)
    )
    assert payments(result, 3) == [("Cleo", "Ben", 1)]
    assert payments(result, 4) == [("Ann", "Ben", 1), ("Ann", "Cleo", 1)]


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_no_payment_in_towns(rules):
    # Ann runs into C, Ben's start town: no payment.
    result = df.score(record([*BEN_FIRST, build("Ann", [(0, 0), (0, 1), (0, 2)], 2)], rules))
    assert payments(result, 4) == []


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_parallel_line_costs_two_more(rules):
    # Ann reaches Ben's hex (1, 2), paying 1, then builds beside his line to (2, 2): 1 + 2.
    result = df.score(
        record([*BEN_FIRST, build("Ann", [(0, 0), (0, 1), (1, 2), (2, 2)], 3)], rules)
    )
    assert payments(result, 4) == [("Ann", "Ben", 1), ("Ann", "Ben", 1), ("Ann", "Ben", 2)]


def test_entering_again_where_the_line_already_is_costs_nothing():
    events = [
        *BEN_FIRST,
        build("Ann", [(0, 0), (0, 1), (1, 2)], 2),
        skip("Ben"),
        skip("Cleo"),
        build("Ann", [(0, 1), (1, 1), (1, 2)], 2),
    ]
    result = df.score(record(events))
    assert payments(result, 7) == []


# ------------------------------------------------------------------ first arrival


@pytest.mark.parametrize(("rules", "bonus"), [("epopee", 5), ("dampfross", 6)])
def test_first_to_reach_a_town(rules, bonus):
    result = df.score(
        record(
            [*BEN_FIRST, build("Ann", [(0, 0), (0, 1), (1, 2), (2, 2), (3, 2), (4, 2)], 5)], rules
        )
    )
    assert payments(result, 2)[-1] == ("bank", "Ben", bonus)  # Ben reached X first
    assert ("bank", "Ann", bonus) not in payments(result, 4)  # Ann later: nothing


def test_no_bonus_for_a_start_town():
    result = df.score(record([build("Ann", [(0, 0), (0, 1), (0, 2)], 2)]))
    assert payments(result, 1) == []  # C is Ben's start town


# ------------------------------------------------------------------ a race


CONSTRUCTION = [  # three rounds in seat order
    build("Ann", row(0, 0, 6), 6),
    BEN_TO_X,
    build("Cleo", row(4, 0, 5), 5),
    build("Ann", [(3, 0), (3, 1), (3, 2)], 2),  # joins Ben's line: pays him 1
    build("Ben", row(2, 4, 9), 5),
    build("Cleo", row(4, 5, 9), 4),
    build("Ann", row(0, 6, 9), 3),  # the last town: the races begin
]
ANN_ROUTE = [H(*c) for c in [*row(2, 0, 3), (3, 1), *row(0, 3, 9)]]
# Ann and Ben both run Ann's route from C to B; Ben wins.
RACE_C_TO_B = race({"Ann": ANN_ROUTE, "Ben": ANN_ROUTE}, ["Ben", "Ann"])


@pytest.mark.parametrize(("rules", "bonus"), [("epopee", 5), ("dampfross", 6)])
def test_race_with_fares_and_prizes(rules, bonus):
    result = df.score(record([*CONSTRUCTION, RACE_C_TO_B], rules))
    assert result.state.phase == "races"
    race_ledger = payments(result, 8)
    assert ("Ann", "Ben", 3) in race_ledger  # 3 hexes of Ben's line, C to (3, 2)
    assert ("Ben", "Ann", 8) in race_ledger  # 8 hexes of Ann's line
    assert ("bank", "Ben", 20) in race_ledger and ("bank", "Ann", 10) in race_ledger
    summary = result.events[7].summary
    assert summary["from_town"] == "C" and summary["to_town"] == "B"
    # Everyone started on 20: Ann earned B, Ben X and D, Cleo F; Ann paid Ben 1 joining his line.
    assert result.state.balances == {
        "Ann": 20 + bonus - 1 - 3 + 8 + 10,
        "Ben": 20 + 2 * bonus + 1 + 3 - 8 + 20,
        "Cleo": 20 + bonus,
    }


def test_lone_entrant_gets_twenty_and_may_spend_winnings():
    event = race({"Ben": ANN_ROUTE}, ["Ben"])
    spend = build("Ben", [(1, 2), (1, 3)], paid_from="winnings")
    result = df.score(record([*CONSTRUCTION, event, spend]))
    assert ("bank", "Ben", 20) in payments(result, 8)
    assert ("Ben", "bank", 4) in payments(result, 9)  # into a hill: 4 points of his 20
    assert result.state.winnings["Ben"] == 20 - 4


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_partners_share_and_the_richer_pays_the_odd_point(rules):
    # The rules' example: A with 48 and B with 31 owe 7; A pays 4 and B pays 3.
    assert df.split_cost(7, ("A", "B"), {"A": 48, "B": 31}) == {"A": 4, "B": 3}
    assert df.split_cost(7, ("A", "B"), {"A": 31, "B": 48}) == {"A": 3, "B": 4}
    # In a race: Ann and Cleo enter together on Ann's route and owe Ben 3.
    event = race({"Ann": ANN_ROUTE}, ["Cleo"], partners=[["Ann", "Cleo"]])
    result = df.score(record([*CONSTRUCTION, event]))
    before = result.events[6].balances
    richer, poorer = sorted(("Ann", "Cleo"), key=lambda p: -before[p])
    fares = [t for t in payments(result, 8) if t[1] == "Ben"]
    assert sorted(fares) == sorted([(richer, "Ben", 2), (poorer, "Ben", 1)])
    assert sorted(t for t in payments(result, 8) if t[0] == "bank") == [
        ("bank", "Ann", 10),
        ("bank", "Cleo", 10),
    ]  # a lone company's 20, shared


def test_fares_are_capped_per_rival(tmp_path):
    """The German edition caps fares at 10 per rival and race; a preset capping at 2 shows it
    on this small map (Ann owes Ben 3, Ben owes Ann 8)."""
    assert df.load_rules("dampfross").fare_cap == 10 and df.load_rules("epopee").fare_cap is None
    capped = json.loads(df._preset_text("dampfross")) | {"name": "capped", "fare_cap": 2}
    (tmp_path / "capped.json").write_text(json.dumps(capped), encoding="utf-8")
    result = df.score(record([*CONSTRUCTION, RACE_C_TO_B], str(tmp_path / "capped.json")))
    assert ("Ann", "Ben", 2) in payments(result, 8) and ("Ben", "Ann", 2) in payments(result, 8)


# ------------------------------------------------------------------ phases, victory, errors


def test_phase_changes_when_every_town_is_reached():
    result = df.score(record(CONSTRUCTION[:6]))
    assert result.state.phase == "construction" and result.to_json()["unreached_towns"] == ["B"]
    assert df.score(record(CONSTRUCTION)).state.phase == "races"


@pytest.mark.parametrize(
    ("events", "message"),
    [
        (
            [build("Ann", [(0, 2), (1, 2)], 1)],
            r"event 1 \(build, Ann\): the line must start from Ann's network",
        ),
        ([build("Ann", [(0, 0), (2, 0)], 2)], "are not neighbouring hexes"),
        (
            [*ROUND_OF_ANN, build("Ann", [(0, 0), (1, 0)], 1)],
            "Ann already has a line",
        ),
        (
            [build("Ann", [(0, 0), (1, 0)], 1), build("Cleo", row(4, 0, 1), 1)],
            r"event 2 \(build, Cleo\): out of turn: it is Ben's turn",
        ),
        ([*CONSTRUCTION, skip("Ann")], "a pass is a turn of the construction phase"),
        (
            [build("Ann", [(0, 0), (1, 0)], paid_from="winnings")],
            "builds are paid from winnings only in the race phase",
        ),
        (
            [race({}, [], 11, 12)],
            "races begin when every town is reached",
        ),
        ([*CONSTRUCTION, build("Ann", [(9, 0), (9, 1)], 1)], "the construction phase is over"),
        (
            [
                *CONSTRUCTION,
                race({"Ben": [H(*c) for c in row(2, 0, 4)]}, ["Ben"], "C", "X"),
            ],
            "C and X are only 4 hexes apart; a race runs at least 6",
        ),
        (
            [
                *CONSTRUCTION,
                race({"Cleo": ANN_ROUTE}, ["Cleo"]),
            ],
            "Cleo's route must use part of their own line",
        ),
        (
            [
                *CONSTRUCTION,
                race({"Ann": [H(0, 2), H(0, 1), H(0, 0), *[H(*c) for c in row(0, 1, 9)]]}, ["Ann"]),
            ],
            "leaves the drawn lines between",
        ),
        (
            [
                *CONSTRUCTION,
                race({"Ann": ANN_ROUTE}, ["Ben"]),
            ],
            "'Ben' is placed but did not enter the race",
        ),
    ],
)
def test_illegal_events_name_the_event(events, message):
    rules = "dampfross" if "at least 6" in message else "epopee"
    with pytest.raises(TrackwrightError, match=message):
        df.score(record(events, rules))


def test_water_cannot_be_entered():
    m = copy.deepcopy(MAP)
    m.terrain[tuple(H(1, 0))] = "water"
    data = {
        "game": "dampfross",
        "map": "x",
        "players": ["Ann", "Ben", "Cleo"],
        "starts": {"Ann": H(0, 0), "Ben": H(0, 2), "Cleo": H(0, 4)},
        "events": [build("Ann", [(0, 0), (1, 0)], 1)],
    }
    with pytest.raises(TrackwrightError, match=r"hex B1 is water"):
        df.score(df.record_from_json(data, "g", m=m))


def test_an_illegal_event_changes_nothing():
    rec = record([*CONSTRUCTION])
    state = df.score(rec).state
    frozen = copy.deepcopy(state)
    with pytest.raises(TrackwrightError):
        df.apply_event(rec, state, build("Ann", [(9, 0), (9, 1)], 1), 8)
    assert state.balances == frozen.balances and state.ledger == frozen.ledger
    assert state.lines == frozen.lines and state.phase == frozen.phase


def test_victory_total_ends_the_game():
    rules = df.load_rules("epopee")
    assert [rules.victory_total(n) for n in (3, 4, 5, 8)] == [250, 225, 200, 200]
    german = df.load_rules("dampfross")
    assert [german.victory_total(n) for n in (2, 3, 4, 5, 6)] == [250, 250, 225, 200, 200]
    ben_route = [H(*c) for c in row(2, 0, 9)]  # all on his own line: no fares
    races, here = [], NUM["C"]
    for k in range(12):  # Ben wins race after race, 20 each, from 31 until he reaches 250
        to = NUM["D"] if k % 2 == 0 else NUM["C"]
        route = ben_route if to == NUM["D"] else list(reversed(ben_route))
        races.append(race({"Ben": route}, ["Ben"], here, to))
        here = to
    result = df.score(record([*CONSTRUCTION, *races[:11]]))
    assert result.state.winner == "Ben" and result.state.balances["Ben"] == 31 + 11 * 20
    assert result.to_json()["winner"] == "Ben"
    assert df.score(record([*CONSTRUCTION, *races[:10]])).state.winner is None
    with pytest.raises(TrackwrightError, match=r"event 19 .*the game is over: Ben has won"):
        df.score(record([*CONSTRUCTION, *races]))


# A tournament's construction: everyone has the round's roll, the first player moves on each
# round (round 1: Ann, Ben, Cleo on a 6; round 2: Ben, Cleo, Ann on a 3).
TOURNAMENT = [
    build("Ann", row(0, 0, 6), 6),
    build("Ben", row(2, 0, 6), 6),
    build("Cleo", row(4, 0, 6), 6),
    build("Ben", row(2, 6, 9), 3),
    build("Cleo", row(4, 6, 9), 3),
    build("Ann", row(0, 6, 9), 3),
]
C_TO_D = race({"Ben": [H(*c) for c in row(2, 0, 9)]}, ["Ben"], "C", "D")
A_TO_B = race({"Ann": [H(*c) for c in row(0, 0, 9)]}, ["Ann"], "A", "B")
E_TO_F = race({"Cleo": [H(*c) for c in row(4, 0, 9)]}, ["Cleo"], "E", "F")


def test_tournament_rounds_share_a_roll_and_rotate():
    state = df.score(record(TOURNAMENT, mode="tournament")).state
    assert state.phase == "races" and state.round == 2
    with pytest.raises(TrackwrightError, match="this round's roll is 6, not 4"):
        df.score(record([TOURNAMENT[0], build("Ben", row(2, 0, 4), 4)], mode="tournament"))
    with pytest.raises(TrackwrightError, match=r"event 4 \(build, Ann\): out of turn: it is Ben"):
        df.score(record([*TOURNAMENT[:3], TOURNAMENT[5]], mode="tournament"))


def test_tournament_races_are_drawn_afresh_and_use_each_number_twice():
    # Not chained: A-B follows C-D; both numbers of each race count.
    state = df.score(record([*TOURNAMENT, C_TO_D, A_TO_B], mode="tournament")).state
    assert state.number_uses == Counter({NUM[t]: 1 for t in "CDAB"})
    again = race({"Ben": [H(*c) for c in row(2, 9, 0)]}, ["Ben"], "D", "C")
    with pytest.raises(TrackwrightError, match="D and C have had their race"):
        df.score(record([*TOURNAMENT, C_TO_D, again], mode="tournament"))
    c_to_x = race({"Ben": [H(*c) for c in row(2, 0, 4)]}, ["Ben"], "C", "X")
    with pytest.raises(TrackwrightError, match=f"number {NUM['C']} has been used 1 time"):
        df.score(record([*TOURNAMENT, C_TO_D, c_to_x], mode="tournament", races=18))


def test_tournament_building_turn_richest_first_on_a_tenth_of_the_money():
    rec = record([*TOURNAMENT, C_TO_D, A_TO_B], mode="tournament")
    state = df.score(rec).state
    assert state.window == ("Ben", "Ann", "Cleo") and df.next_turn(rec, state) == "Ben"
    # Ben has 50: 5 to spend. Three plain steps and entering Ann's (9, 0)... B is a town: 3.
    ben = build("Ben", [(9, 2), (9, 1), (9, 0)], paid_from="account")
    state, result = df.apply_event(rec, state, ben, 10)
    assert result.summary["budget"] == 5 and state.balances["Ben"] == 48
    # Ann (45: 4) to Ben's line: 2 points and 1 to Ben, 3 of 4; then 5 points is too much.
    too_far = build("Ann", [(3, 0), (3, 1), (3, 2), (3, 3), (4, 3)], paid_from="account")
    with pytest.raises(TrackwrightError, match="costs 4 points and 1 to rivals; Ann may spend"):
        df.apply_event(rec, state, too_far, 11)
    with pytest.raises(TrackwrightError, match="in a tournament every payment goes to the acc"):
        df.apply_event(rec, state, build("Ann", [(3, 0), (3, 1)], paid_from="winnings"), 11)
    state, _ = df.apply_event(rec, state, skip("Ann"), 11)
    state, _ = df.apply_event(rec, state, E_TO_F, 12)  # a race ends the building turn
    assert state.window == () and df.next_turn(rec, state) is None
    with pytest.raises(TrackwrightError, match="only in the building turn after every 2 races"):
        df.apply_event(rec, state, build("Cleo", [(9, 4), (9, 3)], paid_from="account"), 13)


def test_tournament_joint_line_on_both_rolls():
    rec = record(
        [build("Ann", row(2, 0, 6), 4, partner="Ben"), build("Cleo", row(4, 0, 4), 4)],
        mode="tournament",
        joint_lines=True,
    )
    state = df.score(rec).state
    seg = hexgrid.side(tuple(H(0, 2)), tuple(H(1, 2)))
    assert seg in state.lines["Ann"] and seg in state.lines["Ben"]
    assert state.round == 1 and df.next_turn(rec, state) == "Ben"  # round 2 begins with Ben
    with pytest.raises(
        TrackwrightError, match="the line costs 7 points; Ann and Ben's rolls give 6"
    ):
        df.score(
            record(
                [build("Ann", row(2, 0, 7), 4, partner="Ben")], mode="tournament", joint_lines=True
            )
        )
    with pytest.raises(TrackwrightError, match="joint lines are a tournament option"):
        df.score(record([build("Ann", row(2, 0, 6), 4, partner="Ben")]))


def test_tournament_ends_after_its_races():
    rec = record(TOURNAMENT, mode="tournament", races=18)
    state = df.score(rec).state
    state.races_run = 17  # as if 17 races had been run
    state, _ = df.apply_event(rec, state, A_TO_B, 99)
    assert state.races_run == 18 and state.winner == "Ann"  # the richest when the races are over
    with pytest.raises(TrackwrightError, match="the game is over: Ann has won"):
        df.apply_event(rec, state, A_TO_B, 100)


def test_a_tie_at_the_end_of_a_tournament_is_shared():
    rec = record(TOURNAMENT, mode="tournament", races=18)
    state = df.score(rec).state
    state.races_run = 17
    state.balances["Ben"] = state.balances["Ann"] + 20  # Ann's lone race will bring her level
    state, _ = df.apply_event(rec, state, A_TO_B, 99)
    assert state.winners == ["Ann", "Ben"] and state.winner is None
    result = df.Result(rec, state, ()).to_json()
    assert result["winners"] == ["Ann", "Ben"] and result["winner"] is None and result["game_over"]
    with pytest.raises(TrackwrightError, match="the game is over: Ann and Ben have won"):
        df.apply_event(rec, state, A_TO_B, 100)


def test_record_checks():
    with pytest.raises(TrackwrightError, match=r"Ann starts on .* which is not a town"):
        df.record_from_json(
            {
                "game": "dampfross",
                "map": "x",
                "players": ["Ann", "Ben", "Cleo"],
                "starts": {"Ann": H(1, 1), "Ben": H(0, 2), "Cleo": H(0, 4)},
                "events": [],
            },
            "g",
            m=MAP,
        )
    with pytest.raises(TrackwrightError, match="epopee is for 3 to 8 players, not 2"):
        record([], players=("Ann", "Ben"))


def test_a_users_own_preset(tmp_path):
    mine = json.loads(df._preset_text("epopee"))
    mine.update(name="house", start_capital=30)
    (tmp_path / "house.json").write_text(json.dumps(mine), encoding="utf-8")
    rules = df.load_rules("house.json", tmp_path)
    assert rules.name == "house" and rules.start_capital == 30
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    with pytest.raises(TrackwrightError, match="not a valid rule preset"):
        df.load_rules("bad.json", tmp_path)


# ------------------------------------------------------------------ helpers and properties


def test_cheapest_build_and_how_far_a_roll_gets():
    rec = record(BEN_FIRST)
    state = df.score(rec).state
    plan = df.cheapest_build(rec, state, "Cleo", "X", roll=3)
    assert plan.path[0] == tuple(H(0, 4)) and plan.path[-1] == tuple(H(4, 2))
    assert plan.cost == 5 and len(plan.reach) == 4  # 5 hexes away; a 3 gets 3 of them


def test_race_route_helper():
    rec = record(CONSTRUCTION)
    state = df.score(rec).state
    ann = df.race_route(rec, state, "Ann", NUM["C"], NUM["B"])
    assert ann.fares == {"Ben": 3} and ann.route[0] == tuple(H(0, 2))
    assert df.race_route(rec, state, "Cleo", NUM["C"], NUM["B"]) is None  # no own line on the way


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Ann", "Ben", "Cleo"]),
            st.sampled_from(list("ABCDEFX")),
            st.integers(1, 6),
        ),
        min_size=1,
        max_size=25,
    )
)
def test_money_is_conserved_except_bonuses(moves):
    """Random legal builds: players pay each other, and only the bank's first-arrival bonuses
    add money."""
    rec = record([])
    state = df.initial_state(rec)
    for n, (_player, town, roll) in enumerate(moves, start=1):
        if state.phase != "construction":
            break
        player = df.next_turn(rec, state)  # turns go in seat order
        plan = df.cheapest_build(rec, state, player, town, roll)
        if plan.reach is None or len(plan.reach) < 2:
            event = skip(player, roll)
        else:
            event = build(player, [hexgrid.axial_to_offset(h) for h in plan.reach], roll)
        state, _ = df.apply_event(rec, state, event, n)
    bonuses = (len(state.reached) - len(set(rec.starts.values()))) * rec.rules.first_arrival
    assert sum(state.balances.values()) == 3 * 20 + bonuses
    between_players = [t for t in state.ledger if "bank" not in (t.payer, t.payee)]
    assert all(t.amount in (1, 2) for t in between_players)


# ------------------------------------------------------------------ the example game


EXAMPLE = ROOT / "templates" / "dampfross" / "examples" / "game.json"


def test_example_game_is_pinned():
    """A whole game on the England map (templates/dampfross/examples/game.json): 60 builds and
    6 races; its accounts must never change."""
    data = df.score_file(EXAMPLE).to_json()
    # Since lines drawn into a town beside a rival's pay the parallel 2, as drawn out of one.
    assert data["balances"] == {"Ann": 145, "Ben": 202, "Cleo": 23}
    assert data["phase"] == "races" and data["races_run"] == 6 and data["winner"] is None
    assert len(data["events"]) == 68  # with two passes of Cleo's
    # The ledger explains every change: replaying it from 20 gives the balances.
    money = dict.fromkeys(data["balances"], 20)
    for t in data["ledger"]:
        if t["from"] != "bank":
            money[t["from"]] -= t["amount"]
        if t["to"] != "bank":
            money[t["to"]] += t["amount"]
    assert money == data["balances"]
    assert all(t["reason"] for t in data["ledger"])


# ------------------------------------------------------------------ issue 12


def test_winnings_pay_for_die_points_and_payments_to_rivals():
    """'10 points ... moins les déductions pour rivières, collines ou paiements aux rivaux'."""
    lone = race({"Ben": ANN_ROUTE}, ["Ben"])  # Ben wins 20, pays Ann 8
    # Beside Ann's line (3, 2)-(3, 1): 1 die point, entering her hex 1, parallel 2.
    beside = build("Ben", [(3, 2), (3, 1)], paid_from="winnings")
    result = df.score(record([*CONSTRUCTION, lone, beside]))
    assert result.state.winnings["Ben"] == 20 - 1 - 3
    assert result.events[-1].summary["payments"] == 3
    state = result.state
    state.winnings["Ben"] = 2
    with pytest.raises(
        TrackwrightError, match="costs 1 point and 3 to rivals; Ben's winnings are 2"
    ):
        df.apply_event(record([]), state, build("Ben", [(3, 1), (3, 0)], paid_from="winnings"), 10)


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_a_parallel_line_costs_the_same_either_way_at_a_town(rules):
    into = build("Ann", [(0, 0), (0, 1), (1, 2), (0, 2)], 3)  # (1, 2) then into C beside Ben
    out_of = build("Ann", [(0, 0), (0, 1), (0, 2), (1, 2)], 3)  # C then out of it beside Ben
    paid = [
        sum(t[2] for t in payments(df.score(record([*BEN_FIRST, e], rules)), 4))
        for e in (into, out_of)
    ]
    assert paid == [1 + 2, 1 + 2]


def test_every_step_costs_what_a_die_can_pay(tmp_path):
    hills = (tuple(H(1, 3)), tuple(H(2, 3)))
    m = dataclasses.replace(MAP, rivers=MAP.rivers | {hexgrid.side(*hills)})
    for name in ("epopee", "dampfross"):
        rules = df.load_rules(name)
        assert rules.river_with_hill == "dearest"
        assert rules.step_cost(m, *hills) == rules.hill_to_hill <= 6
        assert rules.step_cost(m, tuple(H(5, 3)), tuple(H(6, 3))) == rules.river
    added = json.loads(df._preset_text("epopee")) | {"name": "added", "river_with_hill": "add"}
    (tmp_path / "added.json").write_text(json.dumps(added), encoding="utf-8")
    assert df.load_rules(str(tmp_path / "added.json")).step_cost(m, *hills) == 8


def test_experienced_players_play_to_fifty_more():
    rec = record([], experienced=True)
    assert rec.victory_total() == 300
    with pytest.raises(TrackwrightError, match="no total for experienced players"):
        record([], rules="dampfross", experienced=True)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (("Ann", "bank", "Cleo"), "'bank' cannot be a player's name"),
        (("Ann", "BANK", "Cleo"), "'BANK' cannot be a player's name"),
        (("Ann", "ann", "Cleo"), "'ann' and 'Ann' are the same name"),
        (("Zoe\u0308", "Ann", "Zo\u00eb"), "are the same name"),
        (("Ann", "\uff21nn", "Cleo"), "are the same name"),  # a full-width A
    ],
)
def test_player_names_cannot_corrupt_the_accounts(players, message):
    starts = dict(zip(players, (H(0, 0), H(0, 2), H(0, 4)), strict=True))
    data = {"game": "dampfross", "map": "x", "players": list(players), "starts": starts}
    with pytest.raises(TrackwrightError, match=message):
        df.record_from_json(data | {"events": []}, "g", m=MAP)


def test_one_name_however_it_is_written():
    decomposed = unicodedata.normalize("NFD", "Zoë")
    data = {
        "game": "dampfross",
        "map": "x",
        "players": ["Ann", "Zoë", "Cleo"],
        "starts": {"Ann": H(0, 0), decomposed: H(0, 2), "Cleo": H(0, 4)},
        "events": [skip("Ann"), build(decomposed, row(2, 0, 2), 2)],
    }
    result = df.score(df.record_from_json(data, "g", m=MAP))
    assert result.events[1].summary["player"] == "Zoë" and "Zoë" in result.state.balances


def test_reaching_the_total_together_is_a_shared_win(tmp_path):
    short = json.loads(df._preset_text("epopee")) | {"name": "short"}
    short["victory"] = {"3": 39}
    (tmp_path / "short.json").write_text(json.dumps(short), encoding="utf-8")
    result = df.score(record([*CONSTRUCTION, RACE_C_TO_B], str(tmp_path / "short.json")))
    assert result.state.balances["Ann"] == 39 and result.state.balances["Ben"] == 46
    data = result.to_json()
    assert data["winners"] == ["Ben", "Ann"] and data["winner"] is None and data["game_over"]


def test_construction_turns_go_round_in_seat_order():
    rec = record([])
    state = df.initial_state(rec)
    assert df.next_turn(rec, state) == "Ann"
    with pytest.raises(TrackwrightError, match=r"event 1 \(build, Ben\): out of turn: it is Ann"):
        df.apply_event(rec, state, BEN_TO_X, 1)
    state, _ = df.apply_event(rec, state, skip("Ann"), 1)
    state, _ = df.apply_event(rec, state, BEN_TO_X, 2)
    assert df.next_turn(rec, state) == "Cleo"
    with pytest.raises(TrackwrightError, match="Ben has had their turn in this round"):
        df.apply_event(rec, state, build("Ben", row(2, 4, 5), 1), 3)
