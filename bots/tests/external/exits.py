"""Answers three acts, then exits with status 3 in the middle of the game."""
import sys
from agent import answer, run


def act(message):
    if message["id"] > 3:
        sys.exit(3)
    answer(message)


run(act, name="exits")
