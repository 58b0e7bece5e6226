"""Mistakes raise Python exceptions (ValueError subclasses, mousehole.Error) with the command
line's plain words; nothing crashes the interpreter and a refused action changes nothing."""

import subprocess

import pytest

import mousehole
from conftest import mousehole_binary, play_randomly, sample_chance


def cli_error(*args):
    """What the command line says is wrong (its `error: …` line), or None without a binary."""
    binary = mousehole_binary()
    if binary is None:
        return None
    done = subprocess.run([binary, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.startswith("error: ")]
    return lines[0][len("error: ") :] if lines else done.stderr


def test_errors_are_value_errors():
    for error in (
        mousehole.SpecError,
        mousehole.IllegalActionError,
        mousehole.AgentError,
        mousehole.TranscriptError,
    ):
        assert issubclass(error, mousehole.Error) and issubclass(error, ValueError)


@pytest.mark.parametrize(
    "spec, message",
    [
        (
            "nogame",
            "unknown game 'nogame'; the games are: cheese-day, moose-house, mouse-trap, mouse-race",
        ),
        (
            "cheese-day:players=9",
            "bad value '9' for option 'players' of cheese-day: expected a number of players from 2 to 6",
        ),
        ("mouse-race:colour=red", None),
    ],
)
def test_a_bad_spec_says_what_the_command_line_says(spec, message):
    with pytest.raises(mousehole.SpecError) as raised:
        mousehole.load_game(spec)
    if message is not None:
        assert str(raised.value) == message
    from_cli = cli_error("play", spec, "--seats", "random,random")
    if from_cli is not None:
        assert str(raised.value) == from_cli


def test_options_given_twice_are_refused():
    with pytest.raises(mousehole.SpecError, match="given twice"):
        mousehole.load_game("cheese-day:players=3", players=4)


def dealt(rng):
    state = mousehole.load_game("cheese-day").new_initial_state()
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state


def test_an_id_outside_the_space_is_refused_in_words(rng):
    state = dealt(rng)
    before = str(state)
    for action in (18, -1, 10**12):
        with pytest.raises(mousehole.IllegalActionError) as raised:
            state.apply_action(action)
        assert f"{action} is not a decision id of cheese-day" in str(raised.value)
        assert "they run from 0 to 17" in str(raised.value)
    assert str(state) == before


def test_an_illegal_action_is_refused_with_the_legal_ones(rng):
    state = dealt(rng)
    legal = state.legal_actions()
    illegal = next(action for action in range(18) if action not in legal)
    before = str(state)
    with pytest.raises(mousehole.IllegalActionError) as raised:
        state.apply_action(illegal)
    message = str(raised.value)
    text = state.action_to_string(illegal)
    assert message.startswith(f"illegal action '{text}': it is not a legal choice for seat 0 here")
    assert f"{state.action_to_string(legal[0])} ({legal[0]})" in message
    assert str(state) == before


def test_acting_for_the_wrong_player_is_refused(rng):
    state = dealt(rng)
    seat = state.current_player()
    action = state.legal_actions()[0]
    with pytest.raises(mousehole.IllegalActionError, match=f"seat {seat} decides here, not seat 1"):
        state.apply_action(action, player=1)
    with pytest.raises(mousehole.IllegalActionError, match=f"seat {seat} decides here, not chance"):
        state.apply_action(action, player=mousehole.CHANCE)
    with pytest.raises(ValueError, match="player 7 is not in this 3-player game"):
        state.apply_action(action, player=7)
    state.apply_action(action, player=seat)


def test_a_finished_game_refuses_every_action(rng):
    state = play_randomly(mousehole.load_game("mouse-trap").new_initial_state(), rng)
    with pytest.raises(mousehole.IllegalActionError, match="the game is over; legal here: none"):
        state.apply_action(0)


def test_text_that_is_no_action_is_refused(rng):
    state = dealt(rng)
    with pytest.raises(mousehole.IllegalActionError, match="'fly away' is not a cheese-day action"):
        state.string_to_action("fly away")
    race = mousehole.load_game("mouse-race:size=7").new_initial_state()
    with pytest.raises(mousehole.IllegalActionError, match="'cat u21' is no action of"):
        race.string_to_action("cat u21")


def test_seats_out_of_range_are_value_errors(rng):
    state = dealt(rng)
    with pytest.raises(ValueError, match="player 3 is not in this 3-player game"):
        state.observation_tensor(3)
    with pytest.raises(ValueError):
        state.observation_string(-2)
    chance = mousehole.load_game("cheese-day").new_initial_state()
    with pytest.raises(ValueError, match="chance acts here"):
        chance.observation_string()


def test_bad_agents_are_refused_in_words():
    with pytest.raises(mousehole.AgentError) as raised:
        mousehole.agent("grandmaster")
    assert str(raised.value).startswith("unknown agent 'grandmaster'; the agents are: random")
    with pytest.raises(mousehole.AgentError, match="bad value '0' for 'playouts'"):
        mousehole.agent("mc:playouts=0")
    with pytest.raises(mousehole.AgentError, match="runs a program"):
        mousehole.agent("exec:python3 bot.py")
    with pytest.raises(mousehole.AgentError, match="a person's seat"):
        mousehole.agent("human")


def test_an_agent_is_asked_only_at_decisions(rng):
    bot = mousehole.agent("random", seed=1)
    chance = mousehole.load_game("cheese-day").new_initial_state()
    with pytest.raises(mousehole.IllegalActionError, match="a chance event is due here"):
        bot.step(chance)
    state = dealt(rng)
    with pytest.raises(mousehole.IllegalActionError, match="seat 0 decides here, not seat 2"):
        bot.step(state, player=2)


def test_bad_transcripts_are_refused_in_words(tmp_path):
    with pytest.raises(mousehole.TranscriptError):
        mousehole.load_transcript('{"format": "nope"}')
    with pytest.raises(mousehole.TranscriptError, match="cannot read"):
        mousehole.load_transcript(str(tmp_path / "missing.json"))
    state = mousehole.load_game("mouse-trap").new_initial_state()
    state.apply_action(2)
    record = state.to_transcript().replace('"roll 3"', '"roll 9"')
    with pytest.raises(mousehole.TranscriptError, match="event 1"):
        mousehole.load_transcript(record)
    with pytest.raises(ValueError, match="one seat label per seat"):
        state.to_transcript(seats=["random"])
