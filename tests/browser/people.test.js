// Browser tests of the app as people use it (issue 10), with real mouse, wheel, keyboard and
// touch events in Debian's headless Chromium: playing against the computer, scrolling and
// zooming, phones (swipes, the on-screen keyboard), the size fields, values from the mover's
// side with mistakes marked, the rules, toasts, keyboard focus, the browser history and the
// layouts at 1280 x 800, 1366 x 768, 1024 x 768 and 390 x 844.
//   GS_WEB_DIR=build/site node --test tests/browser/
'use strict';

const assert = require('node:assert/strict');
const { test } = require('node:test');
const h = require('./helpers');
const { parseGif } = require('../node/gif_structure');

const kSample = '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1';
const kMinus = '\u2212';

const shared = h.sharedServerAndBrowser();

// A fresh page on the app (options: viewport, touch, fragment, clipboard); checks afterwards
// that there were no page errors.
async function withApp(options, body) {
  const context = await shared.browser.newContext({
    viewport: options.viewport || { width: 1280, height: 800 },
    hasTouch: !!options.touch, isMobile: !!options.touch, deviceScaleFactor: 1,
  });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shared.server.origin });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  try {
    await h.gotoApp(page, shared.server, options.fragment || '');
    await h.waitForState(page, (s) => s.solving === null && !!s.judgeOutput, null, 30000);
    await body(page);
    assert.deepEqual(errors, [], 'page errors');
  } finally {
    await context.close();
  }
}

async function moduleSession(fragment) {
  const gs = await h.loadModule();
  const session = new gs.Session();
  const loaded = session.loadLink(fragment);
  assert.ok(loaded.ok, loaded.error);
  return session;
}

// A swipe, and the wait until its momentum has run out.
async function swipe(page, from, to, steps = 8) {
  await h.touchSwipe(page, from, to, steps);
  await h.settle(page);
}

// Scrolls the page with the wheel until the widget is on screen.
async function scrollTo(page, name) {
  const viewport = page.viewportSize();
  for (let k = 0; k < 40; ++k) {
    const rect = await h.widget(page, name);
    if (rect.y >= 0 && rect.y + rect.h <= viewport.height) return rect;
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    await page.mouse.wheel(0, rect.y < 0 ? -150 : 150);
    await h.frames(page, 3);
  }
  throw new Error(`${name} did not scroll into view`);
}

