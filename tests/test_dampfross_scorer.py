"""Dampfross accounts: the rules text's worked examples for both presets, races, partnerships,
the ledger, illegal events and money conservation."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from trackwright.core import dampfross as model
from trackwright.core import hexgrid
from trackwright.core.errors import TrackwrightError
from trackwright.scorer import dampfross as df

from tests.conftest import ROOT

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


BEN_TO_X = build("Ben", row(2, 0, 4), 4)
CLEO_ROW = build("Cleo", [(0, 4), (0, 3), (1, 2)], 2)


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
    ok = df.replay(record([build("Cleo", into_hills, cost)], rules))
    assert ok.events[0].summary["cost"] == cost
    with pytest.raises(
        TrackwrightError, match=f"the line costs {cost} points; Cleo's roll is {cost - 1}"
    ):
        df.replay(record([build("Cleo", into_hills, cost - 1)], rules))


# ------------------------------------------------------------------ payments to rivals


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_entering_a_hex_of_one_rival_pays_one(rules):
    result = df.replay(record([BEN_TO_X, build("Ann", [(0, 0), (0, 1), (1, 2)], 2)], rules))
    assert payments(result, 2) == [("Ann", "Ben", 1)]
    assert result.state.balances["Ann"] == 19 and result.state.balances["Ben"] > 20


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_two_rivals_in_the_hex_are_both_paid(rules):
    result = df.replay(
        record([BEN_TO_X, CLEO_ROW, build("Ann", [(0, 0), (0, 1), (1, 2)], 2)], rules)
    )
    assert payments(result, 2) == [("Cleo", "Ben", 1)]
    assert payments(result, 3) == [("Ann", "Ben", 1), ("Ann", "Cleo", 1)]


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_no_payment_in_towns(rules):
    # Ann runs into C, Ben's start town: no payment.
    result = df.replay(record([BEN_TO_X, build("Ann", [(0, 0), (0, 1), (0, 2)], 2)], rules))
    assert payments(result, 2) == []


@pytest.mark.parametrize("rules", ["epopee", "dampfross"])
def test_parallel_line_costs_two_more(rules):
    # Ann reaches Ben's hex (1, 2), paying 1, then builds beside his line to (2, 2): 1 + 2.
    result = df.replay(record([BEN_TO_X, build("Ann", [(0, 0), (0, 1), (1, 2), (2, 2)], 3)], rules))
    assert payments(result, 2) == [("Ann", "Ben", 1), ("Ann", "Ben", 1), ("Ann", "Ben", 2)]


def test_entering_again_where_the_line_already_is_costs_nothing():
    events = [
        BEN_TO_X,
        build("Ann", [(0, 0), (0, 1), (1, 2)], 2),
        build("Ann", [(0, 1), (1, 1), (1, 2)], 2),
    ]
    result = df.replay(record(events))
    assert payments(result, 3) == []


# ------------------------------------------------------------------ first arrival


@pytest.mark.parametrize(("rules", "bonus"), [("epopee", 5), ("dampfross", 6)])
def test_first_to_reach_a_town(rules, bonus):
    result = df.replay(
        record([BEN_TO_X, build("Ann", [(0, 0), (0, 1), (1, 2), (2, 2), (3, 2), (4, 2)], 5)], rules)
    )
    assert payments(result, 1)[-1] == ("bank", "Ben", bonus)  # Ben reached X first
    assert ("bank", "Ann", bonus) not in payments(result, 2)  # Ann later: nothing


def test_no_bonus_for_a_start_town():
    result = df.replay(record([build("Ann", [(0, 0), (0, 1), (0, 2)], 2)]))
    assert payments(result, 1) == []  # C is Ben's start town


# ------------------------------------------------------------------ a race


CONSTRUCTION = [
    build("Ann", row(0, 0, 6), 6),
    BEN_TO_X,
    build("Ann", [(3, 0), (3, 1), (3, 2)], 2),  # joins Ben's line: pays him 1
    build("Cleo", row(4, 0, 5), 5),
    build("Ann", row(0, 6, 9), 3),
    build("Ben", row(2, 4, 9), 5),
    build("Cleo", row(4, 5, 9), 4),  # the last town: the races begin
]
ANN_ROUTE = [H(*c) for c in [*row(2, 0, 3), (3, 1), *row(0, 3, 9)]]
# Ann and Ben both run Ann's route from C to B; Ben wins.
RACE_C_TO_B = race({"Ann": ANN_ROUTE, "Ben": ANN_ROUTE}, ["Ben", "Ann"])


@pytest.mark.parametrize(("rules", "bonus"), [("epopee", 5), ("dampfross", 6)])
def test_race_with_fares_and_prizes(rules, bonus):
    result = df.replay(record([*CONSTRUCTION, RACE_C_TO_B], rules))
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
    result = df.replay(record([*CONSTRUCTION, event, spend]))
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
    result = df.replay(record([*CONSTRUCTION, event]))
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
    (tmp_path / "capped.json").write_text(json.dumps(capped))
    result = df.replay(record([*CONSTRUCTION, RACE_C_TO_B], str(tmp_path / "capped.json")))
    assert ("Ann", "Ben", 2) in payments(result, 8) and ("Ben", "Ann", 2) in payments(result, 8)


# ------------------------------------------------------------------ phases, victory, errors


def test_phase_changes_when_every_town_is_reached():
    result = df.replay(record(CONSTRUCTION[:6]))
    assert result.state.phase == "construction" and result.to_json()["unreached_towns"] == ["F"]
    assert df.replay(record(CONSTRUCTION)).state.phase == "races"


@pytest.mark.parametrize(
    ("events", "message"),
    [
        (
            [build("Ann", [(0, 2), (1, 2)], 1)],
            r"event 1 \(build, Ann\): the line must start from Ann's network",
        ),
        ([build("Ann", [(0, 0), (2, 0)], 2)], "are not neighbouring hexes"),
        (
            [build("Ann", [(0, 0), (1, 0)], 1), build("Ann", [(0, 0), (1, 0)], 1)],
            "Ann already has a line",
        ),
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
        df.replay(record(events, rules))


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
    with pytest.raises(TrackwrightError, match=r"hex \(1, 0\) is water"):
        df.replay(df.record_from_json(data, "g", m=m))


def test_an_illegal_event_changes_nothing():
    rec = record([*CONSTRUCTION])
    state = df.replay(rec).state
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
    result = df.replay(record([*CONSTRUCTION, *races[:11]]))
    assert result.state.winner == "Ben" and result.state.balances["Ben"] == 31 + 11 * 20
    assert result.to_json()["winner"] == "Ben"
    assert df.replay(record([*CONSTRUCTION, *races[:10]])).state.winner is None
    with pytest.raises(TrackwrightError, match=r"event 19 .*the game is over: Ben has won"):
        df.replay(record([*CONSTRUCTION, *races]))


def test_tournament_uses_each_number_twice():
    races, here = [], NUM["C"]
    for k in range(4):  # C-B, B-C, C-B, B-C: C is rolled a third time in the fourth race
        to = NUM["B"] if k % 2 == 0 else NUM["C"]
        route = ANN_ROUTE if to == NUM["B"] else list(reversed(ANN_ROUTE))
        races.append(race({"Ann": route}, ["Ann"], here, to))
        here = to
    assert df.replay(record([*CONSTRUCTION, *races[:3]], mode="tournament")).state.winner is None
    with pytest.raises(
        TrackwrightError, match=f"event 11 .*number {NUM['C']} has been used 2 time"
    ):
        df.replay(record([*CONSTRUCTION, *races], mode="tournament"))
    short = record([*CONSTRUCTION, races[0]], mode="tournament", races=18)
    assert df.replay(short).state.number_uses[NUM["C"]] == 1


def test_tournament_ends_after_its_races():
    rec = record(CONSTRUCTION, mode="tournament", races=18)
    state = df.replay(rec).state
    state.races_run, state.last_race_end = 17, tuple(H(0, 2))  # as if 17 races had been run
    event = race({"Ann": ANN_ROUTE}, ["Ann"])
    state, _ = df.apply_event(rec, state, event, 99)
    assert state.races_run == 18 and state.winner == "Ann"  # the richest when the races are over
    with pytest.raises(TrackwrightError, match="the game is over: Ann has won"):
        df.apply_event(rec, state, event, 100)


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
    (tmp_path / "house.json").write_text(json.dumps(mine))
    rules = df.load_rules("house.json", tmp_path)
    assert rules.name == "house" and rules.start_capital == 30
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(TrackwrightError, match="not a valid rule preset"):
        df.load_rules("bad.json", tmp_path)


# ------------------------------------------------------------------ helpers and properties


def test_cheapest_build_and_how_far_a_roll_gets():
    rec = record([BEN_TO_X])
    state = df.replay(rec).state
    plan = df.cheapest_build(rec, state, "Cleo", "X", roll=3)
    assert plan.path[0] == tuple(H(0, 4)) and plan.path[-1] == tuple(H(4, 2))
    assert plan.cost == 5 and len(plan.reach) == 4  # 5 hexes away; a 3 gets 3 of them


def test_race_route_helper():
    rec = record(CONSTRUCTION)
    state = df.replay(rec).state
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
    for n, (player, town, roll) in enumerate(moves, start=1):
        plan = df.cheapest_build(rec, state, player, town, roll)
        if plan.reach is None or len(plan.reach) < 2 or state.phase != "construction":
            continue
        state, _ = df.apply_event(
            rec, state, build(player, [hexgrid.axial_to_offset(h) for h in plan.reach], roll), n
        )
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
    assert data["balances"] == {"Ann": 153, "Ben": 200, "Cleo": 17}
    assert data["phase"] == "races" and data["races_run"] == 6 and data["winner"] is None
    assert len(data["events"]) == 66
    # The ledger explains every change: replaying it from 20 gives the balances.
    money = dict.fromkeys(data["balances"], 20)
    for t in data["ledger"]:
        if t["from"] != "bank":
            money[t["from"]] -= t["amount"]
        if t["to"] != "bank":
            money[t["to"]] += t["amount"]
    assert money == data["balances"]
    assert all(t["reason"] for t in data["ledger"])
