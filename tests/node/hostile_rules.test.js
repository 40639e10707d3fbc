// The sandbox's second review (issue 31) in the module: every hostile rules file of
// tests/rules/hostile/ comes back from rulesInfo and loadRules as {ok: false, error}
// with the sentence the native build gives (or solves to its value, when the attack is defused),
// never as an abort. Each file's first line says what to expect ("-- expect: MESSAGE START" or
// "-- expect-value: VALUE"). (hostile_links.test.js opens them by link, hostile_reload.test.js
// loads one thirty times in a row: three files, which the test runner runs side by side.)
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { loadModule, hostileFolder: folder, hostileFiles } = require('./common');

const files = hostileFiles();

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
