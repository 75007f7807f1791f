"""The command line as users meet it: one-line errors, exit code 2, and nothing half-written.
The commands run in-process (``tests.support.cli``); a real ``python -m trackwright`` process where
the process is the point: exit code and stderr of a bad option, a server's output, what a
command loads."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import MINIMAL, ROOT
from tests.support.cli import trackwright
from tests.support.served import free_port, wait_for


def process(*args: str, **options) -> subprocess.CompletedProcess:
    """``python -m trackwright ARGS...`` in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "trackwright", *args],
        capture_output=True,
        text=True,
        timeout=120,
        **options,
    )


def test_the_real_command_exits_2_with_one_line_on_stderr(tmp_path):
    out = tmp_path / "out"
    done = process("generate", "transamerica", "--out", str(out), "--paper", "b5")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("trackwright: error: ")
    assert "'b5' is not one of 'a4', 'letter', 'a3'" in done.stderr
    assert not out.exists()
    done = process()
    assert done.returncode == 0 and "generate" in done.stdout and done.stderr == ""


def test_generate_twice_gives_identical_files(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        done = trackwright(
            "generate", "transamerica", "--out", str(out), "--paper", "letter", "--lang", "it"
        )
        assert done.returncode == 0, done.stderr
        # the status line speaks Italian too; 8 board sheets on Letter (seams between the
        # words), each a PDF page and an SVG
        assert done.stdout.startswith("32 file scritti")
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    assert "cards-letter.pdf" in names and "map.json" in names
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    assert not [p for p in first.iterdir() if p.name.startswith(".")]  # no temporary files left


def test_generate_all_writes_every_kit(tmp_path):
    done = trackwright("generate", "all", "--out", str(tmp_path), "--format", "pdf")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "transamerica" / "board-a4.pdf").is_file()
    assert (
        json.loads((tmp_path / "transamerica" / "map.json").read_text(encoding="utf-8"))["name"]
        == "USA"
    )
    for kit in ("random-1", "england", "usa-east", "france"):
        assert (tmp_path / "dampfross" / kit / "map-a4.pdf").is_file()
    assert (tmp_path / "lastrada" / "seed-1" / "tiles-a4.pdf").is_file()
    for board in ("europe", "japan"):
        assert (tmp_path / f"transamerica-{board}" / "cards-a4.pdf").is_file()


def test_custom_map_file(tmp_path):
    done = trackwright(
        "generate", "transamerica", "--map", str(MINIMAL), "--out", str(tmp_path), "--format", "svg"
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "board-poster.svg").read_text(encoding="utf-8").startswith("<?xml")


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--paper", "b5"], "Invalid value for '--paper': 'b5' is not one of 'a4', 'letter', 'a3'"),
        (["--lang", "es"], "Invalid value for '--lang'"),
        (["--format", "pdf,png"], "'pdf,png': choose a comma-separated list of pdf, svg"),
        (["--duplex", "sideways"], "Invalid value for '--duplex'"),
        (["--map", "atlantis"], "atlantis: no such map file, and no built-in map of that name"),
        (["--map", "missing/map.json"], "missing/map.json: file not found"),
        (["--nonsense"], "No such option: --nonsense"),
    ],
)
def test_bad_options_give_one_line_and_exit_2(tmp_path, args, expected):
    out = tmp_path / "out"
    done = trackwright("generate", "transamerica", "--out", str(out), *args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("trackwright: error: ")
    assert expected in done.stderr
    assert "Traceback" not in done.stderr
    assert not out.exists()


def test_bad_map_file_names_the_place_and_writes_nothing(tmp_path, minimal_data):
    minimal_data["edges"][7]["cost"] = 5
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(minimal_data), encoding="utf-8")
    out = tmp_path / "out"
    done = trackwright("generate", "transamerica", "--map", str(bad), "--out", str(out))
    assert done.returncode == 2
    assert done.stderr == f"trackwright: error: {bad}: $.edges[7].cost: 5 is not one of [1, 2]\n"
    assert not out.exists()


def test_no_arguments_shows_help():
    done = trackwright()
    assert done.returncode == 0 and "generate" in done.stdout


EXAMPLE_GAME = MINIMAL.parent / "game.json"


