#!/usr/bin/env python3
"""A mousehole bot that plays a random legal action: the smallest complete player of the
external-agent protocol (mousehole-agent/2), for any of the games.

    mousehole play cheese-day --seat 'exec:python3 examples/python/random_bot.py' --seat random --seat random

The host writes one JSON object per line on our stdin and reads one per line from our stdout.
Anything we print on stderr goes to the host's log. `--trace FILE` appends every line received
and sent to FILE (`> ` in, `< ` out), to see the exchange.
"""

import argparse
import json
import random
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trace", metavar="FILE", help="append every line in and out to FILE")
    args = parser.parse_args()
    trace = open(args.trace, "a", encoding="utf-8") if args.trace else None
    rng = random.Random()

    def send(message):
        line = json.dumps(message)
        if trace:
            trace.write("< " + line + "\n")
            trace.flush()
        sys.stdout.write(line + "\n")
        sys.stdout.flush()  # the host waits for whole lines: never leave one in a buffer

    for line in sys.stdin:
        if trace:
            trace.write("> " + line)
            trace.flush()
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            # Saying which protocol we speak lets a host of another version tell us what changed.
            send({"type": "hello", "name": "random_bot.py", "version": "1.0",
                  "protocol": "mousehole-agent/2"})
        elif kind == "new_game":
            # Our own seed: the same seed gives the same choices, so games can be replayed.
            rng.seed(message["seed"])
            send({"type": "ready"})
        elif kind == "act":
            # Answer with the act's id and one of the legal actions' text forms, exactly.
            send({"type": "action", "id": message["id"], "action": rng.choice(message["legal"])})
        elif kind == "game_over":
            pass  # nothing to reply; another game may follow in this same process
        elif kind == "quit":
            break


if __name__ == "__main__":
    main()
