"""Tournaments from Python (`mousehole.tournament`): the tournament crate's own runner, with the
project's bots and Python agent objects at its entries."""

import json
import random
import subprocess

import pytest

import mousehole
from conftest import GAMES, SMALL, mousehole_binary


class SeededRandom:
    """A Python agent that draws from the seed each game gives it: deterministic for a seed."""

    name = "seeded-random"

    def __init__(self):
        self.rng = random.Random(0)
        self.decisions = 0
        self.games = 0

    def new_game(self, seat, seed):
        self.rng = random.Random(seed)

    def act(self, view):
        self.decisions += 1
        return self.rng.choice(view.legal_actions())

    def game_over(self, returns):
        self.games += 1


def untimed(report):
    """The report without its wall-clock figures, the only ones that differ between runs."""
    report = dict(report)
    report.pop("timing")
    report["agents"] = [
        {key: value for key, value in agent.items() if "ms_per_decision" not in key}
        for agent in report["agents"]
    ]
    return report


@pytest.mark.parametrize("name", GAMES)
def test_a_python_agent_plays_a_tournament(name):
    game = mousehole.load_game(SMALL[name])
    mine = SeededRandom()
    entries = [mine, "heuristic"] + ["random"] * (game.num_players() - 2)
    result = mousehole.tournament(game, entries, games=12, seed=3, threads=1, transcripts=True)
    report = result.report
    assert report["format"] == "mousehole-tournament-report/1"
    assert report["game"] == game.spec() and report["seed"] == 3
    # Whole deals: every entry in every seat of each deal.
    players = game.num_players()
    assert report["games_played"] == len(result.transcripts) >= 12
    assert report["games_played"] % players == 0
    agents = report["agents"]
    assert [agent["spec"] for agent in agents[:2]] == ["human:seeded-random", "heuristic"]
    assert all(agent["games"] == report["games_played"] for agent in agents)
    assert agents[0]["decisions"] == mine.decisions
    assert mine.games == report["games_played"]
    # The returns of every game add up to 1, so the mean returns do too (per game, summed).
    assert sum(agent["mean_return"] for agent in agents) == pytest.approx(1.0)
    # Each game's transcript replays, the Python agent seated under its name.
    for line in result.transcripts:
        record = json.loads(line)
        assert "human:seeded-random" in record["seats"]
        state = mousehole.load_transcript(line)
        assert state.is_terminal()
    assert result.text.startswith("tournament: ") and "seeded-random" in str(result)
    assert json.loads(result.json) == report


def test_a_tournament_is_the_same_for_a_seed_whatever_the_threads():
    game = "mouse-race:players=2,size=7,max_turns=30"
    runs = [
        mousehole.tournament(
            game,
            [SeededRandom(), "mc:playouts=8", "heuristic"],
            games=18,
            seed=7,
            threads=threads,
            transcripts=True,
        )
        for threads in (1, 2, 3)
    ]
    for run in runs[1:]:
        assert untimed(run.report) == untimed(runs[0].report)
        assert run.transcripts == runs[0].transcripts
    other = mousehole.tournament(
        game, [SeededRandom(), "mc:playouts=8", "heuristic"], games=18, seed=8, threads=2, transcripts=True
    )
    assert other.transcripts != runs[0].transcripts
    # Three entries at two-seat tables: every pair meets.
    assert runs[0].report["tables"] == 3 and len(runs[0].report["head_to_head"]) == 6


def test_a_python_agent_is_copied_into_each_thread():
    mine = SeededRandom()
    result = mousehole.tournament("mouse-trap:players=2", [mine, "random"], games=8, seed=1, threads=2)
    # The copies played; the object given is as it was.
    assert result.report["agents"][0]["games"] == 8
    assert mine.games == 0 and mine.decisions == 0


def test_the_report_is_the_command_lines(tmp_path):
    binary = mousehole_binary()
    if binary is None:
        pytest.skip("no mousehole binary (build the workspace or set MOUSEHOLE_BIN)")
    agents = ["heuristic", "random", "mc:playouts=8"]
    ours = mousehole.tournament("cheese-day:players=3", agents, games=9, seed=5, threads=2)
    report = tmp_path / "report.json"
    subprocess.run(
        [binary, "tournament", "--game", "cheese-day:players=3", "--agents", ",".join(agents),
         "--games", "9", "--seed", "5", "--jobs", "1", "--json", str(report), "--quiet"],
        check=True,
        capture_output=True,
    )
    assert untimed(json.loads(report.read_text())) == untimed(ours.report)


def test_mousehole_agent_objects_are_entries():
    bot = mousehole.agent("heuristic", seed=99)
    result = mousehole.tournament("moose-house:players=2", [bot, "random"], games=4, seed=2, threads=1)
    assert [agent["spec"] for agent in result.report["agents"]] == ["heuristic", "random"]


def test_a_python_agents_exception_stops_the_tournament():
    class Broken:
        def act(self, view):
            raise RuntimeError("out of ideas")

    for threads in (1, 2):
        with pytest.raises(RuntimeError, match="out of ideas"):
            mousehole.tournament("cheese-day", [Broken(), "random", "random"], games=30, threads=threads)


def test_a_python_agents_illegal_choice_is_refused_in_words():
    class Stubborn:
        def act(self, view):
            legal = view.legal_actions()
            return next(a for a in range(view.game.num_distinct_actions()) if a not in legal)

    with pytest.raises(mousehole.IllegalActionError, match="seat [0-2] chose an illegal action: illegal action .* is not a legal choice for seat [0-2] here; legal here: "):
        mousehole.tournament("cheese-day", [Stubborn(), "random", "random"], games=3, threads=1)


def test_a_tournament_that_cannot_be_played_is_refused_in_words():
    with pytest.raises(ValueError, match="a table needs 3 agents, but 2 were given"):
        mousehole.tournament("cheese-day:players=3", ["random", "random"], games=3)
    with pytest.raises(ValueError, match="the number of games must be at least 1"):
        mousehole.tournament("cheese-day", ["random"] * 3, games=0)
    with pytest.raises(ValueError, match="threads must be at least 1"):
        mousehole.tournament("cheese-day", ["random"] * 3, games=3, threads=0)
    with pytest.raises(ValueError, match="as a list"):
        mousehole.tournament("cheese-day", "random,random,random", games=3)
    with pytest.raises(mousehole.AgentError, match="a person's seat"):
        mousehole.tournament("cheese-day", ["human", "random", "random"], games=3)
    with pytest.raises(mousehole.AgentError):
        mousehole.tournament("cheese-day", ["no-such-bot", "random", "random"], games=3)
    with pytest.raises(mousehole.SpecError):
        mousehole.tournament("chess", ["random", "random"], games=3)
    with pytest.raises(TypeError, match="act\\(view\\)"):
        mousehole.tournament("cheese-day", [42, "random", "random"], games=3)

    class Uncopyable(SeededRandom):
        def __deepcopy__(self, memo):
            raise TypeError("no copies of me")

    with pytest.raises(mousehole.AgentError, match="cannot be copied .*give threads=1"):
        mousehole.tournament("cheese-day", [Uncopyable(), "random", "random"], games=3, threads=2)
    # With one thread the object itself sits.
    mousehole.tournament("cheese-day", [Uncopyable(), "random", "random"], games=3, threads=1)
