"""The virtual DOM keeps the page equal to the last tree while touching only what changed."""
import random

from junban.ui.dom import SVG_NS, Renderer, h
from tests.ui.fakedom import FakeDocument


def mount():
    doc = FakeDocument()
    root = doc.createElement("div")
    return doc, root, Renderer(doc, root)


def test_renders_text_as_text_never_markup():
    doc, root, r = mount()
    r.render(h("p", {}, "<img src=x onerror=alert(1)>"))
    p = root.childNodes[0]
    assert p.childNodes[0].tagName is None  # a text node
    assert p.textContent == "<img src=x onerror=alert(1)>"


def test_rerender_keeps_elements_and_changes_only_text():
    doc, root, r = mount()
    r.render(h("ul", {}, [h("li", {"key": k}, k) for k in "abc"]))
    lis = list(root.childNodes[0].childNodes)
    doc.mutations = 0
    r.render(h("ul", {}, [h("li", {"key": k}, k) for k in "abc"]))
    assert doc.mutations == 0
    assert root.childNodes[0].childNodes == lis


def test_keyed_children_move_instead_of_being_recreated():
    doc, root, r = mount()
    r.render(h("ul", {}, [h("li", {"key": k}, k) for k in "abcd"]))
    before = {c.textContent: c for c in root.childNodes[0].childNodes}
    r.render(h("ul", {}, [h("li", {"key": k}, k) for k in "dbx"]))
    after = root.childNodes[0].childNodes
    assert [c.textContent for c in after] == ["d", "b", "x"]
    assert after[0] is before["d"] and after[1] is before["b"]


def test_attributes_added_changed_removed_and_booleans():
    doc, root, r = mount()
    r.render(h("button", {"class": ["card", None, "fire"], "disabled": True, "title": "x"}, "22"))
    b = root.childNodes[0]
    assert b.attributes == {"class": "card fire", "disabled": "", "title": "x"}
    r.render(h("button", {"class": "card", "disabled": False, "aria-label": "22 fire"}, "22"))
    assert b.attributes == {"class": "card", "aria-label": "22 fire"}
    assert root.childNodes[0] is b


def test_svg_children_are_created_in_the_svg_namespace():
    doc, root, r = mount()
    r.render(h("svg", {"viewBox": "0 0 10 10"}, h("rect", {"width": 3})))
    assert root.childNodes[0].namespace == SVG_NS
    assert root.childNodes[0].childNodes[0].namespace == SVG_NS


def test_input_value_is_written_to_the_property():
    doc, root, r = mount()
    r.render(h("input", {"value": "Ann"}))
    assert root.childNodes[0].value == "Ann"


def _random_tree(rng, depth=0):
    tags = ["div", "span", "button"]
    children = []
    for i in range(rng.randint(0, 4 if depth < 3 else 0)):
        choice = rng.random()
        if choice < 0.3:
            children.append(rng.choice(["x", "y", "zz"]))
        elif choice < 0.5:
            children.append(h(rng.choice(tags), {"key": rng.choice("abcdef")}, _random_tree(rng, depth + 1).children))
        else:
            children.append(_random_tree(rng, depth + 1))
    # keys must be unique among siblings, as in real screens
    seen, unique = set(), []
    for c in children:
        k = getattr(c, "key", None)
        if k is not None and k in seen:
            continue
        seen.add(k)
        unique.append(c)
    return h(rng.choice(tags), {"data-n": rng.randint(0, 2)}, unique)


def _expected_html(node):
    if not hasattr(node, "tag"):
        return node.text
    attrs = "".join(f' {k}="{v}"' for k, v in sorted(node.attrs.items()))
    return f"<{node.tag}{attrs}>{''.join(_expected_html(c) for c in node.children)}</{node.tag}>"


def test_any_sequence_of_renders_leaves_the_dom_equal_to_the_last_tree():
    rng = random.Random(7)
    for _ in range(300):
        doc, root, r = mount()
        for _ in range(4):
            tree = _random_tree(rng)
            r.render(tree)
            assert root.childNodes[0].html() == _expected_html(tree)


def test_a_long_list_is_patched_in_one_pass_not_one_scan_per_child():
    """A move log of 20,000 entries gets one more (a click at a table): patching it took ~10 s when each child's
    place was found by scanning the list from its start (issue 34); one pass takes milliseconds."""
    import time

    doc, root, r = mount()
    entries = [h("li", {"key": k}, str(k)) for k in range(20_000)]
    r.render(h("ol", {}, entries))
    first = root.childNodes[0].childNodes[0]
    started = time.process_time()
    r.render(h("ol", {}, [h("li", {"key": k}, str(k)) for k in range(20_001)]))
    r.render(h("ol", {}, [h("li", {"key": k}, str(k)) for k in range(-1, 20_001)]))  # and one before them all
    spent = time.process_time() - started
    items = root.childNodes[0].childNodes
    assert [c.textContent for c in items[:2]] == ["-1", "0"] and items[1] is first and len(items) == 20_002
    assert spent < 2.0, f"{spent:.1f} s of CPU for two renders"


def test_reordering_keeps_every_element_and_ends_in_the_new_order():
    rng = random.Random(34)
    for _ in range(200):
        doc, root, r = mount()
        old = rng.sample(range(30), rng.randint(0, 20))
        r.render(h("ul", {}, [h("li", {"key": k}, str(k)) for k in old]))
        before = {c.textContent: c for c in root.childNodes[0].childNodes}
        new = rng.sample(range(30), rng.randint(0, 20))
        r.render(h("ul", {}, [h("li", {"key": k}, str(k)) for k in new]))
        after = root.childNodes[0].childNodes
        assert [c.textContent for c in after] == [str(k) for k in new]
        assert all(c is before[c.textContent] for c in after if c.textContent in before)


def test_the_patch_benchmark_runs():
    """tools/bench_dom_patch.py, which the numbers of issue 34's defect 9 come from (a tiny run)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, str(root / "tools" / "bench_dom_patch.py"), "--sizes", "50", "--repeat", "1"],
                         capture_output=True, text=True, timeout=60, check=True, cwd=root,
                         env=dict(os.environ, PYTHONPATH=f"{root / 'py'}{os.pathsep}{root}"))
    assert set(json.loads(out.stdout.strip().splitlines()[-1])["patch_ms"]) == {"50"}


def test_a_subtree_drawn_once_and_used_again_is_left_as_it_is_and_still_moves_and_goes():
    doc, root, r = mount()
    kept = [h("li", {"key": k}, h("b", {}, k)) for k in "abc"]
    r.render(h("ul", {}, kept))
    elements = list(root.childNodes[0].childNodes)
    doc.mutations = 0
    r.render(h("ul", {}, kept))  # the same nodes: nothing to compare, nothing touched
    assert doc.mutations == 0 and list(root.childNodes[0].childNodes) == elements
    r.render(h("ul", {}, [kept[2], h("li", {"key": "n"}, "new"), kept[0]]))  # moved, added, one gone
    assert [c.textContent for c in root.childNodes[0].childNodes] == ["c", "new", "a"]
    assert root.childNodes[0].childNodes[0] is elements[2] and root.childNodes[0].childNodes[2] is elements[0]
    r.render(h("ul", {}, [h("li", {"key": "c"}, h("b", {}, "C!"))]))  # a fresh drawing of a kept key
    assert root.childNodes[0].textContent == "C!"
