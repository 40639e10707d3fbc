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
