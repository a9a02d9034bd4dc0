"""`referee recruit`: units for a turn. The ruleset names what is counted
(--stars N, --cities N…)."""

from __future__ import annotations

from collections.abc import Mapping

import click

from referee.cli import completion
from referee.cli.helptext import described, helped
from referee.cli.inplay import rules_and_extra
from referee.cli.journaling import journaled, record
from referee.cli.options import (
    bought,
    buy_option,
    counts_from_args,
    emit,
    json_option,
    refuse_unread,
    ruleset_argument,
)
from referee.core.errors import RefereeError
from referee.economy.changing import settle
from referee.economy.recruiting import chosen, count_names
from referee.economy.recruiting import recruit as count_recruits
from referee.render import recruiting as render
from referee.ruleset.model import Ruleset
from referee.rulings.ruling import say
from referee.words.inputs import shown
from referee.words.language import pgettext

_EXTRA = {"ignore_unknown_options": True, "allow_extra_args": True}


@click.command(context_settings=_EXTRA)
@ruleset_argument
@click.option(
    "--continent",
    "continents",
    multiple=True,
    shell_complete=completion.continents,
    help=helped("help.recruit.continent", "A continent held (repeatable)."),
)
@click.option(
    "--reward",
    "rewards",
    multiple=True,
    shell_complete=completion.rewards,
    help=helped("help.recruit.reward", "A reward held that gives units (repeatable)."),
)
@click.option(
    "--territory",
    metavar="UNITS",
    help=helped("help.recruit.territory", 'What one territory holds, e.g. "3 infantry, damaged armour".'),
)
@click.option(
    "--change",
    "changes",
    multiple=True,
    help=helped("help.recruit.change", "A change on that territory, e.g. merge (repeatable)."),
)
@click.option(
    "--site",
    is_flag=True,
    help=helped("help.recruit.site", "The territory has what some changes need (Frontline Risk: a city or capital)."),
)
@buy_option(helped("help.recruit.buy", 'Check the units chosen, e.g. "2 armour, 11 infantry".'))
@journaled
@json_option
@click.pass_context
@described("help.recruit")
def recruit(
    ctx: click.Context,
    ruleset: str | None,
    continents: tuple[str, ...],
    rewards: tuple[str, ...],
    territory: str | None,
    changes: tuple[str, ...],
    site: bool,
    buy: str | None,
    as_json: bool,
) -> None:
    """Units to recruit this turn and every way to take them. Count what you
    hold with the ruleset's options (Frontline Risk: --stars N --cities N
    --capitals N, and --free-armour N, --armour-sites N for armour).
    With --territory, settle one territory's recruit phase instead: worn
    units repaired, and each --change (merge, disband) legal or refused.
    --buy checks the units chosen against every way to take them.

    \b
    Example:
      referee recruit frontline-risk --stars 7 --cities 2 \\
          --capitals 1 --continent asia --reward two-armies
      referee recruit risk --territories 14 --buy "9 armies"
      referee recruit frontline-risk \\
          --territory "3 infantry" --change merge --site
    """
    rules = rules_and_extra(ctx, ruleset)
    held, words = counts_from_args(ctx.args, count_names(rules))
    if words:
        raise RefereeError(say("error.args.unexpected", "unexpected argument '{word}'", word=words[0]))
    if territory is not None:
        turn = {f"--{shown(name)}": n for name, n in held.items()}
        refuse_unread(
            {**turn, "--continent": continents, "--reward": rewards, "--buy": buy},
            pgettext(
                "error.recruit.not_territory",
                "{options}: these count the turn's recruits, which --territory does not ask; "
                "leave them out, or leave out --territory",
            ),
        )
        _territory(rules, territory, changes, site, as_json)
        return
    if changes or site:
        raise RefereeError(
            say("error.recruit.territory", "--change and --site need --territory: what the territory holds")
        )

    result = count_recruits(rules, held, continents, rewards)
    wanted = bought(rules, buy)
    if wanted is not None:
        result = chosen(rules, result, wanted)
    document = {
        "ruleset": rules.name,
        "units": result.units,
        "ways": result.ways,
        "bought": wanted,
        "explanation": [s.as_dict() for s in result.steps],
    }
    record(rules, document, "recruit")
    emit(as_json, document, lambda: render.recruit_report(rules, result, wanted))


def _territory(rules: Ruleset, holds: str, changes: tuple[str, ...], site: bool, as_json: bool) -> None:
    settled = settle(rules, holds, changes, site)
    document = {
        "ruleset": rules.name,
        "before": holding_rows(settled.before),
        "after": holding_rows(settled.after),
        "explanation": [s.as_dict() for s in settled.steps],
    }
    record(rules, document, "territory")
    emit(as_json, document, lambda: render.territory_report(rules, settled))


def holding_rows(holding: Mapping[tuple[str, str], int]) -> list[dict[str, object]]:
    return [{"unit": unit, "state": state, "count": n} for (unit, state), n in holding.items()]
