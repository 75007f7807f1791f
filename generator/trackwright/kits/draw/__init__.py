"""Drawing operations in millimetres (``ops``) and their renderers (``pdf``, ``svg``, ``png``)."""

#: The formats a kit can be written in (``--format``); ``render`` makes them.
FORMATS = ("pdf", "svg")
