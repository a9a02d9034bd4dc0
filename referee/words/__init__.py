"""Words in and out: the language the referee speaks, the names players type
matched to a ruleset's, and the boundary every number, word and path
crosses on its way in."""
