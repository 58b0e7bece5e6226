//! The mousehole rules engine: the [`Game`] contract, the four games, transcripts, the game
//! registry and the match runner.
//!
//! A game is a plain state value with explicit chance nodes, per-seat observations and typed
//! actions whose text forms are the ones people type and transcripts record.
//!
//! # Examples
//!
//! Play a seeded game of Cheese Day to the end between random seats, through the one match
//! driver every front end uses ([`Match::run`]; a front end adds its [`Table`] with
//! [`Match::drive`], or steps from its own event loop with [`Match::step`]), and replay its
//! transcript:
//!
//! ```
//! use mousehole_engine::games::cheese_day::CheeseDay;
//! use mousehole_engine::playout::RandomSeat;
//! use mousehole_engine::{Game, GameSpec, Match, MatchEnd, Transcript};
//!
//! let spec: GameSpec = "cheese-day:players=3".parse()?;
//! let game = spec.build()?;
//! assert_eq!(game.players(), 3);
//!
//! let config = spec.config::<CheeseDay>()?;
//! let mut game = Match::<CheeseDay>::new(&config, 7);
//! let mut seats = vec![RandomSeat::default(); 3];
//! let MatchEnd::Finished(outcome) = game.run(&mut seats) else {
//!     panic!("random seats play to the end");
//! };
//! assert_eq!(outcome.ranks.len(), 3);
//!
//! let transcript = Transcript::from_match(&game, vec!["first".into(); 3]);
//! let report = transcript.replay()?;
//! assert!(report.outcome.unwrap().matches(&outcome));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod conformance;
pub mod encoding;
pub mod erased;
pub mod error;
pub mod game;
pub mod games;
pub mod listing;
pub mod naming;
pub mod options;
pub mod outcome;
pub mod playout;
pub mod registry;
pub mod replay;
pub mod rng;
pub mod runner;
pub mod testing;
pub mod text;
pub mod transcript;
pub mod turn;
pub mod words;

pub use erased::{DynGame, DynState};
pub use error::{
    ActionError, BrokenInvariant, IllegalAction, IllegalReason, OptionError, ParseActionError,
    SpecError,
};
pub use game::{Actor, Game, GameAction, ToMove};
pub use listing::Listing;
pub use options::{GameConfig, GameDescription, OptionDescription, Options};
pub use outcome::{HowItEnded, Outcome};
pub use registry::{GameSpec, GameVisitor};
pub use rng::GameRng;
pub use runner::{
    ActionEstimate, Budget, Decision, DecisionInfo, DecisionView, Ending, Event, Fault, FaultKind,
    Match, MatchEnd, MatchObserver, NewViews, Next, PendingDecision, Seat, SeenEvent, Step,
    Stepped, StopRequest, Table,
};
pub use transcript::{ReplayError, Transcript, TranscriptEvent, Undo};

/// Implements `Serialize`/`Deserialize` for an action type through its text form, so actions
/// appear in JSON exactly as people type them.
#[macro_export]
macro_rules! text_serde {
    ($type:ty) => {
        impl ::serde::Serialize for $type {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
        impl<'de> ::serde::Deserialize<'de> for $type {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    };
}
