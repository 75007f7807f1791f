"""La Strada's rules engine: the scoring table, both variants, tie-breaks, the rules text's example
(grey's three turns), illegal turns, the end of the game. The board's pieces and the printed tiles
are in tests/kits/lastrada/test_board_and_tiles.py."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from trackwright.core import hexgrid
from trackwright.core import lastrada as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.lastrada import GOLD
from trackwright.kits.lastrada import arrange
from trackwright.scorer import lastrada as ls

# ------------------------------------------------------------------ scoring


def board():
    return arrange.arrange(1)


def rec(players=("Ann", "Ben", "Cleo"), **extra):
    data = {"game": "lastrada", "map": "standard", "players": list(players), **extra}
    return ls.record_from_json(data, "game.json", m=board())


KIND_OF = {s.kind: s.id for s in board().settlements}


@pytest.mark.parametrize("kind", model.KINDS)
@pytest.mark.parametrize("merchants", [1, 2, 3, 4])
def test_every_cell_of_the_scoring_table(kind, merchants):
    players = ("Ann", "Ben", "Cleo", "Dev")[: max(3, merchants)]
    result = ls.score(rec(players, settlements={KIND_OF[kind]: list(players[:merchants])}))
    expected = {
        "farm": (2, 1, 0, 0),
        "hamlet": (3, 2, 1, 0),
        "fortified_village": (4, 3, 2, 1),
        "city": (5, 4, 3, 2),
    }[kind][merchants - 1]
    assert all(result.gold[p] == expected for p in players[:merchants])
    assert (
        result.settlements[[s["id"] for s in result.settlements].index(KIND_OF[kind])]["gold_each"]
        == expected
    )


@pytest.mark.parametrize("kind", model.KINDS)
def test_two_player_variant_pays_the_maximum(kind):
    result = ls.score(
        rec(("Ann", "Ben"), variant="two-player", settlements={KIND_OF[kind]: ["Ben"]})
    )
    assert result.gold == {"Ann": 0, "Ben": GOLD[kind][0]}


def test_most_gold_wins_then_reserve_then_shared():
    city = KIND_OF["city"]
    ids = [s.id for s in board().settlements if s.kind == "farm"]
    assert ls.score(rec(settlements={city: ["Ann"]})).winners == ("Ann",)
    tie = {ids[0]: ["Ann"], ids[1]: ["Ben"]}
    assert ls.score(rec(settlements=tie, reserve={"Ann": 2, "Ben": 5, "Cleo": 0})).winners == (
        "Ben",
    )
    assert ls.score(rec(settlements=tie, reserve={"Ann": 3, "Ben": 3})).winners == ("Ann", "Ben")


@pytest.mark.parametrize(
    ("extra", "players", "message"),
    [
        ({"settlements": {"s99": ["Ann"]}}, None, r"\$.settlements.s99: unknown settlement 's99'"),
        ({"settlements": {"s01": ["Ann", "Ann"]}}, None, "Ann has two merchants on s01"),
        (
            {"settlements": {"s01": ["Ann", "Ben", "Cleo", "Dev", "Eve"]}},
            ("Ann", "Ben", "Cleo", "Dev", "Eve"),
            "is too long",
        ),
        (
            {"settlements": {"s01": ["Ann", "Ben"]}, "variant": "two-player"},
            ("Ann", "Ben"),
            "one merchant per settlement with 2 players",
        ),
        (
            {"settlements": {}, "reserve": {"Ann": -1}},
            None,
            r"\$.reserve.Ann: -1 travel days in reserve; it is 0 to 10",
        ),
        ({"settlements": {}, "reserve": {"Ann": 11}}, None, "11 travel days in reserve"),
        ({"settlements": {"s01": ["Zed"]}}, None, "'Zed' is not a player"),
        ({"settlements": {}}, ("Ann", "Ben"), 'with 2 players, play the "two-player" variant'),
    ],
)
def test_record_mistakes(extra, players, message):
    with pytest.raises(TrackwrightError, match=message):
        rec(players or ("Ann", "Ben", "Cleo"), **extra)


def test_more_than_four_merchants():
    data = {
        "game": "lastrada",
        "map": "standard",
        "players": ["A", "B", "C", "D"],
        "settlements": {"s01": ["A", "B", "C", "D", "A"]},
    }
    with pytest.raises(TrackwrightError, match="A has two merchants"):
        ls.record_from_json(data, "g", m=board())


# ------------------------------------------------------------------ the rules' example

# Grey's three turns (lastrada-fr.txt, "Exemple de partie") on a small board drawn as rows of
# hexes (odd rows shifted right): p plain, f forest, h hill; V fortified village, C city,
# H hamlet, F farm. Grey starts at (0, 1), black at (12, 3).
ROWS = [
    "ppppppppppppp",
    "phVpCpHppFfCp",
    "ppppppppppppp",
    "ppppppppppppp",
]
KINDS = {"V": "fortified_village", "C": "city", "H": "hamlet", "F": "farm"}


def H(col, row):
    return list(hexgrid.offset_to_axial(col, row))


def example_map():
    hexes, settlements = [], []
    for row, line in enumerate(ROWS):
        for col, ch in enumerate(line):
            q, r = hexgrid.offset_to_axial(col, row)
            terrain = {"f": "forest", "h": "hill"}.get(ch, "plain")
            hexes.append({"q": q, "r": r, "terrain": terrain})
            if ch in KINDS:
                settlements.append({"id": f"{ch}{col}", "hex": [q, r], "kind": KINDS[ch]})
    return model.from_json(
        {
            "format": "trackwright-map/1",
            "game": "lastrada",
            "hexes": hexes,
            "settlements": settlements,
        }
    )


EXAMPLE = example_map()
GREY_1 = {"player": "grey", "roads": [[H(0, 1), H(1, 1), H(2, 1)], [H(2, 1), H(3, 1), H(4, 1)]]}
BLACK_1 = {"player": "black", "roads": [[H(12, 3), H(12, 2), H(11, 1)]]}
BLACK_2 = {"player": "black", "roads": [[H(11, 1), H(11, 2), H(10, 2), H(9, 2), H(9, 1)]]}
GREY_2 = {
    "player": "grey",
    "roads": [[H(4, 1), H(5, 1), H(6, 1)], [H(6, 1), H(7, 1), H(8, 1), H(9, 1)]],
}
GREY_3 = {"player": "grey", "roads": [[H(9, 1), H(9, 0), H(10, 0), H(11, 0), H(11, 1)]]}


def P(player):
    """A pass: an empty turn."""
    return {"player": player}


# The rules' example in seat order: black sits first, yellow second, grey third.
SEATS = ("black", "yellow", "grey")
EXAMPLE_TURNS = [BLACK_1, P("yellow"), GREY_1, BLACK_2, P("yellow"), GREY_2, P("black")]
EXAMPLE_TURNS += [P("yellow"), GREY_3]


def example(turns, players=("grey", "black", "yellow"), **extra):
    data = {
        "game": "lastrada",
        "map": "x",
        "players": list(players),
        "starts": {"grey": [H(0, 1)], "black": [H(12, 3)], "yellow": [H(0, 3)]},
        "turns": turns,
        **extra,
    }
    return ls.record_from_json(data, "game.json", m=EXAMPLE)


def seated(n):
    """The rules' example up to its n-th turn."""
    return example(EXAMPLE_TURNS[:n], SEATS)


