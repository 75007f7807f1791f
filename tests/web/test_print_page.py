"""Print without Python (issue 27 point 7): ``trackwright site`` puts the built-in kits in as
ready-to-print PDFs (every game's ``generate all`` kits, en/fr/de/it, A4 and Letter) with their
list, print/index.json, which the app's Print page (#/print) shows: each kit's checklist first,
the other files in the checklist's order, the alternatives said. Every file listed is in the
site and every file in print/ is listed; each is under the free hosts' file limit (Cloudflare
Pages: 25 MiB) and the whole site under GitHub Pages' 1 GB; the service worker keeps none of
them and its version does not change for them; the same sources give the same bytes, and a
second build takes the kits from the cache instead of drawing them again. In Chromium at
360 x 740 the page is reached from home, lists the checklist first, and a tap downloads the
PDF itself."""

from __future__ import annotations

import json
import os
import re
import shutil
import urllib.request
from importlib.resources import files as package_files
from pathlib import Path

import pypdf
import pytest

from tests.support import cli
from tests.support.served import served_folder
from tests.web.browser import SHOTS, open_page, phone
from trackwright import games
from trackwright.cli import _kit_games, _site_kits
from trackwright.core.errors import TrackwrightError
from trackwright.kits import checklist
from trackwright.web import prints, site

pytestmark = pytest.mark.slow

GB = 10**9
STATIC = Path(str(package_files("trackwright.web"))) / "static"
#: Where the test leaves its screenshot of the Print page (for the report), when set.
SHOT = os.environ.get("TRACKWRIGHT_PRINT_SHOT")


@pytest.fixture(scope="module")
def print_site(phone_site, tmp_path_factory) -> tuple[Path, str]:
    """The site as ``trackwright site OUT`` writes it (the printed kits in), and what it said."""
    out = tmp_path_factory.mktemp("print") / "site"
    # From a folder with no output/: `site` also takes the maps of the kits made there (a user who
    # ran `generate all` first has some), which the app built by `phone_site` does not hold.
    here = Path.cwd()
    os.chdir(out.parent)
    try:
        done = cli.trackwright("site", str(out))
    finally:
        os.chdir(here)
    assert done.returncode == 0, done.stderr
    return out, done.stdout


def index_of(folder: Path) -> dict:
    return json.loads((folder / prints.INDEX).read_text("utf-8"))


def precache(folder: Path) -> dict[str, str]:
    sw = (folder / "sw.js").read_text("utf-8")
    return json.loads(sw.split("const PRECACHE = ")[1].split(";\n")[0])


def test_every_kit_in_every_language_and_paper_is_listed_and_in_the_site(print_site):
    folder, said = print_site
    index = index_of(folder)
    assert index["langs"] == list(site.LANGS) and index["papers"] == ["a4", "letter"]
    kits = index["kits"]
    # Each game with kits, in every language and on both papers, with the same kits each time.
    for name in _kit_games():
        assert name in games.names()
        per = {(k["lang"], k["paper"]): k["kit"] for k in kits if k["game"] == name}
        assert set(per) == {(lang, p) for lang in site.LANGS for p in ("a4", "letter")}
    assert {k["kit"] for k in kits} >= {"transamerica", "transamerica-europe", "dampfross/england"}
    listed = set()
    for kit in kits:
        files = kit["files"]
        assert files[0]["kind"] == "checklist", kit["kit"]
        order = [key for _, key in checklist.KINDS]
        ranks = [order.index(f["kind"]) for f in files[1:] if f["kind"] in order]
        assert ranks == sorted(ranks), kit["kit"]
        assert sum(f["size"] for f in files) == kit["size"]
        for f in files:
            data = (folder / f["file"]).read_bytes()
            assert data.startswith(b"%PDF") and len(data) == f["size"], f["file"]
            assert f["pages"] == prints.pages(data) >= 1
            assert f["file"].endswith(f"/{kit['lang']}/{kit['paper']}/{kit['kit']}/{f['name']}")
            assert f["name"].endswith(f"-{kit['paper']}.pdf") or f["kind"] == "ck_poster"
            listed.add(f["file"])
        # The alternatives: the poster and the tiled board (and La Strada's loose pieces).
        choice = {f["kind"] for f in files if f["choice"] == "board"}
        assert {"ck_poster", "ck_board"} <= choice, kit["kit"]
        assert ("ck_pieces" in choice) == (kit["game"] == "lastrada")
    on_disk = {p.relative_to(folder).as_posix() for p in (folder / "print").rglob("*.pdf")}
    assert on_disk == listed
    # Sizes: every file under the strictest free host's limit, the whole site well under 1 GB.
    sizes = {p.relative_to(folder).as_posix(): p.stat().st_size for p in folder.rglob("*")}
    assert max(sizes.values()) < prints.FILE_LIMIT
    total = sum(sizes.values())
    assert total < GB / 10
    printed = sum(sizes[n] for n in listed)
    assert f"printed kits: {len(listed)} PDFs in {len(kits)} kits" in said
    assert f"{printed / 1e6:.1f} MB" in said and "the largest file" in said
    print(f"site {total / 1e6:.1f} MB, {len(sizes)} files; printed kits {printed / 1e6:.1f} MB")


