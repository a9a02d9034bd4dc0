"""The journal for people: a list of entries, one entry in full, the chain's
verdict, and what a replay found."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.journal.export import command_line
from referee.render.outcome import outcome
from referee.render.text import kept_explanation, paragraph, path_lines, styled, table, typed, width, wrapped
from referee.render.widths import columns, shortened
from referee.rulings.ruling import Side, listed, side_word
from referee.words.language import npgettext, pgettext

if TYPE_CHECKING:
    from referee.journal.compare import Run
    from referee.journal.rows import Entry
    from referee.ruleset.model import Ruleset


def listing(
    entries: Sequence[Entry],
    outcomes: Sequence[str],
    where: str,
    latest: int | None = None,
    filters: Sequence[str] = (),
) -> str:
    """The entries, one line each, with what each ruled in a few words
    (`outcomes`, in the same order); `latest` when older entries are left
    out, `filters` the options that chose them, for the hint to repeat."""
    if not entries:
        return "\n".join(
            path_lines(pgettext("log.empty", "No entries in {journal}.").format(journal=where), hanging="")
        )
    headers = [
        pgettext("log.header", "id"),
        pgettext("log.header", "time"),
        pgettext("log.header", "game"),
        pgettext("log.header", "ruleset"),
        pgettext("log.header", "command"),
        pgettext("log.header", "outcome"),
    ]
    when = _times(entries)
    rows = [
        (e.id, t, e.game or "-", e.ruleset or "-", _typed(e), said)
        for e, t, said in zip(entries, when, outcomes, strict=True)
    ]
    # a table keeps each column two wider than its header; two spaces between columns
    fixed = sum(max(columns(headers[i]) + 2, *(columns(str(row[i])) for row in rows)) for i in range(4)) + 2 * 5
    room = max(40, width() - fixed)  # the command and the outcome share the rest, the command the larger part
    said = min(max(columns(headers[5]) + 2, *(columns(row[5]) for row in rows)), max(20, room * 2 // 5))
    drawn = table([(*row[:4], shortened(row[4], room - said), shortened(row[5], said)) for row in rows], headers)
    if latest is None:
        return drawn
    more = shlex.join(["referee", "log", *filters, "--limit", str(latest * 10)])
    hint = npgettext(
        "log.more",
        "Only the latest entry; '{more}' shows more.",
        "Only the latest {latest} entries; '{more}' shows more.",
        latest,
    )
    return drawn + "\n\n" + paragraph(hint.format(latest=latest, more=more))


def _times(entries: Sequence[Entry]) -> list[str]:
    """Each entry's time (UTC) as short as the list allows: hours and minutes
    when every entry is of one day, else the date too; `log show` has the second."""
    days = {entry.time[:10] for entry in entries}
    start = 11 if len(days) == 1 else 0
    return [entry.time[start:16].replace("T", " ") for entry in entries]


def _typed(entry: Entry) -> str:
    """The command line without the 'referee' every line starts with."""
    return command_line(entry).removeprefix("referee ")


def _labels() -> dict[str, str]:
    """The card's labels in the language spoken, each padded so that what follows them lines up."""
    said = {
        "command": pgettext("log.label", "command:"),
        "ruleset": pgettext("log.label", "ruleset:"),
        "dice": pgettext("log.label", "dice:"),
        "flagged": pgettext("log.label", "flagged:"),
        "referee": pgettext("log.label", "referee:"),
        "hash": pgettext("log.label", "hash:"),
        "previous": pgettext("log.label", "previous:"),
    }
    room = max(map(columns, said.values())) + 1
    return {key: label + " " * (room - columns(label)) for key, label in said.items()}


def _header(entry: Entry, labels: dict[str, str]) -> list[str]:
    """The lines naming an entry: its number, time, game and the command line
    that rules it again, as `replay` keeps it: with the ruleset the game in
    play supplied and the seed drawn, so it runs once the game has stopped."""
    game = "  " + pgettext("log.game", "game {game}").format(game=entry.game) if entry.game else ""
    return [
        styled(pgettext("log.entry", "Entry {entry}").format(entry=entry.id), bold=True) + f"  {entry.time}" + game,
        *_command_lines(labels["command"], entry.replay or entry.argv),
    ]


