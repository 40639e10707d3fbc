// The app in Firefox ESR (issue 36), a browser nobody here wrote, with real input: Firefox runs
// under Xvfb (its headless mode has no WebGL 2) and is driven over WebDriver BiDi, the W3C
// protocol it speaks itself, whose input.performActions dispatches trusted key and pointer
// events. The page draws its board; six presses of → with no hold move six steps; a burst of
// typing and Backspaces in a text field keeps every key; a rules board is played by search, with
// Moves left (the worker's search of the position on screen), by clicks; the rules editor takes
// a file typed faster than frames, scrolls sideways on a long line and goes to a syntax error's
// column; a multi-line text pasted with Ctrl+V keeps its line breaks, in the judge box and the
// rules editor.
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
const keys = {
  ArrowRight: '\uE014', ArrowDown: '\uE015', Home: '\uE011', End: '\uE010', Backspace: '\uE003',
  Enter: '\uE007', Control: '\uE009',
};

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
  throw new Error(`waiting for ${what}; fields: ${JSON.stringify(state?.fields)}; state: ${JSON.stringify(state)?.slice(0, 600)}`);
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
// Control+KEY: Control down, KEY pressed with no hold, Control up.
async function typeWithControl(key) {
  await send('input.performActions', {
    context,
    actions: [{
      type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: keys.Control },
        { type: 'keyDown', value: key }, { type: 'keyUp', value: key }, { type: 'keyUp', value: keys.Control }],
    }],
  });
}
// A text typed as it is, every key with no pause, a line break as Enter.
const typeText = (text) => type([...text].map((c) => (c === '\n' ? keys.Enter : c)));

// A text typed faster than frames, as a fast typist's rolled keys come: Firefox dispatches one
// tick of actions at a time (about a frame each), so the keys go down in groups of up to
// `roll` different keys, one key source each, in the text's order, in one tick, and come up in
// the next.
async function typeRolled(text, roll = 6) {
  const groups = [];
  for (const c of [...text].map((k) => (k === '\n' ? keys.Enter : k))) {
    const last = groups[groups.length - 1];
    if (last && last.length < roll && !last.includes(c)) last.push(c);
    else groups.push([c]);
  }
  const sources = Array.from({ length: roll }, (_, i) => ({ type: 'key', id: `keyboard-${i}`, actions: [] }));
  for (const group of groups) {
    sources.forEach((source, i) => {
      source.actions.push(i < group.length ? { type: 'keyDown', value: group[i] } : { type: 'pause' });
      source.actions.push(i < group.length ? { type: 'keyUp', value: group[i] } : { type: 'pause' });
    });
  }
  await send('input.performActions', { context, actions: sources });
  await send('input.releaseActions', { context });
}

// Counts the page's animation frames from now; the returned function reads the count.
async function countFrames() {
  await evaluate('window.__frames = 0; (function tick() { ++window.__frames; requestAnimationFrame(tick); })(), 0');
  return async () => evaluate('window.__frames');
}

// The clipboard written by the page, as a reader's copy elsewhere would leave it (the write
// needs the page's user activation, which the command gives).
async function writeClipboard(text) {
  const reply = await send('script.evaluate', {
    expression: `navigator.clipboard.writeText(${JSON.stringify(text)}).then(() => 'written')`,
    target: { context }, awaitPromise: true, userActivation: true,
  });
  if (reply.type !== 'success' || reply.result.value !== 'written') throw new Error(`clipboard: ${JSON.stringify(reply)}`);
}

// The editor's digest of a text: its length in bytes and FNV-1a of its UTF-8 bytes.
function digest(text) {
  const bytes = Buffer.from(text, 'utf8');
  let hash = 2166136261;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
  return `${bytes.length}:${hash.toString(16).padStart(8, '0')}`;
}

const inside = (inner, outer) => !!inner && !!outer && inner.x >= outer.x - 1 &&
  inner.x + inner.w <= outer.x + outer.w + 1 && inner.y >= outer.y - 1 && inner.y + inner.h <= outer.y + outer.h + 1;

// The page's errors (console.error, uncaught exceptions) since the last take.
const pageErrors = [];
const takePageErrors = () => pageErrors.splice(0);

async function screenshot(name) {
  const shot = await send('browsingContext.captureScreenshot', { context });
  fs.mkdirSync(h.screenshotDir, { recursive: true });
  fs.writeFileSync(path.join(h.screenshotDir, `${name}.png`), Buffer.from(shot.data, 'base64'));
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
    } else if (message.method === 'log.entryAdded' && message.params.level === 'error') {
      pageErrors.push(`${message.params.type}: ${message.params.text}`);
    }
  });
  const session = await send('session.new', { capabilities: {} });
  console.log(`# ${session.capabilities.browserName} ${session.capabilities.browserVersion}`);
  context = (await send('browsingContext.getTree', {})).contexts[0].context;
  await send('session.subscribe', { events: ['log.entryAdded'] });
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

