// Cheese Day's board, as the TUI's shows it: the six pantry cards (holes, the face if this seat
// knows it, else the chance of a trap from the cards nobody has seen, who peeked), the die,
// the reserve with its top card and count, the discards by value, and every collection with
// its holes, cheese cards and traps (the third one fatal). Also the moves' words, the turn's
// sentence and the end's explanation, from the seat's observation alone.

import { BOARD_WIDTH as WIDTH, PIPS, board as svgBoard, s, label, count, die, spot, seatFill, either, capital } from '../draw.js';

export const title = 'Cheese Day';

const CARD_W = 56;
const CARD_H = 86;
const CARD_GAP = 4;
const CARD_TOP = 16;

/** The chance, in percent, that an unseen card of `value` holes is a trap (the TUI's rounding). */
function trapPercent(observation, value) {
  const unseen = observation.unseen[value - 1];
  const total = unseen.cheese + unseen.trap;
  return total > 0 ? Math.floor((100 * unseen.trap + Math.floor(total / 2)) / total) : null;
}

function slotOf(action) {
  const match = /^(peek|take|remove) (\d)$/.exec(action);
  return match ? { verb: match[1], slot: Number(match[2]) } : null;
}

export function spots(action) {
  const parsed = slotOf(action);
  return parsed ? [`slot-${parsed.slot}`] : [];
}

/** A card's holes, laid out as a die's pips, in a 56 × 46 box. */
function holes(group, x, y, value) {
  const cx = [15, 28, 41];
  const cy = [10, 23, 36];
  for (const [px, py] of PIPS[value] || []) {
    group.append(s('circle', { cx: x + cx[px], cy: y + cy[py], r: 5.5, class: 'hole' }));
  }
}

function pantryCard(observation, view, card, x) {
  const y = CARD_TOP;
  const group = s('g', {});
  const chance = card.face ? null : trapPercent(observation, card.value);
  const peekers = card.peeked_by.map((seat) => view.nameOf(seat));
  const faceWords = card.face === 'trap' ? 'a trap (you peeked)' : card.face === 'cheese' ? 'cheese (you peeked)'
    : chance === null ? 'face unknown' : `face unknown, ${chance}% trap chance`;
  spot(group, `slot-${card.slot}`, `slot ${card.slot}: ${count(card.value, 'hole')}, ${faceWords}${peekers.length ? `, peeked by ${either(peekers)}` : ''}`);
  group.append(
    s('rect', { x: x - 2, y: y - 2, width: CARD_W + 4, height: CARD_H + 4, rx: 9, class: 'outline' }),
    label(x + CARD_W / 2, y - 4, `slot ${card.slot}`, { class: 'small mid muted' }),
    s('rect', { x, y, width: CARD_W, height: CARD_H, rx: 7, class: 'card-back' }),
  );
  holes(group, x, y + 2, card.value);
  group.append(label(x + CARD_W / 2, y + 60, count(card.value, 'hole'), { class: 'small mid bold' }));
  if (card.face) {
    const trap = card.face === 'trap';
    group.append(
      s('rect', { x: x + 4, y: y + 65, width: CARD_W - 8, height: 17, rx: 4, class: trap ? 'face-trap' : 'face-cheese', stroke: 'currentColor', 'stroke-width': 0.5 }),
      label(x + CARD_W / 2, y + 78, trap ? 'TRAP' : 'cheese', { class: `mid bold${trap ? ' on-color' : ''}` }),
    );
  } else {
    group.append(label(x + CARD_W / 2, y + 79, chance === null ? '?' : `? ${chance}%`, { class: 'mid' }));
  }
  card.peeked_by.forEach((seat, i) => {
    const cx = x + 8 + i * 14;
    group.append(
      s('circle', { cx, cy: y + CARD_H + 10, r: 6, class: seatFill(seat) }),
      label(cx, y + CARD_H + 13.5, String(seat), { class: 'small mid on-color' }),
    );
  });
  return group;
}

