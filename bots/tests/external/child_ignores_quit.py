"""Starts a child that ignores quit and holds the output pipes open, plays properly, and exits
on quit, leaving the child behind. Prints the child's pid on stderr."""
import subprocess
import sys
from agent import answer, run

child = subprocess.Popen(
    [sys.executable, "-c", "import time\nwhile True: time.sleep(60)"],
    stdin=subprocess.DEVNULL,
)
print(f"child pid {child.pid}", file=sys.stderr, flush=True)
run(answer, name="child-ignores-quit")
