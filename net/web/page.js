// The page a browser plays a seat with (or watches the table): one more client of the host's
// WebSocket protocol (docs/network.md), sent exactly what `mousehole join` is sent. It joins
// with the seat's code from the address's fragment (never sent to the server in a request),
// draws the seat's board with the game's module (games/GAME.js), offers the legal moves as
// buttons carrying `data-action` with each move's text form, narrates every event with its
// note in a `role="log"` list, and rejoins by itself whenever the connection drops. Every
// text from the host is put on the page as text, never as HTML.

import { h, count, ordinal, seatName, capital } from './draw.js';

/** Loads a game's module: its board, the words of its moves, its end (games/GAME.js). */
function loadGame(game) {
  return /^[a-z][a-z0-9-]*$/.test(game) ? import(`./games/${game}.js`) : Promise.reject(new Error('not a game name'));
}

/** What this page tells the host it is (the host's log shows it). */
const CLIENT_NAME = 'a browser page';

/** Seconds between tries to rejoin: quick at first, then every few seconds for as long as it takes. */
const REJOIN_DELAYS = [0.5, 1, 2, 3, 5];

const $ = (id) => document.getElementById(id);

const page = {
  /** `{ kind: 'seat', code }` or `{ kind: 'watch' }`, from the fragment. */
  target: null,
  socket: null,
  /** Tries since the last good welcome. */
  tries: 0,
  retry: null,
  /** Set when the host said no for good (a wrong code, no watching, another device took the seat). */
  refused: false,
  /** The host closed the game (`quit`): nothing more will come. */
  closed: false,
  welcome: null,
  game: null,
  observation: null,
  events: [],
  act: null,
  /** The id of the act this page answered and waits on the host's verdict for. */
  answered: null,
  over: null,
  /** The rematch the host offers after the game's end: `{ asked, yes, deadline, answered }`
   *  (`answered`: this page's yes or no, `null` before it said). */
  rematch: null,
  rematchTimer: null,
  /** The connection line says whom the host waits for to join (stale once the game goes). */
  waitingToJoin: false,
  /** The spot picked on the board, whose moves stand out. */
  picked: null,
  rulesFor: null,
};

// ---------------------------------------------------------------------------------------------
// Where the page points: the fragment holds the seat's code (or `watch`).

