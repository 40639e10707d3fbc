// The app in Firefox ESR (issue 36), a browser nobody here wrote, with real input: Firefox runs
// under Xvfb (its headless mode has no WebGL 2) and is driven over WebDriver BiDi, the W3C
// protocol it speaks itself, whose input.performActions dispatches trusted key and pointer
// events. The page draws its board; six presses of → with no hold move six steps; a burst of
// typing and Backspaces in a text field keeps every key; a rules board is played by search, with
// Moves left (the worker's search of the position on screen), by clicks.
//   GS_WEB_DIR=build/site node --test tests/browser/firefox.test.js
'use strict';

const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, before, after } = require('node:test');
const WebSocket = require('ws');
const h = require('./helpers');

const board = '#g=staircase&b=3.3_9.4.3_6.7.6_4.5.9_0.0.0_0.0.0_0.0.0';  // a line of 9 moves
const keys = { ArrowRight: '\uE014', Home: '\uE011', Backspace: '\uE003', Enter: '\uE007' };

let server, firefox, profile, socket, context;
let nextId = 0;
const waiting = new Map();

// One BiDi command: resolves with its result, rejects with its error.
function send(method, params = {}) {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    waiting.set(id, (message) => (message.type === 'success' ? resolve(message.result)
      : reject(new Error(`${method}: ${message.error} ${message.message}`))));
    socket.send(JSON.stringify({ id, method, params }));
  });
}

async function evaluate(expression) {
  const reply = await send('script.evaluate', { expression, target: { context }, awaitPromise: true });
  if (reply.type !== 'success') throw new Error(`${expression}: ${JSON.stringify(reply.exceptionDetails)}`);
  return reply.result.value;
}

const readState = async () => JSON.parse(await evaluate(
  'JSON.stringify(window.gameSolverState ? window.gameSolverState() : null)'));

async function waitForState(predicate, what, timeout = 15000) {
  const start = Date.now();
  let state = null;
  while (Date.now() - start < timeout) {
    state = await readState();
    if (state && predicate(state)) return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waiting for ${what}; state: ${JSON.stringify(state)?.slice(0, 600)}`);
}

// Real input: a click (pointer down and up at once) and key presses with no hold time.
async function click(rect) {
  const x = Math.round(rect.x + rect.w / 2), y = Math.round(rect.y + rect.h / 2);
  await send('input.performActions', {
    context,
    actions: [{
      type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' },
      actions: [{ type: 'pointerMove', x, y }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }],
    }],
  });
}
async function type(sequence) {
  const actions = [];
  for (const key of sequence) actions.push({ type: 'keyDown', value: key }, { type: 'keyUp', value: key });
  await send('input.performActions', { context, actions: [{ type: 'key', id: 'keyboard', actions }] });
}

before(async () => {
  server = await h.startServer();
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-firefox-'));
  firefox = spawn('xvfb-run', ['-a', '-s', '-screen 0 1400x1000x24', 'firefox-esr', '--no-remote',
    '--profile', profile, '--remote-debugging-port=0', 'about:blank'], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Firefox did not start: ${log.slice(-600)}`)), 60000);
    firefox.stderr.on('data', (data) => {
      log += data;
      const found = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(log);
      if (found) { clearTimeout(timer); resolve(found[1]); }
    });
  });
  socket = new WebSocket(`${address}/session`);
  await new Promise((resolve, reject) => { socket.on('open', resolve); socket.on('error', reject); });
  socket.on('message', (data) => {
    const message = JSON.parse(data);
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)(message);
      waiting.delete(message.id);
    }
  });
  const session = await send('session.new', { capabilities: {} });
  console.log(`# ${session.capabilities.browserName} ${session.capabilities.browserVersion}`);
  context = (await send('browsingContext.getTree', {})).contexts[0].context;
  await send('browsingContext.setViewport', { context, viewport: { width: 1280, height: 800 } });
});

