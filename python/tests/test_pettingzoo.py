"""Inside PettingZoo: every game as an AEC environment, through PettingZoo's own API test and
seed test."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import mousehole  # noqa: E402
import mousehole.pettingzoo as mousehole_pettingzoo  # noqa: E402
from conftest import GAMES, SMALL  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoos_api_test_passes(name):
    api_test(mousehole_pettingzoo.env(name), num_cycles=200, verbose_progress=False)
    api_test(mousehole_pettingzoo.env(SMALL[name]), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoos_seed_test_passes(name):
    seed_test(lambda: mousehole_pettingzoo.env(SMALL[name]), num_cycles=100)


def test_the_example_environment():
    env = mousehole_pettingzoo.env("mouse-race", players=2)
    env.reset(seed=42)
    assert env.possible_agents == ["player_0", "player_1"]
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert observation["observation"].dtype == np.float32
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(legal[0])
            steps += 1
        env.step(action)
    assert steps > 0


def test_the_same_seed_deals_the_same_game():
    def first_observation(seed):
        env = mousehole_pettingzoo.env("cheese-day")
        env.reset(seed=seed)
        return env.observe(env.agent_selection)["observation"]

    assert np.array_equal(first_observation(1), first_observation(1))
    assert any(not np.array_equal(first_observation(1), first_observation(s)) for s in range(2, 6))


def test_a_game_object_or_spec_builds_the_environment():
    game = mousehole.load_game("moose-house", players=4)
    env = mousehole_pettingzoo.env(game)
    env.reset(seed=0)
    assert len(env.possible_agents) == 4
    with pytest.raises(ValueError):
        mousehole_pettingzoo.env(game, players=3)



def test_a_game_that_chance_alone_ends_is_dealt_again_at_reset():
    # Seed 5 of this small Mouse Trap's first deal reaches its 40-turn limit on rolls alone,
    # before any seat has a choice. PettingZoo wants every agent alive after reset, so the
    # environment deals again from the same generator: the game is not over, an agent has a
    # move, and the same seed gives the same game.
    env = mousehole_pettingzoo.env(SMALL["mouse-trap"])
    env.reset(seed=5)
    state = env.unwrapped.state_
    assert not state.is_terminal()
    assert not any(env.terminations.values())
    assert env.last()[0]["action_mask"].sum() > 0
    again = mousehole_pettingzoo.env(SMALL["mouse-trap"])
    again.reset(seed=5)
    assert str(again.unwrapped.state_) == str(state)
