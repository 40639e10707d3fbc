// The module after thirty aborted loads of hostile rules in a row (issue 31.1): it still
// works, and its memory came back.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { root, loadModule } = require('./common');

test('after thirty hostile loads in a row the module still works, and its memory came back', async () => {
  const gs = await loadModule();
  // Issue 31.1: each aborted load left its state behind; 30 loads of a file holding 100 MB
  // exhausted the module's 2 GB, and every later load reported a false memory cap.
  const holder = "local big = string.rep('x', 100 << 20)\n" +
      "game = setmetatable({}, {__index = function(t, k) error('boom') end})\n";
  const before = gs.heapStats().inUse;
  const s = new gs.Session();
  for (let k = 0; k < 30; k++) {
    assert.deepEqual(s.loadRules(holder, {}), {
      ok: false, error: 'game.start is missing: every game needs start, moves and play',
    });
    assert.equal(gs.rulesInfo(holder).ok, false);
  }
  assert.deepEqual(s.loadRules(fs.readFileSync(path.join(root, 'web/examples/rules/nim2.lua'), 'utf8'), {}),
                   { ok: true });
  assert.equal(s.judgeOutput(), 'sg 6\n');
  s.delete();
  const after = gs.heapStats().inUse;
  console.log(`  heap in use: ${(before / 1048576).toFixed(1)} MiB before, ${(after / 1048576).toFixed(1)} MiB after`);
  assert.ok(after - before < (16 << 20), `the heap grew by ${after - before} bytes`);
});
