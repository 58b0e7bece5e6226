"""The four games inside OpenSpiel.

Importing this module registers every mousehole game with ``pyspiel.register_game`` under the
name ``mousehole_<game>`` (``mousehole_cheese_day``, ``mousehole_moose_house``,
``mousehole_mouse_trap``, ``mousehole_mouse_race``), with the game's options as OpenSpiel
parameters, so OpenSpiel's own algorithms and tests run on them unchanged::

    import pyspiel
    import mousehole.openspiel

    game = pyspiel.load_game("mousehole_mouse_race(players=3,size=9)")
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)

Each OpenSpiel state holds a native mousehole state: the rules run in Rust; OpenSpiel's Python
game layer adds its own bookkeeping around every call. Actions and chance outcomes are the
games' ids (``docs/observation-tensors.md``); the observation tensor is the game's, its fields
named in the observer's ``dict``; information states are strings (every event as the seat saw
it, then what it may know now).
"""

import numpy as np
import pyspiel

import mousehole

__all__ = ["MouseholeGame", "MouseholeState", "MouseholeObserver", "openspiel_name", "GAMES"]


def openspiel_name(game):
    """The name a mousehole game is registered under (``mousehole_cheese_day``)."""
    return "mousehole_" + game.replace("-", "_")


def _parameter(default):
    """An option's default as an OpenSpiel parameter: whole numbers as ints, the rest text."""
    return int(default) if default.isdigit() else default


class MouseholeState(pyspiel.State):
    """An OpenSpiel state over a native ``mousehole.State``."""

    def __init__(self, game, native):
        super().__init__(game)
        self.native = native

    def current_player(self):
        return self.native.current_player()

    def _legal_actions(self, player):
        return self.native.legal_actions(player)

    def chance_outcomes(self):
        return self.native.chance_outcomes()

    def _apply_action(self, action):
        self.native.apply_action(action)

    def _action_to_string(self, player, action):
        return self.native.action_to_string(player, action)

    def is_terminal(self):
        return self.native.is_terminal()

    def returns(self):
        return self.native.returns()

    def rewards(self):
        return self.native.rewards()

    def __str__(self):
        return str(self.native)


class MouseholeObserver:
    """OpenSpiel's Python observer: the observation tensor with its named fields, and the
    observation or information state string."""

    def __init__(self, native_game, iig_obs_type, params):
        if params:
            raise ValueError(f"mousehole observers take no parameters; got {params}")
        self.perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if self.perfect_recall:
            # Information states are strings only (no information state tensor).
            self.tensor = np.zeros(0, np.float32)
            self.dict = {}
            return
        self.tensor = np.zeros(native_game.observation_tensor_size(), np.float32)
        self.dict = {}
        at = 0
        for name, shape, _ in native_game.observation_tensor_layout():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state, player):
        if self.perfect_recall:
            return
        values = np.frombuffer(state.native.observation_tensor_bytes(player), dtype=np.float32)
        self.tensor[:] = values

    def string_from(self, state, player):
        if self.perfect_recall:
            return state.native.information_state_string(player)
        return state.native.observation_string(player)


class MouseholeGame(pyspiel.Game):
    """An OpenSpiel game over a native ``mousehole.Game``."""

    game_type = None

    def __init__(self, params=None):
        params = dict(params or {})
        options = {key: str(value) for key, value in params.items()}
        self.native = mousehole.load_game(self.mousehole_name, **options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.native.num_distinct_actions(),
            max_chance_outcomes=self.native.max_chance_outcomes(),
            num_players=self.native.num_players(),
            min_utility=self.native.min_utility(),
            max_utility=self.native.max_utility(),
            utility_sum=self.native.utility_sum(),
            max_game_length=self.native.max_game_length(),
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self):
        return MouseholeState(self, self.native.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None):
        return MouseholeObserver(self.native, iig_obs_type, params)


def _register(name):
    description = mousehole.describe(name)
    default = mousehole.load_game(name)
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if default.perfect_information()
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    game_type = pyspiel.GameType(
        short_name=openspiel_name(name),
        long_name=f"mousehole {description['title']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=description["max_players"],
        min_num_players=description["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            option["key"]: _parameter(option["default"]) for option in description["options"]
        },
    )
    cls = type(
        "Mousehole" + "".join(part.title() for part in name.split("-")),
        (MouseholeGame,),
        {"game_type": game_type, "mousehole_name": name},
    )
    if openspiel_name(name) not in pyspiel.registered_names():
        pyspiel.register_game(game_type, cls)
    return cls


#: The registered game classes, by mousehole name.
GAMES = {name: _register(name) for name in mousehole.games()}
