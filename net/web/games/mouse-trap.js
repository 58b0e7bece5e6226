// Mouse Trap's board, as the TUI's shows it: the path's spaces as a serpentine and The Loop
// beneath it, every mouse still in play on its space, the last roll of the die, the
// contraption's progress, and the cheese each seat holds beside the pile. Also the moves'
// words, the turn's sentence and the end's explanation, from the seat's observation alone.

import { BOARD_WIDTH as WIDTH, board as svgBoard, s, label, count, die, spot, seatFill, ordinal, either, possessive, lastRoll } from '../draw.js';

export const title = 'Mouse Trap';

const PER_ROW = 8;
const CELL_W = 43;
const CELL_H = 50;
const GAP = 2;

/** A space's kind in a few letters (the TUI's, with arrows). */
function spaceLabel(kind) {
  switch (kind.kind) {
    case 'start': return 'Go';
    case 'take': return `+${kind.cheese}`;
    case 'lose': return `−${kind.cheese}`;
    case 'take_from_richest': return `rob ${kind.cheese}`;
    case 'build': return `B${kind.players.join('-')}`;
    case 'move_ahead': return `→${kind.steps}`;
    case 'go_back': return `←${kind.steps}`;
    case 'dog_bone': return 'bone';
    case 'safe': return 'Safe';
    case 'turn_crank': return 'Crank';
    case 'cheese_wheel': return 'Wheel';
    default: return kind.kind;
  }
}

/** A space's kind in words, for a screen reader. */
function spaceWords(kind) {
  switch (kind.kind) {
    case 'start': return 'Start';
    case 'take': return `take ${kind.cheese} cheese`;
    case 'lose': return `lose ${kind.cheese} cheese`;
    case 'take_from_richest': return `take ${kind.cheese} from the rival with most`;
    case 'build': return `build ${kind.players.join('-')}`;
    case 'move_ahead': return `move ahead ${kind.steps}`;
    case 'go_back': return `go back ${kind.steps}`;
    case 'dog_bone': return 'dog bone';
    case 'safe': return 'Safe';
    case 'turn_crank': return 'Turn Crank';
    case 'cheese_wheel': return 'Cheese Wheel';
    default: return kind.kind;
  }
}

function spaceTone(kind, players) {
  switch (kind.kind) {
    case 'build': return kind.players.includes(players) ? 'mt-build' : 'mt-idle';
    case 'lose':
    case 'go_back':
    case 'take_from_richest': return 'mt-bad';
    case 'take':
    case 'cheese_wheel': return 'mt-good';
    case 'turn_crank':
    case 'safe': return 'mt-special';
    default: return 'mt-plain';
  }
}

function seatOf(action) {
  const match = /^(rob|move) (\d+)$/.exec(action);
  return match ? Number(match[2]) : null;
}

export function spots(action, observation) {
  const seat = seatOf(action);
  if (seat !== null) {
    const mouse = observation.mice[seat];
    return mouse ? [`mouse-${seat}`, `space-${mouse.space}`] : [`mouse-${seat}`];
  }
  if (action === 'crank') {
    const onWheel = observation.phase.kind === 'turn_crank' ? observation.phase.on_wheel : [];
    return [`space-${observation.board.cheese_wheel}`, ...onWheel.map((s) => `mouse-${s}`)];
  }
  if (action === 'stop') return [`space-${observation.board.turn_crank}`];
  return [];
}

function drawSpace(observation, view, space, x, y, w, h) {
  const kind = observation.board.spaces[space];
  const group = s('g', {});
  const mice = observation.mice.filter((m) => m.in_play && m.space === space);
  const here = mice.map((m) => view.nameOf(m.seat));
  spot(group, `space-${space}`, `space ${space}: ${spaceWords(kind)}${here.length ? `; ${either(here)} here` : ''}`);
  group.append(
    s('rect', { x: x - 1, y: y - 1, width: w + 2, height: h + 2, rx: 6, class: 'outline' }),
    s('rect', { x, y, width: w, height: h, rx: 5, class: `mt-space ${spaceTone(kind, observation.mice.length)}` }),
    label(x + 3, y + 10, String(space), { class: 'small muted' }),
    label(x + w / 2, y + h - 5, spaceLabel(kind), { class: 'mid bold mt-label' }),
  );
  mice.forEach((mouse, i) => {
    const cx = x + 10 + (i % 2) * 16 + (w > 50 ? 8 : 0);
    const cy = y + 19 + Math.floor(i / 2) * 13;
    group.append(
      s('circle', { cx, cy, r: 7, class: seatFill(mouse.seat) }),
      label(cx, cy + 3.5, String(mouse.seat), { class: 'small mid on-color' }),
    );
  });
  return group;
}

