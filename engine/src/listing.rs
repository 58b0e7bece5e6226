//! Where a game lists what may happen: [`Listing`], which [`Game::legal_actions`] and
//! [`Game::chance_outcomes`] write into. A `Vec` keeps the list; [`Contains`] only looks for
//! one action in it, without a list in memory ([`Game::is_legal`], asked at every decision
//! and every checked `apply`), so the one statement of a game's rules serves both and the
//! legality test allocates nothing. [`Count`] and [`Nth`] count the list and take its n-th
//! item without keeping it; [`Tally`] counts it and keeps it unless it has a counted run, for
//! picking an action at random by counting ([`Game::PICKS_BY_COUNTING`]): a game that lists
//! a run of actions at once (bits counted at once) is counted and indexed without going
//! through them, and a list of single items is listed once. (A decision whose list is a
//! prepared table is picked from without any listing: [`Game::legal_table`].)
//!
//! [`Game::legal_actions`]: crate::game::Game::legal_actions
//! [`Game::chance_outcomes`]: crate::game::Game::chance_outcomes
//! [`Game::is_legal`]: crate::game::Game::is_legal
//! [`Game::PICKS_BY_COUNTING`]: crate::game::Game::PICKS_BY_COUNTING
//! [`Game::legal_table`]: crate::game::Game::legal_table

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

    /// Lists next, in order, the `count` items that `items` yields, where the game knows how
    /// many there are without going through them (bits counted at once): a list grows once.
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

/// How many items the list holds, and the list itself unless it has a counted run: what a
/// random pick by counting lists into. A run listed by [`Listing::extend_counted`] (every
/// cell of a board) is counted without going through it, and the pick then lists again up to
/// the item drawn ([`Nth`]).
#[derive(Debug)]
pub struct Tally<'a, T> {
    /// The items listed, unless a run was only counted.
    kept: &'a mut Vec<T>,
    /// Items counted but not kept.
    skipped: usize,
}

impl<'a, T: Copy> Tally<'a, T> {
    /// Counts into `buffer`, scratch space reused (cleared first).
    #[inline]
    pub fn new(buffer: &'a mut Vec<T>) -> Self {
        buffer.clear();
        Self {
            kept: buffer,
            skipped: 0,
        }
    }

    /// The number listed.
    #[inline]
    pub fn count(&self) -> usize {
        self.kept.len() + self.skipped
    }

    /// The item at `index`, unless a run was only counted (then the list must be gone
    /// through again); `None` past the end.
    #[inline]
    pub fn kept(&self, index: usize) -> Option<T> {
        if self.skipped != 0 {
            return None;
        }
        self.kept.get(index).copied()
    }
}

impl<T: Copy> Listing<T> for Tally<'_, T> {
    #[inline]
    fn clear(&mut self) {
        self.kept.clear();
        self.skipped = 0;
    }

    #[inline]
    fn push(&mut self, item: T) {
        self.kept.push(item);
    }

    #[inline]
    fn len(&self) -> usize {
        self.count()
    }

    #[inline]
    fn extend_from_slice(&mut self, items: &[T]) {
        self.kept.extend_from_slice(items);
    }

    /// The run is counted, not gone through.
    #[inline]
    fn extend_counted<I: Iterator<Item = T>>(&mut self, count: usize, _items: I) {
        self.skipped += count;
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

/// The total weight of the chance outcomes listed, keeping none of them.
#[derive(Clone, Copy, Debug, Default)]
pub struct TotalWeight {
    listed: usize,
    total: u64,
}

impl TotalWeight {
    /// The weights' sum.
    pub fn total(self) -> u64 {
        self.total
    }
}

impl<A: Copy> Listing<(A, u32)> for TotalWeight {
    #[inline]
    fn clear(&mut self) {
        self.listed = 0;
        self.total = 0;
    }

    #[inline]
    fn push(&mut self, (_, weight): (A, u32)) {
        self.listed += 1;
        self.total += u64::from(weight);
    }

    #[inline]
    fn len(&self) -> usize {
        self.listed
    }
}

/// The chance outcome whose share of the listed weights, in the listed order, holds a pick
/// below their total (what [`crate::rng::sample_weighted`] takes from the list).
#[derive(Clone, Copy, Debug)]
pub struct AtWeight<A> {
    pick: u64,
    listed: usize,
    found: Option<A>,
}

impl<A> AtWeight<A> {
    pub fn new(pick: u64) -> Self {
        Self {
            pick,
            listed: 0,
            found: None,
        }
    }

    /// The outcome, if the pick was below the total.
    pub fn found(self) -> Option<A> {
        self.found
    }
}

impl<A: Copy> Listing<(A, u32)> for AtWeight<A> {
    #[inline]
    fn clear(&mut self) {
        self.listed = 0;
        self.found = None;
    }

    #[inline]
    fn push(&mut self, (outcome, weight): (A, u32)) {
        self.listed += 1;
        if self.found.is_none() {
            if self.pick < u64::from(weight) {
                self.found = Some(outcome);
            } else {
                self.pick -= u64::from(weight);
            }
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.listed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lists as a game would: pushes, a slice and iterators.
    fn list(out: &mut impl Listing<u8>) {
        out.clear();
        out.push(7);
        out.extend_from_slice(&[1, 2, 3]);
        out.extend([9, 4]);
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
    fn a_tally_keeps_single_items_and_counts_runs() {
        let mut buffer = vec![99];
        let mut tally = Tally::new(&mut buffer);
        assert_eq!(tally.count(), 0, "the buffer starts empty");
        tally.push(1);
        tally.extend([2, 3]);
        tally.extend_from_slice(&[4]);
        assert_eq!(
            (0..5).map(|index| tally.kept(index)).collect::<Vec<_>>(),
            [Some(1), Some(2), Some(3), Some(4), None]
        );

        let mut all = Vec::new();
        list(&mut all);
        list(&mut tally);
        assert_eq!(tally.count(), all.len());
        assert_eq!(tally.kept(0), None, "a counted run is only counted");
    }
}