def test_greys_three_turns():
    state = ls.replay(seated(3))
    # Turn 1: a hill tile (4 days) to the fortified village, a plain tile (2) to the city.
    assert state.merchants["V2"] == ["grey"] and state.merchants["C4"] == ["grey"]
    assert state.reserve["grey"] == 0 and state.used["grey"] == {"hill": 1, "plain": 1}
    # Black has reached the second city and the farm.
    state = ls.replay(seated(5))
    assert state.merchants["C11"] == ["black"] and state.merchants["F9"] == ["black"]
    # Turn 2: three plain tiles (6 days): the hamlet, then the farm, where black already is.
    state = ls.replay(seated(6))
    assert state.merchants["H6"] == ["grey"] and state.merchants["F9"] == ["black", "grey"]
    assert state.reserve["grey"] == 0
    # The city was out of reach with 6 days; next turn the forest would cost 3 ...
    roads = {road.settlement: road for road in ls.reachable(seated(6), state, "grey")}
    assert roads["C11"].days == 3 and roads["C11"].path == (
        tuple(H(9, 1)),
        tuple(H(10, 1)),
        tuple(H(11, 1)),
    )
    # ... turn 3: grey spends all 6 days going round the forest instead.
    result = ls.score(seated(9))
    # Village 4 + city 5 + hamlet 3 alone; farm 1 and city 4 shared with black.
    assert result.gold == {"black": 1 + 4, "yellow": 0, "grey": 4 + 5 + 3 + 1 + 4}
    assert result.winners == ("grey",) and result.reserve["grey"] == 0
    # Black: 6 - 2 = 4; 4 + 6 - 6 = 4; a pass, 4 + 6 = 10. Yellow passes: 6, 12 -> 10, 10.
    assert result.reserve == {"black": 10, "yellow": 10, "grey": 0}
    assert result.turns["next"] == "black"


