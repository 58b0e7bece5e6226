//! Numbers for learning and search code: each game's fixed integer action space (decisions and
//! chance outcomes as ids, as OpenSpiel numbers them) and its fixed-shape float encoding of one
//! seat's observation (the observation tensor), with the layout that documents it field by
//! field. Each game states them once, in `games/<game>/encoding.rs`; the Python package and
//! any other numeric front end read them here, and the conformance harness proves them: every
//! legal action and chance outcome it meets round-trips through its id, and the tensor is a
//! function of the seat's observation alone.
//!
//! # Examples
//!
//! ```
//! use mousehole_engine::encoding::Encoding;
//! use mousehole_engine::games::cheese_day::{CheeseDay, CheeseDayConfig};
//! use mousehole_engine::{Game, GameConfig};
//!
//! let config = CheeseDayConfig::defaults();
//! let state = CheeseDay::new(&config);
//! let mut outcomes = Vec::new();
//! state.chance_outcomes(&mut outcomes);
//! let (first, _) = outcomes[0];
//! let id = CheeseDay::action_id(&config, &first).expect("a chance outcome has an id");
//! assert!(id < CheeseDay::max_chance_outcomes(&config));
//! assert_eq!(CheeseDay::chance_from_id(&config, id), Some(first));
//!
//! let layout = CheeseDay::tensor_layout(&config);
//! let mut tensor = vec![0.0; layout.len()];
//! CheeseDay::encode(&state.observation(0), &layout, &mut tensor);
//! assert_eq!(tensor[0], 1.0); // `seat`: one-hot, seat 0
//! ```

use std::fmt::Write as _;

use crate::game::Game;

/// One named part of an observation tensor: its place is after the fields before it, its
/// values are `shape`'s product, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorField {
    /// A short identifier (`pantry`, `board`).
    pub name: &'static str,
    /// The field's dimensions (`[6, 12]`: six slots of twelve values).
    pub shape: Vec<usize>,
    /// What each value holds, in words.
    pub doc: &'static str,
}

impl TensorField {
    /// How many floats the field takes.
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// Whether the field takes no floats (a dimension of 0).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The fields of one configuration's observation tensor, in order: the one description of the
/// encoding, read by the writer (which checks each field lands where the layout says), by the
/// Python package's named views and by the documentation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TensorLayout {
    fields: Vec<TensorField>,
}

impl TensorLayout {
    /// No fields yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a field after the others.
    pub fn field(mut self, name: &'static str, shape: &[usize], doc: &'static str) -> Self {
        self.fields.push(TensorField {
            name,
            shape: shape.to_vec(),
            doc,
        });
        self
    }

    /// The fields, in order.
    pub fn fields(&self) -> &[TensorField] {
        &self.fields
    }

    /// The tensor's length: every field's values.
    pub fn len(&self) -> usize {
        self.fields.iter().map(TensorField::len).sum()
    }

    /// Whether the tensor has no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where field `name` starts, if the layout has it.
    pub fn offset(&self, name: &str) -> Option<usize> {
        let mut at = 0;
        for field in &self.fields {
            if field.name == name {
                return Some(at);
            }
            at += field.len();
        }
        None
    }

    /// The layout as a Markdown table: field, shape, offset and what it holds.
    pub fn markdown(&self) -> String {
        let mut table = String::from("| field | shape | offset | values |\n|---|---|---|---|\n");
        let mut at = 0;
        for field in &self.fields {
            let shape: Vec<String> = field.shape.iter().map(ToString::to_string).collect();
            let _ = writeln!(
                table,
                "| `{}` | {} | {at} | {} |",
                field.name,
                shape.join(" × "),
                field.doc
            );
            at += field.len();
        }
        let _ = writeln!(table, "| (total) | {at} | | |");
        table
    }
}

