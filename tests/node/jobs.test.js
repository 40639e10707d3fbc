// Solving in slices from the module: start*() / advance(ms) / cancel() and the promise-returning
// loads built on them give exactly the boards the synchronous loads give, report progress that
// only grows, and leave the previous board in place when cancelled or refused.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule, gameIds, listed } = require('./common');

function sameBoard(a, b) {
  assert.equal(a.judgeInput(), b.judgeInput());
  assert.equal(a.judgeOutput(), b.judgeOutput());
  assert.deepEqual(a.principalLine().map((m) => m.code), b.principalLine().map((m) => m.code));
  assert.equal(a.step(), b.step());
}

test('a board solved in slices equals the board loaded at once, for every game', async () => {
  const gs = await loadModule();
  const recipes = [['staircase', '11.11.100000.3'], ['exchange', '6.5.1.1000000000.3'], ['manhattan', '1000.40.5']];
  for (const [game, recipe] of recipes) {
    const atOnce = new gs.Session();
    assert.equal(atOnce.loadRecipe(game, recipe).ok, true);
    const sliced = new gs.Session();
    assert.deepEqual(sliced.startRecipe(game, recipe), { ok: true });
    assert.equal(sliced.loaded(), false);
    let last = -1, reports = 0, report;
    do {
      report = sliced.advance(1);
      assert.ok(report.positions >= last, `${game}: progress only grows`);
      assert.ok(report.progress >= 0 && report.progress <= 1);
      last = report.positions;
      ++reports;
      if (!report.done) assert.notEqual(sliced.solving(), null);
    } while (!report.done);
    assert.equal(report.ok, true, report.error);
    assert.equal(report.progress, 1);
    assert.equal(sliced.solving(), null);
    assert.ok(reports > 1, `${game}: the solve took several slices`);
    sameBoard(sliced, atOnce);
    atOnce.delete();
    sliced.delete();
  }
});

test('cancel and a refused link keep the previous board', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.equal(s.loadJudgeInput('staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n').ok, true);
  assert.equal(s.startRecipe('staircase', '12.12.100000.1').ok, true);
  s.advance(1);
  assert.equal(s.cancel(), true);
  assert.equal(s.cancel(), false);
  assert.equal(s.judgeOutput(), '2\n');
  assert.equal(s.advance(5).done, true);
  assert.equal(s.advance(5).ok, false);
  // A link whose moves are illegal is refused once its board is solved.
  assert.deepEqual(s.startLink('#g=staircase&b=1.2_5.5_5.5&m=1-2'), { ok: true });
  let report;
  do report = s.advance(50); while (!report.done);
  assert.equal(report.ok, false);
  assert.equal(report.error, "m (the moves), move 1 '1-2': cell (1, 2) needs a stone on (1, 1) first");
  assert.equal(s.judgeOutput(), '2\n');
  // Refusals before any solving come back at once, as from the synchronous calls.
  assert.deepEqual(s.startJudgeInput('staircase', '2 3\n'), s.loadJudgeInput('staircase', '2 3\n'));
  assert.equal(s.solving(), null);
  s.delete();
});

test('the promise-returning loads report progress and can be aborted', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  const seen = [];
  const loaded = await s.loadRecipeAsync('staircase', '12.12.100000.4', { onProgress: (p) => seen.push(p.progress), sliceMs: 2 });
  assert.equal(loaded.ok, true);
  assert.deepEqual(loaded.view, { embed: false, autoplay: false, readOnly: false, computer: [false, false], strength: 10 });
  assert.ok(seen.length > 1);
  for (let k = 1; k < seen.length; ++k) assert.ok(seen[k] >= seen[k - 1]);
  const before = s.judgeOutput();
  const controller = new AbortController();
  const pending = s.loadRecipeAsync('staircase', '13.13.100000.5', { signal: controller.signal, sliceMs: 1,
    onProgress: () => controller.abort() });
  const aborted = await pending;
  assert.equal(aborted.ok, false);
  assert.match(aborted.error, /cancelled/);
  assert.equal(s.judgeOutput(), before);
  const text = await s.loadJudgeInputAsync('exchange', '1 1 2\n2\n4\n1 3\n');
  assert.deepEqual(text, { ok: true });
  assert.equal(s.judgeOutput(), 'Aoki\n');
  assert.deepEqual(await s.loadLinkAsync('#g=nope'), { ok: false, error: `g (the game) must be ${listed([...gameIds(gs), 'rules'])}, found 'nope'` });
  s.delete();
});

