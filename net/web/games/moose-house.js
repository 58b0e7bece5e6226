// Moose in the House's board, as the TUI's shows it: this seat's hand as cards, every house (its
// Moose in the House card, each room empty, with a moose or closed by a door, the hand's size),
// the draw pile's count and the discard pile; the moose waiting on a trap-or-allow answer.
// Also the moves' words, the turn's sentence and the end's explanation, from the seat's
// observation alone.

import { BOARD_WIDTH as WIDTH, board as svgBoard, s, label, count, spot, seatFill, capital } from '../draw.js';

export const title = 'Moose in the House';

const KINDS = ['kitchen', 'living', 'bedroom', 'bathroom'];
const CARD_ORDER = [
  'house', ...KINDS.map((k) => `moose:${k}`), ...KINDS.map((k) => `room:${k}`), 'door', 'trap',
];

function kindName(kind) {
  return kind === 'living' ? 'living room' : kind;
}

/** A card's name in words: `an empty kitchen`, `a moose (bedroom)`. */
function cardWords(card) {
  const [type, kind] = card.split(':');
  switch (type) {
    case 'room': return `empty ${kindName(kind)}`;
    case 'moose': return `moose (${kindName(kind)})`;
    case 'house': return 'Moose in the House';
    case 'door': return 'Door';
    case 'trap': return 'Trap';
    default: return card;
  }
}

/** A card's two short lines for its picture. */
function cardLines(card) {
  const [type, kind] = card.split(':');
  switch (type) {
    case 'room': return ['Empty', kind === 'living' ? 'living' : kind];
    case 'moose': return ['Moose', kind];
    case 'house': return ['Moose in', 'the House'];
    case 'door': return ['Door', ''];
    case 'trap': return ['Trap', ''];
    default: return [card, ''];
  }
}

function cardClass(card) {
  const type = card.split(':')[0];
  return `mh-card mh-${type}${card.includes(':') ? ` mh-kind-${card.split(':')[1]}` : ''}`;
}

/** What an action names: its verb, card, seat and room. */
function parse(action) {
  const words = action.split(' ');
  switch (words[0]) {
    case 'house': return { verb: 'house', card: 'house', seat: Number(words[1]) };
    case 'room': return { verb: 'room', card: `room:${words[1]}`, kind: words[1], seat: Number(words[2]) };
    case 'moose': return { verb: 'moose', card: `moose:${words[1]}`, kind: words[1], seat: Number(words[2]), room: Number(words[3]) };
    case 'door': return { verb: 'door', card: 'door', room: Number(words[1]) };
    case 'discard': return { verb: 'discard', card: words[1] };
    default: return { verb: words[0] };
  }
}

export function spots(action, observation) {
  const parsed = parse(action);
  const me = observation.seat;
  switch (parsed.verb) {
    case 'house':
    case 'room': return [`house-${parsed.seat}`, `card-${parsed.card}`];
    case 'moose': return [`room-${parsed.seat}-${parsed.room}`, `card-${parsed.card}`];
    case 'door': return [`room-${me}-${parsed.room}`, 'card-door'];
    case 'discard': return [`card-${parsed.card}`];
    case 'trap': return ['card-trap'];
    default: return [];
  }
}

function handCards(hand) {
  const cards = [];
  for (const card of CARD_ORDER) {
    for (let i = 0; i < (hand[card] || 0); i += 1) cards.push(card);
  }
  return cards;
}

function drawCard(card, x, y, w, h) {
  const [first, second] = cardLines(card);
  const group = s('g', {});
  group.append(
    s('rect', { x: x - 2, y: y - 2, width: w + 4, height: h + 4, rx: 8, class: 'outline' }),
    s('rect', { x, y, width: w, height: h, rx: 6, class: cardClass(card) }),
    label(x + w / 2, y + h / 2 - 2, first, { class: 'small mid bold mh-card-text' }),
    second ? label(x + w / 2, y + h / 2 + 11, second, { class: 'small mid mh-card-text' }) : null,
  );
  return group;
}

