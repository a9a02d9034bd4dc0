"""`--help` in the language asked. Each help text is written in English where
its command is declared and marked with a stable id (`helped` for an
option, `described` for a command's docstring); the mark costs one dict
entry. Only when help is formatted in another language is each text looked
up by its id, and click's own words ("Usage:", "Options") said too. An
English help is click's own formatting, untouched.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Collection, Iterable
from typing import Any

import click

from referee.words.helps import EXAMPLE, parted
from referee.words.helps import described as described
from referee.words.helps import helped as helped
from referee.words.helps import ids as _ids


def examples_last(command: click.Command) -> click.Command:
    """Moves the docstring's `Example:` block to the end of the help, after the
    options, where a reader looks for it, and has the command (and each of its
    subcommands) format its help in the language spoken."""
    body, example = parted(command.help or "")
    if example:
        command.help = body
        command.epilog = "\n\n".join(part for part in (command.epilog, example) if part)
    command.context_class = SpokenContext
    for sub in getattr(command, "commands", {}).values():
        examples_last(sub)
    return command


def options_part(given: list[str]) -> list[str]:
    """The command line up to `--`, after which words are arguments."""
    return given[: given.index("--")] if "--" in given else given


def language_typed(given: list[str]) -> str | None:
    """The language --lang names, before the command or after it (the last
    one typed, as for any option typed twice)."""
    words = options_part(given)
    typed = None
    for at, word in enumerate(words):
        if word == "--lang" and at + 1 < len(words):
            typed = words[at + 1]
        elif word.startswith("--lang="):
            typed = word.partition("=")[2]
    return typed


def spoken(text: str) -> str:
    """A help text in the language spoken: by its id, else one of click's own."""
    from referee.words.language import _, pgettext

    context = _ids.get(text)
    if context:
        return pgettext(context, text)
    if text == "Show this message and exit.":
        return _("Show this message and exit.")
    return text


class SpokenContext(click.Context):
    """A command's context whose help speaks the language chosen."""

    def make_formatter(self) -> click.HelpFormatter:
        return SpokenFormatter(width=self.terminal_width, max_width=self.max_content_width)

    def get_help(self) -> str:
        from referee.words.language import ENGLISH, current

        if current() == ENGLISH:
            return super().get_help()
        formatter = self.make_formatter()
        _write_help(self, formatter)
        return formatter.getvalue().rstrip("\n")


def _write_help(ctx: click.Context, formatter: click.HelpFormatter) -> None:
    """What click's Command.format_help writes, each text in the language spoken."""
    from referee.render.widths import wide
    from referee.words.language import _

    command = ctx.command
    usage = _("Usage:")
    usage += "" if wide(usage[-1]) else " "  # no space after a full-width colon
    formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)), usage)
    if command.help:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(spoken(inspect.cleandoc(command.help)))
    rows = [
        row
        for p in command.get_params(ctx)
        if isinstance(p, click.Option) and not p.hidden
        for row in (p.lines(ctx) if isinstance(p, SeveralLines) else [_option_row(p, ctx)])
    ]
    if rows:
        with formatter.section(_("Options:")):
            formatter.write_dl(rows)
    if isinstance(command, click.Group):
        _write_commands(ctx, command, formatter)
    if command.epilog:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text("\n\n".join(_epilog(inspect.cleandoc(command.epilog))))


class SeveralLines(click.Option):
    """An option that help says in several lines, each naming options of its
    own (each ruleset's players: --red DICE, --blue DICE): the command reads
    them from its extra arguments, so the parser never matches this one."""

    def add_to_parser(self, parser: Any, ctx: click.Context) -> None:
        return None

    def lines(self, ctx: click.Context) -> list[tuple[str, str]]:
        """The help's lines: (the options, what they are), said already."""
        return []