after(async () => {
  try {
    if (socket?.readyState === WebSocket.OPEN) await send('session.end').catch(() => {});
    socket?.close();
  } finally {
    if (firefox) try { process.kill(-firefox.pid, 'SIGTERM'); } catch (error) { /* gone */ }
    await server?.close();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('Firefox: the board draws; six presses of → with no hold move six steps; a burst of typing keeps every key', async () => {
  await send('browsingContext.navigate', { context, url: server.url('/') + board, wait: 'complete' });
  let state = await waitForState((s) => !!s.judgeOutput && s.solving === null && !!s.widgets.board, 'the board', 60000);
  assert.equal(state.judgeOutput, '32\n');
  // What Firefox shows: the board drawn (many colours in its rectangle).
  const shot = await send('browsingContext.captureScreenshot', { context });
  const png = Buffer.from(shot.data, 'base64');
  fs.mkdirSync(h.screenshotDir, { recursive: true });
  fs.writeFileSync(path.join(h.screenshotDir, 'firefox-staircase-1280x800.png'), png);
  const drawn = h.imageStats(png, state.widgets.board);
  assert.ok(drawn.distinctColours > 20 && drawn.dominantShare < 0.9, `the board is drawn: ${JSON.stringify(drawn)}`);
  await click(state.widgets['board-caption']);  // the canvas takes the keyboard
  await type([keys.Home]);
  await waitForState((s) => s.step === 0, 'step 0');
  await type(Array(6).fill(keys.ArrowRight));
  state = await waitForState((s) => s.step === 6, 'six steps', 10000);
  console.log(`# Firefox: six presses, step ${state.step}; frames: median ${state.frameMs.median} ms of work`);
  // The comment field, typed into with no pause: characters, two Backspaces, more, Enter.
  await click(state.widgets.comment);
  await type([...'corner firsx!', keys.Backspace, keys.Backspace, ...'t!', keys.Enter]);
  state = await waitForState((s) => s.fields.comment === 'corner first!', 'the comment', 10000);
  assert.match(await evaluate('location.hash'), /&n=/);
});

// The lazy board in Firefox, with real clicks: a rules board of Wythoff's game from (300, 300)
// opened by link, "Play it by search" while the whole solve runs, then Moves left, and a move.
test('Firefox: a rules board played by search, with Moves left, by clicks', async () => {
  const rules = fs.readFileSync(path.join(h.repoRoot, 'tests/bench/plain/wythoff.rules.lua'), 'utf8');
  await send('browsingContext.navigate', { context, url: server.url('/') + h.rulesLink(rules, [300, 300]), wait: 'complete' });
  let state = await waitForState((s) => !!(s.solving && s.solving.search === 'win' && s.widgets['search-board']), 'the search\'s answer', 120000);
  await click(state.widgets['search-board']);
  state = await waitForState((s) => !!(s.searchBoard && s.searchBoard.searched === 1 && !s.searchBoard.searching), 'the start searched', 60000);
  assert.deepEqual([state.searchBoard.outcome, state.searchBoard.moveCount, state.searchBoard.winning], ['win', 900, [899]]);
  await click(state.widgets['search-values']);
  state = await waitForState((s) => !!(s.searchBoard && s.searchBoard.valued && !s.searchBoard.searching), 'Moves left at the start', 120000);
  assert.equal(state.searchBoard.value, 'win in 1');
  assert.equal(state.searchBoard.moveValues[899], 'win in 1');
  assert.equal(state.searchBoard.moveValues[113], 'loss in 230', 'take 114 from the first pile: a longest loss');
  const shot = await send('browsingContext.captureScreenshot', { context });
  fs.writeFileSync(path.join(h.screenshotDir, 'firefox-search-board-values-1280x800.png'), Buffer.from(shot.data, 'base64'));
  console.log(`# Firefox: Moves left at the start of Wythoff (300, 300) in ${state.searchBoard.ms} ms`);
  await click(state.widgets['search-move-899']);
  state = await waitForState((s) => !!(s.searchBoard && s.searchBoard.searched === 2 && !s.searchBoard.searching), 'the move searched', 60000);
  assert.deepEqual([state.searchBoard.line, state.searchBoard.mover, state.searchBoard.outcome, state.searchBoard.moveCount, state.searchBoard.value],
    [[899], 1, 'loss', 0, 'no move']);
});
