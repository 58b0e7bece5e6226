//! Where a game lists what may happen: [`Listing`], which [`Game::legal_actions`] and
//! [`Game::chance_outcomes`] write into. A `Vec` keeps the list; [`Contains`] only looks for
//! one action in it, without a list in memory ([`Game::is_legal`], asked at every decision
//! and every checked `apply`), so the one statement of a game's rules serves both and the
//! legality test allocates nothing. [`Count`] and [`Nth`] count the list and take its n-th
//! item without keeping it; [`RandomPick`] picks one item at random as the list is made, for
//! picking by counting ([`Game::PICKS_BY_COUNTING`]): a game that knows its list's length
//! without listing it (bits counted at once) says it before listing anything, the pick is
//! drawn then and taken from a run of actions without going through it, in the one pass over
//! the rules, keeping nothing. (A decision whose list is a
//! prepared table is picked from without any listing: [`Game::legal_table`].)
//!
//! [`Game::legal_actions`]: crate::game::Game::legal_actions
//! [`Game::chance_outcomes`]: crate::game::Game::chance_outcomes
//! [`Game::is_legal`]: crate::game::Game::is_legal
//! [`Game::PICKS_BY_COUNTING`]: crate::game::Game::PICKS_BY_COUNTING
//! [`Game::legal_table`]: crate::game::Game::legal_table

use crate::rng::GameRng;

/// What a game lists its legal actions (items `A`) or its chance outcomes with their weights
/// (items `(A, u32)`) into, in a stable order. A game starts with [`Listing::clear`] and
/// may look at how many it has listed so far ([`Listing::len`]), nothing else.
pub trait Listing<T: Copy> {
    /// Starts the list over.
    fn clear(&mut self);

    /// Lists `item` next.
    fn push(&mut self, item: T);

    /// How many items are listed so far.
    fn len(&self) -> usize;

    /// Whether nothing is listed so far.
    #[inline]
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Lists `items` next, in order.
    #[inline]
    fn extend_from_slice(&mut self, items: &[T]) {
        for &item in items {
            self.push(item);
        }
    }

    /// Lists `items` next, in order.
    #[inline]
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }

    /// Says how many items the whole list holds (those listed so far included), before
    /// listing the rest, for a game that knows it without listing them (bits counted at
    /// once): a random pick draws its index here and then takes only that item
    /// ([`RandomPick`]), and a list grows once. A game that picks by counting
    /// ([`Game::PICKS_BY_COUNTING`](crate::game::Game::PICKS_BY_COUNTING)) says it before
    /// listing anything, at every decision; to others it is optional. The list must then hold
    /// exactly `len` items.
    #[inline]
    fn will_list(&mut self, len: usize) {
        let _ = len;
    }

    /// Lists next, in order, the `count` items that `items` yields, where the game knows how
    /// many there are without going through them (bits counted at once): once the list's
    /// length is known ([`Listing::will_list`]), a random pick takes its item from the run
    /// without going through it.
    #[inline]
    fn extend_counted<I: Iterator<Item = T>>(&mut self, count: usize, items: I) {
        let _ = count;
        self.extend(items);
    }
}

impl<T: Copy> Listing<T> for Vec<T> {
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self);
    }

    #[inline]
    fn push(&mut self, item: T) {
        Vec::push(self, item);
    }

    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }

    #[inline]
    fn extend_from_slice(&mut self, items: &[T]) {
        Vec::extend_from_slice(self, items);
    }

    #[inline]
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        Extend::extend(self, items);
    }

    #[inline]
    fn will_list(&mut self, len: usize) {
        self.reserve(len.saturating_sub(self.len()));
    }

    #[inline]
    fn extend_counted<I: Iterator<Item = T>>(&mut self, count: usize, items: I) {
        // No reserve here: a game that lists counted runs says the whole length first
        // (`will_list`, which reserves), and a push checks the capacity anyway.
        let before = self.len();
        for item in items {
            Vec::push(self, item);
        }
        // The count is what [`Count`] and [`Nth`] go by without going through the items.
        debug_assert_eq!(
            self.len() - before,
            count,
            "a run listed with a wrong count"
        );
    }
}

/// Whether the list holds `target` (for chance outcomes: with a positive weight).
#[derive(Clone, Copy, Debug)]
pub struct Contains<A> {
    target: A,
    listed: usize,
    found: bool,
}

impl<A> Contains<A> {
    pub fn new(target: A) -> Self {
        Self {
            target,
            listed: 0,
            found: false,
        }
    }

    pub fn found(self) -> bool {
        self.found
    }
}

impl<A: Copy + PartialEq> Listing<A> for Contains<A> {
    #[inline]
    fn clear(&mut self) {
        self.listed = 0;
        self.found = false;
    }

    #[inline]
    fn push(&mut self, item: A) {
        self.found |= item == self.target;
        self.listed += 1;
    }

