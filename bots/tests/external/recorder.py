"""Plays a random legal action drawn from its own seed and appends every message it receives to
the file named by its first argument (one JSON object per line); writes a line on stderr."""
import json
import random
import sys

from agent import answer, run

record = open(sys.argv[1], "a", encoding="utf-8")
rng = random.Random(0)


def keep(message):
    record.write(json.dumps(message) + "\n")
    record.flush()


def act(message):
    answer(message, rng.choice(message["legal"]))


print("recorder started", file=sys.stderr, flush=True)
run(act, name="recorder", on_message=keep, on_new_game=lambda m: rng.seed(m["seed"]))
