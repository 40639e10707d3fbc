// Issue 31, point 10: a stranger's rules never run on the page's main thread before the solver
// worker has loaded and solved them. Links whose rules hang (in the file's body, in an __index
// metamethod the loader reaches, in start) leave the page responsive (every task of the main
// thread under 50 ms of CPU time, from Chromium's trace), show that the link is being opened,
// with Cancel, and end in the worker's budget sentence (50,000,000 instructions: the worker's
// budget, not the page's 2,000,000); the page then opens a good link as before.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers');

const shared = h.sharedServerAndBrowser();
const take134 = fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules/take134.lua'), 'utf8');

const parts = '  params = {},\n  start = function(p) return 0 end,\n' +
  '  moves = function(s, p) return {} end,\n  play = function(s, m, p) return s end,\n';
// The same four hangs around a given endless loop.
const hangingWith = (spin) => ({
  // The file's body never ends.
  body: spin + '\ngame = {\n' + parts + '}\n',
  // An __index metamethod reached while the loader runs the file: the globals' (a name the file
  // reads that is not there). (The loader reads `game` and its fields raw: a metamethod of
  // `game` itself never runs; see the last test.)
  index: 'setmetatable(_ENV, {__index = function(t, k)\n  ' + spin + '\nend})\n' +
    'game = {\n  title = missing,\n' + parts + '}\n',
  // An __index metamethod reached in moves().
  moves: 'game = {\n  params = {},\n  start = function(p) return 0 end,\n' +
    '  moves = function(s, p)\n    local t = setmetatable({}, {__index = function() ' + spin + ' end})\n' +
    '    return {t.x}\n  end,\n  play = function(s, m, p) return s end,\n}\n',
  // start() never returns.
  start: 'game = {\n  params = {},\n  start = function(p)\n    ' + spin + '\n  end,\n' +
    '  moves = function(s, p) return {} end,\n  play = function(s, m, p) return s end,\n}\n',
});
// In the worker, each loop spends its budget slowly (a new string of 300 bytes each turn: about a
// second of the worker's time, where an empty loop spends 50,000,000 instructions in a fifth of
// one), so that the page's opening line, which appears after 150 ms, is on screen long enough to
// be seen. On the page (no worker), the empty loop: its 2,000,000 instructions are one task.
const hanging = hangingWith("while true do local s = ('x'):rep(300) end");
const hangingOnPage = hangingWith('while true do end');
// Rules that keep the worker busy for seconds without any call passing its budget (each moves()
// spins ten million times, over a hundred positions): something to cancel, however fast the
// interpreter spends a budget.
const slow = 'game = {\n  params = {},\n  start = function(p) return 100 end,\n' +
  '  moves = function(s, p)\n    for i = 1, 1e7 do end\n    if s > 0 then return {1} end\n    return {}\n  end,\n' +
  '  play = function(s, m, p) return s - m end,\n}\n';
// The worker's sentence: its budget a call, with the line that looped.
const budget = /line \d+: the call ran past its budget of 50,000,000 instructions/;

const opening = (s) => !!(s.solving && s.solving.opening && s.widgets.opening && s.widgets.cancel);

async function newPage(fragment = '') {
  const opened = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  await h.gotoApp(opened.page, shared.server, fragment);
  return opened;
}

async function openGood(page) {
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(take134, [20]));
  return h.waitForState(page, (s) => s.game === 'rules' && s.solving === null && s.judgeOutput === 'win 11\n' && s.linkError === '', null, 30000, 100);
}

test('a rules link that hangs in its body, opened as the page starts: the page says it is opening it, and the worker\'s budget ends it', { timeout: 120000 }, async () => {
  const { page, log, context } = await newPage(h.rulesLink(hanging.body, []));
  // The page has no board yet: it shows that the link is being opened, with Cancel.
  const shown = await h.waitForState(page, opening, null, 10000, 'raf');
  assert.equal(shown.game, 'take134' === shown.game ? 'never' : shown.game);
  assert.equal(shown.judgeOutput, undefined, 'no board on screen');
  const failed = await h.waitForState(page, (s) => s.linkError !== '', null, 60000, 100);
  assert.match(failed.linkError, budget);
  assert.match(failed.linkError, /^c \(the rules\), line 1: /);
  assert.equal(failed.solving, null);
  assert.ok(failed.widgets['link-error'] && failed.widgets['open-default']);
  console.log(`body: ${failed.linkError}; the page's longest task ${failed.taskMs.longest} ms`);
  // The page then opens a good link normally, in the worker.
  const good = await openGood(page);
  assert.equal(good.solvedInWorker, true);
  assert.equal(good.linkError, '');
  assert.deepEqual(log.errors, []);
  await context.close();
});

for (const [where, text] of Object.entries(hanging)) {
  test(`a rules link that hangs in ${where}: no task of the main thread reaches 50 ms of CPU time; opening, Cancel, then the worker's sentence`, { timeout: 120000 }, async () => {
    const { page, log, context } = await newPage();
    await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
    const before = await h.readState(page);
    await h.startTaskTrace(shared.browser, page);
    await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(text, []));
    const shown = await h.waitForState(page, opening, null, 10000, 'raf');
    assert.equal(shown.solving.inWorker, true);
    assert.equal(shown.judgeOutput, before.judgeOutput, 'the board on screen stays while the link opens');
    const failed = await h.waitForState(page, (s) => s.linkError !== '', null, 60000, 100);
    const tasks = await h.stopTaskTrace(shared.browser);
    const main = h.assertNoLongCpuTask(tasks, `rules hanging in ${where}`);
    console.log(`${where}: ${failed.linkError}; main thread: ${main}`);
    assert.match(failed.linkError, budget);
    assert.ok(!failed.linkError.includes('\n'), 'one sentence');
    assert.equal(failed.solving, null);
    assert.equal(failed.judgeOutput, before.judgeOutput, 'the board on screen stays');
    const good = await openGood(page);
    assert.equal(good.solvedInWorker, true);
    assert.deepEqual(log.errors, []);
    await context.close();
  });
}

