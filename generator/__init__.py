"""trackwright: print-and-play kits and exact scoring for route-building board games."""

__version__ = "0.1.0"
