"""Writes far more on stderr than the host keeps (with one very long line) before every answer."""
import sys
from agent import answer, run


def act(message):
    for i in range(3000):
        sys.stderr.write(f"act {message['id']} chatter line {i} " + "." * 60 + "\n")
    sys.stderr.write("long " + "y" * 20000 + "\n")
    sys.stderr.flush()
    answer(message)


run(act, name="stderr-flood")
