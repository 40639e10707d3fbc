// A Session in the module replays exactly what `gamesolver analyze` reports natively: the same
// principal line, the same value at each step, the same value and best flag for every legal move.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule, cli } = require('./common');

// The module's value object in the JSON's shape.
function valueOf(value, metric) {
  if (metric.startsWith('score')) return { score: value.score };
  if (metric.includes('remoteness')) return { player: value.player, win: value.win, remoteness: value.remoteness };
  return { player: value.player, win: value.win, certificate: value.certificate };
}

// The JSON's move in the module's code form: "r-c", "A1" or "A1-C2".
function codeOf(move) {
  if ('play' in move) return move.take ? `${move.play}-${move.take}` : move.play;
  return `${move.row}-${move.col}`;
}

const boards = [
  ['staircase', ['random', 'staircase', '3', '4', '5']],
  ['staircase', ['random', 'staircase', '4', '4', '6', '--max', '3']],
  ['exchange', ['random', 'exchange', '2', '3', '2', '7', '--max', '9']],
  ['exchange', ['random', 'exchange', '4', '4', '4', '8']],
  ['manhattan', ['random', 'manhattan', '5', '2', '9']],
  ['manhattan', ['random', 'manhattan', '7', '4', '10']],
];

for (const [game, args] of boards) {
  test(`${game} ${args.slice(2).join(' ')}: line, values and moves equal the native analysis`, async () => {
    const gs = await loadModule();
    const text = cli(args).stdout;
    const analysis = JSON.parse(cli(['analyze', game], text).stdout);
    const session = new gs.Session();
    assert.deepEqual(session.loadJudgeInput(game, text), { ok: true });
    assert.equal(session.judgeOutput(), analysis.judgeOutput);
    const metric = analysis.metric;
    assert.equal(session.value().metric, metric);
    assert.deepEqual(valueOf(session.value(), metric), analysis.value);
    assert.deepEqual(session.principalLine().map((m) => m.code), analysis.principalLine.map((s) => codeOf(s.played)));
    for (const step of analysis.principalLine) {
      assert.deepEqual(valueOf(session.value(), metric), step.positionValue);
      const moves = session.moves();
      assert.equal(moves.length, step.moveCount);
      step.moves.forEach((expected, k) => {
        assert.equal(moves[k].code, codeOf(expected.move));
        assert.equal(moves[k].name, expected.name);
        assert.deepEqual(valueOf(moves[k].value, metric), expected.value);
        assert.equal(moves[k].best, expected.best);
      });
      assert.deepEqual(session.play(codeOf(step.played)), { ok: true });
    }
    // undo / redo / goToStep walk the same line back and forth.
    const end = session.step();
    assert.equal(end, analysis.principalLine.length);
    assert.equal(session.undo(), true);
    assert.equal(session.step(), end - 1);
    assert.equal(session.redo(), true);
    assert.equal(session.goToStep(0), true);
    assert.deepEqual(valueOf(session.value(), metric), analysis.value);
    assert.equal(session.history().length, end);
    session.delete();
  });
}

test('an illegal move is refused with a sentence and changes nothing', async () => {
  const gs = await loadModule();
  const session = new gs.Session();
  session.loadJudgeInput('staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n');
  session.play('1-1');
  const before = JSON.stringify([session.value(), session.step(), session.history()]);
  assert.deepEqual(session.play('2-2'), { ok: false, error: 'cell (2, 2) needs a stone on (2, 1) first' });
  assert.deepEqual(session.play('A1'), { ok: false, error: "'A1' is not a move: a move is a cell row-col such as 2-3" });
  assert.equal(JSON.stringify([session.value(), session.step(), session.history()]), before);
  const board = session.board();
  assert.deepEqual(Array.from(board.owner), [0, -1, -1, -1, -1, -1]);
  assert.deepEqual(Array.from(board.moveNumber), [1, 0, 0, 0, 0, 0]);
  assert.deepEqual(board.scores, [2, 0]);
  session.delete();
});