test('Cancel while a hanging link opens restarts the worker; the board on screen stays and the next link opens', { timeout: 120000 }, async () => {
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
  const before = await h.readState(page);
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(slow, []));
  await h.waitForState(page, opening, null, 10000, 50);
  await h.clickWidget(page, 'cancel');
  const cancelled = await h.waitForState(page, (s) => s.solving === null, null, 5000, 50);
  assert.equal(cancelled.judgeOutput, before.judgeOutput, 'the board on screen stays');
  assert.ok(cancelled.toasts.includes('Cancelled; the board on screen stays'), JSON.stringify(cancelled.toasts));
  assert.equal(cancelled.linkError, '');
  const good = await openGood(page);
  assert.equal(good.solvedInWorker, true);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('a good rules link opens and solves in the worker; its moves, names and drawing come from the page\'s copy, each call within the page\'s budget', { timeout: 120000 }, async () => {
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready', null, 30000, 100);
  await h.startTaskTrace(shared.browser, page);
  const good = await openGood(page);
  const main = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), 'a good rules link');
  console.log(`take134 n=20: main thread: ${main}`);
  assert.equal(good.solvedInWorker, true);
  for (const name of ['move-1', 'move-2', 'move-3', 'rules-text']) assert.ok(good.widgets[name], name);
  const checked = await h.waitForState(page, (s) => s.crossCheck !== 'pending', null, 5000);
  assert.equal(checked.crossCheck, 'agrees', 'the worker\'s independent check');
  await h.clickWidget(page, 'move-3');
  const moved = await h.waitForState(page, (s) => s.step === 1, null, 10000);
  assert.match(moved.moverValue, /loss in 10/);
  assert.deepEqual(log.errors, []);
  await context.close();
});

for (const hook of ['show', 'name']) test(`rules whose ${hook}() hangs: each of the page's calls ends at its budget, the page falls back to the canonical text and stays responsive`, { timeout: 120000 }, async () => {
  const text = 'game = {\n  params = {},\n  start = function(p) return 3 end,\n' +
    '  moves = function(s, p) if s > 0 then return {1, 2} end return {} end,\n' +
    '  play = function(s, m, p) return math.max(0, s - m) end,\n' +
    `  ${hook} = function(...) while true do end end,\n}\n`;
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready', null, 30000, 100);
  await h.startTaskTrace(shared.browser, page);
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(text, []));
  const state = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null, null, 30000, 100);
  await h.frames(page, 30);  // frames drawn with the board on screen
  const main = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), `${hook}() hangs`);
  console.log(`${hook}() hangs: main thread: ${main}`);
  assert.equal(state.judgeOutput, 'loss 2\n');
  assert.ok(state.widgets['rules-text'] && state.widgets['move-1'] && state.widgets['move-2'], 'the board and its moves are drawn');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('a metamethod of game itself never runs: the loader reads game raw', { timeout: 60000 }, async () => {
  const text = 'game = setmetatable({\n' + parts + '}, {__index = function(t, k)\n  while true do end\nend})\n';
  const { page, log, context } = await newPage();
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(text, []));
  const state = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null, null, 30000, 100);
  assert.equal(state.judgeOutput, 'loss 0\n');
  assert.equal(state.linkError, '');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('where no worker can start, the page opens rules itself, each call within the page\'s budget: a good link solves, a hanging one ends at 2,000,000 instructions without a long task', { timeout: 120000 }, async () => {
  const { page, log, context } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => { delete window.Worker; window.Worker = undefined; });
  await h.gotoApp(page, shared.server);
  await h.waitForState(page, (s) => s.solverWorker === 'unavailable' && s.solving === null, null, 30000, 100);
  const good = await openGood(page);
  assert.equal(good.solvedInWorker, false);
  assert.equal(good.crossCheck === 'pending' ? 'skipped' : good.crossCheck, 'skipped', 'no check of rules on the page');
  for (const [where, text] of Object.entries(hangingOnPage)) {
    await h.startTaskTrace(shared.browser, page);
    await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(text, []));
    const failed = await h.waitForState(page, (s) => s.linkError !== '' && s.solving === null, null, 30000, 100);
    const main = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), `no worker, rules hanging in ${where}`);
    console.log(`no worker, ${where}: ${failed.linkError}; main thread: ${main}`);
    assert.match(failed.linkError, /the call ran past its budget of 2,000,000 instructions/);
    assert.match(failed.linkError, { body: /while the file ran/, index: /while the file ran/, moves: /in moves\(0\)/, start: /in start\(\)/ }[where]);
    assert.equal(failed.judgeOutput, good.judgeOutput, 'the board on screen stays');
    await openGood(page);
  }
  assert.deepEqual(log.errors, []);
  await context.close();
});

// Issue 33: a rules board's start is answered by the worker's search that stops at each winning
// move, who wins and by which moves, before the board is solved whole (solver_worker.cpp,
// answerBySearch). Wythoff's game from
// (300, 300), written with integer positions: who wins in a few seconds, every move's value only
// after several times that; the line comes below the bar and Cancel, which do not move.
const wythoffIntegers = fs.readFileSync(path.join(h.repoRoot, 'tests/bench/plain/wythoff.rules.lua'), 'utf8');
const wythoffTables = fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules/wythoff.lua'), 'utf8');

