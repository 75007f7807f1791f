"""Package discovery for the one installed package, ``trackwright``.

``trackwright`` is a namespace package spread over two folders, so that each half is a folder a
newcomer and their editor can see:

- ``scorer/trackwright/``: the pure-Python half the phone runs (core, the rules engines, the photo
  reader, the game registry, play);
- ``generator/trackwright/``: the CPython half (kits and drawing, views, CLI, web server);
- ``templates/`` (a flat data folder) is installed as ``trackwright.templates``.

Every package below them is found here, so a new one can never be left out of the wheel.
Everything else is in pyproject.toml.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

#: The two halves; the namespace's own modules (``__main__``, ``version``) are the CPython half's.
HALVES = ("generator", "scorer")
DATA_ROOTS = {"trackwright.templates": "templates"}


def _packages() -> dict[str, str]:
    """Each package's import name and its folder (relative, as setuptools wants it)."""
    found: dict[str, str] = {}
    for half in HALVES:
        for name in find_namespace_packages(half, include=["trackwright", "trackwright.*"]):
            found.setdefault(name, str(Path(half, *name.split("."))))
    for name, folder in DATA_ROOTS.items():
        found[name] = folder
        for sub in find_namespace_packages(folder):
            found[f"{name}.{sub}"] = str(Path(folder, *sub.split(".")))
    return found


PACKAGES = _packages()
setup(packages=sorted(PACKAGES), package_dir=PACKAGES)