    #[inline]
    fn len(&self) -> usize {
        self.listed
    }
}

impl<A: Copy + PartialEq> Listing<(A, u32)> for Contains<A> {
    #[inline]
    fn clear(&mut self) {
        self.listed = 0;
        self.found = false;
    }

    #[inline]
    fn push(&mut self, (outcome, weight): (A, u32)) {
        self.found |= outcome == self.target && weight > 0;
        self.listed += 1;
    }

    #[inline]
    fn len(&self) -> usize {
        self.listed
    }
}

/// How many items the list holds, keeping none of them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Count {
    listed: usize,
}

impl Count {
    /// The number listed.
    pub fn count(&self) -> usize {
        self.listed
    }
}

impl<T: Copy> Listing<T> for Count {
    #[inline]
    fn clear(&mut self) {
        self.listed = 0;
    }

    #[inline]
    fn push(&mut self, _item: T) {
        self.listed += 1;
    }

    #[inline]
    fn len(&self) -> usize {
        self.listed
    }

    #[inline]
    fn extend_from_slice(&mut self, items: &[T]) {
        self.listed += items.len();
    }

    /// The items are not gone through: the game said how many there are.
    #[inline]
    fn extend_counted<I: Iterator<Item = T>>(&mut self, count: usize, _items: I) {
        self.listed += count;
    }
}

/// One item of the list drawn uniformly at random as the list is made: the item at
/// [`crate::rng::below`]`(rng, n)` of the list of `n` items ([`crate::rng::uniform`]'s pick),
/// with the same numbers from `rng`, keeping nothing. The game says the list's length before
/// listing anything ([`Listing::will_list`]); the index is drawn then, and the item at it
/// looked for as [`Nth`] does, so a run listed by [`Listing::extend_counted`] (every cell of
/// a board) is not gone through unless it holds the item. A list listed without its length
/// said first has no pick (a debug build panics at its first item).
#[derive(Debug)]
pub struct RandomPick<'a, T> {
    rng: &'a mut GameRng,
    /// The length said, once said.
    said: Option<usize>,
    /// The item at the index drawn; before the draw, an index no list reaches.
    nth: Nth<T>,
}

impl<'a, T: Copy> RandomPick<'a, T> {
    /// Picks with `rng`, once the list's length is said.
    #[inline]
    pub fn new(rng: &'a mut GameRng) -> Self {
        Self {
            rng,
            said: None,
            nth: Nth::new(usize::MAX),
        }
    }

    /// The item picked, `None` for an empty list (or one whose length was not said first).
    ///
    /// # Panics
    /// In a debug build, if the list's length is not the one the game said.
    #[inline]
    pub fn picked(self) -> Option<T> {
        debug_assert!(
            self.said.is_none_or(|said| said == self.nth.listed),
            "a game said one length of its list and listed another"
        );
        self.nth.found()
    }

    /// The check behind "says its length before listing anything".
    #[inline]
    fn expect_said(&self) {
        debug_assert!(
            self.said.is_some(),
            "a list picked by counting lists an item before saying its length (will_list)"
        );
    }
}

#[allow(
    clippy::inline_always,
    reason = "a random pick's few steps, inlined into the game's listing in the playout loop: \
              the release CLI otherwise called them, its state in memory (issue 42)"
)]
impl<T: Copy> Listing<T> for RandomPick<'_, T> {
    #[inline(always)]
    fn clear(&mut self) {
        self.said = None;
        self.nth = Nth::new(usize::MAX);
    }

    #[inline(always)]
    fn push(&mut self, item: T) {
        self.expect_said();
        self.nth.push(item);
    }

    #[inline(always)]
    fn len(&self) -> usize {
        self.nth.listed
    }

    #[inline(always)]
    fn extend_from_slice(&mut self, items: &[T]) {
        self.expect_said();
        self.nth.extend_from_slice(items);
    }

    /// The index is drawn here, once, before any item is listed.
    #[inline(always)]
    fn will_list(&mut self, len: usize) {
        debug_assert!(
            self.said.is_none() && self.nth.listed == 0,
            "a list picked by counting says its length once, before listing anything"
        );
        self.said = Some(len);
        if len > 0 {
            self.nth.index = crate::rng::below(self.rng, len as u32) as usize;
        }
    }

    /// The run is gone through only if it holds the item, and only up to it ([`Nth`]).
    #[inline(always)]
    fn extend_counted<I: Iterator<Item = T>>(&mut self, count: usize, items: I) {
        self.expect_said();
        self.nth.extend_counted(count, items);
    }
}

/// The item at one index of the list, keeping no other.
#[derive(Clone, Copy, Debug)]
pub struct Nth<T> {
    index: usize,
    listed: usize,
    found: Option<T>,
}

impl<T> Nth<T> {
    /// Looks for the item at `index` (from 0).
    pub fn new(index: usize) -> Self {
        Self {
            index,
            listed: 0,
            found: None,
        }
    }