test('a rules board of integer positions shows who wins, found by the worker\'s search, while the whole solve goes on; Cancel ends it', { timeout: 180000 }, async () => {
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
  const before = await h.readState(page);
  await h.startTaskTrace(shared.browser, page);
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(wythoffIntegers, [300, 300]));
  const first = await h.waitForState(page, opening, null, 10000, 'raf');
  const found = await h.waitForState(page, (s) => !!(s.solving && s.solving.search === 'win'), null, 120000, 50);
  const main = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), 'the search for who wins');
  console.log(`Wythoff (300, 300), integer positions: who wins after ${found.solving.searchMs} ms of the ` +
    `worker's search, the whole solve at ${found.solving.positions} positions; main thread: ${main}`);
  assert.equal(first.solving.progress, 0, 'nothing solved yet: 0%, not the 100% of an unknown total');
  assert.ok(found.solving.progress < 0.5, `the whole solve has only begun: ${found.solving.progress}`);
  assert.equal(found.solving.opening, true, 'the board is still being solved whole');
  assert.ok(found.solving.searchMs > 0);
  assert.ok(found.widgets.searched, 'the line is drawn');
  // Its one winning move of 900 (take 300 from both: 2 * 4096 + 300, unnamed), as the board
  // names it once solved.
  assert.deepEqual([found.solving.searchBestCount, found.solving.searchMoves, found.solving.searchBest], [1, 900, ['8492']]);
  assert.ok(found.widgets['searched-moves']);
  // A screen reader hears it (the page's polite live region).
  await page.waitForFunction(() => /^The first player wins: found in [\d.]+ m?s by a search that stops at each winning move\. .*Winning moves, 1 of 900: 8492\. $/.test(document.getElementById('gs-status').textContent), null, { timeout: 5000 });
  assert.deepEqual(found.widgets.cancel, first.widgets.cancel, 'Cancel did not move');
  assert.deepEqual(found.widgets.progress, first.widgets.progress, 'the bar did not move');
  assert.equal(found.judgeOutput, before.judgeOutput, 'the board on screen stays');
  await h.screenshot(page, 'rules-searched-1280x800');
  await h.clickWidget(page, 'cancel');
  const cancelled = await h.waitForState(page, (s) => s.solving === null, null, 5000, 50);
  assert.equal(cancelled.judgeOutput, before.judgeOutput, 'the board on screen stays');
  assert.ok(cancelled.toasts.includes('Cancelled; the board on screen stays'), JSON.stringify(cancelled.toasts));
  assert.ok(!cancelled.widgets.searched);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('a rules board whose positions are tables shows no search line: it is solved whole, as before', { timeout: 120000 }, async () => {
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
  await page.evaluate(() => {
    window.__searches = [];
    window.__watch = setInterval(() => {
      const state = window.gameSolverState();
      if (state.solving) window.__searches.push(state.solving.search);
    }, 20);
  });
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(wythoffTables, [60, 60]));
  const solved = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null && s.judgeOutput !== '', null, 60000, 100);
  const searches = await page.evaluate(() => { clearInterval(window.__watch); return window.__searches; });
  assert.ok(searches.length > 0, 'the opening was seen');
  assert.deepEqual([...new Set(searches)], [null]);
  assert.equal(solved.judgeOutput, 'win 1\n');
  assert.deepEqual(log.errors, []);
  await context.close();
});

// The best moves by the rules' names, the first twelve and how many more: from an odd n, every
// move (to an even number) wins. The line goes once the board is solved, which names the same.
const parity = 'game = {\n  params = { {"n", 12001, 0, 100000} },\n  start = function(p) return p.n end,\n' +
  '  moves = function(s, p)\n    local r = {}\n    for m = 1 - s % 2, s - 1, 2 do r[#r + 1] = m end\n    return r\n  end,\n' +
  '  play = function(s, m, p) return m end,\n  name = function(m, s, p) return "to " .. m end,\n}\n';

test('the search names the start\'s winning moves, the first twelve and how many more, until the board is solved', { timeout: 180000 }, async () => {
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(parity, [12001]));
  const found = await h.waitForState(page, (s) => !!(s.solving && s.solving.search === 'win'), null, 120000, 50);
  console.log(`parity n = 12001: who wins and by which moves after ${found.solving.searchMs} ms of the worker's search`);
  const twelve = Array.from({ length: 12 }, (_, k) => `to ${2 * k}`);
  assert.deepEqual([found.solving.searchBestCount, found.solving.searchMoves, found.solving.searchBest], [6001, 6001, twelve]);
  assert.ok(found.widgets['searched-moves']);
  await h.screenshot(page, 'rules-searched-moves-1280x800');
  const solved = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null && s.judgeOutput !== '', null, 120000, 100);
  assert.equal(solved.judgeOutput, 'win 1\n');
  assert.ok(!solved.widgets['searched-moves'] && !solved.widgets.searched, 'the line is gone with the board solved');
  assert.ok(solved.widgets['move-1'], 'the board\'s moves are drawn');
  assert.deepEqual(log.errors, []);
  await context.close();
});

// Wythoff's game, independently: (a, b) is lost for the player to move exactly when it is
// (floor(k phi), floor(k phi) + k) in some order (Wythoff, 1907). A move wins for its maker when
// it reaches such a position.
const phi = (1 + Math.sqrt(5)) / 2;
const wythoffLost = (a, b) => Math.floor((Math.max(a, b) - Math.min(a, b)) * phi) === Math.min(a, b);
// The rules' moves from (a, b) in their order (from pile 1, from pile 2, from both), each as the
// position it reaches.
const wythoffChildren = (a, b) => [
  ...Array.from({ length: a }, (_, k) => [a - k - 1, b]),
  ...Array.from({ length: b }, (_, k) => [a, b - k - 1]),
  ...Array.from({ length: Math.min(a, b) }, (_, k) => [a - k - 1, b - k - 1])];
const winningIndices = (a, b) => wythoffChildren(a, b).flatMap(([x, y], k) => (wythoffLost(x, y) ? [k] : []));

