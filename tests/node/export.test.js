// The module's exports: exportSvg(step) and exportMarkdown(step) give the same text as
// `gamesolver export`, leave the line of play as it was, and refuse bad steps with a sentence.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule, cli, samples } = require('./common');

for (const [game, input] of samples) {
  test(`${game}: exportSvg and exportMarkdown equal the native export`, async () => {
    const gs = await loadModule();
    const session = new gs.Session();
    assert.deepEqual(session.loadJudgeInput(game, input), { ok: true });
    const steps = session.principalLine().length;
    for (const step of [0, Math.min(1, steps), steps]) {
      const svg = session.exportSvg(step);
      assert.equal(svg.ok, true, svg.error);
      assert.equal(svg.text, cli(['export', game, '--format', 'svg', '--step', String(step)], input).stdout);
      assert.match(svg.text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
      const md = session.exportMarkdown(step);
      assert.equal(md.ok, true, md.error);
      assert.equal(md.text, cli(['export', game, '--format', 'md', '--step', String(step)], input).stdout);
      assert.ok(md.text.includes('```text\n' + input + '```'));
      assert.ok(md.text.includes('| # | Player | Move | Value after it |'));
    }
    // The default step is 0, the starting position.
    assert.equal(session.exportSvg().text, session.exportSvg(0).text);
    session.delete();
  });
}

test('exports leave the line of play alone and refuse bad steps', async () => {
  const gs = await loadModule();
  const session = new gs.Session();
  assert.deepEqual(session.exportSvg(0), { ok: false, error: 'no board is loaded' });
  session.loadJudgeInput('staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n');
  session.play('1-1');
  session.play('2-1');
  session.undo();
  assert.equal(session.exportMarkdown(4).ok, true);
  assert.equal(session.step(), 1);
  assert.deepEqual(session.history().map((m) => m.code), ['1-1', '2-1']);
  assert.deepEqual(session.exportSvg(7), {
    ok: false,
    error: 'step 7 is past the end of the optimal line, which has 6 moves',
  });
  for (const bad of [-1, 1.5, '2', {}, NaN]) {
    assert.deepEqual(session.exportMarkdown(bad), { ok: false, error: 'the step must be a non-negative integer' });
  }
  session.delete();
});
