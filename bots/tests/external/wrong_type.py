"""Answers with an unknown type at odd acts and with no type at even ones."""
from agent import run, send


def act(message):
    if message["id"] % 2:
        send({"type": "move", "id": message["id"], "action": message["legal"][0]})
    else:
        send({"id": message["id"], "action": message["legal"][0]})


run(act, name="wrong-type")
