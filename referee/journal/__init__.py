"""The table's journal: every ruling written to SQLite in a hash chain, so a
dispute can be settled by reading it back, replaying it, and trusting it.

Only the standard library's sqlite3; imported only by commands that journal.
"""
