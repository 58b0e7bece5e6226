"""Random games from a Python loop: mousehole's four games beside an OpenSpiel C++ game of
chance (backgammon) through pyspiel, with the very same loop.

    python python/benchmarks/random_games.py [--seconds 3] [--openspiel-game backgammon]

(`cargo xtask python --bench` builds the package and runs this.) For each game it reports:

- steps/s: events (decisions and chance outcomes) per second of whole random games, each step
  being `legal_actions()` and a uniform choice, or `chance_outcomes()` and a weighted draw,
  then `apply_action`;
- clone+apply/s: `clone()` then `apply_action` of one legal action, at states met in those
  games (the inner step of tree search).
"""

import argparse
import random
import sys
import time

import mousehole


def draw(outcomes, rng):
    """A chance outcome by its probability: one uniform number, the outcome it falls on."""
    point = rng.random()
    for action, probability in outcomes:
        point -= probability
        if point < 0:
            return action
    return outcomes[-1][0]


def random_games(game, seconds, rng):
    """Steps per second and games played of whole random games for `seconds`."""
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = draw(state.chance_outcomes(), rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start), games


def decision_states(game, rng, wanted=200):
    """Decision states met along random games, for the clone benchmark."""
    found = []
    while len(found) < wanted:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < wanted:
            if state.is_chance_node():
                state.apply_action(draw(state.chance_outcomes(), rng))
            else:
                if rng.random() < 0.2:
                    found.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    return found


def clone_apply(game, seconds, rng):
    """`clone()` + `apply_action` per second at decision states of random games."""
    states = [(state, state.legal_actions()[0]) for state in decision_states(game, rng)]
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for state, action in states:
            state.clone().apply_action(action)
        done += len(states)
    return done / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument(
        "--openspiel-game",
        default="backgammon",
        help="the OpenSpiel game run beside them (default: backgammon, a C++ game of chance)",
    )
    args = parser.parse_args()
    games = [(f"mousehole {name}", mousehole.load_game(name)) for name in mousehole.games()]
    try:
        import pyspiel

        games.append((f"pyspiel {args.openspiel_game}", pyspiel.load_game(args.openspiel_game)))
    except ImportError:
        print("(open_spiel is not installed: mousehole's games only)", file=sys.stderr)
    print(f"{'game':<28} {'steps/s':>12} {'games/s':>10} {'clone+apply/s':>15}")
    for label, game in games:
        rng = random.Random(1)
        steps, played = random_games(game, args.seconds, rng)
        clones = clone_apply(game, args.seconds, rng)
        print(
            f"{label:<28} {steps:>12,.0f} {played / args.seconds:>10,.1f} {clones:>15,.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
