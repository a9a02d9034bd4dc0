"""No option is given an empty value: `--choose ''` is a slip or a shell
variable left unset, never "no choice" (the referee would rule on, as if the
option were left out). Every option of every command is read through `Given`,
which refuses a value that is empty or spaces alone wherever the option's own
type would take it; a type that refuses one already says so in its own words
(`--roll ''`: type the dice rolled; `--seed ''`: a whole number)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from referee.core.errors import RefereeError

if TYPE_CHECKING:
    from click.types import ParamTypeInfoDict


class Given(click.ParamType[Any, Any]):
    """An option's own type, read as ever, with an empty value refused after it."""

    def __init__(self, own: click.ParamType[Any, Any]):
        self.own = own
        self.name = own.name

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        read = self.own.convert(value, param, ctx)
        if isinstance(value, str) and not value.strip():
            from referee.rulings.ruling import say

            option = max(getattr(param, "opts", None) or ["the option"], key=len)
            raise RefereeError(
                say("error.option.empty", "{option} is empty: give it a value, or leave it out", option=option)
            )
        return read

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        return self.own.get_metavar(param, ctx)

    def get_missing_message(self, param: click.Parameter, ctx: click.Context | None) -> str | None:
        return self.own.get_missing_message(param, ctx)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[click.shell_completion.CompletionItem]:
        return self.own.shell_complete(ctx, param, incomplete)

    def split_envvar_value(self, rv: str) -> list[str]:
        return list(self.own.split_envvar_value(rv))

    def to_info_dict(self) -> ParamTypeInfoDict:
        return self.own.to_info_dict()


def refuse_empty(command: click.Command) -> None:
    """Every option of the command that takes a value reads it through `Given` (once)."""
    for param in command.params:
        takes_a_value = isinstance(param, click.Option) and not (
            param.is_flag or param.count or param.type.is_composite
        )
        if takes_a_value and not isinstance(param.type, Given):
            param.type = Given(param.type)
