// Small helpers every board and the page use: elements made with the DOM (text always as text
// nodes, never parsed as HTML), the board's SVG root, and the words for counts and seats.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Appends children: strings and numbers become text nodes, null and false are skipped. */
function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
  return node;
}

function attributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(key, value === true ? '' : String(value));
  }
  return node;
}

/** An HTML element with attributes and children (text as text). */
export function h(tag, attrs, ...children) {
  return append(attributes(document.createElement(tag), attrs), children);
}

/** An SVG element with attributes and children (text as text). */
export function s(tag, attrs, ...children) {
  return append(attributes(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** SVG text at (x, y). */
export function label(x, y, text, attrs = {}) {
  return s('text', { x, y, ...attrs }, text);
}

/**
 * A board's SVG root, `width` wide in its own units (it scales to the page), with a label a
 * screen reader reads for it.
 */
export function board(width, height, summary) {
  return s('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'board',
    role: 'img',
    'aria-label': summary,
    preserveAspectRatio: 'xMidYMin meet',
  });
}

/** `1 hole`, `3 holes`. */
export function count(n, noun, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** `1st`, `2nd`, `3rd`, `11th`. */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th');
  return `${n}${suffix}`;
}

/** `a, b or c`. */
export function either(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The most characters of a seat's name shown (the Rust front ends' `CALLED_CHARS`). */
const CALLED_CHARS = 40;

/** Unicode's bidi controls, which reorder the text around them (engine::text::reorders). */
const REORDERS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * Text from outside as the Rust front ends show it (engine::text::cut): control and bidi
 * characters written out (`\u{1b}`), anything past `limit` characters said as a count.
 */
export function cut(text, limit) {
  const chars = Array.from(String(text));
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    if (i === limit) return `${out}… (${chars.length - limit} more characters)`;
    const c = chars[i];
    if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (/\p{Cc}/u.test(c) || REORDERS.test(c)) out += `\\u{${c.codePointAt(0).toString(16)}}`;
    else out += c;
  }
  return out;
}

/**
 * How a seat is named for people, in the one form every front end uses (the Rust
 * engine::naming::SeatNames::name; a test checks the two agree): `you` for the seat `me`
 * (`null` for a spectator), `seat 1 (bob)` for a seat the host called something (`names`,
 * the welcome's `seats`), `seat 1` for one it did not.
 */
export function seatName(seat, me, names) {
  if (me !== null && me !== undefined && seat === me) return 'you';
  const called = cut(names?.[seat] ?? '', CALLED_CHARS);
  return called === '' ? `seat ${seat}` : `seat ${seat} (${called})`;
}

/** `text` with its first letter a capital, to start a sentence. */
export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `your` for `you`, else `Ann's`. */
export function possessive(name) {
  return name === 'you' ? 'your' : `${name}'s`;
}

/** The CSS class of a seat's colour (fill), and of its stroke. */
export function seatFill(seat) {
  return `seat-fill s${seat % 6}`;
}

export function seatStroke(seat) {
  return `seat-stroke s${seat % 6}`;
}

/** The last roll of the die among the events seen (`roll N`), if any. */
export function lastRoll(events) {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const match = /^roll (\d+)$/.exec(events[i].action);
    if (match && events[i].actor === 'chance') return Number(match[1]);
  }
  return null;
}

/** The width every board is drawn at, in its own units (it scales to the page). */
export const BOARD_WIDTH = 360;

/** Where a die's pips lie for each value 1…6: [column, row], each 0, 1 or 2 (left or top first). */
export const PIPS = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** A die face showing `value` (1…6) as pips, `size` wide, at (x, y). */
export function die(x, y, size, value, title) {
  const group = s('g', { class: 'die', transform: `translate(${x} ${y})` },
    s('title', {}, title || `the die shows ${value}`),
    s('rect', { width: size, height: size, rx: size / 6, class: 'die-face' }));
  const at = [size * 0.27, size / 2, size * 0.73];
  for (const [px, py] of PIPS[value] || []) {
    group.append(s('circle', { cx: at[px], cy: at[py], r: size / 11, class: 'die-pip' }));
  }
  return group;
}

/**
 * Marks an element of the board as a place some legal moves touch: it can be tapped, or
 * focused and picked with Enter, to pick out those moves.
 */
export function spot(node, id, name) {
  node.setAttribute('data-spot', id);
  node.setAttribute('tabindex', '0');
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', name);
  node.classList.add('spot');
  return node;
}
