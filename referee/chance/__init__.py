"""Dice: faces, the seeded generator, exact distributions of a throw, and
dice notation as players write it."""
