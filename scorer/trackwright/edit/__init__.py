"""The map editor's engine side: what the editor page asks a game about a draft map, in pure
Python (it runs in the phone's Pyodide worker), one module per game and the shared
:mod:`trackwright.edit.common`. Each game registers them as its ``questions``
(``scorer/trackwright/games/<game>.py``); the page asks with ``Engine.ask(name, {"game", "map":
<draft>}, args)``:

- ``map_check`` (args ``{"lang", "exact", "rules"}``): ``{"problems": [P...], "measures": M,
  "finished": bool}``. Every problem the game's own loader finds (``game.map_from_json``, the
  one that prints and scores) and the editor's wider checks, all of them, each in the player's
  language at its place: P = ``{"kind", "message", "hexes", "sides", "cities", "nodes",
  "edges", "settlements"}`` (the keys that apply). M = ``{"lines": [{"label", "value",
  "note"}], "histogram": [[value, count], ...] | None, "warnings": [P...], ...raw numbers}``.
- ``map_exact`` (TransAmerica, args ``{"lang", "budget_ms"}``): every hand's cost, a part of
  ``budget_ms`` per answer, asked again until done: ``{"done", "total", "measures" (map_check's,
  exact; null until done), "progress"}``; the page asks it after exporting a map whose
  measures are a sample (``"exact": false``).
- ``map_start`` (args ``{"kind": "empty" | "random", "cols", "rows", "seed", "lang"}``): a map
  to start from; ``{"laptop": true, "message"}`` when only the laptop can make it (a random
  Dampfross or TransAmerica map: their generators need numpy and shapely).
- ``map_fill`` (Dampfross, args ``{"seed"}``): ``{"map", "made_big"}``, the dice numbers and
  ports filled in.
"""
