"""What a first visit downloads, counted as a static host sends it: before the first screen, after it, and what the
service worker then downloads to keep the app offline (its precache), for one or more builds.

    python3 tools/first_screen_bytes.py DIST [DIST ...] [--hash '#/the-game?seed=1&players=1'] [--locale ja-JP]

Each build is loaded once in a fresh browser profile (a first visit: nothing cached, no service worker yet) at the
given address (home by default), and the tool waits until the service worker has installed and activated (its
precache is complete) and ``--settle`` seconds more. Every response that carried a body is counted once per time
it was sent, from the Resource Timing entries of the page and of the service worker: a body served from the
browser's HTTP cache, or revalidated with a 304, costs nothing (``transferSize`` says which). A request counts as
"before" if it started before the app marked its first screen ready (the junban:ready mark), "after" if the page
made it later, and "precache" if the service worker made it.

Bytes "sent" are what GitHub Pages sends: it compresses responses on the fly with gzip (and no other encoding), by
content type. Counted gzipped here (zlib level 6, what a server compressing on the fly typically uses): HTML, CSS,
JavaScript, JSON, the web manifest, SVG, WebAssembly (``application/wasm``) and ``.bin`` files
(``application/octet-stream``: the snapshot, already gzip inside, so it gains nothing). Counted as they are: zip
archives, woff2 fonts, PNG images (already compressed; whether the host gzips them changes a few bytes). Where
this comes from: docs/performance.md, "What GitHub Pages compresses". The local server sends every file as it is,
so the tool reads each file from the build and compresses it itself.

Prints one table per build and, last, one JSON line.
"""
from __future__ import annotations

import argparse
import functools
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

from bench_startup import GZIP_LEVEL, HOST_GZIPS  # noqa: E402  what GitHub Pages gzips, and how much
HEADER_BYTES = 300  # what Chrome adds to a response's transferSize for its headers

# The Resource Timing entries of a page or a worker: [url, startTime, transferSize, encodedBodySize].
ENTRIES = """() => performance.getEntriesByType("resource").map(e => [e.name, e.startTime, e.transferSize,
                                                                    e.encodedBodySize])"""
# Until the service worker is active (its install, the precache, is over): true, or false after 3 minutes.
ACTIVATED = """() => Promise.race([
    navigator.serviceWorker.ready.then(async ({active}) => {
        while (active.state !== "activated") {
            await new Promise(changed => active.addEventListener("statechange", changed, {once: true}));
        }
        return true;
    }),
    new Promise(done => setTimeout(() => done(false), 180000))])"""


@functools.lru_cache(maxsize=None)
def sent_size(path: Path) -> int:
    """The bytes a host like GitHub Pages sends for this file (its body)."""
    data = path.read_bytes()
    return len(gzip.compress(data, GZIP_LEVEL)) if path.name.endswith(HOST_GZIPS) else len(data)


def body_sent(transfer_size: int, body_size: int) -> bool:
    """Whether a response's body came over the network (not from the HTTP cache, nor a 304 revalidation)."""
    return transfer_size >= body_size + HEADER_BYTES and transfer_size > 0