async function tap(page, name) {
  const rect = await h.widget(page, name);
  await page.touchscreen.tap(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await h.frames(page, 3);
}

const insideViewport = (rect, viewport) =>
  rect.x >= 0 && rect.y >= 0 && rect.x + rect.w <= viewport.width && rect.y + rect.h <= viewport.height;

// --- Playing against the computer ---

// A human move on each game's sample: a click on a cell or a move button.
const humanMoves = {
  staircase: { fragment: kSample, widget: 'cell-1-1', code: '1-1' },
  exchange: { fragment: '#g=exchange', widget: 'move-A1', code: 'A1' },
  manhattan: { fragment: '#g=manhattan', widget: 'cell-1-1', code: '1-1' },
};

for (const [game, human] of Object.entries(humanMoves)) {
  test(`${game}: the computer answers the human's move, playing either side`, async () => {
    // The computer plays the second player: ticked after the page opened.
    await withApp({ fragment: human.fragment }, async (page) => {
      await h.clickWidget(page, 'computer-1');
      let state = await h.waitForState(page, (s) => s.computer[1] === true);
      assert.equal(state.step, 0, 'the computer waits for the first player');
      // The human deviates from the optimal line (the line's next move is ignored).
      await h.clickWidget(page, human.widget);
      state = await h.waitForState(page, (s) => s.step === 2, null, 10000);
      const session = await moduleSession(human.fragment);
      assert.equal(session.play(human.code).ok, true);
      assert.equal(state.movesPlayed[0], human.code);
      assert.equal(state.movesPlayed[1], session.bestMove().code, 'the computer plays the best move');
      session.delete();
      // The link says who plays.
      assert.match(await page.evaluate(() => location.hash), /&p=hc/);
    });
    // The computer plays the first player: from a link.
    await withApp({ fragment: human.fragment + '&p=ch' }, async (page) => {
      const state = await h.waitForState(page, (s) => s.step === 1, null, 10000);
      const session = await moduleSession(human.fragment);
      assert.equal(state.movesPlayed[0], session.bestMove().code);
      assert.deepEqual(state.computer, [true, false]);
      session.delete();
      // New game: the computer opens again.
      await h.clickWidget(page, 'new-game');
      await h.waitForState(page, (s) => s.step === 1 && s.lineLength >= 1, null, 10000);
    });
  });
}

// --- Scrolling and zoom ---

test('the wheel scrolls by the platform\'s amount, down for down; manhattan zooms in steps around the pointer', async () => {
  // A short window, so the analysis panel has room to scroll.
  await withApp({ fragment: kSample, viewport: { width: 1280, height: 560 } }, async (page) => {
    const start = await h.readState(page);
    const summary = start.widgets.summary;
    await page.mouse.move(summary.x + 20, summary.y + 5);
    await h.frames(page, 2);
    await page.mouse.wheel(0, 100);
    let state = await h.waitForState(page, (s, y) => s.widgets.summary.y < y - 1, summary.y);
    const moved = summary.y - state.widgets.summary.y;
    assert.ok(moved > 70 && moved < 130, `one notch down scrolls about 100 px (it scrolled ${moved})`);
    await page.mouse.wheel(0, -100);
    state = await h.waitForState(page, (s, y) => Math.abs(s.widgets.summary.y - y) < 2, summary.y);
    // A trackpad's small tick scrolls a little.
    await page.mouse.wheel(0, 6);
    state = await h.waitForState(page, (s, y) => s.widgets.summary.y < y - 0.5, summary.y);
    assert.ok(summary.y - state.widgets.summary.y < 12, 'a 6 px tick scrolls a few pixels');
  });
  await withApp({ fragment: '#g=manhattan&r=40.10.3' }, async (page) => {
    const state = await h.readState(page);
    assert.equal(state.fields.zoom, '1.000');
    const map = state.widgets.heatmap;
    await page.mouse.move(map.x + map.w / 3, map.y + map.h / 3);
    await h.frames(page, 2);
    await page.mouse.wheel(0, -100);
    const zoomed = await h.waitForState(page, (s) => s.fields.zoom !== '1.000');
    const zoom = Number(zoomed.fields.zoom);
    assert.ok(zoom > 1.15 && zoom < 1.6, `one notch zooms one step (${zoom}), not all the way`);
    await page.mouse.wheel(0, 100);
    await h.waitForState(page, (s) => Number(s.fields.zoom) < 1.05);
    await h.clickWidget(page, 'zoom-in');
    await h.waitForState(page, (s) => Number(s.fields.zoom) > 1.4);
    await h.clickWidget(page, 'zoom-reset');
    await h.waitForState(page, (s) => s.fields.zoom === '1.000');
  });
});

// --- Phones ---

test('on a phone the board comes first, a swipe scrolls (never the replay), taps play, the keyboard opens', async () => {
  const viewport = { width: 390, height: 844 };
  await withApp({ fragment: kSample, viewport, touch: true }, async (page) => {
    let state = await h.readState(page);
    assert.equal(state.layout, 'phone');
    assert.ok(state.widgets.title.y < 30, 'the app\'s name at the top');
    assert.ok(state.widgets['game-staircase'].y < 120, 'the game picker near the top');
    assert.ok(state.widgets.board.y < state.widgets['tab-analysis'].y, 'the board before the panels');
    // A vertical swipe scrolls the page.
    const board = state.widgets.board;
    await swipe(page, { x: 200, y: 700 }, { x: 200, y: 400 });
    state = await h.waitForState(page, (s, y) => s.widgets.board.y < y - 150, board.y);
    assert.equal(state.step, 0, 'the swipe played nothing');
    // (Finger-sized controls make the page longer: another, shorter swipe brings the chart up.)
    if (state.widgets.chart && state.widgets.chart.y >= viewport.height - 140) {
      await swipe(page, { x: 330, y: 700 }, { x: 330, y: 700 - (state.widgets.chart.y - 500) });  // (right of the strength slider)
      state = await h.readState(page);
      assert.equal(state.step, 0, 'the swipe played nothing');
    }
    // A swipe that starts on the chart scrolls too and leaves the replay where it was.
    const chart = state.widgets.chart;
    assert.ok(chart && chart.y > 0 && chart.y < viewport.height - 40, 'the chart scrolled into view');
    await swipe(page, { x: chart.x + chart.w * 0.8, y: chart.y + chart.h / 2 }, { x: chart.x + chart.w * 0.2, y: chart.y + 150 });
    state = await h.waitForState(page, (s, y) => s.widgets.chart.y > y + 50, chart.y);
    assert.equal(state.step, 0, 'the chart did not move the replay');
    // Back up, and a tap plays a move.
    for (let k = 0; k < 5 && (await h.readState(page)).widgets.board.y < 0; ++k)
      await swipe(page, { x: 200, y: 200 }, { x: 200, y: 800 });
    await h.waitForState(page, (s) => s.widgets.board.y >= 0 && s.widgets['cell-1-1'].y > 0);
    await tap(page, 'cell-1-1');
    await h.waitForState(page, (s) => s.step === 1);
    // A canvas text field gives the focus to a real text field, so the keyboard opens; what is
    // typed reaches the field.
    await tap(page, 'tab-editor');
    state = await h.waitForState(page, (s) => !!s.widgets.seed);
    const seed = state.widgets.seed;
    if (seed.y + seed.h > viewport.height) await swipe(page, { x: 200, y: 700 }, { x: 200, y: 700 - (seed.y - 400) });
    await tap(page, 'seed');
    const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
    assert.equal(focused, 'gs-keyboard-proxy', 'a real input has the focus');
    await page.keyboard.press('End');
    await h.frames(page, 2);
    await page.keyboard.press('Backspace');
    await h.frames(page, 2);
    await page.keyboard.type('42');
    await h.frames(page, 2);
    await page.keyboard.press('Enter');
    state = await h.waitForState(page, (s) => s.seed === '42' && s.recipe && s.recipe.endsWith('.42'), null, 10000);
    assert.equal(state.error, '');
  });
});

// --- The editor's sizes ---

test('the size fields show the board\'s size; + and - keep the values that still fit', async () => {
  await withApp({ fragment: '#g=staircase&r=14.14.100000.1' }, async (page) => {
    const state = await h.readState(page);
    assert.equal(state.fields['size-n'], '14');
    assert.equal(state.fields['size-m'], '14');
  });
  await withApp({ fragment: kSample, clipboard: true }, async (page) => {
    await h.clickWidget(page, 'size-n-plus');
    let state = await h.waitForState(page, (s) => s.fields['size-n'] === '3' && s.positions === 20);
    assert.equal(state.fields['size-m'], '3');
    const text = await h.copiedBy(page, 'copy-text');
    const lines = text.trim().split('\n');
    assert.equal(lines[0], '3 3');
    assert.deepEqual([lines[1], lines[2]], ['2 7 3', '9 1 2'], 'a kept');
    assert.deepEqual([lines[4], lines[5]], ['3 7 2', '2 3 1'], 'b kept');
    await h.clickWidget(page, 'size-m-minus');
    state = await h.waitForState(page, (s) => s.fields['size-m'] === '2' && s.positions === 10);
    assert.equal(state.error, '');
  });
});

// --- Values, verdicts, the end ---

test('values are read from the mover\'s side; mistakes are marked; the end gives the final score', async () => {
  await withApp({ fragment: kSample }, async (page) => {
    let state = await h.readState(page);
    assert.equal(state.moverValue, '+2', 'Black to move: ends 2 ahead');
    await h.clickWidget(page, 'cell-1-1');
    state = await h.waitForState(page, (s) => s.step === 1);
    assert.equal(state.moverValue, `${kMinus}2`, 'White to move: ends 2 behind');
    assert.deepEqual(state.verdicts, ['']);
    // White's (2, 1) instead of (1, 2): the module says what it costs.
    const session = await moduleSession(kSample);
    session.play('1-1');
    const moves = session.moves();
    const chosen = moves.find((m) => m.code === '2-1');
    const best = moves.find((m) => m.best);
    session.delete();
    await h.clickWidget(page, 'cell-2-1');
    state = await h.waitForState(page, (s) => s.step === 2);
    const loss = chosen.value.score - best.value.score;  // White wants the score low
    if (loss === 0) {
      assert.deepEqual(state.verdicts, ['', '']);
    } else {
      assert.equal(state.verdicts[1], '?');
      assert.equal(state.lastVerdict, `${kMinus}${loss} (mistake)`);
      assert.ok(state.widgets['last-verdict'], 'the verdict is shown');
    }
    await h.clickWidget(page, 'restart');
    await h.waitForState(page, (s) => s.step === 0 && s.lineLength === 6);
    await h.clickWidget(page, 'last');
    state = await h.waitForState(page, (s) => s.step === 6);
    assert.equal(state.result, 'Black 12 \u2013 White 10: Black wins by 2');
    assert.ok(state.widgets.result, 'the result line is shown');
  });
});

test('|<, Reset line and New game do different things', async () => {
  await withApp({ fragment: kSample }, async (page) => {
    await h.clickWidget(page, 'cell-1-1');
    await h.waitForState(page, (s) => s.step === 1);
    await h.clickWidget(page, 'cell-2-1');  // off the optimal line
    let state = await h.waitForState(page, (s) => s.step === 2);
    const explored = state.movesPlayed;
    await h.clickWidget(page, 'first');
    state = await h.waitForState(page, (s) => s.step === 0);
    await h.clickWidget(page, 'last');
    state = await h.waitForState(page, (s) => s.step === 6);
    assert.deepEqual(state.movesPlayed.slice(0, 2), explored, '|< keeps the line explored');
    await h.clickWidget(page, 'restart');
    await h.waitForState(page, (s) => s.step === 0);
    await h.clickWidget(page, 'last');
    state = await h.waitForState(page, (s) => s.step === 6);
    assert.deepEqual(state.movesPlayed, ['1-1', '1-2', '2-1', '1-3', '2-2', '2-3'], 'Reset line: the optimal line');
    await h.clickWidget(page, 'new-game');
    state = await h.waitForState(page, (s) => s.step === 0 && s.lineLength === 0);
  });
});

// --- Rules, toasts, embed ---

test('the rules and the legend open from the toolbar; copies and saves are confirmed; the embed popup fits', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await withApp({ fragment: kSample, viewport, clipboard: true }, async (page) => {
      await h.clickWidget(page, 'rules');
      let state = await h.waitForState(page, (s) => !!s.widgets['rules-text'] && !!s.widgets['rules-close']);
      assert.ok(insideViewport(state.widgets['rules-close'], viewport), 'the rules fit the screen');
      await h.screenshot(page, `rules-${viewport.width}`);
      await h.clickWidget(page, 'rules-close');
      await h.waitForState(page, (s) => !s.widgets['rules-text']);
      await h.clickWidget(page, 'copy-link');
      await h.waitForState(page, (s) => s.toasts.includes('Copied the link'));
      if (viewport.width < 700) {
        await scrollTo(page, 'tab-editor');
        await h.clickWidget(page, 'tab-editor');
        await scrollTo(page, 'copy-text');
      }
      await h.clickWidget(page, 'copy-text');
      await h.waitForState(page, (s) => s.toasts.includes('Copied the board as judge input'));
      await scrollTo(page, 'embed');
      await h.clickWidget(page, 'embed');
      state = await h.waitForState(page, (s) => !!s.widgets['embed-snippet']);
      for (const name of ['embed-snippet', 'copy-snippet', 'embed-close'])
        assert.ok(insideViewport(state.widgets[name], viewport), `${name} inside the window`);
      await h.clickWidget(page, 'copy-snippet');
      await h.waitForState(page, (s) => s.toasts.includes('Copied the embed snippet'));
      const snippet = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(snippet, /^<iframe class="gamesolver" src="http:\/\/127\.0\.0\.1:\d+\/#g=staircase&b=2\.3_2\.7\.3_9\.1\.2_3\.7\.2_2\.3\.1.*&embed=1" /);
      assert.match(snippet, /\n<script>.*addEventListener\('message'.*gamesolver:height.*<\/script>$/, 'the resize lines');
      await h.clickWidget(page, 'embed-close');
      await h.waitForState(page, (s) => !s.widgets['embed-snippet']);
    });
  }
});

