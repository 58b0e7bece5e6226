"""Inside OpenSpiel: the games registered with pyspiel, through OpenSpiel's own random
simulation test and its MCTS bot over whole games."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import mousehole  # noqa: E402
import mousehole.openspiel  # noqa: E402,F401
from conftest import GAMES, SMALL  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402


def openspiel_game(spec):
    name, _, options = spec.partition(":")
    params = f"({options})" if options else ""
    return pyspiel.load_game(mousehole.openspiel.openspiel_name(name) + params)


@pytest.mark.parametrize("name", GAMES)
def test_the_games_are_registered(name):
    game = pyspiel.load_game(mousehole.openspiel.openspiel_name(name))
    native = mousehole.load_game(name)
    assert game.num_distinct_actions() == native.num_distinct_actions()
    assert game.max_chance_outcomes() == native.max_chance_outcomes()
    assert game.num_players() == native.num_players()
    assert game.observation_tensor_size() == native.observation_tensor_size()
    assert game.get_type().provides_information_state_string
    perfect = game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert perfect == (name == "mouse-trap")


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_random_simulation_test_passes(name):
    # The test asks for every seat's information state at every step, each rebuilt from the
    # events (a replay): the long default games get one simulation, the small ones three.
    pyspiel.random_sim_test(openspiel_game(name), num_sims=1, serialize=False, verbose=False)
    pyspiel.random_sim_test(openspiel_game(SMALL[name]), num_sims=3, serialize=False, verbose=False)


def test_parameters_reach_the_game():
    game = pyspiel.load_game("mousehole_mouse_race(players=3,size=9)")
    assert game.num_players() == 3
    assert game.new_initial_state().native.get_game().options()["size"] == "9"


@pytest.mark.parametrize("name", GAMES)
def test_observations_come_through_openspiel(name):
    game = openspiel_game(name)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.integers(len(outcomes))][0])
    seat = state.current_player()
    native = state.native
    assert state.observation_tensor(seat) == pytest.approx(native.observation_tensor(seat))
    assert state.observation_string(seat) == native.observation_string(seat)
    assert state.information_state_string(seat) == native.information_state_string(seat)
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_mcts_plays_whole_games(name):
    game = openspiel_game(SMALL[name])
    rng = np.random.RandomState(7)
    for round in range(2):
        bots = [
            mcts.MCTSBot(
                game,
                uct_c=2.0,
                max_simulations=6,
                evaluator=mcts.RandomRolloutEvaluator(1, rng),
                random_state=rng,
            )
            if seat == round % game.num_players()
            else pyspiel.make_uniform_random_bot(seat, int(rng.randint(1 << 30)))
            for seat in range(game.num_players())
        ]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert sum(returns) == pytest.approx(1.0)
