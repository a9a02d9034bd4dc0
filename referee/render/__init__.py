"""Renderers: one ruling, three views (table, JSON, explanation)."""