// --- Keyboard and history ---

test('Tab and Shift+Tab move a visible focus through the controls; Enter activates', async () => {
  await withApp({ fragment: kSample }, async (page) => {
    await h.blur(page);
    await h.pressKey(page, 'Tab');
    let state = await h.waitForState(page, (s) => s.focus !== '');
    const first = state.focus;
    for (let k = 0; k < 80 && state.focus !== 'next'; ++k) {
      await h.pressKey(page, 'Tab');
      state = await h.readState(page);
    }
    assert.equal(state.focus, 'next', 'Tab reaches the step buttons');
    // The focus ring is drawn in yellow around the control.
    const png = await page.screenshot();
    const rect = state.widgets.next;
    const ring = h.imageStats(png, { x: rect.x - 5, y: rect.y - 5, w: rect.w + 10, h: rect.h + 10 });
    assert.ok(ring.colourCount((r, g, b) => r > 220 && g > 170 && b < 100) > 30, 'a visible focus ring');
    await h.pressKey(page, 'Enter');
    await h.waitForState(page, (s) => s.step === 1);
    await page.keyboard.down('Shift');
    await h.pressKey(page, 'Tab');
    await page.keyboard.up('Shift');
    state = await h.waitForState(page, (s) => s.focus === 'prev');
    await h.pressKey(page, 'Space');
    await h.waitForState(page, (s) => s.step === 0);
    assert.notEqual(first, '');
  });
});