@pytest.mark.parametrize(
    ("turns", "message"),
    [
        (
            [
                {
                    "player": "grey",
                    "roads": [
                        [H(0, 1), H(1, 1), H(2, 1)],
                        [H(2, 1), H(3, 1), H(3, 0), H(4, 0), H(4, 1)],
                    ],
                }
            ],
            "road 2: a plain tile on .* costs 2 travel days; grey has 0 left",
        ),
        (
            [{"player": "grey", "roads": [[H(0, 1), H(0, 2), H(1, 2)]]}],
            "not at a settlement: roads must reach one this turn",
        ),
        (
            [{"player": "grey", "roads": [[H(2, 1), H(3, 1), H(4, 1)]]}],
            "not at grey's start tile or a settlement grey has reached",
        ),
        (
            [
                GREY_1,
                P("black"),
                P("yellow"),
                {"player": "grey", "roads": [[H(4, 1), H(3, 0), H(2, 1)]]},
            ],
            "settlement V2 already has grey's merchant",
        ),
        (
            [
                GREY_1,
                P("black"),
                P("yellow"),
                {
                    "player": "grey",
                    "roads": [[H(2, 1), H(3, 1), H(4, 2), H(5, 2), H(5, 1), H(6, 1)]],
                },
            ],
            r"\(3, 1\) already has a road tile \(grey's\): roads cross only at settlements",
        ),
        (
            [
                GREY_1,
                P("black"),
                P("yellow"),
                {
                    "player": "grey",
                    "roads": [[H(2, 1), H(3, 2), H(4, 2), H(4, 1), H(5, 1), H(6, 1)]],
                },
            ],
            "runs through settlement C4",
        ),
        ([{"player": "grey", "roads": [[H(0, 1), H(2, 1)]]}], "are not neighbours"),
        (
            [GREY_1, GREY_2],
            r"turn 2 \(grey\): it is black's turn, not grey's \(turns go round in the order "
            r"grey, black, yellow; a pass is an empty turn\)",
        ),
        ([P("black")], r"turn 1 \(black\): it is grey's turn"),
    ],
)
def test_illegal_turns(turns, message):
    with pytest.raises(TrackwrightError, match=message) as info:
        ls.replay(example(turns))
    assert "turn" in str(info.value) and "\n" not in str(info.value)


# ------------------------------------------------------------------ travel days

# A strip of plain hexes (q, 0): F0 at q = 0, Ann's start at q = 9 (8 plain tiles, 16 days
# between), Ben at 11 and Cleo at 15 share the farm F13; F18 at the east end.
STRIP = "F" + "p" * 12 + "F" + "pppp" + "F"


def strip_map(row=STRIP):
    hexes, settlements = [], []
    for q, ch in enumerate(row):
        terrain = {"f": "forest", "h": "hill"}.get(ch, "plain")
        hexes.append({"q": q, "r": 0, "terrain": terrain})
        if ch in KINDS:
            settlements.append({"id": f"{ch}{q}", "hex": [q, 0], "kind": KINDS[ch]})
    return model.from_json(
        {
            "format": "trackwright-map/1",
            "game": "lastrada",
            "hexes": hexes,
            "settlements": settlements,
        }
    )


def on_strip(turns, row=STRIP, starts=None, **extra):
    data = {
        "game": "lastrada",
        "map": "x",
        "players": ["Ann", "Ben", "Cleo"],
        "starts": {p: [[q, 0]] for p, q in (starts or {"Ann": 9, "Ben": 11, "Cleo": 15}).items()},
        "turns": turns,
        **extra,
    }
    return ls.record_from_json(data, "strip.json", m=strip_map(row))


def west(start, to=0):
    """Ann's road west along the strip."""
    return {"player": "Ann", "roads": [[[q, 0] for q in range(start, to - 1, -1)]]}


ROUND = [P("Ben"), P("Cleo")]


