// Browser tests of the Chinese interface: a zh-CN browser gets it (hook lang === 'zh'), the
// toolbar's switch (widget `lang`) toggles it and writes lang= into the URL, a link's lang=en
// wins over a zh browser, a parser error and a table's pattern and formula lines are shown in
// Chinese, and screenshots of every game at 1280x800 and 390x844 show no missing glyphs (the
// app reports every character it was asked to show that the font lacks: the list must stay
// empty).
//   GS_WEB_DIR=build/site node --test tests/browser/i18n.test.js
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test, before, after } = require('node:test');
const h = require('./helpers');

let server;
let browser;

before(async () => {
  server = await h.startServer();
  browser = await h.launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const hasChinese = (text) => /[\u4e00-\u9fff]/.test(text || '');

test('a zh-CN browser gets the Chinese interface; an en-US one the English', async () => {
  for (const [locale, lang] of [['zh-CN', 'zh'], ['en-US', 'en']]) {
    const { context, page, log } = await h.openPage(browser, server, { locale });
    const state = await h.gotoApp(page, server);
    await h.waitForState(page, (s) => !!s.summary);
    const shown = (await h.readState(page)).shown;
    assert.equal(state.lang, lang, locale);
    assert.equal(hasChinese(shown.summary), lang === 'zh', `${locale}: ${shown.summary}`);
    assert.equal(hasChinese(shown.value), lang === 'zh', `${locale}: ${shown.value}`);
    // The hook's own fields stay English whatever the language.
    assert.equal(hasChinese(state.summary), false);
    assert.deepEqual(state.missingGlyphs, []);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'zh' ? 'zh-CN' : 'en');
    assert.deepEqual(log.errors, []);
    await context.close();
  }
});

test('the switch toggles the language and the URL carries lang=', async () => {
  const { context, page, log } = await h.openPage(browser, server, { locale: 'en-US' });
  await h.gotoApp(page, server);
  await h.waitForState(page, (s) => !!s.summary && s.lang === 'en');
  await h.clickWidget(page, 'lang');
  let state = await h.waitForState(page, (s) => s.lang === 'zh');
  assert.ok(hasChinese(state.shown.summary), state.shown.summary);
  await page.waitForFunction(() => location.hash.includes('lang=zh'));
  // A reload keeps it (the link says so), and so does another game.
  await page.reload();
  state = await h.waitForApp(page);
  assert.equal(state.lang, 'zh');
  await h.clickWidget(page, 'game-exchange');
  state = await h.waitForState(page, (s) => s.game === 'exchange' && !!s.summary);
  assert.equal(state.lang, 'zh');
  assert.match(state.shown.summary, /高桥|青木/);
  await h.clickWidget(page, 'lang');
  state = await h.waitForState(page, (s) => s.lang === 'en');
  assert.equal(hasChinese(state.shown.summary), false);
  await page.waitForFunction(() => location.hash.includes('lang=en'));
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('a link with lang=en stays English in a zh browser, and lang=zh gives Chinese in an en one', async () => {
  for (const [locale, lang] of [['zh-CN', 'en'], ['en-US', 'zh']]) {
    const { context, page } = await h.openPage(browser, server, { locale });
    await h.gotoApp(page, server, `#g=staircase&lang=${lang}`);
    const state = await h.waitForState(page, (s) => !!s.summary);
    assert.equal(state.lang, lang);
    assert.equal(hasChinese(state.shown.summary), lang === 'zh');
    await context.close();
  }
});

test('a parser error and a link error are shown in Chinese', async () => {
  const { context, page } = await h.openPage(browser, server, { locale: 'zh-CN' });
  await h.gotoApp(page, server);
  await h.waitForState(page, (s) => !!s.summary);
  await h.typeInto(page, 'judge-text', '2 3\n2 7x 3\n');
  await h.clickWidget(page, 'load-text');
  let state = await h.waitForState(page, (s) => !!s.error);
  assert.equal(state.error, "line 2, column 3: expected an integer, found '7x'");
  assert.equal(state.shown.error, "第 2 行第 3 列：应为整数，实际为 '7x'");
  await h.typeInto(page, 'judge-text', '2 3\n2 1000000001 3\n');
  await h.clickWidget(page, 'load-text');
  state = await h.waitForState(page, (s) => s.error.includes('1000000001'));
  assert.equal(state.shown.error, '第 2 行第 3 列：a(1, 2) 应在 0 到 1000000000 之间，实际为 1000000001');
  await page.goto(server.url('/') + '#g=staircase&m=1-2');
  state = await h.waitForState(page, (s) => !!s.linkError);
  assert.equal(state.shown.linkError, "m（着法）第 1 步 '1-2'：格子 (1, 2) 需要先在 (1, 1) 落子");
  assert.deepEqual(state.missingGlyphs, []);
  await context.close();
});

const boards = {
  staircase: '#g=staircase&b=3.3_9.4.3_6.7.6_4.5.9_0.0.0_0.0.0_0.0.0&m=1-1.2-1.1-2.1-3.3-1.2-2.2-3.3-2.3-3&s=4',
  exchange: '#g=exchange&b=4.4.4_98.98765.987654.987654321_987.9876.9876543.98765432_123.12345.1234567.123456789&m=A1.B1&s=2',
  manhattan: '#g=manhattan&r=12.3.7&m=6-6.1-1',
};

test('screenshots of the Chinese interface show no missing glyphs (every game, desktop and phone)', async () => {
  const readme = path.join(h.repoRoot, 'imgui_app', 'screenshots');
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const { context, page, log } = await h.openPage(browser, server,
      { locale: 'zh-CN', viewport: { width, height } });
    for (const [game, fragment] of Object.entries(boards)) {
      await page.goto(server.url('/') + fragment);
      await h.waitForApp(page);
      let state = await h.waitForState(page, (s, g) => s.game === g && !!s.summary && !s.solving, game);
      assert.equal(state.lang, 'zh');
      // The rules popup and the legends draw most of the game's words.
      await h.clickWidget(page, 'rules');
      await h.waitForState(page, (s) => !!s.widgets['rules-close']);
      await h.frames(page, 3);
      await h.screenshot(page, `zh-${game}-rules-${width}x${height}`);
      await h.clickWidget(page, 'rules-close');
      await h.waitForState(page, (s) => !s.widgets['rules-close']);
      await h.frames(page, 4);
      const png = await h.screenshot(page, `zh-${game}-${width}x${height}`);
      if (process.env.GS_README_SCREENSHOTS)
        fs.writeFileSync(path.join(readme, `zh-${game}-${width}x${height}.png`), png);
      state = await h.readState(page);
      assert.deepEqual(state.missingGlyphs, [], `${game} ${width}x${height}`);
      assert.ok(hasChinese(state.shown.value), state.shown.value);
    }
    assert.deepEqual(log.errors, []);
    await context.close();
  }
});

test('a table\'s pattern and formula lines are in Chinese, the hook\'s fields in English', async () => {
  const { context, page, log } = await h.openPage(browser, server, { locale: 'zh-CN' });
  const rules = fs.readFileSync(path.join(h.repoRoot, 'web', 'examples', 'rules', 'take134.lua'), 'utf8');
  await h.gotoApp(page, server, h.rulesLink(rules, [20]) + '&t=n.0.60');
  const state = await h.waitForState(page, (s) => s.fields['table-rows'] === '61' && !s.widgets['table-formula-search'], null, 30000);
  assert.equal(state.lang, 'zh');
  assert.equal(state.fields['table-pattern'], 'period 7 from n=0 (checked to n=60)');
  assert.equal(state.fields['table-formula'], 'no formula of up to 7 symbols fits (checked n=0..60)');
  assert.equal(state.fields['table-pattern-shown'], '从 n=0 起以 7 为周期（已检查到 n=60）');
  assert.equal(state.fields['table-formula-shown'], '不超过 7 个符号的公式都不吻合（已检查 n=0..60）');
  await h.frames(page, 3);
  await h.screenshot(page, 'zh-rules-table-1280x800');
  assert.deepEqual((await h.readState(page)).missingGlyphs, []);
  assert.deepEqual(log.errors, []);
  await context.close();
});