/// Writes one observation into a tensor, field by field in layout order: each
/// [`TensorWriter::field`] checks that the field before it was written whole. Every value starts
/// at 0, so a writer only sets what is there.
///
/// A layout and a writer that disagree are a bug in the game's encoding, which the conformance
/// harness finds: the writer then panics naming the field.
#[derive(Debug)]
pub struct TensorWriter<'a> {
    layout: &'a TensorLayout,
    out: &'a mut [f32],
    at: usize,
    /// The field being written (its index in the layout) and where it ends.
    current: Option<(usize, usize)>,
}

impl<'a> TensorWriter<'a> {
    /// A writer of `layout` into `out`, which it zeroes.
    ///
    /// # Panics
    /// If `out` is not the layout's length.
    pub fn new(layout: &'a TensorLayout, out: &'a mut [f32]) -> Self {
        assert_eq!(
            out.len(),
            layout.len(),
            "a tensor buffer of {} values for a layout of {}",
            out.len(),
            layout.len()
        );
        out.fill(0.0);
        Self {
            layout,
            out,
            at: 0,
            current: None,
        }
    }

    /// Starts field `name`, the next one of the layout.
    ///
    /// # Panics
    /// If the previous field was not written whole, or `name` is not the next field.
    pub fn field(&mut self, name: &str) {
        self.close();
        let index = self.current.map_or(0, |(index, _)| index + 1);
        let field = self.layout.fields.get(index).unwrap_or_else(|| {
            panic!("tensor field '{name}' written after the layout's last field")
        });
        assert_eq!(
            field.name, name,
            "tensor field '{name}' written where the layout has '{}'",
            field.name
        );
        self.current = Some((index, self.at + field.len()));
    }

    fn close(&self) {
        if let Some((index, end)) = self.current {
            assert_eq!(
                self.at,
                end,
                "tensor field '{}' written with {} values where its shape has {}",
                self.layout.fields[index].name,
                self.at + self.layout.fields[index].len() - end,
                self.layout.fields[index].len()
            );
        }
    }

    fn push(&mut self, value: f32) {
        let end = self.current.map_or(0, |(_, end)| end);
        assert!(
            self.at < end,
            "a tensor value written past the end of its field"
        );
        self.out[self.at] = value;
        self.at += 1;
    }

    /// One value, 1 or 0.
    pub fn flag(&mut self, on: bool) {
        self.push(if on { 1.0 } else { 0.0 });
    }

    /// `count / max`: a count as a fraction of the most it can be (0 when `max` is 0).
    pub fn fraction(&mut self, count: impl Into<f64>, max: impl Into<f64>) {
        let max = max.into();
        let value = if max > 0.0 { count.into() / max } else { 0.0 };
        self.push(value as f32);
    }

    /// `len` values, all 0 but a 1 at `index` (all 0 for `None`).
    ///
    /// # Panics
    /// If `index` is not below `len`.
    pub fn one_hot(&mut self, len: usize, index: Option<usize>) {
        if let Some(index) = index {
            assert!(index < len, "one-hot index {index} of {len}");
        }
        for at in 0..len {
            self.flag(Some(at) == index);
        }
    }

    /// `len` values, 1 at every index `on` gives (each below `len`), 0 elsewhere.
    ///
    /// # Panics
    /// If an index is not below `len`.
    pub fn many_hot(&mut self, len: usize, on: impl IntoIterator<Item = usize>) {
        let start = self.at;
        for _ in 0..len {
            self.push(0.0);
        }
        for index in on {
            assert!(index < len, "many-hot index {index} of {len}");
            self.out[start + index] = 1.0;
        }
    }

    /// Leaves `len` values at 0 (a part of the field that does not apply).
    pub fn skip(&mut self, len: usize) {
        for _ in 0..len {
            self.push(0.0);
        }
    }

    /// Ends the tensor.
    ///
    /// # Panics
    /// If the last field was not written whole, or fields are missing.
    pub fn finish(self) {
        self.close();
        let written = self.current.map_or(0, |(index, _)| index + 1);
        assert_eq!(
            written,
            self.layout.fields.len(),
            "{} of the layout's {} tensor fields written",
            written,
            self.layout.fields.len()
        );
    }
}

