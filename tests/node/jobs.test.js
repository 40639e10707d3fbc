// Solving in slices from the module: start*() / advance(ms) / cancel() and the promise-returning
// loads built on them give exactly the boards the synchronous loads give, report progress that
// only grows, and leave the previous board in place when cancelled or refused.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule } = require('./common');

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
  assert.deepEqual(loaded.view, { embed: false, autoplay: false, readOnly: false, computer: [false, false] });
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
  assert.deepEqual(await s.loadLinkAsync('#g=nope'), { ok: false, error: "g (the game) must be staircase, exchange, manhattan or rules, found 'nope'" });
  s.delete();
});
