"""The ``muggins`` command line: one subcommand per module in this package.

    muggins show 5H 5D 5S JC 5C
    muggins audit 5H 5D 5S JC 5C --claimed 24
    muggins play KH 9D QH go 8D JH 8C go JS 7H
    muggins enumerate --crib --json
"""

from __future__ import annotations

import argparse
import os
import sys

from . import audit_cmd, enumerate_cmd, photo_cmd, play_cmd, show_cmd

# Each subcommand module has add_parser(subparsers) and sets a ``run(args) -> int`` default.
SUBCOMMANDS = [show_cmd, audit_cmd, play_cmd, enumerate_cmd, photo_cmd]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="muggins", description="Cribbage scoring and claim audit.")
    subparsers = parser.add_subparsers(dest="command", required=True)
    for module in SUBCOMMANDS:
        module.add_parser(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:  # `muggins ... | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
