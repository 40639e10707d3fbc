// The solver worker (imgui_app/solver_worker.h): large boards solve in a dedicated Web Worker
// running the app's own script while the page's main thread draws; the page adopts the solved
// tables a chunk at a time. Where no worker can start, or one stops mid-job, the page solves in
// slices as before. Each answer is checked against the module's. No test is retried.
//   GS_WEB_DIR=build/site node --test tests/browser/worker.test.js
'use strict';

const assert = require('node:assert/strict');
const { test } = require('node:test');
const h = require('./helpers');

const kSample = '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1';

const shared = h.sharedServerAndBrowser();

async function withApp(body, options = {}) {
  return h.withAppPage(shared.browser, shared.server, { fragment: kSample, ...options }, body);
}

async function moduleAnswer(fragment) {
  const gs = await h.loadModule();
  const session = new gs.Session();
  assert.equal(session.loadLink(fragment).ok, true);
  const answer = session.judgeOutput();
  session.delete();
  return answer;
}

// Opens a link in the running page and waits for its board; returns the state on screen (its
// solvedInWorker says who solved it) and the milliseconds until the board was on screen
// (printed, never asserted).
async function openAndWait(page, fragment, game) {
  const previous = (await h.readState(page)).judgeOutput;
  const start = Date.now();
  await page.evaluate((hash) => { window.location.hash = hash; }, fragment);
  // (A large manhattan board's heatmap is made a slice a frame after the board is adopted:
  // 'board-drawing' marks its area until then.)
  const state = await h.waitForState(page, (s, arg) => !s.solving && s.game === arg.game &&
    s.judgeOutput !== arg.previous && !s.widgets['board-drawing'], { game, previous }, 120000, 50);
  return { state, ms: Date.now() - start };
}

test('large boards solve in the worker: exact answers, the main thread stays free', { timeout: 300000 }, async () => {
  await withApp(async (page) => {
    await h.waitForState(page, (s) => s.solverWorker === 'ready', null, 30000, 100);
    const boards = [
      ['#g=staircase&r=14.14.100000.1', 'staircase'],  // 40 M positions, handed over compactly
      ['#g=exchange&r=6.6.5.1000000000.1', 'exchange'],  // 17 cards: the sweep
      // 2.25 M and 4 M cells: made by the worker (a recipe's board comes with its values), the
      // page's tables grown and its heatmap coloured and uploaded a slice at a time.
      ['#g=manhattan&r=1500.700.1', 'manhattan'],
      ['#g=manhattan&r=2000.1000.3', 'manhattan'],
      ['#g=staircase&r=14.13.100000.2', 'staircase'],  // the worker's second staircase
    ];
    for (const [fragment, game] of boards) {
      await h.startTaskTrace(shared.browser, page);
      const { state, ms } = await openAndWait(page, fragment, game);
      const main = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), fragment);
      console.log(`${fragment}: on screen after ${ms} ms (the worker's solve ${state.solveMs} ms); ` +
        `main thread: ${main}`);
      assert.equal(state.solvedInWorker, true, `${fragment} solved in the worker`);
      // (The hook shows the first 64 KiB of a long answer, and its full size.)
      const answer = await moduleAnswer(fragment);
      assert.equal(state.judgeOutput, answer.slice(0, 65536), `${fragment}: the module's answer`);
      assert.equal(state.judgeOutputBytes, answer.length);
      assert.equal(state.solverWorker, 'ready');
    }
    // The adopted staircase (optimal moves only, values recomputed from them) answers along its
    // line: the value chart's value stays the answer from the first stone to the last.
    const before = await h.readState(page);
    assert.equal(before.chartValue, Number(before.judgeOutput));
    await h.pressKey(page, 'End');
    const end = await h.waitForState(page, (s) => s.step === s.lineLength, null, 10000);
    assert.equal(end.lineLength, 14 * 13);
    assert.equal(end.chartValue, Number(before.judgeOutput), 'the value holds along the optimal line');
  });
});

test('Cancel stops the worker; the previous board stays and the next board solves in a new worker', { timeout: 240000 }, async () => {
  await withApp(async (page) => {
    await h.waitForState(page, (s) => s.solverWorker === 'ready', null, 30000, 100);
    await page.evaluate(() => { window.location.hash = '#g=exchange&r=6.6.6.1000000000.1'; });
    let state = await h.waitForState(page, (s) => s.solving !== null && s.solving.positions > 0, null, 30000, 100);
    assert.equal(state.solving.inWorker, true);
    console.log(`cancel at ${JSON.stringify(state.solving)}`);
    await h.clickWidget(page, 'cancel');
    state = await h.waitForState(page, (s) => s.solving === null, null, 10000, 100);
    assert.equal(state.judgeOutput, '2\n', 'the previous board stays');
    assert.ok(state.toasts.some((t) => t.startsWith('Cancelled')));
    const fragment = '#g=staircase&r=13.13.100000.5';
    const { state: next } = await openAndWait(page, fragment, 'staircase');
    assert.equal(next.solvedInWorker, true, 'a new worker solved it');
    assert.equal(next.judgeOutput, await moduleAnswer(fragment));
  });
});

