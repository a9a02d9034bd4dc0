"""Cancelling, the stage a file writes as `cancel`: one side's symbols
cancelling the other's once they are counted. Its grammar and function
live with the counting they follow (`referee.stages.count`); this package
holds its declaration, since a stage's package is named by its key."""
