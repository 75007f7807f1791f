"""trackwright's version, as installed: the one place it is written is pyproject.toml."""

from importlib.metadata import PackageNotFoundError, version

try:
    VERSION = version("trackwright")
except PackageNotFoundError:  # run from a source tree that was never installed
    VERSION = "0+unknown"