test('where no worker can start, the page solves in slices', { timeout: 240000 }, async () => {
  // A browser without Worker, and one whose worker script does not load (the app's script is
  // refused the second time it is fetched: the page's own copy loads, the worker's does not).
  let fetches = 0;
  const setups = [
    { initScript: () => { delete window.Worker; window.Worker = undefined; } },
    {
      route: {
        url: '**/index.js',
        handler: (route) => (++fetches === 1 ? route.continue() : route.fulfill({ status: 404, body: '' })),
      },
    },
  ];
  for (const setup of setups) {
    await withApp(async (page) => {
      await h.waitForState(page, (s) => s.solverWorker === 'unavailable', null, 30000, 100);
      const fragment = '#g=staircase&r=12.12.100000.4';
      const { state } = await openAndWait(page, fragment, 'staircase');
      assert.equal(state.solvedInWorker, false, 'solved by the page');
      assert.equal(state.judgeOutput, await moduleAnswer(fragment));
    }, setup);
  }
  assert.ok(fetches >= 2, "the worker's script was asked for");
});

test('a worker that stops mid-solve: the page solves the board itself, and a new worker takes the next', { timeout: 240000 }, async () => {
  await withApp(async (page) => {
    await h.waitForState(page, (s) => s.solverWorker === 'ready', null, 30000, 100);
    const fragment = '#g=staircase&r=14.14.100000.6';
    await page.evaluate((hash) => { window.location.hash = hash; }, fragment);
    await h.waitForState(page, (s) => s.solving !== null && s.solving.inWorker && s.solving.positions > 0, null, 30000, 100);
    // What the browser reports when a worker dies (out of memory, a crash).
    await page.evaluate(() => gsSolver.worker.onerror(new ErrorEvent('error', { message: 'worker stopped' })));
    const state = await h.waitForState(page, (s) => s.solving === null && s.recipe === '14.14.100000.6', null, 120000, 200);
    assert.equal(state.judgeOutput, await moduleAnswer(fragment), 'the page solved it');
    assert.equal(state.solvedInWorker, false);
    const next = '#g=staircase&r=13.12.100000.7';
    const { state: nextState } = await openAndWait(page, next, 'staircase');
    assert.equal(nextState.solvedInWorker, true, 'the next board solved in a new worker');
    assert.equal(nextState.judgeOutput, await moduleAnswer(next));
  });
});

test('rules games solve in the worker: a large exploration and an endless loop in the rules leave the main thread free', { timeout: 240000 }, async () => {
  const fs = require('node:fs');
  const path = require('node:path');
  const nim2 = fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules/nim2.lua'), 'utf8');
  const endless = 'game = {\n  params = {},\n  start = function(p) return 0 end,\n' +
    '  moves = function(s, p)\n    while true do end\n  end,\n  play = function(s, m, p) return s end,\n}\n';
  await withApp(async (page) => {
    await h.waitForState(page, (s) => s.solverWorker === 'ready', null, 30000, 100);
    // Two piles of 80: 6,561 positions and 530,000 moves explored by the rules (half a
    // second of Lua in the worker); a line of at most 160 moves. (The page's own work, adopting
    // the graph and walking its line, grows with them: 32 ms of CPU time in a frame for two
    // piles of 100.)
    const fragment = h.rulesLink(nim2, [80, 80]);
    await h.startTaskTrace(shared.browser, page);
    const { state, ms } = await openAndWait(page, fragment, 'rules');
    const main = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), 'nim2 80 80');
    console.log(`nim2 80 80: on screen after ${ms} ms (the worker's solve ${state.solveMs} ms); main thread: ${main}`);
    assert.equal(state.solvedInWorker, true);
    assert.equal(state.judgeOutput, await moduleAnswer(fragment));
    assert.equal(state.judgeOutput, 'sg 0\n');
    assert.equal(state.positions, 81 * 81);
    // Its moves come from the adopted graph: any move from a position of Grundy number 0 leads
    // to one that is not 0.
    await h.clickWidget(page, 'best');
    const moved = await h.waitForState(page, (s) => s.step === 1, null, 10000);
    console.log(`before: ${state.value}; after a move: ${moved.value}`);
    assert.notEqual(moved.value, state.value);
    // A call that never ends runs out its instruction budget in the worker: the page says where,
    // and never ran it.
    await h.startTaskTrace(shared.browser, page);
    await page.evaluate((hash) => { window.location.hash = hash; }, h.rulesLink(endless, []));
    const failed = await h.waitForState(page, (s) => s.linkError !== '', null, 60000, 100);
    const loopMain = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), 'an endless loop');
    console.log(`endless loop: ${failed.linkError}; main thread: ${loopMain}`);
    assert.match(failed.linkError, /^line 5: .*instruction/);
    assert.equal(failed.judgeOutput, moved.judgeOutput, 'the board on screen stays');
  });
});