function readTarget() {
  const fragment = decodeURIComponent(location.hash.replace(/^#/, '')).trim();
  if (fragment === '') return null;
  if (fragment.toLowerCase() === 'watch') return { kind: 'watch' };
  return { kind: 'seat', code: fragment.replace(/^code=/i, '') };
}

function socketUrl() {
  const url = new URL('./', location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.hash = '';
  url.search = '';
  return url.href;
}

function start() {
  page.target = readTarget();
  disconnect();
  resetGame();
  page.refused = false;
  page.closed = false;
  page.tries = 0;
  $('problem').hidden = true;
  if (!page.target) {
    show('entry');
    setConnection('Not joined yet.');
    $('entry-code').focus();
    return;
  }
  $('entry').hidden = true;
  connect();
}

function show(id) {
  $(id).hidden = false;
}

function setConnection(text, tone = '') {
  const line = $('connection');
  line.textContent = text;
  line.className = tone;
}

// ---------------------------------------------------------------------------------------------
// The connection: join or watch, then take what the host sends; rejoin after a drop.

function connect() {
  clearTimeout(page.retry);
  page.retry = null;
  if (page.socket || page.refused || page.closed || !page.target) return;
  setConnection(page.tries === 0 ? 'Connecting…' : 'Connection lost: joining again…', page.tries ? 'warn' : '');
  let socket;
  try {
    socket = new WebSocket(socketUrl());
  } catch (error) {
    setConnection(`Cannot connect: ${error.message}`, 'bad');
    return;
  }
  page.socket = socket;
  socket.addEventListener('open', () => {
    const opening = page.target.kind === 'watch'
      ? { type: 'watch' }
      : { type: 'join', code: page.target.code, name: CLIENT_NAME };
    socket.send(JSON.stringify(opening));
  });
  socket.addEventListener('message', (event) => {
    if (page.socket !== socket) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    receive(message);
  });
  socket.addEventListener('close', () => {
    if (page.socket !== socket) return;
    page.socket = null;
    dropped();
  });
}

function disconnect() {
  clearTimeout(page.retry);
  page.retry = null;
  const socket = page.socket;
  page.socket = null;
  if (socket) socket.close();
}

/** The connection is gone: try again, unless the host said no or the game is over. */
function dropped() {
  if (page.refused) return;
  if (page.closed || (page.over && !page.rematch && page.tries === 0 && page.welcome)) {
    setConnection(page.over ? 'The game is over.' : 'The host closed the game.');
    return;
  }
  const delay = REJOIN_DELAYS[Math.min(page.tries, REJOIN_DELAYS.length - 1)];
  page.tries += 1;
  setConnection(`Connection lost: joining again in ${delay < 1 ? 'a moment' : count(delay, 'second')}…`, 'warn');
  page.retry = setTimeout(connect, delay * 1000);
}

function send(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) return false;
  page.socket.send(JSON.stringify(message));
  return true;
}

function receive(message) {
  switch (message.type) {
    case 'welcome':
      welcome(message);
      break;
    case 'new_game':
      resetGame();
      render();
      break;
    case 'act':
      underWay();
      addEvents(message.events);
      page.observation = message.observation;
      page.act = { id: message.id, legal: message.legal };
      page.answered = null;
      render();
      break;
    case 'events':
      underWay();
      addEvents(message.events);
      if (message.observation) page.observation = seen(message.observation);
      if (page.act && page.answered === page.act.id) page.act = null;
      render();
      break;
    case 'game_over':
      addEvents(message.events);
      page.act = null;
      page.over = { outcome: message.outcome ?? null, ending: message.ending ?? null };
      render();
      break;
    case 'rematch':
      offered(message);
      break;
    case 'status':
      status(message.text);
      break;
    case 'error':
      hostError(message);
      break;
    case 'quit':
      page.closed = true;
      setConnection('The host closed the game.');
      break;
    default:
      break;
  }
}

async function welcome(message) {
  page.tries = 0;
  // A welcome starts the game over (a rejoin is sent it all again); what comes while the
  // game's module loads is kept, and drawn once it has.
  page.welcome = message;
  resetGame();
  try {
    page.game = await loadGame(message.game);
  } catch {
    refuse('This page cannot show that game', `The host plays ${message.game}, which this page does not know.`);
    return;
  }
  connected();
  // The table is read from across a room: larger print.
  document.body.classList.toggle('table', message.seat === null);
  document.title = `${page.game.title} — mousehole`;
  $('title').textContent = page.game.title;
  $('who').textContent = message.seat === null
    ? `Watching: ${message.seats.map((_, seat) => seatName(seat, null, message.seats)).join(', ')}`
    : `You are ${seatName(message.seat, null, message.seats)}`;
  loadRules(message.game);
  render();
}

/** The connection line once joined: connected (or watching), nothing to wait for. */
function connected() {
  page.waitingToJoin = false;
  setConnection(page.welcome?.seat === null ? 'Watching the table.' : 'Connected.', 'good');
}

/** The game is under way: a line still saying whom the host waited for to join is stale. */
function underWay() {
  if (page.waitingToJoin) connected();
}

/** An observation as the board draws it: a spectator's is the public view (`"public": true`),
 *  which is nobody's seat, so nothing on it is drawn as "you" or "your hand". */
function seen(observation) {
  return observation.public ? { ...observation, seat: null } : observation;
}

function resetGame() {
  setRematch(null);
  page.observation = null;
  page.events = [];
  page.act = null;
  page.answered = null;
  page.over = null;
  page.picked = null;
  $('log').replaceChildren();
  $('end').hidden = true;
}

function status(text) {
  // The offer is settled: no rematch (a yes from everyone is followed by the next game's
  // welcome, which clears it).
  if (page.rematch && /rematch/.test(text) && !/everyone said yes/.test(text)) setRematch(null);
  addLogLine('status', null, text, null);
  if (!page.over) {
    setConnection(text, /lost|waiting/.test(text) ? 'warn' : 'good');
    page.waitingToJoin = /^waiting for .* to join$/.test(text);
  }
}

function hostError(message) {
  switch (message.error) {
    case 'wrong_code':
      refuse('That code is not right',
        'No seat of this game has the code in this link. Check the link or code the host gave for your seat, or ask the host for it again.',
        message.message);
      break;
    case 'no_watching':
      refuse('This game cannot be watched',
        'The host did not allow spectators (it was not started with --allow-watch).', message.message);
      break;
    case 'replaced':
      refuse('Your seat was opened somewhere else',
        'Someone joined with this seat\'s code on another device or tab, so this page stopped. Reload it to take the seat back here.',
        message.message);
      break;
    case 'full':
      // Too many connections just now: try again later, as after a drop.
      setConnection(message.message, 'warn');
      break;
    case 'join_first':
      refuse('The host did not take this page', message.message, '');
      break;
    default:
      // An answer the host would not take: the act stands, so its moves come back.
      if (page.act && (message.id === undefined || message.id === null || message.id === page.act.id)) {
        page.answered = null;
      }
      $('moves-error').textContent = message.message;
      $('moves-error').hidden = false;
      render();
      break;
  }
}

/** The host said no for good: say so in words, and do not try again. */
function refuse(title, text, hostText) {
  page.refused = true;
  disconnect();
  $('problem-title').textContent = title;
  $('problem-text').textContent = text;
  $('problem-host').textContent = hostText ? `The host says: ${hostText}` : '';
  show('problem');
  setConnection('Not joined.', 'bad');
  for (const id of ['board-area', 'moves-area', 'turn']) $(id).hidden = true;
}

// ---------------------------------------------------------------------------------------------
// The log: every event with its note, and the host's status lines.

/** `you`, `seat 1 (ann)`: a seat as this page's seat (or a spectator) reads it. */
function nameOf(seat) {
  return seatName(seat, page.welcome?.seat ?? null, page.welcome?.seats);
}

/** The seat's name where a board has room for `max` characters: whole, or else its number
 *  alone (`seat 1`, as the terminal's boards name seats), never cut inside the name. */
function boardName(seat, max) {
  const name = nameOf(seat);
  return Array.from(name).length <= max ? name : seatName(seat, page.welcome?.seat ?? null, []);
}

function addEvents(events) {
  for (const event of events || []) {
    page.events.push(event);
    const who = event.actor === 'chance' ? null : nameOf(event.actor);
    const text = page.game?.narrate ? page.game.narrate(event) : event.action;
    addLogLine('event', who, text, event.note ?? null, event.action);
  }
}

function addLogLine(kind, who, text, note, action) {
  const log = $('log');
  const item = h('li', { class: `log-${kind}`, 'data-event': action ?? null },
    who ? h('span', { class: 'log-who' }, who, ' ') : null,
    h('span', { class: 'log-what' }, text),
    note ? h('span', { class: 'log-note' }, ` — ${note}`) : null);
  log.append(item);
  log.scrollTop = log.scrollHeight;
  $('log-area').hidden = false;
}

// ---------------------------------------------------------------------------------------------
// Drawing: the turn line, the board, the moves, the end.

function view() {
  const welcome = page.welcome;
  return {
    seat: welcome?.seat ?? null,
    names: welcome?.seats ?? [],
    nameOf,
    boardName,
    events: page.events,
    legal: page.act && page.answered !== page.act.id ? page.act.legal : [],
    picked: page.picked,
  };
}

function render() {
  if (!page.welcome || !page.game) return;
  const v = view();
  renderTurn(v);
  renderBoard(v);
  renderMoves(v);
  renderEnd(v);
}

function renderTurn(v) {
  const turn = $('turn');
  turn.hidden = false;
  let headline;
  let detail = '';
  let mine = false;
  const observation = page.observation;
  if (page.over) {
    headline = 'Game over';
  } else if (v.legal.length > 0) {
    mine = true;
    headline = 'Your turn';
    detail = observation ? page.game.prompt(observation, v) : '';
  } else if (page.act && page.answered === page.act.id) {
    headline = 'Move sent…';
  } else if (observation) {
    const deciding = observation.deciding;
    headline = deciding === null || deciding === undefined
      ? page.game.chanceText(observation, v)
      : `Waiting for ${nameOf(deciding)}…`;
    detail = page.game.waitingText ? page.game.waitingText(observation, v) : '';
  } else {
    headline = v.seat === null ? 'Watching the table' : 'Waiting for the game to start…';
  }
  const last = page.events[page.events.length - 1];
  turn.className = mine ? 'turn mine' : 'turn';
  turn.replaceChildren(h('div', {},
    h('p', { class: 'turn-headline' }, headline),
    detail ? h('p', { class: 'turn-detail' }, detail) : null,
    last ? h('p', { class: 'turn-last' }, 'Last: ',
      last.actor === 'chance' ? '' : `${capital(nameOf(last.actor))} `,
      page.game.narrate ? page.game.narrate(last) : last.action,
      last.note ? ` — ${last.note}` : '') : null));
  document.title = `${mine ? '● Your turn — ' : ''}${page.game.title} — mousehole`;
}

function renderBoard(v) {
  const area = $('board-area');
  if (!page.observation) {
    area.hidden = true;
    return;
  }
  area.hidden = false;
  const svg = page.game.board(page.observation, v);
  $('board').replaceChildren(svg);
  for (const spotNode of svg.querySelectorAll('[data-spot]')) {
    const id = spotNode.getAttribute('data-spot');
    const moves = v.legal.filter((action) => page.game.spots(action, page.observation).includes(id));
    if (moves.length === 0) {
      spotNode.removeAttribute('tabindex');
      spotNode.removeAttribute('role');
      spotNode.classList.remove('spot');
      continue;
    }
    spotNode.classList.add('playable');
    if (page.picked === id) spotNode.classList.add('picked');
    const pick = () => {
      page.picked = page.picked === id ? null : id;
      render();
      const first = document.querySelector('#moves button.picked');
      if (first) {
        first.scrollIntoView({ block: 'nearest' });
        first.focus({ preventScroll: true });
      }
    };
    spotNode.addEventListener('click', pick);
    spotNode.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        pick();
      }
    });
  }
}

