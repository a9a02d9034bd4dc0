"""Simultaneous fire: every unit rolls its own dice and both sides take their
casualties at once (an Axis & Allies style land battle), fought in rounds
until a side is gone. The grammar says what a file may write, the resolver
rules on a throw, `fight` gives the whole-fight solver its rounds; players
name units, read by `told`.

`grammar.GRAMMAR` is all that reading a file needs, `options` the words
players type for it; `record` holds the rest (`PROCEDURE`).
Its own messages are in `locale/<lang>.po` beside this file."""

from referee.words.language import own_catalogue

own_catalogue(__file__)