// Issue 33: the lazy board. While the whole solve goes on, who wins at the start is known; "Play it
// by search" plays the board position by position, the worker searching each as it is reached
// (the moves' outcomes only, in a memo kept from position to position). Back, Start and Close;
// the board on screen before stays under it.
test('a rules board played by search: who wins at each position and each move\'s outcome, searched as it is reached, against Wythoff\'s formula', { timeout: 240000 }, async () => {
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
  const before = await h.readState(page);
  assert.equal(before.searchBoard, null);
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(wythoffIntegers, [300, 300]));
  const found = await h.waitForState(page, (s) => !!(s.solving && s.solving.search === 'win' && s.widgets['search-board']), null, 120000, 50);
  assert.equal(found.canSearchBoard, true);
  await h.startTaskTrace(shared.browser, page);
  await h.clickWidget(page, 'search-board');
  const start = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 1 && !s.searchBoard.searching), null, 60000, 50);
  assert.equal(start.solving, null, 'the whole solve stopped');
  assert.equal(start.judgeOutput, before.judgeOutput, 'the board on screen before stays under the lazy board');
  const board = start.searchBoard;
  assert.deepEqual([board.line, board.mover, board.outcome, board.moveCount, board.error, board.title], [[], 0, 'win', 900, '', "Wythoff's game, integer positions"]);
  assert.deepEqual(board.winning, winningIndices(300, 300));
  assert.deepEqual(board.winning, [899], 'take 300 from both');
  assert.deepEqual(board.drawing, []);
  assert.deepEqual(board.names.slice(0, 3), ['1', '2', '3'], 'unnamed moves: their canonical text');
  assert.deepEqual([board.text, board.grid], ['90600', []], 'show() is not given: the position\'s canonical text');
  assert.ok(start.widgets['rules-text']);
  assert.ok(start.widgets['search-verdict'] && start.widgets['search-line'] && start.widgets['search-move-0']);
  assert.ok(start.widgets['search-move-899'].y < start.widgets['search-move-0'].y, 'the winning move is listed first');
  await h.screenshot(page, 'rules-search-board-1280x800');
  // A losing move, clicked: the second player to move wins there, by the formula's moves.
  await h.clickWidget(page, 'search-move-0');
  const after = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 2 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([after.searchBoard.line, after.searchBoard.mover, after.searchBoard.outcome, after.searchBoard.moveCount], [[0], 1, 'win', 898]);
  assert.deepEqual(after.searchBoard.winning, winningIndices(299, 300));
  assert.ok(after.searchBoard.winning.length > 0);
  // Its winning move, clicked: the first player to move loses there, every move winning for
  // its maker.
  const winning = after.searchBoard.winning[0];
  const [x, y] = wythoffChildren(299, 300)[winning];
  // (The winning moves are listed first.)
  const list = after.widgets['search-moves'], row = after.widgets[`search-move-${winning}`];
  assert.ok(row && row.y >= list.y && row.y + row.h <= list.y + list.h, `the winning move is in view: ${JSON.stringify([row, list])}`);
  await h.clickWidget(page, `search-move-${winning}`);
  const lost = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 3 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([lost.searchBoard.line, lost.searchBoard.mover, lost.searchBoard.outcome], [[0, winning], 0, 'loss']);
  assert.deepEqual(lost.searchBoard.winning, winningIndices(x, y));
  assert.deepEqual(lost.searchBoard.winning, [], 'no move wins from a lost position');
  assert.ok(lost.searchBoard.moveCount > 0);
  await h.screenshot(page, 'rules-search-board-lost-1280x800');
  await h.clickWidget(page, 'search-back');
  const again = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.line.length === 1), null, 5000, 50);
  assert.deepEqual([again.searchBoard.searching, again.searchBoard.mover, again.searchBoard.outcome], [false, 1, 'win']);
  const main = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), 'the lazy board');
  console.log(`Wythoff (300, 300) played by search: the start searched in ${start.searchBoard.ms} ms ` +
    `(${start.searchBoard.added} positions), after a losing move ${after.searchBoard.ms} ms (${after.searchBoard.added} more), ` +
    `after its winning reply ${lost.searchBoard.ms} ms (${lost.searchBoard.added} more); main thread: ${main}`);
  // Back: the start again, with no new search.
  await h.clickWidget(page, 'search-back');
  const back = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.line.length === 0), null, 5000, 50);
  assert.deepEqual([back.searchBoard.searching, back.searchBoard.searched, back.searchBoard.outcome, back.searchBoard.moveCount], [false, 1, 'win', 900]);
  // The keyboard: Space plays the first move listed (the winning one), the left arrow takes it
  // back, Home returns to the start; the board under the lazy board does not move.
  await h.clickWidget(page, 'search-line');  // (no field keeps the keyboard)
  await h.pressKey(page, 'Space');
  const best = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 2 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([best.searchBoard.line, best.searchBoard.mover, best.searchBoard.outcome, best.searchBoard.winning], [[899], 1, 'loss', []]);
  await h.pressKey(page, 'ArrowLeft');
  await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.line.length === 0), null, 5000, 50);
  await h.pressKey(page, 'Space');
  await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.line.length === 1 && !s.searchBoard.searching), null, 60000, 50);
  await h.pressKey(page, 'Home');
  const home = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.line.length === 0), null, 5000, 50);
  assert.equal(home.step, before.step, 'the board under it stayed where it was');
  // The mouse wheel over the list of 900 moves brings a move far down it into view (the list
  // lays out only the rows in view); clicked, it plays, against the formula again.
  const far = 450, name = `search-move-${far}`;
  let rows = await h.readState(page);
  assert.ok(!rows.widgets[name], 'the move is out of view at first');
  const movesList = rows.widgets['search-moves'];
  await page.mouse.move(movesList.x + movesList.w / 2, movesList.y + movesList.h / 2);
  const inView = (s) => s.widgets[name] && s.widgets[name].y >= movesList.y && s.widgets[name].y + s.widgets[name].h <= movesList.y + movesList.h;
  for (let turn = 0; turn < 60 && !inView(rows); ++turn) {
    await page.mouse.wheel(0, 400);
    await h.frames(page, 2);
    rows = await h.readState(page);
  }
  assert.ok(inView(rows), `the wheel scrolled ${name} into view`);
  await h.clickWidget(page, name);
  const farther = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 2 && !s.searchBoard.searching), null, 60000, 50);
  const [fx, fy] = wythoffChildren(300, 300)[far];
  assert.deepEqual([farther.searchBoard.line, farther.searchBoard.mover, farther.searchBoard.outcome], [[far], 1, wythoffLost(fx, fy) ? 'loss' : 'win']);
  assert.deepEqual(farther.searchBoard.winning, winningIndices(fx, fy));
  await h.clickWidget(page, 'search-back');
  await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.line.length === 0), null, 5000, 50);
  // Close: the board on screen before comes back, with the lazy board offered again.
  await h.clickWidget(page, 'search-close');
  const closed = await h.waitForState(page, (s) => s.searchBoard === null, null, 5000, 50);
  assert.equal(closed.judgeOutput, before.judgeOutput);
  assert.equal(closed.step, before.step);
  assert.deepEqual([closed.canSearchBoard, closed.searchBoardClosed, closed.refusedButSearchable], [true, true, '']);
  assert.ok(closed.widgets['search-board-closed'] && closed.widgets['search-board']);
  // Another board opened: the lazy board and its offer go.
  await h.clickWidget(page, 'game-exchange');
  const other = await h.waitForState(page, (s) => s.game === 'exchange' && s.solving === null, null, 30000, 100);
  assert.deepEqual([other.canSearchBoard, other.searchBoardClosed, other.searchBoard], [false, false, null]);
  assert.ok(!other.widgets['search-board'] && !other.widgets['search-board-closed']);
  assert.deepEqual(log.errors, []);
  await context.close();
});

