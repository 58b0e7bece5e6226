"""Answers with actions that are not legal: made up, or with no action at all."""
from agent import answer, run, send


def act(message):
    if message["id"] % 3 == 0:
        send({"type": "action", "id": message["id"]})
    elif message["id"] % 3 == 1:
        answer(message, "dance a jig")
    else:
        answer(message)


run(act, name="illegal")
