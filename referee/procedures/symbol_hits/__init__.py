"""Symbol hits: each side counts the faces that are hits for it (Ground Force).
The grammar says what a file may write, the resolver rules on a throw; players
name units, read by `told`."""

from referee.procedures import told
from referee.procedures.symbol_hits import resolver
from referee.procedures.symbol_hits.grammar import SymbolHits

PROCEDURE = told.procedure("symbol-hits", SymbolHits, "exchange", resolver, alone=resolver.made_alone)
