// Browser tests of sharing, embedding, offline use, play against the solver and saved images:
// links reopen the same state, moves push history entries that Back undoes, corrupt links fall
// back to the default board with a message, the example blog page embeds two live boards from
// another origin, the standalone file runs from file:// with the network blocked, the computer
// plays the optimal line to the end, and "Save image" downloads a PNG of the board.
//   GS_WEB_DIR=build/site node --test tests/browser/
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const h = require('./helpers');

const webDir = path.resolve(__dirname, '..', '..', process.env.GS_WEB_DIR || 'build/site');
const shared = h.sharedServerAndBrowser();

async function fresh(options = {}) {
  return h.openPage(shared.browser, shared.server, options);
}

// A session in the module with a few moves, and its link.
async function moduleState(game, recipe, moves, step) {
  const gs = await h.loadModule();
  const session = new gs.Session();
  assert.equal(session.loadRecipe(game, recipe).ok, true);
  for (let k = 0; k < moves; ++k) {
    const legal = session.moves();
    assert.equal(session.play(legal[(k * 7) % legal.length]).ok, true);
  }
  if (step !== undefined) session.goToStep(step);
  const state = {
    link: session.link({}).link,
    judgeOutput: session.judgeOutput(),
    history: session.history().map((m) => m.code),
    step: session.step(),
    value: session.value().text,
  };
  session.delete();
  return state;
}

test('a link opened in a fresh page reproduces board, moves and value for each game', async () => {
  for (const [game, recipe, moves, step] of [['staircase', '4.5.100.3', 5, 3], ['exchange', '3.3.2.20.5', 4, undefined],
    ['manhattan', '7.3.11', 3, 2]]) {
    const expected = await moduleState(game, recipe, moves, step);
    const { context, page, log } = await fresh();
    const state = await h.gotoApp(page, shared.server, expected.link);
    assert.equal(state.game, game);
    assert.equal(state.error, '');
    assert.equal(state.judgeOutput, expected.judgeOutput);
    assert.equal(state.step, expected.step);
    assert.deepEqual(state.movesPlayed, expected.history.slice(0, expected.step));
    assert.equal(state.value, expected.value);
    assert.deepEqual(log.errors, []);
    await context.close();
  }
});

