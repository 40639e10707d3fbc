// Browser tests of the page's words and of the keyboard (issue 19): axe (@axe-core/playwright)
// finds no violation in the app (English and Chinese, a dialog open, an embed); the page has a
// real heading and description; without WebGL 2 (Chromium's --disable-webgl) or when the module
// fails to load, the page says what happened and what to do, in English or Chinese, in DOM
// text; dialogs close with Escape, keep Tab inside, give the focus back to the control that
// opened them; the live region announces labels in the interface's language, and the canvas's
// label follows the language; each dialog the canvas draws is mirrored in the DOM (role dialog,
// its title, its whole text), so Chromium's accessibility tree holds it; the page's words paint
// before the app starts (issue 36).
//   GS_WEB_DIR=build/site node --test tests/browser/a11y.test.js
'use strict';

const assert = require('node:assert/strict');
const { test, before, after } = require('node:test');
const { AxeBuilder } = require('@axe-core/playwright');
const h = require('./helpers');

const kSample = '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1';
const hasChinese = (text) => /[\u4e00-\u9fff]/.test(text || '');

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

async function axeViolations(page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const pageTexts = (page) => page.evaluate(() => ({
  lang: document.documentElement.lang,
  heading: document.querySelector('h1')?.textContent,
  description: document.getElementById('gs-description')?.textContent,
  message: document.getElementById('gs-message')?.textContent,
  canvasLabel: document.getElementById('canvas')?.getAttribute('aria-label'),
  canvasInMain: !!document.querySelector('main #canvas'),
  status: document.getElementById('gs-status')?.textContent,
}));

test('axe finds no violation: the app in English and in Chinese, with a dialog open, and an embed', async () => {
  for (const [fragment, locale, dialog] of [[kSample, 'en-US', null], [kSample, 'zh-CN', 'rules'], [kSample, 'en-US', 'embed'],
    ['#g=exchange&embed=1', 'en-US', null]]) {
    const { context, page, log } = await h.openPage(browser, server, { locale });
    await h.gotoApp(page, server, fragment);
    if (dialog) {
      await h.clickWidget(page, dialog);
      await h.waitForState(page, (s, d) => s.dialog === d, dialog);
    }
    assert.deepEqual(await axeViolations(page), [], `${fragment} ${locale} ${dialog || ''}`);
    const texts = await pageTexts(page);
    assert.ok(texts.canvasInMain, 'the canvas is in the main landmark');
    assert.equal(texts.heading, locale === 'zh-CN' ? '博弈求解器' : 'Game Solver', 'a real heading');
    assert.ok(texts.description.length > 60, 'a real description');
    assert.equal(texts.message, '', 'the loading line is gone once the app draws');
    assert.deepEqual(log.errors, []);
    await context.close();
  }
});

// The page's words are on screen before the app's start-up holds the main thread (its WebGL
// context, font atlas and first frames), and the page makes no WebGL context of its own while
// the parser runs (a trial context blocked the parser 110-140 ms on a phone's CPU; issue 36).
test('the page paints its words before the app starts, which opens the one WebGL context', async () => {
  for (let load = 0; load < 2; ++load) {
    const { context, page, log } = await h.openPage(browser, server);
    await context.addInitScript(() => {
      window.__contexts = [];
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        window.__contexts.push({ kind, at: performance.now(), parsing: document.readyState === 'loading', canvas: this.id });
        return original.call(this, kind, ...rest);
      };
    });
    await page.goto(server.url('/') + kSample, { waitUntil: 'load' });
    await h.waitForApp(page, 60000);
    const { contexts, paint } = await page.evaluate(() => ({
      contexts: window.__contexts,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    assert.equal(contexts.length, 1, `one WebGL context: ${JSON.stringify(contexts)}`);
    assert.equal(contexts[0].kind, 'webgl2');
    assert.equal(contexts[0].canvas, 'canvas', "the app's canvas");
    assert.equal(contexts[0].parsing, false, 'not while the parser runs');
    assert.ok(paint !== undefined, 'the browser reports the first contentful paint');
    assert.ok(paint <= contexts[0].at,
      `the words painted (${paint.toFixed(0)} ms) before the app started (${contexts[0].at.toFixed(0)} ms)`);
    console.log(`load ${load + 1}: first contentful paint ${paint.toFixed(0)} ms, the app's WebGL context ${contexts[0].at.toFixed(0)} ms`);
    assert.deepEqual(log.errors, []);
    await context.close();
  }
});

test('without WebGL 2 the page says so in words, in English or Chinese; axe finds no violation there', async () => {
  const noWebGl = await h.launchBrowser(['--disable-webgl', '--disable-3d-apis']);
  try {
    for (const [locale, fragment] of [['en-US', kSample], ['zh-CN', kSample], ['en-US', kSample + '&lang=zh']]) {
      const context = await noWebGl.newContext({ viewport: { width: 1280, height: 800 }, locale });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url('/') + fragment, { waitUntil: 'load' });
      await page.waitForFunction(() => document.getElementById('gs-page').classList.contains('gs-problem'), null, { timeout: 15000 });
      const texts = await pageTexts(page);
      const chinese = locale === 'zh-CN' || fragment.includes('lang=zh');
      if (chinese) {
        assert.match(texts.message, /^博弈求解器用 WebGL 2 绘制棋盘/);
        assert.equal(texts.heading, '博弈求解器');
      } else {
        assert.match(texts.message, /^Game Solver draws its boards with WebGL 2, which this browser does not offer or has turned off\. Turn on hardware acceleration/);
        assert.equal(texts.heading, 'Game Solver');
      }
      // The words are on screen: the message's box is visible and the screenshot is not blank.
      const box = await page.locator('#gs-message').boundingBox();
      assert.ok(box && box.width > 100 && box.height > 20, 'the message is laid out on screen');
      const stats = h.imageStats(await page.screenshot());
      assert.ok(stats.dominantShare < 0.99 && stats.distinctColours > 10, 'the page shows text');
      if (locale === 'en-US' && !chinese) {
        await h.screenshot(page, 'no-webgl');
        assert.deepEqual(await axeViolations(page), []);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  } finally {
    await noWebGl.close();
  }
});

test('a module that fails to load is reported in words', async () => {
  for (const [locale, expected] of [['en-US', /^Game Solver could not start \(.+\)\. Reload the page/], ['zh-CN', /^博弈求解器无法启动（.+）。请重新加载页面/]]) {
    for (const blocked of ['**/index.wasm', '**/index.js']) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 700 }, locale });
      await context.route(blocked, (route) => route.fulfill({ status: 404, body: 'not found' }));
      const page = await context.newPage();
      await page.goto(server.url('/') + kSample);
      await page.waitForFunction(() => document.getElementById('gs-page').classList.contains('gs-problem'), null, { timeout: 15000 });
      const texts = await pageTexts(page);
      assert.match(texts.message, expected, `${blocked}: ${texts.message}`);
      await context.close();
    }
  }
});