// Wythoff's game's whole values, independently: a brute force over every (a, b) up to the start,
// each position's remoteness as the retrograde solve counts it (the winner hurries to a position
// lost for the other player, the loser delays), and each move's value for its maker, in words.
function wythoffValues(A, B) {
  const win = [], far = [];
  for (let a = 0; a <= A; ++a) {
    win.push(new Uint8Array(B + 1));
    far.push(new Int32Array(B + 1));
    for (let b = 0; b <= B; ++b) {
      let quickest = Infinity, longest = -1;
      for (const [x, y] of wythoffChildren(a, b)) {
        if (!win[x][y]) quickest = Math.min(quickest, far[x][y]);
        else longest = Math.max(longest, far[x][y]);
      }
      win[a][b] = quickest < Infinity ? 1 : 0;
      far[a][b] = quickest < Infinity ? quickest + 1 : longest + 1;
    }
  }
  const words = (won, n) => (n === 0 ? 'no move' : `${won ? 'win' : 'loss'} in ${n}`);
  return {
    value: (a, b) => words(win[a][b], far[a][b]),
    moves: (a, b) => wythoffChildren(a, b).map(([x, y]) => words(!win[x][y], far[x][y] + 1)),
  };
}

// The lazy board's moves in view, top to bottom, by index.
const rowsInView = (state) => Object.keys(state.widgets).filter((k) => /^search-move-\d+$/.test(k))
  .sort((p, q) => state.widgets[p].y - state.widgets[q].y).map((k) => +k.slice('search-move-'.length));

