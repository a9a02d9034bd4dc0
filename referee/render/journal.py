"""The journal for people: a list of entries, one entry in full, the chain's
verdict, and what a replay found."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.journal.export import command_line
from referee.render.text import paragraph, spoken, styled, table, width, wrapped


def _short(text: str, width: int = 70) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def listing(entries: Sequence[dict[str, Any]], where: str, latest: int | None = None) -> str:
    """The entries, one line each; `latest` when older entries are left out."""
    if not entries:
        return f"No entries in {where}."
    headers = ["id", "time", "game", "ruleset", "command", "outcome"]
    said = [_short(outcome(e), max(20, width() // 3)) for e in entries]
    rows = [(e["id"], e["time"], e["game"] or "-", e["ruleset"] or "-", _typed(e), o) for e, o in zip(entries, said)]
    others = sum(max(len(str(row[i])) for row in [headers, *rows]) for i in (0, 1, 2, 3, 5))
    room = max(20, width() - others - 4 * len(headers) + 2)  # the command gives way, one line per entry
    drawn = table([(*row[:4], _short(row[4], room), row[5]) for row in rows], headers)
    if latest is None:
        return drawn
    return (
        drawn + "\n\n" + paragraph(f"Only the latest {latest} entries; 'referee log --limit {latest * 10}' shows more.")
    )


def _typed(entry: dict[str, Any]) -> str:
    """The command line without the 'referee' every line starts with."""
    return command_line(entry).removeprefix("referee ")


def outcome(entry: dict[str, Any]) -> str:
    """An entry's outcome in a few words: what a battle, a roll or a refusal
    says in the keys it carries, else the conclusion its last step states."""
    ruling = entry["ruling"] if isinstance(entry["ruling"], dict) else {}
    flagged = " (rolled before)" if (entry["dice"] or {}).get("rolled_before") else ""
    steps = ruling.get("explanation")
    if ruling.get("awaits"):
        return f"waits for --{ruling['awaits']}{flagged}"
    if "winner" in ruling and "players" not in ruling:
        return (f"{ruling['winner']} wins" if ruling["winner"] else "no winner") + flagged
    if "error" in ruling:
        return "refused"
    if ruling.get("hit") is False:
        return "a miss"
    if "total" in ruling and "expression" in ruling:
        return f"total {ruling['total']}"
    if isinstance(steps, list) and steps and isinstance(steps[-1], dict):
        return str(steps[-1].get("text", "-"))
    return "-"


def _header(entry: dict[str, Any]) -> list[str]:
    """The lines naming an entry: its number, time, game and command line."""
    return [
        styled(f"Entry {entry['id']}", bold=True)
        + f"  {entry['time']}"
        + (f"  game {entry['game']}" if entry["game"] else ""),
        *wrapped(f"command:  {command_line(entry)}", hanging=" " * 10),
    ]


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
    return ["", styled("Damaged:", bold=True), *(f"  {why}" for why in entry["damage"])]


def detail(entry: dict[str, Any]) -> str:
    """An entry as `key: value` lines, for entries whose report cannot be rebuilt."""
    dice = entry["dice"]
    rolled = "; ".join(f"{group}: {', '.join(map(str, faces))}" for group, faces in dice.get("rolled", {}).items())
    typed = dice.get("typed") or []
    seed = dice.get("seed")
    how = (
        (f"seed {seed}" + (f", typed: {', '.join(typed)}" if typed else ""))
        if seed is not None
        else "typed by the players"
    )
    lines = [
        *_header(entry),
        f"ruleset:  {entry['ruleset'] or '-'}"
        + (f" (sha256 {entry['ruleset_digest'][:16]}, {entry['ruleset_path']})" if entry["ruleset_digest"] else ""),
        f"dice:     {rolled} ({how})" if rolled else "dice:     none",
        *_flagged(entry),
        f"referee:  {entry['version']}",
        f"hash:     {entry['hash']}",
        f"previous: {entry['prev_hash']}",
        "",
        styled("Ruling:", bold=True),
    ]
    lines += [f"  {line}" for line in _outcome_lines(entry["ruling"])]
    lines += _damaged(entry)
    if entry["explanation"]:
        lines += ["", styled("Why:", bold=True)]
        lines += [f"  {step.get('rule', ''):<7} {step.get('text', '')}" for step in entry["explanation"]]
    return "\n".join(lines)


def _outcome_lines(value: Any, path: str = "") -> list[str]:
    """The ruling's JSON as `key: value` lines, leaving out the explanation shown below."""
    if isinstance(value, dict):
        return [
            line
            for key, item in value.items()
            if key != "explanation"
            for line in _outcome_lines(item, f"{path}.{key}" if path else str(key))
        ]
    if isinstance(value, list) and value and all(isinstance(v, (dict, list)) for v in value):
        return [line for i, item in enumerate(value) for line in _outcome_lines(item, f"{path}[{i}]")]
    shown = (", ".join(str(spoken(v)) for v in value) or "-") if isinstance(value, list) else spoken(value)
    return [f"{path}: {shown}"]


def _value(value: Any) -> str:
    import json

    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def verdict(document: dict[str, Any]) -> str:
    broken = document["broken"]
    if broken is None:
        last = f" (last entry {document['last']})" if document["last"] else ""
        count = document["entries"]
        noted = document.get("checkpoints") or []
        held = f", holding the history of checkpoint{'s' if len(noted) > 1 else ''} {', '.join(noted)}" if noted else ""
        return paragraph(
            f"ok: {count} entr{'y' if count == 1 else 'ies'}, chain intact{last}{held}: {document['journal']}"
        )
    where = f"entry {broken['entry']} " if broken["entry"] is not None else ""
    return paragraph(f"BROKEN: {where}{broken['reason']} ({document['journal']})")


def replay(document: dict[str, Any]) -> str:
    lines = [styled(f"Replay of entry {document['entry']}", bold=True) + f": {document['replay_line']}"]
    for run in document["runs"]:
        lines.append("")
        lines.append(f"{run['label']}:")
        if run["error"]:
            lines.append(f"  refused: {run['error']}")
        elif run["same"]:
            lines.append("  the same ruling.")
        else:
            lines.append(
                f"  a different ruling ({len(run['differences'])} "
                f"difference{'s' if len(run['differences']) != 1 else ''}):"
            )
            lines += [f"  {d['path']}: {_value(d['then'])} → {_value(d['now'])}" for d in run["differences"][:20]]
            if len(run["differences"]) > 20:
                lines.append(f"  … and {len(run['differences']) - 20} more (see --json)")
    lines += ["", styled(document["summary"], bold=True)]
    return "\n".join(lines)
