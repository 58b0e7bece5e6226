//! One board view per game: the [`BoardView`] trait each game implements in `view/<game>.rs`,
//! drawing that game's typed observation for the seat whose view is shown, and the small
//! drawing surface ([`Surface`]) they draw on, which also records where each place of the board
//! lies on the screen (for the mouse).

mod cheese_day;
mod moose_house;
mod mouse_race;
mod mouse_trap;

use std::fmt::Debug;

use mousehole_bots::{BotGame, recorded_names};
use mousehole_engine::SeenEvent;
use mousehole_engine::naming::{Reader, SeatNames};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;

use crate::theme::Theme;

/// How the TUI draws one game. Every registered game implements it: the session is built
/// through `visit_game!` with the bound `G: BotGame + BoardView`, so a new game does not
/// compile until it has a board here.
pub trait BoardView: BotGame {
    /// A place on the board an action can touch and a click can pick: a pantry slot, a room,
    /// a space, a cell.
    type Spot: Copy + PartialEq + Debug + Send + 'static;

    /// Every symbol the board draws, with what it means (the help's legend).
    const LEGEND: &'static [(&'static str, &'static str)];

    /// Whether the board pans by itself when it does not fit, in its own units
    /// ([`Surface::pan`]: Mouse Race around the seat's open end); every other board is drawn
    /// whole through a window the pan moves ([`draw`]).
    const PANS: bool = false;

    /// Whether a turn starts with the player's own die ([`BoardView::own_roll`]), so that
    /// the setup screen offers people to roll it with a key.
    const OWN_DICE: bool = false;

    /// The width and height the board would like for this observation; it gets at most the
    /// area there is and must draw something readable in 46 × 12.
    fn board_size(observation: &Self::Observation) -> (u16, u16);

