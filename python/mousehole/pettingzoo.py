"""The four games as PettingZoo AEC environments.

``mousehole.pettingzoo.env("mouse-race", players=2)`` is an environment with one agent per
seat (``player_0``, ``player_1``, …) that take turns as the rules say: the agent to act is
``env.agent_selection`` (not always the next seat: a trap reaction or a choice of victim is
asked of whoever decides). Chance (dice, draws) is resolved inside, from the seed given to
``reset``, so the same seed and actions give the same game. Each observation is::

    {"observation": float32 vector in 0…1,  # the game's observation tensor for that seat
     "action_mask": int8 vector}            # 1 for the seat's legal action ids

built from that seat's view alone (``docs/observation-tensors.md`` names the tensor's fields).
Rewards come at the end: the winners share 1, everyone else gets 0. ``render()`` shows the
selected agent's view as text.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import mousehole

__all__ = ["env", "raw_env", "MouseholeEnv"]

# How many games in a row may end on chance alone before reset gives up (each such deal is
# not rare in the smallest Mouse Trap the tests use: 48 deals in 400).
_DEALS_BEFORE_GIVING_UP = 1000


def env(game, players=None, render_mode=None, **options):
    """The AEC environment of a game (a name or spec such as ``"mouse-race:size=9"``, or a
    ``mousehole.Game``), with PettingZoo's order checks around it."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, render_mode, **options))


def raw_env(game, players=None, render_mode=None, **options):
    """The environment without PettingZoo's wrappers."""
    if not isinstance(game, mousehole.Game):
        game = mousehole.load_game(game, players=players, **options)
    elif players is not None or options:
        raise ValueError("give the players and options in the game spec or in load_game, not both")
    return MouseholeEnv(game, render_mode=render_mode)


class MouseholeEnv(AECEnv):
    """One game of a mousehole game per episode, an agent per seat."""

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, game, render_mode=None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: choose one of {self.metadata['render_modes']}"
            )
        self.game = game
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"mousehole_{game.name().replace('-', '_')}_v0")
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players())]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        actions = game.num_distinct_actions()
        size = game.observation_tensor_size()
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.state_ = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def reset(self, seed=None, options=None):
        self._rng = np.random.default_rng(seed)
        # Chance alone can end a game before anyone decides (a small Mouse Trap's rolls may run
        # to its turn limit without a choice). Such a game has no step for any agent, and
        # PettingZoo's contract wants every agent alive after reset, so the environment deals
        # again from the same generator: still one episode per seed, now the first one with a
        # decision in it.
        for _ in range(_DEALS_BEFORE_GIVING_UP):
            self.state_ = self.game.new_initial_state()
            self._resolve_chance()
            if not self.state_.is_terminal():
                break
        else:
            raise mousehole.Error(
                f"{self.game} ended on chance alone in {_DEALS_BEFORE_GIVING_UP} deals in a row: "
                "no seat ever has a choice in this configuration"
            )
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._to_act()

    def _resolve_chance(self):
        """Plays chance events until a seat decides or the game ends, each drawn with the
        episode's random generator."""
        state = self.state_
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            ids = [outcome for outcome, _ in outcomes]
            probabilities = np.array([p for _, p in outcomes])
            state.apply_action(int(self._rng.choice(ids, p=probabilities / probabilities.sum())))

    def _to_act(self):
        player = self.state_.current_player()
        if player >= 0:
            return self.possible_agents[player]
        # Over: the agents left are stepped out one by one.
        return self.agents[0] if self.agents else None

    def observe(self, agent):
        seat = self._seats[agent]
        tensor = np.frombuffer(self.state_.observation_tensor_bytes(seat), dtype=np.float32)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self.state_.current_player() == seat:
            mask[self.state_.legal_actions(seat)] = 1
        return {"observation": tensor.copy(), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply_action(int(action), player=self._seats[agent])
        self._resolve_chance()
        if self.state_.is_terminal():
            self._end()
        else:
            for name in self.agents:
                self.rewards[name] = 0.0
        self._accumulate_rewards()
        self.agent_selection = self._to_act()
        if self.render_mode == "human":
            self.render()

    def _end(self):
        """The game is over: each agent's reward is its return, and every agent is terminated."""
        returns = self.state_.returns()
        for name in self.agents:
            self.rewards[name] = returns[self._seats[name]]
            self.terminations[name] = True

    def render(self):
        if self.render_mode is None:
            return None
        agent = self.agent_selection
        if agent is None:
            text = "The game is over."
        else:
            text = self.state_.observation_string(self._seats[agent])
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        pass