export function board(observation, view) {
  const parts = [];
  const boardData = observation.board;
  const loopStart = boardData.loop_start;
  const rows = Math.ceil(loopStart / PER_ROW);
  // The serpentine path behind the spaces, for the eye to follow.
  const centres = [];
  for (let space = 0; space < loopStart; space += 1) {
    const row = Math.floor(space / PER_ROW);
    const column = row % 2 === 0 ? space % PER_ROW : PER_ROW - 1 - (space % PER_ROW);
    centres.push([column * (CELL_W + GAP) + CELL_W / 2 + 1, row * (CELL_H + GAP) + CELL_H / 2]);
  }
  parts.push(s('polyline', { points: centres.map((c) => c.join(',')).join(' '), class: 'mt-track' }));
  for (let space = 0; space < loopStart; space += 1) {
    const row = Math.floor(space / PER_ROW);
    const column = row % 2 === 0 ? space % PER_ROW : PER_ROW - 1 - (space % PER_ROW);
    parts.push(drawSpace(observation, view, space, 1 + column * (CELL_W + GAP), row * (CELL_H + GAP), CELL_W, CELL_H));
  }
  let y = rows * (CELL_H + GAP) + 16;
  parts.push(label(2, y, `The Loop ↺ (after ${boardData.loop_end} comes ${loopStart})`, { class: 'bold' }),
    label(WIDTH - 2, y, `turn ${observation.turns_played + 1} of ${observation.max_turns}`, { class: 'small end-anchor muted' }));
  y += 6;
  const loopSpaces = boardData.loop_end - loopStart + 1;
  const loopW = Math.floor((WIDTH - 2 - GAP * (loopSpaces - 1)) / loopSpaces);
  for (let i = 0; i < loopSpaces; i += 1) {
    parts.push(drawSpace(observation, view, loopStart + i, 1 + i * (loopW + GAP), y, loopW, CELL_H));
  }
  y += CELL_H + 10;
  // The contraption and the die.
  const trap = observation.trap;
  const barW = 200;
  const filled = trap.needed === 0 ? barW : Math.min(barW, (trap.built * barW) / trap.needed);
  parts.push(
    label(2, y + 14, 'Trap', { class: 'bold' }),
    s('rect', { x: 40, y: y + 3, width: barW, height: 14, rx: 7, class: 'cell' }),
    s('rect', { x: 40, y: y + 3, width: Math.max(filled, 0.01), height: 14, rx: 7, class: trap.complete ? 'face-trap' : 'mt-bar' }),
    label(40 + barW + 6, y + 14, `${trap.built}/${trap.needed}${trap.complete ? ' ready!' : ' parts'}`, { class: trap.complete ? 'trap-text' : '' }),
  );
  const roll = lastRoll(view.events);
  if (roll) {
    parts.push(die(WIDTH - 36, y - 2, 34, roll, `the last roll was ${roll}`));
  }
  y += 40;
  // Cheese: every mouse's and the pile's.
  parts.push(label(2, y, `Cheese: ${observation.pile} in the pile, ${observation.total_cheese} in all`, { class: 'bold' }));
  y += 8;
  for (const mouse of observation.mice) {
    const group = s('g', {});
    const name = mouse.seat === view.seat ? 'You' : view.boardName(mouse.seat, 16);
    const acting = observation.phase.kind !== 'over' && observation.turn === mouse.seat;
    const text = mouse.in_play ? `${count(mouse.cheese, 'cheese', 'cheese')}, on ${mouse.space}` : `caught (${ordinal(mouse.captured_in)} capture)`;
    group.append(
      s('rect', { x: 0, y: y + 1, width: WIDTH, height: 24, rx: 6, class: 'outline' }),
      s('circle', { cx: 12, cy: y + 13, r: 8, class: seatFill(mouse.seat) }),
      label(12, y + 17, String(mouse.seat), { class: 'small mid on-color' }),
      label(26, y + 18, `${acting ? '▸ ' : ''}${name}`, { class: 'bold' }),
      label(WIDTH - 4, y + 18, text, { class: `end-anchor${mouse.in_play ? '' : ' trap-text'}` }),
    );
    spot(group, `mouse-${mouse.seat}`, `${view.nameOf(mouse.seat)}: ${text}`);
    parts.push(group);
    y += 26;
  }
  y += 6;
  parts.push(label(2, y + 8, '+N take cheese · −N lose cheese · rob N: take from the richest', { class: 'small muted' }),
    label(2, y + 22, 'B2-3: build with 2 or 3 players · →N ahead · ←N back', { class: 'small muted' }));
  y += 30;
  const summary = `Trap ${trap.built} of ${trap.needed} parts. ${observation.mice.map((m) => `${view.nameOf(m.seat)}: ${m.in_play ? `space ${m.space}, ${m.cheese} cheese` : 'caught'}`).join('; ')}. Pile ${observation.pile}.`;
  const root = svgBoard(WIDTH, y, summary);
  root.append(...parts);
  return root;
}

