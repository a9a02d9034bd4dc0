"""A command-line referee and dice adjudicator for tabletop games."""

import gc

# Each command is a short process that builds hundreds of classes and
# records on import and frees few cycles: at the collector's default (a pass
# every 700 allocations) a `--json` battle spent some 3% of its instructions
# walking objects that all live to the end (`referee.cli.main` also freezes
# what is imported before the command). A pass every 20,000 still collects
# cycles in long odds runs, at a fraction of the cost.
gc.set_threshold(20_000, *gc.get_threshold()[1:])

__version__ = "0.1.0"