def _command_lines(label: str, argv: Sequence[str], shown: str = "") -> list[str]:
    """`referee ARGV` after its label, wrapped to the terminal only between
    words and continued after a backslash, so it can be copied and run;
    `shown` is the label as printed when styled."""
    lead = " " * columns(label)
    first, *rest = typed(["referee", *argv], indent=lead).splitlines()
    return [(shown or label) + first[len(lead) :], *rest]


def as_printed(entry: Entry, report: str) -> str:
    """An entry shown as its command printed it: the header, then the report,
    and what the journal says of the entry besides (a roll flagged, damage)."""
    labels = _labels()
    return "\n".join([*_header(entry, labels), *_flagged(entry, labels), "", report, *_damaged(entry)])


def _flagged(entry: Entry, labels: dict[str, str]) -> list[str]:
    rolled_before = entry.dice.rolled_before
    if not rolled_before:
        return []
    said = npgettext(
        "log.flagged",
        "rolled before: entry {entries} (the same attack)",
        "rolled before: entries {entries} (the same attack)",
        len(rolled_before),
    )
    return [labels["flagged"] + said.format(entries=listed(map(str, rolled_before)))]


def _damaged(entry: Entry) -> list[str]:
    if not entry.damage:
        return []
    return ["", styled(pgettext("log.damaged", "Damaged:"), bold=True), *(f"  {why}" for why in entry.damage)]


def _group(group: str) -> str:
    """A group of dice as the journal names it ('attacker', 'attacker d8'), its side in the language spoken."""
    side, _, rest = group.partition(" ")
    if side not in (Side.ATTACKER, Side.DEFENDER):
        return group
    return f"{side_word(Side(side))} {rest}".strip()


def _card(entry: Entry, labels: dict[str, str]) -> list[str]:
    """What the journal says of an entry besides its ruling: ruleset, dice, hashes."""
    dice = entry.dice
    rolled = "; ".join(f"{_group(group)}: {', '.join(map(str, faces))}" for group, faces in dice.rolled.items())
    if dice.seed is None:
        how = pgettext("log.dice", "typed by the players")
    elif dice.typed:
        how = pgettext("log.dice", "seed {seed}, typed: {typed}").format(seed=dice.seed, typed=", ".join(dice.typed))
    else:
        how = pgettext("log.dice", "seed {seed}").format(seed=dice.seed)
    kept = f" (sha256 {entry.ruleset_digest[:16]}, {entry.ruleset_path})" if entry.ruleset_digest else ""
    none = pgettext("log.dice", "none")
    return [
        *_header(entry, labels),
        *path_lines(labels["ruleset"] + (entry.ruleset or "-") + kept, hanging=" " * columns(labels["ruleset"])),
        labels["dice"] + (f"{rolled} ({how})" if rolled else none),
        *_flagged(entry, labels),
        labels["referee"] + entry.version,
        labels["hash"] + entry.hash,
        labels["previous"] + entry.prev_hash,
    ]


def _why(entry: Entry) -> list[str]:
    if not entry.explanation:
        return []
    return ["", kept_explanation(entry.explanation)]


def detail(entry: Entry) -> str:
    """An entry whose report cannot be rebuilt: what the journal says of it,
    its outcome in a few words and why; every field is in --json."""
    every = pgettext("log.every", "{outcome} (every field: --json)").format(outcome=outcome(entry))
    lines = [*_card(entry, _labels()), "", styled(pgettext("log.ruling", "Ruling:"), bold=True), f"  {every}"]
    return "\n".join([*lines, *_damaged(entry), *_why(entry)])