export function move(action, observation, view) {
  const seat = seatOf(action);
  if (action.startsWith('rob ')) {
    return { label: `Take a piece from ${view.nameOf(seat)}`, detail: `holds ${observation.mice[seat]?.cheese ?? 0} cheese` };
  }
  if (action.startsWith('move ')) {
    const at = observation.mice[seat]?.space;
    const steps = at === undefined ? null : stepsTo(observation, at, observation.board.cheese_wheel);
    return {
      label: `Pay 1 cheese: move ${possessive(view.nameOf(seat))} mouse`,
      detail: steps !== null && steps >= 1 && steps <= 6 ? `${count(steps, 'step')} from the Wheel: a ${steps} puts it there` : `on ${at}: too far from the Wheel for one roll`,
    };
  }
  if (action === 'crank') return { label: 'Turn the crank!', detail: 'catch every mouse on the Cheese Wheel' };
  if (action === 'stop') return { label: 'End your turn', detail: 'nobody is on the Cheese Wheel' };
  return { label: action };
}

/** How many spaces forward from `from` to `to` (round The Loop), if it can be reached. */
function stepsTo(observation, from, to) {
  const b = observation.board;
  let at = from;
  for (let steps = 1; steps <= 255; steps += 1) {
    at = at === b.loop_end ? b.loop_start : at + 1;
    if (at === to) return steps;
    if (at === from) return null;
  }
  return null;
}

export function prompt(observation, view) {
  const names = (seats) => either(seats.map((seat) => view.nameOf(seat)));
  const phase = observation.phase;
  switch (phase.kind) {
    case 'rob':
      return `You take ${phase.remaining} more cheese from the richest: name who gives the next piece (${names(phase.victims)}).`;
    case 'turn_crank': {
      const then = phase.on_wheel.length === 0
        ? 'then stop: nobody is on the Cheese Wheel'
        : `then crank: ${names(phase.on_wheel)} on the Cheese Wheel`;
      return phase.movable.length === 0
        ? `You are on Turn Crank with the trap complete: ${then}.`
        : `You are on Turn Crank with the trap complete: you may pay ${phase.move_cost} cheese to move the mouse of ${names(phase.movable)}, ${then}.`;
    }
    default:
      return '';
  }
}

export function chanceText(observation, view) {
  const phase = observation.phase;
  switch (phase.kind) {
    case 'roll': return `Rolling the die for ${observation.turn === view.seat ? 'you' : view.nameOf(observation.turn)}…`;
    case 'move_roll': return `Rolling for ${possessive(view.nameOf(phase.mouse))} mouse…`;
    case 'crank': return 'Turning the crank…';
    default: return 'Waiting…';
  }
}

export function waitingText(observation) {
  switch (observation.phase.kind) {
    case 'rob': return 'Taking cheese from the richest.';
    case 'turn_crank': return 'On Turn Crank with the trap complete!';
    default: return '';
  }
}

export function score(cheese) {
  return count(cheese, 'cheese', 'cheese');
}

