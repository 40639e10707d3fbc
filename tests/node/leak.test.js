// 1,000 load/solve/query/delete cycles and 1,000 one-shot solves leave the wasm heap where it
// started: nothing leaks per board.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule, samples } = require('./common');

test('1,000 session cycles and 1,000 solves leak nothing', async () => {
  const gs = await loadModule();
  const cycle = (k) => {
    const session = new gs.Session();
    if (k % 3 === 0) session.loadJudgeInput(samples[k % samples.length][0], samples[k % samples.length][1]);
    else if (k % 3 === 1) session.loadRecipe('exchange', `3.3.3.20.${k}`);
    else session.loadLink(`#g=staircase&r=5.5.100.${k}&m=1-1`);
    session.value();
    session.moves();
    session.principalLine();
    session.board();
    session.link({ embed: true });
    session.play('bad move');
    session.delete();
    gs.solveJudgeInput('manhattan', '3 1\n1 2 3\n4 5 6\n7 8 9\n');
  };
  for (let k = 0; k < 50; ++k) cycle(k);  // warm-up: caches, the heap's first growth
  const before = gs.heapStats();
  for (let k = 0; k < 1000; ++k) cycle(k);
  const after = gs.heapStats();
  assert.equal(after.heapSize, before.heapSize, 'the wasm memory grew');
  assert.ok(Math.abs(after.inUse - before.inUse) <= 4096, `bytes in use went from ${before.inUse} to ${after.inUse}`);
});