// Issue 33: "the app asks for more (each move's value, remoteness) only for the position on
// screen, lazily". Moves left, ticked on the lazy board, searches the position on screen whole
// (a memo of values kept beside the cut-off search's): its value and every move's, as a solved
// board shows them; against a brute force of Wythoff's game. Unticked, a move is searched for who
// wins alone; Back shows the values already found without a search.
test('the lazy board\'s Moves left: the position on screen searched whole, its value and every move\'s against a brute force of Wythoff\'s game', { timeout: 240000 }, async () => {
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(wythoffIntegers, [300, 300]));
  await h.waitForState(page, (s) => !!(s.solving && s.solving.search === 'win' && s.widgets['search-board']), null, 120000, 50);
  await h.clickWidget(page, 'search-board');
  const start = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 1 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([start.searchBoard.values, start.searchBoard.valued, start.searchBoard.value], [false, false, undefined]);
  const reference = wythoffValues(300, 300);
  await h.startTaskTrace(shared.browser, page);
  await h.clickWidget(page, 'search-values');
  const valued = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.valued && !s.searchBoard.searching), null, 120000, 50);
  const main = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), 'the start searched whole');
  const board = valued.searchBoard;
  assert.deepEqual([board.values, board.line, board.searched, board.mover, board.outcome, board.error], [true, [], 1, 0, 'win', '']);
  assert.equal(board.value, reference.value(300, 300));
  assert.equal(board.value, 'win in 1');
  assert.deepEqual(board.moveValues, reference.moves(300, 300));
  assert.deepEqual(board.winning, [899]);
  await page.waitForFunction(() => /At the start\. First player to move: win in 1 \(searched in [\d.]+ m?s, [\d,]+ new positions\)\. $/.test(document.getElementById('gs-status').textContent), null, { timeout: 5000 });
  await h.screenshot(page, 'rules-search-board-values-1280x800');
  console.log(`Wythoff (300, 300), Moves left at the start: searched whole in ${board.ms} ms (${board.added} positions); main thread: ${main}`);
  // The moves in view, top to bottom: the winning one, then the losing ones, the longest loss
  // first (a loser delays).
  const listed = rowsInView(valued);
  assert.equal(listed[0], 899);
  const losses = listed.slice(1).map((k) => board.moveValues[k]);
  assert.ok(losses.length > 5 && losses.every((v, k) => /^loss in \d+$/.test(v) && (k === 0 || +v.slice(8) <= +losses[k - 1].slice(8))), losses.join(', '));
  assert.equal(+losses[0].slice(8), Math.max(...board.moveValues.slice(0, 899).map((v) => +v.slice(8))));
  // The longest loss, clicked: the position it reaches is searched whole at once, in the memo
  // of values.
  const [ax, ay] = wythoffChildren(300, 300)[listed[1]];
  await h.clickWidget(page, `search-move-${listed[1]}`);
  const after = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 2 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([after.searchBoard.line, after.searchBoard.valued, after.searchBoard.mover], [[listed[1]], true, 1]);
  assert.equal(after.searchBoard.value, reference.value(ax, ay));
  assert.deepEqual(after.searchBoard.moveValues, reference.moves(ax, ay));
  console.log(`after a losing move: ${after.searchBoard.ms} ms (${after.searchBoard.added} new positions), ${after.searchBoard.value}`);
  // Unticked: the next move is searched for who wins alone.
  await h.clickWidget(page, 'search-values');
  await h.waitForState(page, (s) => !!(s.searchBoard && !s.searchBoard.values), null, 5000, 50);
  // (The quickest win is listed first.)
  const winning = rowsInView(after)[0];
  assert.ok(after.searchBoard.winning.includes(winning));
  const [x, y] = wythoffChildren(ax, ay)[winning];
  await h.clickWidget(page, `search-move-${winning}`);
  const plain = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 3 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([plain.searchBoard.line, plain.searchBoard.valued, plain.searchBoard.outcome, plain.searchBoard.value], [[listed[1], winning], false, 'loss', undefined]);
  // Ticked again: the position on screen is searched again, whole; nothing is taken back.
  await h.clickWidget(page, 'search-values');
  const again = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.valued && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([again.searchBoard.line, again.searchBoard.searched, again.searchBoard.outcome], [[listed[1], winning], 3, 'loss']);
  assert.equal(again.searchBoard.value, reference.value(x, y));
  assert.deepEqual(again.searchBoard.moveValues, reference.moves(x, y));
  // Back: the position before, with the values it had, and no new search.
  await h.clickWidget(page, 'search-back');
  const back = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.line.length === 1), null, 5000, 50);
  assert.deepEqual([back.searchBoard.searching, back.searchBoard.valued, back.searchBoard.value], [false, true, reference.value(ax, ay)]);
  assert.deepEqual(log.errors, []);
  await context.close();
});

// An impartial game's lazy board: Grundy numbers, ticked, against Nim's own (a xor b, Bouton
// 1901). Two piles as one integer, a move as kind * 4096 + k (from pile 1, then from pile 2).
const nimTwoPiles = 'game = {\n  title = "Nim of two piles, integer positions",\n  impartial = true,\n' +
  '  params = { {"a", 300, 0, 4095}, {"b", 300, 0, 4095} },\n' +
  '  start = function(p) return p.a * (p.b + 1) + p.b end,\n' +
  '  moves = function(s, p)\n    local W = p.b + 1\n    local a, b = s // W, s % W\n    local r, n = {}, 0\n' +
  '    for k = 1, a do n = n + 1; r[n] = k end\n    for k = 1, b do n = n + 1; r[n] = 4096 + k end\n    return r\n  end,\n' +
  '  play = function(s, m, p)\n    local W = p.b + 1\n    if m < 4096 then return s - m * W end\n    return s - (m - 4096)\n  end,\n' +
  '  name = function(m, s, p)\n    if m < 4096 then return "take " .. m .. " from pile 1" end\n' +
  '    return "take " .. (m - 4096) .. " from pile 2"\n  end,\n}\n';
// The moves from (a, b) in the rules' order, each as the piles it leaves.
const nimChildren = (a, b) => [...Array.from({ length: a }, (_, k) => [a - k - 1, b]), ...Array.from({ length: b }, (_, k) => [a, b - k - 1])];

test('an impartial game\'s lazy board: Grundy numbers, ticked, are Nim\'s (a xor b) at the position on screen and for every move', { timeout: 240000 }, async () => {
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(nimTwoPiles, [300, 300]));
  await h.waitForState(page, (s) => !!(s.solving && s.solving.search === 'loss' && s.widgets['search-board']), null, 120000, 50);
  await h.clickWidget(page, 'search-board');
  const start = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 1 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([start.searchBoard.outcome, start.searchBoard.moveCount, start.searchBoard.winning], ['loss', 600, []]);
  assert.ok(start.widgets['search-values']);
  await h.clickWidget(page, 'search-values');
  const valued = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.valued && !s.searchBoard.searching), null, 120000, 50);
  assert.equal(valued.searchBoard.value, 'sg 0');
  assert.deepEqual(valued.searchBoard.moveValues, nimChildren(300, 300).map(([x, y]) => `sg ${x ^ y}`));
  await page.waitForFunction(() => /At the start\. First player to move: sg 0, a loss \(searched in [\d.]+ m?s, [\d,]+ new positions\)\. $/.test(document.getElementById('gs-status').textContent), null, { timeout: 5000 });
  await h.screenshot(page, 'rules-search-board-grundy-1280x800');
  console.log(`Nim (300, 300), Grundy numbers at the start: ${valued.searchBoard.ms} ms (${valued.searchBoard.added} positions)`);
  // Take 1 from pile 1: a win there by the one move back to equal piles, listed first.
  await h.clickWidget(page, 'search-move-0');
  const after = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 2 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([after.searchBoard.line, after.searchBoard.valued, after.searchBoard.value, after.searchBoard.outcome], [[0], true, `sg ${299 ^ 300}`, 'win']);
  assert.deepEqual(after.searchBoard.moveValues, nimChildren(299, 300).map(([x, y]) => `sg ${x ^ y}`));
  assert.deepEqual(after.searchBoard.winning, [299 + 0], 'take 1 from pile 2, the only move to equal piles');
  assert.deepEqual(after.searchBoard.names.slice(0, 2), ['take 1 from pile 1', 'take 2 from pile 1']);
  assert.equal(rowsInView(after)[0], 299);
  assert.deepEqual(log.errors, []);
  await context.close();
});

