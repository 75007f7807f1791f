"""The table-side app's Python: what the phone runs in its browser (Pyodide) and the laptop's
server runs alike. Pure Python over the game registry: scoring a record as ``trackwright score
--json`` does (:mod:`.bridge`), and merging two devices' changes to one game (:mod:`.merge`).
Nothing here draws or serves; the pages only present what these functions decide."""
