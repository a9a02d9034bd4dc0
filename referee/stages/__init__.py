"""Stages every attack composes: shared modules a procedure uses for one part of a ruling."""