def test_score_json_matches_the_engine():
    from trackwright.scorer import transamerica as ta

    done = trackwright("score", "transamerica", str(EXAMPLE_GAME), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ta.score_file(EXAMPLE_GAME).to_json()


def test_score_bad_record_one_line(tmp_path):
    data = json.loads(EXAMPLE_GAME.read_text(encoding="utf-8"))
    data["rounds"][0]["cities"]["Cleo"][2] = "Gotham"
    bad = tmp_path / "game.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    done = trackwright("score", "transamerica", str(bad), "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert (
        done.stderr == f"trackwright: error: {bad}: round 1: player Cleo: unknown city 'Gotham'\n"
    )


def test_score_missing_record_and_bad_picture(tmp_path):
    done = trackwright("score", "transamerica", str(tmp_path / "none.json"))
    assert done.returncode == 2 and "none.json: file not found" in done.stderr
    done = trackwright("score", "transamerica", str(EXAMPLE_GAME), "--explain", "x.gif")
    assert done.returncode == 2 and "must be a .pdf, .svg or .png file" in done.stderr


def test_generate_dampfross_is_reproducible(tmp_path):
    outs = []
    for name in ("a", "b"):
        done = trackwright(
            "generate", "dampfross", "--seed", "5", "--out", str(tmp_path / name), "--lang", "de"
        )
        assert done.returncode == 0, done.stderr
        assert "Startwert 5" in done.stdout  # the seed said in German, as the kit is
        outs.append(tmp_path / name)
    names = sorted(p.name for p in outs[0].iterdir())
    assert {
        "map-poster.pdf",
        "map-a4.pdf",
        "hexsheets-a4.pdf",
        "ledger-a4.pdf",
        "races-a4.pdf",
        "rules-a4.pdf",
        "map.json",
    } <= set(names)
    for name in names:
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name


def test_generate_dampfross_preset(tmp_path):
    done = trackwright(
        "generate", "dampfross", "--map", "france", "--out", str(tmp_path), "--format", "pdf"
    )
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "map.json").read_text(encoding="utf-8"))["name"] == "France"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--width", "8", "--height", "6"], "too small for 32 towns"),
        (["--width", "-5"], "the map size must be positive"),
        (["--players", "12"], "Dampfross is for 3 to 8 players"),
        (["--map", "atlantis"], "no built-in map of that name (england, france, usa-east)"),
    ],
)
def test_generate_dampfross_bad_options(tmp_path, args, expected):
    out = tmp_path / "out"
    done = trackwright("generate", "dampfross", "--seed", "1", "--out", str(out), *args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and expected in done.stderr
    assert not out.exists()


DF_GAME = MINIMAL.parent.parent.parent / "dampfross" / "examples" / "game.json"


def test_score_dampfross_json_and_table():
    done = trackwright("score", "dampfross", str(DF_GAME), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) >= {"balances", "ledger", "phase", "winner"}
    assert data["balances"] == {"Ann": 145, "Ben": 202, "Cleo": 23}
    done = trackwright("score", "dampfross", str(DF_GAME))
    assert done.returncode == 0 and "Balances: Ann 145, Ben 202, Cleo 23." in done.stdout


def test_score_dampfross_helpers():
    done = trackwright(
        "score",
        "dampfross",
        str(DF_GAME),
        "--cheapest",
        "Cleo",
        "London",
        "--roll",
        "4",
        "--race",
        "11",
        "44",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["cheapest"]["cost"] >= 1 and len(data["cheapest"]["reach"]) >= 2
    assert set(data["race"]["routes"]) == {"Ann", "Ben", "Cleo"}


def test_score_dampfross_illegal_event(tmp_path):
    data = json.loads(DF_GAME.read_text(encoding="utf-8"))
    data["map"] = "england"
    data["events"][0]["roll"] = 1
    data["events"][0]["path"] = [*data["events"][0]["path"][:1], [40, 40]]
    bad = tmp_path / "game.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    done = trackwright("score", "dampfross", str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"trackwright: error: {bad}: event 1 (build, ")
    assert done.stderr.count("\n") == 1


LS = MINIMAL.parent.parent.parent / "lastrada" / "examples"


def test_generate_lastrada(tmp_path):
    done = trackwright(
        "generate",
        "lastrada",
        "--seed",
        "4",
        "--out",
        str(tmp_path),
        "--format",
        "pdf",
        "--lang",
        "fr",
    )
    assert done.returncode == 0, done.stderr
    assert "graine 4" in done.stdout  # the seed said in French, as the kit is
    names = {p.name for p in tmp_path.iterdir()}
    assert names == {
        "checklist-a4.pdf",
        "board-poster.pdf",
        "board-a4.pdf",
        "pieces-a4.pdf",
        "tiles-a4.pdf",
        "duplex-test-a4.pdf",
        "rules-a4.pdf",
        "map.json",
    }
    data = json.loads((tmp_path / "map.json").read_text(encoding="utf-8"))
    assert data["generator"]["seed"] == 4 and len(data["settlements"]) == 19


def test_score_lastrada():
    done = trackwright("score", "lastrada", str(LS / "game.json"), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["gold"] == {"Ann": 10, "Ben": 11, "Cleo": 12} and data["winners"] == ["Cleo"]
    assert len(data["settlements"]) == 19
    done = trackwright(
        "score", "lastrada", str(LS / "rules-example-game.json"), "--reachable", "black", "--json"
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    # Black passed before grey's third turn and keeps 10 days (4 + 6), + 6 next turn.
    assert data["gold"]["grey"] == 17 and data["reachable"]["days"] == 16


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            {"settlements": {"s01": ["Ann", "Ann"]}},
            "$.settlements.s01: Ann has two merchants on s01",
        ),
        ({"reserve": {"Ann": 12}}, "$.reserve.Ann: 12 travel days in reserve; it is 0 to 10"),
        ({"settlements": {"s77": ["Ann"]}}, "unknown settlement 's77'"),
    ],
)
def test_score_lastrada_errors(tmp_path, change, expected):
    data = json.loads((LS / "game.json").read_text(encoding="utf-8")) | change
    bad = tmp_path / "game.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    done = trackwright("score", "lastrada", str(bad))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert expected in done.stderr


@contextlib.contextmanager
def serving(tmp_path: Path, port: int, *args: str) -> Iterator[str]:
    """``trackwright serve ARGS --port PORT`` in a real process (the process is the point: what it
    prints and binds): what it printed up to where the games are kept."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trackwright",
            "serve",
            *args,
            "--port",
            str(port),
            "--db",
            str(tmp_path / "g.sqlite"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        lines: list[str] = []
        deadline = time.time() + 60
        while time.time() < deadline and not any("games are kept in" in x for x in lines):
            lines.append(proc.stdout.readline())
        yield "".join(lines)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_serve_lan_prints_a_url_with_a_key_and_a_qr_code(tmp_path):
    port = free_port()
    # Any address others can reach needs the key, --lan or not.
    url = f"http://192.168.1.20:{port}"
    with serving(tmp_path, port, "--host", "0.0.0.0", "--url", url) as text:
        assert f"trackwright scorer at {url}/?key=" in text
        key = text.split("?key=")[1].split()[0]
        assert len(key) >= 20
        assert "█" in text or "▀" in text or "▄" in text  # the QR code


@pytest.mark.parametrize("host", ["127.0.0.2", "localhost"])
def test_serve_prints_the_loopback_address_it_bound(tmp_path, host):
    """``--host 127.0.0.2`` binds 127.0.0.2 only: the URL printed is that one, and it answers."""
    port = free_port()
    with serving(tmp_path, port, "--host", host) as text:
        url = f"http://{host}:{port}/"
        assert f"trackwright scorer at {url} (this computer only)" in text, text
        assert "127.0.0.1" not in text or host == "127.0.0.1"
        wait_for(url + "api/hello")  # the server starts listening just after it prints
        with urllib.request.urlopen(url + "api/hello", timeout=2) as answer:
            assert json.loads(answer.read())["trackwright"]


def test_serve_bad_port():
    done = trackwright("serve", "--port", "70000")
    assert done.returncode == 2 and "70000 is not a port number" in done.stderr


def test_an_unwritable_out_folder_is_one_line_and_exit_2(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    # /proc refuses every new folder on Linux; Windows would make C:\proc (anyone may)
    system = ["/proc/trackwright-kits"] if sys.platform == "linux" else []
    for out in (blocker / "kit", *system):
        done = trackwright("generate", "lastrada", "--seed", "1", "--out", str(out))
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert str(out) in done.stderr and "cannot write" in done.stderr
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_long_work_reports_its_progress_on_stderr(tmp_path):
    from trackwright.cli.common import StderrProgress
    from trackwright.core import progress
    from trackwright.kits.lastrada import arrange, kit

    seen: list[str] = []
    with progress.reporting(seen.append):
        kit.kit_files(arrange.arrange(1), kit.KitOptions(formats=("pdf",)), tmp_path)
    assert seen and all(m.startswith("drawing ") for m in seen)
    progress.report("nobody listens")  # no sink: nothing happens

    stream = io.StringIO()
    sink = StderrProgress(stream, after=0.0)
    sink("balancing the board: try 3 of 40")
    assert stream.getvalue().startswith("balancing the board: try 3 of 40 (")
    quiet = io.StringIO()
    StderrProgress(quiet, after=60.0)("too early to show")
    assert quiet.getvalue() == ""
    done = trackwright(
        "generate",
        "lastrada",
        "--seed",
        "1",
        "--out",
        tmp_path / "k",
        "--format",
        "pdf",
        env={"TRACKWRIGHT_PROGRESS": "1"},
    )
    assert done.returncode == 0
    assert all(line.startswith("drawing ") for line in done.stderr.splitlines())


def test_help_and_one_games_command_load_only_what_they_need():
    """`trackwright --help` loads no drawing, web or numeric library and no game's kits, and
    scoring La Strada loads none of the other games' kits (a game's commands are imported only
    when they run or are listed)."""
    probe = (
        "import sys, contextlib, io\n"
        "from trackwright.cli import run\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    code = run({argv!r})\n"
        "heavy = ('reportlab', 'svgwrite', 'shapely', 'numpy', 'fastapi', 'uvicorn', 'PIL')\n"
        "kits = {{m.split('.')[2] for m in sys.modules if m.startswith('trackwright.kits.')}}\n"
        "print(code, sorted(m for m in heavy if m in sys.modules), sorted(kits - {{'draw'}}))\n"
    )
    record = str(ROOT / "templates" / "lastrada" / "examples" / "game.json")
    for argv, expected in (
        (["--help"], "0 [] []"),
        (["score", "lastrada", record, "--json"], "0 ['PIL', 'reportlab', 'svgwrite'] ["),
    ):
        done = subprocess.run(
            [sys.executable, "-c", probe.format(argv=argv)], capture_output=True, text=True
        )
        assert done.stdout.startswith(expected), done.stdout + done.stderr
        assert "transamerica" not in done.stdout and "dampfross" not in done.stdout, done.stdout


def test_lan_addresses_never_fail_and_leave_out_loopback(monkeypatch):
    """The hostname may resolve to 127.0.1.1 or not at all: neither is offered to phones."""
    import socket as socket_module

    from trackwright.web import addresses

    def unresolvable(*args, **kwargs):
        raise socket_module.gaierror("no such host")

    monkeypatch.setattr(addresses.socket, "getaddrinfo", unresolvable)
    found = addresses.lan_addresses()
    assert all(not a.startswith("127.") for a in found)
    assert addresses.is_loopback("127.0.0.1") and addresses.is_loopback("::1")
    assert not addresses.is_loopback("0.0.0.0") and not addresses.is_loopback("192.168.1.20")


def test_serve_prints_the_url_given_and_a_bad_one_is_one_line(tmp_path):
    done = trackwright("serve", "--lan", "--url", "not a url", "--db", str(tmp_path / "g.sqlite"))
    assert done.returncode == 2 and "--url" in done.stderr and done.stderr.count("\n") == 1


def test_a_city_effect_of_zero_has_no_sign():
    from trackwright.cli.transamerica import signed

    assert [signed(v) for v in (-0.04, 0.0, -0.0, 0.04, 0.05, -1.26)] == [
        "0.0",
        "0.0",
        "0.0",
        "0.0",
        "+0.1",
        "-1.3",
    ]
