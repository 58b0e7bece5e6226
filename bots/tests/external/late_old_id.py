"""Before each real answer, repeats an answer with the previous act's id, naming another legal
action: the host must discard it and take the first legal action it answers with the right id."""
from agent import answer, run, send


def act(message):
    send({"type": "action", "id": message["id"] - 1, "action": message["legal"][-1]})
    answer(message, message["legal"][0], info={"win": 0.5, "note": "first legal", "depth": 1})


run(act, name="late-old-id")
