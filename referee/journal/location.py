"""Where the journal lives when nobody says: the user's data directory, the
same one that holds the user's rulesets."""

from __future__ import annotations

import os
from pathlib import Path

from referee.core.userdirs import data_dir

ENV = "REFEREE_JOURNAL"
FILENAME = "journal.sqlite3"


def journal_path(given: str | None = None) -> tuple[Path, bool]:
    """The journal file and whether it is the default (whose directory we may create):
    --journal PATH first, then $REFEREE_JOURNAL, then the data directory."""
    chosen = given or os.environ.get(ENV)
    if chosen:
        from referee.words.inputs import path_text, utf8

        utf8(chosen, f"${ENV}")
        return path_text(Path(chosen).expanduser(), "the journal"), False
    return data_dir() / FILENAME, True