test('every change of position is a history entry: Back after stepping returns to the previous position', async () => {
  await withApp({ fragment: kSample }, async (page) => {
    await h.blur(page);
    await h.pressKey(page, 'ArrowRight');
    await h.waitForState(page, (s) => s.step === 1);
    await h.pressKey(page, 'ArrowRight');
    await h.waitForState(page, (s) => s.step === 2);
    await h.pressKey(page, 'ArrowLeft');
    await h.waitForState(page, (s) => s.step === 1);
    await page.goBack();
    await h.waitForState(page, (s) => s.step === 2);
    await page.goBack();
    await h.waitForState(page, (s) => s.step === 1);
    await page.goBack();
    await h.waitForState(page, (s) => s.step === 0);
    await page.goForward();
    await h.waitForState(page, (s) => s.step === 1);
  });
});

test('the answer is checked by an independent solver where the board is small enough', async () => {
  for (const [fragment, expected] of [[kSample, 'agrees'], ['#g=exchange', 'agrees'], ['#g=manhattan&r=20.4.1', 'agrees'], ['#g=staircase&r=10.10.100000.1', 'skipped']]) {
    await withApp({ fragment }, async (page) => {
      const state = await h.waitForState(page, (s) => s.crossCheck !== 'pending');
      assert.equal(state.crossCheck, expected, fragment);
      assert.equal(!!state.widgets['cross-check'], expected === 'agrees');
    });
  }
});

