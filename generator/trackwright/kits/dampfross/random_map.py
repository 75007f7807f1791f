"""Random Dampfross maps from a seed: coherent land and sea, hill ranges, rivers along hex sides
from high ground to the sea, spread-out towns numbered 11..66, ports on the coast.

Everything random comes from one ``Rng(seed)``; the seed, the generator version and every
parameter are written into the map file, and the map itself is stored, so a saved map never
changes when the generator does.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from trackwright.core import dampfross as model
from trackwright.core import hexgrid, mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Corner, Hex, Side
from trackwright.core.rng import Rng
from trackwright.kits.dampfross.strings import t
from trackwright.kits.names import place_names
from trackwright.kits.noise import fbm, ridges

GENERATOR_VERSION = "1"
NUMBERS = 36


@dataclass(frozen=True)
class RandomParams:
    width: int = 30
    height: int = 22
    water: float = 0.30  # share of hexes that are sea
    hills: float = 0.14  # share of land hexes that are hills
    rivers: int | None = None  # default: one per ~130 hexes
    big_towns: int = 4  # towns that carry two numbers
    hex_size: float = model.DEFAULT_HEX_SIZE
    lang: str = "en"

    def checked(self) -> RandomParams:
        if self.width < 1 or self.height < 1:
            raise TrackwrightError.of("df.random.size", None, width=self.width, height=self.height)
        if not 0 <= self.water < 0.9:
            raise TrackwrightError.of("df.random.water", None, water=self.water)
        if not 0 <= self.hills < 0.8:
            raise TrackwrightError.of("df.random.hills", None, hills=self.hills)
        if not 0 <= self.big_towns <= NUMBERS // 2:
            raise TrackwrightError.of("df.random.big-towns", None, big_towns=self.big_towns)
        if self.rivers is not None and self.rivers < 0:
            raise TrackwrightError.of("df.random.rivers", None, rivers=self.rivers)
        towns = NUMBERS - self.big_towns
        land = self.width * self.height * (1 - self.water)
        if land < towns * 4:
            raise TrackwrightError.of(
                "df.random.too-small",
                None,
                width=self.width,
                height=self.height,
                water=self.water,
                towns=towns,
                need=towns * 4,
                land=int(land),
            )
        return self


def size_for_players(players: int) -> tuple[int, int]:
    """A map size that gives every player room: about 30 x 22 for 3 to 6 players."""
    if players <= 4:
        return 28, 20
    if players <= 6:
        return 30, 22
    return 34, 25


def _terrain(
    rng: Rng, hexes: list[Hex], p: RandomParams
) -> tuple[dict[Hex, str], dict[Hex, float]]:
    """Terrain of every hex, and the elevation it came from (rivers run down it)."""
    centres = [hexgrid.centre(h, 1.0) for h in hexes]
    xs = np.array([x for x, _y in centres])
    ys = np.array([y for _x, y in centres])
    span = max(p.width, p.height)
    elevation = fbm(rng, xs, ys, scale=max(6.0, span / 2.5), octaves=5)
    # Lower the land towards the map's edges so the sea surrounds a coherent land mass; how
    # far each edge drops varies, so some coasts run off the map and some bays cut deep.
    cols = np.array([hexgrid.axial_to_offset(h)[0] for h in hexes], dtype=np.float64)
    rows = np.array([h[1] for h in hexes], dtype=np.float64)
    band = 0.22
    drops = [rng.uniform(0.2, 0.7) for _ in range(4)]
    for dist, drop in zip(
        (
            cols / max(p.width - 1, 1),
            1 - cols / max(p.width - 1, 1),
            rows / max(p.height - 1, 1),
            1 - rows / max(p.height - 1, 1),
        ),
        drops,
        strict=True,
    ):
        near = np.clip(1 - dist / band, 0, 1)
        elevation = elevation - drop * near * near
    order = np.argsort(elevation, kind="stable")
    n_water = round(p.water * len(hexes))
    water = {hexes[i] for i in order[:n_water]}
    terrain = {h: ("water" if h in water else "plain") for h in hexes}

    # No land fragments too small to matter: islands under 8 hexes go under water.
    for group in hexgrid.components(h for h in hexes if terrain[h] != "water")[1:]:
        if len(group) < 8:
            for h in group:
                terrain[h] = "water"

    # Hills in ranges: ridged noise, weighted towards high ground.
    ridge = ridges(rng, xs, ys, scale=max(5.0, span / 3.0))
    lo, hi = float(elevation.min()), float(elevation.max())
    score = 0.6 * ridge + 0.4 * (elevation - lo) / (hi - lo or 1.0)
    land_idx = [i for i, h in enumerate(hexes) if terrain[h] != "water"]
    n_hills = round(p.hills * len(land_idx))
    for i in sorted(land_idx, key=lambda i: (-score[i], i))[:n_hills]:
        terrain[hexes[i]] = "hill"
    return terrain, dict(zip(hexes, elevation.tolist(), strict=True))


class _Relief:
    """A map's hex corners as its rivers see them: how high each is and whether it is wet (at
    the sea or off the map), and the steps from it, each worked out once (a river's walk asks
    again and again)."""

    def __init__(self, terrain: dict[Hex, str], elevation: dict[Hex, float], sea: set[Hex]) -> None:
        self.terrain, self.elevation, self.sea = terrain, elevation, sea
        self.heights: dict[Corner, float] = {}
        self.wets: dict[Corner, bool] = {}
        self.steps: dict[Corner, list[tuple[float, list[Hex], Corner, Side]]] = {}

    def height(self, c: Corner) -> float:
        """A corner's height: its three hexes' mean (water and off the map count -1)."""
        value = self.heights.get(c)
        if value is None:
            terrain, elevation = self.terrain, self.elevation
            value = self.heights[c] = (
                sum(
                    elevation.get(h, -1.0) if terrain.get(h, "water") != "water" else -1.0
                    for h in c
                )
                / 3
            )
        return value

    def wet(self, c: Corner) -> bool:
        """Whether a corner touches the sea or the map's edge."""
        value = self.wets.get(c)
        if value is None:
            value = self.wets[c] = any(h in self.sea or h not in self.terrain for h in c)
        return value

    def around(self, corner: Corner) -> list[tuple[float, list[Hex], Corner, Side]]:
        """The steps from a corner: (height, sort key, neighbouring corner, side between)."""
        steps = self.steps.get(corner)
        if steps is None:
            steps = self.steps[corner] = [
                (self.height(n), sorted(n), n, s) for n, s in hexgrid.corner_neighbours(corner)
            ]
        return steps

    def walk(self, src: Corner, on_river: set[Corner]) -> tuple[list[Side], set[Corner], bool]:
        """A river from corner ``src``, always to the lowest corner not yet on it (400 steps at
        most): the sides it runs along, the corners it passed, and whether it reached the sea,
        the map's edge or another river (not a side touching water, a lake or a hollow)."""
        path: list[Side] = []
        visited = {src}
        corner = src
        for _ in range(400):
            options = [o for o in self.around(corner) if o[2] not in visited]
            if not options:
                break
            _h, _key, nxt, s = min(options)
            if any(self.terrain.get(h, "water") == "water" for h in s):
                break  # the side itself touches water: this is the mouth
            path.append(s)
            visited.add(nxt)
            corner = nxt
            if self.wet(nxt) or nxt in on_river:
                return path, visited, True
        return path, visited, False


