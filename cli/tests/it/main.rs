//! The command line's tests (one integration-test crate, one module per subject): the
//! `mousehole` binary end to end, `analyze`, external programs at its seats, tournaments, and
//! the protocol's schema against recorded exchanges.

mod analyze;
mod cli;
mod external;
mod games;
mod protocol;
mod tournament;
