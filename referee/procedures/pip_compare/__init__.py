"""Pip compare: a rolled die against the attacking die on the field (DiceLand).
The grammar says what a file may write, the reader what players say, the
resolver rules on a throw.

`grammar.GRAMMAR` is all that reading a file needs, `options` the words
players type for it; `record` holds the rest (`PROCEDURE`).
Its own messages are in `locale/<lang>.po` beside this file."""

from referee.words.language import own_catalogue

own_catalogue(__file__)
