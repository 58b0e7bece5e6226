// Mouse Race's board, as the TUI's shows it: the grid with cell names on its edges, each path
// in its seat's colour (and its own dash, for who tells colours apart badly), the open ends as
// arrows, the cats, the cheese and its scent cells, the start corners; below it the bag and
// the tile in hand, and how far each path is from the cheese. Also the moves' words, the
// turn's sentence and the end's explanation, from the seat's observation alone.

import { BOARD_WIDTH as WIDTH, board as svgBoard, s, label, count, spot, seatFill, seatStroke, possessive, either, capital } from '../draw.js';

export const title = 'Mouse Race';

const MARGIN = 18;
const STEP = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] };
const DASHES = ['', '7 4', '2 4', '9 3 2 3'];

/** `c3` → column 2, row 2 (from 0, row 0 at the top). */
function cellAt(name) {
  return { col: name.charCodeAt(0) - 97, row: Number(name.slice(1)) - 1 };
}

function openEndCell(path) {
  const end = path.open_end;
  return end.kind === 'cell' ? end.cell : null;
}

function lastTile(path) {
  return path.tiles.length ? path.tiles[path.tiles.length - 1].cell : null;
}

export function spots(action, observation) {
  const words = action.split(' ');
  const path = observation.paths[observation.seat];
  switch (words[0]) {
    case 'cat': return [`cell-${words[1]}`];
    case 'place':
    case 'left':
    case 'right':
      if (words[1]) return [`cell-${words[1]}`];
      return path && openEndCell(path) ? [`cell-${openEndCell(path)}`] : [];
    case 'shoo': return path && openEndCell(path) ? [`cell-${openEndCell(path)}`] : [];
    case 'back': return path && lastTile(path) ? [`cell-${lastTile(path)}`] : [];
    default: return [];
  }
}

function letters(size) {
  return Array.from({ length: size }, (_, i) => String.fromCharCode(97 + i));
}