def test_the_files_come_in_the_order_their_checklist_lists_them(print_site):
    """What the page lists after each kit's checklist is what the checklist PDF lists, in its
    order; the alternatives shown together keep their order among themselves."""
    folder, _ = print_site
    for kit in index_of(folder)["kits"]:
        text = pypdf.PdfReader(folder / kit["files"][0]["file"]).pages[0].extract_text()
        printed = list(dict.fromkeys(re.findall(r"([\w-]+\.pdf)", text)))
        files = kit["files"][1:]
        assert sorted(printed) == sorted(f["name"] for f in files), kit["kit"]
        for choice in (False, True):
            mine = [f["name"] for f in files if bool(f["choice"]) == choice]
            assert mine == [name for name in printed if name in mine], (kit["kit"], choice)


def test_the_service_worker_keeps_none_of_them_and_its_version_is_the_same(print_site, phone_site):
    folder, _ = print_site
    kept = precache(folder)
    assert not [name for name in kept if name.startswith("print/")]
    # The same app with or without the kits: the same service worker, byte for byte.
    assert (folder / "sw.js").read_bytes() == (phone_site / "sw.js").read_bytes()
    assert not (phone_site / "print").exists()
    # Asked for, a printed file goes to the network: the worker does not answer it from its
    # cache (nor with the app's page, as it answers a navigation it does not know).
    sw = (folder / "sw.js").read_text("utf-8")
    fetch = sw.split('addEventListener("fetch"')[1]
    assert "print/`)) return;" in fetch.split("event.respondWith")[0]


def test_the_same_sources_give_the_same_bytes_and_a_second_build_draws_nothing(
    print_site, tmp_path
):
    folder, _ = print_site
    job = prints.Job("lastrada", "de", "letter")
    first, again = _site_kits([job])[0], _site_kits([job])[0]
    assert first == again
    for name, data in first.items():
        if name.endswith(".pdf"):
            assert (folder / "print/de/letter" / name).read_bytes() == data
    calls: list[list[prints.Job]] = []

    def make(jobs):
        calls.append(jobs)
        return _site_kits(jobs)

    jobs = [job, prints.Job("transamerica", "it", "a4")]
    made, count = prints.kits(jobs, make, cache=tmp_path)
    kept, none = prints.kits(jobs, make, cache=tmp_path)
    assert (count, none, len(calls)) == (2, 0, 1)
    assert made == kept
    assert prints.layout(jobs, made) == prints.layout(jobs, kept)


def test_a_file_too_big_for_a_free_host_is_refused():
    job = prints.Job("transamerica", "en", "a4")
    big = {"transamerica/board-a4.pdf": b"%PDF" + b"0" * prints.FILE_LIMIT}
    with pytest.raises(TrackwrightError, match="25 MiB") as refused:
        prints.layout([job], [big])
    assert refused.value.where == "print/en/a4/transamerica/board-a4.pdf"


def test_a_site_without_kits_says_so(tmp_path, phone_site):
    done = cli.trackwright("site", str(tmp_path / "out"), "--no-print")
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "out" / "print").exists() and "printed kits" not in done.stdout


def test_every_link_resolves_over_http(print_site):
    folder, _ = print_site
    files = [f for kit in index_of(folder)["kits"] for f in kit["files"]]
    with served_folder(folder) as base:
        for f in files:
            request = urllib.request.Request(base + f["file"], method="HEAD")
            with urllib.request.urlopen(request) as r:
                assert r.status == 200 and int(r.headers["Content-Length"]) == f["size"]


