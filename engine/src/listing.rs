//! Where a game lists what may happen: [`Listing`], which [`Game::legal_actions`] and
//! [`Game::chance_outcomes`] write into. A `Vec` keeps the list; [`Contains`] only looks for
//! one action in it, without a list in memory ([`Game::is_legal`], asked at every decision
//! and every checked `apply`), so the one statement of a game's rules serves both and the
//! legality test allocates nothing. [`Count`] and [`Nth`] count the list and take its n-th
//! item without keeping it; [`RandomPick`] picks one item at random as the list is made, for
//! picking by counting ([`Game::PICKS_BY_COUNTING`]): a game that knows its list's length
//! without listing it (bits counted at once) says it first, and the pick is drawn then and
//! taken from a run of actions without going through it, in the one pass over the rules. (A decision whose list is a
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
    /// ([`RandomPick`]), and a list grows once. Optional; the list must then hold exactly
    /// `len` items.
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
        // Grown once: a push per item then never grows it.
        self.reserve(count);
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
/// with the same numbers from `rng`. Items are kept until the list's length is known; once
/// the game says it ([`Listing::will_list`]) the index is drawn and only that item is taken,
/// from a run listed by [`Listing::extend_counted`] (every cell of a board) without going
/// through it: one pass over the rules, keeping nothing. A list whose length is never said
/// is kept whole and picked from at its end.
#[derive(Debug)]
pub struct RandomPick<'a, T> {
    /// The items listed before the index is drawn.
    kept: &'a mut Vec<T>,
    rng: &'a mut GameRng,
    /// Once the list's length is said: that length, and the item at the index drawn, looked
    /// for in the rest of the list as [`Nth`] does.
    drawn: Option<(usize, Nth<T>)>,
}

impl<'a, T: Copy> RandomPick<'a, T> {
    /// Picks with `rng`, keeping items in `buffer`, scratch space reused (cleared first).
    #[inline]
    pub fn new(buffer: &'a mut Vec<T>, rng: &'a mut GameRng) -> Self {
        buffer.clear();
        Self {
            kept: buffer,
            rng,
            drawn: None,
        }
    }

    /// The item picked, `None` for an empty list: drawn now from the kept items if the list's
    /// length was never said.
    ///
    /// # Panics
    /// In a debug build, if the list's length is not the one the game said.
    #[inline]
    pub fn picked(self) -> Option<T> {
        match self.drawn {
            Some((total, nth)) => {
                debug_assert_eq!(
                    nth.listed, total,
                    "a game said one length of its list and listed another"
                );
                nth.found()
            }
            None => (!self.kept.is_empty()).then(|| crate::rng::uniform(self.kept, self.rng)),
        }
    }
}

impl<T: Copy> Listing<T> for RandomPick<'_, T> {
    #[inline]
    fn clear(&mut self) {
        self.kept.clear();
        self.drawn = None;
    }

    #[inline]
    fn push(&mut self, item: T) {
        match &mut self.drawn {
            None => self.kept.push(item),
            Some((_, nth)) => nth.push(item),
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.drawn
            .as_ref()
            .map_or(self.kept.len(), |(_, nth)| nth.listed)
    }

    #[inline]
    fn extend_from_slice(&mut self, items: &[T]) {
        match &mut self.drawn {
            None => self.kept.extend_from_slice(items),
            Some((_, nth)) => nth.extend_from_slice(items),
        }
    }

    /// The index is drawn here, and the item taken from the items kept if it is one of them;
    /// the rest of the list is then looked through as [`Nth`] does.
    #[inline]
    fn will_list(&mut self, len: usize) {
        if self.drawn.is_some() || len == 0 {
            return;
        }
        let index = crate::rng::below(self.rng, len as u32) as usize;
        let nth = Nth {
            index,
            listed: self.kept.len(),
            found: self.kept.get(index).copied(),
        };
        self.drawn = Some((len, nth));
    }

    /// Once the index is drawn, the run is gone through only if it holds the item, and only
    /// up to it ([`Nth`]).
    #[inline]
    fn extend_counted<I: Iterator<Item = T>>(&mut self, count: usize, items: I) {
        match &mut self.drawn {
            None => Extend::extend(self.kept, items),
            Some((_, nth)) => nth.extend_counted(count, items),
        }
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
    #[inline]
    fn in_next(&self, count: usize) -> Option<usize> {
        self.index
            .checked_sub(self.listed)
            .filter(|&offset| offset < count)
    }
}

impl<T: Copy> Listing<T> for Nth<T> {
    #[inline]
    fn clear(&mut self) {
        self.listed = 0;
        self.found = None;
    }

    #[inline]
    fn push(&mut self, item: T) {
        if self.listed == self.index {
            self.found = Some(item);
        }
        self.listed += 1;
    }

    #[inline]
    fn len(&self) -> usize {
        self.listed
    }

    #[inline]
    fn extend_from_slice(&mut self, items: &[T]) {
        if let Some(offset) = self.in_next(items.len()) {
            self.found = Some(items[offset]);
        }
        self.listed += items.len();
    }

    /// Only a run that holds the item is gone through, and only up to it.
    #[inline]
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
        /// Single items only, so the pick is drawn at the end from the items kept.
        fn singles(out: &mut impl Listing<u8>) {
            out.clear();
            out.push(1);
            out.extend([2, 3]);
            out.extend_from_slice(&[4]);
        }
        /// The length said first, so the pick is drawn before anything is kept.
        fn run_first(out: &mut impl Listing<u8>) {
            out.clear();
            out.will_list(6);
            out.extend_counted(4, [10, 11, 12, 13].into_iter());
            out.push(14);
            out.extend_from_slice(&[15]);
        }
        /// List `which` of the three.
        fn make(which: usize, out: &mut impl Listing<u8>) {
            match which {
                0 => list(out),
                1 => singles(out),
                _ => run_first(out),
            }
        }
        let mut buffer = vec![99];
        for which in 0..3 {
            let mut all = Vec::new();
            make(which, &mut all);
            for seed in 0..200 {
                let (mut by_pick, mut by_list) = (stream(seed, 7), stream(seed, 7));
                let mut pick = RandomPick::new(&mut buffer, &mut by_pick);
                make(which, &mut pick);
                assert_eq!(Listing::<u8>::len(&pick), all.len(), "list {which}");
                let expected = crate::rng::uniform(&all, &mut by_list);
                assert_eq!(pick.picked(), Some(expected), "list {which}, seed {seed}");
                assert_eq!(by_pick, by_list, "the same numbers taken, list {which}");
            }
        }
        let mut rng = stream(0, 0);
        let mut empty = RandomPick::<u8>::new(&mut buffer, &mut rng);
        empty.clear();
        assert_eq!(empty.picked(), None);
    }
}
