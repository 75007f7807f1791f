"""``python -m trackwright``: the same command as ``trackwright``."""

from trackwright.cli import main

main()