    /// Draws the board as the observation's seat sees it, marking `board.marked` spots.
    fn draw_board(observation: &Self::Observation, board: &mut Surface<'_, Self::Spot>);

    /// The places `action` (one of the observing seat's legal actions) touches, for the
    /// board to highlight.
    fn spots(observation: &Self::Observation, action: &Self::Action) -> Vec<Self::Spot>;

    /// The move the cursor starts on among `legal` (the seat's legal actions, in order): the
    /// first, unless another is the one a person more likely wants (Cheese Day's peek starts
    /// on a card whose face the seat does not know yet, so Enter never wastes a peek).
    fn first_choice(observation: &Self::Observation, legal: &[Self::Action]) -> usize {
        let _ = (observation, legal);
        0
    }

    /// Whether the game is being set up (a deal): its chance events are shown at once rather
    /// than one per pace step, as nobody needs to follow a shuffle.
    fn dealing(observation: &Self::Observation) -> bool {
        let _ = observation;
        false
    }

    /// A question the seat must answer before anything else (Moose in the House's trap),
    /// shown as a modal with the moves; `None` for ordinary decisions.
    fn question(observation: &Self::Observation) -> Option<String> {
        let _ = observation;
        None
    }

    /// What is happening, said to the observing seat when it is its turn (`You are on Turn
    /// Crank…`), where the observation's own sentence speaks of it as `Seat 0`; `None` to
    /// use the observation's. Other seats are named as `names` (the screen's) calls them.
    fn prompt(observation: &Self::Observation, names: &SeatNames) -> Option<String> {
        let _ = (observation, names);
        None
    }

    /// At a chance node: the seat whose own die is about to be rolled for its turn, which a
    /// person may roll with a key (the roll is the match's chance event all the same).
    fn own_roll(observation: &Self::Observation) -> Option<usize> {
        let _ = observation;
        None
    }

    /// The die to draw on the board, from the events the seat has seen (for games whose
    /// observation does not keep the roll).
    fn die(seen: &[SeenEvent<Self::EventView>]) -> Option<u8> {
        let _ = seen;
        None
    }

    /// The seat's observation of a finished game with what was hidden filled in from the
    /// true state, for the end screen's board (faces instead of trap chances).
    fn revealed_observation(state: &Self, seat: usize) -> Self::Observation {
        state.observation(seat)
    }

    /// What was hidden that even [`BoardView::revealed_observation`]'s board does not show
    /// and `viewer`'s ending (`Game::ending`) does not say (other hands, the top of the
    /// reserve), from the true final state; empty when the game hid nothing. Only a game
    /// played here shows it: a hosted game's seat is never sent what the rules keep hidden.
    fn revealed(state: &Self, viewer: usize) -> Vec<String>;

    /// Why `action` (one of the seat's legal actions) is worth playing, in a few plain words
    /// from the seat's observation only (`5-hole card, 8% trap chance`); `None` where the
    /// action speaks for itself.
    fn reason(observation: &Self::Observation, action: &Self::Action) -> Option<String> {
        let _ = (observation, action);
        None
    }
}

/// How a finished game ended: the engine's words ([`mousehole_engine::Game::ending`]), which
/// every front end shows.
pub use mousehole_engine::outcome::HowItEnded as Ending;
pub use mousehole_engine::words::count;

/// Where pieces of these widths go, one space apart, from column `start` of a row on: a piece
/// that would cross column `width` starts the next row at `start` again (unless it is the
/// row's first). (row, column) per piece. Unlike [`crate::text::wrap_line`], which breaks
/// at every space, a piece is never broken (`2×6(1C 1T)`, `seat 2 caught`).
pub(crate) fn flow(widths: &[u16], start: u16, width: u16) -> Vec<(u16, u16)> {
    let mut places = Vec::with_capacity(widths.len());
    let (mut row, mut x) = (0, start);
    for &piece in widths {
        if x > start && x.saturating_add(piece) > width {
            row += 1;
            x = start;
        }
        places.push((row, x));
        x = x.saturating_add(piece).saturating_add(1);
    }
    places
}

/// The rows pieces placed by [`flow`] take: at least one.
pub(crate) fn rows_of(places: &[(u16, u16)]) -> u16 {
    places.last().map_or(1, |&(row, _)| row + 1)
}

/// The surface a board view draws on: an area of the frame, the theme, the spots to mark, the
/// seat names, the die to show, how far the person panned a board larger than its area, and
/// the record of where each spot was drawn.
///
/// A board that does not fit its area ([`draw`]) is drawn at its full size through a window
/// the size of the area, moved by the pan: what falls outside is not drawn, and arrows on the
/// window's edges say where more of it lies. Nothing is ever cut without a mark.
pub struct Surface<'a, S> {
    buf: &'a mut Buffer,
    area: Rect,
    pub theme: Theme,
    pub marked: &'a [S],
    /// Short names of the seats as the viewer reads them (`you`, `seat 1`).
    pub names: &'a [String],
    /// The die, for games whose observation does not hold it ([`BoardView::die`]).
    pub die: Option<u8>,
    /// How far the person panned from where the board would otherwise show, when it does not
    /// fit: in the board's own units for a board that pans by itself ([`BoardView::PANS`]:
    /// Mouse Race's cells), else in steps of two columns and one row.
    pub pan: (i16, i16),
    /// The board's own size, and the column and row of it at the area's top left.
    extent: (u16, u16),
    offset: (u16, u16),
    /// Whether anything was drawn past the window's right or bottom edge.
    cut: (bool, bool),
    hits: Vec<(Rect, S)>,
}

impl<S> std::fmt::Debug for Surface<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Surface")
            .field("area", &self.area)
            .field("offset", &self.offset)
            .finish_non_exhaustive()
    }
}

