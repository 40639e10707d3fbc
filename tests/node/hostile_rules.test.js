// The sandbox's second review (issue 31) in the module: every hostile rules file of
// tests/rules/hostile/ comes back from rulesInfo, loadRules and loadLink as {ok: false, error}
// with the sentence the native build gives (or solves to its value, when the attack is defused),
// never as an abort; and the module keeps working after all of them in a row. Each file's first
// line says what to expect ("-- expect: MESSAGE START" or "-- expect-value: VALUE").
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { root, loadModule, cli } = require('./common');

const folder = path.join(root, 'tests/rules/hostile');
const files = fs.readdirSync(folder).filter((name) => name.endsWith('.lua')).sort();

function expectation(text) {
  const first = text.slice(0, text.indexOf('\n'));
  if (first.startsWith('-- expect: ')) return { error: first.slice('-- expect: '.length) };
  if (first.startsWith('-- expect-value: ')) return { value: first.slice('-- expect-value: '.length) };
  throw new Error('no expectation line');
}

// The start's value as `gamesolver value` prints it (a problem's judgeOutput() is its answer).
function valueLine(value) {
  if (value.sg !== undefined) return `sg ${value.sg}`;
  if (value.score !== undefined) return String(value.score);
  if (value.draw) return value.remoteness !== undefined ? `draw ${value.remoteness}` : 'draw';
  return `${value.win ? 'win' : 'loss'} ${value.remoteness}`;
}

test('every hostile rules file ends in {ok: false} with its sentence, or in its value', async () => {
  const gs = await loadModule();
  assert.ok(files.length >= 25, `${files.length} hostile files`);
  const s = new gs.Session();
  for (const name of files) {
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    const expected = expectation(text);
    const started = performance.now();
    // Rules that read an input read their sample (as the native test does); the others get
    // their parameters' defaults.
    const info = gs.rulesInfo(text);
    const result = s.loadRules(text, info.ok && info.reads ? { input: info.sample } : {});
    const ms = performance.now() - started;
    console.log(`  ${name.padEnd(32)} ${ms.toFixed(0).padStart(6)} ms  ${JSON.stringify(result).slice(0, 110)}`);
    if (expected.error) {
      assert.equal(result.ok, false, name);
      assert.ok(result.error.startsWith(expected.error), `${name}: ${result.error.slice(0, 300)}`);
      assert.ok(result.error.length < 2400 && !result.error.includes('\n'), name);
    } else {
      assert.deepEqual(result, { ok: true }, name);
      // (judgeOutput() is exact at the ends of 64 bits, where value()'s numbers are not.)
      assert.equal(info.reads ? valueLine(s.value()) : s.judgeOutput().trim(), expected.value, name);
    }
  }
  s.delete();
});

test('rulesInfo and loadLink of the files that fail while loading return their sentence', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  for (const name of files) {
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    const info = gs.rulesInfo(text);
    // The link of a rules file is made natively (it carries the text, deflated).
    const link = cli(['link', path.join(folder, name)]);
    if (!info.ok) {
      assert.equal(typeof info.error, 'string', name);
      assert.ok(info.error.length < 2400, name);
      assert.notEqual(link.status, 0, `${name}: the CLI's link refuses it too`);
      continue;
    }
    if (link.status !== 0) continue;  // it loads, and fails when solved: loadRules covers it
    const opened = s.loadLink(link.stdout.trim());
    assert.equal(typeof opened.ok, 'boolean', name);
    if (!opened.ok) assert.ok(opened.error.length < 2400, `${name}: ${opened.error.slice(0, 200)}`);
  }
  s.delete();
});

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
