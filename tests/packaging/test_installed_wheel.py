"""The release as a user gets it: built, installed outside the checkout, served.

Once, for one test whose checks are its subtests: ``python -m build`` makes
the engine's sdist and wheel and the Scopa example's wheel; a clean virtual environment in
a temporary directory installs the engine's wheel (its dependencies from the pip cache,
pinned by constraints.txt), the Scopa wheel, and a house rule written against the import
names before 0.1.0, migrated as docs/plugins.md says. Everything there runs isolated
(``python -I``, from a directory outside the checkout), so nothing of the checkout can
stand in for what the wheel lacks.
"""

from __future__ import annotations

import email.parser
import os
import re
import signal
import subprocess
import sys
import time
import tomllib
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import httpx
import pytest

from bench.server import free_port
from foraccio import __version__
from tests.installed import installed_environment
from tests.packaging.migration import note_commands

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
HOST = "127.0.0.1"
GENERIC_NAMES = ("core", "variants", "bots", "api", "cli", "web", "rooms", "lab")
"""The top-level names the engine installed before 0.1.0, which it must no longer take."""
OLD_IMPORT = re.compile(rf"^\s*(from|import) ({'|'.join(GENERIC_NAMES)})\b", re.MULTILINE)
OLD_TARGET = re.compile(rf"""["']({'|'.join(GENERIC_NAMES)})(\.\w+)*:\w+["']""")
"""A ``module:attribute`` string (a plugin's or a bot's name) under an old name."""
PLUGIN = "foraccio-double-scopa"
"""The distribution of the migrated house rule (tests/packaging/old_style_plugin.txt)."""


def serve_command(venv: Path, port: int) -> list[str]:
    """How an installed user starts the server: the ``foraccio`` command it installed."""
    return [str(venv / "bin" / "foraccio"), "serve", "--host", HOST, "--port", str(port)]


