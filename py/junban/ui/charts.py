"""Charts drawn as SVG with dom.h (no library): accessible (role img, title, a text summary)."""
from __future__ import annotations

from junban.ui.dom import h

WIDTH = 360
HEIGHT = 200
PAD_LEFT = 34
PAD_BOTTOM = 44
PAD_TOP = 12


def binned_chart(values: list, edges: list[int], title: str, x_label: str, y_label: str, good_below: int):
    """A histogram of ``values`` in bins starting at ``edges`` (the last bin open-ended, labelled "80+");
    bins starting below ``good_below`` are drawn in the 'good' colour (e.g. the winning counts)."""
    from junban.history import histogram

    labels = []
    for i, edge in enumerate(edges):
        upper = edges[i + 1] - 1 if i + 1 < len(edges) else None
        labels.append(f"{edge}+" if upper is None else str(edge) if upper == edge else f"{edge}–{upper}")
    return bar_chart(labels, histogram(values, edges), title=title, x_label=x_label, y_label=y_label,
                     highlight=lambda i: edges[i] < good_below)


def bar_chart(labels: list[str], counts: list[int], title: str, x_label: str, y_label: str, highlight=None):
    """A bar chart of counts; bars for which ``highlight(i)`` holds get the 'good' colour class."""
    top = max(counts) if counts and max(counts) > 0 else 1
    plot_w = WIDTH - PAD_LEFT - 8
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    step = plot_w / max(1, len(counts))
    bars = []
    for i, (label, count) in enumerate(zip(labels, counts)):
        bar_h = plot_h * count / top
        x = PAD_LEFT + i * step + step * 0.15
        y = PAD_TOP + plot_h - bar_h
        good = highlight(i) if highlight else False
        bars.append(h("g", {"key": i},
                      h("rect", {"x": f"{x:.1f}", "y": f"{y:.1f}", "width": f"{step * 0.7:.1f}",
                                 "height": f"{max(bar_h, 0):.1f}", "class": ["bar", "good" if good else None]},
                        h("title", {}, f"{label}: {count}")),
                      h("text", {"x": f"{x + step * 0.35:.1f}", "y": f"{y - 3:.1f}", "class": "bar-value",
                                 "text-anchor": "middle"}, str(count)) if count else None,
                      h("text", {"x": f"{x + step * 0.35:.1f}", "y": str(PAD_TOP + plot_h + 14),
                                 "class": "bar-label", "text-anchor": "middle"}, label)))
    summary = ", ".join(f"{label}: {count}" for label, count in zip(labels, counts))
    return h(
        "figure", {"class": "chart"},
        h("svg", {"viewBox": f"0 0 {WIDTH} {HEIGHT}", "role": "img", "aria-label": f"{title}. {summary}",
                  "class": "bar-chart"},
          h("title", {}, title),
          h("line", {"x1": PAD_LEFT, "y1": PAD_TOP + plot_h, "x2": WIDTH - 8, "y2": PAD_TOP + plot_h, "class": "axis"}),
          h("line", {"x1": PAD_LEFT, "y1": PAD_TOP, "x2": PAD_LEFT, "y2": PAD_TOP + plot_h, "class": "axis"}),
          h("text", {"x": PAD_LEFT - 4, "y": PAD_TOP + 8, "class": "axis-label", "text-anchor": "end"}, str(top)),
          h("text", {"x": PAD_LEFT - 4, "y": PAD_TOP + plot_h, "class": "axis-label", "text-anchor": "end"}, "0"),
          bars,
          h("text", {"x": PAD_LEFT + plot_w / 2, "y": HEIGHT - 6, "class": "axis-title", "text-anchor": "middle"}, x_label),
          h("text", {"x": 10, "y": PAD_TOP + plot_h / 2, "class": "axis-title", "text-anchor": "middle",
                     "transform": f"rotate(-90 10 {PAD_TOP + plot_h / 2})"}, y_label)),
        h("figcaption", {}, title),
    )
