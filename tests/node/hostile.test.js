// Hostile and careless calls on the module (issue 12): no call sequence aborts it or throws,
// every refusal is the documented {ok: false, error} value, texts are never shifted, the
// module's per-frame getters keep the heap and the handle table flat, analyze() is capped.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { loadModule, modulePath, root, gameIds, listed } = require('./common');

const sample = ['staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n'];
const sampleLink = '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1';

test('a huge manhattan board: moves() is refused with its count, read in pages, nothing aborts', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.equal(s.loadRecipe('manhattan', '7000.1.1').ok, true);
  const refused = s.moves();
  assert.equal(refused.ok, false);
  assert.equal(refused.moveCount, 49000000);
  assert.match(refused.error, /49000000 legal moves; moves\(\) lists at most 65536/);
  assert.equal(s.moveCount(), 49000000);
  assert.deepEqual(s.moves(0, 2).map((m) => m.code), ['1-1', '1-2']);
  assert.deepEqual(s.moves(48999999, 10).map((m) => m.code), ['7000-7000']);
  assert.equal(s.moves(0, 1 << 20).ok, false);
  assert.equal(s.moves(-1, 2).ok, false);
  assert.deepEqual(s.play('1-1'), { ok: true });
  // After a placement, only cells farther than m are legal; the page agrees with the count.
  assert.equal(s.moveCount(), 49000000 - 3);
  assert.equal(s.moves(0, 1)[0].code, '1-3');
  const analysis = JSON.parse(s.analyze());
  assert.equal(analysis.principalLine[0].moveCount, 49000000 - 3);
  assert.equal(analysis.principalLine[0].moves.length, 64);
  assert.equal(s.principalLine().length, 4);
  assert.equal(s.board().values.length, 49000000);
  // A second board as large, then back to a small one: the module keeps working.
  assert.equal(s.loadRecipe('manhattan', '7000.1.2').ok, true);
  assert.equal(s.loadLink(sampleLink).ok, true);
  assert.deepEqual(s.moves().map((m) => m.code), ['1-1']);
  s.delete();
});

test('missing and extra arguments return the documented error values', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  const gameError = { ok: false, error: `the game must be ${listed(gameIds(gs))} (a string)` };
  assert.deepEqual(s.loadJudgeInput(), gameError);
  assert.deepEqual(s.loadRecipe(), gameError);
  assert.deepEqual(s.loadJudgeInput('staircase'), { ok: false, error: 'the judge input must be a string' });
  assert.deepEqual(gs.solveJudgeInput('staircase'), { ok: false, error: 'the judge input must be a string' });
  assert.deepEqual(gs.solveJudgeInput(), gameError);
  assert.deepEqual(s.loadLink(), { ok: false, error: 'the link must be a string' });
  assert.deepEqual(s.play(), { ok: false, error: 'no board is loaded' });
  assert.equal(s.loadJudgeInput(...sample).ok, true);
  assert.deepEqual(s.play(), { ok: false, error: "play() takes a move code such as '2-3' or 'A1-C2', or a move object" });
  assert.equal(s.goToStep(), false);
  assert.equal(s.link().ok, true);
  assert.deepEqual(gs.solveJudgeInput(...sample, 'extra'), { ok: true, output: '2\n' });
  assert.equal(typeof gs.bench, 'function');
  // Every Session method and every module function accepts being called with no arguments.
  for (const name of Object.getOwnPropertyNames(gs.Session.prototype)) {
    if (name === 'constructor' || typeof s[name] !== 'function') continue;
    assert.doesNotThrow(() => s[name](), name);
  }
  for (const name of ['solveJudgeInput', 'games', 'heapStats'])
    assert.doesNotThrow(() => gs[name](), name);
  s.delete();
});

