// The module's texts in Chinese for embedders: gs.translate(text, 'zh') translates whatever the
// module gives (summaries, values, moves, verdicts, errors, titles, players) whole, keeps
// English for 'en', unknown languages and unknown texts, and solveJudgeInput stays English and
// byte-identical to the CLI.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadModule, cli, gameIds } = require('./common');

const hasChinese = (text) => /[\u4e00-\u9fff]/.test(text);
// English words left over (quoted tokens, names, units and the games' ids aside).
const kept = new Set(['Alice', 'Bob', 'GiB', 'MiB', 'KiB', 'AtCoder', 'ABC', 'UESTC', 'Lutece', 'BZOJ', 'LOJ',
  'chess', 'Exchange', 'Game']);
const englishWords = (text, ids) =>
  (text.replace(/'[^']*'/g, '').match(/[A-Za-z]{3,}/g) || []).filter((word) => !kept.has(word) && !ids.includes(word));

test('translate: summaries, values, moves and verdicts of every game in Chinese', async () => {
  const gs = await loadModule();
  const ids = gameIds(gs);
  for (const game of gs.games()) {
    for (const text of [game.title, game.source, game.players[0], game.players[1], game.metric]) {
      const chinese = gs.translate(text, 'zh');
      assert.ok(hasChinese(chinese) || game.players.includes(text), `${text} -> ${chinese}`);
      assert.deepEqual(englishWords(chinese, ids), [], `${text} -> ${chinese}`);
    }
    const s = new gs.Session();
    const recipes = { staircase: '3.3.9.1', exchange: '2.2.2.9.1', manhattan: '4.1.1' };
    assert.equal(s.loadRecipe(game.id, recipes[game.id]).ok, true, game.id);
    for (const text of [s.summary(), s.value().text, ...s.moves().map((m) => m.value.text)]) {
      const chinese = gs.translate(text, 'zh');
      assert.ok(hasChinese(chinese), `${text} -> ${chinese}`);
      assert.deepEqual(englishWords(chinese, ids), [], `${text} -> ${chinese}`);
      assert.equal(gs.translate(text, 'en'), text);
    }
    s.delete();
  }
  assert.equal(gs.translate('Black ends 2 points ahead', 'zh'), '黑方最终领先 2 分');
  assert.equal(gs.translate('Takahashi wins; the game lasts 3 more moves', 'zh-CN'), '高桥获胜；对局还要走 3 步');
  assert.equal(gs.translate('Alice wins', 'zh'), 'Alice 获胜');
});

test('translate: errors of the parser and of links, whole', async () => {
  const gs = await loadModule();
  const parsed = gs.solveJudgeInput('staircase', '2 3\n2 7x 3\n');
  assert.equal(parsed.ok, false);
  assert.equal(parsed.error, "line 2, column 3: expected an integer, found '7x'");
  assert.equal(gs.translate(parsed.error, 'zh'), "第 2 行第 3 列：应为整数，实际为 '7x'");
  const s = new gs.Session();
  const link = s.loadLink('#g=staircase&m=1-2');
  assert.equal(link.ok, false);
  assert.equal(gs.translate(link.error, 'zh'), "m（着法）第 1 步 '1-2'：格子 (1, 2) 需要先在 (1, 1) 落子");
  s.delete();
});

test('translate: English for en, other languages, unknown texts and bad arguments', async () => {
  const gs = await loadModule();
  assert.equal(gs.translate('Black', 'en'), 'Black');
  assert.equal(gs.translate('Black', 'fr'), 'Black');
  assert.equal(gs.translate('Black', undefined), 'Black');
  assert.equal(gs.translate('Black'), 'Black');
  assert.equal(gs.translate('no such text', 'zh'), 'no such text');
  assert.equal(gs.translate(42, 'zh'), '');
  assert.equal(gs.translate('\uD800', 'zh'), '');
});

test('solveJudgeInput stays English and byte-identical to the CLI', async () => {
  const gs = await loadModule();
  for (const [game, text] of [['staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n'], ['exchange', '1 1 2\n2\n4\n1 3\n'],
    ['manhattan', '3 1\n1 2 3\n4 5 6\n7 8 9\n']]) {
    const result = gs.solveJudgeInput(game, text);
    assert.equal(result.ok, true);
    assert.equal(result.output, cli(['solve', game], text).stdout);
    assert.equal(hasChinese(result.output), false);
  }
});

// --- Bounds (issue 18, finding 7): translate() cached every input (2,040 distinct 1 MiB texts
// filled the heap and killed the module) and its matcher backtracked over every split of a long
// text (256 KiB: 67 s). Texts past 16 KiB come back unchanged without entering the module's
// memory; shorter ones stop after a fixed number of matching steps; the cache is bounded in bytes.

const kMaxTranslatedBytes = 16 * 1024;
const kTranslationWorkBudget = 1 << 20;
const kTranslationCacheBytes = 1 << 20;

function repeatTo(bytes, unit, tail = '') {
  return unit.repeat(Math.floor((bytes - tail.length) / unit.length)) + tail;
}
const hostileShapes = [
  ['x must be between 1 and 2, found 3 ', ': '],
  ['x must be between ', '1 and 2'],
  ['line 1, column 1: ', 'the game is over'],
  ["m (the moves), move 1 '1-1': ", 'no board is loaded'],
  ['Black 1 \u2013 White 2: ', 'a draw'],
  ['a', ''],
];

test('translate: hostile texts up to 16 KiB cost a bounded number of steps', async () => {
  const gs = await loadModule();
  for (const [unit, tail] of hostileShapes) {
    const text = repeatTo(kMaxTranslatedBytes, unit, tail);
    const started = process.hrtime.bigint();
    const out = gs.translate(text, 'zh');
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const stats = gs.heapStats();
    console.log(`# ${JSON.stringify(unit)} x ${text.length} chars: ${stats.translationSteps} steps, ${ms.toFixed(1)} ms`);
    assert.ok(stats.translationSteps <= kTranslationWorkBudget + kMaxTranslatedBytes + 64, `${stats.translationSteps} steps`);
    assert.ok(stats.translationCacheBytes <= kTranslationCacheBytes);
    // Untranslated (no real message looks like these), never half translated.
    assert.equal(out, text);
  }
  // Real messages still translate, in few steps.
  const message = "line 2, column 3: expected an integer, found '7x'";
  assert.equal(gs.translate(message, 'zh'), "第 2 行第 3 列：应为整数，实际为 '7x'");
  assert.ok(gs.heapStats().translationSteps < 20000);
});

test('translate: 256 KiB and 1 MiB texts come back unchanged, never copied into the module', async () => {
  const gs = await loadModule();
  for (const bytes of [256 << 10, 1 << 20]) {
    for (const [unit, tail] of hostileShapes) {
      const text = repeatTo(bytes, unit, tail);
      gs.translate('Black', 'zh');  // a known text: the steps below are this one's
      const before = gs.heapStats();
      const started = process.hrtime.bigint();
      const out = gs.translate(text, 'zh');
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const after = gs.heapStats();
      if (unit === 'a') console.log(`# ${bytes} bytes: ${ms.toFixed(2)} ms`);
      assert.equal(out, text);
      assert.equal(after.translationSteps, before.translationSteps, 'no matching step');
      assert.equal(after.inUse, before.inUse, 'nothing kept in the heap');
      assert.equal(after.translationCacheBytes, before.translationCacheBytes);
    }
  }
  // Just over 16 KiB in UTF-8 though fewer UTF-16 units: unchanged too; lone surrogates stay "".
  const wide = '\u4e2d'.repeat(6000);
  assert.equal(gs.translate(wide, 'zh'), wide);
  assert.equal(gs.translate('\uD800' + 'x'.repeat(100), 'zh'), '');
});

test('translate: 2,100 distinct 1 MiB texts leave the module alive and the heap flat', async () => {
  const gs = await loadModule();
  const base = 'x'.repeat((1 << 20) - 8);
  const before = gs.heapStats();
  for (let k = 0; k < 2100; ++k) {
    const text = String(k).padStart(8, '0') + base;
    assert.equal(gs.translate(text, 'zh').length, text.length);
  }
  const after = gs.heapStats();
  assert.ok(after.inUse - before.inUse <= 64 * 1024, `in use: ${before.inUse} -> ${after.inUse}`);
  assert.deepEqual(gs.solveJudgeInput('exchange', '1 1 2\n2\n4\n1 3\n'), { ok: true, output: 'Aoki\n' });
  // Many distinct short texts: the cache stays within its bytes.
  for (let k = 0; k < 20000; ++k) gs.translate(`line ${k}, column 1: the game is over`, 'zh');
  assert.ok(gs.heapStats().translationCacheBytes <= kTranslationCacheBytes);
  assert.equal(gs.translate('line 20001, column 1: the game is over', 'zh'), '第 20001 行第 1 列：对局已结束');
});
