"""mousehole: four family games of chance and hidden information at native speed.

The games' rules and the project's bots are Rust; this package puts them behind an API shaped
like OpenSpiel's (``load_game``, ``new_initial_state``, ``legal_actions``, ``apply_action``,
``chance_outcomes``, observations as text and tensors, ``returns``), registers them with
OpenSpiel (``import mousehole.openspiel``) and offers them as PettingZoo environments
(``mousehole.pettingzoo.env``)::

    import mousehole
    game = mousehole.load_game("cheese-day", players=3)
    state = game.new_initial_state()

See the package's README for more.
"""

from mousehole._native import (
    CHANCE,
    TERMINAL,
    Agent,
    AgentError,
    Error,
    Game,
    IllegalActionError,
    PlayResult,
    SeatView,
    SpecError,
    State,
    TournamentResult,
    TranscriptError,
    agent,
    describe,
    games,
    load_game,
    load_transcript,
    play,
    tournament,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "AgentError",
    "Error",
    "Game",
    "IllegalActionError",
    "PlayResult",
    "SeatView",
    "SpecError",
    "State",
    "TournamentResult",
    "TranscriptError",
    "agent",
    "describe",
    "games",
    "load_game",
    "load_transcript",
    "play",
    "tournament",
]
