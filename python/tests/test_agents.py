"""The project's bots from Python (`mousehole.agent`) and matches with Python agents at seats
(`mousehole.play`), through the engine's one match driver."""

import json

import pytest

import mousehole
from conftest import GAMES, play_randomly, sample_chance

# Cheap agents that still reach every kind of bot: uniform, the heuristic and a level over it,
# flat Monte Carlo and ISMCTS with small budgets.
AGENTS = ["random", "heuristic", "easy", "mc:playouts=24", "ismcts:iterations=24"]


def test_an_agent_is_deterministic_for_its_seed(name, rng):
    game = mousehole.load_game(name)
    state = game.new_initial_state()
    while not state.is_player_node():
        state.apply_action(sample_chance(state, rng))
    for spec in AGENTS:
        first = mousehole.agent(spec, seed=11).step(state)
        assert first in state.legal_actions()
        assert mousehole.agent(spec, seed=11).step(state) == first
        assert mousehole.agent(spec, seed=11).step(state.clone(), player=state.current_player()) == first


def test_the_levels_play_from_python():
    state = mousehole.load_game("mouse-trap:players=2").new_initial_state()
    expert = mousehole.agent("expert", seed=3)
    assert expert.spec == "expert" and repr(expert) == "mousehole.agent('expert', seed=3)"
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(expert.step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("name", GAMES)
def test_an_agent_plays_at_a_state_what_it_plays_at_that_seat_of_a_match(name):
    # The same seed, agents and position give the same move whichever way it is asked.
    game = mousehole.load_game(name)
    specs = ["heuristic:mistakes=0.3", "mc:playouts=16"] + ["random"] * (game.num_players() - 2)
    seed = 5
    result = mousehole.play(game, specs, seed=seed)
    replayed = game.new_initial_state()
    bots = [mousehole.agent(spec, seed=seed) for spec in specs]
    checked = 0
    for player, text in result.state.history_texts():
        action = replayed.string_to_action(text)
        if player >= 0 and player < 2 and checked < 40:
            assert bots[player].step(replayed) == action, (player, text)
            checked += 1
        replayed.apply_action(action)
    assert checked > 0


class FirstLegal:
    """A Python agent: the lowest legal id, recording what it was shown."""

    name = "first-legal"

    def __init__(self):
        self.views = []
        self.started = None
        self.ended = None

    def new_game(self, seat, seed):
        self.started = (seat, seed)

    def act(self, view):
        self.views.append(
            (view.seat, view.legal_actions(), view.observation_string(), view.information_state_string())
        )
        assert len(view.observation_tensor()) == view.game.observation_tensor_size()
        return view.legal_actions()[0]

    def game_over(self, returns):
        self.ended = returns


def test_a_python_agent_sits_at_a_match(name):
    game = mousehole.load_game(name)
    mine = FirstLegal()
    seats = [mine] + ["random"] * (game.num_players() - 1)
    result = mousehole.play(game, seats, seed=9)
    # Told its seat and its own seed, drawn from the match's as every seat's is.
    again = FirstLegal()
    mousehole.play(game, [again] + seats[1:], seed=9)
    assert mine.started[0] == 0 and mine.started == again.started
    assert mine.ended == result.returns and sum(result.returns) == pytest.approx(1.0)
    # Mouse Trap asks a seat only to rob or at Turn Crank: a game may pass without either.
    assert mine.views or name == "mouse-trap"
    assert all(seat == 0 for seat, *_ in mine.views)
    record = json.loads(result.transcript)
    assert record["seats"][0] == "human:first-legal" and record["seats"][1] == "random"
    final = mousehole.load_transcript(result.transcript)
    assert str(final) == str(result.state)
    # What the agent was shown is what the state shows that seat at that point.
    replayed = game.new_initial_state()
    views = iter(mine.views)
    for player, text in result.state.history_texts():
        if player == 0:
            seat, legal, observation, information = next(views)
            assert legal == replayed.legal_actions()
            assert observation == replayed.observation_string(0)
            assert information == replayed.information_state_string(0)
        replayed.apply_action(replayed.string_to_action(text))


def test_the_same_seed_plays_the_same_match():
    first = mousehole.play("cheese-day", ["easy", "medium", "random"], seed=4)
    second = mousehole.play(mousehole.load_game("cheese-day"), ["easy", "medium", "random"], seed=4)
    assert first.transcript == second.transcript
    assert first.ranks and first.scores and len(first.returns) == 3


def test_a_mousehole_agent_object_is_a_seat():
    bot = mousehole.agent("heuristic", seed=1)
    result = mousehole.play("mouse-trap:players=2", [bot, "random"], seed=2)
    assert json.loads(result.transcript)["seats"] == ["heuristic", "random"]


def test_a_python_agents_exception_reaches_the_caller():
    class Broken:
        def act(self, view):
            raise RuntimeError("out of ideas")

    with pytest.raises(RuntimeError, match="out of ideas"):
        mousehole.play("cheese-day", [Broken(), "random", "random"])


def test_a_python_agents_illegal_choice_is_refused_in_words():
    class Stubborn:
        def act(self, view):
            return next(a for a in range(view.game.num_distinct_actions()) if a not in view.legal_actions())

    with pytest.raises(mousehole.IllegalActionError, match="seat 0 chose an illegal action"):
        mousehole.play("cheese-day", [Stubborn(), "random", "random"])

    class Chatty:
        def act(self, view):
            return "sing"

    with pytest.raises(mousehole.IllegalActionError, match="'sing' is not a cheese-day action"):
        mousehole.play("cheese-day", [Chatty(), "random", "random"])


def test_a_python_agent_may_answer_in_text():
    class Texts:
        def act(self, view):
            return view.action_to_string(view.legal_actions()[-1])

    result = mousehole.play("mouse-trap:players=2", [Texts(), "random"], seed=1)
    assert sum(result.returns) == pytest.approx(1.0)


def test_seats_that_cannot_play_from_python_are_refused():
    with pytest.raises(mousehole.AgentError, match="a person's seat"):
        mousehole.play("cheese-day", ["human", "random", "random"])
    with pytest.raises(TypeError, match="act\\(view\\)"):
        mousehole.play("cheese-day", [42, "random", "random"])
    with pytest.raises(ValueError, match="one seat per player: 2 for a 3-player game"):
        mousehole.play("cheese-day", ["random", "random"])