function renderMoves(v) {
  const area = $('moves-area');
  const moves = $('moves');
  const list = $('typed-list');
  $('typed').hidden = v.legal.length === 0;
  if (v.legal.length === 0) {
    area.hidden = true;
    moves.replaceChildren();
    list.replaceChildren();
    return;
  }
  area.hidden = false;
  $('moves-hint').textContent = page.game.movesHint ? page.game.movesHint(page.observation, v) : '';
  const groups = new Map();
  for (const action of v.legal) {
    const described = page.game.move(action, page.observation, v);
    const group = described.group ?? '';
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push({ action, ...described });
  }
  const blocks = [];
  for (const [group, items] of groups) {
    const buttons = items.map((item) => {
      const picked = page.picked !== null
        && page.game.spots(item.action, page.observation).includes(page.picked);
      const button = h('button', {
        type: 'button',
        class: `move${item.small ? ' small' : ''}${picked ? ' picked' : ''}`,
        'data-action': item.action,
        'aria-label': item.small ? item.label : null,
      },
      h('span', { class: 'move-label' }, item.small ? item.short : item.label),
      item.small || item.label === item.action ? null : h('span', { class: 'move-form' }, item.action),
      item.detail ? h('span', { class: 'move-detail' }, item.detail) : null);
      button.addEventListener('click', () => play(item.action));
      return button;
    });
    blocks.push(h('div', { class: `move-group${items[0].small ? ' grid' : ''}` },
      group ? h('p', { class: 'move-group-title' }, group) : null,
      buttons));
  }
  moves.replaceChildren(...blocks);
  list.replaceChildren(...v.legal.map((action) => h('option', { value: action })));
}

