"""`referee hit`: the number needed, the exact chances and the ruling of one
target-number attack; and the chart `referee odds` prints for such a game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from referee.cli.journaling import journaled, record
from referee.cli.options import (
    F,
    completing_ruleset,
    emit,
    json_option,
    load_rules,
    refuse_unread,
    ruleset_argument,
    seed_option,
    whole,
)
from referee.errors import RefereeError
from referee.names import Lexicon
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    # `referee odds` loads this module for its options in every game; the hit
    # checks themselves load only when a game has them.
    from referee.cli.odds import OddsTold
    from referee.mechanics.target_number import Strike
    from referee.ruleset.procedures.target_number import TargetNumber


def _lexicon(kind: str, table: Any) -> Lexicon[str]:
    return Lexicon(kind, {name: [item.label, *item.aliases] for name, item in table.items()})


def _complete(part: str) -> Callable[[click.Context, click.Parameter, str], list[str]]:
    """Completes the names a ruleset gives its attack types, actions or modifiers."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        rules = completing_ruleset(ctx)
        if rules is None or not rules.uses("target-number"):
            return []
        from referee.hitcheck import target_number_attack

        _, params = target_number_attack(rules)
        return [name for name in getattr(params, part) if name.startswith(incomplete)]

    return complete


def strike_options(f: F) -> F:
    """The options that say which attack a chart or a hit check is about."""
    f = click.option(
        "--modifier",
        "modifiers",
        multiple=True,
        shell_complete=_complete("modifiers"),
        help="A modifier the ruleset names (repeatable).",
    )(f)
    f = click.option("--wounds", type=whole(0), help="Wounds the target already has (default 0).")(f)
    return click.option(
        "--attack", "kind", shell_complete=_complete("types"), help="The attack type, e.g. melee, ranged, astral."
    )(f)


def _named(params: TargetNumber, kind: str | None, modifiers: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The attack type and modifiers by their names in the file, each modifier once."""
    if not kind:
        raise RefereeError(f"say which attack with --attack: {', '.join(params.types)}")
    named = _lexicon("modifier", params.modifiers)
    return _lexicon("attack type", params.types)(kind), tuple(dict.fromkeys(named(m) for m in modifiers))


def strike_from_words(
    params: TargetNumber,
    kind: str | None,
    attacker: int,
    target: int,
    action: str | None,
    wounds: int | None,
    modifiers: tuple[str, ...],
) -> Strike:
    from referee.mechanics.target_number import Strike

    name, named = _named(params, kind, modifiers)
    return Strike(
        kind=name,
        attacker=attacker,
        target=target,
        action=_lexicon("action", params.actions)(action) if action else None,
        wounds=wounds or 0,
        modifiers=named,
    )


@click.command()
@ruleset_argument
@click.option("--attacker", type=whole(), required=True, help="The attacker's value (quality).")
@click.option("--target", type=whole(), required=True, help="The target's value (quality).")
@strike_options
@click.option(
    "--action", shell_complete=_complete("actions"), help="The attacker's action this activation, e.g. hold, walk, run."
)
@click.option("--roll", type=whole(), help="The die rolled to hit.")
@click.option("--wound-roll", type=whole(), help="The die rolled to wound, after a hit.")
@click.option("--no-roll", is_flag=True, help="Only the number needed and the chances; roll nothing.")
@seed_option
@journaled
@json_option
def hit(
    ruleset: str,
    attacker: int,
    target: int,
    kind: str | None,
    wounds: int | None,
    modifiers: tuple[str, ...],
    action: str | None,
    roll: int | None,
    wound_roll: int | None,
    no_roll: bool,
    seed: int | None,
    as_json: bool,
) -> None:
    """What an attacker needs to hit, the exact chances of a hit, of putting
    the target out of action and of a wound; then the ruling on the dice.
    Type the dice (--roll, --wound-roll), or leave them out and the referee
    rolls them (the seed it prints repeats the roll).

    \b
    Example:
      referee hit trueforces --attacker 4 --target 5 --attack ranged --roll 5 --wound-roll 3
    """
    from referee.hitcheck import chances, settle, target_number_attack
    from referee.mechanics.target_number import needed
    from referee.render import hit as render

    rules = load_rules(ruleset)
    _, params = target_number_attack(rules)
    strike = strike_from_words(params, kind, attacker, target, action, wounds, modifiers)
    typed = {group: face for group, face in (("hit", roll), ("wound", wound_roll)) if face is not None}
    if no_roll and (typed or seed is not None):
        raise RefereeError("--no-roll rolls nothing: leave out --roll, --wound-roll and --seed")
    odds = chances(rules, params, strike)
    settled = None if no_roll else settle(rules, params, strike, typed, seed)
    steps = settled.ruling.steps if settled else tuple(needed(params, strike)[1])
    document = render.document(rules, strike, odds, steps, settled)
    record(
        rules,
        document,
        seed=settled.seed if settled else None,
        dice={"rolled": settled.throw, "typed": settled.typed} if settled else None,
    )
    emit(as_json, document, lambda: render.report(rules, params, strike, odds, steps, settled))


def odds_chart(rules: Ruleset, told: OddsTold, as_json: bool) -> None:
    """`referee odds` for a target-number game: every attacker value against every target value."""
    from referee.hitcheck import chart, target_number_attack
    from referee.render import hit as render

    refuse_unread(
        told.flags(
            "--attacker",
            "--defender",
            "--range",
            "--when",
            "--rule",
            "--until",
            "--table",
            "--float",
            "--stop-at",
            "--exact",
            "--attacker-rear",
            "--defender-rear",
        ),
        "the chart covers every pair of values: leave out {options} ('referee hit' rules on one attack)",
    )
    _, params = target_number_attack(rules)
    name, named = _named(params, told.kind, told.modifiers)
    wounds = told.wounds or 0
    cells = chart(rules, params, name, wounds, named)
    emit(
        as_json,
        render.chart_document(rules, name, wounds, named, cells),
        lambda: render.chart_report(rules, params, name, wounds, named, cells),
    )
