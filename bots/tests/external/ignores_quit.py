"""Plays properly, but on quit (and at the end of its input) keeps running."""
import time
from agent import answer, run


def linger():
    while True:
        time.sleep(60)


run(answer, name="ignores-quit", on_quit=linger)
