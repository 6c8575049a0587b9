"""A plugin half moved to the foraccio package, run from the engine's checkout: the imports
it still spells the old way load the checkout's folders a second time, as packages of their
own, whose classes the engine does not take; the refusal says that this is what happened."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

from foraccio.core.registry.second_copy import second_copy
from tests.installed import installed_environment
from tests.packaging.migration import (
    NOTE_HEADING,
    OLD_LAYOUT,
    ROOT,
    note,
    note_commands,
    old_plugin,
)

PLAY = """
from foraccio.core.testing import check_random_match
check_random_match("rondine", 0)
"""


def test_a_half_migrated_plugin_run_from_the_checkout_is_told_it_imported_the_engine_twice(
        tmp_path):
    plugin = old_plugin(tmp_path / "rondine")
    rewrite = note_commands()[0]
    subprocess.run(["bash", "-c", rewrite], cwd=plugin, check=True)
    # What the author's migration missed: the module of its score line.
    missed = "foraccio_rondine/scoring/sevens.py"
    shutil.copy(OLD_LAYOUT / f"{missed}.txt", plugin / missed)
    installed_environment(plugin, "foraccio-rondine", {"rondine": "foraccio_rondine:RONDINE"})
    # The checkout is the current directory (so on the path of python -c), as where the
    # engine's own tests run; the plugin is installed.
    environment = {**os.environ, "PYTHONPATH": str(plugin)}

    done = subprocess.run([sys.executable, "-c", PLAY], cwd=ROOT, env=environment,
                          capture_output=True, text=True)

    assert done.returncode == 1
    error = done.stderr.strip().splitlines()[-1]
    assert error.startswith("foraccio.core.errors.PluginError: Variant 'rondine' "
                            "(distribution 'foraccio-rondine') failed in "
                            "foraccio_score_lines: it returned a ScoreLine among its score "
                            "lines; the engine was imported a second time, as `core` "), error
    assert f'docs/plugins.md, "{NOTE_HEADING.strip().removeprefix("## ")}"' in error
    assert str(ROOT) not in error  # a client of the API may read it
    # The note shows it as it is.
    [shown] = re.findall(r"^```\n(PluginError: .*?)^```$", note(), re.MULTILINE | re.DOTALL)
    assert error == f"foraccio.core.errors.{' '.join(shown.split())}"


def test_no_second_copy_is_seen_where_the_engine_is_imported_once():
    assert second_copy() is None


REGISTER = """
import core.model  # what an import left behind does, from the checkout
from foraccio.core.errors import PluginError
from foraccio.core.hookspecs import hookimpl
from foraccio.core.registry import HouseRule, register_house_rule


class SmallDeck:
    @hookimpl
    def foraccio_build_deck(self):
        return ["1c", "1c"]


try:
    register_house_rule(HouseRule(name="small-deck", title="Small deck", description="",
                                  plugins=(SmallDeck(),), needs=()))
except PluginError as error:
    print(error.problem)
"""


def test_a_house_rules_error_with_a_variant_says_it_once(tmp_path):
    done = subprocess.run([sys.executable, "-c", REGISTER], cwd=ROOT, capture_output=True,
                          text=True)

    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("with variant 'foraccio': it returned a deck holding a card "
                                  "twice; the engine was imported a second time"), done.stdout
    assert done.stdout.count("the engine was imported a second time") == 1
