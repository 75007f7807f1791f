"""The quick start works beyond Linux, as far as can be shown on Linux (issue 27, point 1).

- The command run as on Windows: every file read or written with an explicit encoding (Python's
  ``-X warn_default_encoding`` with its EncodingWarning made an error: a file opened without
  one is read in cp1252 there) and the console in a Windows code page (``PYTHONIOENCODING=cp1252``,
  as a redirected or piped Windows console is): a kit of each game, the scorer in French, German
  and Italian, a bad photo, an error in French; no warning, no traceback.
- The source: no POSIX-only module (fcntl, resource, termios...) imported outside a guarded
  branch, no text file opened without an encoding, in scorer/ and generator/.
- The workflow that runs the README's commands on Ubuntu, macOS and Windows
  (.github/workflows/quickstart.yml) reads them from the README as test_readme_commands.py does.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.project import test_readme_commands as readme

SOURCES = [ROOT / "scorer" / "trackwright", ROOT / "generator" / "trackwright"]
EXAMPLES = ROOT / "templates"
#: Modules only POSIX systems have (none of them on Windows), and Windows' own.
POSIX_ONLY = {"fcntl", "resource", "termios", "tty", "pty", "pwd", "grp", "posix", "crypt"}
POSIX_ONLY |= {"spwd", "syslog", "nis", "readline", "curses"}
WINDOWS_ONLY = {"msvcrt", "winreg", "_winapi", "winsound"}
#: Attributes of os and signal that Windows lacks.
POSIX_ATTRS = {
    ("os", name)
    for name in (
        "fork",
        "forkpty",
        "geteuid",
        "getuid",
        "getgid",
        "setsid",
        "killpg",
        "getpgid",
        "mkfifo",
        "sched_getaffinity",
        "getloadavg",
        "uname",
        "chown",
        "wait4",
    )
} | {("signal", name) for name in ("SIGKILL", "SIGALRM", "SIGHUP", "SIGUSR1", "alarm", "pause")}


def windows_console_env() -> dict[str, str]:
    """This environment as a Windows console gives it: stdout and stderr in cp1252, UTF-8 mode
    off, the repository's code first."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONUTF8", "PYTHONWARNINGS", "TRACKWRIGHT_LANG", "TRACKWRIGHT_PROGRESS")
    }
    env["PYTHONIOENCODING"] = "cp1252"
    env["PYTHONPATH"] = os.pathsep.join(str(ROOT / p) for p in ("scorer", "generator", ""))
    return env