// A move whose position the search cannot decide (the rules fail there) is not played: the
// sentence says so, and the line stays as it was, so the next move is played from the position on
// screen. The start is decided without reaching the failing position (a winning move is found
// first); the whole solve meets it, and is refused, with the lazy board offered.
const trap = 'game = {\n  title = "A trap at 4",\n  params = {},\n  start = function(p) return 0 end,\n' +
  '  moves = function(s, p)\n    if s == 0 then return {1, 2} elseif s == 2 then return {3, 4} end\n' +
  '    if s == 4 then error("no moves at 4") end\n    return {}\n  end,\n' +
  '  play = function(s, m, p) return m end,\n}\n';

test('a move whose position the search cannot decide is taken back with a sentence; the next move is played from the position on screen', { timeout: 120000 }, async () => {
  const { page, log, context } = await newPage();
  await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(trap, []));
  const refused = await h.waitForState(page, (s) => s.solving === null && s.refusedButSearchable !== '' && !!s.widgets['search-board'], null, 60000, 100);
  assert.equal(refused.linkError, 'line 7: no moves at 4, in moves(4)');
  await h.clickWidget(page, 'search-board');
  const start = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 1 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([start.searchBoard.outcome, start.searchBoard.names, start.searchBoard.winning], ['win', ['1', '2'], [0]]);
  await h.clickWidget(page, 'search-move-1');
  const failed = await h.waitForState(page, (s) => !!(s.searchBoard && !s.searchBoard.searching && s.searchBoard.error !== ''), null, 60000, 50);
  assert.deepEqual([failed.searchBoard.line, failed.searchBoard.searched, failed.searchBoard.outcome], [[], 1, 'win']);
  assert.match(failed.searchBoard.error, /^That move was not played: the search cannot decide this position/);
  assert.ok(failed.widgets['search-error']);
  await h.clickWidget(page, 'search-move-0');
  const played = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 2 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([played.searchBoard.line, played.searchBoard.mover, played.searchBoard.outcome, played.searchBoard.moveCount, played.searchBoard.error],
    [[0], 1, 'loss', 0, '']);
  assert.deepEqual(log.errors, []);
  await context.close();
});

// A long path: from k, step on to k + 1 or jump to the end n, where the player to move has lost.
// The search answers at once (jump); the whole solve passes the page's memory budget (768 MiB)
// after some 16 million positions (12 s natively).
const longPath = 'game = {\n  title = "Long path",\n  params = { {"n", 30000000, 1, 100000000} },\n' +
  '  start = function(p) return 0 end,\n' +
  '  moves = function(s, p)\n    if s >= p.n then return {} end\n' +
  '    if s + 1 == p.n then return {p.n} end\n    return {p.n, s + 1}\n  end,\n' +
  '  play = function(s, m, p) return m end,\n' +
  '  name = function(m, s, p) return m == p.n and "jump" or "step" end,\n' +
  '  show = function(s, p) return {{"at", s}, {"of", p.n}} end,\n}\n';

test('on a phone, a rules board refused for memory (integer positions) whose start the search answered is played by search with taps: step, jump, the game over, Start and Close', { timeout: 240000 }, async () => {
  const { page, log, context } = await h.openPage(shared.browser, shared.server, { viewport: { width: 390, height: 844 }, touch: true });
  await h.gotoApp(page, shared.server, '');
  await h.waitForState(page, (s) => s.solverWorker === 'ready' && s.solving === null, null, 30000, 100);
  const before = await h.readState(page);
  await page.evaluate((hash) => { location.hash = hash; }, h.rulesLink(longPath, [30000000]));
  const refused = await h.waitForState(page, (s) => s.solving === null && s.refusedButSearchable !== '' && !!s.widgets['search-board'], null, 180000, 100);
  console.log(`the long path refused: ${refused.linkError}`);
  assert.match(refused.linkError, /^the game needs more than the memory budget of 768 MiB: at least \d+ MiB to solve the [\d,]+ positions and [\d,]+ moves explored so far$/);
  assert.equal(refused.refusedButSearchable, 'rules board from a link');
  assert.equal(refused.judgeOutput, before.judgeOutput, 'the board on screen stays');
  assert.ok(refused.widgets['refused-searchable']);
  await h.screenshot(page, 'rules-refused-searchable-390x844');
  await h.tapWidget(page, 'search-board');
  const start = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 1 && !s.searchBoard.searching), null, 60000, 50);
  assert.equal(start.refusedButSearchable, '');
  assert.deepEqual([start.searchBoard.mover, start.searchBoard.outcome, start.searchBoard.moveCount, start.searchBoard.winning, start.searchBoard.names],
    [0, 'win', 2, [0], ['jump', 'step']]);
  assert.deepEqual([start.searchBoard.text, start.searchBoard.grid], ['', [['at', '0'], ['of', '30000000']]], 'the position as show() draws it');
  assert.ok(start.widgets['rules-grid']);
  for (const name of ['search-move-0', 'search-move-1', 'search-close', 'search-verdict']) {
    const rect = start.widgets[name];
    assert.ok(rect && rect.x >= 0 && rect.x + rect.w <= 390, `${name} fits the phone's width: ${JSON.stringify(rect)}`);
  }
  await h.screenshot(page, 'rules-search-board-390x844');
  // Moves left, tapped: a path 30 million moves long is too long for the search of values (its
  // memo of every position on the path passes the rules' heap cap), so it is unticked again,
  // with the sentence, and the position on screen stays as it was.
  await h.tapWidget(page, 'search-values');
  const novalues = await h.waitForState(page, (s) => !!(s.searchBoard && !s.searchBoard.searching && s.searchBoard.error !== ''), null, 60000, 50);
  assert.deepEqual([novalues.searchBoard.values, novalues.searchBoard.valued, novalues.searchBoard.line, novalues.searchBoard.outcome],
    [false, false, [], 'win']);
  assert.match(novalues.searchBoard.error, /^No values here, so Moves left is unticked and positions are searched for who wins alone: the search cannot decide this position/);
  assert.ok(novalues.widgets['search-error']);
  await h.screenshot(page, 'rules-search-board-novalues-390x844');
  // Step on: the second player wins there by jumping.
  await h.tapWidget(page, 'search-move-1');
  const stepped = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 2 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([stepped.searchBoard.line, stepped.searchBoard.mover, stepped.searchBoard.outcome, stepped.searchBoard.winning, stepped.searchBoard.error],
    [[1], 1, 'win', [0], '']);
  assert.deepEqual(stepped.searchBoard.grid, [['at', '1'], ['of', '30000000']]);
  // Jump: the first player has no move and has lost.
  await h.tapWidget(page, 'search-move-0');
  const over = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 3 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([over.searchBoard.line, over.searchBoard.mover, over.searchBoard.outcome, over.searchBoard.moveCount], [[1, 0], 0, 'loss', 0]);
  assert.ok(!over.widgets['search-move-0']);
  await page.waitForFunction(() => /After step, jump\. First player to move loses \(searched in [\d.]+ m?s, \d+ new positions\)\. $/.test(document.getElementById('gs-status').textContent), null, { timeout: 5000 });
  await h.screenshot(page, 'rules-search-board-over-390x844');
  await h.tapWidget(page, 'search-start');
  const again = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.line.length === 0), null, 5000, 50);
  assert.deepEqual([again.searchBoard.searching, again.searchBoard.searched, again.searchBoard.outcome], [false, 1, 'win']);
  await h.tapWidget(page, 'search-close');
  const closed = await h.waitForState(page, (s) => s.searchBoard === null, null, 5000, 50);
  assert.equal(closed.judgeOutput, before.judgeOutput);
  assert.deepEqual([closed.canSearchBoard, closed.searchBoardClosed], [true, true]);
  assert.deepEqual(log.errors, []);
  await context.close();
});

