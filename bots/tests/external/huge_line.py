"""Answers its first act with a 2 MiB line, the later ones properly."""
import sys
from agent import answer, run


def act(message):
    if message["id"] == 1:
        padding = "x" * (2 * 1024 * 1024)
        sys.stdout.write('{"type":"action","id":1,"action":"' + padding + '"}\n')
        sys.stdout.flush()
    else:
        answer(message)


run(act, name="huge-line")