const announced = (page) => page.evaluate(() => document.getElementById('gs-status').textContent);
// Waits for the live region to say `text` (a focus moved by itself is said once its label is
// known, a frame or two later); returns what it says at the end.
async function saidSoon(page, text) {
  await page.waitForFunction((t) => document.getElementById('gs-status').textContent === t, text, { timeout: 5000 }).catch(() => {});
  return announced(page);
}

test('dialogs: Escape closes them, Tab stays inside, the focus returns to the opener; announcements name labels', async () => {
  const { context, page, log } = await h.openPage(browser, server, { locale: 'en-US', viewport: { width: 1280, height: 800 } });
  await h.gotoApp(page, server, kSample);
  await h.blur(page);
  await h.tabTo(page, 'rules');
  assert.equal(await announced(page), 'Rules', 'the control is announced by its label, not its id');
  await h.pressKey(page, 'Enter');
  let state = await h.waitForState(page, (s) => s.dialog === 'rules' && s.focus === 'rules-close');
  for (let k = 0; k < 5; ++k) {
    await h.pressKey(page, 'Tab');
    state = await h.readState(page);
    assert.equal(state.focus, 'rules-close', 'Tab stays inside the Rules dialog');
  }
  await h.pressKey(page, 'Escape');
  state = await h.waitForState(page, (s) => s.dialog === '' && !s.widgets['rules-text']);
  assert.equal(state.focus, 'rules', 'the focus is back on Rules');
  assert.equal(await saidSoon(page, 'Rules'), 'Rules');

  // The Embed dialog: many controls, and still Tab never leaves it.
  await h.tabTo(page, 'embed');
  await h.pressKey(page, 'Enter');
  state = await h.waitForState(page, (s) => s.dialog === 'embed' && s.focus === 'embed-compact');
  assert.equal(await saidSoon(page, 'Compact (board, value and replay only)'), 'Compact (board, value and replay only)');
  const inside = new Set();
  for (let k = 0; k < 14; ++k) {
    await h.pressKey(page, 'Tab');
    inside.add((await h.readState(page)).focus);
  }
  for (const name of inside) assert.match(name, /^(embed-|copy-|save-)/, `Tab stayed in the dialog (${name})`);
  assert.ok(inside.has('embed-close') && inside.has('embed-compact'), 'Tab cycles through the dialog');
  await h.pressKey(page, 'Escape');
  state = await h.waitForState(page, (s) => s.dialog === '' && !s.widgets['embed-snippet']);
  assert.equal(state.focus, 'embed');

  // Symbol buttons are announced by what they do.
  await h.tabTo(page, 'next');
  assert.equal(await announced(page), 'Next move');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('in Chinese, announcements and the canvas\'s label are Chinese; they follow the language switch', async () => {
  const { context, page, log } = await h.openPage(browser, server, { locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  await h.gotoApp(page, server, kSample);
  await h.waitForState(page, (s) => s.lang === 'zh');
  let texts = await pageTexts(page);
  assert.equal(texts.lang, 'zh-CN');
  assert.ok(hasChinese(texts.canvasLabel), texts.canvasLabel);
  await h.blur(page);
  for (const name of ['game-staircase', 'copy-link', 'rules']) {
    await h.tabTo(page, name);
    const said = await announced(page);
    assert.ok(hasChinese(said) && !said.includes(name), `${name} is announced as ${said}`);
  }
  await h.pressKey(page, 'Enter');
  await h.waitForState(page, (s) => s.dialog === 'rules' && s.focus === 'rules-close');
  assert.equal(await saidSoon(page, '关闭'), '关闭');
  await h.pressKey(page, 'Escape');
  await h.waitForState(page, (s) => s.dialog === '');
  // Switched to English: the page's words follow.
  await h.clickWidget(page, 'lang');
  await h.waitForState(page, (s) => s.lang === 'en');
  texts = await pageTexts(page);
  assert.equal(texts.lang, 'en');
  assert.match(texts.canvasLabel, /^Game Solver board/);
  assert.equal(texts.heading, 'Game Solver');
  assert.deepEqual(log.errors, []);
  await context.close();
});

// The page's accessibility tree, as Chromium gives it to a screen reader: its dialogs (name and
// the text under them) and whether the canvas is described by one.
async function accessibleDialogs(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const textUnder = (node) => {
    const parts = [];
    const walk = (n) => {
      if (n.role?.value === 'StaticText') parts.push(n.name.value);
      for (const child of n.childIds || []) if (byId.has(child)) walk(byId.get(child));
    };
    walk(node);
    return parts.join('\n');
  };
  return nodes.filter((node) => node.role?.value === 'dialog')
    .map((node) => ({ name: node.name?.value, text: textUnder(node) }));
}

test('the dialogs the canvas draws are in the accessibility tree with their whole text, in the interface\'s language', async () => {
  const { context, page, log } = await h.openPage(browser, server, { viewport: { width: 1280, height: 800 } });
  try {
    const gs = await h.loadModule();
    const rules = gs.games().find((game) => game.id === 'staircase');
    await h.gotoApp(page, server, kSample);
    assert.deepEqual(await accessibleDialogs(page), [], 'no dialog before one opens');
    await h.clickWidget(page, 'rules');
    await h.widget(page, 'rules-close');
    await page.waitForFunction(() => !!document.getElementById('gs-dialog'));
    let dialogs = await accessibleDialogs(page);
    assert.equal(dialogs.length, 1);
    assert.equal(dialogs[0].name, 'Rules');
    // Every paragraph of the game's rules, and the legend.
    assert.match(dialogs[0].text, /A stone may go on an empty cell only when every cell to its left/);
    assert.match(dialogs[0].text, /What the board shows/);
    assert.match(dialogs[0].text, /a blunder: it changes who wins/);
    assert.ok(rules.title && dialogs[0].text.includes(rules.title), `the game's title ${rules.title}`);
    assert.equal(await page.evaluate(() => document.getElementById('canvas').getAttribute('aria-describedby')), 'gs-dialog');
    // Escape closes it, and its mirror goes with it.
    await h.pressKey(page, 'Escape');
    await page.waitForFunction(() => !document.getElementById('gs-dialog'));
    assert.deepEqual(await accessibleDialogs(page), []);
    assert.equal(await page.evaluate(() => document.getElementById('canvas').getAttribute('aria-describedby')), null);
    // The Embed dialog: its snippet too.
    await h.clickWidget(page, 'embed');
    await h.widget(page, 'copy-snippet');
    await page.waitForFunction(() => !!document.getElementById('gs-dialog'));
    dialogs = await accessibleDialogs(page);
    assert.equal(dialogs[0].name, 'Embed this board');
    assert.match(dialogs[0].text, /<iframe /);
    await h.pressKey(page, 'Escape');
    // In Chinese.
    await h.clickWidget(page, 'lang');
    await h.waitForState(page, (s) => s.lang === 'zh');
    await h.clickWidget(page, 'rules');
    await page.waitForFunction(() => document.getElementById('gs-dialog')?.getAttribute('aria-label') === '规则');
    dialogs = await accessibleDialogs(page);
    assert.equal(dialogs[0].name, '规则');
    assert.ok(hasChinese(dialogs[0].text) && dialogs[0].text.includes('棋盘上的标记'), dialogs[0].text.slice(0, 200));
    await h.pressKey(page, 'Escape');
    // An error under the judge input is read out too (the live region), first.
    await h.clickWidget(page, 'lang');
    await h.waitForState(page, (s) => s.lang === 'en');
    await h.typeInto(page, 'judge-text', '2 3\n2 7 x');
    await h.clickWidget(page, 'load-text');
    await page.waitForFunction(() => /^line 2, column 5: /.test(document.getElementById('gs-status').textContent), null, { timeout: 5000 });
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