/** The discards by value (`2×6`) with the faces this seat knows of them (`1T`). */
function discardText(observation) {
  const parts = observation.discard.filter((d) => d.cards > 0).map((d) => {
    const known = [];
    if (d.known.cheese) known.push(`${d.known.cheese} cheese`);
    if (d.known.trap) known.push(`${d.known.trap} trap`);
    return `${d.cards}×${d.value}${known.length ? ` (${known.join(', ')})` : ''}`;
  });
  return parts.length ? parts : ['none'];
}

/** The cards a seat took, each as its holes and whether it is a trap. */
function taken(player) {
  const cards = [];
  for (const counts of player.taken) {
    for (let i = 0; i < counts.cheese; i += 1) cards.push({ value: counts.value, trap: false });
    for (let i = 0; i < counts.trap; i += 1) cards.push({ value: counts.value, trap: true });
  }
  return cards;
}

export function board(observation, view) {
  const rows = [];
  let y = CARD_TOP + CARD_H + 24;
  // The die, the reserve and the discards.
  const roll = observation.phase.kind === 'choose' ? observation.phase.roll : null;
  const middle = s('g', {});
  if (roll) {
    middle.append(die(2, y, 40, roll, `the die shows ${roll}`), label(22, y + 54, 'roll', { class: 'small mid muted' }));
  } else {
    middle.append(s('rect', { x: 2, y, width: 40, height: 40, rx: 7, class: 'die-face', 'stroke-dasharray': '4 3' }),
      label(22, y + 54, 'die', { class: 'small mid muted' }));
  }
  const reserve = observation.reserve;
  middle.append(
    s('rect', { x: 54, y, width: 34, height: 46, rx: 5, class: 'card-back' }),
    label(71, y + 29, reserve.top ?? '–', { class: 'big mid' }),
    label(96, y + 14, 'Reserve', { class: 'bold' }),
    label(96, y + 30, `${count(reserve.cards, 'card')}${reserve.top ? `, top ${count(reserve.top, 'hole')}` : ''}`),
  );
  let dy = y + 76;
  const discards = discardText(observation);
  let line = 'Discarded:';
  const lines = [];
  for (const part of discards) {
    if ((`${line} ${part}`).length > 52) {
      lines.push(line);
      line = `   ${part}`;
    } else {
      line = `${line} ${part}`;
    }
  }
  lines.push(line);
  for (const text of lines) {
    middle.append(label(2, dy, text));
    dy += 16;
  }
  rows.push(middle);
  y = dy + 6;
  // The collections.
  for (const player of observation.players) {
    const group = s('g', {});
    const name = view.seat === player.seat ? 'You' : view.boardName(player.seat, 14);
    const acting = observation.phase.kind !== 'over' && observation.turn === player.seat;
    group.append(
      s('rect', { x: 0, y: y - 2, width: WIDTH, height: 1, class: 'cell' }),
      s('circle', { cx: 10, cy: y + 12, r: 7, class: seatFill(player.seat) }),
      label(10, y + 16, String(player.seat), { class: 'small mid on-color' }),
      label(22, y + 17, `${acting ? '▸ ' : ''}${name}`, { class: 'bold' }),
      label(WIDTH - 62, y + 17, player.out ? 'out' : count(player.holes, 'hole'), { class: `end-anchor bold${player.out ? ' trap-text' : ''}` }),
    );
    // Three trap places: a cross for each trap taken, the third fatal.
    for (let i = 0; i < 3; i += 1) {
      const cx = WIDTH - 48 + i * 17;
      const taken = i < player.traps;
      group.append(s('circle', { cx, cy: y + 12, r: 7, class: `mark${i === 2 ? ' fatal' : ''}`, 'stroke-width': 1.5 }));
      if (taken) {
        group.append(s('path', { d: `M${cx - 4} ${y + 8}l8 8m0 -8l-8 8`, class: 'mark fatal', 'stroke-width': 2.5 }));
      }
    }
    let cx = 22;
    let cy = y + 24;
    const cards = taken(player);
    if (cards.length === 0) {
      group.append(label(22, cy + 14, player.out ? 'out: a third trap' : 'no cards taken yet', { class: 'small muted' }));
      cy += 20;
    } else {
      for (const card of cards) {
        if (cx + 24 > WIDTH) {
          cx = 22;
          cy += 24;
        }
        group.append(
          s('rect', { x: cx, y: cy, width: 22, height: 20, rx: 4, class: card.trap ? 'face-trap' : 'face-cheese' }),
          label(cx + 11, cy + 14.5, `${card.value}${card.trap ? 'T' : ''}`, { class: `small mid bold${card.trap ? ' on-color' : ''}` }),
        );
        cx += 25;
      }
      cy += 24;
    }
    group.append(label(22, cy + 12, `${count(player.cheese_cards, 'cheese card')}, ${count(player.traps, 'trap')}`, { class: 'small muted' }));
    rows.push(group);
    y = cy + 24;
  }
  const summary = [
    `Pantry: ${observation.pantry.map((c) => `slot ${c.slot} ${c.value}${c.face ? ` ${c.face}` : ''}`).join(', ')}.`,
    `Reserve: ${count(reserve.cards, 'card')}.`,
    observation.players.map((p) => `${view.nameOf(p.seat)}: ${count(p.holes, 'hole')}, ${count(p.traps, 'trap')}`).join('; '),
  ].join(' ');
  const root = svgBoard(WIDTH, y, summary);
  observation.pantry.forEach((card, i) => root.append(pantryCard(observation, view, card, 2 + i * (CARD_W + CARD_GAP))));
  root.append(...rows);
  return root;
}

