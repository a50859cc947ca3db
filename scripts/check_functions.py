"""List the functions in lightsart that are too long or too branchy to hold in one's head.

A function may span at most ``MAX_LINES`` lines (``def`` to its last line, decorators and its
docstring excluded: numpydoc sections are documentation, not code to hold in one's head) and
score at most ``MAX_COMPLEXITY`` by radon's cyclomatic complexity (issue 21). Prints one line per
offender, worst first, and exits 1 if there is any, so CI and ``tests/test_code_shape.py`` can
run it.

Usage: ``python scripts/check_functions.py [PACKAGE_DIR] [--top N]`` (``--top`` lists the N
worst scores and longest functions whether or not they offend, for before/after tables).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

MAX_LINES = 80
MAX_COMPLEXITY = 20


@dataclass(frozen=True)
class Shape:
    """One function's place, length and radon complexity."""

    path: str
    line: int
    name: str
    lines: int
    complexity: int

    def where(self) -> str:
        return f"{self.path}:{self.line} {self.name}"


def _docstring_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """How many lines the function's docstring spans (0 without one)."""
    first = function.body[0]
    if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        return (first.end_lineno or first.lineno) - first.lineno + 1
    return 0


def _lengths(tree: ast.AST) -> Iterator[tuple[int, str, int]]:
    """Yield (first line, qualified name, number of lines but the docstring's) for every
    function, nested ones too."""

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[int, str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = prefix + child.name
                end = child.end_lineno or child.lineno
                yield child.lineno, name, end - child.lineno + 1 - _docstring_lines(child)
                yield from walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, prefix + child.name + ".")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def _complexities(source: str) -> dict[int, int]:
    """Radon's complexity of every function and method, keyed by the line of its ``def``."""
    from radon.complexity import cc_visit
    from radon.visitors import Class, Function

    scores: dict[int, int] = {}

    def add(blocks: list[Function | Class]) -> None:
        for block in blocks:
            if isinstance(block, Class):
                add(list(block.methods) + list(block.inner_classes))
            else:
                scores[block.lineno] = max(scores.get(block.lineno, 0), block.complexity)
                add(list(block.closures))

    add(list(cc_visit(source)))
    return scores


def shapes(package: Path) -> list[Shape]:
    """Every function under ``package`` with its length and complexity."""
    found: list[Shape] = []
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        scores = _complexities(source)
        for line, name, length in _lengths(ast.parse(source, filename=str(path))):
            where = path.relative_to(package.parent)
            found.append(Shape(str(where), line, name, length, scores.get(line, 1)))
    return found


def offenders(package: Path) -> list[str]:
    """One line per function over ``MAX_LINES`` lines or above ``MAX_COMPLEXITY``, worst first."""
    lines: list[str] = []
    for shape in sorted(shapes(package), key=lambda s: (-s.complexity, -s.lines)):
        if shape.complexity > MAX_COMPLEXITY:
            lines.append(f"{shape.where()}: complexity {shape.complexity} > {MAX_COMPLEXITY}")
    for shape in sorted(shapes(package), key=lambda s: -s.lines):
        if shape.lines > MAX_LINES:
            lines.append(f"{shape.where()}: {shape.lines} lines > {MAX_LINES}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", nargs="?", default=str(Path(__file__).parent.parent / "lightsart"))
    parser.add_argument("--top", type=int, default=0, help="also list the N worst of each measure")
    args = parser.parse_args(argv)
    package = Path(args.package)
    if args.top:
        found = shapes(package)
        print(f"worst complexity (top {args.top}):")
        for shape in sorted(found, key=lambda s: -s.complexity)[: args.top]:
            print(f"  {shape.complexity:3d}  {shape.where()}")
        print(f"longest functions (top {args.top}):")
        for shape in sorted(found, key=lambda s: -s.lines)[: args.top]:
            print(f"  {shape.lines:3d}  {shape.where()}")
    bad = offenders(package)
    for line in bad:
        print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