class Release(NamedTuple):
    sdist: Path
    wheel: Path
    scopa_wheel: Path
    venv: Path
    outside: Path
    """A directory outside the checkout: the current directory of everything run there."""
    environment: dict[str, str]
    """The environment of what runs in the venv: no PYTHONPATH, no FORACCIO_* of the run."""

    @property
    def python(self) -> str:
        return str(self.venv / "bin" / "python")

    def run(self, *arguments: str) -> str:
        """Run the venv's Python isolated (``-I``: no current directory, no PYTHONPATH, no
        user site on its path) from outside the checkout; return its output."""
        done = subprocess.run([self.python, "-I", *arguments], cwd=self.outside,
                              env=self.environment, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout


def built(project: Path, output: Path, environment: dict[str, str]) -> subprocess.Popen:
    """Start ``python -m build`` of ``project`` (its sdist, then its wheel from the sdist,
    in an isolated build environment) into ``output``."""
    return subprocess.Popen([sys.executable, "-m", "build", "--outdir", str(output),
                             str(project)], env=environment, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)


def finished(process: subprocess.Popen) -> None:
    """Wait for ``process`` (its output piped); fail with its output unless it succeeded."""
    output = process.communicate()[0].decode(errors="replace")
    assert process.returncode == 0, f"{process.args}:\n{output}"


@pytest.fixture
def release(tmp_path_factory) -> Release:
    """The engine and Scopa built, and installed with the migrated plugin in a clean venv."""
    base = tmp_path_factory.mktemp("release")
    assert not base.is_relative_to(ROOT)
    # Nothing of the run's own: no PYTHONPATH, no FORACCIO_* (FORACCIO_COMPILE would build
    # the compiled engine, which takes minutes; make test's FORACCIO_PURE_PYTHON).
    environment = {name: value for name, value in os.environ.items()
                   if name != "PYTHONPATH" and not name.startswith("FORACCIO_")}
    environment["FORACCIO_DATA_DIR"] = str(base / "data")
    venv = base / "venv"
    # No pip of its own (ensurepip costs seconds): the test's pip installs into it.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    # --no-compile: Python writes the bytecode of what it imports, when it imports it.
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
           "--quiet", "--disable-pip-version-check", "--no-compile",
           "-c", str(ROOT / "constraints.txt")]
    # While the wheels are built, the engine's dependencies are installed: the wheel's own
    # install then finds what its metadata requires already there, or installs it.
    started = [built(ROOT, base / "dist", environment),
               built(ROOT / "examples" / "scopa", base / "scopa", environment),
               subprocess.Popen([*pip, *PYPROJECT["project"]["dependencies"]], cwd=base,
                                env=environment, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT)]
    for process in started:
        finished(process)
    [sdist] = (base / "dist").glob("*.tar.gz")
    [wheel] = (base / "dist").glob("*.whl")
    [scopa_wheel] = (base / "scopa").glob("*.whl")
    finished(subprocess.Popen([*pip, str(wheel)], cwd=base, env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
    finished(subprocess.Popen([*pip, "--no-deps", str(scopa_wheel)], cwd=base, env=environment,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
    outside = base / "elsewhere"
    outside.mkdir()
    installed = Release(sdist, wheel, scopa_wheel, venv, outside, environment)
    install_migrated_plugin(installed, base / "plugin")
    return installed


def install_migrated_plugin(release: Release, work: Path) -> None:
    """Migrate the old-style house rule with docs/plugins.md's own command (the note's
    first, which rewrites the imports) and install it in the venv as a distribution whose
    entry point (group ``foraccio``, unchanged) names it."""
    work.mkdir()
    module = work / "foraccio_double_scopa.py"
    module.write_text((Path(__file__).parent / "old_style_plugin.txt").read_text())
    subprocess.run(["bash", "-c", note_commands()[0]], cwd=work, check=True)
    migrated = module.read_text()
    assert "from foraccio.core.registry import HouseRule" in migrated
    assert not OLD_IMPORT.search(migrated), migrated
    site_packages = Path(release.run("-c", "import sysconfig; print(sysconfig.get_paths()"
                                           "['purelib'])").strip())
    (site_packages / module.name).write_text(migrated)
    installed_environment(site_packages, PLUGIN, {"double-scopa": "foraccio_double_scopa:"
                                                                  "HOUSE_RULE"})


def wheel_metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        [name] = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        return email.parser.Parser().parsestr(archive.read(name).decode())


def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def shipped_from_checkout() -> set[str]:
    """What the wheel must hold of the checkout, at its installed path: every Python file
    of the folders pyproject.toml maps onto the package (its ``package-dir``), and the
    files of the web table and of its rules, of the docs UIs and the catalogues of its
    words (its ``package-data``)."""
    mapping = PYPROJECT["tool"]["setuptools"]["package-dir"]
    expected = set()
    for package, folder in mapping.items():
        for source in (ROOT / folder).rglob("*.py"):
            relative = source.relative_to(ROOT / folder)
            if "__pycache__" not in relative.parts:
                expected.add(f"{package.replace('.', '/')}/{relative.as_posix()}")
    for folder, installed in (("web/static", "foraccio/web/static"),
                              ("web/rules", "foraccio/web/rules"),
                              ("api/docs_static", "foraccio/api/docs_static"),
                              ("foraccio/locale", "foraccio/locale")):
        expected |= {f"{installed}/{path.relative_to(ROOT / folder).as_posix()}"
                     for path in (ROOT / folder).rglob("*") if path.is_file()}
    return expected


def check_the_wheel_installs_one_package_and_all_of_it_with_nothing_else(
        release: Release) -> None:
    names = wheel_names(release.wheel)
    info = f"foraccio-{__version__}.dist-info"

    assert {name.split("/")[0] for name in names} == {"foraccio", info}
    assert {name for name in names if not name.startswith(f"{info}/")} == \
        shipped_from_checkout()
    assert not [name for name in names if {"tests", "bench", "examples"} & set(name.split("/"))]
    assert any(name.startswith("foraccio/web/static/js/") for name in names)
    assert "foraccio/api/docs_static/swagger-ui-init.js" in names
    assert "foraccio/locale/it/LC_MESSAGES/foraccio.po" in names
    assert {name.split("/")[0] for name in wheel_names(release.scopa_wheel)} == {
        "foraccio_scopa", "foraccio_scopa-0.1.0.dist-info"}
    assert "foraccio_scopa/locale/it/LC_MESSAGES/foraccio_scopa.po" in \
        wheel_names(release.scopa_wheel)


def check_the_metadata_is_complete_and_twine_finds_nothing_to_fix(
        release: Release) -> None:
    metadata = wheel_metadata(release.wheel)
    project = PYPROJECT["project"]

    assert metadata["Name"] == "foraccio"
    assert metadata["Version"] == __version__
    assert metadata["Summary"] == project["description"]
    assert metadata["License-Expression"] == project["license"]
    assert metadata["License-File"] == "LICENSE"
    assert f"foraccio-{__version__}.dist-info/licenses/LICENSE" in wheel_names(release.wheel)
    assert metadata["Requires-Python"] == project["requires-python"]
    assert metadata["Description-Content-Type"].startswith("text/markdown")
    assert metadata.get_payload().strip() == (ROOT / "README.md").read_text().strip()
    assert project_urls(release)
    assert metadata.get_all("Requires-Dist")
    # pip install 'foraccio[research]': OpenSpiel and PettingZoo, only with the extra
    assert "research" in metadata.get_all("Provides-Extra")
    research = [requirement for requirement in metadata.get_all("Requires-Dist")
                if 'extra == "research"' in requirement]
    assert {re.split(r"[<>=!~; ]", requirement)[0] for requirement in research} == {
        "open-spiel", "pettingzoo"}
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict",
                              str(release.sdist), str(release.wheel), str(release.scopa_wheel)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def project_urls(release: Release) -> dict[str, str]:
    """The wheel's project URLs by label."""
    return dict(entry.split(", ", 1) for entry in
                wheel_metadata(release.wheel).get_all("Project-URL") or ())


RESEARCH_EXTRA = ("numpy", "pyspiel", "open_spiel", "pettingzoo", "gymnasium")
"""What the modules of foraccio.research import from the research extra (and only they)."""

IMPORT_EVERYTHING = f"""
import importlib, importlib.util, pkgutil, sys, sysconfig
from pathlib import Path

import foraccio

site = Path(sysconfig.get_paths()["purelib"]).resolve()
names = [found.name for found in pkgutil.walk_packages(foraccio.__path__, "foraccio.")
         if not found.name.endswith("__main__")]
needed = []
for name in names:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as missing:
        # the research adapters need the research extra, which this install leaves out
        assert name.startswith("foraccio.research."), (name, missing.name)
        assert missing.name.split(".")[0] in {RESEARCH_EXTRA!r}, (name, missing.name)
        needed.append(name)
assert needed == [] or importlib.util.find_spec("numpy") is None, needed
elsewhere = [name for name, module in sys.modules.items() if name.startswith("foraccio")
             and not Path(module.__file__).resolve().is_relative_to(site)]
assert not elsewhere, elsewhere
taken = [name for name in {GENERIC_NAMES!r}
         if name in sys.modules or importlib.util.find_spec(name) is not None]
assert not taken, taken
print(len(names), foraccio.__file__)
"""


def check_every_module_imports_from_the_install_and_no_generic_name_is_taken(
        release: Release) -> None:
    count, where = release.run("-c", IMPORT_EVERYTHING).split()
    package = Path(where).parent

    assert int(count) >= 100
    assert package.is_relative_to(release.venv)
    # An import of an old name inside a function runs only when called: read them all.
    old = [f"{path.relative_to(package)}: {found}" for path in package.rglob("*.py")
           for found in old_names(path.read_text())]
    assert not old, old


def old_names(source: str) -> list[str]:
    """The imports of old top-level names in ``source``, and its ``module:attribute``
    strings under them."""
    return [match.group(0) for pattern in (OLD_IMPORT, OLD_TARGET)
            for match in pattern.finditer(source)]


@contextmanager
def serving(release: Release) -> Iterator[str]:
    """The installed server, started as a user would from outside the checkout; its URL.
    Its whole process group (the bot pool's processes included) is stopped afterwards."""
    port = free_port()
    log = release.outside / "server.log"
    with log.open("wb") as output:
        server = subprocess.Popen(serve_command(release.venv, port), cwd=release.outside,
                                  env=release.environment, stdout=output,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + 120  # a first start on a loaded machine writes .pyc
        while True:
            assert server.poll() is None, f"the server exited:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"no /health:\n{log.read_text()}"
            try:
                if httpx.get(f"{url}/health", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


LINKED = re.compile(r"""(?:src|href)\s*=\s*["'](/[^"']*)["']""")


def check_the_installed_server_serves_the_table_the_docs_and_every_installed_plugin(
        release: Release) -> None:
    # The pages' links are followed as a browser does: /docs leads to /schema.
    with serving(release) as url, httpx.Client(base_url=url, timeout=30,
                                                follow_redirects=True) as client:
        pages = {page: client.get(page) for page in ("/", "/schema", "/schema/redoc",
                                                     "/rules?lang=it")}
        linked = {asset for page in pages.values() for asset in LINKED.findall(page.text)}
        table_files = {f"/table/{name.removeprefix('foraccio/web/static/')}"
                       for name in wheel_names(release.wheel)
                       if name.startswith("foraccio/web/static/") and "index.html" not in name}
        assets = {asset: client.get(asset) for asset in linked | table_files}
        variants = client.get("/variants").json()["variants"]
        house_rules = client.get("/house-rules").json()["house_rules"]
        urls = {label: client.get(httpx.URL(target).path)
                for label, target in project_urls(release).items()}

    assert {page: response.status_code for page, response in pages.items()} == dict.fromkeys(
        pages, 200)
    assert {"/table/table.css", "/table/js/main.js", "/table/rules.css"} <= linked
    assert "Le regole del Foraccio" in pages["/rules?lang=it"].text  # shipped in the wheel
    assert any(asset.endswith(".js") and "redoc" in asset for asset in linked)
    assert any(asset.endswith(".css") and "swagger" in asset for asset in linked)
    assert {asset: response.status_code for asset, response in assets.items()} == dict.fromkeys(
        assets, 200)
    assert all(response.content for response in assets.values())
    assert {"foraccio", "zobelon", "scopa"} <= {variant["name"] for variant in variants}
    assert "double-scopa" in {rule["name"] for rule in house_rules}
    assert {label: response.status_code for label, response in urls.items()} == dict.fromkeys(
        urls, 200)


CONFORMANCE = """
import sys
from foraccio.core.registry import applicable_variants, get_house_rule, variants
from foraccio.core.testing import check_random_match

names = sys.argv[1:]
assert set(names) <= set(variants()), sorted(variants())
for name in names:
    assert check_random_match(name, 0).phase == "game_over"
doubled = get_house_rule("double-scopa")
assert doubled.plugins[0].__module__ == "foraccio_double_scopa"
for name in applicable_variants(doubled):
    final = check_random_match(name, 1, {"double-scopa.factor": 3},
                               house_rules=("double-scopa",))
    assert final.house_rules == ("double-scopa",)
print(*applicable_variants(doubled))
"""


def check_the_conformance_kit_passes_in_the_install_with_the_migrated_plugin(
        release: Release) -> None:
    doubled_in = release.run("-c", CONFORMANCE, "foraccio", "zobelon", "scopa").split()

    assert {"foraccio", "zobelon", "scopa"} <= set(doubled_in)


CHECKS = (
    check_the_wheel_installs_one_package_and_all_of_it_with_nothing_else,
    check_the_metadata_is_complete_and_twine_finds_nothing_to_fix,
    check_every_module_imports_from_the_install_and_no_generic_name_is_taken,
    check_the_installed_server_serves_the_table_the_docs_and_every_installed_plugin,
    check_the_conformance_kit_passes_in_the_install_with_the_migrated_plugin,
)


def test_the_release_installs_outside_the_checkout_serves_and_plays(release, subtests):
    # One test of several checks, each reported as a subtest: the build and the install
    # are made once, and xdist's loadgroup does not keep tests together here.
    for check in CHECKS:
        with subtests.test(check.__name__.removeprefix("check_")):
            check(release)