/** Answers the act with one of its legal actions. */
function play(action) {
  const act = page.act;
  if (!act || page.answered === act.id || !act.legal.includes(action)) return;
  if (!send({ type: 'action', id: act.id, action })) {
    $('moves-error').textContent = 'Not connected just now: your move was not sent. It will be asked again once the page has rejoined.';
    $('moves-error').hidden = false;
    return;
  }
  page.answered = act.id;
  page.picked = null;
  $('moves-error').hidden = true;
  $('typed-move').value = '';
  render();
}

function typedMove(event) {
  event.preventDefault();
  const typed = $('typed-move').value.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!page.act || typed === '') return;
  const action = page.act.legal.find((legal) => legal.toLowerCase() === typed);
  if (action) {
    play(action);
  } else {
    $('moves-error').textContent = `'${typed}' is not one of your moves now: ${page.act.legal.join(', ')}`;
    $('moves-error').hidden = false;
  }
}

function renderEnd(v) {
  const end = $('end');
  if (!page.over) {
    end.hidden = true;
    end.removeAttribute('data-outcome');
    return;
  }
  end.hidden = false;
  const outcome = page.over.outcome;
  const list = $('end-list');
  if (!outcome) {
    end.removeAttribute('data-outcome');
    $('end-title').textContent = 'The game stopped';
    $('end-reason').textContent = 'The game stopped before its end: nobody won.';
    list.replaceChildren();
    list.hidden = true;
    $('end-tie').hidden = true;
    return;
  }
  end.setAttribute('data-outcome', JSON.stringify(outcome));
  // How it ended, in the host's words (written for this seat, or for the table).
  const ending = page.over.ending;
  const winners = outcome.ranks.map((rank, seat) => (rank === 1 ? seat : null)).filter((seat) => seat !== null);
  const mine = v.seat !== null && outcome.ranks[v.seat] === 1;
  $('end-title').textContent = v.seat === null
    ? `${capital(winners.map(nameOf).join(' and '))} ${winners.length === 1 ? 'wins' : 'share the win'}`
    : mine ? (winners.length === 1 ? 'You win!' : 'You share the win!')
      : `${capital(winners.map(nameOf).join(' and '))} ${winners.length === 1 ? 'wins' : 'share the win'}`;
  $('end-reason').textContent = ending ? `The game ended: ${ending.reason}.` : '';
  const order = outcome.ranks.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  list.replaceChildren(...order.map(({ rank, seat }) => h('li', { class: seat === v.seat ? 'me' : null },
    h('p', { class: 'end-line' },
      h('span', { class: 'end-place' }, ordinal(rank)), ' ',
      h('span', { class: 'end-who' }, capital(nameOf(seat))), ' ',
      h('span', { class: 'end-score' }, page.game.score(outcome.scores[seat]))),
    ending?.breakdown?.[seat] ? h('p', { class: 'end-how' }, ending.breakdown[seat]) : null)));
  list.hidden = false;
  $('end-tie').textContent = ending?.tie_break ? `Ties: ${ending.tie_break}.` : '';
  $('end-tie').hidden = !ending?.tie_break;
}