// The same from the editor: a rules file dropped on "Your game", its parameter raised until the
// solve is refused for memory, then played by search; Close brings the board under it back.
test('a rules file dropped into the editor and refused for memory is played by search: the lazy board from the editor', { timeout: 240000 }, async () => {
  const { page, log, context } = await newPage();
  await h.clickWidget(page, 'game-rules');
  await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null && s.judgeOutput === 'win 11\n', null, 30000, 100);
  // A rules file dropped on the page: into the editor, and solved.
  await page.evaluate((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'long.lua', { type: 'text/plain' }));
    document.getElementById('canvas').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, longPath);
  // (Its parameter n keeps the value on screen, 20: a field of the same name.)
  const dropped = await h.waitForState(page, (s) => s.fields['rules-title'] === 'Long path' && s.solving === null && s.judgeOutput === 'win 1\n', null, 30000, 100);
  assert.equal(dropped.fields['size-n'], '20');
  await h.typeInto(page, 'size-n', '30000000', { enter: true, point: (rect) => ({ x: rect.x + 12, y: rect.y + rect.h / 2 }) });
  const refused = await h.waitForState(page, (s) => s.solving === null && s.refusedButSearchable !== '' && !!s.widgets['search-board'], null, 180000, 100);
  assert.match(refused.error, /^the game needs more than the memory budget of 768 MiB: at least \d+ MiB to solve the [\d,]+ positions and [\d,]+ moves explored so far$/);
  assert.equal(refused.linkError, '');
  assert.equal(refused.judgeOutput, dropped.judgeOutput, 'the board on screen stays');
  await h.screenshot(page, 'rules-refused-searchable-1280x800');
  await h.clickWidget(page, 'search-board');
  const start = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 1 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([start.searchBoard.mover, start.searchBoard.outcome, start.searchBoard.names, start.searchBoard.winning, start.searchBoard.grid, start.searchBoard.title],
    [0, 'win', ['jump', 'step'], [0], [['at', '0'], ['of', '30000000']], 'Long path']);
  await h.clickWidget(page, 'search-move-1');
  const stepped = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched === 2 && !s.searchBoard.searching), null, 60000, 50);
  assert.deepEqual([stepped.searchBoard.line, stepped.searchBoard.mover, stepped.searchBoard.outcome], [[1], 1, 'win']);
  await h.clickWidget(page, 'search-close');
  const closed = await h.waitForState(page, (s) => s.searchBoard === null, null, 5000, 50);
  assert.equal(closed.judgeOutput, dropped.judgeOutput);
  assert.ok(closed.widgets['move-1'], 'the board under it is drawn again');
  assert.ok(closed.widgets['search-board-closed']);
  await h.screenshot(page, 'rules-search-board-closed-1280x800');
  // Opened again: where it was, with no new search.
  await h.clickWidget(page, 'search-board');
  const reopened = await h.waitForState(page, (s) => !!s.searchBoard, null, 5000, 50);
  assert.deepEqual([reopened.searchBoard.line, reopened.searchBoard.searched, reopened.searchBoard.searching, reopened.searchBoard.mover, reopened.searchBoard.outcome],
    [[1], 2, false, 1, 'win']);
  assert.deepEqual(reopened.searchBoard.grid, [['at', '1'], ['of', '30000000']]);
  await h.clickWidget(page, 'search-close');
  await h.waitForState(page, (s) => s.searchBoard === null && s.searchBoardClosed, null, 5000, 50);
  assert.deepEqual(log.errors, []);
  await context.close();
});
