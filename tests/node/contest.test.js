// Contest problems written as rules files (issue 32) in the module: solveRules gives exactly the
// judge's output of every published sample (tests/rules/contest/), byte for byte, as `gamesolver
// solve RULES` does; loadRules with {input, case} puts each case on the board, whose judgeOutput
// is that case's line; rulesInfo says the rules read an input and carries their sample.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { root, loadModule, cli } = require('./common');

const contest = path.join(root, 'tests/rules/contest');
const examples = path.join(root, 'web/examples/rules');
const samples = fs.readdirSync(contest).filter((name) => name.endsWith('.in')).sort();

test('solveRules gives every sample exactly the judge\'s output, as the CLI does', async () => {
  const gs = await loadModule();
  assert.ok(samples.length >= 19);
  for (const sample of samples) {
    const name = sample.split('.')[0];
    const rules = fs.readFileSync(path.join(examples, `${name}.lua`), 'utf8');
    const input = fs.readFileSync(path.join(contest, sample), 'utf8');
    const expected = fs.readFileSync(path.join(contest, sample.replace(/\.in$/, '.out')), 'utf8');
    const started = performance.now();
    const result = gs.solveRules(rules, input);
    console.log(`  ${sample.padEnd(28)} ${(performance.now() - started).toFixed(0).padStart(5)} ms`);
    assert.deepEqual(result, { ok: true, output: expected }, sample);
    assert.equal(cli(['solve', path.join(examples, `${name}.lua`)], input).stdout, expected, sample);
  }
});

test('loadRules with an input and a case puts that case on the board', async () => {
  const gs = await loadModule();
  const rules = fs.readFileSync(path.join(examples, 'substring_removal.lua'), 'utf8');
  const input = fs.readFileSync(path.join(contest, 'substring_removal.1.in'), 'utf8');
  const lines = fs.readFileSync(path.join(contest, 'substring_removal.1.out'), 'utf8').split('\n');
  const s = new gs.Session();
  for (let k = 1; k <= 5; k++) {
    assert.deepEqual(s.loadRules(rules, { input, case: k }), { ok: true }, `case ${k}`);
    assert.equal(s.judgeOutput(), lines[k - 1] + '\n', `case ${k}`);
    assert.equal(s.judgeInput(), input);
  }
  assert.deepEqual(s.loadRules(rules, { input, case: 6 }),
                   { ok: false, error: 'the input has 5 cases; there is no case 6' });
  assert.equal(s.loadRules(rules, { input, case: 0 }).error, 'case must be a whole number from 1');
  assert.equal(s.judgeOutput(), lines[4] + '\n', 'the previous board stays');
  const info = gs.rulesInfo(rules);
  assert.equal(info.reads, true);
  assert.equal(info.checks, true);
  assert.equal(typeof info.sample, 'string');
  assert.equal(gs.rulesInfo(fs.readFileSync(path.join(examples, 'nim2.lua'), 'utf8')).reads, false);
  s.delete();
});

test('errors of a problem\'s rules name the case, the line and the function', async () => {
  const gs = await loadModule();
  const rules = 'game = {\n  read = function(text) local c = {} for n in text:gmatch("%S+") do c[#c + 1] = {n = tonumber(n)} end return c end,\n' +
      '  start = function(p) return p.n end,\n' +
      '  moves = function(s, p) if s == 2 then error("two is not allowed") end if s > 0 then return {1} end return {} end,\n' +
      '  play = function(s, m, p) return s - m end,\n}\n';
  assert.deepEqual(gs.solveRules(rules, '1 3'),
                   { ok: false, error: 'line 4: two is not allowed, in moves(2), in case 2', line: 4 });
  assert.deepEqual(gs.solveRules(rules, '1 0'), { ok: true, output: 'win 1\nloss 0\n' });
  assert.equal(gs.solveRules(fs.readFileSync(path.join(examples, 'nim2.lua'), 'utf8'), '').error,
               'these rules read no judge input: add read(text), which returns the cases (guide: Your own game)');
});

test('answer\'s r.at asks about every position, in the module as in the CLI', async () => {
  // CSES 1729 Stick Game: W or L for every heap 1 .. n, a loop over r.at (web/guides/your_own_game.md, "Many
  // positions in one answer"), against a brute force here.
  const gs = await loadModule();
  const file = path.join(root, 'tests/bench/contest_sizes/stick_game.rules.lua');
  const rules = fs.readFileSync(file, 'utf8');
  const sizes = [1, 4, 9, 10, 23];
  const n = 30000;
  const input = `${n} ${sizes.length}\n${sizes.join(' ')}\n`;
  const win = [false];
  let expected = '';
  for (let i = 1; i <= n; i++) {
    win[i] = sizes.some((x) => x <= i && !win[i - x]);
    expected += win[i] ? 'W' : 'L';
  }
  expected += '\n';
  const started = performance.now();
  assert.deepEqual(gs.solveRules(rules, input), { ok: true, output: expected });
  console.log(`  stick game, n = ${n}: ${(performance.now() - started).toFixed(0)} ms`);
  assert.equal(cli(['solve', file], input).stdout, expected);
  // The case's board (its whole solve, then answer with r.at) gives the same line.
  const s = new gs.Session();
  assert.deepEqual(s.loadRules(rules, { input: `40 ${sizes.length}\n${sizes.join(' ')}\n`, case: 1 }),
                   { ok: true });
  assert.equal(s.judgeOutput(), expected.slice(0, 40) + '\n');
  s.delete();
});