/** A room of a house: its number, kind and what lies on it. */
function drawRoom(room, x, y, size, pending) {
  const group = s('g', {});
  group.append(
    s('rect', { x: x - 2, y: y - 2, width: size + 4, height: size + 4, rx: 7, class: 'outline' }),
    s('rect', { x, y, width: size, height: size, rx: 5, class: `mh-room mh-kind-${room.kind}` }),
    label(x + 4, y + 11, String(room.room), { class: 'small bold' }),
    label(x + size / 2, y + size - 5, room.kind === 'living' ? 'living' : room.kind === 'bathroom' ? 'bath' : room.kind === 'bedroom' ? 'bed' : room.kind, { class: 'small mid' }),
  );
  if (room.content === 'moose') {
    // Antlers over a head: a moose is in.
    group.append(
      s('ellipse', { cx: x + size / 2, cy: y + size / 2 + 2, rx: 8, ry: 10, class: 'mh-moose-head' }),
      s('path', { d: `M${x + size / 2 - 6} ${y + size / 2 - 6}l-9 -6m9 6l-4 -9M${x + size / 2 + 6} ${y + size / 2 - 6}l9 -6m-9 6l4 -9`, class: 'mh-antler' }),
    );
  } else if (room.content === 'door') {
    group.append(
      s('rect', { x: x + size / 2 - 9, y: y + 13, width: 18, height: size - 28, rx: 2, class: 'mh-door-shape' }),
      s('circle', { cx: x + size / 2 + 5, cy: y + size / 2, r: 1.8, class: 'mh-knob' }),
    );
  } else if (pending) {
    group.append(label(x + size / 2, y + size / 2 + 4, '!', { class: 'big mid trap-text' }));
  }
  if (pending) {
    group.append(s('rect', { x: x - 1, y: y - 1, width: size + 2, height: size + 2, rx: 6, class: 'mh-pending' }));
  }
  return group;
}

