"""`python -m referee`, for a checkout without the console script."""

from referee.cli import main

main()
