// Long work never freezes the page (issue 11) and hostile input never breaks it (issue 12), in
// Debian's headless Chromium: a heartbeat on the page's main thread measures the longest gap
// while large boards solve in slices, Cancel keeps the previous board, and very wide, very tall,
// very long and very large inputs open (or are refused with a message) with the page alive.
//   GS_WEB_DIR=build/site node --test tests/browser/
'use strict';

const assert = require('node:assert/strict');
const { test } = require('node:test');
const h = require('./helpers');

const kSample = '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1';

const shared = h.sharedServerAndBrowser();

async function withApp(fragment, body, viewport = { width: 1280, height: 800 }) {
  const context = await shared.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('crash', () => errors.push('page crashed'));
  try {
    await h.gotoApp(page, shared.server, fragment);
    const result = await body(page);
    assert.deepEqual(errors, [], 'page errors');
    return result;
  } finally {
    await context.close();
  }
}

// A heartbeat every 20 ms on the page's main thread; stop() gives the longest gap between two
// beats (a task that blocks the thread for T ms shows as a gap of about T + 20 ms).
async function startHeartbeat(page) {
  await page.evaluate(() => {
    const beat = { last: performance.now(), maxGap: 0, beats: 0 };
    beat.timer = setInterval(() => {
      const now = performance.now();
      beat.maxGap = Math.max(beat.maxGap, now - beat.last);
      beat.last = now;
      ++beat.beats;
    }, 20);
    window.__heartbeat = beat;
  });
}

async function stopHeartbeat(page) {
  return page.evaluate(() => {
    const beat = window.__heartbeat;
    clearInterval(beat.timer);
    return { maxGap: beat.maxGap, beats: beat.beats };
  });
}

// Runs `scenario` (which returns its longest heartbeat gap) until a run stays under 100 ms, at
// most 3 times, and returns the gaps. A task of ours that blocks the thread 100 ms blocks it
// in every run, so it still fails; what a retry forgives is the operating system pausing the
// whole renderer for a moment, which on a 2-core machine also running Chromium's software GPU
// happens in about one run of five, and never twice in a row so far.
async function longestGaps(scenario) {
  const gaps = [];
  while (gaps.length < 3) {
    gaps.push(await scenario());
    if (gaps[gaps.length - 1] < 100) break;
  }
  return gaps;
}

async function openInPage(page, fragment) {
  await page.evaluate((hash) => { window.location.hash = hash; }, fragment);
}

test('a 17-card exchange solves in slices: progress shown, the main thread never blocked 100 ms', { timeout: 400000 }, async () => {
  const gaps = await longestGaps(() => withApp(kSample, async (page) => {
    await startHeartbeat(page);
    const fragment = '#g=exchange&r=6.6.5.1000000000.1';
    await openInPage(page, fragment);
    const solving = await h.waitForState(page, (s) => s.solving !== null && s.solving.positions > 0, null, 20000, 100);
    assert.ok(solving.solving.progress >= 0 && solving.solving.progress < 1);
    assert.ok(solving.widgets.progress && solving.widgets.cancel, 'a progress bar and Cancel');
    assert.equal(solving.judgeOutput, '2\n', 'the previous board stays on screen meanwhile');
    // The previous board stays usable: a move on it while the solve runs.
    await h.clickWidget(page, 'cell-1-1');
    await h.waitForState(page, (s) => s.step === 1 || s.game === 'exchange', null, 10000, 100);
    const done = await h.waitForState(page, (s) => s.solving === null && s.game === 'exchange', null, 200000, 100);
    const heartbeat = await stopHeartbeat(page);
    console.log(`17 cards: longest gap ${heartbeat.maxGap.toFixed(0)} ms; the app's frames: ${JSON.stringify(done.frameMs)}`);
    assert.ok(heartbeat.beats > 20);
    assert.equal(done.recipe, '6.6.5.1000000000.1');
    const gs = await h.loadModule();
    const session = new gs.Session();
    assert.equal(session.loadLink(fragment).ok, true);
    assert.equal(done.judgeOutput, session.judgeOutput(), 'the answer the module gives');
    session.delete();
    return heartbeat.maxGap;
  }));
  assert.ok(gaps[gaps.length - 1] < 100, `the longest main-thread gaps were ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`);
});