test('a lone UTF-16 surrogate is refused with its position, never shifted', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.deepEqual(s.loadJudgeInput('staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\uD800\n'), {
    ok: false,
    error: 'the judge input holds a lone UTF-16 surrogate (half of a character pair) at character 28; it is not valid text',
  });
  assert.equal(gs.solveJudgeInput('staircase', '\uDC00' + sample[1]).ok, false);
  assert.match(s.loadLink(sampleLink + '\uD83D').error, /lone UTF-16 surrogate .* at character 43/);
  assert.match(s.loadRecipe('staircase', '3.3.9.1\uDBFF').error, /lone UTF-16 surrogate/);
  assert.equal(s.loadJudgeInput(...sample).ok, true);
  assert.match(s.play('1-\uD8001').error, /lone UTF-16 surrogate .* at character 3/);
  assert.match(s.play({ code: '\uDFFF' }).error, /lone UTF-16 surrogate .* at character 1/);
  // A well-formed pair is text like any other: the parser names it, at the right column.
  assert.equal(s.loadJudgeInput('staircase', '2 3\n2 \uD83D\uDE00 3\n').error,
    "line 2, column 3: expected an integer, found '\\xF0\\x9F\\x98\\x80'");
  assert.equal(s.judgeOutput(), '2\n');  // the board loaded before stays
  s.delete();
});

test('recipes are read by their grammar: no link parts can ride along', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  for (const recipe of ['3.3.9.1&m=1-1', '3.3.9.1&s=0', '3.3.9.1#m=1-1', '03.3.9.1']) {
    const result = s.loadRecipe('staircase', recipe);
    assert.equal(result.ok, false, recipe);
    assert.match(result.error, /^r \(the recipe\)/);
  }
  assert.equal(s.loadRecipe('staircase', '3.3.9.1').ok, true);
  assert.equal(s.link({}).link, '#g=staircase&r=3.3.9.1');
  s.delete();
});

test('texts past the largest board within the budget are refused before they are copied', async () => {
  const gs = await loadModule();
  const result = gs.solveJudgeInput('staircase', '1 '.repeat(1 << 20));
  assert.equal(result.ok, false);
  assert.match(result.error, /^input too large: .* the memory budget of 768 MiB/);
  const s = new gs.Session();
  assert.match(s.loadLink('#g=staircase&b=' + '1.'.repeat(40000)).error, /^the link is longer than 65536 characters/);
  s.delete();
});

test('the module\'s per-frame getters keep the heap and the handle table flat over 10,000 calls', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.equal(s.loadLink(sampleLink + '&m=1-1').ok, true);
  const getters = ['value', 'moves', 'bestMove', 'principalLine', 'history', 'board', 'stats', 'solve',
    'game', 'judgeInput', 'judgeOutput', 'summary', 'view', 'step', 'sideToMove', 'isOver', 'moveCount'];
  for (const name of getters) s[name]();  // warm-up
  for (const name of getters) {
    const before = gs.heapStats();
    const handles = gs.count_emval_handles();
    for (let k = 0; k < 10000; ++k) s[name]();
    const after = gs.heapStats();
    assert.equal(gs.count_emval_handles(), handles, `${name}: Embind handles`);
    assert.equal(after.heapSize, before.heapSize, `${name}: wasm memory grew`);
    assert.ok(Math.abs(after.inUse - before.inUse) <= 1024, `${name}: ${before.inUse} -> ${after.inUse} bytes in use`);
  }
  const handles = gs.count_emval_handles();
  for (let k = 0; k < 1000; ++k) { s.analyze(); s.link({ embed: true }); s.play('9-9'); gs.games(); }
  assert.equal(gs.count_emval_handles(), handles);
  s.delete();
});

test('analyze() on a 10000 x 1 staircase is capped and says so', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.equal(s.loadRecipe('staircase', '10000.1.9.1').ok, true);
  const before = gs.heapStats();
  const json = s.analyze();
  const analysis = JSON.parse(json);
  assert.equal(analysis.principalLineTruncated, true);
  assert.equal(analysis.principalLineShown, 1000);
  assert.equal(analysis.principalLine.length, 1000);
  assert.ok(json.length < 1 << 20, `${json.length} characters`);
  assert.ok(gs.heapStats().heapSize - before.heapSize <= 64 << 20, 'analyze grew the wasm memory by more than 64 MiB');
  assert.equal(s.step(), 0);
  s.delete();
});

