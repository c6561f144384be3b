"""No import circles in the package: two modules that import each other (even inside a function) have no order
to be read in, and one of them holds what both need (issue 31). Read from the sources: every import statement,
at a module's top or in a function, as an edge to the module it names."""
from __future__ import annotations

import ast
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"


def import_graph(root: Path = PY) -> dict[str, set[str]]:
    """{module: the package's modules it imports}. ``from pkg import name`` counts as importing ``pkg.name`` when
    that is a module, else ``pkg``."""
    modules = {".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): path
               for path in (root / "junban").rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                           for alias in node.names]
            else:
                continue
            graph[name].update(target for target in targets if target in modules and target != name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach each other (strongly connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_finder_sees_a_circle_through_a_function_level_import(tmp_path):
    package = tmp_path / "junban"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "table.py").write_text("def start():\n    from junban.review import Review\n")
    (package / "review.py").write_text("from junban import table\n")
    (package / "alone.py").write_text("import junban.table\n")
    assert circles(import_graph(tmp_path)) == [["junban.review", "junban.table"]]


def test_no_module_of_the_package_imports_one_that_imports_it_back():
    assert circles(import_graph()) == []