test('computerMove: strength 10 is the best move, lower strengths pick legal moves, the seed repeats them', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.equal(s.loadLink('#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1').ok, true);
  assert.deepEqual(s.computerMove({ strength: 10, seed: 3 }), s.bestMove());
  assert.deepEqual(s.computerMove(), s.bestMove(), 'the default: strength 10');
  s.play(s.bestMove());  // the staircase's first stone has one place; the second has two
  assert.equal(s.moveCount(), 2);
  const legal = new Set(s.moves().map((m) => m.code));
  const seen = new Set();
  for (const strength of [0, 1, 5, 9]) {
    for (let seed = 0; seed < 30; ++seed) {
      const move = s.computerMove({ strength, seed });
      assert.ok(legal.has(move.code), `strength ${strength}, seed ${seed}: ${JSON.stringify(move)}`);
      assert.deepEqual(s.computerMove({ strength, seed }), move, 'the same seed, the same move');
      if (strength === 0) seen.add(JSON.stringify(move));
    }
  }
  assert.ok(seen.size > 1, 'strength 0 picks among the moves');
  for (const [options, error] of [
    [{ strength: 11 }, 'strength must be an integer from 0 to 10'],
    [{ strength: 2.5 }, 'strength must be an integer from 0 to 10'],
    [{ strength: '5' }, 'strength must be an integer from 0 to 10'],
    [{ seed: -1 }, 'seed must be an integer from 0 to 2^53 - 1'],
    ['fast', 'computerMove takes {strength, seed}'],
  ])
    assert.deepEqual(s.computerMove(options), { ok: false, error }, JSON.stringify(options));
  // At the end of the game: null.
  while (!s.isOver()) s.play(s.bestMove());
  assert.equal(s.computerMove({ strength: 4, seed: 1 }), null);
  s.delete();
});

test('comments: setComment at the cursor, comment(step), through a link and into the exports', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  assert.equal(s.loadLink('#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1').ok, true);
  assert.deepEqual(s.setComment('Black moves first and wins by 2'), { ok: true });
  const line = s.principalLine();
  for (const move of line.slice(0, 3)) assert.equal(s.play(move).ok, true);
  assert.deepEqual(s.setComment('只有这一步能保持领先'), { ok: true });
  assert.equal(s.comment(0), 'Black moves first and wins by 2');
  assert.equal(s.comment(3), '只有这一步能保持领先');
  assert.equal(s.comment(1), '');
  assert.equal(s.comment(99), '');
  assert.equal(s.comment(-1), '');
  assert.equal(s.comment('3'), '');
  // Refusals leave the comment as it was.
  assert.deepEqual(s.setComment('two\nlines'), {
    ok: false,
    error: 'character 4 of the comment is a control character (U+000A); a comment is one line of text',
  });
  assert.deepEqual(s.setComment('x'.repeat(1001)), {
    ok: false, error: 'the comment is 1001 bytes long; a comment holds at most 1000 bytes of UTF-8',
  });
  assert.deepEqual(s.setComment('x'.repeat(2 << 20)), {
    ok: false,
    error: 'the comment is longer than 1,048,576 bytes; a comment holds at most 1000 bytes of UTF-8',
  });
  assert.deepEqual(s.setComment('\uD800'), {
    ok: false,
    error: 'the comment holds a lone UTF-16 surrogate (half of a character pair) at character 1; it is not valid text',
  });
  assert.deepEqual(s.setComment(7), { ok: false, error: 'the comment must be a string' });
  assert.equal(s.comment(3), '只有这一步能保持领先');
  // The link carries them, with the computer's strength.
  const { link } = s.link({ computer: [false, true], strength: 3 });
  assert.match(link, /&n=[A-Za-z0-9_-]+/);
  assert.match(link, /&p=hc&strength=3/);
  assert.deepEqual(s.link({ strength: 12 }), { ok: false, error: 'strength must be an integer from 0 to 10' });
  const t = new gs.Session();
  assert.equal(t.loadLink(link).ok, true);
  assert.equal(t.comment(0), 'Black moves first and wins by 2');
  assert.equal(t.comment(3), '只有这一步能保持领先');
  assert.equal(t.view().strength, 3);
  assert.deepEqual(t.view().computer, [false, true]);
  // The exports of the optimal line, which the line played follows.
  const md = t.exportMarkdown(3).text;
  assert.ok(md.includes('> Black moves first and wins by 2\n'), md);
  assert.ok(md.includes(' | 只有这一步能保持领先 |\n'), md);
  assert.ok(t.exportSvg(3).text.includes('“只有这一步能保持领先”'));
  assert.ok(!t.exportSvg(2).text.includes('只有这一步'));
  // Empty text removes a comment; a new move in place of the line's drops the comments after it.
  assert.deepEqual(t.setComment(''), { ok: true });
  assert.equal(t.comment(3), '');
  t.goToStep(0);
  assert.deepEqual(t.setComment(''), { ok: true });
  assert.equal(t.link().link.includes('&n='), false);
  s.delete();
  t.delete();
});