test('analyze() of a rules game past 64 MiB is refused with the step it reached, and the heap is back', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  // 300 steps of 1000 moves, each named by 256 bytes: about 115 MB of JSON.
  const rules = `game = {
    start = function(p) return 0 end,
    moves = function(s, p) if s >= 300 then return {} end local r = {} for k = 1, 1000 do r[k] = k end return r end,
    play = function(s, m, p) return s + 1 end,
    name = function(m, s, p) return string.rep("x", 252) .. string.format("%04d", m) end,
  }`;
  assert.deepEqual(s.loadRules(rules), { ok: true });
  const before = gs.heapStats();
  const refused = s.analyze();
  assert.equal(refused.ok, false);
  assert.match(refused.error, /^the analysis is longer than 64 MiB at step (\d+) of its principal line of 300 steps \(1000 moves there\): the module holds at most that; gamesolver analyze writes up to 1\.0 GiB as it goes$/);
  const step = Number(refused.error.match(/at step (\d+)/)[1]);
  assert.ok(step > 150 && step < 200, refused.error);
  assert.equal(s.step(), 0);
  // The line's cache (32 MiB) and the text held up to the cap: the memory grew by less than both.
  assert.ok(gs.heapStats().heapSize - before.heapSize <= 160 << 20, 'analyze grew the wasm memory by more than 160 MiB');
  s.delete();
});

test('answer() reading r.children of a start of 399,000 moves with 256-byte names stays within the budget', async () => {
  // Issue 58: the record, a copy of it and its encoding were not counted (1.2 GB at the module's
  // 768 MiB); now each move's record is charged as r.children is built, and the rules' copy of
  // r has what the budget leaves beside it. (A module of its own: its memory is this call's.)
  const gs = await require(modulePath)();
  const rules = require('node:fs').readFileSync(path.join(root, 'tests/rules/children_record.lua'), 'utf8');
  // Independently: each name is 250 x's and the move's digits.
  let names = 0;
  for (let m = 1; m <= 399000; m++) names += 250 + String(m).length;
  const before = gs.heapStats();
  assert.deepEqual(gs.solveRules(rules, '399000'), { ok: true, output: `${names}\n` });
  const grown = gs.heapStats().heapSize - before.heapSize;
  console.log(`  r.children of 399,000 moves: the wasm memory grew by ${(grown / 2 ** 20).toFixed(0)} MiB`);
  assert.ok(grown <= 768 * 2 ** 20, `the wasm memory grew by ${grown} bytes`);
});

test('RulesTable.format() past 64 MiB is refused naming the row it reached; a shorter format comes whole', async () => {
  // Issue 58: the module held a table's whole text however long. 4,000,000 rows of one position
  // each ("999000\t0\tloss 0": about 75 MB of tsv; the markdown grid is about 36 MB).
  const gs = await require(modulePath)();
  const rules = `game = {
    params = { {"a", 999000, 0, 1000000}, {"b", 0, 0, 4000} },
    start = function(p) return p.a * 4096 + p.b end,
    moves = function(s, p) return {} end,
    play = function(s, k, p) return s end,
  }`;
  const table = new gs.RulesTable();
  assert.deepEqual(table.start(rules, ['a=999000..999999', 'b=0..3999']), { ok: true });
  let report;
  do report = table.advance(1000); while (!report.done);
  assert.equal(report.rows, 4000000);
  // Independently: the tsv's lines, handed over a megabyte at a time; the piece that would pass
  // 64 MiB is refused, named by the row under way.
  let held = 0, piece = 'a\tb\tvalue\n'.length, expected = 0;
  for (let row = 0; row < 4000000 && !expected; row++) {
    piece += `${999000 + Math.floor(row / 4000)}\t${row % 4000}\tloss 0\n`.length;
    if (piece < 1 << 20) continue;
    if (held + piece > 64 << 20) expected = row + 1;
    held += piece;
    piece = 0;
  }
  const refused = table.format('tsv');
  assert.equal(refused.ok, false);
  assert.equal(refused.error, `the table's text is longer than 64 MiB at row ${expected.toLocaleString('en-US')} of 4,000,000 (the page holds it whole; gamesolver table writes it as it is made)`);
  const md = table.format('md');
  assert.equal(md.ok, true);
  assert.equal(md.text.split('\n')[2], '| 999000 |' + ' loss 0 |'.repeat(4000));
  assert.equal(md.text.split('\n').length, 2 + 1000 + 1);  // the header, a row for each a, and the end
  table.delete();
});
