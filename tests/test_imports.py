"""No import cycle anywhere in ``assistant``: every module imports alone in a fresh
interpreter, and the graph of imports between the package's modules has no cycle.

The graph is read from the source (ast): ``import`` and ``from ... import`` statements at module
level and inside functions, leaving out ``if TYPE_CHECKING:`` blocks (annotations only). An
edge goes to the module named; ``from assistant.x import y`` goes to ``assistant.x.y`` when
``y`` is a submodule. A cycle is reported with the file and line of each of its imports.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "assistant"


def module_names() -> dict[str, Path]:
    """Every module of the package, by dotted name (a package by its ``__init__``)."""
    names: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """The import statements of a module, outside ``if TYPE_CHECKING:`` blocks."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The longest prefix of a dotted name that is one of the package's modules."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def import_graph() -> dict[str, dict[str, str]]:
    """For each module, the modules it imports, each with where (``file:line``)."""
    modules = module_names()
    graph: dict[str, dict[str, str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        edges: dict[str, str] = {}
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = name.split(".") if is_package else name.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    origin = ".".join(base + ([node.module] if node.module else []))
                else:
                    origin = node.module or ""
                for alias in node.names:
                    sub = f"{origin}.{alias.name}"
                    targets.append(sub if sub in modules else origin)
            for target in targets:
                known = _known(target, modules)
                if known is not None and known != name:
                    edges.setdefault(known, where)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def strongconnect(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    return sorted(found)


def describe(component: list[str], graph: dict[str, dict[str, str]]) -> str:
    """A cycle's modules and the imports between them."""
    inside = set(component)
    lines = [" <-> ".join(component)]
    for module in component:
        for target, where in sorted(graph[module].items()):
            if target in inside:
                lines.append(f"    {module} -> {target}  ({where})")
    return "\n".join(lines)


def test_imports_no_cycle_between_modules():
    """The import graph of the package has no cycle."""
    graph = import_graph()
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(describe(c, graph) for c in found)


def test_imports_the_graph_sees_the_imports_it_should():
    """The graph sees module-level and in-function imports and submodules, and leaves out TYPE_CHECKING."""
    graph = import_graph()
    assert "assistant.cli.render" in graph["assistant.cli.tracking"]  # module level
    assert "assistant.cli.play" in graph["assistant.cli.tracking"]  # inside a function
    assert "assistant.service.views" in graph["assistant.service.games"]  # from package import submodule
    assert "assistant.service.views" not in graph["assistant.cli.render"]  # under TYPE_CHECKING


CHILD = """
import importlib, json, sys, traceback, warnings
warnings.simplefilter("ignore")  # SQLAlchemy notes the table classes defined again
failed = {}
for name in json.loads(sys.argv[1]):
    for loaded in [m for m in sys.modules if m == "assistant" or m.startswith("assistant.")]:
        del sys.modules[loaded]
    if "sqlmodel" in sys.modules:  # the tables' metadata outlives the modules that define them
        sys.modules["sqlmodel"].SQLModel.metadata.clear()
    try:
        importlib.import_module(name)
    except BaseException:
        failed[name] = traceback.format_exc(limit=-3)
print(json.dumps(failed))
"""


def test_imports_every_module_imports_alone():
    """Each module imports in an interpreter where no other assistant module is loaded."""
    names = sorted(module_names())
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(names)], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    failed = json.loads(proc.stdout.strip().splitlines()[-1])
    assert not failed, "modules that do not import alone:\n" + "\n".join(f"{k}:\n{v}" for k, v in failed.items())


def test_imports_cycles_are_found():
    """A cycle in a made-up graph is found and described."""
    graph = {"a": {"b": "a.py:1"}, "b": {"c": "b.py:2"}, "c": {"a": "c.py:3"}, "d": {"a": "d.py:1"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert "b -> c  (b.py:2)" in describe(["a", "b", "c"], graph)


LAYERS = ("core", "games", "store", "service", "web", "cli")


def test_imports_layers_point_down():
    """Each layer (core, games, store, service, web, cli) imports only the layers before it."""

    def layer(module: str) -> int | None:
        parts = module.split(".")
        return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None

    upward = [
        f"{module} -> {target}  ({where})"
        for module, edges in import_graph().items()
        for target, where in edges.items()
        if layer(module) is not None and layer(target) is not None and layer(target) > layer(module)  # type: ignore[operator]
    ]
    assert not upward, "imports against the layers:\n" + "\n".join(upward)