export function board(observation, view) {
  const size = observation.board.size;
  const cell = Math.floor((WIDTH - MARGIN - 4) / size);
  const ox = MARGIN;
  const oy = MARGIN;
  const gridW = cell * size;
  const parts = [];
  const at = (name) => {
    const { col, row } = cellAt(name);
    return { x: ox + col * cell, y: oy + row * cell };
  };
  // Cell names on the edges.
  letters(size).forEach((letter, i) => parts.push(label(ox + i * cell + cell / 2, oy - 5, letter, { class: 'small mid muted' })));
  for (let row = 0; row < size; row += 1) {
    parts.push(label(ox - 4, oy + row * cell + cell / 2 + 4, String(row + 1), { class: 'small end-anchor muted' }));
  }
  const scent = new Set(observation.board.scent);
  const corners = new Map(observation.board.corners.map((corner) => [corner.cell, corner.seat]));
  const cats = new Set(observation.cats);
  const cheese = observation.board.cheese;
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      const name = `${String.fromCharCode(97 + col)}${row + 1}`;
      const x = ox + col * cell;
      const y = oy + row * cell;
      const group = s('g', {});
      let tone = 'cell';
      if (scent.has(name)) tone = 'cell mr-scent';
      if (corners.has(name)) tone = corners.get(name) === null ? 'cell mr-corner' : `${seatFill(corners.get(name))} mr-start`;
      group.append(s('rect', { x, y, width: cell, height: cell, class: tone }),
        s('rect', { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, class: 'outline' }));
      if (corners.has(name) && corners.get(name) !== null) {
        group.append(label(x + cell / 2, y + cell / 2 + 4, String(corners.get(name)), { class: 'mid on-color' }));
      }
      spot(group, `cell-${name}`, `cell ${name}`);
      parts.push(group);
    }
  }
  // The cheese.
  {
    const { x, y } = at(cheese);
    parts.push(
      s('path', { d: `M${x + cell * 0.15} ${y + cell * 0.8}L${x + cell * 0.85} ${y + cell * 0.8}L${x + cell * 0.85} ${y + cell * 0.35}Q${x + cell * 0.5} ${y + cell * 0.05} ${x + cell * 0.15} ${y + cell * 0.55}Z`, class: 'card-back' }),
      s('circle', { cx: x + cell * 0.4, cy: y + cell * 0.62, r: cell * 0.08, class: 'hole' }),
      s('circle', { cx: x + cell * 0.65, cy: y + cell * 0.5, r: cell * 0.06, class: 'hole' }),
    );
  }
  // The paths: a road from the edge each tile is entered by, through its middle, out of the
  // edge its exit points to.
  for (const path of observation.paths) {
    let d = '';
    if (path.tiles.length) {
      const first = path.tiles[0];
      const { x, y } = at(first.cell);
      const [dx, dy] = STEP[first.entry];
      d += `M${x + cell / 2 - (dx * cell) / 2} ${y + cell / 2 - (dy * cell) / 2}`;
    }
    for (const tile of path.tiles) {
      const { x, y } = at(tile.cell);
      const cx = x + cell / 2;
      const cy = y + cell / 2;
      const [ex, ey] = STEP[tile.exit];
      d += `Q${cx} ${cy} ${cx + (ex * cell) / 2} ${cy + (ey * cell) / 2}`;
    }
    if (path.tiles.length) {
      parts.push(s('path', { d, class: `${seatStroke(path.seat)} mr-road`, 'stroke-width': Math.max(3, cell * 0.3), 'stroke-dasharray': DASHES[path.seat % 4] || null }));
    }
    // The open end: an arrow where the next tile would go.
    const end = path.open_end;
    const arrows = [];
    if (end.kind === 'cell' && path.heading) arrows.push([end.cell, path.heading]);
    if (end.kind === 'no_tile_yet') for (const start of end.cells) arrows.push([start.cell, start.heading]);
    if (end.kind === 'off_board' && path.heading) {
      const x = ox + (end.column - 1) * cell;
      const y = oy + (end.row - 1) * cell;
      parts.push(arrow(x, y, cell, path.heading, path.seat, true));
    }
    for (const [name, heading] of arrows) {
      const { x, y } = at(name);
      parts.push(arrow(x, y, cell, heading, path.seat, false));
    }
  }
  // The cats, over everything.
  for (const name of cats) {
    const { x, y } = at(name);
    parts.push(catFace(x, y, cell));
  }
  let y = oy + gridW + 18;
  // The bag and the tile in hand.
  const pool = observation.pool;
  const bag = observation.bag;
  const bagText = bag
    ? `Bag: ${count(bag.straight, 'straight', 'straights')}, ${count(bag.curve, 'curve')}, ${count(bag.cat, 'cat')}`
    : `Bag and hand: ${count(pool.straight, 'straight', 'straights')}, ${count(pool.curve, 'curve')}, ${count(pool.cat, 'cat')}`;
  parts.push(label(2, y, bagText, { class: 'bold' }));
  y += 18;
  const phase = observation.phase;
  if (phase.kind === 'holding') {
    const holder = observation.turn === view.seat ? 'You hold' : `${capital(view.nameOf(observation.turn))} holds`;
    const tile = phase.tile === 'hidden' ? 'a tile you cannot see' : phase.tile === 'cat' ? 'a cat' : `a ${phase.tile}`;
    parts.push(label(2, y, `${holder} ${tile}`));
    y += 18;
  }
  parts.push(label(2, y, `turn ${observation.turns_played + 1} of ${observation.max_turns}`, { class: 'small muted' }));
  y += 8;
  for (const path of observation.paths) {
    const name = path.seat === view.seat ? 'You' : view.boardName(path.seat, 14);
    const acting = phase.kind !== 'over' && observation.turn === path.seat;
    const end = path.open_end;
    const where = path.distance === 0 ? 'at the cheese!'
      : end.kind === 'off_board' ? `${count(path.distance, 'step')} away, pointing off the board`
        : end.kind === 'cell' && end.content === 'cat' ? `${count(path.distance, 'step')} away, a cat in the way`
          : end.kind === 'cell' && end.content !== 'empty' ? `${count(path.distance, 'step')} away, blocked`
            : `${count(path.distance, 'step')} from the cheese`;
    parts.push(
      s('circle', { cx: 10, cy: y + 12, r: 7, class: seatFill(path.seat) }),
      label(10, y + 16, String(path.seat), { class: 'small mid on-color' }),
      label(22, y + 17, `${acting ? '▸ ' : ''}${name}`, { class: 'bold' }),
      label(WIDTH - 2, y + 17, `${count(path.tiles.length, 'tile')}, ${where}`, { class: 'small end-anchor' }),
    );
    y += 24;
  }
  const summary = `${size} by ${size} board, cheese on ${cheese}. ${observation.paths.map((p) => `${view.nameOf(p.seat)}: ${count(p.tiles.length, 'tile')}, ${count(p.distance, 'step')} from the cheese`).join('; ')}. Cats on ${observation.cats.length ? observation.cats.join(', ') : 'no cell'}.`;
  const root = svgBoard(WIDTH, y + 4, summary);
  root.append(...parts);
  return root;
}

