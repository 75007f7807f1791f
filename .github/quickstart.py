"""The README's quick start run as a reader runs it, for .github/workflows/quickstart.yml.

The two commands for this system are taken from README.md's "Install and quick start" section
(its ```sh blocks for Linux and macOS, its ```powershell blocks for Windows), so that the README
and the workflow cannot drift: tests/project/test_portable.py holds this extraction equal to
tests/project/test_readme_commands.py's. Each command runs as typed, in a shell of its own
(bash, zsh, Windows PowerShell 5.1 or PowerShell 7) from the repository's root, and the run
stops at the first that fails; then the files the README promises are checked.

    python3 .github/quickstart.py show sh                      # the commands, one a line
    python3 .github/quickstart.py run sh --shell bash          # Linux (zsh: macOS's shell)
    py .github/quickstart.py run powershell --shell powershell # Windows PowerShell 5.1 (or pwsh)

Standard library only: it runs before anything is installed.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Install and quick start"
#: What the first command promises (the README names them): each kit folder's checklist.
KITS = ("transamerica", "transamerica-europe", "transamerica-japan", "dampfross", "lastrada")
SHELLS = {
    "bash": ["bash", "-c"],
    "zsh": ["zsh", "-c"],
    "powershell": ["powershell", "-NoProfile", "-NonInteractive", "-Command"],
    "pwsh": ["pwsh", "-NoProfile", "-NonInteractive", "-Command"],
}


def quick_start(readme: Path = ROOT / "README.md") -> str:
    text = readme.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    return text[start : end if end > 0 else None]


def commands(text: str, language: str) -> list[str]:
    """Each fenced block of that language, its lines, in order."""
    blocks = re.findall(rf"^```{language}\n(.*?)^```", text, re.M | re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def promised(root: Path) -> list[str]:
    """What the first command should have written and has not: the kits' checklists."""
    missing = []
    for kit in KITS:
        found = list((root / "output" / kit).rglob("checklist-a4.pdf"))
        if not found:
            missing.append(f"output/{kit}/**/checklist-a4.pdf")
    return missing


def run(language: str, shell: str, root: Path = ROOT) -> int:
    lines = commands(quick_start(root / "README.md"), language)
    if len(lines) != 2:
        print(f"README.md: expected two {language} commands, found {lines}", file=sys.stderr)
        return 2
    for n, line in enumerate(lines, 1):
        print(f"::group::command {n} ({shell}): {line}", flush=True)
        code = subprocess.run([*SHELLS[shell], line], cwd=root).returncode
        print("::endgroup::", flush=True)
        if code != 0:
            print(f"command {n} failed with exit code {code}: {line}", file=sys.stderr)
            return code
        missing = promised(root) if n == 1 else []
        if missing:
            print(f"command 1 exited 0 but wrote no {', '.join(missing)}", file=sys.stderr)
            return 1
    print(f"the README's two {language} commands ran in {shell}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["show", "run"])
    parser.add_argument("language", choices=["sh", "powershell"])
    parser.add_argument("--shell", choices=sorted(SHELLS), default=None)
    args = parser.parse_args(argv)
    if args.action == "show":
        print("\n".join(commands(quick_start(), args.language)))
        return 0
    shell = args.shell or ("bash" if args.language == "sh" else "powershell")
    return run(args.language, shell)


if __name__ == "__main__":
    sys.exit(main())