test('a quiz link hides the values; each move picked is judged and scored; Show values ends it', async () => {
  await withApp({ fragment: kSample + '&q=1' }, async (page) => {
    let state = await h.readState(page);
    assert.deepEqual(state.quiz, { picks: 0, best: 0, last: '' });
    for (const hidden of ['judge-output', 'summary', 'best', 'chart', 'best-move'])
      assert.equal(state.widgets[hidden], undefined, `${hidden} is hidden`);
    assert.ok(state.widgets['quiz-question'] && state.widgets['show-values']);
    // Black picks the best move; White picks (2, 1), judged by the module.
    await h.clickWidget(page, 'cell-1-1');
    state = await h.waitForState(page, (s) => s.quiz.picks === 1);
    assert.equal(state.quiz.best, 1);
    assert.equal(state.quiz.last, '(1, 1): best');
    const session = await moduleSession(kSample);
    session.play('1-1');
    const best = session.moves().find((m) => m.code === '2-1').best;
    session.delete();
    await h.clickWidget(page, 'cell-2-1');
    state = await h.waitForState(page, (s) => s.quiz.picks === 2);
    assert.equal(state.quiz.best, best ? 2 : 1);
    assert.match(state.quiz.last, best ? /^\(2, 1\): best$/ : /^\(2, 1\): .*(mistake|blunder)/);
    assert.match(await page.evaluate(() => location.hash), /&q=1/);
    await h.clickWidget(page, 'show-values');
    state = await h.waitForState(page, (s) => s.quiz === null && !!s.widgets['judge-output']);
    assert.ok(state.toasts.some((t) => t.startsWith('Quiz over: ')));
    await h.waitForState(page, () => !location.hash.includes('q=1'));
  });
});

