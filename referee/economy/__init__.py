"""Buying and building: income and purchases, recruiting and what it pays
for, and the recruit phase's changes to a territory."""
