//! A state's events as a persistent list: cloning a state shares the events it has so far
//! (one reference count, whatever the game's length), and applying an event adds one node.
//! Search code clones states deep into long games; copying every event on each clone made a
//! Mouse Race clone cost as much as a thousand steps.

use std::sync::Arc;

use mousehole_engine::Event;

struct Node<A> {
    event: Event<A>,
    previous: Option<Arc<Node<A>>>,
}

/// The events so far, newest last.
pub(crate) struct History<A> {
    last: Option<Arc<Node<A>>>,
    len: usize,
}

impl<A> Clone for History<A> {
    fn clone(&self) -> Self {
        Self {
            last: self.last.clone(),
            len: self.len,
        }
    }
}

impl<A: Copy> History<A> {
    pub(crate) fn new() -> Self {
        Self { last: None, len: 0 }
    }

    pub(crate) fn from_events(events: &[Event<A>]) -> Self {
        let mut history = Self::new();
        for &event in events {
            history.push(event);
        }
        history
    }

    pub(crate) fn push(&mut self, event: Event<A>) {
        self.last = Some(Arc::new(Node {
            event,
            previous: self.last.take(),
        }));
        self.len += 1;
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The events, oldest first.
    pub(crate) fn to_vec(&self) -> Vec<Event<A>> {
        let mut events = Vec::with_capacity(self.len);
        let mut node = self.last.as_deref();
        while let Some(current) = node {
            events.push(current.event);
            node = current.previous.as_deref();
        }
        events.reverse();
        events
    }
}

impl<A> Drop for History<A> {
    /// Frees the nodes no other history shares one by one, not by recursion (a game of
    /// 100 000 turns would overflow the stack).
    fn drop(&mut self) {
        let mut next = self.last.take();
        while let Some(node) = next {
            match Arc::try_unwrap(node) {
                Ok(mut node) => next = node.previous.take(),
                Err(_) => break,
            }
        }
    }
}