// --- Several loads on one session (issue 18, finding 6): every promise settles exactly once,
// with its own job's result. A newer load supersedes the one running: the older promise settles
// at once ({ok: false, superseded: true}) and the board on screen stays until the newer finishes.

const smallSample = ['exchange', '1 1 2\n2\n4\n1 3\n'];
// Settles with 'pending' when `promise` has not settled once the timers and I/O callbacks queued
// so far have run (a count of event-loop turns, not a time).
function settledSoon(promise) {
  return Promise.race([promise, new Promise((resolve) => setImmediate(() => resolve('pending')))]);
}
// Fails the test on any exception thrown from a timer while `body` runs and for a few turns after.
async function noStrayExceptions(body) {
  const stray = [];
  const listener = (error) => stray.push(String(error));
  process.on('uncaughtException', listener);
  try {
    await body();
    for (let k = 0; k < 20; ++k) await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    process.off('uncaughtException', listener);
  }
  assert.deepEqual(stray, []);
}

test('a second async load supersedes the first: each promise gets its own result', async () => {
  const gs = await loadModule();
  const reference = new gs.Session();
  assert.equal(reference.loadRecipe('staircase', '12.12.100000.8').ok, true);
  const s = new gs.Session();
  assert.equal(s.loadJudgeInput(...smallSample).ok, true);
  const order = [];
  const first = s.loadRecipeAsync('staircase', '12.12.100000.7', { sliceMs: 1 });
  const second = s.loadRecipeAsync('staircase', '12.12.100000.8', { sliceMs: 1 });
  first.then(() => order.push('first'));
  second.then(() => order.push('second'));
  // The first settles at once, before the second has solved anything; the board stays.
  const superseded = await settledSoon(first);
  assert.deepEqual(superseded, { ok: false, superseded: true,
    error: 'this load was superseded by a newer load on the same session before it finished' });
  assert.equal(s.judgeOutput(), 'Aoki\n');
  assert.notEqual(s.solving(), null);
  const loaded = await second;
  assert.deepEqual(loaded, { ok: true, view: { embed: false, autoplay: false, readOnly: false, computer: [false, false], strength: 10 } });
  assert.deepEqual(order, ['first', 'second']);
  sameBoard(s, reference);
  assert.equal(s.solving(), null);
  reference.delete();
  s.delete();
});

test('aborting the first load\'s signal does not cancel the second', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  const controller = new AbortController();
  const first = s.loadRecipeAsync('staircase', '12.12.100000.7', { signal: controller.signal, sliceMs: 1 });
  const second = s.loadJudgeInputAsync(...smallSample, { sliceMs: 1 });
  controller.abort();
  assert.equal((await first).superseded, true);
  assert.deepEqual(await second, { ok: true });
  assert.equal(s.judgeOutput(), 'Aoki\n');
  // An aborted signal given to a new load cancels only that load; the one running goes on.
  const third = s.loadRecipeAsync('staircase', '11.11.100000.2', { sliceMs: 1 });
  const aborted = await s.loadJudgeInputAsync('staircase', '1 1\n5\n5\n', { signal: controller.signal });
  assert.deepEqual(aborted, { ok: false, cancelled: true, error: 'the solve was cancelled; the previous board stays' });
  assert.equal((await third).ok, true);
  assert.equal(s.game(), 'staircase');
  s.delete();
});