def visit(playwright, site, profile: Path, hash_text: str, settle: float, locale: str | None) -> dict:
    """One first visit: {"page": [(path, start, transfer, body)], "ready": ms, "worker": [(path, ...)]}."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=bench_startup.CHROMIUM, args=bench_startup.CHROMIUM_ARGS,
        viewport=bench_startup.DESKTOP, **({"locale": locale} if locale else {}))
    try:
        context.add_init_script(bench_startup.INIT_SCRIPT)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(site.base + hash_text, wait_until="commit")
        page.wait_for_function("window.__readyAt !== undefined", timeout=180_000, polling=50)
        if not page.evaluate(ACTIVATED):
            raise RuntimeError(f"{site.base}: the service worker did not install within 3 minutes")
        time.sleep(settle)  # what the page fetches after the first screen (the later part, the font) and settles
        ready = page.evaluate("(performance.getEntriesByName('junban:ready')[0] || {}).startTime ?? window.__readyAt")
        navigation = page.evaluate("""() => { const e = performance.getEntriesByType("navigation")[0];
                                              return [e.name, 0, e.transferSize, e.encodedBodySize]; }""")
        entries = [navigation, *page.evaluate(ENTRIES)]
        workers = [entry for worker in context.service_workers for entry in worker.evaluate(ENTRIES)]
    finally:
        context.close()

    def local(url: str) -> str:
        return unquote(urlparse(url).path).removeprefix(urlparse(site.base).path) or "index.html"

    return {"ready": ready, "page": [(local(u), s, t, b) for u, s, t, b in entries],
            "worker": [(local(u), s, t, b) for u, s, t, b in workers]}


def count(dist: Path, visit_data: dict) -> dict:
    """Per file: how many times its body was sent, in which phase; and the totals of each phase."""
    rows: dict[tuple[str, str], list[int]] = {}  # (phase, path) -> [times, bytes, sent]
    for phase, entries in (("page", visit_data["page"]), ("precache", visit_data["worker"])):
        for path, start, transfer, body in entries:
            file = dist / path
            if not file.is_file() or not body_sent(transfer, body):
                continue
            when = phase if phase == "precache" else ("before" if start < visit_data["ready"] else "after")
            row = rows.setdefault((when, path), [0, 0, 0])
            row[0] += 1
            row[1] += file.stat().st_size
            row[2] += sent_size(file)
    totals = {when: [sum(r[i] for (w, _), r in rows.items() if w == when) for i in (1, 2)]
              for when in ("before", "after", "precache")}
    totals["visit"] = [sum(t[i] for t in totals.values()) for i in (0, 1)]
    return {"rows": rows, "totals": totals}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dists", type=Path, nargs="+")
    parser.add_argument("--hash", default="", help="the address to open (default: home)")
    parser.add_argument("--locale", default=None, help="the browser's language, e.g. ja-JP (default: en-US)")
    parser.add_argument("--settle", type=float, default=4.0, help="seconds to wait once the worker is active")
    parser.add_argument("--files", action="store_true", help="list every file, not only the 25 largest")
    parser.add_argument("--pages", action="store_true",
                        help="serve as GitHub Pages does (gzip, ETag, Cache-Control: max-age=600, 304s) and list "
                             "every file whose body came more than once")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    results = {}
    with sync_playwright() as playwright:
        for dist in args.dists:
            work = Path(tempfile.mkdtemp(prefix="junban-bytes-"))
            site = bench_startup.Site(dist, work, host_gzip=args.pages, pages_headers=args.pages)
            try:
                counted = count(dist, visit(playwright, site, work / "profile", args.hash, args.settle, args.locale))
            finally:
                site.close()
                shutil.rmtree(work, ignore_errors=True)
            rows, totals = counted["rows"], counted["totals"]
            print(f"\n{dist}  (address {args.hash or '#/'}, language {args.locale or 'en-US'})")
            print(f"{'file':58} {'when':8} {'times':>5} {'bytes':>11} {'sent':>11}")
            order = {"before": 0, "after": 1, "precache": 2}
            listed = sorted(rows.items(), key=lambda kv: (order[kv[0][0]], -kv[1][2]))
            for (when, path), (times, size, sent) in listed if args.files else listed[:25]:
                print(f"{path[:58]:58} {when:8} {times:>5} {size:>11,} {sent:>11,}")
            if not args.files and len(listed) > 25:
                print(f"... and {len(listed) - 25} smaller files (--files lists them)")
            for when, label in (("before", "before the first screen"), ("after", "after it, by the page"),
                                ("precache", "by the service worker (precache)"), ("visit", "the whole first visit")):
                size, sent = totals[when]
                print(f"{'total ' + label:58} {'':8} {'':>5} {size:>11,} {sent:>11,}")
            twice: dict[str, int] = {}
            for (when, path), (times, _, _) in rows.items():
                twice[path] = twice.get(path, 0) + times
            twice = {path: times for path, times in sorted(twice.items()) if times > 1}
            print(f"files whose body was sent more than once: {twice or 'none'}")
            results[str(dist)] = {
                "sent_more_than_once": twice,
                **{f"{when}_{kind}": totals[when][i] for when in totals for i, kind in ((0, "bytes"), (1, "sent"))},
                "files": {f"{when}:{path}": row for (when, path), row in rows.items()},
            }
    print(json.dumps({"hash": args.hash or "#/", "locale": args.locale, "builds": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