impl<S: Copy + PartialEq> Surface<'_, S> {
    pub fn new<'a>(
        buf: &'a mut Buffer,
        area: Rect,
        theme: Theme,
        marked: &'a [S],
        names: &'a [String],
    ) -> Surface<'a, S> {
        Surface {
            buf,
            area,
            theme,
            marked,
            names,
            die: None,
            pan: (0, 0),
            extent: (area.width, area.height),
            offset: (0, 0),
            cut: (false, false),
            hits: Vec::new(),
        }
    }

    /// The board is `size` large: where it does not fit the area, it is drawn through a
    /// window the pan moves (two columns and one row a step), kept on the board.
    fn fit(&mut self, size: (u16, u16)) {
        self.extent = (size.0.max(self.area.width), size.1.max(self.area.height));
        let most = (
            self.extent.0 - self.area.width,
            self.extent.1 - self.area.height,
        );
        let step = |pan: i16, per: i16, most: u16| -> u16 {
            u16::try_from(pan.saturating_mul(per).max(0))
                .unwrap_or(u16::MAX)
                .min(most)
        };
        self.offset = (step(self.pan.0, 2, most.0), step(self.pan.1, 1, most.1));
    }

    /// Arrows on the window's edges where more of the board lies that way.
    fn mark_cuts(&mut self) {
        let (width, height) = (self.area.width, self.area.height);
        if width < 3 || height < 3 {
            return;
        }
        let style = self.theme.accent();
        let (x, y) = (self.area.x, self.area.y);
        let middle = (x + width / 2, y + height / 2);
        if self.offset.0 > 0 {
            self.buf.set_string(x, middle.1, "◀", style);
        }
        if self.cut.0 {
            self.buf.set_string(x + width - 1, middle.1, "▶", style);
        }
        if self.offset.1 > 0 {
            self.buf.set_string(middle.0, y, "▲", style);
        }
        if self.cut.1 {
            self.buf.set_string(middle.0, y + height - 1, "▼", style);
        }
    }

    /// Where each spot was drawn (for clicks).
    pub fn into_hits(self) -> Vec<(Rect, S)> {
        self.hits
    }

    /// The board's width: the area's, or the board's own where it pans.
    pub fn width(&self) -> u16 {
        self.extent.0
    }

    /// The board's height: the area's, or the board's own where it pans.
    pub fn height(&self) -> u16 {
        self.extent.1
    }

    /// Whether the selected action touches `spot`.
    pub fn is_marked(&self, spot: S) -> bool {
        self.marked.contains(&spot)
    }

    /// `text` at column `x`, row `y` of the board, what falls in the window drawn. Returns the
    /// column after it.
    pub fn put(&mut self, x: u16, y: u16, text: &str, style: Style) -> u16 {
        let (ox, oy) = self.offset;
        let end = x.saturating_add(u16::try_from(crate::text::width(text)).unwrap_or(u16::MAX));
        if y < oy || y - oy >= self.area.height {
            self.cut.1 |= y >= oy && !text.trim().is_empty();
            return end;
        }
        let right = ox + self.area.width;
        let mut column = x;
        let mut shown = String::new();
        let mut first = None;
        for c in text.chars() {
            let width = u16::try_from(crate::text::char_width(c)).unwrap_or(1);
            if column >= ox && column + width <= right {
                first.get_or_insert(column);
                shown.push(c);
            } else if column + width > right && c != ' ' {
                self.cut.0 = true;
            }
            column += width;
        }
        if let Some(first) = first {
            self.buf.set_string(
                self.area.x + first - ox,
                self.area.y + y - oy,
                &shown,
                style,
            );
        }
        end
    }

    /// The first of `texts` that fits between column `x` and the board's edge (the last one
    /// if none does), at row `y`: the same thing said shorter on a narrow board. Returns the
    /// column after it.
    pub fn put_fitting(&mut self, x: u16, y: u16, texts: &[String], style: Style) -> u16 {
        let room = usize::from(self.width().saturating_sub(x));
        let text = texts
            .iter()
            .find(|text| crate::text::width(text) <= room)
            .or(texts.last());
        text.map_or(x, |text| self.put(x, y, text, style))
    }

    /// A line of styled pieces at row `y` from column `x`; returns the column after it.
    pub fn put_line(&mut self, x: u16, y: u16, line: &Line<'_>) -> u16 {
        let mut x = x;
        for span in &line.spans {
            x = self.put(x, y, &span.content, line.style.patch(span.style));
        }
        x
    }

    /// Restyles a rectangle of the board (marking).
    pub fn restyle(&mut self, x: u16, y: u16, width: u16, height: u16, style: Style) {
        if let Some(rect) = self.rect(x, y, width, height) {
            self.buf.set_style(rect, style);
        }
    }

    /// Records that `spot` was drawn in this rectangle of the board, for clicks.
    pub fn hit(&mut self, x: u16, y: u16, width: u16, height: u16, spot: S) {
        if let Some(rect) = self.rect(x, y, width, height) {
            self.hits.push((rect, spot));
        }
    }

    /// A box outline with an optional title in its top edge.
    pub fn frame(&mut self, x: u16, y: u16, width: u16, height: u16, title: &str, style: Style) {
        if width < 2 || height < 2 {
            return;
        }
        let inner = usize::from(width - 2);
        let mut top = String::from("┌");
        let title: String = title.chars().take(inner).collect();
        top.push_str(&title);
        top.push_str(&"─".repeat(inner - title.chars().count()));
        top.push('┐');
        self.put(x, y, &top, style);
        for row in 1..height - 1 {
            self.put(x, y + row, "│", style);
            self.put(x + width - 1, y + row, "│", style);
        }
        let bottom = format!("└{}┘", "─".repeat(inner));
        self.put(x, y + height - 1, &bottom, style);
    }

    /// A rectangle of the board on the screen, as much of it as the window shows.
    fn rect(&self, x: u16, y: u16, width: u16, height: u16) -> Option<Rect> {
        let left = i32::from(self.area.x) + i32::from(x) - i32::from(self.offset.0);
        let top = i32::from(self.area.y) + i32::from(y) - i32::from(self.offset.1);
        let clip = |start: i32, length: u16, from: u16, room: u16| -> Option<(u16, u16)> {
            let begin = start.max(i32::from(from));
            let stop = (start + i32::from(length)).min(i32::from(from) + i32::from(room));
            if stop <= begin {
                return None;
            }
            Some((
                u16::try_from(begin).ok()?,
                u16::try_from(stop - begin).ok()?,
            ))
        };
        let (x, width) = clip(left, width, self.area.x, self.area.width)?;
        let (y, height) = clip(top, height, self.area.y, self.area.height)?;
        Some(Rect::new(x, y, width, height))
    }
}

