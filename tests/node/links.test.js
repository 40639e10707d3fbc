// Share links through the module: every board the tests generate comes back from its link with
// its moves and step; recipes keep large boards short; corrupt links give a sentence, never a
// throw or a hang, and the module keeps working.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule, cli, random, gameIds, listed } = require('./common');

function snapshot(session) {
  return {
    game: session.game(),
    judgeInput: session.judgeInput(),
    history: session.history().map((m) => m.code),
    step: session.step(),
    value: session.value(),
  };
}

test('board, moves and step round-trip through links for every game', async () => {
  const gs = await loadModule();
  const next = random(42);
  const specs = [['staircase', '3', '4'], ['exchange', '2', '2', '3'], ['manhattan', '6', '2']];
  for (let k = 0; k < 150; ++k) {
    const [game, ...sizes] = specs[k % 3];
    const text = cli(['random', game, ...sizes, String(k)]).stdout;
    const session = new gs.Session();
    assert.equal(session.loadJudgeInput(game, text).ok, true);
    const moves = Math.floor(next() * 6);
    for (let j = 0; j < moves; ++j) {
      const legal = session.moves();
      if (!legal.length) break;
      assert.equal(session.play(legal[Math.floor(next() * legal.length)]).ok, true);
    }
    if (k % 4 === 0) session.goToStep(Math.floor(session.step() / 2));
    const { link } = session.link({});
    const reopened = new gs.Session();
    assert.deepEqual(reopened.loadLink(link).ok, true, link);
    assert.deepEqual(snapshot(reopened), snapshot(session), link);
    // The native CLI writes the same link for the bare board.
    if (session.history().length === 0) assert.equal(cli(['link', game], text).stdout.trim(), link);
    session.delete();
    reopened.delete();
  }
});

test('recipes keep links of large boards short', async () => {
  const gs = await loadModule();
  const session = new gs.Session();
  assert.deepEqual(session.loadRecipe('manhattan', '2000.1000.7'), { ok: true, view: { embed: false, autoplay: false, readOnly: false, computer: [false, false], strength: 10 } });
  assert.equal(session.play('1-1').ok, true);
  const { link } = session.link({ embed: true });
  assert.equal(link, '#g=manhattan&r=2000.1000.7&m=1-1&embed=1');
  assert.ok(link.length < 100);
  const reopened = new gs.Session();
  assert.equal(reopened.loadLink(link).ok, true);
  assert.equal(reopened.judgeOutput(), session.judgeOutput());
  assert.equal(cli(['random', 'manhattan', '2000', '1000', '7', '--link']).stdout.trim(), '#g=manhattan&r=2000.1000.7');
  session.delete();
  reopened.delete();
});

test('corrupt links give a sentence and leave the module working', async () => {
  const gs = await loadModule();
  const session = new gs.Session();
  const sample = '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1';
  assert.equal(session.loadLink(sample).ok, true);
  const exact = [
    ['', 'the link is empty; it needs at least g= (the game)'],
    ['#g=exchange&m=C1', "m (the moves), move 1 'C1': card C1 is not in Takahashi's hand"],
    ['#g=go&b=1', `g (the game) must be ${listed([...gameIds(gs), 'rules'])}, found 'go'`],
    [`${sample}&m=2-2`, "m (the moves), move 1 '2-2': cell (2, 2) needs a stone on (2, 1) first"],
    [`${sample}&m=1-1&s=5`, 's (the step) is 5 but the link has only 1 moves'],
    ['#g=staircase&b=2.3_2.7.3', 'b (the board), group 3, character 1: expected 3 integers (row 2 of a), found the end of the input'],
    ['#g=staircase&r=20.20.9.1', 'r (the recipe): a 20 x 20 board needs 514 GiB to solve, over the memory budget of 768 MiB'],
  ];
  for (const [link, error] of exact) assert.deepEqual(session.loadLink(link), { ok: false, error }, link);
  const corrupt = ['#', '#g=', '#&&&', '#g=staircase&b=1.1_1_1&r=1.1.1.1', '#g=staircase&b=1%2', '#g=staircase&b=<>',
    '#g=staircase&b=1.1_1_1_1', '#g=staircase&x=1&b=1.1_1_1', '#g=staircase&b=1.1_1_1&b=1.1_1_1',
    `${sample}&m=9-9`, `${sample}&s=-1`, '#g=exchange&b=1.1.2_2_4_1.3&m=C1', '#g=manhattan&r=2000.1000',
    '#g=manhattan&r=99999.1.1', '#g=manhattan&b=2.1_1.1_1.1', sample.slice(0, 25)];
  const next = random(7);
  for (let k = 0; k < 300; ++k) {
    let link = '';
    const length = Math.floor(next() * 60);
    for (let c = 0; c < length; ++c) link += String.fromCharCode(Math.floor(next() * 128));
    corrupt.push(k % 2 ? '#g=staircase&b=' + link : link);
  }
  for (const link of corrupt) {
    const result = session.loadLink(link);
    if (result.ok) continue;  // a random string may by chance be a valid link
    assert.equal(typeof result.error, 'string');
    assert.ok(result.error.length > 10, link);
  }
  // The last good board is still loaded and working.
  assert.equal(session.judgeOutput(), '2\n');
  assert.deepEqual(session.play('1-1'), { ok: true });
  session.delete();
});
