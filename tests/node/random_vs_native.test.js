// The module and the native CLI agree byte for byte on hundreds of random boards per game, up to
// and beyond the judges' sizes.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule, cli, random } = require('./common');

// Judge texts drawn in JS (independently of the core's generators), with repeats and ties.
function staircaseText(next) {
  const n = 1 + Math.floor(next() * 10), m = 1 + Math.floor(next() * 10);
  const max = [3, 100, 100000][Math.floor(next() * 3)];
  const zeroB = next() < 0.3;
  const rows = (zero) => Array.from({ length: n }, () =>
    Array.from({ length: m }, () => (zero ? 0 : Math.floor(next() * (max + 1)))).join(' ')).join('\n');
  return `${n} ${m}\n${rows(false)}\n${rows(zeroB)}\n`;
}

function exchangeText(next) {
  let counts;
  do counts = [1, 1, 1].map(() => 1 + Math.floor(next() * 6));
  while (counts[0] + counts[1] + counts[2] > 12);
  const max = next() < 0.5 ? 10 : 1000000000;
  const line = (k) => Array.from({ length: k }, () => 1 + Math.floor(next() * max)).join(' ');
  return `${counts.join(' ')}\n${line(counts[0])}\n${line(counts[1])}\n${line(counts[2])}\n`;
}

function manhattanText(next, n) {
  const cells = Array.from({ length: n * n }, (_, k) => k * 7 + Math.floor(next() * 7));  // distinct
  for (let k = cells.length - 1; k > 0; --k) {
    const j = Math.floor(next() * (k + 1));
    [cells[k], cells[j]] = [cells[j], cells[k]];
  }
  const m = Math.floor(next() * (2 * n));
  const rows = Array.from({ length: n }, (_, r) => cells.slice(r * n, r * n + n).join(' '));
  return `${n} ${m}\n${rows.join('\n')}\n`;
}

for (const [game, make] of [
  ['staircase', (next) => staircaseText(next)],
  ['exchange', (next) => exchangeText(next)],
  ['manhattan', (next, k) => manhattanText(next, k < 2 ? 300 : 1 + Math.floor(next() * 40))],
]) {
  test(`${game}: 300 random boards, module output equals native output`, async () => {
    const gs = await loadModule();
    const next = random(game.length * 7919);
    for (let k = 0; k < 300; ++k) {
      const text = make(next, k);
      const native = cli(['solve', game], text);
      assert.equal(native.status, 0, native.stderr);
      const result = gs.solveJudgeInput(game, text);
      assert.equal(result.ok, true, result.error);
      assert.equal(result.output, native.stdout, text.slice(0, 200));
    }
  });
}
