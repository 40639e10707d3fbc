// The module answers every core/games/GAMES.md sample exactly as the judge prints it, refuses malformed
// input with the native CLI's very message, and never throws on arguments of the wrong type.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule, cli, samples, gameIds } = require('./common');

// The tests that pin a message naming every game build it from gameIds(gs) (tests/node/common.js):
// that list is the native CLI's (whose list tests/cli_test.sh checks against tests/samples/).
test('the module\'s games are the native CLI\'s built-in games, in its order', async () => {
  const gs = await loadModule();
  assert.ok(gameIds(gs).length > 0);
  const help = cli(['--help']);
  assert.equal(help.status, 0);
  const line = help.stdout.split('\n').find((text) => text.startsWith('The built-in games: '));
  assert.equal(line, `The built-in games: ${gameIds(gs).join(', ')} (input formats below).`);
});

test('every core/games/GAMES.md sample gives the judge output byte for byte', async () => {
  const gs = await loadModule();
  for (const [game, input, output] of samples) assert.deepEqual(gs.solveJudgeInput(game, input), { ok: true, output });
});

test('malformed input gets the same message as the native CLI', async () => {
  const gs = await loadModule();
  const cases = [
    ['staircase', ''],
    ['staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3\n'],
    ['staircase', '2 3\n2 7x 3\n'],
    ['staircase', '2 99999999999999999999\n'],
    ['staircase', '1 1\n5\n5\n5\n'],
    ['staircase', '2 3\n\u00ff 7 3\n'],
    ['staircase', '20 20\n'],
    ['exchange', '1 1 2\n2\n4\n1\n'],
    ['exchange', '10 10 10\n'],
    ['exchange', '1 1 1\n0\n1\n1\n'],
    ['manhattan', '3 1\n1 2 3\n4 5 6\n7 8 3\n'],
    ['manhattan', '2 1\n1 2\n3 2147483648\n'],
    ['manhattan', '3 -1\n'],
  ];
  for (const [game, input] of cases) {
    const native = cli(['solve', game, '--memory-budget', '768M'], input);
    assert.equal(native.status, 2, input);
    const result = gs.solveJudgeInput(game, input);
    assert.equal(result.ok, false, input);
    assert.equal(`gamesolver: ${result.error}\n`, native.stderr, input);
  }
});

test('arguments of the wrong type come back as errors, and the module keeps working', async () => {
  const gs = await loadModule();
  for (const [game, text] of [[42, ''], [null, 'x'], [undefined, undefined], ['chess', '1 1'], [{}, []], ['staircase', 7]]) {
    const result = gs.solveJudgeInput(game, text);
    assert.equal(result.ok, false);
    assert.match(result.error, /^the (game must be|judge input must be)/);
  }
  const session = new gs.Session();
  assert.deepEqual(session.play('1-1'), { ok: false, error: 'no board is loaded' });
  assert.equal(session.value(), null);
  assert.equal(session.loadJudgeInput('staircase', 12).ok, false);
  assert.equal(session.loadLink(null).ok, false);
  assert.equal(session.loadJudgeInput('staircase', samples[0][1]).ok, true);
  assert.equal(session.play(3.5).ok, false);
  assert.equal(session.play({ code: 9 }).ok, false);
  assert.equal(session.play('nonsense').ok, false);
  assert.equal(session.goToStep('2'), false);
  assert.equal(session.goToStep(-1), false);
  assert.equal(session.link(null).ok, true);
  session.delete();
  assert.deepEqual(gs.solveJudgeInput(...samples[0].slice(0, 2)), { ok: true, output: '2\n' });
});

test('the module guide\'s page example works as written', async () => {
  const fs = require('node:fs');
  const path = require('node:path');
  const readme = fs.readFileSync(path.join(__dirname, '../../web/guides/module.md'), 'utf8');
  const html = readme.match(/```html\n([\s\S]*?)```/)[1];
  const script = html.match(/<script>\n([\s\S]*?)<\/script>/)[1];
  // Run the page's script with the module as its createGameSolver and a stand-in document.
  const gs = await loadModule();
  let text = null;
  const document = { getElementById: () => ({ set textContent(value) { text = value; } }) };
  await new Function('createGameSolver', 'document', `return ${script.trim().replace(/;\s*$/, '')}`)(
    () => Promise.resolve(gs), document);
  assert.equal(text.split('\n')[0], '2');
  assert.match(text, /Black ends 2 points ahead/);
  assert.match(text, /line: 1-2 2-1 1-3 2-2 2-3/);
  assert.match(text, /link: #g=staircase&b=2\.3_2\.7\.3_9\.1\.2_3\.7\.2_2\.3\.1&m=1-1/);
});
