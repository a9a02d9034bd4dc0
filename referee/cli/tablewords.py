"""At `referee table` every line the referee prints names a command as the
prompt takes it: a hint that says `referee log --game friday` on the
command line says `log --game friday` there, and so do its errors, its
replay lines and each command's help. The program's name goes only where
a command's name follows it, never from 'the referee rolls', so one place,
the streams a command writes to, covers every message and line alike."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

PROGRAM = "referee"


def named(commands: Iterable[str]) -> re.Pattern[str]:
    """The program's name where a command's follows it (not the referee who rolls)."""
    names = "|".join(re.escape(name) for name in sorted(commands, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?<!the ){PROGRAM} (?=(?:{names})(?![\w-]))")


class Spoken:
    """A text stream that writes each command the way the prompt takes it;
    everything else (its encoding, whether it is a terminal, its file
    number) is the stream's own."""

    def __init__(self, stream: TextIO, pattern: re.Pattern[str]):
        self._stream, self._pattern = stream, pattern

    def write(self, text: str) -> int:
        self._stream.write(self._pattern.sub("", text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def at_the_prompt(pattern: re.Pattern[str]) -> Iterator[None]:
    """While a command typed at the table runs, its output names commands without the program."""
    with (
        contextlib.redirect_stdout(Spoken(sys.stdout, pattern)),
        contextlib.redirect_stderr(Spoken(sys.stderr, pattern)),
    ):
        yield
