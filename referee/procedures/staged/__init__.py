"""Staged: an attack written out as the stages it composes (who rolls what,
how a face reads, count and cancel, what it costs), each from
`referee.stages`. The grammar says what a file may write, the resolver runs
the stages in order; players name units, read by `told`.

`grammar.GRAMMAR` is all that reading a file needs, `options` the words
players type for it; `record` holds the rest (`PROCEDURE`).
Its own messages are in `locale/<lang>.po` beside this file."""

from referee.words.language import own_catalogue

own_catalogue(__file__)
