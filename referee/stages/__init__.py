"""The stages an attack composes, one package each, in the order a ruling
runs them: who rolls what (`roll`), how a die reads (`read`), count and
cancel (`count`), most of a symbol wins (`compare`) or the dice in ranked
pairs (`pairs`), what it costs
(`costs`); between count and costs, the follow-up rolls each success makes
(`follow`: to wound, then the save). Each holds its grammar section (what a file may write for it),
its cross-checks, its messages (in its own catalogue, `locale/<lang>.po`)
and a pure function from what the players told to its part of the ruling.

What the pool does before it counts (re-roll, explode, keep, choose a die)
is the stage that goes between `read`'s faces and `count`: the resolver
that strings the stages together names the place. Its grammar is
`pool_rules`; the pool itself (`pool`) is imported only where a side has one."""