SHOWN = """() => [...document.querySelectorAll('.print-kit')].map((k) => ({
  kit: k.dataset.kit,
  files: [...k.querySelectorAll('a[data-file]')].map((a) => a.dataset.file),
  first: k.querySelector('li').dataset.kind,
  choice: [...k.querySelectorAll('.print-choice a')].length,
}))"""
ANSWERS = """async () => Promise.all([...document.querySelectorAll('a[data-file]')].map(async (a) => {
  const r = await fetch(a.href);
  return [a.dataset.file, r.status, (await r.arrayBuffer()).byteLength];
}))"""
CACHED = """async () => { const urls = [];
  for (const key of await caches.keys())
    for (const r of await (await caches.open(key)).keys()) urls.push(r.url);
  return urls; }"""


def lists_the_index(pg, index: dict, lang: str, paper: str) -> None:
    """The page, for a language and a paper, shows the kits of the index: every file, the
    checklist first, the alternatives together."""
    pg.select_option("#print-lang", lang)
    pg.select_option("#print-paper", paper)
    shown = pg.evaluate(SHOWN)
    kits = {k["kit"]: k for k in index["kits"] if (k["lang"], k["paper"]) == (lang, paper)}
    assert {k["kit"] for k in shown} == set(kits)
    for k in shown:
        want = kits[k["kit"]]["files"]
        assert k["first"] == "checklist"
        assert sorted(k["files"]) == sorted(f["file"] for f in want)
        assert k["choice"] == sum(1 for f in want if f["choice"])


def a_tap_downloads_the_pdf(pg, folder: Path, tmp_path: Path) -> None:
    """Each kit is one line until tapped; a tap on a file downloads the PDF itself, under a
    name that says its kit and language; the service worker keeps none of them."""
    first = pg.locator(".print-kit a[data-file]").first
    assert not first.is_visible()
    pg.locator(".print-kit summary").first.click()
    assert first.is_visible()
    with pg.expect_download() as info:
        first.click()
    target = tmp_path / info.value.suggested_filename
    info.value.save_as(target)
    assert target.name.endswith("-it-checklist-letter.pdf")
    assert target.read_bytes() == (folder / first.get_attribute("data-file")).read_bytes()
    cached = pg.evaluate(CACHED)
    assert cached and not [u for u in cached if "/print/" in u]


def checklist_in_view(pg, tmp_path: Path) -> None:
    """The kit opened stays open in another language and paper, its checklist first and in
    view (the screenshot for the report)."""
    pg.select_option("#print-lang", "en")
    pg.select_option("#print-paper", "a4")
    assert pg.locator(".print-kit").first.get_attribute("open") is not None
    pg.evaluate("window.scrollTo(0, 0)")
    first = pg.locator(".print-kit li").first
    box = first.bounding_box()
    assert box and box["y"] + box["height"] <= 740
    assert first.get_attribute("data-kind") == "checklist"
    path = tmp_path / "print-page.png"
    pg.screenshot(path=str(path))
    if os.environ.get("TRACKWRIGHT_SCREENSHOTS"):  # the docs' picture, refreshed as the others are
        shutil.copy(path, SHOTS / "print.png")
    if SHOT:
        shutil.copy(path, SHOT)
        pg.screenshot(path=str(Path(SHOT).with_suffix(".full.png")), full_page=True)


def offline_it_says_so(context, pg) -> None:
    """Offline the app opens (its service worker has it) and says the kits need the network."""
    context.set_offline(True)
    pg.reload()
    pg.wait_for_selector("#main h1")
    pg.wait_for_function("!document.getElementById('main').innerText.includes('…')")
    words = json.loads((STATIC / "i18n" / "app.json").read_text("utf-8"))
    assert words["en"]["print.offline"] in pg.inner_text("#main")
    context.set_offline(False)


def test_the_print_page_on_a_phone_lists_the_checklist_first(browser, print_site, tmp_path):
    folder, _ = print_site
    index = index_of(folder)
    sizes = {f["file"]: f["size"] for k in index["kits"] for f in k["files"]}
    context = phone(browser, offline=True)
    with served_folder(folder) as base:
        pg = open_page(context, base)
        pg.click("#print-link")
        pg.wait_for_selector(".print-kit")
        assert pg.url.endswith("#/print")
        for lang, paper in (("en", "a4"), ("de", "letter"), ("it", "letter")):
            lists_the_index(pg, index, lang, paper)
        # Every link of the page answers with its PDF through the page and its service worker.
        pg.evaluate("navigator.serviceWorker.ready.then(() => true)")
        answers = pg.evaluate(ANSWERS)
        assert answers and all(s == 200 and n == sizes[f] for f, s, n in answers)
        a_tap_downloads_the_pdf(pg, folder, tmp_path)
        checklist_in_view(pg, tmp_path)
        offline_it_says_so(context, pg)
    assert not context.errors, context.errors
    context.close()
