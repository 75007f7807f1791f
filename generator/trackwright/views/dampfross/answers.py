"""Dampfross's answers at the table (``score dampfross --cheapest``, ``--race``) as lines of
text in the chosen language: the answer first, in the printed map's words (town names, hex
labels, the route). The words the phone app shows too (pips, hexes, fares) are its own
(``page``: the language's part of static/games/dampfross.strings.json)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trackwright.core.dampfross import DampfrossMap
from trackwright.kits.dampfross.strings import t


def plural(key: str, n: int, lang: str) -> str:
    """The page's key for n things (``.one``, ``.other``), as Intl.PluralRules chooses: French
    says one for 0 and 1."""
    one = n == 1 or (lang == "fr" and n == 0)
    return f"{key}.{'one' if one else 'other'}"


def page_text(page: Mapping[str, str], key: str, **values: object) -> str:
    """One of the phone app's texts, its {placeholders} filled in."""
    return page[key].format(**values)


def _place(m: DampfrossMap, label: str) -> str:
    h = m.hex_of_label(label)
    town = m.town_by_hex.get(h) if h is not None else None
    return f"{town.name} ({label})" if town else label


def _route(m: DampfrossMap, labels: list[str]) -> str:
    return " → ".join(_place(m, x) for x in labels)


def _steps(n: int, lang: str) -> str:
    return t("df_ans_step_one" if n == 1 else "df_ans_step_other", lang, n=n)


def _points(n: int, lang: str) -> str:
    return t("df_ans_point_one" if n == 1 else "df_ans_point_other", lang, n=n)


def cheapest_lines(
    m: DampfrossMap, c: dict[str, Any], roll: int | None, lang: str = "en"
) -> list[str]:
    """The cheapest line: where to, what it costs, its route, and how far a roll gets."""
    goal = _place(m, c["hex"])
    steps = len(c["route"]) - 1
    if steps == 0:
        return [t("df_ans_built", lang, goal=goal, player=c["player"])]
    out = [
        t(
            "df_ans_cheapest",
            lang,
            player=c["player"],
            goal=goal,
            points=_points(c["cost"], lang),
            payments=c["payments"],
            steps=_steps(steps, lang),
        ),
        "  " + t("df_ans_route", lang, route=_route(m, c["route"])),
    ]
    if roll is not None and c["reach"]:
        reach = c["route"][: len(c["reach"])]
        place = _place(m, reach[-1])
        said = t("df_ans_reach", lang, roll=roll, place=place, steps=_steps(len(reach) - 1, lang))
        out.append("  " + said)
    return out


def _runner(player: str, r: dict[str, Any], lang: str, page: Mapping[str, str]) -> str:
    fares = ", ".join(f"{k} {v}" for k, v in r["fares"].items()) or t("df_ans_no_fares", lang)
    hexes = len(r["labels"]) - 1
    return t(
        "df_ans_runner",
        lang,
        player=player,
        pips=page_text(page, plural("df.route-pips", r["pips"], lang), count=r["pips"]),
        hexes=page_text(page, plural("df.route-hexes", hexes, lang), count=hexes),
        fares=page_text(page, "df.fares", fares=fares),
    )


def race_lines(
    m: DampfrossMap, race: dict[str, Any], lang: str, page: Mapping[str, str]
) -> list[str]:
    """Each player's fastest route, the fastest first (fewest pips, then fewest fares)."""
    route = f"{race['from']} {race['from_town']} → {race['to']} {race['to_town']}"
    out = [t("df_ans_race", lang, route=route)]
    routes = race["routes"]
    running = sorted(
        (p for p, r in routes.items() if r is not None),
        key=lambda p: (routes[p]["pips"], sum(routes[p]["fares"].values())),
    )
    for player in running:
        out.append("  " + _runner(player, routes[player], lang, page))
        out.append(f"    {_route(m, routes[player]['labels'])}")
    no_route = page["df.no-route"]
    for player in (p for p, r in routes.items() if r is None):
        out.append("  " + t("df_ans_no_route", lang, player=player, no_route=no_route))
    return out


def answer_lines(
    m: DampfrossMap,
    data: dict[str, Any],
    roll: int | None,
    lang: str,
    page: Mapping[str, str],
) -> list[str]:
    """Every answer asked for (none: an empty list)."""
    out: list[str] = []
    if "cheapest" in data:
        out += cheapest_lines(m, data["cheapest"], roll, lang)
    if "race" in data:
        out += race_lines(m, data["race"], lang, page)
    return out
