//! The game contract: the `Game` trait every game implements, and the small types around it.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{BrokenInvariant, IllegalAction, IllegalReason, ParseActionError};
use crate::listing::{Contains, Count, Listing, Nth, RandomPick};
use crate::options::GameConfig;
use crate::outcome::{HowItEnded, Outcome};
use crate::rng::GameRng;
pub use crate::turn::{Actor, ToMove};

/// What every game's action type provides: a small `Copy` value whose `Display` is the
/// normative text form and whose `FromStr` parses it back.
pub trait GameAction:
    Copy
    + Eq
    + Hash
    + Debug
    + Display
    + FromStr<Err = ParseActionError>
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
}

impl<T> GameAction for T where
    T: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + FromStr<Err = ParseActionError>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static
{
}

/// A game, implemented by its state type.
///
/// A state is a plain value: cheap to clone, serde-serialisable, never holding an RNG. The
/// required methods state the rules once: [`Game::legal_actions`], [`Game::chance_outcomes`]
/// and [`Game::apply_unchecked`] what may happen and what it does, [`Game::rank_key`] who wins.
/// The provided ones build checked application, legality tests, sampling, outcomes and
/// returns on top of them, and games do not override them (a second statement of a rule
/// would have to be kept in step with the first), with one exception: a game may draw
/// [`Game::sample_chance`] without listing the outcomes where a level's search measurably
/// gains from it, in its `playout.rs`, beside a test that the draws are the listed ones.
/// The lists are written into a [`Listing`], which need not be a list: the legality test
/// looks for an action as the rules list it, allocating nothing.
///
/// Chance outcomes and player decisions share the `Action` type, so one text form covers
/// every event of a transcript (`roll 3`, `draw 4T`, `take 2`).
pub trait Game:
    Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// Validated options of a game (player count and variants). Its option table,
    /// [`GameConfig::description`], is the one place a game's name, description and options are
    /// written.
    type Config: GameConfig;
    /// Chance outcomes and player decisions, in the spec's text forms.
    type Action: GameAction;
    /// Everything one seat may know, and nothing more. Its JSON is a public contract (bots in
    /// any language read it), described by its JSON Schema (`mousehole schema GAME`).
    type Observation: Clone
        + Debug
        + PartialEq
        + Display
        + Serialize
        + DeserializeOwned
        + schemars::JsonSchema
        + Send
        + Sync
        + 'static;
    /// What one seat sees of one event: the event itself where it is public, a redacted form
    /// where it is not (`draw 4?`). `Display` is the text form logs, the external-agent
    /// protocol's `events` and seat-view transcripts show.
    /// `FromStr` reads the text form back (a networked client is sent only texts).
    type EventView: Clone
        + Debug
        + PartialEq
        + Eq
        + Display
        + FromStr<Err = ParseActionError>
        + Send
        + Sync
        + 'static;
    /// What a finished game ranks seats by: see [`Game::rank_key`].
    type RankKey: Ord;

    /// Whether [`Game::sample_legal`] picks by counting the legal actions and taking the
    /// drawn one as they are listed ([`RandomPick`]: one pass over the rules, keeping
    /// nothing, which draws when the game says the list's length, [`Listing::will_list`], and
    /// takes the drawn action from a run counted at once without going through it) rather
    /// than by listing them all: for a game that lists its actions in runs it knows the
    /// length of (bits counted at once). Such a game says the length before listing anything,
    /// at every decision that is not a [prepared table](Game::legal_table). The same pick
    /// either way ([`crate::conformance::legal_draws_agree`], checked at every decision). Its
    /// chance outcomes are listed as any game's, unless it draws them its own way
    /// ([`Game::sample_chance`]).
    const PICKS_BY_COUNTING: bool = false;

    /// The initial state for a configuration (often a chance node: the deal).
    fn new(config: &Self::Config) -> Self;

    /// The configuration this state was created with.
    fn config(&self) -> &Self::Config;

    /// Who decides next.
    fn to_move(&self) -> ToMove;

    /// Writes the legal player actions, in a stable order, into `out` (cleared first): a
    /// `Vec`, or a [`Listing`] that takes only what its caller needs.
    /// Empty unless [`Game::to_move`] is [`ToMove::Player`].
    fn legal_actions(&self, out: &mut impl Listing<Self::Action>);

    /// The legal actions when this decision's list is a table prepared once for the whole
    /// program (the choices for a few flags), or `None` when it is not one or no seat is to
    /// move. A game whose decisions are often such a table states them here and lists the
    /// table in [`Game::legal_actions`]; [`Game::sample_legal`] then indexes it at once, with
    /// no listing at all (the conformance suite checks at every decision that the table is
    /// the list).
    #[inline]
    fn legal_table(&self) -> Option<&'static [Self::Action]> {
        None
    }

    /// Writes the possible chance outcomes with positive integer weights into `out` (cleared
    /// first; a `Vec` or another [`Listing`]); an outcome's probability is its weight over the
    /// sum. Empty unless [`Game::to_move`] is [`ToMove::Chance`]. Outcomes of probability 0
    /// are never listed.
    fn chance_outcomes(&self, out: &mut impl Listing<(Self::Action, u32)>);

    /// Applies an action already known to be legal (a listed legal action or chance outcome):
    /// with [`Game::legal_actions`] and [`Game::chance_outcomes`], the one statement of the
    /// rules. Playouts call it directly; anything else should call [`Game::apply`], which
    /// checks the action against those lists first.
    fn apply_unchecked(&mut self, action: Self::Action);

    /// What `seat` may know now.
    fn observation(&self, seat: usize) -> Self::Observation;

    /// What everyone at the table sees, from `observation`, one seat's: the face-up cards,
    /// boards and counts of hidden things, with everything only that seat knows taken out (its
    /// hand, its peeks, the kind of the tile it holds), marked `"public": true` and naming no
    /// seat as "you". Built from any seat's observation of a state it is the same (the
    /// conformance suite checks it), so it holds nothing that some seat cannot see: a
    /// spectator is shown this. Given a public view it returns it unchanged.
    fn public_view(observation: &Self::Observation) -> Self::Observation;

    /// What everyone at the table sees of `action`, about to be applied at this state: the
    /// view the seats who see least of it share (`draw ?` for a card drawn into a hand). The
    /// event a spectator is shown, read with [`Game::public_view`]s by [`Game::event_note`].
    fn public_event_view(&self, action: &Self::Action) -> Self::EventView;

    /// How a finished game ended and how each seat's score was made, in words, from one
    /// observation of the finished game (a seat's, or a [`Game::public_view`]) and the outcome,
    /// the seats called by `names` (`you`, `seat 1 (bob)`): what a seat or a spectator is told
    /// at the end, which cannot say more than that observation's reader may know. `None` when
    /// the observation is not of a finished game (the match was stopped, or a seat forfeited).
    fn ending(
        observation: &Self::Observation,
        outcome: &Outcome,
        names: &[String],
    ) -> Option<HowItEnded>;

    /// The public view of this state ([`Game::public_view`] of seat 0's observation: every
    /// seat's gives the same).
    fn public_observation(&self) -> Self::Observation {
        Self::public_view(&self.observation(0))
    }

    /// Samples a full state consistent with an observation: the seat's own knowledge is kept
    /// and everything it cannot know is drawn at random from what the rules still allow.
    fn determinize(observation: &Self::Observation, rng: &mut GameRng) -> Self;

    /// Changes, at random, what `seat` cannot know, working from the true state rather than
    /// the observation. The leak tests use it: the seat's observation must not change.
    /// Games of perfect information return a clone.
    fn resample_hidden(&self, seat: usize, rng: &mut GameRng) -> Self;

    /// Once the game is over, where `seat` places: a key per seat, greater is better, and
    /// seats with equal keys share the place (the spec's ranking with its tie-breaks, written
    /// once: [`Game::outcome`] and [`Game::returns_into`] both rank by it).
    fn rank_key(&self, seat: usize) -> Self::RankKey;

    /// Once the game is over, `seat`'s score as the spec reports it (holes, moose, cheese,
    /// distance): for information, the ranking is [`Game::rank_key`]'s.
    fn final_score(&self, seat: usize) -> i64;

    /// Ranks, scores and returns once the game is over; `None` before. Competition ranks by
    /// [`Game::rank_key`] ([`Outcome::ranked`]).
    fn outcome(&self) -> Option<Outcome> {
        if !self.is_terminal() {
            return None;
        }
        let seats = 0..self.num_players();
        let keys: Vec<Self::RankKey> = seats.clone().map(|seat| self.rank_key(seat)).collect();
        let scores = seats.map(|seat| self.final_score(seat)).collect();
        Some(Outcome::ranked(&keys, scores))
    }

    /// What `seat` sees of `action`, which is about to be applied at this state (a chance
    /// outcome or a decision, by anyone). Exactly as the game's spec says ("What each seat sees
    /// of an event").
    fn event_view(&self, seat: usize, action: &Self::Action) -> Self::EventView;

    /// A short readable note for the seat whose observations these are, on an event it saw
    /// as `view` (made by `actor`): built only from what that seat sees, so it cannot leak
    /// (`take 3 → trap (5 holes)`, for the peeker `peek 2 → you see cheese`). `before` and
    /// `after` are its observations just before and after the event.
    fn event_note(
        before: &Self::Observation,
        actor: Actor,
        view: &Self::EventView,
        after: &Self::Observation,
    ) -> Option<String>;

    /// How `action`, one of the observing seat's legal actions, reads for a person choosing
    /// it, from that seat's observation only (`take 3` → `take slot 3 (4 holes) unseen`).
    fn choice_label(observation: &Self::Observation, action: &Self::Action) -> String {
        let _ = observation;
        action.to_string()
    }

    /// The returns per seat of a finished game, into `out` (cleared first; left empty before
    /// the end): what searches back up after every playout. The returns of [`Game::outcome`],
    /// from the same rank keys, without building the ranks and scores.
    fn returns_into(&self, out: &mut Vec<f64>) {
        out.clear();
        if self.is_terminal() {
            crate::outcome::returns_by_key(self.num_players(), |seat| self.rank_key(seat), out);
        }
    }

    /// Checks the spec's conservation rules.
    ///
    /// # Errors
    /// The broken invariant.
    fn check_invariants(&self) -> Result<(), BrokenInvariant> {
        Ok(())
    }

    /// A short note on what `action` does here, for readable full transcripts (`cheese (4
    /// holes)`), from the true state: it may say what no seat knows, so it is for transcripts
    /// of finished games and tests, never for a person or agent still playing.
    /// Called on the state before the action is applied.
    fn describe(&self, action: &Self::Action) -> Option<String> {
        let _ = action;
        None
    }

    /// Number of seats.
    fn num_players(&self) -> usize {
        self.config().players()
    }

    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.to_move() == ToMove::Terminal
    }

    /// Whether `action` may be applied now (a legal decision, or a chance outcome of positive
    /// probability at a chance node). Looks for it as the rules list them, allocating nothing.
    fn is_legal(&self, action: &Self::Action) -> bool {
        let mut contains = Contains::new(*action);
        match self.to_move() {
            ToMove::Terminal => return false,
            ToMove::Chance => self.chance_outcomes(&mut contains),
            ToMove::Player(_) => self.legal_actions(&mut contains),
        }
        contains.found()
    }

    /// The legal actions as text, or the chance outcomes at a chance node.
    fn legal_texts(&self) -> Vec<String> {
        match self.to_move() {
            ToMove::Terminal => Vec::new(),
            ToMove::Chance => {
                let mut outcomes = Vec::new();
                self.chance_outcomes(&mut outcomes);
                outcomes.iter().map(|(a, _)| a.to_string()).collect()
            }
            ToMove::Player(_) => {
                let mut legal = Vec::new();
                self.legal_actions(&mut legal);
                legal.iter().map(ToString::to_string).collect()
            }
        }
    }

    /// Applies `action` if it is legal.
    ///
    /// # Errors
    /// [`IllegalAction`] (naming the action, why, and the legal set) when it is not; the state
    /// is then unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<(), IllegalAction> {
        if self.is_legal(&action) {
            self.apply_unchecked(action);
            Ok(())
        } else {
            Err(IllegalAction {
                action: action.to_string(),
                reason: IllegalReason::at(self.to_move()),
                legal: self.legal_texts(),
            })
        }
    }

    /// Samples a chance outcome with `rng`, proportionally to the weights: one draw below the
    /// weights' total, the outcome whose share of the listed order it falls in
    /// ([`crate::rng::sample_weighted`]). `buffer` is scratch space for the list, reused to
    /// avoid allocating. Returns `None` unless this is a chance node.
    ///
    /// Every playout draws chance here. A game whose levels' searches measurably gain from it
    /// may draw without the list, with the same numbers from `rng` and the same outcome for
    /// them ([`crate::conformance::chance_draws_agree`], which the conformance suite checks at
    /// every chance node).
    fn sample_chance(
        &self,
        rng: &mut GameRng,
        buffer: &mut Vec<(Self::Action, u32)>,
    ) -> Option<Self::Action> {
        self.chance_outcomes(buffer);
        crate::rng::sample_weighted(buffer, rng)
    }

    /// How many legal actions [`Game::legal_actions`] lists, without a list.
    #[inline]
    fn legal_count(&self) -> usize {
        let mut count = Count::default();
        self.legal_actions(&mut count);
        count.count()
    }

    /// The legal action at `index` of the [`Game::legal_actions`] list, without a list; `None`
    /// past its end.
    #[inline]
    fn nth_legal(&self, index: usize) -> Option<Self::Action> {
        let mut nth = Nth::new(index);
        self.legal_actions(&mut nth);
        nth.found()
    }

    /// Picks one of the legal actions uniformly at random with `rng`: the action at index
    /// `below(rng, n)` of the [`Game::legal_actions`] list of `n` actions (what the random
    /// agent and random playouts play). `buffer` is scratch space for the list, reused to
    /// avoid allocating. Returns `None` unless a seat is to move. A game that
    /// [picks by counting](Game::PICKS_BY_COUNTING) counts and indexes instead, drawing the
    /// same number, and leaves `buffer` alone.
    #[allow(
        clippy::inline_always,
        reason = "every decision of every random playout and search rollout: the release CLI \
                  otherwise keeps Mouse Race's a call in the benchmark's loop, measured \
                  211,920 -> 190,382 instructions per random game (callgrind, issue 42)"
    )]
    #[inline(always)]
    fn sample_legal(
        &self,
        rng: &mut GameRng,
        buffer: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        if let Some(table) = self.legal_table() {
            return (!table.is_empty()).then(|| crate::rng::uniform(table, rng));
        }
        if Self::PICKS_BY_COUNTING {
            let mut pick = RandomPick::new(rng);
            self.legal_actions(&mut pick);
            return pick.picked();
        }
        self.legal_actions(buffer);
        if buffer.is_empty() {
            return None;
        }
        Some(crate::rng::uniform(buffer, rng))
    }
}