    /// The item at the index, if the list is that long.
    pub fn found(self) -> Option<T> {
        self.found
    }

    /// The index in a run of `count` items listed next, if the one looked for is in it.
    #[allow(clippy::inline_always, reason = "a step of a random pick, see below")]
    #[inline(always)]
    fn in_next(&self, count: usize) -> Option<usize> {
        self.index
            .checked_sub(self.listed)
            .filter(|&offset| offset < count)
    }
}

#[allow(
    clippy::inline_always,
    reason = "the few steps of a random pick's Nth, inlined into the game's listing in the playout loop: \
              the release CLI otherwise called them, its state in memory (issue 42)"
)]
impl<T: Copy> Listing<T> for Nth<T> {
    #[inline(always)]
    fn clear(&mut self) {
        self.listed = 0;
        self.found = None;
    }

    #[inline(always)]
    fn push(&mut self, item: T) {
        if self.listed == self.index {
            self.found = Some(item);
        }
        self.listed += 1;
    }

    #[inline(always)]
    fn len(&self) -> usize {
        self.listed
    }

    #[inline(always)]
    fn extend_from_slice(&mut self, items: &[T]) {
        if let Some(offset) = self.in_next(items.len()) {
            self.found = Some(items[offset]);
        }
        self.listed += items.len();
    }

    /// Only a run that holds the item is gone through, and only up to it.
    #[inline(always)]
    fn extend_counted<I: Iterator<Item = T>>(&mut self, count: usize, mut items: I) {
        if let Some(offset) = self.in_next(count) {
            self.found = items.nth(offset);
        }
        self.listed += count;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream;

    /// Lists as a game would: pushes, a slice and iterators.
    fn list(out: &mut impl Listing<u8>) {
        out.clear();
        out.push(7);
        out.extend_from_slice(&[1, 2, 3]);
        out.extend([9, 4]);
        out.will_list(10);
        out.extend_counted(3, [5, 6, 8].into_iter());
        out.push(0);
    }

    #[test]
    fn contains_finds_what_the_list_holds() {
        let mut all = Vec::new();
        list(&mut all);
        assert_eq!(all, [7, 1, 2, 3, 9, 4, 5, 6, 8, 0]);
        for item in 0..12 {
            let mut contains = Contains::new(item);
            list(&mut contains);
            assert_eq!(contains.found(), all.contains(&item), "{item}");
            assert_eq!(Listing::<u8>::len(&contains), all.len());
        }
        let mut weighted = Contains::new('a');
        Listing::extend(&mut weighted, [('b', 1), ('a', 0)]);
        assert!(!weighted.found(), "an outcome of weight 0 is no outcome");
        Listing::push(&mut weighted, ('a', 2));
        assert!(weighted.found());
    }

    #[test]
    fn count_and_nth_are_the_list_s_length_and_items() {
        let mut all = Vec::new();
        list(&mut all);
        let mut count = Count::default();
        list(&mut count);
        assert_eq!(count.count(), all.len());
        for index in 0..all.len() + 2 {
            let mut nth = Nth::new(index);
            list(&mut nth);
            assert_eq!(nth.found(), all.get(index).copied(), "{index}");
            assert_eq!(Listing::<u8>::len(&nth), all.len());
        }
    }

    #[test]
    fn a_random_pick_is_uniform_s_pick_from_the_list() {
        /// The length said first, then items listed every way a game may.
        fn said_first(out: &mut impl Listing<u8>) {
            out.clear();
            out.will_list(9);
            out.extend_counted(4, [10, 11, 12, 13].into_iter());
            out.push(14);
            out.extend_from_slice(&[15, 16]);
            out.extend([17]);
            out.extend_counted(1, [18].into_iter());
        }
        let mut all = Vec::new();
        said_first(&mut all);
        assert_eq!(all, [10, 11, 12, 13, 14, 15, 16, 17, 18]);
        for seed in 0..300 {
            let (mut by_pick, mut by_list) = (stream(seed, 7), stream(seed, 7));
            let mut pick = RandomPick::new(&mut by_pick);
            said_first(&mut pick);
            assert_eq!(Listing::<u8>::len(&pick), all.len());
            let expected = crate::rng::uniform(&all, &mut by_list);
            assert_eq!(pick.picked(), Some(expected), "seed {seed}");
            assert_eq!(by_pick, by_list, "the same numbers taken, seed {seed}");
        }
        let mut rng = stream(0, 0);
        let before = rng.clone();
        let mut empty = RandomPick::<u8>::new(&mut rng);
        empty.clear();
        empty.will_list(0);
        assert_eq!(empty.picked(), None);
        assert_eq!(rng, before, "nothing drawn for an empty list");
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "before saying its length")]
    fn a_random_pick_wants_the_length_first() {
        let mut rng = stream(0, 0);
        let mut pick = RandomPick::new(&mut rng);
        Listing::push(&mut pick, 1_u8);
    }
}
