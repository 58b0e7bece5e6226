"""Says hello and ready, then never answers an act (and so never hears quit)."""
import time
from agent import run


def hang(act):
    while True:
        time.sleep(60)


run(hang, name="hang")
