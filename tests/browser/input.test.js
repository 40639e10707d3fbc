// Browser tests of input that comes faster than frames (issue 36): ImGui 1.86 reads a key or a
// button once a frame, so the page queues them and each frame takes one transition of each, in
// order. Keys pressed with no hold time, clicks with no pause, keys typed into a text field in
// a burst: every one counts, at the machine's real frame rate.
//   GS_WEB_DIR=build/site node --test tests/browser/input.test.js
'use strict';

const assert = require('node:assert/strict');
const { test } = require('node:test');
const h = require('./helpers');

const shared = h.sharedServerAndBrowser();
const board = '#g=staircase&b=3.3_9.4.3_6.7.6_4.5.9_0.0.0_0.0.0_0.0.0';  // a line of 9 moves

test('six presses of → with no hold move six steps; three clicks with no pause step three', async () => {
  const { context, page, log } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  try {
    await h.gotoApp(page, shared.server, board);
    await h.clickWidget(page, 'first');
    await h.blur(page);
    await h.waitForState(page, (s) => s.step === 0);
    // keyboard.press: the key goes down and up at once, often between two frames.
    for (let k = 0; k < 6; ++k) await page.keyboard.press('ArrowRight');
    let state = await h.waitForState(page, (s) => s.step === 6, null, 5000).catch(() => null);
    const seen = state ? 6 : (await h.readState(page)).step;
    assert.equal(seen, 6, `six quick presses moved ${seen} steps`);
    // End, then Home and → twice, all in one burst: in order.
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    state = await h.waitForState(page, (s) => s.step === 2, null, 5000);
    // Three clicks on > with no pause between them (each a press and a release at once).
    const next = h.centre(await h.widget(page, 'next'));
    for (let k = 0; k < 3; ++k) await page.mouse.click(next.x, next.y);
    state = await h.waitForState(page, (s) => s.step === 5, null, 5000);
    console.log(`# frames: median ${state.frameMs.median} ms of work, ${state.taskMs.count} tasks`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('a burst of typing and Backspaces in a text field keeps every key, in order', async () => {
  const { context, page, log } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  try {
    await h.gotoApp(page, shared.server, board);
    await h.clickWidget(page, 'move-list-1');
    await h.clickWidget(page, 'comment');
    // Characters, Backspaces and more characters with no pause between them: in order.
    await page.keyboard.type('corner firsx!');
    for (let k = 0; k < 2; ++k) await page.keyboard.press('Backspace');
    await page.keyboard.type('t!');
    await page.keyboard.press('Enter');
    await h.waitForState(page, (s) => s.fields.comment === 'corner first!', null, 5000);
    // A field that takes the canvas's own keys (the seed): the same burst, in order.
    await h.clickWidget(page, 'seed');
    await h.selectAll(page);
    await page.keyboard.type('129');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await h.waitForState(page, (s) => s.seed === '123', null, 5000);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