export function move(action, observation) {
  const parsed = slotOf(action);
  if (!parsed) return { label: action };
  const card = observation.pantry.find((c) => c.slot === parsed.slot);
  const chance = card && !card.face ? trapPercent(observation, card.value) : null;
  const knows = card?.face ? `you know it is ${card.face === 'trap' ? 'a trap' : 'cheese'}` : chance === null ? '' : `${chance}% trap chance`;
  const holes = card ? count(card.value, 'hole') : '';
  switch (parsed.verb) {
    case 'take':
      return { label: `Take slot ${parsed.slot}`, detail: `${holes}${knows ? `, ${knows}` : ''}` };
    case 'remove':
      return { label: `Remove slot ${parsed.slot}`, detail: 'to the discards, unseen' };
    default:
      return { label: `Peek at slot ${parsed.slot}`, detail: `${holes}${knows ? `, ${knows}` : ''}` };
  }
}

export function movesHint(observation, view) {
  return view.legal.some((a) => a.startsWith('peek'))
    ? 'Tap a card, or a button: you see its face, nobody else does.'
    : 'Take the card (cheese or trap, everyone sees it) or remove it unseen.';
}

export function prompt(observation, view) {
  const roll = observation.phase.roll;
  return view.legal.some((a) => a.startsWith('peek'))
    ? `You rolled ${roll}: no card shows ${roll}, so peek at one card.`
    : `You rolled ${roll}: take or remove a card showing ${roll}.`;
}

export function chanceText(observation) {
  switch (observation.phase.kind) {
    case 'deal': return 'Dealing the pantry…';
    case 'draw': return 'Turning up the reserve’s top card…';
    case 'roll': return 'Rolling the die…';
    default: return 'Waiting…';
  }
}

export function waitingText(observation, view) {
  if (observation.phase.kind !== 'choose') return '';
  return `${capital(view.nameOf(observation.deciding))} rolled ${observation.phase.roll} and chooses.`;
}

export function score(holes) {
  return count(holes, 'hole');
}