// The rules editor in Firefox (issue 57's checks of editor.test.js, with Firefox's own key
// events): a file of 23 lines with a line of 172 characters typed at full speed arrives whole
// and in order (its digest); the long line scrolls sideways with the caret in view; a syntax
// error at column 127 of a line is named, marked in view and the cursor put on it.
const longComment = '-- ' + 'a long comment that runs past the edge of the panel, '.repeat(3) + 'end';
const take134 = fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules/take134.lua'), 'utf8');
const typedRules = take134.replace('game = {\n', `${longComment}\ngame = {\n`);

// Opens the app at `fragment` in a page of its own (from about:blank: a link that differs from
// the page's only in its fragment would not reload it).
async function openApp(fragment) {
  await send('browsingContext.navigate', { context, url: 'about:blank', wait: 'complete' });
  await send('browsingContext.navigate', { context, url: server.url('/') + fragment, wait: 'complete' });
}

test('Firefox: the rules editor keeps up with fast typing, scrolls sideways on a long line with the caret in view, and a syntax error names its column and puts the editor there', { timeout: 240000 }, async () => {
  takePageErrors();
  await openApp('#g=rules');
  let state = await waitForState((s) => s.game === 'rules' && s.solving === null && !!s.widgets['rules-code'], 'the rules editor', 60000);
  await click(state.widgets['rules-code']);
  await typeWithControl('a');
  await type([keys.Backspace]);
  await waitForState((s) => s.fields['rules-text'] === digest(''), 'the editor emptied', 5000);
  // Every key with no pause: 800 characters and 23 Enters, faster than frames.
  const started = Date.now();
  const framesSince = await countFrames();
  await typeRolled(typedRules);
  const frameCount = await framesSince();
  state = await waitForState((s) => s.fields['rules-text'] === digest(typedRules), `the typed file, ${digest(typedRules)}`, 60000);
  console.log(`# Firefox: ${typedRules.length} characters typed at full speed in ${frameCount} frames, whole after ${Date.now() - started} ms`);
  assert.ok(frameCount < typedRules.length / 2, `typed faster than frames: ${typedRules.length} keys in ${frameCount} frames`);
  assert.ok(inside(state.widgets['rules-caret'], state.widgets['rules-code']), `the caret at the end is in view: ${JSON.stringify(state.widgets['rules-caret'])}`);
  // The long line's end: the panel scrolled sideways, the caret in view.
  await typeWithControl(keys.Home);
  await type([keys.ArrowDown, keys.ArrowDown, keys.End]);
  state = await waitForState((s) => s.fields['rules-cursor'] === `3:${longComment.length + 1}`, 'the end of line 3', 5000);
  state = await waitForState((s) => {
    const c = s.widgets['rules-caret'], v = s.widgets['rules-code'];
    return !!c && !!v && c.x >= v.x && c.x + c.w <= v.x + v.w && Number(s.fields['rules-scroll'].split(',')[0]) > 0;
  }, 'the caret in view, scrolled sideways', 5000);
  await screenshot('firefox-editor-long-line-1280x800');
  await type([keys.Home]);
  state = await waitForState((s) => s.fields['rules-scroll'].split(',')[0] === '0' && s.fields['rules-cursor'] === '3:1', 'back at column 1, unscrolled', 5000);
  await typeWithControl(keys.Enter);
  state = await waitForState((s) => s.fields['rules-title'] === 'Take 1, 3 or 4' && s.solving === null && s.judgeOutput === 'win 11\n', 'the typed rules solved', 30000);
  // A syntax error at column 127 of a new last line: named, marked in view, the cursor on it.
  const broken = 'local total = ' + '1 + '.repeat(28) + '= 2';
  await click(state.widgets['rules-code']);  // (Ctrl+Enter left the field)
  await typeWithControl(keys.End);
  await typeText(`\n${broken}`);
  await type([keys.Home]);
  const line = typedRules.split('\n').length + 1, column = broken.indexOf('= 2') + 1;
  await waitForState((s) => s.fields['rules-cursor'] === `${line}:1`, 'the broken line typed', 10000);
  await click((await readState()).widgets['rules-solve']);
  state = await waitForState((s) => !!s.fields['rules-error'], 'the syntax error', 30000);
  assert.equal(column, 127);
  assert.equal(state.fields['rules-error'], `line ${line}, column ${column}: unexpected symbol near '='`);
  assert.equal(state.fields['rules-error-column'], String(column));
  state = await waitForState((s) => s.fields['rules-cursor'] === `${line}:${column}`, `the cursor at ${line}:${column}`, 5000);
  state = await waitForState((s) => {
    const mark = s.widgets['rules-error-mark'], v = s.widgets['rules-code'];
    return !!mark && !!v && mark.x >= v.x && mark.x + mark.w <= v.x + v.w && mark.y >= v.y && mark.y + mark.h <= v.y + v.h;
  }, 'the error\'s mark in view', 5000);
  await screenshot('firefox-editor-error-column-1280x800');
  assert.equal(state.judgeOutput, 'win 11\n', 'the board on screen stays');
  assert.deepEqual(takePageErrors(), []);
});