def test_days_six_a_turn_ten_kept_sixteen_spent():
    """+6 at the start of each turn, at most 10 kept after it: 16 can be spent in one turn
    (lastrada-fr.txt: 'Chaque joueur reçoit au début de son tour 6 jours', 'il est interdit
    de conserver plus de 10 jours en réserve')."""
    rules = ls.RULES
    assert (rules.days_per_turn, rules.max_reserve, rules.max_days_per_turn) == (6, 10, 16)
    state = ls.replay(on_strip([P("Ann"), *ROUND]))
    assert state.reserve == {"Ann": 6, "Ben": 6, "Cleo": 6} and not state.ended
    state = ls.replay(on_strip([P("Ann"), *ROUND, P("Ann"), *ROUND]))
    assert state.reserve == {"Ann": 10, "Ben": 10, "Cleo": 10}  # 12, of which 10 are kept
    state = ls.replay(on_strip([P("Ann"), *ROUND, P("Ann"), *ROUND, west(9)]))
    assert state.reserve["Ann"] == 0 and state.merchants["F0"] == ["Ann"]  # 16 spent
    with pytest.raises(TrackwrightError, match=r"turn 4 \(Ann\), road 1: a plain tile on "):
        ls.replay(on_strip([P("Ann"), *ROUND, west(9)]))  # 12 days, not 16
    with pytest.raises(TrackwrightError, match=r"\$.reserve.Ann: 11 travel days in reserve"):
        on_strip([P("Ann"), *ROUND], reserve={"Ann": 11, "Ben": 6, "Cleo": 6})
    with pytest.raises(TrackwrightError, match="the reserve does not match the turns"):
        ls.score(on_strip([P("Ann"), *ROUND], reserve={"Ann": 10, "Ben": 6, "Cleo": 6}))


def test_days_follow_the_preset():
    rules = replace(ls.RULES, days_per_turn=8, max_reserve=8)
    state = ls.replay(on_strip([P("Ann"), *ROUND, west(9)]), rules)
    assert state.reserve == {"Ann": 0, "Ben": 8, "Cleo": 8}  # 8 kept, 8 + 8 = 16 spent
    rules = replace(ls.RULES, days_per_turn=8, max_reserve=4)
    state = ls.replay(on_strip([P("Ann")]), rules)
    # A turn holds 4 + 8 = 12 days at most: F0, 16 days away, can never be reached.
    assert state.ended and state.end_reason == "turn 1: Ann can reach no settlement any more"
    assert state.reserve["Ann"] == 4


# ------------------------------------------------------------------ the end of the game


def test_saving_days_does_not_end_the_game():
    """'La partie ne se termine pas si le joueur pourrait relier une localité mais y renonce
    pour conserver des jours de voyage': F0 costs 16 days, Ann has 6 and passes."""
    state = ls.replay(on_strip([P("Ann")]))
    assert not state.ended
    record = on_strip([P("Ann")])
    assert [(r.settlement, r.days) for r in ls.reachable(record, state, "Ann")] == [("F0", 16)]
    assert ls.reachable(record, state, "Ann", days=12) == []  # not next turn
    assert ls.cannot_reach(record, state, "Ann") == ""


def test_a_road_dearer_than_a_turn_can_never_be_built():
    row = "Ff" + STRIP[2:]  # 7 plain tiles and a forest: 17 days > 16
    state = ls.replay(on_strip([P("Ann")], row))
    assert state.ended and state.end_reason == "turn 1: Ann can reach no settlement any more"
    assert state.reserve["Ann"] == 6  # the turn began: its 6 days are gained


def test_the_tiles_of_each_terrain_count():
    """7 of Ann's 8 forest tiles are laid; the last settlement needs 2: never reachable
    ('ou qu'il n'a plus les bonnes tuiles'), though each forest hex alone would do."""
    row = "FffHfFffHffVff" + "ppppFppp"
    starts = {"Ann": 14, "Ben": 16, "Cleo": 20}
    turns = []
    for start, end in ((14, 11), (11, 8), (8, 5), (5, 3)):
        turns += [west(start, end), *ROUND]
    record = on_strip(turns, row, starts)
    state = ls.replay(record)
    assert state.used["Ann"] == {"forest": 7} and not state.ended
    assert ls.reachable(record, state, "Ann") == []
    assert ls.cannot_reach(record, state, "Ann") == "Ann can reach no settlement any more"
    with_a_forest = replace(ls.RULES, tiles=(("plain", 18), ("forest", 9), ("hill", 5)))
    assert [r.settlement for r in ls.reachable(record, state, "Ann", rules=with_a_forest)] == ["F0"]
    ended = ls.replay(on_strip([*turns, P("Ann")], row, starts))
    assert ended.ended and ended.reserve["Ann"] == 9