class SeveralLinesCommand(click.Command):
    """A command with a `SeveralLines` option: its English help, click's own,
    says that option in its lines too."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [
            row
            for p in self.get_params(ctx)
            if isinstance(p, click.Option)
            for row in (p.lines(ctx) if isinstance(p, SeveralLines) else [p.get_help_record(ctx)])
            if row is not None
        ]
        if rows:
            with formatter.section("Options"):
                formatter.write_dl(rows)


def _option_row(option: click.Option, ctx: click.Context) -> tuple[str, str]:
    """An option's line: its flags, its help and click's notes ([default: 20], [required])."""
    from referee.words.language import _, pgettext

    extra = option.get_help_extra(ctx)
    notes = []
    if "default" in extra:
        notes.append(_("default: {default}").format(default=extra["default"]))
    if "range" in extra:
        notes.append(extra["range"])
    if "required" in extra:
        notes.append(_("required"))
    text = spoken(option.help or "")
    if notes:
        noted = pgettext("help.notes", "[{notes}]").format(notes=pgettext("list", "; ").join(notes))
        text = f"{text}  {noted}" if text else noted
    return option.get_help_spec(ctx) or "", text


def _write_commands(
    ctx: click.Context, group: click.Group, formatter: click.HelpFormatter, left_out: Collection[str] = ()
) -> None:
    """A group's subcommands, each by the first sentence of its help, cut to fit
    (but those `left_out`: the table prompt does not list itself)."""
    from referee.words.language import _

    names = [
        n
        for n in group.list_commands(ctx)
        if n not in left_out and (sub := group.get_command(ctx, n)) and not sub.hidden
    ]
    if not names:
        return
    limit = formatter.width - 6 - max(map(len, names))
    rows = [(name, _summary(spoken(inspect.cleandoc(_help_of(group, ctx, name))), limit)) for name in names]
    with formatter.section(_("Commands:")):
        formatter.write_dl(rows)


def commands_listed(ctx: click.Context, group: click.Group, left_out: Collection[str] = ()) -> str:
    """The commands of a group as its help lists them, in the language spoken."""
    formatter = ctx.make_formatter()
    _write_commands(ctx, group, formatter, left_out)
    return formatter.getvalue().rstrip("\n")


def _help_of(group: click.Group, ctx: click.Context, name: str) -> str:
    sub = group.get_command(ctx, name)
    return (sub.help if sub else None) or ""


def _summary(text: str, limit: int) -> str:
    """The first sentence of a text, cut at a word (or between wide characters) to fit `limit` columns."""
    from referee.render.widths import columns, wrap

    words = " ".join(text.partition("\n\n")[0].split())
    ends = re.search(r"[.。](?=\s+[^a-z]|$)|。", words)
    sentence = words[: ends.end()] if ends else words
    if columns(sentence) <= limit:
        return sentence
    return wrap(sentence, limit - 3, "", "", whole_words=True)[0].rstrip(" ,;:，；：、") + "..."


def _epilog(epilog: str) -> Iterable[str]:
    """An epilog's paragraphs in the language spoken: its text by id, its example's heading."""
    from referee.words.language import _

    text, _marker, example = epilog.partition(EXAMPLE)
    if text.strip():
        yield spoken(text.strip())
    if example:
        yield "\b\n" + _("Example:") + example


class SpokenFormatter(click.HelpFormatter):
    """click's formatter, measuring Chinese in columns: click counts characters,
    and a line of wide characters would take twice the width asked."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        from referee.render.widths import columns, has_wide, wrap

        if prefix is None or not has_wide(prefix):
            super().write_usage(prog, args, prefix)
            return
        first = f"{prefix}{prog} "
        lines = wrap(args, self.width - self.current_indent, first, " " * columns(first), whole_words=True)
        self.write("\n".join(lines) + "\n")

    def write_heading(self, heading: str) -> None:
        """A heading said whole ('Options:', '選項：'), or one of click's, to which click adds the colon."""
        if heading.endswith((":", "：")):
            self.write(f"{'':>{self.current_indent}}{heading}\n")
        else:
            super().write_heading(heading)

    def write_text(self, text: str) -> None:
        from referee.render.widths import has_wide

        if not has_wide(text):
            super().write_text(text)
            return
        indent = " " * self.current_indent
        self.write("\n\n".join(_wrapped(part, self.width, indent) for part in text.split("\n\n")) + "\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        from referee.render.widths import has_wide, wrap

        rows = list(rows)
        if not any(has_wide(second) for _first, second in rows):
            super().write_dl(rows, col_max, col_spacing)
            return
        first_col = min(max(len(first) for first, _second in rows), col_max) + col_spacing
        hanging = " " * (first_col + self.current_indent)
        for first, second in rows:
            term = " " * self.current_indent + first
            if len(first) <= first_col - col_spacing:
                lines = wrap(second, self.width, term.ljust(len(hanging)), hanging, whole_words=False)
            else:
                lines = [term, *wrap(second, self.width, hanging, hanging, whole_words=False)]
            self.write("\n".join(lines) + "\n")


def _wrapped(paragraph: str, width: int, indent: str) -> str:
    """A paragraph wrapped in columns; one marked \\b keeps its lines as written."""
    from referee.render.widths import wrap

    lines = paragraph.splitlines()
    if lines and lines[0].strip() == "\b":
        return "\n".join(indent + line for line in lines[1:])
    return "\n".join(wrap(" ".join(paragraph.split()), width, indent, indent, whole_words=False))
