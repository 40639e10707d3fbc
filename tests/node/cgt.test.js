// Issue 60 in the module: Session.cgt() gives the combinatorial value of the position at the
// cursor of a partisan rules board (CGSuite's canonical form, outcome class, mean, temperature,
// stops, the thermograph's walls and the value each move leads to), exactly as `gamesolver cgt`
// prints it; boards without values say why; and `gamesolver analyze` carries the same values
// for the start, each step and each move.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { root, loadModule, cli } = require('./common');

const file = (name) => path.join(root, 'web/examples', name);
const read = (name) => fs.readFileSync(file(name), 'utf8');

// `gamesolver cgt FILE ARGS` as the six fields cgt() names.
function cliValue(name, args, input = '') {
  const run = cli(['cgt', file(name), ...args], input);
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split('\n');
  const field = (label) => lines.find((l) => l.startsWith(label + ' ')).slice(label.length + 1);
  return {
    canonical: lines[0], outcomeClass: field('outcome'), mean: field('mean'),
    temperature: field('temperature'), leftStop: field('left stop'), rightStop: field('right stop'),
  };
}
const fields = (v) => ({
  canonical: v.canonical, outcomeClass: v.outcomeClass, mean: v.mean, temperature: v.temperature,
  leftStop: v.leftStop, rightStop: v.rightStop,
});

test('cgt() of 4 x 4 Domineering is CGSuite\'s value, as gamesolver cgt prints it, with a move to Tiny(2)', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.deepEqual(s.loadRules(read('rules/domineering.lua'), { rows: 4, cols: 4 }), { ok: true });
  const v = s.cgt();
  assert.equal(v.ok, true, v.error);
  // CGSuite's own test of game.grid.Domineering: the empty 4 x 4 grid.
  assert.deepEqual(fields(v), {
    canonical: '+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}', outcomeClass: 'N', mean: '0', temperature: '0',
    leftStop: '0', rightStop: '0',
  });
  assert.deepEqual(fields(v), cliValue('rules/domineering.lua', ['rows=4', 'cols=4']));
  // Left's 12 placements; by symmetry their values come in classes, Tiny(2) the best of them.
  assert.equal(v.moves.length, 12);
  assert.ok(v.moves.includes('Tiny(2)'), JSON.stringify(v.moves));
  // The thermograph of a game of temperature 0 and mean 0: both walls end at (0, 0).
  assert.deepEqual(v.thermograph.leftWall.at(-1), [0, 0]);
  assert.deepEqual(v.thermograph.rightWall.at(-1), [0, 0]);
});

test('cgt() follows the cursor: after a move it is the value that move was said to lead to', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.deepEqual(s.loadRules(read('rules/domineering.lua'), { rows: 2, cols: 3 }), { ok: true });
  const start = s.cgt();
  // Winning Ways: the 2 x 3 board is {2|-1/2}, a hot game of mean 3/4 and temperature 5/4.
  assert.deepEqual(fields(start), {
    canonical: '{2|-1/2}', outcomeClass: 'N', mean: '3/4', temperature: '5/4', leftStop: '2',
    rightStop: '-1/2',
  });
  assert.deepEqual(start.moves, ['+-1', '2', '+-1']);
  // Its thermograph: walls from temperature -1 up to 5/4, where both meet the mast at 3/4. G
  // cooled by t is {G^L_t - t | G^R_t + t}: at t = -1 Left's wall is at 2 + 1 = 3; Right's is
  // -1/2's left wall at -1 ({0|-1}, so 0) - 1 = -1, straight up to -1/2's temperature, where
  // -1/2 is a number and the wall slopes to the mast.
  assert.deepEqual(start.thermograph, {
    leftWall: [[-1, 3], [1.25, 0.75]],
    rightWall: [[-1, -1], [-0.5, -1], [1.25, 0.75]],
  });
  const moves = s.moves();
  for (let k = 0; k < moves.length; ++k) {
    assert.deepEqual(s.play(moves[k].code), { ok: true });
    assert.equal(s.cgt().canonical, start.moves[k], `after ${moves[k].name}`);
    s.undo();
  }
  assert.equal(s.cgt().canonical, '{2|-1/2}');
});

test('cgt() of the CGT examples, which read their board, equals gamesolver cgt', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  for (const [name, board, canonical] of [
    ['cgt/clobber.lua', 'xox|ox.\n', '{^^*|*,v}'],  // CGSuite's test of game.grid.Clobber
    ['cgt/toads_frogs.lua', 'steps tttt..fff\n', '1'],  // game.strip.ElephantsAndRhinos
  ]) {
    assert.deepEqual(s.loadRules(read(name), { input: board }), { ok: true }, name);
    const v = s.cgt();
    assert.equal(v.ok, true, v.error);
    assert.equal(v.canonical, canonical, name);
    assert.deepEqual(fields(v), cliValue(name, [], board), name);
  }
});

test('a board whose positions have no values says why', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.deepEqual(s.cgt(), { ok: false, error: 'no board is loaded' });
  assert.deepEqual(s.loadRules(read('rules/nim2.lua'), { a: 1, b: 2 }), { ok: true });
  assert.deepEqual(s.cgt(), {
    ok: false,
    error: 'this game\'s positions have no combinatorial values: cgt() is for partisan rules ' +
      '(partisan = true) of normal play, where who cannot move loses',
  });
  assert.equal(s.loadLink('#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1').ok, true);
  assert.equal(s.cgt().error, 'this game\'s positions have no combinatorial values: cgt() is for ' +
    'partisan rules (partisan = true) of normal play, where who cannot move loses');
});

test('gamesolver analyze carries the values of the start, of each step and of each move', () => {
  const run = cli(['analyze', file('rules/domineering.lua'), 'rows=2', 'cols=3']);
  assert.equal(run.status, 0, run.stderr);
  const analysis = JSON.parse(run.stdout);
  assert.deepEqual(analysis.cgt, {
    canonical: '{2|-1/2}', outcomeClass: 'N', mean: '3/4', temperature: '5/4', leftStop: '2',
    rightStop: '-1/2',
  });
  assert.deepEqual(analysis.cgt, cliValue('rules/domineering.lua', ['rows=2', 'cols=3']));
  const line = analysis.principalLine;
  assert.ok(line.length > 0);
  assert.deepEqual(line[0].positionCgt, analysis.cgt);
  assert.deepEqual(line[0].moves.map((m) => m.cgt), ['+-1', '2', '+-1']);
  // A later step's position is the value the move played before it was said to lead to.
  for (let k = 1; k < line.length; ++k) {
    const played = line[k - 1].moves.find((m) => JSON.stringify(m.move) === JSON.stringify(line[k - 1].played));
    assert.ok(played, `step ${k}: the move played is among the moves listed`);
    assert.equal(line[k].positionCgt.canonical, played.cgt, `step ${k + 1}`);
  }
  // An impartial game's analysis has no cgt field.
  const nim = JSON.parse(cli(['analyze', file('rules/nim2.lua')]).stdout);
  assert.equal(nim.cgt, undefined);
});
