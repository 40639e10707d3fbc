// "Your game" in the app (issue 22): a game written as Lua rules, edited, solved, played and
// shared with real mouse and keyboard input; values compared with the WebAssembly module's.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const h = require('./helpers');

const shared = h.sharedServerAndBrowser();
const examples = path.join(h.repoRoot, 'web/examples/rules');
const read = (name) => fs.readFileSync(path.join(examples, name), 'utf8');

// The module's answer for rules and parameters (the same core, compiled for node).
async function moduleValue(text, params) {
  const gs = await h.loadModule();
  const session = new gs.Session();
  try {
    assert.deepEqual(session.loadRules(text, params), { ok: true });
    return session.judgeOutput();
  } finally {
    session.delete();
  }
}

const rulesLink = h.rulesLink;

async function newPage(viewport = { width: 1280, height: 800 }, fragment = '', options = {}) {
  const opened = await h.openPage(shared.browser, shared.server, { viewport, ...options });
  await h.gotoApp(opened.page, shared.server, fragment);
  return opened;
}

// Control + KEY held across frames (ImGui samples keys once a frame).
async function pressWithControl(page, key) {
  await page.keyboard.down('Control');
  await h.pressKey(page, key);
  await page.keyboard.up('Control');
}

const fieldText = (rect) => ({ x: rect.x + 12, y: rect.y + rect.h / 2 });
const solved = (s) => s.game === 'rules' && s.solving === null;

