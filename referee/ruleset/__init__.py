"""Ruleset files: a strict YAML reader, the file's grammar and the loaded model."""
