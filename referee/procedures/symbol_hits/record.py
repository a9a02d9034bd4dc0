"""symbol-hits as the door reaches it (`PROCEDURE`), imported on first use."""

from referee.procedures import told
from referee.procedures.symbol_hits import resolver
from referee.procedures.symbol_hits.grammar import SymbolHits

PROCEDURE = told.procedure("symbol-hits", SymbolHits, "exchange", resolver, alone=resolver.made_alone)