// ---------------------------------------------------------------------------------------------
// A rematch: after the game's end the host offers one with the same seats; the next game
// begins (a new welcome) once everyone asked said yes.

function offered(message) {
  const answered = page.rematch ? page.rematch.answered : null;
  setRematch({
    asked: message.asked ?? [],
    yes: message.yes ?? [],
    deadline: Date.now() + (message.within_ms ?? 0),
    answered,
  });
}

function setRematch(rematch) {
  page.rematch = rematch;
  clearInterval(page.rematchTimer);
  page.rematchTimer = rematch ? setInterval(renderRematch, 1000) : null;
  renderRematch();
}

function answerRematch(yes) {
  if (!page.rematch || page.rematch.answered !== null) return;
  if (!send({ type: 'rematch', yes })) return;
  page.rematch.answered = yes;
  renderRematch();
}

function renderRematch() {
  const box = $('rematch');
  const rematch = page.rematch;
  if (!rematch || !page.welcome) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const seat = page.welcome.seat;
  const asked = seat !== null && rematch.asked.includes(seat);
  const left = Math.max(0, Math.ceil((rematch.deadline - Date.now()) / 1000));
  const time = left >= 60 ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` : count(left, 'second');
  const mine = asked && rematch.answered === null;
  $('rematch-buttons').hidden = !mine;
  $('rematch-question').textContent = mine
    ? 'Play again with the same seats?'
    : rematch.answered === true ? 'You said yes: the next game begins when everyone has.'
      : rematch.answered === false ? 'You said no thanks.'
        : 'The players are asked to play again.';
  const who = rematch.asked.map((s) => `${capital(nameOf(s))}: ${rematch.yes.includes(s) ? 'yes ✓' : 'not yet'}`);
  $('rematch-standing').textContent = `${who.join(' · ')} — ${time} left to answer`;
  box.setAttribute('data-yes', JSON.stringify(rematch.yes));
}

// ---------------------------------------------------------------------------------------------
// The rules, as `mousehole rules` prints them for the game the host plays.

async function loadRules(game) {
  if (page.rulesFor === game) return;
  page.rulesFor = game;
  try {
    const response = await fetch(new URL('rules', location.href), { cache: 'no-cache' });
    if (!response.ok) return;
    showRules(await response.text());
  } catch {
    // The rules are a help, not the game: without them the page plays on.
  }
}

/** The rules' text as the terminal shows it, line for line (the page wraps what is too long). */
function showRules(text) {
  if (text.trim() === '') return;
  $('rules-text').textContent = text;
  $('rules').hidden = false;
}

// ---------------------------------------------------------------------------------------------

$('entry-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const code = $('entry-code').value.trim();
  if (code) location.hash = code;
});
$('problem-again').addEventListener('click', (event) => {
  event.preventDefault();
  history.replaceState(null, '', location.pathname);
  start();
});
$('typed').addEventListener('submit', typedMove);
$('rematch-yes').addEventListener('click', () => answerRematch(true));
$('rematch-no').addEventListener('click', () => answerRematch(false));
window.addEventListener('hashchange', start);
// A phone unlocked or a laptop woken: rejoin at once rather than at the next try.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && !page.socket) connect();
});
window.addEventListener('online', () => {
  if (!page.socket) connect();
});
start();
