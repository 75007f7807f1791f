"""What the tests and the benchmarks share (benchmarks import ``tests.support``, never the other
way round; nothing here is installed with trackwright):

- ``cli``: the ``trackwright`` command run in-process, its exit code, stdout and stderr;
- ``simulate``: seeded TransAmerica rounds and games played by a bot;
- ``photo_scenes``: generated photos of a TransAmerica table, with the truth;
- ``dampfross_taps``, ``lastrada_taps``: the taps a table makes to enter a game on the phone;
- ``pdfgeom``: what a PDF page draws, in millimetres.
"""
