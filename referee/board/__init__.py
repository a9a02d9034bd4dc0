"""A game held move by move on a dealt hex map: the map dealt (hexmap) and the
armies placed on it (deployment), the board, the actions that change it, the
journal entries it is folded from, and who wins at the end (scoring). General:
the ruleset's `play` section says what terrains and special rules do; attacks
are ruled by the ruleset's procedure through one adapter (`combat`)."""

COMMAND = "play "  # the journal command of every board action starts with this