test('the board is exported for posts: SVG and Markdown of what is shown', async () => {
  await withApp({ fragment: kSample }, async (page) => {
    await h.clickWidget(page, 'cell-1-1');
    await h.waitForState(page, (s) => s.step === 1);
    await h.clickWidget(page, 'embed');
    await h.widget(page, 'save-svg');
    for (const [name, check] of [
      ['save-svg', (text) => { assert.match(text, /^<\?xml|^<svg/); assert.match(text, /<\/svg>\s*$/); }],
      ['save-md', (text) => { assert.ok(text.includes('```text\n2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n```')); assert.ok(text.includes('| 1 |')); }],
    ]) {
      const download = page.waitForEvent('download');
      await h.clickWidget(page, name);
      const file = await download;
      const stream = await file.createReadStream();
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      check(Buffer.concat(chunks).toString('utf8'));
      assert.match(file.suggestedFilename(), /^gamesolver-staircase\.(svg|md)$/);
    }
  });
});

// The GIF the app saves: one frame per position of the line on screen, under 2 MB for a
// 10 x 10 staircase line (101 positions).
async function savedGif(page) {
  const download = page.waitForEvent('download', { timeout: 120000 });
  await h.clickWidget(page, 'save-gif');
  const file = await download;
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

test('Save GIF: one frame per position of the line, a 10 x 10 line under 2 MB', { timeout: 240000 }, async () => {
  await withApp({ fragment: kSample }, async (page) => {
    const gif = await savedGif(page);
    assert.equal(gif.name, 'gamesolver-staircase.gif');
    const parsed = parseGif(gif.bytes);
    assert.equal(parsed.frames.length, 7, 'the start and six moves');
    assert.ok(parsed.width > 200 && parsed.height > 150);
    await h.waitForState(page, (s) => s.toasts.some((t) => t.startsWith('Saved gamesolver-staircase.gif')));
  });
  await withApp({ fragment: '#g=staircase&r=10.10.100000.1' }, async (page) => {
    const gif = await savedGif(page);
    const parsed = parseGif(gif.bytes);
    assert.equal(parsed.frames.length, 101);
    assert.ok(gif.bytes.length < 2 * 1024 * 1024, `the GIF is ${gif.bytes.length} bytes`);
    require('node:fs').mkdirSync(h.screenshotDir, { recursive: true });
    require('node:fs').writeFileSync(require('node:path').join(h.screenshotDir, 'staircase-10x10.gif'), gif.bytes);
  });
});

test('a link naming only the game opens its sample', async () => {
  await withApp({ fragment: '#g=exchange' }, async (page) => {
    const state = await h.readState(page);
    assert.equal(state.game, 'exchange');
    assert.equal(state.judgeOutput, 'Aoki\n');
    assert.equal(state.linkError, '');
  });
});

// --- Layouts ---

for (const [viewport, layout] of [
  [{ width: 1280, height: 800 }, 'wide'], [{ width: 1366, height: 768 }, 'wide'],
  [{ width: 1024, height: 768 }, 'tablet'], [{ width: 390, height: 844 }, 'phone'],
]) {
  test(`${viewport.width} x ${viewport.height}: the ${layout} layout, sharing on screen, nothing cut off`, async () => {
    for (const fragment of [kSample, '#g=exchange&r=8.2.3.1000000000.2', '#g=manhattan&r=40.10.3']) {
      await withApp({ fragment, viewport, touch: layout === 'phone' }, async (page) => {
        const state = await h.readState(page);
        assert.equal(state.layout, layout);
        for (const name of ['title', 'copy-link', 'embed', 'save-image', 'rules', ...(await h.gameIds()).map((id) => `game-${id}`)])
          assert.ok(insideViewport(state.widgets[name], viewport), `${name} on screen`);
        const board = state.widgets.board;
        for (const [name, rect] of Object.entries(state.widgets))
          if (name.startsWith('board-card-') || name.startsWith('cell-'))
            assert.ok(rect.x >= board.x - 1 && rect.x + rect.w <= board.x + board.w + 1, `${name} inside the board`);
        for (const name of Object.keys(state.widgets).filter((n) => n.startsWith('card-')))
          assert.ok(state.widgets[name].w >= 90, `${name} wide enough for ten digits`);
        const game = fragment.split('&')[0].slice(3);
        const png = await h.screenshot(page, `layout-${viewport.width}x${viewport.height}-${game}`);
        assert.equal(h.decodePng(png).width, viewport.width);
      });
    }
  });
}
