"""The pictures of docs/bench-eleusis.md, drawn as SVG from the Eleusis benchmark's results (standard library only).

    python3 tools/eleusis_figures.py reliability OUT.svg RESULT.json [RESULT.json ...]
    python3 tools/eleusis_figures.py frontier OUT.svg POLICY.json THRESHOLD.json [THRESHOLD.json ...]
    python3 tools/eleusis_figures.py sure OUT.svg|OUT.png TURNS.json [TURNS.json ...]

A RESULT is the output of ``python -m junban.bench eleusis`` (its last line is read: one JSON object); TURNS is what
its ``--turns`` writes. An ``OUT.png`` is the same picture drawn by Debian's Chromium (through Playwright).

- ``reliability``: the reliability diagram of the scientist's belief pooled over the runs given: per bucket of
  belief (tenths), how often the best rule was the secret rule against the mean belief, the diagonal where they are
  equal, and how many turns fell in each bucket (the bars); the title gives the pooled ECE and Brier score.
- ``sure``: the reliability diagram of "Sure" (what the hint says, ``belief.sure`` as it is now, recomputed from each
  turn's recorded inputs: a run's own field 9 may be an older Sure) pooled over the turns files, beside the bots'
  own belief on the same turns (what the hint said before issue 42), and in a legend the expected calibration error
  of each per kind of rule (the ``level`` of the rule sets).
- ``frontier``: mean score against solved rate, one point per run of a fixed guess threshold (``--threshold``,
  joined in order of the threshold) and the policy's own run (``POLICY.json``, the run without ``--threshold``)
  marked apart, with its 95% intervals.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))  # the engine's package, for ``sure``

W, H = 560, 420
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 48, 64
INK = "#222"
GRID = "#ddd"
ACCENT = "#b5452b"
BLUE = "#2b63b5"


def result(path: str) -> dict:
    lines = [line for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    return json.loads(lines[-1])


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Plot:
    """A plot area mapping data (x0..x1, y0..y1) onto the picture."""

    def __init__(self, x0: float, x1: float, y0: float, y1: float, title: str, xlabel: str, ylabel: str):
        self.x0, self.x1, self.y0, self.y1 = x0, x1, y0, y1
        self.parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
                      f'font-family="sans-serif" font-size="12" role="img" aria-label="{_esc(title)}">',
                      f'<rect width="{W}" height="{H}" fill="#fff"/>',
                      f'<text x="{W / 2}" y="24" text-anchor="middle" font-size="14" fill="{INK}">{_esc(title)}</text>',
                      f'<text x="{LEFT + (W - LEFT - RIGHT) / 2}" y="{H - 18}" text-anchor="middle" '
                      f'fill="{INK}">{_esc(xlabel)}</text>',
                      f'<text x="16" y="{TOP + (H - TOP - BOTTOM) / 2}" text-anchor="middle" fill="{INK}" '
                      f'transform="rotate(-90 16 {TOP + (H - TOP - BOTTOM) / 2})">{_esc(ylabel)}</text>']

    def x(self, v: float) -> float:
        return LEFT + (v - self.x0) / (self.x1 - self.x0) * (W - LEFT - RIGHT)

    def y(self, v: float) -> float:
        return H - BOTTOM - (v - self.y0) / (self.y1 - self.y0) * (H - TOP - BOTTOM)

    def axes(self, xticks: list[float], yticks: list[float], fmt_x=str, fmt_y=str) -> None:
        for v in xticks:
            self.parts.append(f'<line x1="{self.x(v):.1f}" y1="{self.y(self.y0):.1f}" x2="{self.x(v):.1f}" '
                              f'y2="{self.y(self.y1):.1f}" stroke="{GRID}"/>')
            self.parts.append(f'<text x="{self.x(v):.1f}" y="{self.y(self.y0) + 16:.1f}" text-anchor="middle" '
                              f'fill="{INK}">{fmt_x(v)}</text>')
        for v in yticks:
            self.parts.append(f'<line x1="{self.x(self.x0):.1f}" y1="{self.y(v):.1f}" x2="{self.x(self.x1):.1f}" '
                              f'y2="{self.y(v):.1f}" stroke="{GRID}"/>')
            self.parts.append(f'<text x="{self.x(self.x0) - 6:.1f}" y="{self.y(v) + 4:.1f}" text-anchor="end" '
                              f'fill="{INK}">{fmt_y(v)}</text>')
        self.parts.append(f'<rect x="{self.x(self.x0):.1f}" y="{self.y(self.y1):.1f}" '
                          f'width="{self.x(self.x1) - self.x(self.x0):.1f}" '
                          f'height="{self.y(self.y0) - self.y(self.y1):.1f}" fill="none" stroke="{INK}"/>')

    def add(self, svg: str) -> None:
        self.parts.append(svg)

    def svg(self) -> str:
        return "\n".join(self.parts + ["</svg>"]) + "\n"


def reliability_svg(results: list[dict]) -> str:
    """The pooled reliability diagram of ``results`` (each with a ``reliability`` list of buckets)."""
    buckets: dict[int, list[float]] = {}
    for res in results:
        for i, row in enumerate(res["reliability"]):
            if row["turns"]:
                n, sp, k = buckets.get(i, [0, 0.0, 0.0])
                buckets[i] = [n + row["turns"], sp + row["mean_belief"] * row["turns"],
                              k + row["right_rate"] * row["turns"]]
    total = sum(n for n, _, _ in buckets.values()) or 1
    ece = sum(abs(sp - k) for n, sp, k in buckets.values()) / total
    brier = sum(r["brier"] * r["turns"] for r in results) / max(1, sum(r["turns"] for r in results))
    plot = Plot(0, 1, 0, 1, f"Reliability of the scientist's belief: ECE {ece:.3f}, Brier {brier:.3f}, "
                            f"{total} turns", "belief in the best rule (mean per tenth)", "how often it was the rule")
    plot.axes([i / 10 for i in range(0, 11, 2)], [i / 10 for i in range(0, 11, 2)],
              lambda v: f"{v:.1f}", lambda v: f"{v:.1f}")
    most = max((n for n, _, _ in buckets.values()), default=1)
    for i, (n, _, _) in sorted(buckets.items()):  # how many turns per bucket, as bars along the bottom
        height = 0.25 * n / most
        plot.add(f'<rect x="{plot.x(i / 10) + 2:.1f}" y="{plot.y(height):.1f}" width="{plot.x(0.1) - plot.x(0) - 4:.1f}" '
                 f'height="{plot.y(0) - plot.y(height):.1f}" fill="{GRID}"><title>{n} turns</title></rect>')
    plot.add(f'<line x1="{plot.x(0)}" y1="{plot.y(0)}" x2="{plot.x(1)}" y2="{plot.y(1)}" stroke="{INK}" '
             f'stroke-dasharray="4 4"/>')
    points = [(sp / n, k / n, n) for _, (n, sp, k) in sorted(buckets.items())]
    path = " ".join(f"{plot.x(a):.1f},{plot.y(b):.1f}" for a, b, _ in points)
    plot.add(f'<polyline points="{path}" fill="none" stroke="{BLUE}" stroke-width="2"/>')
    for a, b, n in points:
        plot.add(f'<circle cx="{plot.x(a):.1f}" cy="{plot.y(b):.1f}" r="4" fill="{BLUE}">'
                 f'<title>belief {a:.2f}: right {b:.2f} over {n} turns</title></circle>')
    plot.add(f'<text x="{plot.x(0.02):.1f}" y="{plot.y(0.27):.1f}" fill="#888">turns per bucket</text>')
    return plot.svg()


def _buckets(pairs: list[tuple[float, bool]]) -> list[tuple[float, float, int]]:
    """(mean stated probability, how often right, turns) per tenth that holds any turn."""
    rows: dict[int, list[float]] = {}
    for p, ok in pairs:
        row = rows.setdefault(min(9, int(p * 10)), [0, 0.0, 0.0])
        row[0] += 1
        row[1] += p
        row[2] += 1 if ok else 0
    return [(sp / n, k / n, n) for _, (n, sp, k) in sorted(rows.items())]


def _ece(pairs: list[tuple[float, bool]]) -> float:
    return sum(n * abs(a - b) for a, b, n in _buckets(pairs)) / max(1, len(pairs))


def sure_svg(games: list[dict]) -> str:
    """The reliability of Sure (``belief.sure`` of a turn's raw share, evidence and best rule: fields 2, 6 and 7) and
    of the bots' belief (field 0), pooled, with per-kind ECEs."""
    from junban.games.eleusis import belief

    turns = [(g.get("level", "-"), t) for g in games for t in g["turns"]]
    if any(len(t) < 8 for _, t in turns):
        raise ValueError("turns without their best rule: run the bench again (issue 42)")
    sure = {id(t): belief.sure(t[2], t[6], t[7]) for _, t in turns}
    series = {"Sure (the hint now)": (lambda t: sure[id(t)], BLUE),
              "the bots' belief (the hint before)": (lambda t: t[0], ACCENT)}
    sure_all = [(sure[id(t)], t[1]) for _, t in turns]
    plot = Plot(0, 1, 0, 1, f"Reliability of Sure: ECE {_ece(sure_all):.3f} over {len(turns)} turns, "
                            f"{len(games)} games", "stated probability (mean per tenth)", "how often it was the rule")
    plot.axes([i / 10 for i in range(0, 11, 2)], [i / 10 for i in range(0, 11, 2)],
              lambda v: f"{v:.1f}", lambda v: f"{v:.1f}")
    points = _buckets(sure_all)
    most = max((n for _, _, n in points), default=1)
    for a, _, n in points:  # how many turns per tenth of Sure, as bars along the bottom
        i = min(9, int(a * 10))
        height = 0.2 * n / most
        plot.add(f'<rect x="{plot.x(i / 10) + 2:.1f}" y="{plot.y(height):.1f}" width="{plot.x(0.1) - plot.x(0) - 4:.1f}" '
                 f'height="{plot.y(0) - plot.y(height):.1f}" fill="{GRID}"><title>{n} turns</title></rect>')
    plot.add(f'<line x1="{plot.x(0)}" y1="{plot.y(0)}" x2="{plot.x(1)}" y2="{plot.y(1)}" stroke="{INK}" '
             f'stroke-dasharray="4 4"/>')
    for name, (pick, colour) in series.items():
        pts = _buckets([(pick(t), t[1]) for _, t in turns])
        path = " ".join(f"{plot.x(a):.1f},{plot.y(b):.1f}" for a, b, _ in pts)
        plot.add(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for a, b, n in pts:
            plot.add(f'<circle cx="{plot.x(a):.1f}" cy="{plot.y(b):.1f}" r="{2.5 + 4 * math.sqrt(n / most):.1f}" '
                     f'fill="{colour}" fill-opacity=".75"><title>{a:.2f}: right {b:.2f} over {n} turns</title></circle>')
    lines = [("ECE per kind", "Sure", "before")]
    for kind in sorted({k for k, _ in turns}):
        rows = [t for k, t in turns if k == kind]
        lines.append((f"{kind} ({len(rows)})", f"{_ece([(sure[id(t)], t[1]) for t in rows]):.3f}",
                      f"{_ece([(t[0], t[1]) for t in rows]):.3f}"))
    x, y = plot.x(0.03), plot.y(0.97)
    for i, (a, b, c) in enumerate(lines):
        weight = ' font-weight="bold"' if i == 0 else ""
        plot.add(f'<text x="{x:.1f}" y="{y + 15 * i:.1f}" fill="{INK}"{weight}>{_esc(a)}</text>'
                 f'<text x="{x + 150:.1f}" y="{y + 15 * i:.1f}" fill="{BLUE}" text-anchor="end"{weight}>{b}</text>'
                 f'<text x="{x + 200:.1f}" y="{y + 15 * i:.1f}" fill="{ACCENT}" text-anchor="end"{weight}>{c}</text>')
    for i, (name, (_, colour)) in enumerate(series.items()):
        plot.add(f'<text x="{plot.x(0.97):.1f}" y="{plot.y(0.3) + 15 * i:.1f}" fill="{colour}" '
                 f'text-anchor="end">● {_esc(name)}</text>')
    return plot.svg()


def write_png(svg: str, out: Path) -> None:
    """The picture drawn by Debian's Chromium (headless, through Playwright), at twice its size for sharpness."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": W, "height": H}, device_scale_factor=2)
        page.set_content(f'<html><body style="margin:0">{svg}</body></html>')
        page.locator("svg").screenshot(path=str(out))
        browser.close()


def frontier_svg(policy: dict, thresholds: list[dict]) -> str:
    """Mean score against solved rate: the fixed thresholds joined, the policy marked with its intervals."""
    points = sorted(thresholds, key=lambda r: r["threshold"])
    every = points + [policy]
    xs = [r["solved_rate"] for r in every] + [policy["solved_rate_ci95"][0]]
    ys = [r["mean_score"] for r in every] + [c for c in policy["mean_score_ci95"] if c is not None]
    step = 0.05 if max(xs) - min(xs) <= 0.25 else 0.1
    x0, x1 = max(0.0, math.floor((min(xs) - 0.02) / step) * step), min(1.0, max(xs) + 0.02)
    y0, y1 = max(0.0, math.floor(min(ys) - 1)), math.ceil(max(ys) + 1)
    plot = Plot(x0, x1, y0, y1, f"Score against solved rate, {policy['games']} games "
                                f"({Path(str(policy.get('rules_file', ''))).name})", "solved rate", "mean score")
    plot.axes([round(x0 + i * step, 2) for i in range(int((x1 - x0) / step + 1e-9) + 1)],
              list(range(int(y0) + 1, int(y1) + 1)), lambda v: f"{v:.2f}", lambda v: str(v))
    path = " ".join(f"{plot.x(r['solved_rate']):.1f},{plot.y(r['mean_score']):.1f}" for r in points)
    plot.add(f'<polyline points="{path}" fill="none" stroke="{BLUE}" stroke-width="2"/>')
    for r in points:
        plot.add(f'<circle cx="{plot.x(r["solved_rate"]):.1f}" cy="{plot.y(r["mean_score"]):.1f}" r="4" '
                 f'fill="{BLUE}"/>')
        plot.add(f'<text x="{plot.x(r["solved_rate"]) + 6:.1f}" y="{plot.y(r["mean_score"]) - 6:.1f}" '
                 f'fill="{BLUE}">{r["threshold"]:.2f}</text>')
    (slo, shi), (clo, chi) = policy["solved_rate_ci95"], policy["mean_score_ci95"]
    px, py = plot.x(policy["solved_rate"]), plot.y(policy["mean_score"])
    plot.add(f'<line x1="{plot.x(max(x0, slo)):.1f}" y1="{py:.1f}" x2="{plot.x(min(x1, shi)):.1f}" y2="{py:.1f}" '
             f'stroke="{ACCENT}"/>')
    if clo is not None:
        plot.add(f'<line x1="{px:.1f}" y1="{plot.y(clo):.1f}" x2="{px:.1f}" y2="{plot.y(chi):.1f}" '
                 f'stroke="{ACCENT}"/>')
    plot.add(f'<rect x="{px - 5:.1f}" y="{py - 5:.1f}" width="10" height="10" fill="{ACCENT}"/>')
    plot.add(f'<text x="{px - 8:.1f}" y="{py + 18:.1f}" text-anchor="end" fill="{ACCENT}">expected value</text>')
    plot.add(f'<text x="{plot.x(x0) + 8:.1f}" y="{plot.y(y1) + 16:.1f}" fill="{BLUE}">fixed guess threshold '
             f'(belief)</text>')
    return plot.svg()


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[0] not in ("reliability", "frontier", "sure"):
        print(__doc__, file=sys.stderr)
        return 2
    kind, out, paths = argv[0], Path(argv[1]), argv[2:]
    if kind == "sure":
        try:
            svg = sure_svg([g for p in paths for g in json.loads(Path(p).read_text(encoding="utf-8"))])
        except ValueError as err:
            print(f"sure: {err}", file=sys.stderr)
            return 2
        if out.suffix == ".png":
            write_png(svg, out)
        else:
            out.write_text(svg, encoding="utf-8")
        print(f"wrote {out}")
        return 0
    results = [result(p) for p in paths]
    if kind == "reliability":
        svg = reliability_svg(results)
    else:
        if len(results) < 2 or results[0].get("threshold") is not None or \
                any(r.get("threshold") is None for r in results[1:]):
            print("frontier: the policy's run first (no --threshold), then runs with --threshold", file=sys.stderr)
            return 2
        svg = frontier_svg(results[0], results[1:])
    out.write_text(svg, encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
