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

// A paste right after the click that opens a field goes into that field: the click waits in the
// input queue for its frames, and the paste (the browser's event, at once) waited for nothing,
// so it was loaded as a new judge input while the field, opened a frame later, got nothing (or
// ImGui's Ctrl+V pasted what the app held before). Here the click and the paste come in one task
// of the page, so no frame comes between them.
test('a paste that follows a click at once goes into the field the click opens, in order', async () => {
  const { context, page, log } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  try {
    await h.gotoApp(page, shared.server);
    let state = await h.waitForState(page, (s) => s.solving === null && s.fields['judge-text-breaks'] === '5', null, 30000);
    const value = state.value, bytes = state.judgeInputBytes;
    const box = h.centre(await h.widget(page, 'judge-text'));
    await page.evaluate(({ x, y }) => {
      const canvas = document.getElementById('canvas');
      const at = { clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0 };
      canvas.dispatchEvent(new MouseEvent('mousemove', at));
      canvas.dispatchEvent(new MouseEvent('mousedown', { ...at, buttons: 1 }));
      canvas.dispatchEvent(new MouseEvent('mouseup', at));
      const transfer = new DataTransfer();
      transfer.setData('text/plain', '1 1\r\n5\n');
      (document.activeElement || document.body).dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, box);
    // The box holds its five lines and the two pasted; the board is the one before.
    state = await h.waitForState(page, (s) => s.fields['judge-text-breaks'] === '7', null, 5000).catch(() => null);
    const now = state || await h.readState(page);
    assert.equal(now.fields['judge-text-breaks'], '7', `the judge box has ${now.fields['judge-text-breaks']} line breaks (value ${now.value}, error ${now.error})`);
    assert.equal(now.value, value, 'the board is the one before');
    assert.equal(now.judgeInputBytes, bytes);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

// Issue 57: a paste or an inserted text on a touch phone keeps every line break. The fields of
// the app take text through the keyboard proxy (a hidden textarea that opens the phone's
// keyboard); it joined the lines, so a four-line judge input became one number and a pasted
// rules file one line, all of it a comment. Here, on a 390 x 844 touch phone, by taps: the
// judge-input box takes a multi-line input by insertText (what an on-screen keyboard's paste
// and dictation send) and by the browser's own paste from the clipboard, and the rules editor
// takes a whole rules file by insertText; each then loads or solves.
test('text pasted or inserted on a touch phone keeps its line breaks, in the judge box and the rules editor', { timeout: 240000 }, async () => {
  const fs = require('node:fs');
  const path = require('node:path');
  const contest = path.join(h.repoRoot, 'tests/rules/contest');
  const input = fs.readFileSync(path.join(contest, 'substring_removal.1.in'), 'utf8');
  const output = fs.readFileSync(path.join(contest, 'substring_removal.1.out'), 'utf8');
  const { context, page, log } = await h.openPage(shared.browser, shared.server, {
    viewport: { width: 390, height: 844 }, touch: true, permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    await h.gotoApp(page, shared.server);
    await h.tapWidget(page, 'game-rules');
    await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null, null, 30000);
    // Swipes over the page (where no field is) bring a field into view, as a reader does.
    const inView = async (name) => {
      for (let k = 0; k < 8; ++k) {
        const state = await h.readState(page);
        const rect = state.widgets[name];
        if (rect && rect.y >= 0 && rect.y + Math.min(rect.h, 60) <= 844) return rect;
        const down = !rect || rect.y > 0;
        await h.touchSwipe(page, { x: 380, y: down ? 700 : 200 }, { x: 380, y: down ? 450 : 450 });
        await h.settle(page, name);
      }
      throw new Error(`${name} not brought into view`);
    };
    // (The Examples list is below the board: a finger-sized toolbar and controls push it down.)
    await inView('rules-examples');
    await h.tapWidget(page, 'rules-examples');
    await h.tapWidget(page, 'example-substring_removal');
    await h.waitForState(page, (s) => s.fields['rules-case'] === '1 of 5' && s.solving === null, null, 60000, 100);
    // Select all in the proxy (Ctrl+A goes to the field), then insert the input: its lines kept.
    const replaceIn = async (name, insert) => {
      const rect = await inView(name);
      await page.touchscreen.tap(rect.x + 10, rect.y + 10);
      await h.frames(page, 3);
      assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.id), 'gs-keyboard-proxy');
      await page.keyboard.down('Control');
      await h.pressKey(page, 'a');
      await page.keyboard.up('Control');
      await insert();
      await h.frames(page, 3);
    };
    const first = '2\n0110\n111\n';  // two cases: "0110" and "111"
    await replaceIn('rules-input', () => page.keyboard.insertText(first));
    await inView('rules-input-load');
    await h.tapWidget(page, 'rules-input-load');
    let state = await h.waitForState(page, (s) => s.solving === null && s.judgeInputBytes === 11 && s.fields['rules-case'] === '1 of 2', null, 30000, 100);
    assert.equal(state.judgeOutput, '2\n', 'case 1 of the two lines inserted: "0110", Alice scores 2');
    // The browser's own paste (Ctrl+V in the focused proxy): the five-case sample, with \r\n.
    await page.evaluate((text) => navigator.clipboard.writeText(text), input.replace(/\n/g, '\r\n'));
    await replaceIn('rules-input', async () => {
      await page.keyboard.down('Control');
      await page.keyboard.press('v');
      await page.keyboard.up('Control');
    });
    await inView('rules-input-load');
    await h.tapWidget(page, 'rules-input-load');
    // Its \r\n are line breaks: the input the board reads is the sample's own bytes.
    state = await h.waitForState(page, (s, bytes) => s.solving === null && s.judgeInputBytes === bytes && s.fields['rules-case'] === '1 of 5',
      Buffer.byteLength(input), 60000, 100);
    assert.equal(state.judgeOutput, output.split('\n')[0] + '\n', 'the pasted sample, case 1 of its 5');
    // A whole rules file into the editor: its first line is a comment, so one line would be
    // all comment ("game is nil").
    const rules = fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules/take134.lua'), 'utf8');
    await replaceIn('rules-code', () => page.keyboard.insertText(rules));
    await inView('rules-solve');
    await h.tapWidget(page, 'rules-solve');
    state = await h.waitForState(page, (s) => s.fields['rules-title'] === 'Take 1, 3 or 4' && s.solving === null, null, 30000, 100);
    assert.equal(state.fields['rules-error'], undefined);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
