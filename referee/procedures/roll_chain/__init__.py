"""A roll chain: to hit, to wound, the save, each its own roll against its own
number (a Warhammer-style chain). The grammar says what a file may write, the
resolver rules on a throw; players name one unit a side, read by `told`.

`grammar.GRAMMAR` is all that reading a file needs, `options` the words
players type for it; `record` holds the rest (`PROCEDURE`).
Its own messages are in `locale/<lang>.po` beside this file."""

from referee.words.language import own_catalogue

own_catalogue(__file__)