def _near_used(anchor: Hex, used_near: dict[tuple[int, int], list[Hex]]) -> bool:
    """Whether another river's source is less than 5 hexes from ``anchor`` (such a source is in
    the next cells of 5 x 5, axial)."""
    cell = (anchor[0] // 5, anchor[1] // 5)
    near = (
        s
        for dq in (-1, 0, 1)
        for dr in (-1, 0, 1)
        for s in used_near.get((cell[0] + dq, cell[1] + dr), ())
    )
    return any(hexgrid.distance(anchor, s) < 5 for s in near)


def _rivers(
    rng: Rng, terrain: dict[Hex, str], elevation: dict[Hex, float], count: int, sea: set[Hex]
) -> set[Side]:
    """Rivers from hill corners down to the sea (or off the map, or into another river), along
    hex sides between land hexes; a river that ends in a lake or a hollow is not kept."""
    relief = _Relief(terrain, elevation, sea)
    land = [h for h in terrain if terrain[h] != "water"]
    sources = sorted(
        {
            c
            for h in land
            if terrain[h] == "hill"
            for c in hexgrid.corners_of(h)
            if not relief.wet(c)
        },
        key=lambda c: (-relief.height(c), sorted(c)),
    )
    rivers: set[Side] = set()
    on_river: set[Corner] = set()
    used_sources: list[Hex] = []
    used_near: dict[tuple[int, int], list[Hex]] = {}
    attempts = 0
    left = _Remaining(len(sources))  # the sources not tried yet, in their order
    while len(used_sources) < count and left.count and attempts < count * 20:
        attempts += 1
        # A random source among the higher half, away from other rivers' sources.
        at = left.nth(rng.below(max(1, left.count // 2)))
        src = sources[at]
        anchor = min(src)
        if _near_used(anchor, used_near):
            left.remove(at)
            continue
        path, visited, reached_sea = relief.walk(src, on_river)
        left.remove(at)
        if reached_sea and len(path) >= 4:
            rivers.update(path)
            on_river.update(visited)
            used_sources.append(anchor)
            used_near.setdefault((anchor[0] // 5, anchor[1] // 5), []).append(anchor)
    return rivers


class _Remaining:
    """The positions 0..n-1 of a list, some removed: the k-th one still there and a removal,
    each in O(log n) (a Fenwick tree of ones), where deleting from the list itself costs O(n)."""

    def __init__(self, n: int) -> None:
        self.count = n
        self.tree = [0] * (n + 1)
        for i in range(1, n + 1):
            self.tree[i] += 1
            j = i + (i & -i)
            if j <= n:
                self.tree[j] += self.tree[i]
        self.top = 1 << max(0, n.bit_length() - 1) if n else 0

    def remove(self, at: int) -> None:
        i = at + 1
        while i < len(self.tree):
            self.tree[i] -= 1
            i += i & -i
        self.count -= 1

    def nth(self, k: int) -> int:
        """The position of the k-th (from 0) remaining one."""
        pos, step = 0, self.top
        while step:
            nxt = pos + step
            if nxt < len(self.tree) and self.tree[nxt] <= k:
                pos = nxt
                k -= self.tree[nxt]
            step >>= 1
        return pos


def _towns(rng: Rng, terrain: dict[Hex, str], p: RandomParams) -> list[tuple[Hex, int]]:
    """Towns spread out over the main land mass (best-candidate sampling), never neighbours,
    with a few more on the coast; returns (hex, how many numbers) pairs."""
    land = [h for h in terrain if terrain[h] != "water"]
    main = hexgrid.components(land)[0]
    candidates = sorted(h for h in main if terrain[h] == "plain") or sorted(main)
    count = NUMBERS - p.big_towns

    def coastal(h: Hex) -> bool:
        return any(terrain.get(n, "water") == "water" for n in hexgrid.neighbours(h))

    towns: list[Hex] = [rng.choice(candidates)]
    while len(towns) < count:
        best, best_score = None, -1.0
        for _ in range(16):
            c = rng.choice(candidates)
            gap = min(hexgrid.distance(c, t) for t in towns)
            if gap < 2:
                continue
            score = gap + (0.6 if coastal(c) else 0.0) + rng.random() * 0.3
            if score > best_score:
                best, best_score = c, score
        if best is None:  # crowded: take any hex that is not next to a town
            free = [c for c in candidates if min(hexgrid.distance(c, t) for t in towns) >= 2]
            if not free:
                raise TrackwrightError.of(
                    "df.random.no-room", None, width=p.width, height=p.height, count=count
                )
            best = rng.choice(free)
        towns.append(best)

    # Big towns: the ones with most land around them.
    def room(h: Hex) -> int:
        return sum(1 for n in hexgrid.neighbours(h) if terrain.get(n, "water") != "water")

    big = set(sorted(towns, key=lambda h: (-room(h) - (1 if coastal(h) else 0), h))[: p.big_towns])
    return [(h, 2 if h in big else 1) for h in towns]


def generate(seed: int, params: RandomParams | None = None) -> model.DampfrossMap:
    """A random map; the same seed and parameters give the same map everywhere."""
    p = (params or RandomParams()).checked()
    rng = Rng(seed)
    hexes = hexgrid.rectangle(p.width, p.height)
    terrain, elevation = _terrain(rng, hexes, p)
    river_count = p.rivers if p.rivers is not None else max(1, round(p.width * p.height / 130))
    sea = model.sea_hexes(terrain)
    rivers = _rivers(rng, terrain, elevation, river_count, sea)
    placed = _towns(rng, terrain, p)
    numbers = rng.shuffled(list(model.DICE_NUMBERS))
    names = place_names(rng, len(placed), p.lang)
    towns: list[dict[str, Any]] = []
    k = 0
    for (h, n), name in zip(placed, names, strict=True):
        towns.append({"name": name, "hex": list(h), "numbers": sorted(numbers[k : k + n])})
        k += n
    towns.sort(key=lambda t: t["numbers"][0])
    ports = sorted(
        t["name"] for t in towns if any(n in sea for n in hexgrid.neighbours(tuple(t["hex"])))
    )
    settings = asdict(p)
    settings["rivers"] = river_count
    data = {
        "format": mapfile.FORMAT,
        "game": "dampfross",
        "name": t("df_random_map", p.lang, seed=seed),
        "version": "1",
        "generator": {
            "name": "trackwright-dampfross-random",
            "version": GENERATOR_VERSION,
            "seed": seed,
            "params": settings,
        },
        "hex_size": p.hex_size,
        "start": "town",
        "hexes": [{"q": q, "r": r, "terrain": terrain[(q, r)]} for q, r in hexes],
        "rivers": [[list(a), list(b)] for a, b in sorted(rivers)],
        "towns": towns,
        "ports": ports,
    }
    return model.from_json(data, f"random map {seed}")
