"""Whole fights: a general solver over fight states (solver.py) and the
answers players decide an attack on (answers.py)."""
