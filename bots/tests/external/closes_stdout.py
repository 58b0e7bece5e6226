"""Answers two acts, then closes its stdout and keeps running, deaf to quit."""
import os
import sys
import time
from agent import answer, run


def act(message):
    if message["id"] > 2:
        sys.stdout.close()
        os.close(1)
        while True:
            time.sleep(60)
    answer(message)


run(act, name="closes-stdout")
