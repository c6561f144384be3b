"""What a first visit fetches before the first screen is up, and what it fetches after, for one or more builds.

    python3 tools/first_screen_bytes.py DIST [DIST ...] [--hash '#/the-game?seed=1&players=1']

Each build is loaded once in a fresh profile (no service worker yet: a first visit) at the given address (home by
default). Every file the page requested is counted by its size in the build (the local server sends files as
they are), and by its size gzip-compressed (what a static host such as GitHub Pages sends for text; zip, wasm and
woff2 files are counted as they are); a file counts as "before" if its request started before the page was
marked ready (the app's junban:ready mark), else "after". Requests the service worker makes to precache the build are not the
page's and are left out. Prints one table per build and, last, one JSON line.
"""
from __future__ import annotations

import argparse
import gzip
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_startup  # noqa: E402

COMPRESSED = (".zip", ".wasm", ".woff2", ".png", ".bin")  # sent as they are: already compressed


def sent_size(path: Path) -> int:
    data = path.read_bytes()
    return len(data) if path.name.endswith(COMPRESSED) else len(gzip.compress(data, 9))


def visit(playwright, site, work: Path, hash_text: str, settle: float) -> list[dict]:
    """The page's requests: [{path, before}] in the order they started."""
    context = playwright.chromium.launch_persistent_context(
        str(work), executable_path=bench_startup.CHROMIUM, args=bench_startup.CHROMIUM_ARGS,
        viewport=bench_startup.DESKTOP)
    try:
        context.add_init_script(bench_startup.INIT_SCRIPT)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(site.base + hash_text, wait_until="commit")
        page.wait_for_function("window.__readyAt !== undefined", timeout=180_000, polling=50)
        time.sleep(settle)  # what the page fetches after the first screen (the later part, the font)
        entries = page.evaluate("""() => [performance.getEntriesByType("navigation")[0],
                                          ...performance.getEntriesByType("resource")]
            .map(e => [e.name, e.startTime, e.initiatorType])""")
        # The app's own mark (set just before data-ready; the observer of data-ready runs a moment after the
        # page's script has already asked for what comes after the first screen).
        ready = page.evaluate("(performance.getEntriesByName('junban:ready')[0] || {}).startTime ?? window.__readyAt")
    finally:
        context.close()
    requests = []
    for url, start, _initiator in entries:
        path = unquote(urlparse(url).path).lstrip("/") or "index.html"
        requests.append({"path": path, "before": start < ready})
    return requests


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dists", type=Path, nargs="+")
    parser.add_argument("--hash", default="", help="the address to open (default: home)")
    parser.add_argument("--settle", type=float, default=4.0, help="seconds to wait after ready (default 4)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    results = {}
    with sync_playwright() as playwright:
        for dist in args.dists:
            work = Path(tempfile.mkdtemp(prefix="junban-bytes-"))
            site = bench_startup.Site(dist, work)
            try:
                requests = visit(playwright, site, work / "profile", args.hash, args.settle)
            finally:
                site.close()
                shutil.rmtree(work, ignore_errors=True)
            rows = {}
            for request in requests:
                file = dist / request["path"]
                if file.is_file() and request["path"] not in rows:
                    rows[request["path"]] = (request["before"], file.stat().st_size, sent_size(file))
            totals = {when: [sum(r[i] for r in rows.values() if r[0] == (when == "before")) for i in (1, 2)]
                      for when in ("before", "after")}
            print(f"\n{dist}  (address {args.hash or '#/'})")
            print(f"{'file':58} {'when':7} {'bytes':>10} {'sent':>10}")
            for path, (before, size, sent) in sorted(rows.items(), key=lambda kv: (not kv[1][0], -kv[1][1])):
                print(f"{path[:58]:58} {'before' if before else 'after':7} {size:>10,} {sent:>10,}")
            for when, (size, sent) in totals.items():
                print(f"{'total ' + when + ' ready':58} {'':7} {size:>10,} {sent:>10,}")
            results[str(dist)] = {"before_bytes": totals["before"][0], "before_sent": totals["before"][1],
                                  "after_bytes": totals["after"][0], "after_sent": totals["after"][1],
                                  "files_before": sorted(p for p, r in rows.items() if r[0])}
    print(json.dumps({"hash": args.hash or "#/", "builds": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
