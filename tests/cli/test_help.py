"""Every flag of every ``foraccio`` subcommand says what it does in ``--help``, in plain
text (``foraccio --version``: tests/test_version.py)."""

from __future__ import annotations

import argparse

from foraccio.cli.main import parser


def subcommands(root: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each subcommand's parser by name, walked from the root parser."""
    found = {}
    for action in root._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found[name] = sub
                found.update({f"{name} {deeper}": p for deeper, p in subcommands(sub).items()})
    return found


def test_every_flag_of_every_subcommand_has_help():
    commands = subcommands(parser())
    assert {"simulate", "play"} <= set(commands)
    missing = [f"foraccio {name} {'/'.join(action.option_strings)}"
               for name, sub in commands.items() for action in sub._actions
               if action.option_strings and not (action.help or "").strip()
               and action.help is not argparse.SUPPRESS]
    assert not missing, f"flags without help: {missing}"


def test_every_subcommand_has_help_and_a_help_page():
    root = parser()
    (action,) = [a for a in root._actions if isinstance(a, argparse._SubParsersAction)]
    assert all(choice.help for choice in action._choices_actions)
    for sub in subcommands(root).values():
        assert "--help" in sub.format_help()


def test_no_help_page_shows_markup():
    # Docstrings use reStructuredText's ``code``; a help page is read as it is printed.
    pages = {"foraccio": parser().format_help()} | {
        f"foraccio {name}": sub.format_help() for name, sub in subcommands(parser()).items()}
    marked = [name for name, page in pages.items() if "``" in page]
    assert not marked, f"help pages with double backticks: {marked}"

