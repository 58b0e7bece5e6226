"""Answers every other act with a line that is not one JSON object, keeping its seat between."""
import json
from agent import answer, run


def act(message):
    if message["id"] % 4 == 1:
        print("take 1 please", flush=True)
    elif message["id"] % 4 == 3:
        print(json.dumps(["action", message["id"]]), flush=True)
    else:
        answer(message)


run(act, name="garbage")
