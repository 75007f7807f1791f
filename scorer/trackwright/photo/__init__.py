"""Reading a photo of a printed TransAmerica board: which track spaces hold a piece.

Pure Python (the phone runs it in Pyodide, the command line in CPython): the caller decodes the
photo and scales it to a working size (Pillow on a computer, the browser's canvas on a phone)
and hands over its pixels as bytes; everything else is here.

- :mod:`.marks`: where the printed board carries its registration marks, from the map alone.
- :mod:`.image`: a photo's pixels as byte planes, and the few whole-image passes the reader makes.
- :mod:`.finder`: finding the marks in a photo.
- :mod:`.homography`: the projective map from the board's millimetres to the photo's pixels.
- :mod:`.tracks`: the whole reading: board found, registered, each track space judged.
"""
