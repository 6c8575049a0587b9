"""Builds the optional compiled engine (:mod:`foraccio.core.compiled`) when ``FORACCIO_COMPILE=1``:
``FORACCIO_COMPILE=1 python setup.py build_ext --inplace`` (``make compiled``) builds it
beside the sources, ``FORACCIO_COMPILE=1 pip install .`` into the installed package.
Cython compiles each module from its Python source with Python's own semantics
(``annotation_typing`` off: a type hint never changes what the code does). Without
``FORACCIO_COMPILE`` the package is pure Python; everything else is in pyproject.toml.
"""

import os
import runpy

from setuptools import setup

CYTHON = "cython>=3.1,<3.3"
"""What builds the compiled engine (the ``compiled`` extra of pyproject.toml says the same)."""


def compiled_extensions() -> list:
    """The extension modules of the compiled engine, each from its Python source."""
    from Cython.Build import cythonize
    from setuptools import Extension

    def source(module: str) -> str:
        """The source file of ``module``: ``foraccio.core.engine`` is ``core/engine.py``
        (pyproject.toml maps each folder onto its subpackage)."""
        return module.removeprefix("foraccio.").replace(".", "/") + ".py"

    modules = runpy.run_path("core/compiled.py")["MODULES"]
    return cythonize(
        [Extension(name, [source(name)]) for name in modules],
        build_dir="build/cython",
        compiler_directives={"language_level": 3, "annotation_typing": False},
        quiet=True,
    )


ext_modules, setup_requires = [], []
if os.environ.get("FORACCIO_COMPILE") == "1":
    try:
        ext_modules = compiled_extensions()
    except ModuleNotFoundError as missing:
        if missing.name != "Cython":
            raise
        # pip's isolated build environment has only setuptools when it first runs this
        # file, to ask what else the build needs: Cython, which it then installs.
        setup_requires = [CYTHON]

setup(ext_modules=ext_modules, setup_requires=setup_requires)