/// A game's numbers: its action ids and its observation tensor (module docs).
///
/// Decisions are numbered `0..num_distinct_actions`, chance outcomes `0..max_chance_outcomes`
/// (two spaces, as OpenSpiel's: who acts says which an id belongs to). The numbering depends on
/// the configuration only (a board's size, the players), never on the state, so an id means
/// the same action wherever it is legal.
pub trait Encoding: Game {
    /// How many decision ids there are.
    fn num_distinct_actions(config: &Self::Config) -> usize;

    /// How many chance outcome ids there are.
    fn max_chance_outcomes(config: &Self::Config) -> usize;

    /// The id of `action` in its space (a decision's among the decisions, a chance outcome's
    /// among the outcomes); `None` for an action that is never legal in this configuration (a
    /// cell off its board, a seat it does not have).
    fn action_id(config: &Self::Config, action: &Self::Action) -> Option<usize>;

    /// The decision with this id, if there is one.
    fn decision_from_id(config: &Self::Config, id: usize) -> Option<Self::Action>;

    /// The chance outcome with this id, if there is one.
    fn chance_from_id(config: &Self::Config, id: usize) -> Option<Self::Action>;

    /// The most decisions (chance events not counted) a game of this configuration takes, as
    /// OpenSpiel's `max_game_length`: the bound the rules guarantee, or where they guarantee
    /// none, a bound the game's encoding says how it chose.
    fn max_decisions(config: &Self::Config) -> usize;

    /// The fields of this configuration's observation tensor.
    fn tensor_layout(config: &Self::Config) -> TensorLayout;

    /// Writes `observation` (one seat's, and nothing else) as the layout's fields. Every value
    /// lies in 0…1.
    fn write_tensor(observation: &Self::Observation, tensor: &mut TensorWriter<'_>);

    /// `observation` as a tensor of `layout` (this configuration's) into `out`.
    ///
    /// # Panics
    /// If `out` is not the layout's length.
    fn encode(observation: &Self::Observation, layout: &TensorLayout, out: &mut [f32]) {
        let mut writer = TensorWriter::new(layout, out);
        Self::write_tensor(observation, &mut writer);
        writer.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> TensorLayout {
        TensorLayout::new()
            .field("a", &[2], "two flags")
            .field("b", &[2, 3], "a grid")
    }

    #[test]
    fn fields_land_where_the_layout_says() {
        let layout = layout();
        assert_eq!(layout.len(), 8);
        assert_eq!(layout.offset("b"), Some(2));
        assert_eq!(layout.offset("c"), None);
        let mut out = vec![9.0; 8];
        let mut writer = TensorWriter::new(&layout, &mut out);
        writer.field("a");
        writer.flag(true);
        writer.fraction(1, 4);
        writer.field("b");
        writer.one_hot(3, Some(2));
        writer.many_hot(3, [0, 1]);
        writer.finish();
        assert_eq!(out, [1.0, 0.25, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0]);
        assert!(layout.markdown().contains("| `b` | 2 × 3 | 2 | a grid |"));
    }

    #[test]
    #[should_panic(expected = "tensor field 'a' written with 1 values where its shape has 2")]
    fn a_short_field_is_caught() {
        let layout = layout();
        let mut out = vec![0.0; 8];
        let mut writer = TensorWriter::new(&layout, &mut out);
        writer.field("a");
        writer.flag(true);
        writer.field("b");
    }

    #[test]
    #[should_panic(expected = "written where the layout has 'a'")]
    fn a_field_out_of_order_is_caught() {
        let layout = layout();
        let mut out = vec![0.0; 8];
        TensorWriter::new(&layout, &mut out).field("b");
    }

    #[test]
    #[should_panic(expected = "1 of the layout's 2 tensor fields written")]
    fn a_missing_field_is_caught() {
        let layout = layout();
        let mut out = vec![0.0; 8];
        let mut writer = TensorWriter::new(&layout, &mut out);
        writer.field("a");
        writer.skip(2);
        writer.finish();
    }
}
