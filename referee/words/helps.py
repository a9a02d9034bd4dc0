"""Help texts known by their ids: each is written in English where its
option or command is declared (a command in `referee.cli`, or an option a
procedure's package declares for the players to type) and marked with a
stable id; `referee.cli.helptext` says it in the language spoken."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

F = Callable[..., Any]
EXAMPLE = "\b\nExample:"  # where a docstring's example starts: shown last, after the options

ids: dict[str, str] = {}  # an English help text, as click keeps it -> its id in the catalogues


def helped(context: str, text: str) -> str:
    """An option's help, known in the catalogues by `context` ('help.log.limit')."""
    ids[inspect.cleandoc(text)] = context
    return text


def described(context: str) -> Callable[[F], F]:
    """A command's docstring (up to its example) is its help, known by `context` ('help.battle')."""

    def mark(f: F) -> F:
        ids[parted(f.__doc__ or "")[0]] = context
        return f

    return mark


def parted(help_text: str) -> tuple[str, str]:
    """A docstring's help and its example block (empty when it has none)."""
    body, marker, example = inspect.cleandoc(help_text).partition(EXAMPLE)
    return body.rstrip(), marker + example