export function board(observation, view) {
  const me = observation.seat;
  const pending = observation.phase.kind === 'trap' ? observation.phase.pending_moose : null;
  const parts = [];
  let y = 4;
  // The draw pile and the discards.
  const discards = CARD_ORDER.filter((card) => observation.discard[card] > 0)
    .map((card) => `${observation.discard[card]}× ${cardWords(card)}`);
  parts.push(
    s('rect', { x: 2, y, width: 30, height: 40, rx: 4, class: 'mh-card mh-back' }),
    label(17, y + 25, String(observation.pile_size), { class: 'mid bold on-color' }),
    label(40, y + 15, `Draw pile: ${count(observation.pile_size, 'card')}`, { class: 'bold' }),
    label(40, y + 32, observation.passes > 0 ? `${count(observation.passes, 'pass', 'passes')} in a row` : '', { class: 'small muted' }),
  );
  y += 58;
  const discardLines = [];
  let line = 'Discards:';
  for (const part of discards.length ? discards : ['none']) {
    if (`${line} ${part},`.length > 50) {
      discardLines.push(line);
      line = `   ${part}`;
    } else {
      line = line === 'Discards:' ? `${line} ${part}` : `${line}, ${part}`;
    }
  }
  discardLines.push(line);
  for (const text of discardLines) {
    parts.push(label(2, y, text, { class: 'small' }));
    y += 14;
  }
  y += 8;
  // This seat's hand.
  if (me !== null && me !== undefined && observation.hand) {
    const cards = handCards(observation.hand);
    parts.push(label(2, y + 10, cards.length ? 'Your hand' : 'Your hand is empty', { class: 'bold' }));
    y += 18;
    const w = 64;
    const hgt = 62;
    let x = 2;
    const seen = new Map();
    for (const card of cards) {
      if (x + w > WIDTH) {
        x = 2;
        y += hgt + 8;
      }
      const nth = (seen.get(card) || 0) + 1;
      seen.set(card, nth);
      const drawn = drawCard(card, x, y, w, hgt);
      if (nth === 1) spot(drawn, `card-${card}`, `your card: ${cardWords(card)}`);
      parts.push(drawn);
      x += w + 7;
    }
    if (cards.length) y += hgt + 14;
  }
  // Every house.
  const size = 50;
  for (const house of observation.houses) {
    const seat = house.seat;
    const mine = seat === me;
    const name = mine ? 'You' : view.boardName(seat, 16);
    const acting = observation.phase.kind !== 'over' && observation.turn === seat;
    const group = s('g', {});
    const top = y;
    group.append(
      s('rect', { x: 0, y: top, width: WIDTH, height: 1, class: 'cell' }),
      s('circle', { cx: 10, cy: top + 16, r: 7, class: seatFill(seat) }),
      label(10, top + 20, String(seat), { class: 'small mid on-color' }),
      label(22, top + 21, `${acting ? '▸ ' : ''}${name}`, { class: 'bold' }),
      label(WIDTH - 4, top + 21, `${count(observation.hand_sizes[seat], 'card')} in hand`, { class: 'small end-anchor muted' }),
    );
    y = top + 30;
    group.append(house.moose_in_house
      ? s('g', {}, s('rect', { x: 22, y, width: 140, height: 18, rx: 9, class: 'mh-house-badge' }),
        label(92, y + 13, 'Moose in the House', { class: 'small mid bold on-color' }))
      : label(22, y + 13, 'no Moose in the House yet', { class: 'small muted' }));
    group.append(label(WIDTH - 4, y + 13, `${count(house.moose, 'moose', 'moose')}, ${count(house.doors, 'door')}`, { class: 'small end-anchor' }));
    y += 26;
    let x = 22;
    if (house.rooms.length === 0) {
      group.append(label(22, y + 12, 'no rooms yet', { class: 'small muted' }));
      y += 20;
    } else {
      for (const room of house.rooms) {
        if (x + size > WIDTH) {
          x = 22;
          y += size + 8;
        }
        const isPending = pending && pending.target === seat && pending.room === room.room;
        const drawn = drawRoom(room, x, y, size, isPending);
        spot(drawn, `room-${seat}-${room.room}`, `${mine ? 'your' : `${view.nameOf(seat)}'s`} room ${room.room}: ${kindName(room.kind)}, ${room.content === 'empty' ? 'empty' : room.content === 'moose' ? 'a moose in it' : 'closed by a door'}`);
        group.append(drawn);
        x += size + 8;
      }
      y += size + 10;
    }
    const outline = s('rect', { x: 0, y: top + 2, width: WIDTH, height: y - top - 2, rx: 8, class: 'outline' });
    group.prepend(outline);
    spot(group, `house-${seat}`, `${mine ? 'your' : `${view.nameOf(seat)}'s`} house`);
    parts.push(group);
  }
  const summary = observation.houses.map((house) => `${view.nameOf(house.seat)}: ${house.moose_in_house ? 'Moose in the House' : 'no Moose in the House'}, ${count(house.rooms.length, 'room')}, ${count(house.moose, 'moose', 'moose')}, ${count(house.doors, 'door')}`).join('; ');
  const root = svgBoard(WIDTH, y + 4, `Draw pile ${observation.pile_size}. ${summary}.`);
  root.append(...parts);
  return root;
}

export function move(action, observation, view) {
  const parsed = parse(action);
  const whose = (seat) => (seat === observation.seat ? 'your' : `${view.nameOf(seat)}'s`);
  const roomOf = (seat, number) => observation.houses[seat]?.rooms.find((r) => r.room === number);
  switch (parsed.verb) {
    case 'house':
      return { label: `Moose in the House → ${view.nameOf(parsed.seat)}`, group: 'Moose in the House card' };
    case 'room':
      return { label: `Empty ${kindName(parsed.kind)} → ${view.nameOf(parsed.seat)}`, group: 'Give an empty room' };
    case 'moose':
      return { label: `Moose → ${whose(parsed.seat)} room ${parsed.room}`, detail: kindName(parsed.kind), group: 'Send a moose into a room' };
    case 'door': {
      const room = roomOf(observation.seat, parsed.room);
      return { label: `Door on your room ${parsed.room}`, detail: room ? kindName(room.kind) : '', group: 'Close one of your rooms' };
    }
    case 'discard':
      return { label: `Discard: ${cardWords(parsed.card)}`, group: 'Nothing can be played: discard a card' };
    case 'pass':
      return { label: 'Pass', detail: 'nothing can be played' };
    case 'trap':
      return { label: 'Trap it!', detail: 'the moose and your trap go to the discards' };
    case 'allow':
      return { label: 'Let it in', detail: 'the moose moves into your room' };
    default:
      return { label: action };
  }
}

export function prompt(observation, view) {
  const pending = observation.phase.kind === 'trap' ? observation.phase.pending_moose : null;
  if (pending && pending.target === observation.seat) {
    const traps = observation.hand.trap || 0;
    const holding = traps === 0 ? 'You hold no Trap card, so you can only let it in.'
      : traps === 1 ? 'You hold a Trap card: trap it, and the moose and the trap are discarded.'
        : `You hold ${traps} Trap cards: trap it, and the moose and one trap are discarded.`;
    return `${capital(view.nameOf(pending.attacker))} plays a moose into your room ${pending.room} (${kindName(pending.kind)}). ${holding}`;
  }
  if (view.legal.every((a) => a === 'pass')) return 'You can play nothing, and the pile is empty: pass.';
  if (view.legal.every((a) => a.startsWith('discard'))) return 'You can play nothing: discard one card.';
  return 'Play one card: moose into the others’ houses, doors on your own empty rooms.';
}

export function chanceText(observation) {
  switch (observation.phase.kind) {
    case 'deal': return 'Dealing the cards…';
    case 'turn_draw':
    case 'refill': return 'Drawing cards…';
    default: return 'Waiting…';
  }
}

export function waitingText(observation, view) {
  const pending = observation.phase.kind === 'trap' ? observation.phase.pending_moose : null;
  if (!pending) return '';
  const target = pending.target === observation.seat ? 'your' : `${view.nameOf(pending.target)}'s`;
  return `A moose heads for ${target} room ${pending.room}: trap it or let it in?`;
}

export function score(moose) {
  return count(moose, 'moose', 'moose');
}