/// Draws `observation`'s board on `board`: one that does not fit is drawn through a window the
/// pan moves ([`Surface`]), unless it pans by itself ([`BoardView::PANS`]), and arrows on the
/// edges say where more of it lies.
pub fn draw<G: BoardView>(observation: &G::Observation, board: &mut Surface<'_, G::Spot>) {
    if !G::PANS {
        board.fit(G::board_size(observation));
    }
    G::draw_board(observation, board);
    board.mark_cuts();
}

/// Draws what `seat` is shown of `state`: its board, what is happening and, if it decides,
/// how each of its legal moves reads. Everything comes from the seat's observation; the leak
/// tests draw two states that differ only in what the seat cannot know and compare the frames.
pub fn draw_seat_view<G: crate::TuiGame>(
    state: &G,
    seat: usize,
    area: Rect,
    buf: &mut Buffer,
    theme: Theme,
) {
    let observation = state.observation(seat);
    let names = crate::session::short_names(&SeatNames::numbered(
        Reader::seat(seat),
        state.num_players(),
    ));
    let (_, board_height) = G::board_size(&observation);
    let board_area = Rect {
        height: board_height.min(area.height),
        ..area
    };
    let mut board = Surface::new(buf, board_area, theme, &[], &names);
    draw::<G>(&observation, &mut board);
    let status = observation.to_string();
    let mut lines: Vec<String> = status.lines().take(1).map(str::to_owned).collect();
    if state.to_move() == mousehole_engine::ToMove::Player(seat) {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        lines.extend(legal.iter().map(|a| G::choice_label(&observation, a)));
    }
    let rows = (area.y + board_area.height)..(area.y + area.height);
    for (y, line) in rows.zip(lines) {
        buf.set_stringn(area.x, y, &line, usize::from(area.width), theme.text());
    }
}