test('moves push history entries and Back undoes them; the fragment follows', async () => {
  const { context, page, log } = await fresh();
  await h.gotoApp(page, shared.server, '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1');
  await h.clickWidget(page, 'cell-1-1');
  let state = await h.waitForState(page, (s) => s.step === 1);
  assert.match(await page.evaluate(() => location.hash), /&m=1-1\./);
  // Deviate from the optimal line: (2, 1) instead of White's (1, 2).
  await h.clickWidget(page, 'cell-2-1');
  state = await h.waitForState(page, (s) => s.step === 2);
  assert.deepEqual(state.movesPlayed, ['1-1', '2-1']);
  assert.match(await page.evaluate(() => location.hash), /&m=1-1\.2-1/);
  await page.goBack();
  state = await h.waitForState(page, (s) => s.step === 1);
  assert.deepEqual(state.movesPlayed, ['1-1']);
  await page.goBack();
  state = await h.waitForState(page, (s) => s.step === 0);
  assert.equal(state.judgeOutput, '2\n');
  await page.goForward();
  state = await h.waitForState(page, (s) => s.step === 1);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('a link that cannot be opened is shown as an error, kept in the address bar, with a way to the default board', async () => {
  const games = h.listed([...await h.gameIds(), 'rules']);
  for (const [fragment, message] of [
    ['#g=staircase&b=2.3_9', 'b (the board), group 2, character 3: expected 3 integers (row 1 of a), found 1'],
    ['#g=nonsense&b=1', `g (the game) must be ${games}, found 'nonsense'`],
    ['#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1&m=3-3', "m (the moves), move 1 '3-3': cell (3, 3) is outside the 2 x 3 board"],
    ['#g=manhattan&r=9000.5.3', 'r (the recipe): a 9000 x 9000 board needs 1.2 GiB to solve, over the memory budget of 768 MiB'],
    ['#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1&', "character 43 of the link: the link ends with '&'; remove it"],
  ]) {
    const { context, page, log } = await fresh();
    await page.goto(shared.server.url('/') + fragment);
    const state = await h.waitForState(page, (s) => s.linkError !== '' && !!s.widgets['open-default'], null, 15000);
    assert.equal(state.linkError, message, fragment);
    assert.equal(state.judgeOutput, undefined, 'no board is put in its place');
    await h.frames(page, 5);
    assert.equal(new URL(page.url()).hash, fragment, 'the address bar keeps the link');
    await h.clickWidget(page, 'open-default');
    const opened = await h.waitForState(page, (s) => s.judgeOutput === '2\n' && s.linkError === '');
    assert.equal(opened.game, 'staircase');
    await h.waitForState(page, () => location.hash.startsWith('#g=staircase&b=2.3_2.7.3'));
    assert.deepEqual(log.errors, []);
    await context.close();
  }
});

test('a manhattan link past the judge\'s n opens that board, not another one', async () => {
  const { context, page } = await fresh();
  await page.goto(shared.server.url('/') + '#g=manhattan&r=2001.5.3');
  const state = await h.waitForState(page, (s) => s.positions === 2001 * 2001, null, 60000);
  assert.equal(state.linkError, '');
  assert.equal(state.recipe, '2001.5.3');
  assert.equal(new URL(page.url()).hash.split('&')[1], 'r=2001.5.3');
  await context.close();
});

test('the example blog page embeds two live boards from another origin', async () => {
  const blog = await h.startServer(path.join(webDir, 'examples'));
  const { context, page, log } = await fresh({ viewport: { width: 900, height: 1400 } });
  try {
    await page.goto(`${blog.origin}/embed.html?app=${encodeURIComponent(shared.server.url('/index.html'))}`);
    const answers = [];
    for (const id of ['staircase', 'exchange']) {
      const frame = await (await page.waitForSelector(`#${id}`)).contentFrame();
      // The state is published before the first frame lists its widgets: wait for the frame that
      // drew the board (and say what was drawn instead if it never comes).
      const drawn = await frame.waitForFunction(() => {
        const s = window.gameSolverState && window.gameSolverState();
        return s && s.widgets && s.widgets.board && s.widgets.next && s.judgeOutput ? s : null;
      }, null, { timeout: 30000, polling: 50 }).catch(async (error) => {
        const shown = await frame.evaluate(() => window.gameSolverState && window.gameSolverState());
        throw new Error(`compact embed shows the board and the replay: ${error.message}\n` +
          `widgets drawn: ${JSON.stringify(Object.keys((shown && shown.widgets) || {}))}`);
      });
      const state = await drawn.jsonValue();
      assert.notEqual(new URL(frame.url()).origin, blog.origin);  // the boards come from the app's origin
      assert.equal(state.widgets['judge-text'], undefined, 'compact embed hides the editor');
      answers.push(state.judgeOutput);
    }
    assert.deepEqual(answers, ['32\n', 'Takahashi\n']);
    // The frames tell the page the height of their content, and the page's resize lines fit
    // them to it (460 px by the page's style before).
    const heights = await page.waitForFunction(() => {
      const frames = [...document.querySelectorAll('iframe.gamesolver')];
      const heights = frames.map((f) => f.getBoundingClientRect().height);
      return heights.every((h) => Math.abs(h - 460) > 4) ? heights : null;
    }, null, { timeout: 20000 });
    for (const height of await heights.jsonValue()) assert.ok(height > 250 && height < 1400, `frame height ${height}`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
    await blog.close();
  }
});

test('the standalone file runs from file:// with every network request blocked', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const blocked = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const file = path.join(webDir, 'gamesolver-standalone.html');
  await page.goto(`file://${file}#g=manhattan&b=3.1_1.2.3_4.5.6_7.8.9`);
  const state = await h.waitForApp(page);
  assert.equal(state.judgeOutput, '2\n3 2\n3 3\n');
  // And it keeps solving: load another board through the paste box.
  await h.typeInto(page, 'judge-text', '1 1 2\n2\n4\n1 3\n');
  await h.clickWidget(page, 'game-exchange');
  await h.waitForState(page, (s) => s.game === 'exchange');
  await h.typeInto(page, 'judge-text', '1 1 2\n2\n4\n1 3\n');
  await h.clickWidget(page, 'load-text');
  await h.waitForState(page, (s) => s.judgeOutput === 'Aoki\n');
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('computer against computer plays the optimal line to the end, ending on the solved value', async () => {
  const gs = await h.loadModule();
  const session = new gs.Session();
  session.loadJudgeInput('staircase', '3 3\n9 4 3\n6 7 6\n4 5 9\n0 0 0\n0 0 0\n0 0 0\n');
  const line = session.principalLine().map((m) => m.code);
  session.delete();
  const { context, page, log } = await fresh();
  await h.gotoApp(page, shared.server, '#g=staircase&b=3.3_9.4.3_6.7.6_4.5.9_0.0.0_0.0.0_0.0.0&p=cc');
  const state = await h.waitForState(page, (s, n) => s.step === n, line.length, 30000);
  assert.deepEqual(state.movesPlayed, line);
  assert.equal(state.chartValue, 32);  // the score on the full board equals the solved value
  assert.equal(state.judgeOutput, '32\n');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('"Save image" downloads a PNG of the board at its size on screen', async () => {
  const { context, page } = await fresh({ deviceScaleFactor: 2 });
  await h.gotoApp(page, shared.server, '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1&m=1-1.1-2&s=2');
  const board = (await h.readState(page)).widgets.board;
  const download = page.waitForEvent('download');
  await h.clickWidget(page, 'save-image');
  const file = await (await download).path();
  const png = h.decodePng(fs.readFileSync(file));
  assert.ok(Math.abs(png.width - board.w * 2) <= 2, `width ${png.width} for a board ${board.w} CSS px wide`);
  assert.ok(Math.abs(png.height - board.h * 2) <= 2, `height ${png.height} for a board ${board.h} CSS px high`);
  const stats = h.imageStats(fs.readFileSync(file));
  assert.ok(stats.distinctColours > 20, 'the image shows the board, not a blank');
  await context.close();
});

test('the module guide\'s page example runs as written from file:// and inside an iframe on another origin', async () => {
  const os = require('node:os');
  const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'web', 'guides', 'module.md'), 'utf8');
  const html = readme.match(/```html\n([\s\S]*?)```/)[1];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-readme-'));
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.copyFileSync(path.join(webDir, 'gamesolver.js'), path.join(dir, 'gamesolver.js'));
  const host = await h.startServer(dir);
  const cleanups = [];
  const { context, page, log } = await fresh();
  try {
    const expectOutput = async (frame) => {
      await frame.waitForFunction(() => { const out = document.getElementById('out'); return out && out.textContent.length > 0; }, null, { timeout: 30000 });
      const text = await frame.evaluate(() => document.getElementById('out').textContent);
      assert.match(text, /^2\nBlack ends 2 points ahead\n/);
      assert.match(text, /line: 1-2 2-1 1-3 2-2 2-3/);
    };
    await page.goto(`file://${path.join(dir, 'index.html')}`);
    await expectOutput(page);
    // A page of a third origin framing the example, which comes from the host server's origin.
    fs.mkdirSync(path.join(dir, 'framing'));
    fs.writeFileSync(path.join(dir, 'framing', 'index.html'),
      `<!doctype html><link rel="icon" href="data:,"><iframe id="post" src="${host.url('/index.html')}" width="600" height="300"></iframe>`);
    const framing = await h.startServer(path.join(dir, 'framing'));
    cleanups.push(() => framing.close());
    await page.goto(framing.url('/index.html'));
    await expectOutput(await (await page.waitForSelector('#post')).contentFrame());
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
    await host.close();
    for (const cleanup of cleanups) await cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('on a touch screen, taps on cells play moves (cells large enough to hit)', async () => {
  const context = await shared.browser.newContext({
    viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3,
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await h.gotoApp(page, shared.server, '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1');
  for (const [cell, step] of [['cell-1-1', 1], ['cell-2-1', 2]]) {
    const rect = (await h.readState(page)).widgets[cell];
    assert.ok(rect.w >= 44 && rect.h >= 44, `${cell} is ${rect.w} x ${rect.h} CSS px`);
    await page.touchscreen.tap(rect.x + rect.w / 2, rect.y + rect.h / 2);
    await h.waitForState(page, (s, n) => s.step === n, step);
  }
  assert.deepEqual((await h.readState(page)).movesPlayed, ['1-1', '2-1']);
  assert.deepEqual(errors, []);
  await context.close();
});
