"""The package's shape, read from its source with `ast` (nothing is imported):

- no import circle among its modules, counting every import: those inside functions (they
  run as surely as the others, only later) and those under `if TYPE_CHECKING:` (a type one
  module needs from another is a dependency too, and the layers hold for types as well);
- no private name (`_x`) imported from another module;
- no name taken from a module that only imports it (a re-export kept where callers found it
  before a split): a name is imported from the module that defines it, but for a package's
  `__init__` (its published surface) and `workbench.engine` (the front door);
- no `__dict__` in the engine core (caches live in an explicit scratch, copies are made with
  `dataclasses.replace`);
- no module longer than 600 lines.

No module has an exception: a failure names the circle (with the lines that close it), the
import or the module.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# Source folders as they are installed: screens/ and widgets/ become workbench.screens and
# workbench.widgets (pyproject's package-dir).
SOURCES = {
    "workbench": REPO / "workbench",
    "workbench.screens": REPO / "screens",
    "workbench.widgets": REPO / "widgets",
}
CORE = ("workbench.generate", "workbench.stats", "workbench.schema")
MAX_LINES = 600


@dataclass(frozen=True)
class Import:
    importer: str
    module: str  # the workbench module imported (a package's __init__ is the package)
    names: tuple[str, ...]  # the names taken from it (empty for `import x`)
    line: int


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@functools.cache
def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    out: dict[str, Path] = {}
    for package, folder in SOURCES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join([package, *parts])] = path
    return out


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement below `node`, at any depth."""
    for child in ast.walk(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The module a dotted name lives in (itself, or the nearest package or module above)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(known: dict[str, Path]) -> list[Import]:
    out: list[Import] = []
    for module, path in known.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in _import_nodes(_tree(path)):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    target = _owner(alias.name, known)
                    if target is not None:
                        out.append(Import(module, target, (), node.lineno))
                continue
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - (node.level - 1)]
                base = ".".join([*up, *([base] if base else [])])
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:  # `from package import submodule`
                    out.append(Import(module, sub, (), node.lineno))
                    continue
                target = _owner(base, known)
                if target is not None:
                    out.append(Import(module, target, (alias.name,), node.lineno))
    return out


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    members.add(top)
                    if top == node:
                        break
                if len(members) > 1:
                    found.append(frozenset(members))
    return found


def _in_core(module: str) -> bool:
    return any(module == c or module.startswith(c + ".") for c in CORE)


def _describe(circle: frozenset[str], found: list[Import]) -> str:
    ties = sorted(
        f"  {i.importer} -> {i.module} (line {i.line})"
        for i in found
        if i.importer in circle and i.module in circle and i.importer != i.module
    )
    return f"circle of {len(circle)}: {', '.join(sorted(circle))}\n" + "\n".join(ties)


def test_no_import_circle() -> None:
    known = modules()
    found = imports(known)
    edges: dict[str, set[str]] = {}
    for imp in found:
        if imp.module != imp.importer:
            edges.setdefault(imp.importer, set()).add(imp.module)
    present = circles(edges)
    assert not present, "import circles:\n" + "\n".join(_describe(c, found) for c in present)


def test_no_private_name_imported_from_another_module() -> None:
    known = modules()
    private = sorted(
        (i.importer, i.module, name)
        for i in imports(known)
        for name in i.names
        if name.startswith("_") and not name.startswith("__") and i.module != i.importer
    )
    assert not private, "private names imported from another module:\n" + "\n".join(
        f"  {importer} imports {name} from {module}" for importer, module, name in private
    )


# Modules whose imported names are their published surface.
FRONT_DOORS = ("workbench.engine",)


def defined_names(tree: ast.Module) -> set[str]:
    """The names a module binds itself at its top level (also inside a top-level if, try,
    for or with): its functions, classes and assigned names, not what it imports."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        for child in ast.walk(node):
            if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
                names.add(child.id)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(child.name)
    return names


def test_no_name_is_taken_from_a_module_that_only_imports_it() -> None:
    known = modules()
    relayed = sorted(
        (i.importer, i.module, name, i.line)
        for i in imports(known)
        if i.module != i.importer
        and known[i.module].name != "__init__.py"
        and i.module not in FRONT_DOORS
        for name in i.names
        if name != "*" and name not in defined_names(_tree(known[i.module]))
    )
    assert not relayed, "names taken from a module that only imports them:\n" + "\n".join(
        f"  {importer}:{line} takes {name} from {module}"
        for importer, module, name, line in relayed
    )


def test_no_dict_caching_in_the_engine_core() -> None:
    found = []
    for module, path in modules().items():
        if not _in_core(module):
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Attribute) and node.attr == "__dict__":
                found.append(f"  {path.relative_to(REPO)}:{node.lineno}")
    assert not found, "__dict__ in the engine core:\n" + "\n".join(found)


def test_modules_are_at_most_600_lines() -> None:
    sizes = {
        str(path.relative_to(REPO)): len(path.read_text(encoding="utf-8").splitlines())
        for path in modules().values()
    }
    long = [f"  {name}: {n} lines" for name, n in sorted(sizes.items()) if n > MAX_LINES]
    assert not long, f"modules over {MAX_LINES} lines:\n" + "\n".join(long)


def test_the_graph_reader_sees_function_level_and_type_checking_imports() -> None:
    """The reader itself: imports inside a function and under TYPE_CHECKING count, relative
    imports resolve, and a circle is found and named."""
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import a.hidden\n"
        "def f():\n    import a.late\n"
        "class C:\n    def g(self):\n        from . import rel\n"
    )
    seen = sorted(
        (getattr(n, "module", None) or "") + ":" + ",".join(a.name for a in n.names)
        for n in _import_nodes(tree)
    )
    assert seen == [":a.hidden", ":a.late", ":rel", "typing:TYPE_CHECKING"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]