def board_action(rules: Ruleset, entry: Entry) -> str:
    """An action of a game held on the board: what it ruled and why, then the
    board it left: whose turn, the map as 'referee play board' draws it (in
    bands that fit the terminal), each player's dice; every field in --json."""
    from referee.render.board import notes, picture, players, status

    assert entry.move is not None, "a board action's entry"
    board = entry.move.board
    ruling = styled(pgettext("log.ruling", "Ruling:"), bold=True)
    said = outcome(entry, lambda word: rules.said(word).spoken)  # the players as the ruleset names them here
    lines = [*_card(entry, _labels()), "", ruling, f"  {said}", *_why(entry)]
    after = styled(pgettext("log.board", "The board after it:"), bold=True)
    lines += ["", after, paragraph(status(rules, board)), "", picture(rules, board), "", players(board, rules)]
    lines += ["", *map(paragraph, notes(board, rules))] if notes(board, rules) else []
    return "\n".join([*lines, *_damaged(entry)])


def _value(value: Any) -> str:
    import json

    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def verdict(document: dict[str, Any]) -> str:
    """`log verify`'s one line: the chain intact, or where it is broken and why."""
    broken = document["broken"]
    journal = document["journal"]
    if broken is None and document.get("forks"):
        line = pgettext(
            "verify.forked",
            "FORKED: game '{game}': entries {entries} were each built on the board of entry {base}: "
            "two commands acted on one board at once, and the game's history forks there",
        )
        return (
            "\n".join(
                paragraph(line.format(game=f["game"], entries=listed(map(str, f["entries"])), base=f["built_on"]))
                for f in document["forks"]
            )
            + "\n"
            + "\n".join(
                path_lines(
                    pgettext("verify.forked.chain", "The chain itself is intact: {journal}").format(journal=journal),
                    hanging="",
                )
            )
        )
    if broken is None:
        count = document["entries"]
        said = npgettext(
            "verify.ok", "ok: {count} entry, chain intact", "ok: {count} entries, chain intact", count
        ).format(count=count)
        if document["last"]:
            said = pgettext("verify.last", "{said} (last entry {last})").format(said=said, last=document["last"])
        noted = document.get("checkpoints") or []
        if noted:
            held = npgettext(
                "verify.held",
                "{said}, holding the history of checkpoint {checkpoints}",
                "{said}, holding the history of checkpoints {checkpoints}",
                len(noted),
            )
            said = held.format(said=said, checkpoints=", ".join(noted))
        return "\n".join(
            path_lines(pgettext("verify.ok", "{said}: {journal}").format(said=said, journal=journal), hanging="")
        )
    if broken["entry"] is None:
        line = pgettext("verify.broken", "BROKEN: {reason} ({journal})")
    else:
        line = pgettext("verify.broken", "BROKEN: entry {entry} {reason} ({journal})")
    return "\n".join(
        path_lines(line.format(entry=broken["entry"], reason=broken["reason"], journal=journal), hanging="")
    )


def replay(entry: int, line: str, runs: Sequence[Run], summary: str) -> str:
    """What a replay found: the command line ruled again, each run's verdict, the summary."""
    label = pgettext("replay.title", "Replay of entry {entry}").format(entry=entry)
    colon = pgettext("replay.colon", "{label}: ")
    lines = _command_lines(
        colon.format(label=label), shlex.split(line)[1:], colon.format(label=styled(label, bold=True))
    )
    for run in runs:
        lines += ["", *path_lines(pgettext("replay.run", "{label}:").format(label=run.label), hanging="")]
        if run.error:
            refused = pgettext("replay.refused", "refused: {error}").format(error=run.error)
            lines += wrapped(refused, indent="  ", hanging="    ")
        elif run.same:
            lines.append("  " + pgettext("replay.same", "the same ruling."))
        else:
            count = len(run.differences)
            different = npgettext(
                "replay.different",
                "a different ruling ({n} difference):",
                "a different ruling ({n} differences):",
                count,
            )
            lines.append("  " + different.format(n=count))
            for d in run.differences[:20]:
                lines += wrapped(f"{d.path}: {_value(d.then)} → {_value(d.now)}", indent="  ", hanging="    ")
            if count > 20:
                more = npgettext(
                    "replay.more", "… and {n} more (see --json)", "… and {n} more (see --json)", count - 20
                )
                lines.append("  " + more.format(n=count - 20))
    lines += ["", styled(paragraph(summary), bold=True)]
    return "\n".join(lines)