/// The spot drawn at screen position (`column`, `row`), if any (the last drawn wins).
pub fn spot_at<S: Copy>(hits: &[(Rect, S)], column: u16, row: u16) -> Option<S> {
    hits.iter()
        .rev()
        .find(|(rect, _)| rect.contains(ratatui::layout::Position { x: column, y: row }))
        .map(|&(_, spot)| spot)
}

/// The move line a click at `at` (column, row) picks among `lines`, the board having put its
/// spots at `hits` (drawn where nobody sees it): the next line after `selected` whose move
/// touches the spot clicked, so a second click on the same place goes to the next such move.
pub fn click_pick<G: BoardView>(
    hits: &[(Rect, G::Spot)],
    at: (u16, u16),
    observation: &G::Observation,
    lines: impl Iterator<Item = Option<G::Action>>,
    selected: usize,
) -> Option<usize> {
    let spot = spot_at(hits, at.0, at.1)?;
    clicked_line::<G>(spot, observation, lines, selected)
}

/// The line a click on `spot` picks among the moves `lines` (by line; `None` for none): the
/// next line after `selected` whose move touches the spot, so a second click on the same
/// place goes to the next move touching it.
fn clicked_line<G: BoardView>(
    spot: G::Spot,
    observation: &G::Observation,
    lines: impl Iterator<Item = Option<G::Action>>,
    selected: usize,
) -> Option<usize> {
    let touching: Vec<usize> = lines
        .enumerate()
        .filter(|(_, action)| {
            action.is_some_and(|action| G::spots(observation, &action).contains(&spot))
        })
        .map(|(line, _)| line)
        .collect();
    let next = touching
        .iter()
        .position(|&line| line == selected)
        .map_or(0, |at| (at + 1) % touching.len());
    touching.get(next).copied()
}

/// How a finished game ended, in words ([`mousehole_engine::Game::ending`]), read from its transcript with
/// `viewer` (if any) called `you`: for front ends without a board (the prompt's end banner).
/// `None` for a game that did not finish or does not replay.
pub fn ending_of(
    transcript: &mousehole_engine::Transcript,
    viewer: Option<usize>,
) -> Option<Ending> {
    struct Ended<'a> {
        transcript: &'a mousehole_engine::Transcript,
        viewer: Option<usize>,
    }
    impl crate::TuiVisitor for Ended<'_> {
        type Output = Option<Ending>;
        fn visit<G: crate::TuiGame>(self, _config: G::Config) -> Option<Ending> {
            use mousehole_engine::replay::{Chance, Replay};
            let outcome = self.transcript.outcome.as_ref()?;
            let mut replay = Replay::<G>::new(self.transcript, Chance::Recorded).ok()?;
            while replay.step().ok()? {}
            let seats = recorded_names(&self.transcript.seats, Reader(self.viewer));
            let names: Vec<String> = (0..seats.len()).map(|seat| seats.name(seat)).collect();
            let observation = replay.game().state().observation(self.viewer.unwrap_or(0));
            G::ending(&observation, outcome, &names)
        }
    }
    let spec =
        mousehole_engine::GameSpec::from_recorded(&transcript.game, &transcript.options).ok()?;
    crate::visit(&spec, Ended { transcript, viewer }).ok()?
}
