"""The journal for people: a list of entries, one entry in full, the chain's
verdict, and what a replay found."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.journal.export import command_line
from referee.render.outcome import outcome
from referee.render.text import kept_explanation, paragraph, styled, table, typed, width, wrapped
from referee.render.widths import columns
from referee.ruling import listed, say, say_n

if TYPE_CHECKING:
    from referee.ruleset.model import Ruleset


def _short(text: str, width: int = 70) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def listing(
    entries: Sequence[dict[str, Any]], where: str, latest: int | None = None, filters: Sequence[str] = ()
) -> str:
    """The entries, one line each; `latest` when older entries are left out,
    and `filters` the options that chose them, for the hint to repeat."""
    if not entries:
        return f"No entries in {where}."
    headers = ["id", "time", "game", "ruleset", "command", "outcome"]
    when = _times(entries)
    rows = [(e["id"], t, e["game"] or "-", e["ruleset"] or "-", _typed(e), outcome(e)) for e, t in zip(entries, when)]
    # tabulate keeps each column two wider than its header; two spaces between columns
    fixed = sum(max(len(headers[i]) + 2, *(len(str(row[i])) for row in rows)) for i in range(4)) + 2 * 5
    room = max(40, width() - fixed)  # the command and the outcome share the rest, the command the larger part
    said = min(max(len(headers[5]) + 2, *(len(row[5]) for row in rows)), max(20, room * 2 // 5))
    drawn = table([(*row[:4], _short(row[4], room - said), _short(row[5], said)) for row in rows], headers)
    if latest is None:
        return drawn
    more = shlex.join(["referee", "log", *filters, "--limit", str(latest * 10)])
    return drawn + "\n\n" + paragraph(f"Only the latest {latest} entries; '{more}' shows more.")


def _times(entries: Sequence[dict[str, Any]]) -> list[str]:
    """Each entry's time (UTC) as short as the list allows: hours and minutes
    when every entry is of one day, else the date too; `log show` has the second."""
    days = {entry["time"][:10] for entry in entries}
    start = 11 if len(days) == 1 else 0
    return [entry["time"][start:16].replace("T", " ") for entry in entries]


def _typed(entry: dict[str, Any]) -> str:
    """The command line without the 'referee' every line starts with."""
    return command_line(entry).removeprefix("referee ")


def _header(entry: dict[str, Any]) -> list[str]:
    """The lines naming an entry: its number, time, game and command line."""
    return [
        styled(f"Entry {entry['id']}", bold=True)
        + f"  {entry['time']}"
        + (f"  game {entry['game']}" if entry["game"] else ""),
        *_command_lines("command:  ", entry["argv"]),
    ]


def _command_lines(label: str, argv: Sequence[str], shown: str = "") -> list[str]:
    """`referee ARGV` after its label, wrapped to the terminal only between
    words and continued after a backslash, so it can be copied and run;
    `shown` is the label as printed when styled."""
    lead = " " * columns(label)
    first, *rest = typed(["referee", *argv], indent=lead).splitlines()
    return [(shown or label) + first[len(lead) :], *rest]


def as_printed(entry: dict[str, Any], report: str) -> str:
    """An entry shown as its command printed it: the header, then the report,
    and what the journal says of the entry besides (a roll flagged, damage)."""
    return "\n".join([*_header(entry), *_flagged(entry), "", report, *_damaged(entry)])


def _flagged(entry: dict[str, Any]) -> list[str]:
    rolled_before = (entry["dice"] or {}).get("rolled_before")
    if not rolled_before:
        return []
    return [f"flagged:  rolled before: entry {', entry '.join(map(str, rolled_before))} (the same attack)"]


def _damaged(entry: dict[str, Any]) -> list[str]:
    if not entry.get("damage"):
        return []
    return ["", styled(say("journal.damaged_heading", "Damaged:"), bold=True), *(f"  {why}" for why in entry["damage"])]


def _card(entry: dict[str, Any]) -> list[str]:
    """What the journal says of an entry besides its ruling: ruleset, dice, hashes."""
    dice = entry["dice"] or {}
    rolled = "; ".join(f"{group}: {', '.join(map(str, faces))}" for group, faces in dice.get("rolled", {}).items())
    typed = dice.get("typed") or []
    seed = dice.get("seed")
    how = (
        (f"seed {seed}" + (f", typed: {', '.join(typed)}" if typed else ""))
        if seed is not None
        else "typed by the players"
    )
    return [
        *_header(entry),
        *wrapped(
            f"ruleset:  {entry['ruleset'] or '-'}"
            + (f" (sha256 {entry['ruleset_digest'][:16]}, {entry['ruleset_path']})" if entry["ruleset_digest"] else ""),
            hanging=" " * 10,
        ),
        f"dice:     {rolled} ({how})" if rolled else "dice:     none",
        *_flagged(entry),
        f"referee:  {entry['version']}",
        f"hash:     {entry['hash']}",
        f"previous: {entry['prev_hash']}",
    ]


def _why(entry: dict[str, Any]) -> list[str]:
    if not entry["explanation"]:
        return []
    return ["", kept_explanation(entry["explanation"])]


def detail(entry: dict[str, Any]) -> str:
    """An entry whose report cannot be rebuilt: what the journal says of it,
    its outcome in a few words and why; every field is in --json."""
    lines = [*_card(entry), "", styled("Ruling:", bold=True), f"  {outcome(entry)} (every field: --json)"]
    return "\n".join([*lines, *_damaged(entry), *_why(entry)])


def board_action(rules: Ruleset, entry: dict[str, Any]) -> str:
    """An action of a game held on the board: what it ruled and why, then the
    board it left in short (whose turn, each player's dice); the map is in
    'referee play board' and every field in --json."""
    from referee.render.board import notes, players, status

    board = entry["ruling"]["board"]
    lines = [*_card(entry), "", styled("Ruling:", bold=True), f"  {outcome(entry)}", *_why(entry)]
    lines += ["", styled("The board after it:", bold=True), paragraph(status(rules, board)), "", players(board)]
    lines += ["", *map(paragraph, notes(board))] if notes(board) else []
    return "\n".join([*lines, *_damaged(entry)])


def _value(value: Any) -> str:
    import json

    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def verdict(document: dict[str, Any]) -> str:
    broken = document["broken"]
    if broken is None:
        count = document["entries"]
        said = say_n("verify.intact", "{n} entry, chain intact", "{n} entries, chain intact", count)
        if document["last"]:
            said = say("verify.last", "{intact} (last entry {last})", intact=said, last=document["last"])
        noted = document.get("checkpoints") or []
        if noted:
            said = say_n(
                "verify.checkpoints",
                "{intact}, holding the history of checkpoint {checkpoints}",
                "{intact}, holding the history of checkpoints {checkpoints}",
                len(noted),
                intact=said,
                checkpoints=listed(noted),
            )
        return paragraph(say("verify.ok", "ok: {intact}: {journal}", intact=said, journal=document["journal"]))
    if broken["entry"] is None:
        return paragraph(
            say("verify.broken", "BROKEN: {reason} ({journal})", reason=broken["reason"], journal=document["journal"])
        )
    return paragraph(
        say(
            "verify.broken_entry",
            "BROKEN: entry {entry} {reason} ({journal})",
            entry=broken["entry"],
            reason=broken["reason"],
            journal=document["journal"],
        )
    )


def replay(document: dict[str, Any]) -> str:
    label = say("replay.title", "Replay of entry {entry}", entry=document["entry"])
    lines = _command_lines(f"{label}: ", shlex.split(document["replay_line"])[1:], styled(label, bold=True) + ": ")
    for run in document["runs"]:
        lines += ["", *wrapped(say("replay.run", "{label}:", label=run["label"]))]

        if run["error"]:
            lines += wrapped(say("replay.refused", "refused: {error}", error=run["error"]), indent="  ", hanging="    ")
        elif run["same"]:
            lines.append("  " + say("replay.same", "the same ruling."))
        else:
            count = len(run["differences"])
            lines.append(
                "  "
                + say_n(
                    "replay.different",
                    "a different ruling ({n} difference):",
                    "a different ruling ({n} differences):",
                    count,
                )
            )
            for d in run["differences"][:20]:
                lines += wrapped(f"{d['path']}: {_value(d['then'])} → {_value(d['now'])}", indent="  ", hanging="    ")
            if count > 20:
                lines.append("  " + say("replay.more", "… and {more} more (see --json)", more=count - 20))

    lines += ["", styled(paragraph(document["summary"]), bold=True)]
    return "\n".join(lines)
