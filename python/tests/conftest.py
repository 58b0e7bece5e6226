"""Shared helpers of the package's tests: the games, small configurations of them for the
slower tests, the `mousehole` binary (for checks against the command line) and a seeded random
playthrough."""

import os
import pathlib
import random
import shutil

import pytest

import mousehole

GAMES = mousehole.games()

# One configuration per game small enough for search bots inside OpenSpiel's Python layer.
SMALL = {
    "cheese-day": "cheese-day:players=3",
    "moose-house": "moose-house:players=2",
    "mouse-trap": "mouse-trap:players=2,trap_parts=4,max_turns=40",
    "mouse-race": "mouse-race:players=2,size=7,max_turns=30",
}


@pytest.fixture(params=GAMES)
def name(request):
    """Each game's name in turn."""
    return request.param


def mousehole_binary():
    """The `mousehole` command: $MOUSEHOLE_BIN (`cargo xtask ci` sets it), else the workspace's
    debug build or the one on PATH; None if there is none."""
    given = os.environ.get("MOUSEHOLE_BIN")
    if given:
        return given
    built = pathlib.Path(__file__).resolve().parents[2] / "target" / "debug" / "mousehole"
    if built.exists():
        return str(built)
    return shutil.which("mousehole")


def sample_chance(state, rng):
    """A chance outcome drawn with the probabilities the state lists."""
    outcomes = state.chance_outcomes()
    ids = [outcome for outcome, _ in outcomes]
    weights = [p for _, p in outcomes]
    return rng.choices(ids, weights)[0]


def play_randomly(state, rng, visit=None):
    """Plays `state` to the end with uniformly random decisions and chance drawn by its
    probabilities, calling `visit(state)` at every state before acting."""
    while not state.is_terminal():
        if visit is not None:
            visit(state)
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    if visit is not None:
        visit(state)
    return state


@pytest.fixture
def rng():
    return random.Random(20240501)
