"""The OpenSpiel-shaped API over every game: games and their numbers, states stepped by ids,
chance, text forms, clones, observations, returns, transcripts both ways."""

import json
import random
import subprocess

import pytest

import mousehole
from conftest import mousehole_binary, play_randomly, sample_chance


def test_the_games_are_listed_in_order():
    assert mousehole.games() == ["cheese-day", "moose-house", "mouse-trap", "mouse-race"]


def test_specs_players_and_options_load_one_game():
    by_spec = mousehole.load_game("mouse-race:players=3,size=9")
    by_keywords = mousehole.load_game("mouse-race", players=3, size=9)
    assert by_spec == by_keywords
    assert by_spec.num_players() == 3
    assert by_spec.options()["size"] == "9"
    assert by_spec.spec() == "mouse-race:max_turns=600,players=3,size=9,tiles=64/80/20"
    assert mousehole.load_game("cheese-day").num_players() == 3


def test_constants_are_openspiels():
    assert (mousehole.CHANCE, mousehole.TERMINAL) == (-1, -4)


def test_a_random_game_keeps_every_promise(name, rng):
    game = mousehole.load_game(name)
    actions, outcomes = game.num_distinct_actions(), game.max_chance_outcomes()
    size = game.observation_tensor_size()
    decisions = 0

    def visit(state):
        nonlocal decisions
        player = state.current_player()
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        if state.is_terminal():
            assert player == mousehole.TERMINAL and legal == []
            assert state.chance_outcomes() == []
        elif state.is_chance_node():
            assert player == mousehole.CHANCE
            chance = state.chance_outcomes()
            assert [outcome for outcome, _ in chance] == legal
            assert all(0 <= outcome < outcomes and p > 0 for outcome, p in chance)
            assert abs(sum(p for _, p in chance) - 1) < 1e-9
            for outcome in legal:
                text = state.action_to_string(mousehole.CHANCE, outcome)
                assert state.string_to_action(text) == outcome
        else:
            decisions += 1
            assert 0 <= player < game.num_players()
            assert all(0 <= action < actions for action in legal)
            mask = state.legal_actions_mask()
            assert len(mask) == actions and sum(mask) == len(legal)
            assert all(mask[action] == 1 for action in legal)
            for other in range(game.num_players()):
                if other != player:
                    assert state.legal_actions(other) == []
            for action in legal:
                text = state.action_to_string(player, action)
                assert state.action_to_string(action) == text
                assert state.string_to_action(player, text) == action
            assert state.returns() == [0.0] * game.num_players()
        for seat in range(game.num_players()):
            tensor = state.observation_tensor(seat)
            assert len(tensor) == size and all(0.0 <= v <= 1.0 for v in tensor)
            assert state.observation_string(seat)
            assert json.loads(state.observation_json(seat))["seat"] == seat

    state = play_randomly(game.new_initial_state(), rng, visit)
    returns = state.returns()
    assert abs(sum(returns) - 1) < 1e-9 and all(r >= 0 for r in returns)
    assert decisions <= game.max_game_length()
    assert len(state.history()) == state.move_number() == len(state.history_texts())


def test_a_clone_goes_its_own_way(name, rng):
    game = mousehole.load_game(name)
    state = game.new_initial_state()
    for _ in range(12):
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    before = str(state)
    play_randomly(copy, rng)
    assert str(state) == before and copy.is_terminal()
    import copy as copying

    assert str(copying.deepcopy(state)) == before


def test_history_replays_to_the_same_state(name, rng):
    game = mousehole.load_game(name)
    state = play_randomly(game.new_initial_state(), rng)
    again = game.new_initial_state()
    for player, text in state.history_texts():
        again.apply_action(again.string_to_action(text), player=player)
    assert str(again) == str(state) and again.returns() == state.returns()


def test_transcripts_go_both_ways(name, rng, tmp_path):
    game = mousehole.load_game(name)
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for unfinished in (state, play_randomly(state.clone(), rng)):
        text = unfinished.to_transcript()
        record = json.loads(text)
        assert record["format"] == "mousehole-transcript/1" and record["game"] == name
        back = mousehole.load_transcript(text)
        assert str(back) == str(unfinished) and back.history() == unfinished.history()
        path = tmp_path / "game.json"
        path.write_text(text)
        assert str(mousehole.load_transcript(str(path))) == str(unfinished)
        assert str(mousehole.load_transcript(path)) == str(unfinished)


def test_the_command_line_replays_a_transcript(name, rng, tmp_path):
    binary = mousehole_binary()
    if binary is None:
        pytest.skip("no mousehole binary (cargo xtask ci gives one in MOUSEHOLE_BIN)")
    state = play_randomly(mousehole.load_game(name).new_initial_state(), rng)
    path = tmp_path / "game.json"
    path.write_text(state.to_transcript(seats=["random"] * state.num_players(), seed=7))
    done = subprocess.run([binary, "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"game.json: ok: {name} seed 7, {len(state.history())} events" in done.stdout


def test_information_states_tell_seats_apart_and_keep_their_past(rng):
    game = mousehole.load_game("cheese-day")
    state = game.new_initial_state()
    while not state.is_player_node():
        state.apply_action(sample_chance(state, rng))
    seat = state.current_player()
    texts = [state.information_state_string(s) for s in range(3)]
    assert len(set(texts)) == 3
    assert texts[seat] == state.information_state_string()
    before = state.information_state_string(seat)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(seat).startswith(before.split("You are seat")[0])


def test_tensor_layout_names_the_fields(name):
    game = mousehole.load_game(name)
    layout = game.observation_tensor_layout()
    assert layout[0][0] == "seat"
    total = 0
    for field, shape, doc in layout:
        assert field and doc
        size = 1
        for dim in shape:
            size *= dim
        total += size
    assert total == game.observation_tensor_size() == game.observation_tensor_shape()[0]


def test_a_hidden_card_does_not_change_what_a_seat_sees():
    # Two Moose in the House deals differing only in seat 1's hand look the same to seat 0.
    game = mousehole.load_game("moose-house:players=2")
    first, second = game.new_initial_state(), game.new_initial_state()
    # The deal goes seat 0, seat 1, seat 0, … four rounds.
    for round in range(4):
        for state, theirs in ((first, "draw door"), (second, "draw moose:living")):
            state.apply_action(state.string_to_action("draw room:kitchen"))
            state.apply_action(state.string_to_action(theirs))
    assert first.observation_string(1) != second.observation_string(1)
    assert first.observation_string(0) == second.observation_string(0)
    assert first.observation_tensor(0) == second.observation_tensor(0)
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_string(1) != second.information_state_string(1)
