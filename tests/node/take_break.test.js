// Take-and-break games by their code in the module (issue 61): the same names, values, proven
// periods and layouts as gamesolver, and a link that carries the code.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { root, loadModule, cli } = require('./common');

test('a code is a rules text: its info, its value, a sum of heaps as a judge input', async () => {
  const gs = await loadModule();
  assert.deepEqual(gs.rulesInfo('octal:0.77').kind, 'impartial');
  assert.equal(gs.rulesInfo('octal:0.77').title, 'octal game 0.77');
  // Kayles: G(3) = 3, G(5) = 4, G(7) = 2; the same line as gamesolver solve prints.
  const sum = gs.solveRules('octal:0.77', '3 5 7\n');
  assert.deepEqual(sum, { ok: true, output: 'sg 5\n' });
  assert.equal(cli(['solve', 'octal:0.77'], '3 5 7\n').stdout, sum.output);
  // A wrong code names its column; a wrong heap its line and column of the input.
  assert.deepEqual(gs.rulesInfo('octal:0.18').ok, false);
  assert.match(gs.rulesInfo('octal:0.18').error, /'8' is not an octal digit \(0 to 7\)/);
  assert.deepEqual(gs.solveRules('octal:0.77', '3 5\n7 x\n').ok, false);
  assert.match(gs.solveRules('octal:0.77', '3 5\n7 x\n').error,
    /expected a heap size \(a whole number from 0 to 100000\) at line 2, column 3 of the input, found 'x'/);
});

test('tables of codes: the proven period, the periodic layout and the rare values, as gamesolver prints them', async () => {
  const gs = await loadModule();
  const started = Date.now();
  const dawson = await gs.tableAsync('octal:0.137', ['n=0..2000']);
  console.log(`octal:0.137 n=0..2000 in the module: ${Date.now() - started} ms`);
  assert.equal(dawson.ok, true);
  assert.equal(dawson.pattern, 'period 34 from n=52, proven at n=176 (Guy\u2013Smith)');
  assert.equal(`${dawson.pattern}\n`, cli(['table', 'octal:0.137', 'n=0..2000', '--pattern']).stdout);
  for (const format of ['tsv', 'periodic', 'rare'])
    assert.equal(dawson.table.format(format).text,
      cli(['table', 'octal:0.137', 'n=0..2000', '--format', format]).stdout, format);
  dawson.table.delete();
  // Short of the proof, a candidate said as such.
  const short = await gs.tableAsync('octal:0.77', ['n=0..168']);
  assert.equal(short.pattern,
    'no period proven up to n=168 (a candidate: period 12 from n=71, which would be proven at n=169)');
  short.table.delete();
  const nim2 = fs.readFileSync(path.join(root, 'web/examples/rules/nim2.lua'), 'utf8');
  const twoD = await gs.tableAsync(nim2, ['a=0..3', 'b=0..3']);
  assert.deepEqual(twoD.table.format('periodic'), { ok: false, error: 'periodic lays out a table of one parameter' });
  assert.deepEqual(twoD.table.format('rare'), { ok: false, error: 'rare lays out a table of one parameter' });
  twoD.table.delete();
});
