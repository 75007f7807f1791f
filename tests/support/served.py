"""Serving the phone app for a browser, shared by the browser tests and the benchmarks: a free
local port, a folder served as any static web host serves it, the flags headless Chromium
runs with here (no background networking: this machine's network is closed), and the page
scripts that time the app's start (its drawing, its engines, its long tasks)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]

# For an init script (context.add_init_script), in every page from its start: the main thread's
# long tasks, when the home page (or a game's page) is first drawn (the frame after its elements
# are in the document) and when a game's printed board is first in it.
WATCH = """(() => {
  const w = (window.__tw = { drawn: null, board: null, tasks: [] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.tasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask" });
  } catch {}
  const seen = () => {
    if (w.drawn === null && document.querySelector("#create, #main h1")) {
      w.drawn = -1;
      requestAnimationFrame(() => { w.drawn = performance.now(); });
    }
    if (w.board === null && document.getElementById("board")) w.board = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
})();"""
# For a page's init script (page.add_init_script): the engines' worker runs, but what it says
# (its stages, "ready", its answers) reaches the page only once window.__twHold.release() is
# called, in the order it was said; window.__twHold.workers counts the engines' workers started.
# The page then is as on a phone whose engines are slow to start, however fast this machine is.
HOLD = """(() => {
  const Real = window.Worker;
  const hold = (window.__twHold = { held: true, workers: 0, queue: [] });
  hold.release = () => {
    hold.held = false;
    for (const said of hold.queue.splice(0)) said();
  };
  window.Worker = class extends Real {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes("engine-worker")) return;
      hold.workers += 1;
      const add = this.addEventListener.bind(this);
      this.addEventListener = (type, fn, o) => {
        if (type !== "message") return add(type, fn, o);
        return add(type, (e) => (hold.held ? hold.queue.push(() => fn(e)) : fn(e)), o);
      };
    }
  };
})();"""
# Once the engines are ready: those times, the engines' (window.trackwright.timing) and the
# longest main-thread task until then (ms since the page's navigation began).
STARTED = """async () => {
  await window.trackwright.ready;
  await new Promise((r) => setTimeout(r, 500)); // the last long tasks reported
  const t = window.trackwright.timing, w = window.__tw;
  const tasks = w.tasks.filter(([at]) => at <= t.ready).map(([, d]) => d);
  return {
    drawn: w.drawn, board: w.board, ready: t.ready, worker: t.worker ?? null,
    longest: Math.max(0, ...tasks),
  };
}"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, seconds: float = 30, proc: subprocess.Popen | None = None) -> None:
    """Until ``url`` answers (``seconds`` at most; sooner an error if ``proc``, the server that
    should answer, has ended)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except OSError:
            if proc is not None and proc.poll() is not None:
                raise AssertionError(f"{url}: the server ended ({proc.returncode})") from None
            if time.monotonic() > deadline:
                raise AssertionError(f"{url} did not answer in {seconds:g} s") from None
            time.sleep(0.1)


def _http_server(folder: Path) -> tuple[subprocess.Popen, str]:
    """``python -m http.server`` on a free port, answering. A port found free can be taken by
    another process before the server binds it (test runs side by side): then another port."""
    for _ in range(3):
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "-d", str(folder), "-b", "127.0.0.1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}/"
        try:
            wait_for(base, proc=server)
        except AssertionError:
            if server.poll() is None:
                server.kill()
                raise
        if server.poll() is None:  # ours answered, not another process on that port
            return server, base
        server.wait()
    raise AssertionError(f"no port could be had to serve {folder}")


@contextmanager
def served_folder(folder: Path) -> Iterator[str]:
    """``folder`` served over HTTP on a free local port (its base URL) until the block ends."""
    server, base = _http_server(folder)
    try:
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)
