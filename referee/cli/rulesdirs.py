"""Where a command looks for rulesets: the folders named on the command line
(--rules-dir, or REFEREE_RULES_DIR), then the user's own rulesets folder. Kept
apart so completion and the options can both ask without importing each other."""

from __future__ import annotations

from pathlib import Path

import click


def user_dirs() -> list[Path]:
    """--rules-dir (or REFEREE_RULES_DIR) folders, then the user's own rulesets folder."""
    from referee.userdirs import rulesets_dir

    ctx = click.get_current_context(silent=True)
    given = ctx.find_root().params.get("rules_dir") or () if ctx else ()
    return [*map(Path, given), rulesets_dir()]