// A multi-line text pasted with Ctrl+V in Firefox keeps every line break: the judge box of
// substring removal takes the problem's 5-case sample (written with \r\n, as a copy on Windows
// leaves it) and loads it, case 1 answered as the judge does; the rules editor takes a whole
// rules file (its first line a comment: one line would be all comment) and it loads as a game.
test('Firefox: a multi-line text pasted with Ctrl+V keeps every line break, in the judge box and the rules editor', { timeout: 240000 }, async () => {
  const contest = path.join(h.repoRoot, 'tests/rules/contest');
  const input = fs.readFileSync(path.join(contest, 'substring_removal.1.in'), 'utf8');
  const output = fs.readFileSync(path.join(contest, 'substring_removal.1.out'), 'utf8');
  takePageErrors();
  await openApp('#g=rules');
  let state = await waitForState((s) => s.game === 'rules' && s.solving === null && !!s.widgets['rules-examples'], 'the rules game', 60000);
  await click(state.widgets['rules-examples']);
  state = await waitForState((s) => !!s.widgets['example-substring_removal'], 'the examples', 5000);
  await click(state.widgets['example-substring_removal']);
  state = await waitForState((s) => s.fields['rules-case'] === '1 of 5' && s.solving === null && !!s.widgets['rules-input'], 'the sample, case 1 of 5', 60000);
  // Another input first (two cases), so the sample's own bytes are seen to come from the paste.
  await click(state.widgets['rules-input']);
  await typeWithControl('a');
  await typeText('2\n0110\n111\n');
  await click((await readState()).widgets['rules-input-load']);
  state = await waitForState((s) => s.solving === null && s.judgeInputBytes === 11 && s.fields['rules-case'] === '1 of 2', 'the typed two cases', 30000);
  assert.equal(state.judgeOutput, '2\n', 'case 1 of the two typed lines: "0110", Alice scores 2');
  // The sample pasted: select all, Ctrl+V, Load, often all before the app's next frame. (The
  // paste, decided when its event came, was loaded as a new input while the field the click
  // opened got the app's previous paste; it now waits in the input queue behind the click.)
  await writeClipboard(input.replace(/\n/g, '\r\n'));
  await click(state.widgets['rules-input']);
  await typeWithControl('a');
  await typeWithControl('v');
  await click((await readState()).widgets['rules-input-load']);
  state = await waitForState((s) => s.solving === null && s.fields['rules-case'] === '1 of 5', 'the pasted sample, case 1 of 5', 60000)
    .catch(async (error) => { throw new Error(`${error.message.slice(0, 300)}; judge input bytes: ${(await readState()).judgeInputBytes}, the sample's ${Buffer.byteLength(input)}`); });
  assert.equal(state.judgeInputBytes, Buffer.byteLength(input), 'the input read: the sample\'s own bytes, its \\r\\n line breaks');
  assert.equal(state.judgeOutput, output.split('\n')[0] + '\n', 'the pasted sample, case 1 of its 5');
  // A whole rules file pasted into the editor, with \r\n too: the editor holds the file with
  // its line breaks exactly (its digest), and it loads.
  await writeClipboard(take134.replace(/\n/g, '\r\n'));  // (\r\n, as a copy on Windows leaves it)
  await click(state.widgets['rules-code']);
  await typeWithControl('a');
  await typeWithControl('v');
  state = await waitForState((s) => s.fields['rules-text'] === digest(take134), `the pasted file, ${digest(take134)}`, 10000)
    .catch(async (error) => { throw new Error(`${error.message.slice(0, 200)}; the editor holds ${(await readState()).fields['rules-text']}`); });
  await click(state.widgets['rules-solve']);
  state = await waitForState((s) => s.fields['rules-title'] === 'Take 1, 3 or 4' && s.solving === null, 'the pasted rules loaded', 30000);
  assert.equal(state.fields['rules-error'], undefined);
  assert.equal(state.judgeOutput, 'win 11\n');
  assert.deepEqual(takePageErrors(), []);
});