test('Your game opens take 1, 3 or 4 solved, with its rules, parameter and moves; the link carries the rules and reopens the same game at once', async () => {
  const { page, log, context } = await newPage();
  await h.clickWidget(page, 'game-rules');
  let state = await h.waitForState(page, solved, null, 20000);
  assert.equal(state.judgeOutput, await moduleValue(read('take134.lua'), { n: 20 }));
  assert.equal(state.judgeOutput, 'win 11\n');
  assert.equal(state.fields['size-n'], '20');
  for (const name of ['rules-code', 'rules-solve', 'rules-examples', 'move-1', 'move-2', 'move-3'])
    assert.ok(state.widgets[name], name);
  // The moves are named by the rules (`"take " .. k`: an integer's text, which the sandbox
  // writes itself): Tab reaches the third and the screen reader's label says it.
  await h.tabTo(page, 'move-3');
  state = await h.readState(page);
  assert.match(state.focusLabel, /^★ take 4 +win in 11$/, `the third move is announced as '${state.focusLabel}'`);
  // The best move (take 4, the third) played by a click.
  await h.clickWidget(page, 'move-3');
  state = await h.waitForState(page, (s) => s.step === 1, null);
  assert.match(state.moverValue, /loss in 10/);
  // The address carries the rules and the parameters; a new page opens it solved.
  const fragment = await page.evaluate(() => location.hash);
  assert.match(fragment, /^#g=rules&c=[A-Za-z0-9_-]+&b=20&m=3/);
  const other = await newPage(undefined, fragment);
  state = await h.waitForState(other.page, solved, null, 20000);
  assert.equal(state.judgeOutput, 'win 11\n');
  assert.equal(state.step, 1);
  assert.ok(other.page.url().endsWith(fragment));
  assert.deepEqual([...log.errors, ...other.log.errors], []);
  await other.context.close();
  await context.close();
});

test('a parameter field re-solves the rules; an example picked from the list replaces them and draws its grid', async () => {
  const { page, log, context } = await newPage();
  await h.clickWidget(page, 'game-rules');
  await h.waitForState(page, solved, null, 20000);
  // n = 14: 14 mod 7 is 0, a loss for the player to move.
  await h.typeInto(page, 'size-n', '14', { enter: true, point: fieldText });
  let state = await h.waitForState(page, (s) => s.fields['size-n'] === '14' && s.solving === null, null, 20000);
  assert.equal(state.judgeOutput, await moduleValue(read('take134.lua'), { n: 14 }));
  assert.match(state.judgeOutput, /^loss /);
  // The queen example: its show() returns rows, drawn as a grid.
  await h.clickWidget(page, 'rules-examples');
  await h.clickWidget(page, 'example-queen');
  state = await h.waitForState(page, (s) => s.fields['size-x'] === '5' && s.solving === null, null, 20000);
  assert.equal(state.judgeOutput, await moduleValue(read('queen.lua'), {}));
  assert.ok(state.widgets['rules-grid'], 'the queen is drawn on a grid');
  assert.deepEqual(log.errors, []);
  await h.screenshot(page, 'rules-queen-1280x800');
  await context.close();
});

test('a syntax error typed into the editor names its line and marks it; the board on screen stays; fixing it solves', async () => {
  const { page, log, context } = await newPage();
  await h.clickWidget(page, 'game-rules');
  let state = await h.waitForState(page, solved, null, 20000);
  const lines = read('take134.lua').split('\n').length;
  // Type a broken line at the end of the rules (Ctrl+End puts the cursor there).
  await h.clickWidget(page, 'rules-code');
  await pressWithControl(page, 'End');
  await h.typeText(page, '\nlocal x = = 1');
  await h.clickWidget(page, 'rules-solve');
  state = await h.waitForState(page, (s) => !!s.fields['rules-error'], null);
  assert.equal(state.fields['rules-error'], `line ${lines + 1}, column 11: unexpected symbol near '='`);
  assert.equal(state.judgeOutput, 'win 11\n', 'the board on screen stays');
  // On a desktop the cursor goes to the error's place, marked under its character.
  state = await h.waitForState(page, (s, at) => s.fields['rules-cursor'] === at, `${lines + 1}:11`, 5000);
  assert.equal(state.fields['rules-error-column'], '11');
  await h.screenshot(page, 'rules-error-1280x800');
  // Escape keeps the edits (ImGui would put back the text as it was when the field was
  // clicked); Backspace removes the broken line; Ctrl+Enter solves.
  await h.clickWidget(page, 'rules-code');
  await h.pressKey(page, 'Escape');
  await h.clickWidget(page, 'rules-code');
  await pressWithControl(page, 'End');
  for (let k = 0; k < '\nlocal x = = 1'.length; ++k) await h.pressKey(page, 'Backspace');
  // Tab indents in the editor (a tab character) rather than moving the app's focus.
  await h.typeText(page, '\ngame.title =');
  await h.pressKey(page, 'Tab');
  await h.typeText(page, '"Fixed"');
  await pressWithControl(page, 'Enter');
  state = await h.waitForState(page, (s) => s.fields['rules-title'] === 'Fixed' && s.solving === null, null, 20000);
  assert.equal(state.judgeOutput, 'win 11\n');
  assert.equal(state.focus, '', 'Tab stayed in the editor');
  const packed = (await page.evaluate(() => location.hash)).match(/[#&]c=([^&]*)/)[1];
  const rules = zlib.inflateRawSync(Buffer.from(packed, 'base64url')).toString('utf8');
  assert.ok(rules.endsWith('\ngame.title =\t"Fixed"'), JSON.stringify(rules.slice(-40)));
  assert.equal(state.fields['rules-error'], undefined, JSON.stringify(state.fields));
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('hostile rules from a link end in one sentence naming the line, and the page keeps working', async () => {
  const cases = [
    // An endless loop in moves(): the instruction budget ends it.
    ['game = {\n  params = {},\n  start = function(p) return 0 end,\n  moves = function(s, p)\n    while true do end\n  end,\n  play = function(s, m, p) return s end,\n}\n',
      /^line 5: .*instruction/],
    // A function as a position.
    ['game = {\n  params = {},\n  start = function(p) return 1 end,\n  moves = function(s, p) return {1} end,\n  play = function(s, m, p) return function() end end,\n}\n',
      /^line 5: .*function/],
    // No escape from the sandbox.
    ['game = {\n  params = {},\n  start = function(p) return os.exit() end,\n  moves = function(s, p) return {} end,\n  play = function(s, m, p) return s end,\n}\n',
      /^line 3: .*os/],
  ];
  const { page, log, context } = await newPage();
  let previous = '';
  for (const [text, expected] of cases) {
    await page.evaluate((fragment) => { location.hash = fragment; }, rulesLink(text, []));
    const state = await h.waitForState(page, (s, before) => {
      const message = s.linkError || s.error;
      return message && message !== before;
    }, previous, 30000);
    const message = state.linkError || state.error;
    assert.match(message, expected, message);
    assert.ok(!message.includes('\n'), 'one sentence');
    console.log(`${message}: the page's longest task so far ${state.taskMs.longest} ms`);
    previous = message;
  }
  // The page still works: the first game's sample solves.
  await h.clickWidget(page, 'game-rules');
  const state = await h.waitForState(page, solved, null, 20000);
  assert.equal(state.judgeOutput, 'win 11\n');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('on a 390 x 844 phone, Your game opens on the editor tab; the rules and the board fit the width', async () => {
  const opened = await h.openPage(shared.browser, shared.server, { viewport: { width: 390, height: 844 }, touch: true });
  const { page, log, context } = opened;
  await h.gotoApp(page, shared.server);
  await h.tapWidget(page, 'game-rules');
  const state = await h.waitForState(page, solved, null, 20000);
  const code = state.widgets['rules-code'];
  assert.ok(code, 'the editor is on screen');
  assert.ok(code.x >= 0 && code.x + code.w <= 390 + 1, JSON.stringify(code));
  assert.ok(state.widgets['size-n'].x + state.widgets['size-n'].w <= 390);
  await h.screenshot(page, 'rules-editor-390x844');
  assert.deepEqual(log.errors, []);
  await context.close();
});

// --- The Table view (issue 23).

// The module's table for the same rules and ranges: values, pattern and pasted code.
async function moduleTable(text, spec, format) {
  const gs = await h.loadModule();
  const made = await gs.tableAsync(text, spec);
  assert.equal(made.ok, true, JSON.stringify(made));
  const code = made.table.format(format).text;
  const formula = made.table.formula().line;
  made.table.delete();
  return { pattern: made.pattern, code, values: made.values, formula };
}

test('the rules editor is usable at 1024 x 768 with a mouse and the keyboard', async () => {
  const { page, log, context } = await newPage({ width: 1024, height: 768 });
  await h.clickWidget(page, 'game-rules');
  let state = await h.waitForState(page, solved, null, 20000);
  const code = state.widgets['rules-code'];
  assert.ok(code.x >= 0 && code.x + code.w <= 1024 && code.y + 200 <= 768, `the editor is on screen: ${JSON.stringify(code)}`);
  assert.ok(code.w >= 250, `the editor is wide enough to read (35 characters): ${JSON.stringify(code)}`);
  await h.clickAt(page, code.x + code.w / 2, code.y + 30);
  await pressWithControl(page, 'End');
  await h.typeText(page, '\ngame.title = "Edited at 1024 x 768"');
  await pressWithControl(page, 'Enter');
  state = await h.waitForState(page, (s) => s.fields['rules-title'] === 'Edited at 1024 x 768' && s.solving === null, null, 20000);
  assert.equal(state.judgeOutput, 'win 11\n');
  await h.screenshot(page, 'rules-editor-1024x768');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('on a 390 x 844 phone the rules are edited with a finger and the on-screen keyboard: a tap, typing, Solve', async () => {
  const { page, log, context } = await newPage({ width: 390, height: 844 }, '', { touch: true });
  await h.tapWidget(page, 'game-rules');
  let state = await h.waitForState(page, solved, null, 20000);
  // Swipes over the page (above the editor) bring the editor and its Solve button into view,
  // as a reader swipes until they see it.
  const solveInView = (s) => s.widgets['rules-solve'] && s.widgets['rules-solve'].y + s.widgets['rules-solve'].h <= 844;
  for (let k = 0; k < 4 && !solveInView(state); ++k) {
    // Above the editor: a swipe over the editor scrolls its text instead.
    const from = Math.min(state.widgets['rules-code'].y - 20, 800);
    await h.touchSwipe(page, { x: 200, y: from }, { x: 200, y: from - 250 });
    state = await h.settle(page, 'rules-code');
  }
  assert.ok(solveInView(state), `Solve is in view: ${JSON.stringify(state.widgets['rules-solve'])}`);
  const code = state.widgets['rules-code'];
  assert.ok(code.x >= 0 && code.x + code.w <= 390 + 1, `the editor fits the width: ${JSON.stringify(code)}`);
  assert.ok(code.w >= 250, `the editor is wide enough to read (35 characters): ${JSON.stringify(code)}`);
  // A tap at the start of the first line puts the caret there and gives the focus to a real
  // input, so the phone's keyboard opens; a line typed there breaks the rules.
  const line = 14;  // the editor's line height at the phone's font size, about
  await page.touchscreen.tap(code.x + 2, code.y + line / 2);
  await h.frames(page, 3);
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
  assert.equal(focused, 'gs-keyboard-proxy', 'a real input has the focus, so the keyboard opens');
  await h.typeText(page, 'x = = 1\n');
  await h.tapWidget(page, 'rules-solve');
  state = await h.waitForState(page, (s) => !!s.fields['rules-error'], null, 10000);
  assert.equal(state.fields['rules-error'], "line 1, column 5: unexpected symbol near '='");
  assert.equal(state.judgeOutput, 'win 11\n', 'the board on screen stays');
  // A phone's editor does not take the focus (the on-screen keyboard would cover the page).
  await h.frames(page, 3);
  assert.equal((await h.readState(page)).fields['rules-cursor'], undefined);
  // The example picked again from the list puts the rules back, and they solve.
  await h.tapWidget(page, 'rules-examples');
  await h.tapWidget(page, 'example-take134');
  state = await h.waitForState(page, (s) => s.fields['rules-error'] === undefined && s.solving === null, null, 20000);
  assert.equal(state.fields['rules-title'], 'Take 1, 3 or 4');
  assert.equal(state.judgeOutput, 'win 11\n');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('a link with a table opens it: the pattern line and the C++ copy equal the module\'s; a click on a cell opens that game', async () => {
  const link = rulesLink(read('take134.lua'), [20]) + '&t=n.0.60';
  const opened = await h.openPage(shared.browser, shared.server, {
    viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'],
  });
  const { page, log, context } = opened;
  await h.gotoApp(page, shared.server, link);
  // The table, then its formula's search (none of up to 7 symbols fits take 1, 3 or 4).
  const state = await h.waitForState(page, (s) => s.fields['table-rows'] === '61' && !s.widgets['table-formula-search'], null, 30000);
  const expected = await moduleTable(read('take134.lua'), ['n=0..60'], 'cpp');
  assert.equal(state.fields['table-formula'], expected.formula);
  assert.equal(state.fields['table-formula'], 'no formula of up to 7 symbols fits (checked n=0..60)');
  assert.equal(state.fields['table-pattern'], expected.pattern);
  assert.equal(state.fields['table-pattern'], 'period 7 from n=0 (checked to n=60)');
  await h.clickWidget(page, 'table-copy-cpp');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, expected.code);
  assert.match(copied, /^\/\/ Take 1, 3 or 4/);
  await h.screenshot(page, 'rules-table-1280x800');
  // n = 7 (7 mod 7 is 0): a loss; the click opens it on the board, the table leaves the link.
  assert.equal(expected.values[7].split(' ')[0], 'loss');
  await h.clickWidget(page, 'table-cell-7');
  const board = await h.waitForState(page, (s) => s.fields['size-n'] === '7' && s.solving === null, null, 20000);
  assert.equal(board.judgeOutput, expected.values[7] + '\n');
  assert.ok(!(await page.evaluate(() => location.hash)).includes('&t='));
  // Table again: the same table, at once.
  await h.clickWidget(page, 'rules-view-table');
  const again = await h.waitForState(page, (s) => s.fields['table-rows'] === '61', null, 10000);
  assert.match(await page.evaluate(() => location.hash), /&t=n\.0\.60$/);
  assert.equal(again.fields['table-pattern'], expected.pattern);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('a long table shows progress and Cancel and keeps the main thread free; a 2-D table and a refused range', async () => {
  const { page, log, context } = await newPage();
  await h.clickWidget(page, 'game-rules');
  await h.waitForState(page, solved, null, 20000);
  await h.clickWidget(page, 'rules-examples');
  await h.clickWidget(page, 'example-take12');
  await h.waitForState(page, (s) => s.fields['rules-title'] && s.fields['rules-title'].startsWith('Take 1 or 2') && s.solving === null, null, 20000);
  await h.clickWidget(page, 'rules-view-table');
  await h.waitForState(page, (s) => !!s.fields['table-rows'], null, 20000);
  // One million rows: made in the solver worker, cancelled while it runs.
  await h.waitForState(page, (s) => s.solverWorker === 'ready', null, 30000, 100);
  await h.startTaskTrace(shared.browser, page);
  await h.typeInto(page, 'table-ranges', 'n=0..1000000', { enter: true, point: fieldText });
  const running = await h.waitForState(page, (s) => !!s.widgets['table-cancel'], null, 20000, 100);
  assert.ok(running.widgets['table-progress']);
  assert.equal(running.fields['table-maker'], 'worker');
  await h.clickWidget(page, 'table-cancel');
  await h.waitForState(page, (s) => !s.widgets['table-cancel'], null, 10000, 100);
  const tasks = await h.stopTaskTrace(shared.browser);
  console.log(`a table of 1,000,001 rows, cancelled: main thread: ${h.assertNoLongCpuTask(tasks, 'making a table')}`);
  // 200,001 rows made to the end in the worker and adopted: the module's pattern.
  await h.startTaskTrace(shared.browser, page);
  await h.typeInto(page, 'table-ranges', 'n=0..200000', { enter: true, point: fieldText });
  const made = await h.waitForState(page, (s) => s.fields['table-rows'] === '200001', null, 120000, 100);
  const madeTasks = await h.stopTaskTrace(shared.browser);
  console.log(`a table of 200,001 rows made: main thread: ${h.assertNoLongCpuTask(madeTasks, 'adopting a table')}; ${made.fields['table-pattern']}`);
  assert.equal(made.fields['table-pattern'], (await moduleTable(read('take12.lua'), ['n=0..200000'], 'tsv')).pattern);
  // A refused range: one sentence naming the argument; then a 2-D table of Nim.
  await h.typeInto(page, 'table-ranges', 'n=5..2', { enter: true, point: fieldText });
  let state = await h.waitForState(page, (s) => !!s.fields['table-error'], null, 10000);
  assert.match(state.fields['table-error'], /n=5\.\.2/);
  await h.clickWidget(page, 'rules-examples');
  await h.clickWidget(page, 'example-nim2');
  await h.waitForState(page, (s) => s.fields['rules-title'] === 'Nim, two piles' && s.solving === null, null, 20000);
  await h.typeInto(page, 'table-ranges', 'a=0..12 b=0..12', { enter: true, point: fieldText });
  state = await h.waitForState(page, (s) => s.fields['table-rows'] === '169', null, 20000);
  const expected = await moduleTable(read('nim2.lua'), ['a=0..12', 'b=0..12', 'a=3', 'b=5'].slice(0, 2), 'md');
  assert.equal(expected.values[3 * 13 + 5], 'sg 6');
  assert.ok(state.widgets['table-cell-44'], 'the cell of a=3, b=5');
  await h.screenshot(page, 'rules-table-2d-1280x800');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('the pattern stands under the table: a formula with Copy, a grid wrapped at its period with the cells before it marked, Wythoff\'s losing cells', async () => {
  const opened = await h.openPage(shared.browser, shared.server, {
    viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'],
  });
  const { page, log, context } = opened;
  // Two-pile Nim over 16 x 16: sg = a ^ b, the module's formula; Copy puts it on the clipboard.
  await h.gotoApp(page, shared.server, rulesLink(read('nim2.lua'), [3, 5]) + '&t=a.0.15.b.0.15');
  let state = await h.waitForState(page, (s) => s.fields['table-rows'] === '256' && !!s.fields['table-formula'], null, 30000);
  const gs = await h.loadModule();
  const nim = await gs.tableAsync(read('nim2.lua'), ['a=0..15', 'b=0..15']);
  const formula = nim.table.formula();
  nim.table.delete();
  assert.equal(state.fields['table-formula'], formula.line);
  assert.equal(state.fields['table-formula'], 'sg = a ^ b');
  await h.clickWidget(page, 'table-copy-formula');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), formula.python);
  await h.screenshot(page, 'rules-table-formula-1280x800');
  // Kayles over 0..170: period 12 from n=71 (claimed from n=165 on, where the values cover
  // its start twice and its period twice beyond), the grid in rows of 12 whose columns start at
  // 71; the box unticked, rows of 10; ticked, 12 again.
  await page.evaluate((hash) => { location.hash = hash; }, rulesLink(read('kayles.lua'), [10]) + '&t=n.0.170');
  state = await h.waitForState(page, (s) => s.fields['table-rows'] === '171' && !s.widgets['table-formula-search'], null, 30000);
  assert.equal(state.fields['table-pattern'], 'period 12 from n=71 (checked to n=170)');
  assert.equal(state.fields['table-row-length'], '12');
  await h.screenshot(page, 'rules-table-period-1280x800');
  await h.clickWidget(page, 'table-wrap');
  state = await h.waitForState(page, (s) => s.fields['table-row-length'] === '10', null, 5000);
  await h.clickWidget(page, 'table-wrap');
  state = await h.waitForState(page, (s) => s.fields['table-row-length'] === '12', null, 5000);
  // Ranges typed with the keyboard: the same period, checked further; a range too short for it
  // names it as a candidate only.
  await h.typeInto(page, 'table-ranges', 'n=0..200', { enter: true, point: fieldText });
  state = await h.waitForState(page, (s) => s.fields['table-rows'] === '201', null, 30000);
  assert.equal(state.fields['table-pattern'], 'period 12 from n=71 (checked to n=200)');
  await h.typeInto(page, 'table-ranges', 'n=0..120', { enter: true, point: fieldText });
  state = await h.waitForState(page, (s) => s.fields['table-rows'] === '121', null, 30000);
  assert.equal(state.fields['table-pattern'], 'no period up to n=120 (a candidate short of evidence: period 12 from n=71, which needs the table to n=165)');
  // Wythoff's game over 21 x 21: no formula of up to 7 symbols; its losing cells as a list.
  await page.evaluate((hash) => { location.hash = hash; }, rulesLink(read('wythoff.lua'), [3, 5]) + '&t=a.0.20.b.0.20');
  state = await h.waitForState(page, (s) => s.fields['table-rows'] === '441' && !!s.fields['table-formula'], null, 30000);
  assert.equal(state.fields['table-formula'], 'no formula of up to 7 symbols fits (checked a=0..20, b=0..20)');
  const pairs = await gs.tableAsync(read('wythoff.lua'), ['a=0..20', 'b=0..20']);
  const losses = pairs.table.format('losses').text.trim().split('\n');
  pairs.table.delete();
  await h.clickWidget(page, 'table-losses');
  state = await h.waitForState(page, (s) => s.fields['table-loss-count'] !== undefined, null, 5000);
  assert.equal(state.fields['table-loss-count'], String(losses.length - 1));
  assert.equal(losses[2], '1\t2\t1\t2');
  await h.screenshot(page, 'rules-table-losses-1280x800');
  // 101 x 101, typed: a list longer than its frame, which the wheel scrolls.
  await h.typeInto(page, 'table-ranges', 'a=0..100 b=0..100', { enter: true, point: fieldText });
  state = await h.waitForState(page, (s) => s.fields['table-rows'] === '10201' && s.fields['table-loss-count'] !== undefined, null, 30000);
  const big = await gs.tableAsync(read('wythoff.lua'), ['a=0..100', 'b=0..100']);
  assert.equal(state.fields['table-loss-count'], String(big.table.format('losses').text.trim().split('\n').length - 1));
  big.table.delete();
  assert.equal(state.fields['table-loss-scroll'], '0');
  const list = state.widgets['table-loss-list'];
  await page.mouse.move(list.x + list.w / 2, list.y + list.h / 2);
  await page.mouse.wheel(0, 300);
  state = await h.waitForState(page, (s) => Number(s.fields['table-loss-scroll']) > 0, null, 5000);
  assert.equal(state.fields['table-rows'], '10201', 'the wheel scrolled the list and changed nothing else');
  // Cancel while the formula is searched (a slice a frame; the largest size, 7 symbols, is most
  // of the work, many frames after size 5 begins): the sizes searched in full are said.
  await page.evaluate((hash) => { location.hash = hash; }, rulesLink(read('queen.lua'), [5, 7]) + '&t=x.0.15.y.0.15');
  state = await h.waitForState(page, (s) => s.fields['table-rows'] === '256' && Number(s.fields['table-formula-size']) >= 5, null, 30000, 'raf');
  await h.clickWidget(page, 'table-formula-cancel');
  state = await h.waitForState(page, (s) => !!s.fields['table-formula'], null, 5000);
  const cancelled = state.fields['table-formula'].match(/^no formula of up to (\d) symbols fits \(checked x=0\.\.15, y=0\.\.15\)$/);
  assert.ok(cancelled, state.fields['table-formula']);
  console.log(`formula search cancelled at ${state.fields['table-formula']}`);
  assert.ok(Number(cancelled[1]) >= 4 && Number(cancelled[1]) < 7, state.fields['table-formula']);
  assert.equal(state.widgets['table-formula-search'], undefined);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('on a 390 x 844 phone the table scrolls inside its frame and its controls fit', async () => {
  const link = rulesLink(read('take134.lua'), [20]) + '&t=n.0.200';
  const { page, log, context } = await newPage({ width: 390, height: 844 }, link, { touch: true });
  let state = await h.waitForState(page, (s) => s.fields['table-rows'] === '201', null, 30000);
  // The formula's search ends (none fits) and moves nothing below it: the line saying so keeps
  // the room the search took, so a finger about to tap Wrap does not land on the grid.
  const searching = state.widgets['table-formula-search'] ? state.widgets['table-wrap'] : null;
  state = await h.waitForState(page, (s) => !!s.fields['table-formula'], null, 30000);
  assert.equal(state.fields['table-formula'], 'no formula of up to 7 symbols fits (checked n=0..200)');
  if (searching) assert.deepEqual(state.widgets['table-wrap'], searching, 'Wrap stays where it was while the formula was searched');
  else console.log('the formula search ended before the first state was read: no layout to compare');
  for (const name of ['table-ranges', 'table-make', 'table-copy-md'])
    assert.ok(state.widgets[name].x + state.widgets[name].w <= 390, `${name} fits: ${JSON.stringify(state.widgets[name])}`);
  await h.screenshot(page, 'rules-table-390x844');
  // A swipe up over the grid scrolls the grid: its first cells leave, later ones come into view.
  const cells = (s) => Object.keys(s.widgets).filter((name) => name.startsWith('table-cell-'))
    .map((name) => Number(name.slice('table-cell-'.length)));
  const before = cells(state);
  assert.ok(before.includes(0), `the first cell is in view: ${before}`);
  const first = state.widgets['table-cell-0'];
  const from = { x: first.x + first.w / 2, y: first.y + first.h / 2 };
  await h.touchSwipe(page, from, { x: from.x, y: from.y - 180 });
  const after = await h.waitForState(page, (s) => !s.widgets['table-cell-0'], null, 10000);
  assert.ok(Math.max(...cells(after)) > Math.max(...before),
    `later cells come into view: ${Math.max(...before)} -> ${Math.max(...cells(after))}`);
  assert.equal(after.fields['table-rows'], '201', 'the swipe opened nothing');
  // A fling, and a finger put down on the gliding grid at once: it stops the grid, as on any
  // phone, and opens no cell's game although it lifts where a cell is.
  const visible = cells(after).sort((a, b) => a - b);
  const target = h.centre(after.widgets[`table-cell-${visible[Math.floor(visible.length / 2)]}`]);
  const caught = await h.touchSwipe(page, from, { x: from.x, y: from.y - 120 }, 4, { tapAt: target });
  assert.equal(caught.touchMomentum, false, 'the finger stopped the grid');
  assert.equal(caught.game, 'rules');
  assert.equal(caught.fields['table-rows'], '201', 'the finger that stopped the fling opened nothing');
  const rest = cells(caught).join();
  await h.frames(page, 10);
  assert.equal(cells(await h.readState(page)).join(), rest, 'the grid stays where the finger stopped it');
  // The grid wraps at take 1, 3 or 4's period of 7; a tap on the box gives rows of 5 (the
  // phone's), another tap 7 again.
  assert.equal(after.fields['table-row-length'], '7');
  // (The waits are bounds for a machine busy with other tests, not a measure: a tap is one
  // frame's work.)
  await h.tapWidget(page, 'table-wrap');
  await h.waitForState(page, (s) => s.fields['table-row-length'] === '5', null, 20000);
  await h.tapWidget(page, 'table-wrap');
  await h.waitForState(page, (s) => s.fields['table-row-length'] === '7', null, 20000);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('a take-and-break game typed as its code: its value, its table wrapped at the proven period with the exceptions outlined, and the rare values ringed, on the desktop and a phone', async () => {
  const { page, log, context } = await newPage();
  await h.clickWidget(page, 'game-rules');
  let state = await h.waitForState(page, solved, null, 20000);
  // The editor's text replaced by the code, typed key by key; Solve.
  const code = state.widgets['rules-code'];
  await h.clickAt(page, code.x + code.w / 2, code.y + 30);
  await pressWithControl(page, 'a');
  await h.typeText(page, 'octal:0.77');
  await h.clickWidget(page, 'rules-solve');
  state = await h.waitForState(page, (s) => s.fields['rules-title'] === 'octal game 0.77' && s.solving === null, null, 20000);
  // Its sample input, a sum of heaps of Kayles: G(3) ^ G(5) ^ G(7) = 3 ^ 4 ^ 2.
  assert.equal(state.judgeOutput, 'sg 5\n');
  assert.deepEqual((await h.loadModule()).solveRules('octal:0.77', '3 5 7\n'), { ok: true, output: state.judgeOutput });
  // Its table over n = 0..200: the period proven, rows of 12, the pre-period's exceptions counted
  // as the module's periodic layout marks them.
  await h.clickWidget(page, 'rules-view-table');
  await h.waitForState(page, (s) => !!s.fields['table-rows'], null, 20000);
  await h.typeInto(page, 'table-ranges', 'n=0..200', { enter: true, point: fieldText });
  state = await h.waitForState(page, (s) => s.fields['table-rows'] === '201', null, 30000);
  const gs = await h.loadModule();
  const made = await gs.tableAsync('octal:0.77', ['n=0..200']);
  const periodic = made.table.format('periodic').text;
  const rare = made.table.format('rare').text;
  made.table.delete();
  assert.equal(state.fields['table-pattern'], 'period 12 from n=71, proven at n=169 (Guy\u2013Smith)');
  assert.equal(state.fields['table-pattern'], made.pattern);
  assert.equal(state.fields['table-row-length'], '12');
  const marked = (periodic.match(/\*/g) || []).length - 1;  // the legend's own '*'
  assert.equal(state.fields['table-exceptions'], String(marked));
  assert.ok(marked > 10, periodic);
  await h.screenshot(page, 'take-break-table-1280x800');
  // Mark rare values: the split the module's rare layout names.
  assert.equal(state.fields['table-rare-bits'], undefined);
  await h.clickWidget(page, 'table-rare');
  state = await h.waitForState(page, (s) => !!s.fields['table-rare-bits'], null, 5000);
  const header = rare.match(/^# rare: the values whose 1-bits under (\d+) are even in number \((\d+) of 201 rows\)/);
  assert.ok(header, rare.split('\n')[0]);
  assert.equal(state.fields['table-rare-bits'], header[1]);
  assert.equal(state.fields['table-rare-count'], header[2]);
  assert.equal(Number(header[2]), rare.split('\n').filter((line) => line.endsWith('\trare')).length);
  await h.screenshot(page, 'take-break-rare-1280x800');
  assert.deepEqual(log.errors, []);
  await context.close();
  // The same table from a link on a phone, the checkbox tapped.
  const phone = await newPage({ width: 390, height: 844 }, rulesLink('octal:0.77', [10]) + '&t=n.0.200', { touch: true });
  state = await h.waitForState(phone.page, (s) => s.fields['table-rows'] === '201', null, 30000);
  assert.equal(state.fields['table-pattern'], 'period 12 from n=71, proven at n=169 (Guy\u2013Smith)');
  await h.tapWidget(phone.page, 'table-rare');
  state = await h.waitForState(phone.page, (s) => !!s.fields['table-rare-bits'], null, 5000);
  assert.equal(state.fields['table-rare-bits'], header[1]);
  for (const name of ['table-rare', 'table-grid'])
    assert.ok(state.widgets[name].x + state.widgets[name].w <= 390, `${name} fits: ${JSON.stringify(state.widgets[name])}`);
  await h.screenshot(phone.page, 'take-break-rare-390x844');
  assert.deepEqual(phone.log.errors, []);
  await phone.context.close();
});
