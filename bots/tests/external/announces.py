"""Plays the first legal action, saying in its hello that it speaks the protocol its argument
names (`python3 announces.py mousehole-agent/1`): a host of another version tells it, in the
log, what changed, and the game goes on."""

import sys

from agent import answer, run

run(answer, name="announces", protocol=sys.argv[1])
