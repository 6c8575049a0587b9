"""The engine never imports its plugins: ``foraccio.core`` names the built-in variants and
house rules as strings (``foraccio.core.registry.DEFAULT_PLUGINS``) and loads them like
installed ones, so no module of the engine imports ``foraccio.variants`` and no import cycle
can form."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core"
VARIANTS = "foraccio.variants"


def test_no_module_of_core_imports_variants():
    importing = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] if node.level == 0 else []
            else:
                continue
            if any(name == VARIANTS or name.startswith(f"{VARIANTS}.") for name in names):
                importing.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert importing == []


def test_importing_every_module_of_core_imports_no_variant():
    # A fresh interpreter: this one has imported the variants long ago.
    program = (
        "import pkgutil, sys\n"
        "from foraccio import core\n"
        "for module in pkgutil.walk_packages(core.__path__, 'foraccio.core.'):\n"
        "    __import__(module.name)\n"
        "print(sorted(name for name in sys.modules if name.startswith('foraccio.variants')))\n")
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_built_in_variants_are_imported_when_first_asked_for():
    program = ("import sys\n"
               "from foraccio.core.registry import variants\n"
               "assert 'foraccio.variants' not in sys.modules\n"
               "print(list(variants()), 'foraccio.variants.foraccio' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.split("[")[1].startswith("'foraccio', 'zobelon'")
    assert result.stdout.strip().endswith("True")
