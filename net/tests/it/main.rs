//! The network crate's tests (one integration-test crate, modules by subject). Every
//! connection goes to 127.0.0.1 and nowhere else.

mod host;
mod leak;
mod rematch;
mod siege;
mod support;
