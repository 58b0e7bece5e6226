"""The shared loop of the test agents: speaks the agent protocol (mousehole-agent/2) on stdin/stdout and lets each
script decide how it (mis)behaves when asked to act. Run as `python3 SCRIPT.py`."""

import json
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(act, action=None, **extra):
    """Replies to `act` with `action` (default: its first legal action)."""
    send({"type": "action", "id": act["id"], "action": action or act["legal"][0], **extra})


def run(on_act, name="test-agent", on_quit=None, on_new_game=None, on_message=None, protocol=None):
    """Reads messages until quit (or the end of stdin), calling on_act(act) for every act and
    on_message(message), if given, for every message; says it speaks `protocol`, if given."""
    for line in sys.stdin:
        message = json.loads(line)
        if on_message:
            on_message(message)
        kind = message["type"]
        if kind == "hello":
            hello = {"type": "hello", "name": name, "version": "1"}
            if protocol:
                hello["protocol"] = protocol
            send(hello)
        elif kind == "new_game":
            if on_new_game:
                on_new_game(message)
            send({"type": "ready"})
        elif kind == "act":
            on_act(message)
        elif kind == "quit":
            break
    if on_quit:
        on_quit()
