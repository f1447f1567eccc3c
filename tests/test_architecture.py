"""The folders show the architecture (docs/design.md): these tests keep it true.

- the rules engine (service/rules) imports neither Flask nor OpenCV, nor the layers above it;
- the vision code (service/vision) knows nothing of scoring, nor of the web layer;
- schemas/ is the one place marshmallow schemas live (no Schema subclass elsewhere in service/).
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the package of the file
                package = path.relative_to(ROOT).parent.parts
                base = package[:len(package) - node.level + 1]
                names.add(".".join((*base, node.module)) if node.module else ".".join(base))
            elif node.module:
                names.add(node.module)
    return names


def forbidden_imports(folder: str, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for name in imported_modules(path):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                found.append(f"{path.relative_to(ROOT)} imports {name}")
    return found


@pytest.mark.parametrize("folder, forbidden", [
    ("service/rules", ("flask", "flask_smorest", "werkzeug", "marshmallow", "cv2", "onnxruntime",
                       "service.api", "service.vision", "service.web", "schemas")),
    ("service/vision", ("service.rules", "service.api", "service.web", "service.storage", "flask",
                        "flask_smorest", "schemas")),
])
def test_layer_imports(folder, forbidden):
    assert forbidden_imports(folder, forbidden) == []


def test_schemas_live_in_schemas():
    offenders = []
    for path in sorted((ROOT / "service").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                    ast.unparse(base).endswith("Schema") for base in node.bases):
                offenders.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert offenders == []


def test_import_scan_resolves_relative_imports():
    """The import scan itself works: a relative import is resolved to its absolute name."""
    sample = ROOT / "service" / "rules" / "show.py"
    assert "service.rules.cards" in imported_modules(sample)