test('Cancel drops a 14 x 14 staircase solve and keeps the previous board; the thread stays free', { timeout: 240000 }, async () => {
  const gaps = await longestGaps(() => withApp(kSample, async (page) => {
    await startHeartbeat(page);
    await openInPage(page, '#g=staircase&r=14.14.100000.1');
    let state = await h.waitForState(page, (s) => s.solving !== null && s.solving.progress > 0.05, null, 30000, 100);
    assert.ok(state.solving.elapsedMs > 0);
    await h.clickWidget(page, 'cancel');
    state = await h.waitForState(page, (s) => s.solving === null, null, 10000, 100);
    const heartbeat = await stopHeartbeat(page);
    assert.equal(state.judgeOutput, '2\n', 'the previous board stays');
    assert.equal(state.positions, 10);
    assert.ok(state.toasts.some((t) => t.startsWith('Cancelled')));
    // Loading another board drops a running solve too.
    await openInPage(page, '#g=staircase&r=14.14.100000.2');
    await h.waitForState(page, (s) => s.solving !== null, null, 30000, 100);
    await openInPage(page, '#g=exchange');
    state = await h.waitForState(page, (s) => s.solving === null && s.game === 'exchange', null, 30000, 100);
    assert.equal(state.judgeOutput, 'Aoki\n');
    return heartbeat.maxGap;
  }));
  console.log(`cancel: longest gaps ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`);
  assert.ok(gaps[gaps.length - 1] < 100, `the longest main-thread gaps were ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`);
});

// Counts animation frames (drawn or not) and the frames the app drew over at least
// `milliseconds`, and until `during` (e.g. moving the mouse) is over.
async function countFrames(page, milliseconds, during = async () => {}) {
  const before = (await h.readState(page)).frameMs.frames;
  await page.evaluate((ms) => {
    const counter = { count: 0, start: performance.now(), busy: true };
    counter.done = new Promise((resolve) => {
      const tick = () => {
        ++counter.count;
        if (counter.busy || performance.now() - counter.start < ms) requestAnimationFrame(tick);
        else resolve(counter.count);
      };
      requestAnimationFrame(tick);
    });
    window.__frameCounter = counter;
  }, milliseconds);
  await during();
  const animationFrames = await page.evaluate(() => {
    window.__frameCounter.busy = false;
    return window.__frameCounter.done;
  });
  const drawn = (await h.readState(page)).frameMs.frames - before;
  return { animationFrames, drawn };
}

test('while a board solves untouched the UI is drawn 4 times a second; any input draws every frame again', { timeout: 120000 }, async () => {
  await withApp(kSample, async (page) => {
    await openInPage(page, '#g=exchange&r=6.6.6.1000000000.1');
    let state = await h.waitForState(page, (s) => s.solving !== null, null, 30000);
    await page.waitForTimeout(1200);  // a second after the last input (the link)
    const positions = (await h.readState(page)).solving.positions;
    const quiet = await countFrames(page, 1000);
    console.log(`untouched: ${quiet.drawn} of ${quiet.animationFrames} frames drawn`);
    assert.ok(quiet.drawn >= 2 && quiet.drawn <= 6, `${quiet.drawn} frames drawn in a second`);
    assert.ok(quiet.animationFrames > 2 * quiet.drawn, 'the other frames solve undrawn');
    state = await h.readState(page);
    assert.ok(state.solving.positions > positions, 'the progress bar moves');
    // The mouse moving over the page: every frame is drawn again.
    const lively = await countFrames(page, 1000, async () => {
      for (let k = 0; k < 20; ++k) {
        await page.mouse.move(400 + 10 * k, 300);
        await page.waitForTimeout(40);
      }
    });
    console.log(`the mouse moving: ${lively.drawn} of ${lively.animationFrames} frames drawn`);
    assert.ok(lively.drawn > quiet.drawn * 2 && lively.drawn >= 8, `${lively.drawn} frames drawn`);
    // Untouched again, the solve ends and its board is drawn at once.
    state = await h.waitForState(page, (s) => s.solving === null && s.game === 'exchange', null, 100000);
    assert.equal(state.recipe, '6.6.6.1000000000.1');
    const gs = await h.loadModule();
    const session = new gs.Session();
    assert.equal(session.loadRecipe('exchange', '6.6.6.1000000000.1').ok, true);
    assert.equal(state.judgeOutput, session.judgeOutput());
    session.delete();
  });
});

