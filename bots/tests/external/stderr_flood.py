"""Writes far more on stderr than the host keeps (with one very long line) before every answer,
then waits a moment, so the host has read all of it by the time it looks (as a host does under
load, when it looks seldom)."""
import sys
import time
from agent import answer, run


def act(message):
    for i in range(3000):
        sys.stderr.write(f"act {message['id']} chatter line {i} " + "." * 60 + "\n")
    sys.stderr.write("long " + "y" * 20000 + "\n")
    sys.stderr.flush()
    time.sleep(0.05)
    answer(message)


run(act, name="stderr-flood")
