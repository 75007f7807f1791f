"""The documentation says what the code does: the MkDocs site builds in strict mode (a broken
link or anchor fails), the file-format pages are what docs/gen_formats.py writes from the
schemas, every command a reader is shown (a ``$ `` line in a ``console`` block) runs, and every
benchmark table names a script that prints such a table (docs/development.md says how to mark
them)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT, ensure_npm

DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))

#: A fenced block: its info string and its lines; what the comment line just above it says.
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)
BENCHMARK = re.compile(r"^<!-- benchmark: (\S+)((?: [^>]*?)?) -->\n((?:\|.*\n?)+)", re.M)


@dataclass(frozen=True)
class Block:
    page: str
    line: int
    commands: tuple[str, ...]
    slow: bool

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def console_blocks() -> list[Block]:
    blocks = []
    for path in PAGES:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) != "console":
                continue
            line = text.count("\n", 0, match.start()) + 1
            before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
            commands = tuple(raw[2:] for raw in match.group(2).splitlines() if raw.startswith("$ "))
            assert commands, f"{path}:{line}: a console block with no `$ ` line"
            blocks.append(
                Block(str(path.relative_to(DOCS)), line, commands, before == "<!-- slow -->")
            )
    return blocks


BLOCKS = console_blocks()


def test_the_site_builds_in_strict_mode(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "index.html").is_file()
    # The architecture page includes ARCHITECTURE.md itself (pymdownx.snippets), not a copy.
    prose = [
        line
        for line in (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8").splitlines()
        if line and line[0].isalpha() and "`" not in line
    ]
    html = (tmp_path / "architecture" / "index.html").read_text(encoding="utf-8")
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert " ".join(prose[0].split()[:5]) in text


def test_every_page_is_in_the_navigation():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r":\s*(\S+\.md)\s*$", nav, re.M))
    assert {str(p.relative_to(DOCS)) for p in PAGES} == listed


def _generator():
    spec = importlib.util.spec_from_file_location("gen_formats", DOCS / "gen_formats.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_format_pages_are_written_from_the_schemas():
    gen = _generator()
    pages = gen.pages()
    schemas = {p.name.removesuffix(".schema.json") for p in gen.SCHEMAS.glob("*.schema.json")}
    assert set(gen.PAGES) == schemas, "a schema without a page (add it to PAGES in gen_formats)"
    for name, text in pages.items():
        path = DOCS / "formats" / name
        assert path.is_file() and path.read_text(encoding="utf-8") == text, (
            f"docs/formats/{name} is not what the schema says: run `python docs/gen_formats.py`"
        )


def _folder(tmp_path: Path) -> dict[str, str]:
    """A fresh folder as a reader's clone looks from the docs' point of view: the repository's
    templates/ and tests/ beside an empty output/, and `trackwright` on the PATH as this
    Python's (the repository under test's code first)."""
    for name in ("templates", "tests"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    bin_dir = tmp_path / ".bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "trackwright"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m trackwright "$@"\n')
    wrapper.chmod(0o755)
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(bin_dir), str(Path(sys.executable).parent), env["PATH"]])
    env["PYTHONPATH"] = os.pathsep.join(str(ROOT / p) for p in ("scorer", "generator", ""))
    env.pop("TRACKWRIGHT_PROGRESS", None)
    return env


@pytest.mark.parametrize(
    "block",
    [pytest.param(b, marks=[pytest.mark.slow] if b.slow else [], id=b.id) for b in BLOCKS],
)
@pytest.mark.skipif(
    os.name == "nt", reason="the docs' commands are sh lines, run by bash: on Windows, in WSL"
)
def test_every_command_shown_runs(block: Block, tmp_path, request):
    if any(c.startswith("trackwright site") for c in block.commands):
        if not ensure_npm():
            if os.environ.get("CI"):
                pytest.fail("npm could not be installed", pytrace=False)
            pytest.skip("npm is not installed (apt-get install npm)")
        # After the run's own build of the app (tests/conftest.py phone_site), as a reader's
        # second build comes after their first: its printed kits and snapshot are then kept, not
        # made a second time beside it.
        request.getfixturevalue("phone_site")
    env = _folder(tmp_path)
    for command in block.commands:
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert done.returncode == 0, (
            f"{block.id}: `{command}` exited {done.returncode}\n"
            f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        )


def test_the_commands_shown_are_found():
    # The pages a reader starts from show runnable commands (a broken pattern would find none).
    pages = {b.page for b in BLOCKS}
    for page in ("install.md", "print/transamerica.md", "score/dampfross.md", "score/lastrada.md"):
        assert page in pages


def _words(text: str) -> set[str]:
    """The words of a label that a script must print: letters only, three or more, lower case."""
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]{2,}", text)}


def benchmark_tables() -> list[tuple[str, str, str, str]]:
    tables = []
    for path in PAGES:
        for match in BENCHMARK.finditer(path.read_text(encoding="utf-8")):
            tables.append((str(path.relative_to(DOCS)), match[1], match[2].strip(), match[3]))
    return tables


def test_benchmark_tables_name_the_script_that_prints_them():
    tables = benchmark_tables()
    assert len(tables) >= 8, "the speed, score and photo tables are marked"
    for page, script, args, table in tables:
        source_path = ROOT / script
        assert source_path.is_file(), f"{page}: {script} does not exist"
        source = source_path.read_text(encoding="utf-8").lower()
        for option in re.findall(r"--[a-z-]+", args):
            assert f'"{option}"' in source, f"{page}: {script} takes no {option}"
        rows = [r.strip().strip("|").split("|") for r in table.strip().splitlines()]
        labels = [cell for cell in rows[0]] + [row[0] for row in rows[2:]]
        for label in labels:
            missing = {w for w in _words(label.replace("`", "")) if w not in source}
            assert not missing, f"{page}: {script} prints no {sorted(missing)} (in {label!r})"


def test_no_figure_without_its_script_in_the_speed_page():
    # Every table on the speed page is a benchmark's.
    text = (DOCS / "speed.md").read_text(encoding="utf-8")
    tables = re.findall(r"(?:^\|.*\n)+", text, re.M)
    marked = [m[3] for m in BENCHMARK.finditer(text)]
    assert len(tables) == len(marked)
