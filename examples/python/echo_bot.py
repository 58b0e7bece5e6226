#!/usr/bin/env python3
"""The quickest possible mousehole bot: answers every act with its first legal action and says
how long that took it (`"info": {"bot_ns": …}`), so that `mousehole bench --external` can take
the program's own time out of each round trip and report what the host adds.

    mousehole bench cheese-day --external 'python3 examples/python/echo_bot.py'
"""

import json
import sys
import time

for line in sys.stdin:
    start = time.perf_counter_ns()
    message = json.loads(line)
    kind = message["type"]
    if kind == "act":
        reply = {"type": "action", "id": message["id"], "action": message["legal"][0]}
        reply["info"] = {"bot_ns": time.perf_counter_ns() - start}
    elif kind == "hello":
        reply = {"type": "hello", "name": "echo_bot.py", "version": "1.0",
                 "protocol": "mousehole-agent/2"}
    elif kind == "new_game":
        reply = {"type": "ready"}
    elif kind == "quit":
        break
    else:
        continue
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
