"""La Strada: the board pieces, the scoring table, both variants, tie-breaks, the rules text's
example (grey's three turns), illegal turns, and tiles that print at the board's size."""

from __future__ import annotations

import itertools
import json

import pytest
from trackwright.core import hexgrid, mapfile
from trackwright.core import lastrada as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.lastrada import GOLD
from trackwright.kits.lastrada import arrange, kit, tiles
from trackwright.scorer import lastrada as ls

# ------------------------------------------------------------------ the board


def test_pieces_match_the_tile_supply_and_never_crowd_settlements():
    data = arrange.pieces_data()
    letters = "".join("".join(rings) for rings in data["pieces"].values())
    land = {c: letters.count(c) for c in "pfh"}
    total = sum(land.values())
    assert (
        round(land["p"] / total, 2),
        round(land["f"] / total, 2),
        round(land["h"] / total, 2),
    ) == (0.58, 0.25, 0.17)  # the tile supply is 18 : 8 : 5
    for order in itertools.permutations(sorted(set(data["pieces"]) - {"A"})):
        spots = [(0, 0)]
        for position, piece in enumerate(("A", *order)):
            spots += [
                h for h, ch in arrange.piece_cells(data["pieces"][piece], position) if ch == "S"
            ]
        assert len(spots) == 19
        assert min(hexgrid.distance(a, b) for a, b in itertools.combinations(spots, 2)) >= 2


@pytest.mark.parametrize("seed", range(1, 11))
def test_arranged_boards(seed):
    m = arrange.arrange(seed)
    assert len(m.terrain) == 127 and hexgrid.components(m.terrain)[0] == set(m.terrain)
    assert m.kind_counts() == {"city": 4, "fortified_village": 5, "hamlet": 5, "farm": 5}
    assert m.pieces[0].id == "A" and m.pieces[0].start
    assert sorted(p.position for p in m.pieces) == list(range(6))
    again = model.from_json(json.loads(mapfile.dumps(m.to_json())))
    assert again.to_json() == m.to_json()


def test_seeds_are_reproducible_and_differ():
    a = mapfile.dumps(arrange.arrange(5).to_json())
    assert a == mapfile.dumps(arrange.arrange(5).to_json())
    assert a != mapfile.dumps(arrange.arrange(6).to_json())


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


def example(turns, **extra):
    data = {
        "game": "lastrada",
        "map": "x",
        "players": ["grey", "black", "yellow"],
        "starts": {"grey": [H(0, 1)], "black": [H(12, 3)], "yellow": [H(0, 3)]},
        "turns": turns,
        **extra,
    }
    return ls.record_from_json(data, "game.json", m=EXAMPLE)


def test_greys_three_turns():
    r = example([GREY_1])
    state = ls.replay(r)
    # Turn 1: a hill tile (4 days) to the fortified village, a plain tile (2) to the city.
    assert state.merchants["V2"] == ["grey"] and state.merchants["C4"] == ["grey"]
    assert state.reserve["grey"] == 0 and state.used["grey"] == {"hill": 1, "plain": 1}
    # Black has reached the second city and the farm.
    state = ls.replay(example([GREY_1, BLACK_1, BLACK_2]))
    assert state.merchants["C11"] == ["black"] and state.merchants["F9"] == ["black"]
    # Turn 2: three plain tiles (6 days): the hamlet, then the farm, where black already is.
    state = ls.replay(example([GREY_1, BLACK_1, BLACK_2, GREY_2]))
    assert state.merchants["H6"] == ["grey"] and state.merchants["F9"] == ["black", "grey"]
    assert state.reserve["grey"] == 0
    # The city was out of reach with 6 days; next turn the forest would cost 3 ...
    roads = {
        road.settlement: road
        for road in ls.reachable(example([GREY_1, BLACK_1, BLACK_2, GREY_2]), state, "grey")
    }
    assert roads["C11"].days == 3 and roads["C11"].path == (
        tuple(H(9, 1)),
        tuple(H(10, 1)),
        tuple(H(11, 1)),
    )
    # ... turn 3: grey spends all 6 days going round the forest instead.
    result = ls.score(example([GREY_1, BLACK_1, BLACK_2, GREY_2, GREY_3]))
    # Village 4 + city 5 + hamlet 3 alone; farm 1 and city 4 shared with black.
    assert result.gold == {"grey": 4 + 5 + 3 + 1 + 4, "black": 1 + 4, "yellow": 0}
    assert result.winners == ("grey",) and result.reserve["grey"] == 0


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
            [GREY_1, {"player": "grey", "roads": [[H(4, 1), H(3, 0), H(2, 1)]]}],
            "settlement V2 already has grey's merchant",
        ),
        (
            [
                GREY_1,
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
                {
                    "player": "grey",
                    "roads": [[H(2, 1), H(3, 2), H(4, 2), H(4, 1), H(5, 1), H(6, 1)]],
                },
            ],
            "runs through settlement C4",
        ),
        ([{"player": "grey", "roads": [[H(0, 1), H(2, 1)]]}], "are not neighbours"),
    ],
)
def test_illegal_turns(turns, message):
    with pytest.raises(TrackwrightError, match=message) as info:
        ls.replay(example(turns))
    assert "turn" in str(info.value)


