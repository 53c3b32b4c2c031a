"""One shape for the puzzle families: the same nouns with the same parameter
names, the shared result types, one error hierarchy, and a package without
import cycles or function-level imports that dodge one."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Set

import pytest

import loopcraft
from loopcraft import _core, country, errors, slitherlink
from loopcraft._result import CheckResult, Deduction, Grade, SolveResult

FAMILIES = {
    "slitherlink": (slitherlink, slitherlink.Slitherlink, "https://puzz.link/p?slither/5/5/g31bh0ck16023c"),
    "country": (country, country.CountryRoad, "https://puzz.link/p?country/5/5/amda0uf02h12h"),
}
BOARD_CLASSMETHODS = ("parse", "from_url", "from_puzzlekit", "from_json")
BOARD_METHODS = ("to_url", "to_puzzlekit", "to_json", "solve", "deduce", "grade", "check", "is_unique", "to_svg")


def params(func: Any) -> Dict[str, inspect.Parameter]:
    return dict(inspect.signature(func).parameters)


def shared_prefix(func: Any, names: List[str]) -> List[inspect.Parameter]:
    ps = [p for p in params(func).values() if p.name != "self"]
    return ps[: len(names)]


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_the_nouns(family: str) -> None:
    module, board, _ = FAMILIES[family]
    for name in BOARD_CLASSMETHODS:
        assert inspect.ismethod(getattr(board, name)), f"{board.__name__}.{name} is not a classmethod"
    for name in BOARD_METHODS:
        assert callable(getattr(board, name)), f"{board.__name__}.{name} is missing"
    for name in ("generate", "LEVELS", "check"):
        assert hasattr(module, name), f"loopcraft.{family}.{name} is missing"


def test_the_shared_parameters_have_the_same_names_defaults_and_kinds() -> None:
    (_, slither, _), (_, country_board, _) = FAMILIES["slitherlink"], FAMILIES["country"]
    for method, names in (
        ("solve", ["limit", "node_limit", "time_limit"]),
        ("deduce", ["level"]),
        ("grade", ["node_limit"]),
        ("to_url", ["site"]),
        ("check", ["solution"]),
    ):
        a = shared_prefix(getattr(slither, method), names)
        b = shared_prefix(getattr(country_board, method), names)
        assert [(p.name, p.default, p.kind) for p in a] == [(p.name, p.default, p.kind) for p in b], method
        assert [p.name for p in a] == names, method
    assert params(slither.solve)["limit"].default == 2
    for name in ("parse", "from_url", "from_puzzlekit", "from_json"):
        assert len(params(getattr(slither, name))) == len(params(getattr(country_board, name))) == 1, name


def test_generate_has_the_shared_parameters_first() -> None:
    gens = [slitherlink.generate, country.generate]
    for gen in gens:
        ps = list(params(gen).values())
        assert [p.name for p in ps[:3]] == ["rows", "cols", "seed"]
        for name in ("grade", "time_limit", "attempts"):
            assert params(gen)[name].kind is inspect.Parameter.KEYWORD_ONLY, name
        assert params(gen)["grade"].default is None and params(gen)["time_limit"].default is None
    # Family options come after the shared ones.
    names = list(params(country.generate))
    assert names.index("attempts") < names.index("country_size")


@pytest.mark.parametrize("family", FAMILIES)
def test_levels_come_from_the_core(family: str) -> None:
    module, _, _ = FAMILIES[family]
    core = {"slitherlink": _core.SLITHER_LEVELS, "country": _core.COUNTRY_LEVELS}[family]
    assert module.LEVELS == tuple(core)
    assert module.LEVELS[-1] == "search" and len(set(module.LEVELS)) == len(module.LEVELS)


@pytest.mark.parametrize("family", FAMILIES)
def test_results_are_the_shared_types(family: str) -> None:
    _, board_cls, url = FAMILIES[family]
    board = board_cls.from_url(url)
    result = board.solve()
    assert isinstance(result, SolveResult) and result.unique and result.complete
    assert isinstance(board.deduce(), Deduction) and board.deduce().solved
    grade = board.grade()
    assert isinstance(grade, Grade) and grade.unique
    assert grade.level in FAMILIES[family][0].LEVELS[:-1]
    verdict = board.check(result.solution)
    assert isinstance(verdict, CheckResult) and verdict.ok
    # limit=1 proves nothing about a second solution
    one = board.solve(limit=1)
    assert one.count == 1 and not one.complete and not one.unique
    assert board_cls.parse(board.to_url()) == board
    assert board_cls.parse(board.to_json()) == board
    assert board_cls.parse(board.to_puzzlekit()) == board


def test_every_error_is_a_loopcraft_error_with_a_builtin_second_base() -> None:
    classes = [getattr(errors, name) for name in errors.__all__]
    for cls in classes:
        assert issubclass(cls, errors.LoopcraftError)
        if cls is not errors.LoopcraftError:
            assert any(b is not errors.LoopcraftError and issubclass(b, Exception) for b in cls.__mro__[1:-2]), cls
    assert loopcraft.CapacityError is errors.CapacityError


def test_the_core_raises_the_package_errors() -> None:
    b = country.CountryRoad.from_regions([[i * 6 + j for j in range(6)] for i in range(6)])
    with pytest.raises(errors.CapacityError):
        b.region_graph().hamiltonian_cycles(cap=3)
    with pytest.raises(errors.ArgumentError):
        _core.SlitherBoard(200, 200, []).solve(2)
    with pytest.raises(errors.ArgumentTypeError):
        _core.SlitherBoard(2, 2, [True, None, None, None]).solve(2)


# --------------------------------------------------------------------------- imports


PACKAGE = Path(loopcraft.__file__).parent
#: Optional heavy dependencies may be imported inside the function that needs them.
LAZY_OK = {"matplotlib", "matplotlib.pyplot", "dask", "distributed", "dask.distributed", "pyarrow", "pyarrow.parquet"}


def _modules() -> List[str]:
    names = ["loopcraft"]
    for info in pkgutil.walk_packages([str(PACKAGE)], prefix="loopcraft."):
        names.append(info.name)
    return [n for n in names if n not in ("loopcraft.__main__", "loopcraft._core")]


def _source(name: str) -> ast.Module:
    module = importlib.import_module(name)
    path = Path(inspect.getfile(module))
    return ast.parse(path.read_text(encoding="utf-8"))


def _resolve(name: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    parts = name.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_level_imports(name: str) -> Set[str]:
    tree = _source(name)
    is_package = Path(inspect.getfile(importlib.import_module(name))).name == "__init__.py"
    out: Set[str] = set()
    body = list(tree.body)
    while body:
        node = body.pop(0)
        if isinstance(node, ast.If) and not _is_type_checking(node):
            body.extend(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            body.extend(node.body)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("loopcraft"))
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(name, is_package, node)
            if target.startswith("loopcraft"):
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    out.add(sub if sub in MODULES else target)
    return {m for m in out if m in MODULES and m != name}


MODULES = _modules()


def test_no_import_cycles_in_the_package() -> None:
    graph = {m: _top_level_imports(m) for m in MODULES}
    # A package's __init__ re-exports its children: edges into a package's
    # own children from its __init__ are fine; a cycle through modules is not.
    state: Dict[str, int] = {}

    def visit(m: str, path: List[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            if m == n.rsplit(".", 1)[0] or n.startswith(m + "."):
                continue  # a package importing its own submodule
            if state.get(n) == 1:
                raise AssertionError("import cycle: " + " -> ".join([*path, m, n]))
            if n not in state:
                visit(n, [*path, m])
        state[m] = 2

    for m in MODULES:
        if m not in state:
            visit(m, [])


@pytest.mark.parametrize("name", MODULES)
def test_no_function_level_imports_except_optional_heavy_ones(name: str) -> None:
    tree = _source(name)
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.Import):
                bad = [a.name for a in node.names if a.name not in LAZY_OK]
            elif isinstance(node, ast.ImportFrom):
                bad = [] if (node.level == 0 and node.module in LAZY_OK) else [node.module or "."]
            else:
                continue
            assert not bad, f"{name}.{func.name} imports {bad} inside a function"


def test_import_loopcraft_loads_only_the_errors_until_a_name_is_used() -> None:
    # In a fresh interpreter: the families, the core, the drawing code and
    # the package metadata stay unloaded until one of their names is read.
    code = (
        "import sys, loopcraft\n"
        "heavy = [m for m in sys.modules if m.startswith('loopcraft.') and m != 'loopcraft.errors']\n"
        "heavy += [m for m in ('importlib.metadata',) if m in sys.modules]\n"
        "print(heavy)\n"
        "loopcraft.Slitherlink\n"
        "print('loopcraft.slitherlink' in sys.modules, 'loopcraft.country' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]", out[0]
    assert out[1] == "True False"


def test_every_public_name_resolves_and_is_listed() -> None:
    for name in loopcraft.__all__:
        assert getattr(loopcraft, name) is not None
        assert name in dir(loopcraft)
    # The lazily loaded names are the objects their modules define.
    assert loopcraft.CountryRoad is country.CountryRoad
    assert loopcraft.slitherlink is slitherlink
    assert loopcraft.SolveResult is SolveResult
    assert isinstance(loopcraft.__version__, str) and loopcraft.__version__
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        loopcraft.nope  # noqa: B018
    namespace: Dict[str, Any] = {}
    exec("from loopcraft import *", namespace)
    assert set(loopcraft.__all__) <= set(namespace)
