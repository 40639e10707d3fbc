// Rules games in the module (issues 22 and 23): loadRules and its async and sliced forms give
// exactly what `gamesolver value` prints, errors come back as values naming the rules' line,
// hostile rules leave the module working, links carry the rules, and tables equal the CLI's.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { root, loadModule, cli } = require('./common');

const examples = path.join(root, 'web/examples/rules');
const read = (name) => fs.readFileSync(path.join(examples, name), 'utf8');

test('rulesInfo reads the title, the kind and the parameters', async () => {
  const gs = await loadModule();
  assert.deepEqual(gs.rulesInfo(read('nim2.lua')), {
    ok: true, title: 'Nim, two piles', kind: 'impartial', reads: false, checks: false, partisan: false,
    params: [{ name: 'a', default: 3, min: 0, max: 200 }, { name: 'b', default: 5, min: 0, max: 200 }],
  });
  assert.equal(gs.rulesInfo(read('pick_ends.lua')).kind, 'scored');
  assert.equal(gs.rulesInfo(read('take12.lua')).kind, 'normal');
  assert.deepEqual(gs.rulesInfo('game = {\n  start = function(p) return 1 end,\n  moves = = 3\n}'),
                   { ok: false, error: "line 3, column 11: unexpected symbol near '='", line: 3,
                     column: 11 });
  assert.deepEqual(gs.rulesInfo(42), { ok: false, error: 'the rules must be a string' });
});

test('loadRules gives exactly what gamesolver value prints, for every example and parameters', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  const cases = [
    ['nim2.lua', { a: 4, b: 7 }], ['take12.lua', { n: 100 }], ['take134.lua', {}], ['cycle.lua', { from: 6 }],
    ['cycle.lua', { from: 2 }], ['dawson.lua', { n: 30 }], ['kayles.lua', { n: 40 }], ['pick_ends.lua', { n: 6 }],
    ['wythoff.lua', { a: 20, b: 33 }],
  ];
  for (const [file, params] of cases) {
    assert.deepEqual(s.loadRules(read(file), params), { ok: true }, file);
    const args = Object.entries(params).map(([name, value]) => `${name}=${value}`);
    const native = cli(['value', path.join(examples, file), ...args]);
    assert.equal(native.status, 0, native.stderr);
    assert.equal(s.judgeOutput(), native.stdout, `${file} ${args}`);
    assert.equal(s.game(), 'rules');
  }
  s.delete();
});

test('values, moves and the board of a rules game', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.deepEqual(s.loadRules(read('nim2.lua'), { a: 1, b: 2 }), { ok: true });
  assert.deepEqual(s.value(), { metric: 'the Sprague-Grundy number', player: 'First player',
                                text: 'sg 3: a win for the first player', win: true, sg: 3 });
  const moves = s.moves();
  assert.deepEqual(moves.map((m) => [m.code, m.name, m.value.sg, m.best]),
                   [['1', 'take 1 from pile 1', 2, false], ['2', 'take 1 from pile 2', 0, true],
                    ['3', 'take 2 from pile 2', 1, false]]);
  assert.deepEqual(s.play('2'), { ok: true });
  assert.deepEqual(s.play('9'), { ok: false, error: 'there is no move 9 (this position has 2 moves)' });
  assert.deepEqual(s.loadRules(read('take12.lua'), { n: 5 }), { ok: true });
  assert.deepEqual(s.board(), { game: 'rules', toMove: 0, step: 0, n: 5, text: 'ooooo (5 stones)' });
  assert.deepEqual(s.value().draw, undefined);
  assert.deepEqual(s.loadRules(read('cycle.lua'), { from: 6 }), { ok: true });
  assert.equal(s.value().draw, true);
  s.delete();
});

test('bad parameters and failing rules are values naming the parameter or the line', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.deepEqual(s.loadRules(read('nim2.lua'), { a: 400 }), { ok: false, error: 'a must be between 0 and 200, found 400' });
  assert.deepEqual(s.loadRules(read('nim2.lua'), { c: 1 }),
                   { ok: false, error: "'c' is not a parameter of this game (its parameters: a, b)" });
  assert.deepEqual(s.loadRules(read('nim2.lua'), { a: 1.5 }), { ok: false, error: 'a must be a whole number' });
  const loop = 'game = {\n  start = function(p) return 1 end,\n  moves = function(s)\n    while true do end\n  end,\n  play = function(s) return s end,\n}\n';
  assert.deepEqual(s.loadRules(loop), {
    ok: false, line: 4,
    error: 'line 4: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), in moves(1)',
  });
  const grow = 'game = { start = function() return 1 end, moves = function() local t = {} for i = 1, 1e12 do t[i] = {i} end end, play = function(s) return s end }';
  assert.deepEqual(s.loadRules(grow), { ok: false, error: 'the rules used more than their memory cap of 256 MiB, in moves(1)' });
  const escape = 'game = { start = function() return 1 end, moves = function() return io.open("x") end, play = function(s) return s end }';
  assert.equal(s.loadRules(escape).error, "line 1: attempt to index a nil value (global 'io'), in moves(1)");
  // The module still works, and the last good board (none here) stays.
  assert.equal(s.loaded(), false);
  assert.deepEqual(s.loadRules(read('take12.lua')), { ok: true });
  assert.equal(s.judgeOutput(), 'win 7\n');
  assert.deepEqual(gs.solveJudgeInput('staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n'), { ok: true, output: '2\n' });
  s.delete();
});