def test_reserve_is_capped_at_ten():
    state = ls.replay(example([GREY_1, BLACK_1, BLACK_2, GREY_2, GREY_3]))
    assert state.reserve["black"] == 4  # 6 - 2, then 4 + 6 - 6
    big = example([])
    state = ls.initial_state(big)
    state.reserve["black"] = 10
    after = ls.apply_turn(
        big, state, {"player": "black", "roads": [[H(12, 3), H(12, 2), H(11, 1)]]}, 1
    )
    assert after.reserve["black"] == 10  # 10 + 6 - 2 = 14, kept: 10


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


def test_game_ends_when_a_player_cannot_reach_a_settlement():
    """After turn 3 grey has a merchant on every settlement of the small board: on grey's next
    turn nothing can be reached, and the game ends (a player who only chooses not to build
    does not end it)."""
    state = ls.replay(example([GREY_1, BLACK_1, BLACK_2, GREY_2, GREY_3]))
    assert not state.ended and ls.reachable(example([]), state, "grey") == []
    passing = ls.replay(example([GREY_1, {"player": "black"}]))
    assert not passing.ended  # black could build, but passes
    ended = ls.replay(example([GREY_1, BLACK_1, BLACK_2, GREY_2, GREY_3, {"player": "grey"}]))
    assert ended.ended and "grey could not reach any settlement" in ended.end_reason
    with pytest.raises(TrackwrightError, match="the game is over"):
        ls.replay(
            example(
                [GREY_1, BLACK_1, BLACK_2, GREY_2, GREY_3, {"player": "grey"}, {"player": "black"}]
            )
        )


def two_player(turns):
    data = {
        "game": "lastrada",
        "map": "x",
        "players": ["grey", "black"],
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


def test_two_player_transit_through_a_rivals_settlement():
    through = {
        "player": "grey",
        "roads": [[H(6, 1), H(7, 1), H(8, 1), H(9, 1), H(10, 1), H(11, 1)]],
    }
    turns = [GREY_1, {"player": "black"}, TO_HAMLET, BLACK_TO_FARM, through]
    state = ls.replay(two_player(turns))
    assert state.merchants["F9"] == ["black"] and state.merchants["C11"] == ["grey"]
    assert state.reserve["grey"] == 4 + 6 - 7  # two plains and a forest, the farm in transit
    result = ls.score(two_player(turns))
    assert result.gold == {"grey": 4 + 5 + 3 + 5, "black": 2}  # each settlement's top value


def test_two_player_one_merchant_per_settlement():
    onto = {"player": "grey", "roads": [[H(6, 1), H(7, 1), H(8, 1), H(9, 1)]]}
    with pytest.raises(TrackwrightError, match="settlement F9 is taken"):
        ls.replay(two_player([GREY_1, {"player": "black"}, TO_HAMLET, BLACK_TO_FARM, onto]))


# ------------------------------------------------------------------ tiles


@pytest.mark.parametrize("size", [12.0, 15.0, 20.0])
def test_tiles_are_the_boards_hex_size(size):
    from trackwright.kits.draw.ops import Group, Path

    m = arrange.arrange(1, hex_size=size)
    page = tiles.tile_pages(m, "a4", "en")[0]
    group = next(op for op in page.ops if isinstance(op, Group))
    outline = next(op for op in group.ops if isinstance(op, Path) and op.closed)
    radii = [(x * x + y * y) ** 0.5 for x, y in outline.subpaths[0]]
    assert all(abs(r - size) < 0.05 for r in radii)  # corner radius = the board's hex size
    board_hex = hexgrid.corner_points((0, 0), m.hex_size)
    assert all(abs((x * x + y * y) ** 0.5 - size) < 0.05 for x, y in board_hex)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_sit_behind_their_fronts(paper):
    from trackwright.kits.draw.ops import Group
    from trackwright.kits.layout import paper_size

    m = arrange.arrange(1)
    pages = tiles.tile_pages(m, paper, "en")
    pw, _ph = paper_size(paper)
    for front, back in ((pages[0], pages[1]), (pages[6], pages[7])):
        fronts = sorted(
            (round(op.dx, 3), round(op.dy, 3)) for op in front.ops if isinstance(op, Group)
        )
        backs = sorted(
            (round(pw - op.dx, 3), round(op.dy, 3)) for op in back.ops if isinstance(op, Group)
        )
        assert fronts == backs  # mirrored across the long edge, every back on its front


def test_tile_counts():
    roads = tiles.road_tiles()
    assert len(roads) == 124
    per = {(t.player, t.terrain) for t in roads}
    assert len(per) == 12
    assert sum(1 for t in roads if t.player == 0 and t.terrain == "plain") == 18


def test_kit_documents():
    docs = kit.documents(arrange.arrange(2), kit.KitOptions(lang="it"))
    assert set(docs) == {"board-poster", "board-a4", "pieces-a4", "tiles-a4", "rules-a4"}
    assert len(docs["pieces-a4"].pages) == 8  # six pieces and two frame sheets
    assert len(docs["tiles-a4"].pages) == 9