def test_no_merchant_left_ends_the_game():
    """No merchant left: the settlement one plain tile away is out of reach ('ou qu'il n'a
    plus de pions de bois devant lui'); here by a preset of 2 merchants."""
    rules = replace(ls.RULES, merchants=2)
    row = "FppHpFpHp" + STRIP[9:]
    turns = [{"player": "Ann", "roads": [[[9, 0], [8, 0], [7, 0]], [[7, 0], [6, 0], [5, 0]]]}]
    turns += ROUND
    record = on_strip(turns, row)
    state = ls.replay(record, rules)
    assert ls.merchants_left(state, "Ann", rules) == 0
    assert ls.reachable(record, state, "Ann", rules=rules) == []
    assert [r.settlement for r in ls.reachable(record, state, "Ann")] == ["H3"]  # with 12
    ended = ls.replay(on_strip([*turns, P("Ann")], row), rules)
    assert ended.ended and ended.end_reason == "turn 4: Ann has no merchant left"
    more = {"player": "Ann", "roads": [[[5, 0], [4, 0], [3, 0]]]}
    with pytest.raises(TrackwrightError, match=r"road 1: Ann has no merchant left \(all 2"):
        ls.replay(on_strip([*turns, more], row), rules)


def test_merchants_per_player_in_a_final_position():
    thirteen = {s.id: ["Ann"] for s in board().settlements[:13]}
    with pytest.raises(
        TrackwrightError,
        match=r"game.json: \$.settlements: Ann has 13 merchants on the board; each player has 12",
    ):
        rec(settlements=thirteen)
    twelve = {s.id: ["Ann"] for s in board().settlements[:12]}
    assert ls.score(rec(settlements=twelve)).gold["Ann"] > 0


def test_start_tiles_belong_to_the_players():
    with pytest.raises(TrackwrightError, match=r"\$.starts.Zed: 'Zed' is not a player"):
        on_strip([], starts={"Ann": 9, "Ben": 11, "Cleo": 15, "Zed": 5})
    with pytest.raises(TrackwrightError, match=r"\$.starts.Cleo: Cleo needs 1 start tile"):
        on_strip([], starts={"Ann": 9, "Ben": 11})


def test_game_ends_when_a_player_cannot_reach_a_settlement():
    """After the example's turn 9 grey has a merchant on every settlement of the small board:
    on grey's next turn nothing can be reached, and the game ends (a player who only chooses
    not to build does not end it)."""
    state = ls.replay(seated(9))
    assert not state.ended and ls.reachable(seated(0), state, "grey") == []
    passing = ls.replay(example([GREY_1, P("black")]))
    assert not passing.ended  # black could build, but passes
    end = [*EXAMPLE_TURNS, P("black"), P("yellow"), P("grey")]
    ended = ls.replay(example(end, SEATS))
    assert ended.ended and ended.end_reason == "turn 12: grey can reach no settlement any more"
    with pytest.raises(TrackwrightError, match=r"turn 13 \(black\): the game is over"):
        ls.replay(example([*end, P("black")], SEATS))


