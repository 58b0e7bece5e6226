"""Answers its first act too late, then every later one at once."""
import time
from agent import answer, run


def act(message):
    if message["id"] == 1:
        time.sleep(0.8)
    answer(message)


run(act, name="slow-then-fine")