test('cancel(), a synchronous load or start*() during an async load settle its promise', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.equal(s.loadJudgeInput(...smallSample).ok, true);
  const cancelled = s.loadRecipeAsync('staircase', '12.12.100000.7', { sliceMs: 1 });
  assert.equal(s.cancel(), true);
  assert.deepEqual(await settledSoon(cancelled),
    { ok: false, cancelled: true, error: 'the solve was cancelled; the previous board stays' });
  assert.equal(s.judgeOutput(), 'Aoki\n');
  const bySync = s.loadRecipeAsync('staircase', '12.12.100000.7', { sliceMs: 1 });
  assert.equal(s.loadJudgeInput('manhattan', '3 1\n1 2 3\n4 5 6\n7 8 9\n').ok, true);
  assert.equal((await settledSoon(bySync)).superseded, true);
  assert.equal(s.judgeOutput(), '2\n3 2\n3 3\n');
  // A load refused before solving leaves the running one alone.
  const running = s.loadRecipeAsync('staircase', '3.3.9.4', { sliceMs: 1 });
  assert.equal(s.loadJudgeInput('staircase', '2 3\n').ok, false);
  assert.equal((await s.loadLinkAsync('#g=nope')).ok, false);
  assert.equal((await running).ok, true);
  assert.equal(s.game(), 'staircase');
  const byStart = s.loadRecipeAsync('staircase', '12.12.100000.7', { sliceMs: 1 });
  assert.equal(s.startJudgeInput(...smallSample).ok, true);
  assert.equal((await settledSoon(byStart)).superseded, true);
  // The solve started by hand is the caller's: advancing it by hand finishes it.
  let report;
  do report = s.advance(50); while (!report.done);
  assert.equal(report.ok, true);
  assert.equal(s.judgeOutput(), 'Aoki\n');
  s.delete();
});

test('a throwing onProgress settles its promise with a sentence and frees the job', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.equal(s.loadJudgeInput(...smallSample).ok, true);
  await noStrayExceptions(async () => {
    // (Before the fix the promise never settled and the exception escaped from a timer.)
    const settled = await s.loadRecipeAsync('staircase', '12.12.100000.7', {
      sliceMs: 1, onProgress: () => { throw new Error('the page is gone'); } });
    assert.deepEqual(settled, { ok: false,
      error: 'onProgress threw Error: the page is gone; the solve was stopped and the previous board stays' });
    assert.equal(s.solving(), null);
    assert.equal(s.judgeOutput(), 'Aoki\n');
  });
  assert.deepEqual(await s.loadJudgeInputAsync('manhattan', '3 1\n1 2 3\n4 5 6\n7 8 9\n'), { ok: true });
  s.delete();
});

test('deleting the session mid-load settles the promise and no timer throws afterwards', async () => {
  const gs = await loadModule();
  await noStrayExceptions(async () => {
    const s = new gs.Session();
    let reports = 0;
    const pending = s.loadRecipeAsync('staircase', '12.12.100000.7', { sliceMs: 1, onProgress: () => ++reports });
    while (reports < 2) await new Promise((resolve) => setTimeout(resolve, 0));
    s.delete();
    assert.deepEqual(await settledSoon(pending),
      { ok: false, error: 'the session was deleted before the solve finished' });
    // Deleted before its first slice, too.
    const t = new gs.Session();
    const early = t.loadJudgeInputAsync(...smallSample);
    t.delete();
    assert.deepEqual(await settledSoon(early), { ok: false, error: 'the session was deleted before the solve finished' });
  });
  // A deleted session's async loads settle too, rather than throw.
  const u = new gs.Session();
  u.delete();
  assert.deepEqual(await u.loadJudgeInputAsync(...smallSample), { ok: false, error: 'the session was deleted' });
});

test('a signal without addEventListener (any object with `aborted`) is polled between slices', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.equal(s.loadJudgeInput(...smallSample).ok, true);
  const flag = { aborted: false };
  let reports = 0;
  const result = await s.loadRecipeAsync('staircase', '12.12.100000.7', { signal: flag, sliceMs: 1,
    onProgress: () => { if (++reports === 2) flag.aborted = true; } });
  assert.deepEqual(result, { ok: false, cancelled: true, error: 'the solve was cancelled; the previous board stays' });
  assert.equal(reports, 2);
  assert.equal(s.solving(), null);
  assert.equal(s.judgeOutput(), 'Aoki\n');
  // Signals of other types are ignored rather than thrown on.
  assert.deepEqual(await s.loadJudgeInputAsync('manhattan', '3 1\n1 2 3\n4 5 6\n7 8 9\n', { signal: 'no' }), { ok: true });
  s.delete();
});
