"""Package discovery for the one installed package, ``trackwright``.

The design card keeps the source in the top-level folders generator/ (core, kits, CLI, web),
scorer/ (the rules engines) and templates/ (data); they are installed as ``trackwright``,
``trackwright.scorer`` and ``trackwright.templates``. Every sub-package below them is found here,
so a new one can never be left out of the wheel. Everything else is in pyproject.toml.
"""

from setuptools import find_namespace_packages, find_packages, setup

ROOTS = {"trackwright": "generator", "trackwright.scorer": "scorer"}
DATA_ROOTS = {"trackwright.templates": "templates"}

packages: list[str] = []
for name, folder in ROOTS.items():
    packages += [name, *(f"{name}.{sub}" for sub in find_packages(folder))]
for name, folder in DATA_ROOTS.items():
    packages += [name, *(f"{name}.{sub}" for sub in find_namespace_packages(folder))]

setup(packages=packages, package_dir={**ROOTS, **DATA_ROOTS})