test('a 130-column staircase link draws (a scrolled grid) and its editor falls back to judge input', async () => {
  await withApp('#g=staircase&r=1.130.9.1', async (page) => {
    const state = await h.waitForState(page, (s) => s.positions === 131 && !!s.widgets['cell-1-1'], null, 20000);
    assert.equal(state.linkError, '');
    const png = await h.screenshot(page, 'staircase-1x130');
    assert.ok(h.imageStats(png, state.widgets.board).distinctColours > 20, 'the board is drawn');
    await h.clickWidget(page, 'cell-1-1');
    await h.waitForState(page, (s) => s.step === 1);
  });
});

test('a 10000-row staircase link solves as fast as a wide one and draws only the rows in view', { timeout: 120000 }, async () => {
  await withApp('#g=staircase&r=10000.2.9.1', async (page) => {
    const state = await h.waitForState(page, (s) => s.solving === null && s.positions === 50015001, null, 100000);
    assert.equal(state.linkError, '');
    assert.ok(state.widgets['cell-1-1'], 'the first rows are drawn');
    assert.ok(!state.widgets['cell-5000-1'], 'rows out of view are not');
    await h.frames(page, 20);
    const frames = (await h.readState(page)).frameMs;
    assert.ok(frames.median < 50, `a frame takes ${frames.median} ms of the app's work`);
  });
});

test('a link with 10,000 moves opens and its frames cost what a short line\'s do', { timeout: 120000 }, async () => {
  const moves = [];
  for (let k = 0; k < 10000; ++k) moves.push(k % 2 === 0 ? '1-1' : '2-2');
  const fragment = `#g=manhattan&b=2.0_1.2_3.4&m=${moves.join('.')}`;
  await withApp(fragment, async (page) => {
    let state = await h.waitForState(page, (s) => s.step === 10000 && s.solving === null, null, 60000);
    assert.equal(state.linkError, '');
    await h.frames(page, 30);
    state = await h.readState(page);
    assert.ok(state.frameMs.median < 50, `a frame takes ${state.frameMs.median} ms of the app's work`);
    assert.ok(state.widgets['move-list-0'] || state.widgets['move-list-10000'], 'the move list draws');
    await h.clickWidget(page, 'first');
    await h.waitForState(page, (s) => s.step === 0);
  });
});

test('a 40 MB judge file dropped on the page loads; text past the app\'s limit is refused with a message', { timeout: 240000 }, async () => {
  await withApp(kSample, async (page) => {
    // A 2000 x 2000 manhattan board padded with spaces to 40 MB, made in the page.
    const size = await page.evaluate(() => {
      const n = 2000;
      const values = new Uint32Array(n * n);
      for (let k = 0; k < values.length; ++k) values[k] = k + 1;
      let seed = 7;
      for (let k = values.length - 1; k > 0; --k) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        const j = seed % (k + 1);
        const t = values[k]; values[k] = values[j]; values[j] = t;
      }
      const lines = ['2000 1000'];
      const pad = ' '.repeat(4700);
      for (let row = 0; row < n; ++row) lines.push(values.subarray(row * n, (row + 1) * n).join(' ') + pad);
      const text = lines.join('\n') + '\n';
      window.__bigFile = new File([text], 'board-40mb.txt', { type: 'text/plain' });
      return window.__bigFile.size;
    });
    assert.ok(size > 40e6, `the file is ${size} bytes`);
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(window.__bigFile);
      document.getElementById('canvas').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    const state = await h.waitForState(page, (s) => s.positions === 4000000 && s.solving === null, null, 200000);
    assert.equal(state.game, 'manhattan', 'a board of another game is recognised');
    assert.equal(state.error, '');
    assert.ok(state.toasts.includes('Loaded board-40mb.txt') || state.judgeOutputBytes > 0);
    // A paste past the limit is refused, and the board stays.
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', 'x'.repeat(101 * 1024 * 1024));
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    });
    const refused = await h.waitForState(page, (s) => s.error !== '', null, 60000);
    assert.match(refused.error, /^the pasted text is 101 MiB, over the 96 MiB the app reads/);
    assert.equal(refused.positions, 4000000, 'the board stays');
  });
});
