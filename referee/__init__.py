"""A command-line referee and dice adjudicator for tabletop games."""

__version__ = "0.1.0"