def trackwright(
    *args: str | Path, cwd: Path, lang: str | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``trackwright ARGS`` in a process of its own, an EncodingWarning an error, as on Windows
    (``lang``: the language the environment asks for, TRACKWRIGHT_LANG)."""
    env = windows_console_env()
    if lang is not None:
        env["TRACKWRIGHT_LANG"] = lang
    flags = ["-X", "utf8=0", "-X", "warn_default_encoding", "-W", "error::EncodingWarning"]
    return subprocess.run(
        [sys.executable, *flags, "-m", "trackwright", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        timeout=600,
    )


def clean(done: subprocess.CompletedProcess[bytes]) -> tuple[str, str]:
    """stdout and stderr as the cp1252 console shows them, with no warning and no traceback."""
    out, err = done.stdout.decode("cp1252"), done.stderr.decode("cp1252")
    assert "Traceback" not in err and "Warning" not in err, err[-3000:]
    return out, err


@pytest.mark.slow  # a whole kit each: 2-10 s
@pytest.mark.parametrize(
    ("game", "args", "checklist"),
    [
        ("transamerica", ["--lang", "fr"], "checklist-a4.pdf"),
        ("dampfross", ["--map", "france", "--lang", "de"], "checklist-a4.pdf"),
        ("lastrada", ["--lang", "it", "--paper", "letter"], "checklist-letter.pdf"),
    ],
)
def test_a_kit_of_each_game_as_on_windows(game, args, checklist, tmp_path):
    done = trackwright("generate", game, *args, "--out", tmp_path / "kit", cwd=tmp_path)
    out, err = clean(done)
    assert done.returncode == 0, err[-3000:]
    assert (tmp_path / "kit" / checklist).is_file(), sorted(p.name for p in tmp_path.rglob("*"))
    assert out.strip(), "the command says what it wrote"


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
@pytest.mark.parametrize("game", ["transamerica", "dampfross", "lastrada"])
def test_the_scorer_speaks_every_language_in_a_windows_code_page(game, lang, tmp_path):
    record = EXAMPLES / game / "examples" / "game.json"
    done = trackwright("score", game, record, "--lang", lang, cwd=tmp_path)
    out, err = clean(done)
    assert done.returncode == 0, err[-3000:]
    assert len(out.splitlines()) > 3, out
    # every sign the code page lacks (arrows, dice) printed in ASCII, none lost as "?"
    assert "?" not in out, [line for line in out.splitlines() if "?" in line][:5]


@pytest.mark.slow  # an explanation drawn: about 7 s
def test_json_and_explanations_in_a_windows_code_page(tmp_path):
    record = EXAMPLES / "transamerica" / "examples" / "game.json"
    done = trackwright("score", "transamerica", record, "--explain", "why.png", cwd=tmp_path)
    assert done.returncode == 0, clean(done)[1][-3000:]
    assert list(tmp_path.glob("why*.png"))
    done = trackwright(
        "score", "dampfross", EXAMPLES / "dampfross/examples/game.json", "--json", cwd=tmp_path
    )
    out, _err = clean(done)
    assert done.returncode == 0 and out.lstrip().startswith("{")
    done = trackwright("export", "transamerica", record, "--out", "portable.json", cwd=tmp_path)
    assert done.returncode == 0, clean(done)[1][-3000:]


@pytest.mark.parametrize(
    ("args", "env_lang", "words"),
    [
        (["photo", "read", "usa", "bad.png"], "fr", "pas une photo JPEG ou PNG"),
        (["score", "transamerica", "missing.json", "--lang", "fr"], None, "fichier introuvable"),
        (["score", "lastrada", "--lang", "de", "--nope"], None, "unbekannte Option"),
    ],
)
def test_a_mistake_is_one_line_in_a_windows_code_page(args, env_lang, words, tmp_path):
    (tmp_path / "bad.png").write_bytes(b"not a photo\n")
    done = trackwright(*args, cwd=tmp_path, lang=env_lang)
    _out, err = clean(done)
    assert done.returncode == 2, err
    assert len(err.strip().splitlines()) == 1 and words in err, err


def _guarded(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Inside a try that catches ImportError (or AttributeError), or a branch (if, conditional
    expression) that asks the platform or hasattr."""
    child, node = node, parents.get(node)
    while node is not None:
        if isinstance(node, ast.Try) and child in node.body:
            caught = " ".join(ast.unparse(h.type) for h in node.handlers if h.type is not None)
            if any(e in caught for e in ("ImportError", "ModuleNotFoundError", "AttributeError")):
                return True
        if isinstance(node, ast.If | ast.IfExp) and child is not node.test:
            test = ast.unparse(node.test)
            if any(w in test for w in ("sys.platform", "os.name", "hasattr", "platform.system")):
                return True
        child, node = node, parents.get(node)
    return False


def _unguarded_platform_code(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    found = []
    for node in ast.walk(tree):
        names: set[str] = set()
        if isinstance(node, ast.Import):
            names = {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = {node.module.split(".")[0]}
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and (node.value.id, node.attr) in POSIX_ATTRS
        ):
            names = {f"{node.value.id}.{node.attr}"}
        names = {n for n in names if n in POSIX_ONLY | WINDOWS_ONLY or "." in n}
        if names and not _guarded(node, parents):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {', '.join(sorted(names))}")
    return found


def test_no_platform_only_module_outside_a_guarded_branch():
    found = [
        f for src in SOURCES for p in sorted(src.rglob("*.py")) for f in _unguarded_platform_code(p)
    ]
    assert found == [], "POSIX- or Windows-only code the CLI may reach unguarded:\n" + "\n".join(
        found
    )


TEXT_OPENERS = {"open", "read_text", "write_text", "TextIOWrapper", "fdopen"}


def _mode(call: ast.Call) -> str | None:
    for arg in [*call.args, *(k.value for k in call.keywords if k.arg == "mode")]:
        text = arg.value if isinstance(arg, ast.Constant) else None
        if isinstance(text, str) and set(text) <= set("rwxabt+"):
            return text
    return None


def _needs_encoding(call: ast.Call) -> bool:
    """A text file opened (or a process's text read) without saying its encoding."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    keywords = {k.arg for k in call.keywords}
    if "encoding" in keywords:
        return False
    if name in ("run", "Popen", "check_output"):
        return bool(keywords & {"text", "universal_newlines"})
    if name not in TEXT_OPENERS or "b" in (_mode(call) or ""):
        return False
    if name == "open" and isinstance(func, ast.Attribute) and func.attr == "open":
        # os.open, tarfile.open, Image.open...: not text files; Path.open is a text opener
        return ast.unparse(func.value) not in ("os", "tarfile", "Image", "zipfile", "gzip")
    return not (name == "read_text" and call.args) and not (
        name == "write_text" and len(call.args) > 1
    )


def test_every_text_file_is_opened_with_an_encoding():
    found = [
        f"{p.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:90]}"
        for src in SOURCES
        for p in sorted(src.rglob("*.py"))
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and _needs_encoding(node)
    ]
    assert found == [], "say encoding='utf-8' (Windows would use cp1252):\n" + "\n".join(found)


def _quickstart():
    return readme.QUICKSTART


def test_the_workflow_reads_the_readme_commands():
    for language in ("sh", "powershell"):
        assert len(readme.commands(readme.quick_start(), language)) == 2


def test_the_workflow_runs_them_on_the_three_systems_in_their_shells():
    yaml = pytest.importorskip("yaml")
    flow = yaml.safe_load((ROOT / ".github/workflows/quickstart.yml").read_text(encoding="utf-8"))
    job = flow["jobs"]["quickstart"]
    runs = {(m["os"], m["shell"], m["language"]) for m in job["strategy"]["matrix"]["include"]}
    assert runs == {
        ("ubuntu-24.04", "bash", "sh"),
        ("macos-latest", "zsh", "sh"),
        ("windows-latest", "powershell", "powershell"),
        ("windows-latest", "pwsh", "powershell"),
    }
    script = "\n".join(step.get("run", "") for step in job["steps"])
    assert ".github/quickstart.py run ${{ matrix.language }} --shell ${{ matrix.shell }}" in script
    assert set(_quickstart().SHELLS) >= {shell for _os, shell, _lang in runs}


def _fake_clone(tmp_path: Path, first: str, second: str) -> Path:
    """A folder whose README's quick start is these two sh commands."""
    section = f"{_quickstart().SECTION}\n\n```sh\n{first}\n```\n\n```sh\n{second}\n```\n\n## Next\n"
    tmp_path.mkdir()
    (tmp_path / "README.md").write_text(f"# x\n\n{section}", encoding="utf-8")
    return tmp_path


@pytest.mark.skipif(os.name == "nt", reason="the fake quick start is sh lines, run by bash")
def test_the_workflow_script_stops_at_the_first_failure_and_checks_the_kits(tmp_path, capfd):
    script = _quickstart()
    kits = " ".join(f"output/{k}/x" for k in script.KITS)
    write = f"for d in {kits}; do mkdir -p $d && touch $d/checklist-a4.pdf; done"
    assert script.run("sh", "bash", _fake_clone(tmp_path / "a", write, "true")) == 0
    assert script.run("sh", "bash", _fake_clone(tmp_path / "b", "exit 3", "touch ran")) == 3
    assert not (tmp_path / "b" / "ran").exists(), "the second command ran after the first failed"
    assert script.run("sh", "bash", _fake_clone(tmp_path / "c", "true", "true")) == 1
    assert "wrote no output/transamerica" in capfd.readouterr().err