test('loadRulesAsync solves in slices with progress, and a signal cancels it', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  const updates = [];
  const result = await s.loadRulesAsync(read('wythoff.lua'), { a: 60, b: 60 }, { onProgress: (p) => updates.push(p), sliceMs: 2 });
  assert.deepEqual(result, { ok: true });
  assert.ok(updates.length >= 2, `progress reported ${updates.length} times`);
  assert.equal(s.judgeOutput(), cli(['value', path.join(examples, 'wythoff.lua'), 'a=60', 'b=60']).stdout);
  const controller = new AbortController();
  const cancelled = s.loadRulesAsync(read('wythoff.lua'), { a: 200, b: 200 }, { signal: controller.signal,
    onProgress: () => controller.abort() });
  assert.equal((await cancelled).cancelled, true);
  assert.equal(s.judgeOutput(), cli(['value', path.join(examples, 'wythoff.lua'), 'a=60', 'b=60']).stdout);
  s.delete();
});

test('links carry the rules text and reopen the game, its line and step', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  s.loadRules(read('dawson.lua'), { n: 9 });
  s.play(s.bestMove());
  s.play('1');
  s.undo();
  const { link } = s.link({});
  assert.match(link, /^#g=rules&c=[A-Za-z0-9_-]+&b=9&m=\d+\.1&s=1$/);
  const native = cli(['link', path.join(examples, 'dawson.lua'), 'n=9']);
  assert.equal(link.split('&m=')[0], native.stdout.trim());
  const t = new gs.Session();
  assert.equal(t.loadLink(link).ok, true);
  assert.equal(t.judgeOutput(), s.judgeOutput());
  assert.equal(t.step(), 1);
  assert.equal(t.link({}).link, link);
  assert.deepEqual(t.loadLink('#g=rules&b=3'), { ok: false, error: 'g=rules needs c (the rules file)' });
  s.delete();
  t.delete();
});

test('tables equal gamesolver table, in every format, with the same pattern', async () => {
  const gs = await loadModule();
  const r = await gs.tableAsync(read('take134.lua'), ['n=0..60']);
  assert.equal(r.ok, true);
  assert.equal(r.pattern, 'period 7 from n=0 (checked to n=60)');
  const native = cli(['table', path.join(examples, 'take134.lua'), 'n=0..60', '--pattern']);
  assert.equal(`${r.pattern}\n`, native.stdout);
  for (const format of ['tsv', 'csv', 'md']) {
    const expected = cli(['table', path.join(examples, 'take134.lua'), 'n=0..60', '--format', format]).stdout;
    assert.equal(r.table.format(format).text, expected, format);
  }
  assert.match(r.table.format('cpp').text, /const int win\[61\] = \{0, 1, 0, 1, 1, 1, 1, 0,/);
  r.table.delete();
  const grid = await gs.tableAsync(read('nim2.lua'), { a: [0, 3], b: [0, 3] });
  assert.deepEqual(grid.values.slice(0, 4), ['sg 0', 'sg 1', 'sg 2', 'sg 3']);
  assert.equal(grid.pattern, null);
  // The formula of a two-parameter table, as gamesolver table --pattern prints it.
  assert.deepEqual(grid.table.formula(), { ok: true, line: 'sg = a ^ b', python: 'a ^ b', cpp: 'a ^ b' });
  assert.equal(`${grid.table.formula().line}\n`,
               cli(['table', path.join(examples, 'nim2.lua'), 'a=0..3', 'b=0..3', '--pattern']).stdout);
  assert.deepEqual(grid.table.formula(12), { ok: false, error: 'symbols must be an integer from 1 to 9' });
  assert.deepEqual(grid.table.format('losses'),
                   { ok: false, error: 'losses lists the losing positions of a game of normal play' });
  const madeBy = /^\/\/ Made by: .*\n/m;  // the command differs: the module names no file
  assert.equal(grid.table.format('cpp').text.replace(madeBy, ''),
               cli(['table', path.join(examples, 'nim2.lua'), 'a=0..3', 'b=0..3', '--format', 'cpp']).stdout
                 .replace(madeBy, ''));
  assert.match(grid.table.format('cpp').text, /^\/\/ Formula \(C\+\+\): sg = a \^ b$/m);
  grid.table.delete();
  const pairs = await gs.tableAsync(read('wythoff.lua'), { a: [0, 9], b: [0, 9] });
  assert.equal(pairs.table.format('losses').text,
               cli(['table', path.join(examples, 'wythoff.lua'), 'a=0..9', 'b=0..9', '--format', 'losses']).stdout);
  assert.equal(pairs.table.formula(5).line, 'no formula of up to 5 symbols fits (checked a=0..9, b=0..9)');
  // Past the bank's cap the module says so as the CLI does.
  const capped = pairs.table.formula(8).line;
  assert.equal(capped, cli(['table', path.join(examples, 'wythoff.lua'), 'a=0..9', 'b=0..9', '--pattern', '--symbols', '8']).stdout.trim());
  assert.match(capped, /; larger ones, up to the 8 asked, were not searched: the search keeps at most 400,000 expressions$/);
  pairs.table.delete();
  const take = await gs.tableAsync(read('take12.lua'), ['n=0..60']);
  assert.equal(`${take.pattern}\n${take.table.formula().line}\n`,
               cli(['table', path.join(examples, 'take12.lua'), 'n=0..60', '--pattern']).stdout);
  take.table.delete();
  assert.deepEqual(await gs.tableAsync(read('nim2.lua'), ['c=0..3']),
                   { ok: false, error: "'c' is not a parameter (the parameters: a, b)" });
  const controller = new AbortController();
  controller.abort();
  assert.equal((await gs.tableAsync(read('nim2.lua'), ['a=0..9'], { signal: controller.signal })).cancelled, true);
});