function arrow(x, y, cell, heading, seat, off) {
  const [dx, dy] = STEP[heading];
  const cx = x + cell / 2 - dx * cell * 0.15;
  const cy = y + cell / 2 - dy * cell * 0.15;
  const r = cell * 0.28;
  // A triangle pointing along the heading.
  const tip = [cx + dx * r, cy + dy * r];
  const back = [cx - dx * r * 0.6, cy - dy * r * 0.6];
  const side = [-dy * r * 0.7, dx * r * 0.7];
  const points = [tip, [back[0] + side[0], back[1] + side[1]], [back[0] - side[0], back[1] - side[1]]];
  return s('polygon', { points: points.map((p) => p.join(',')).join(' '), class: `${seatFill(seat)} mr-arrow${off ? ' mr-off' : ''}` });
}

function catFace(x, y, cell) {
  const cx = x + cell / 2;
  const cy = y + cell / 2 + cell * 0.06;
  const r = cell * 0.3;
  return s('g', { class: 'mr-cat' },
    s('title', {}, 'a cat'),
    s('polygon', { points: `${cx - r},${cy - r * 0.2} ${cx - r * 0.9},${cy - r * 1.35} ${cx - r * 0.25},${cy - r * 0.8}` }),
    s('polygon', { points: `${cx + r},${cy - r * 0.2} ${cx + r * 0.9},${cy - r * 1.35} ${cx + r * 0.25},${cy - r * 0.8}` }),
    s('circle', { cx, cy, r }),
    s('circle', { cx: cx - r * 0.4, cy: cy - r * 0.15, r: r * 0.16, class: 'mr-eye' }),
    s('circle', { cx: cx + r * 0.4, cy: cy - r * 0.15, r: r * 0.16, class: 'mr-eye' }));
}

export function move(action, observation) {
  const words = action.split(' ');
  const path = observation.paths[observation.seat];
  const end = path ? openEndCell(path) : null;
  switch (words[0]) {
    case 'draw': return { label: 'Draw a tile' };
    case 'pass': return { label: 'Pass', detail: 'draw nothing this turn' };
    case 'back': return { label: 'Take back your last tile', detail: path && lastTile(path) ? `from ${lastTile(path)}` : '' };
    case 'shoo': return { label: 'Shoo the cat', detail: end ? `off ${end}; your turn ends` : '' };
    case 'decline': return { label: 'Put it back', detail: 'into the bag; your turn ends' };
    case 'place': return { label: words[1] ? `Straight on ${words[1]}` : 'Lay the straight', detail: words[1] ? '' : end ? `on ${end}` : '' };
    case 'left':
    case 'right': {
      const turn = words[0] === 'left' ? 'Curve left' : 'Curve right';
      return { label: words[1] ? `${turn} on ${words[1]}` : turn, detail: words[1] ? '' : end ? `on ${end}` : '' };
    }
    case 'cat':
      return { label: `Put the cat on ${words[1]}`, short: words[1], small: true, group: 'Put the cat on a cell (or tap the board)' };
    default: return { label: action };
  }
}

export function prompt(observation, view) {
  const phase = observation.phase;
  if (phase.kind === 'holding') {
    switch (phase.tile) {
      case 'straight': return 'You drew a straight: lay it, or put it back.';
      case 'curve': return 'You drew a curve: lay it turning left or right, or put it back.';
      case 'cat': return 'You drew a cat: put it on a free cell to block a path (tap the board), or put it back.';
      default: return 'Lay your tile, or put it back.';
    }
  }
  const options = [];
  if (view.legal.includes('draw')) options.push('draw a tile');
  if (view.legal.includes('shoo')) options.push('shoo the cat');
  if (view.legal.includes('back')) options.push('take back your last tile');
  if (view.legal.includes('pass')) options.push('pass');
  return `Build your path to the cheese: ${either(options)}.`;
}

export function chanceText(observation, view) {
  if (observation.phase.kind === 'draw') {
    const who = observation.turn === view.seat ? 'You draw' : `${capital(view.nameOf(observation.turn))} draws`;
    return `${who} a tile${observation.phase.extra ? ' again' : ''}…`;
  }
  return 'Waiting…';
}

export function waitingText(observation) {
  return observation.phase.kind === 'holding' ? 'A tile was drawn: will it be laid?' : '';
}

export function score(distance) {
  return distance === 0 ? 'at the cheese' : `${count(distance, 'step')} away`;
}