def test_reachable_agrees_with_the_replay(tmp_path, capsys):
    """`score --reachable` lists what the end of the game is decided by."""
    from trackwright.cli import run

    row = "FffHfFffHffVff" + "ppppFppp"
    hexes = [
        {"q": q, "r": 0, "terrain": {"f": "forest"}.get(ch, "plain")} for q, ch in enumerate(row)
    ]
    spots = [
        {"id": f"{ch}{q}", "hex": [q, 0], "kind": KINDS[ch]}
        for q, ch in enumerate(row)
        if ch in KINDS
    ]
    (tmp_path / "m.json").write_text(
        json.dumps(
            {
                "format": "trackwright-map/1",
                "game": "lastrada",
                "hexes": hexes,
                "settlements": spots,
            }
        ),
        encoding="utf-8",
    )
    turns = []
    for start, end in ((14, 11), (11, 8), (8, 5), (5, 3)):
        turns += [west(start, end), *ROUND]
    record = {
        "game": "lastrada",
        "map": "m.json",
        "players": ["Ann", "Ben", "Cleo"],
        "starts": {"Ann": [[14, 0]], "Ben": [[16, 0]], "Cleo": [[20, 0]]},
        "turns": turns,
    }
    (tmp_path / "r.json").write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    assert run(["score", "lastrada", str(tmp_path / "r.json"), "--reachable", "Ann", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["reachable"]["roads"] == [] and data["reachable"]["days"] == 9
    assert data["reachable"]["never"] == "Ann can reach no settlement any more"
    assert data["turns"]["next"] == "Ann" and not data["turns"]["ended"]
    record["turns"].append(P("Ann"))
    (tmp_path / "r.json").write_text(json.dumps(record), encoding="utf-8")
    assert run(["score", "lastrada", str(tmp_path / "r.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["turns"]["ended"] is True
    assert run(["score", "lastrada", str(tmp_path / "r.json"), "--reachable", "Ben"]) == 0
    out = capsys.readouterr().out
    assert "F18 (Farm): 2 days" in out


def brute_force(m, sources, blocked, left, limit, need):
    """The cheapest road to each settlement by trying every simple path."""
    best = {}

    def walk(h, seen, counts, days, laid):
        for n in hexgrid.neighbours(h):
            if n not in m.terrain or n in seen or n in blocked:
                continue
            s = m.settlement_by_hex.get(n)
            if s is not None:
                if laid >= need and days < best.get(s.id, limit + 1):
                    best[s.id] = days
                continue
            t = m.terrain[n]
            cost = ls.RULES.cost(t)
            if counts[t] >= left[t] or days + cost > limit:
                continue
            walk(n, seen | {n}, {**counts, t: counts[t] + 1}, days + cost, laid + 1)

    for h in sources:
        walk(h, {h}, dict.fromkeys(left, 0), 0, 0)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_reachable_is_exact(seed):
    """The search over (hex, tiles per terrain) finds what trying every road finds, with
    small tile budgets and both readings of min_road_tiles."""
    import random

    rnd = random.Random(seed)
    rows = [
        "".join(rnd.choice("ppfhh") for _ in range(5)) + "ppppp"[: 5 * (row == 0)]
        for row in range(4)
    ]
    hexes, cells = [], []
    for row, line in enumerate(rows):
        for col, ch in enumerate(line):
            q, r = hexgrid.offset_to_axial(col, row)
            hexes.append({"q": q, "r": r, "terrain": {"f": "forest", "h": "hill"}.get(ch, "plain")})
            if col < 5:
                cells.append((q, r))
    start = cells[rnd.randrange(len(cells))]
    for h in hexes:
        if (h["q"], h["r"]) == start:
            h["terrain"] = "plain"
    spots = rnd.sample([c for c in cells if c != start], 4)
    settlements = [{"id": f"s{i}", "hex": list(h), "kind": "farm"} for i, h in enumerate(spots)]
    m = model.from_json(
        {
            "format": "trackwright-map/1",
            "game": "lastrada",
            "hexes": hexes,
            "settlements": settlements,
        }
    )
    # Ben's and Cleo's start tiles at the end of the row of plain hexes east of the field.
    others = {
        "B": [list(hexgrid.offset_to_axial(7, 0))],
        "C": [list(hexgrid.offset_to_axial(9, 0))],
    }
    data = {"game": "lastrada", "map": "x", "players": ["A", "B", "C"], "turns": []}
    data["starts"] = {"A": [list(start)], **others}
    if hexgrid.distance(start, tuple(others["B"][0])) < 2:
        pytest.skip("A's start tile is too near B's")
    record = ls.record_from_json(data, "g", m=m)
    state = ls.initial_state(record)
    budget = {"plain": rnd.randint(0, 3), "forest": rnd.randint(0, 2), "hill": rnd.randint(0, 2)}
    for need in (0, 1):
        rules = replace(
            ls.RULES,
            tiles=tuple((t, budget[t]) for t in model.ROAD_TERRAINS),
            min_road_tiles=need,
            max_reserve=rnd.randint(0, 6),
        )
        found = {r.settlement: r.days for r in ls.reachable(record, state, "A", rules=rules)}
        expected = brute_force(
            m, [start], set(state.starts) - {start}, budget, rules.max_days_per_turn, need
        )
        assert found == expected, (rows, start, budget, need)


# ------------------------------------------------------------------ a road lays a tile


def test_a_road_lays_at_least_one_tile():
    """A start tile next to a settlement: by the original preset the road lays at least one
    tile (round by a neighbouring hex); min_road_tiles 0 reaches it for free."""
    starts = {"grey": [H(3, 1)], "black": [H(12, 3)], "yellow": [H(0, 3)]}
    direct = {"player": "grey", "roads": [[H(3, 1), H(2, 1)]]}
    with pytest.raises(TrackwrightError, match="road 1: the road to V2 lays no road tile"):
        ls.replay(example([direct], starts=starts))
    around = {"player": "grey", "roads": [[H(3, 1), H(3, 0), H(2, 1)]]}
    assert ls.replay(example([around], starts=starts)).reserve["grey"] == 4
    free = replace(ls.RULES, min_road_tiles=0)
    state = ls.replay(example([direct], starts=starts), free)
    assert state.reserve["grey"] == 6 and state.merchants["V2"] == ["grey"]
    start = ls.initial_state(example([], starts=starts))
    roads = {r.settlement: r.days for r in ls.reachable(example([], starts=starts), start, "grey")}
    assert roads["V2"] == 2 and roads["C4"] == 2
    roads = {
        r.settlement: r.days
        for r in ls.reachable(example([], starts=starts), start, "grey", rules=free)
    }
    assert roads["V2"] == 0 and roads["C4"] == 0


def test_start_tiles_must_be_apart():
    with pytest.raises(TrackwrightError, match="next to grey's"):
        ls.replay(
            ls.record_from_json(
                {
                    "game": "lastrada",
                    "map": "x",
                    "players": ["grey", "black", "yellow"],
                    "starts": {"grey": [H(0, 1)], "black": [H(0, 2)], "yellow": [H(0, 3)]},
                    "turns": [],
                },
                "g",
                m=EXAMPLE,
            )
        )


# ------------------------------------------------------------------ two players


def two_player(turns, players=("black", "grey")):
    data = {
        "game": "lastrada",
        "map": "x",
        "players": list(players),
        "variant": "two-player",
        "starts": {"grey": [H(0, 1), H(0, 3)], "black": [H(12, 3), H(12, 0)]},
        "turns": turns,
    }
    return ls.record_from_json(data, "g", m=EXAMPLE)


TO_HAMLET = {"player": "grey", "roads": [[H(4, 1), H(5, 1), H(6, 1)]]}
BLACK_TO_FARM = {
    "player": "black",
    "roads": [[H(12, 3), H(12, 2), H(11, 2), H(10, 2), H(9, 2), H(9, 1)]],
}


def test_two_player_the_second_player_starts():
    """'Le deuxième joueur commence à jouer': the record's second player moves first."""
    assert ls.seat_order(two_player([])) == ("grey", "black")
    with pytest.raises(TrackwrightError, match=r"turn 1 \(black\): it is grey's turn"):
        ls.replay(two_player([BLACK_TO_FARM]))
    first = replace(ls.RULES, two_player_starts="first")
    assert ls.seat_order(two_player([]), first) == ("black", "grey")
    to_city = {"player": "black", "roads": [[H(12, 3), H(12, 2), H(11, 1)]]}
    assert ls.replay(two_player([to_city]), first).merchants["C11"] == ["black"]
    assert ls.seat_order(example([])) == ("grey", "black", "yellow")


def test_two_player_transit_through_a_rivals_settlement():
    through = {
        "player": "grey",
        "roads": [[H(6, 1), H(7, 1), H(8, 1), H(9, 1), H(10, 1), H(11, 1)]],
    }
    turns = [GREY_1, P("black"), TO_HAMLET, BLACK_TO_FARM, through]
    state = ls.replay(two_player(turns))
    assert state.merchants["F9"] == ["black"] and state.merchants["C11"] == ["grey"]
    assert state.reserve["grey"] == 4 + 6 - 7  # two plains and a forest, the farm in transit
    result = ls.score(two_player(turns))
    assert result.gold == {"black": 2, "grey": 4 + 5 + 3 + 5}  # each settlement's top value


def test_two_player_one_merchant_per_settlement():
    onto = {"player": "grey", "roads": [[H(6, 1), H(7, 1), H(8, 1), H(9, 1)]]}
    with pytest.raises(TrackwrightError, match="settlement F9 is taken"):
        ls.replay(two_player([GREY_1, P("black"), TO_HAMLET, BLACK_TO_FARM, onto]))
