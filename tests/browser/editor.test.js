// The rules editor as an editor for real files (issue 57): a whole file typed at full speed
// arrives whole and in order; a line longer than the panel scrolls sideways with the cursor (the
// caret always in view) and with a swipe; a syntax error far along a long line names its column,
// and the editor scrolls to it (and, on a desktop, puts the cursor there). What the editor holds
// is compared by its digest (the test hook's fields['rules-text']: length and FNV-1a).
//   GS_WEB_DIR=build/site node --test tests/browser/editor.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers');

const shared = h.sharedServerAndBrowser();

// The editor's digest of a text: its length in bytes and FNV-1a of its UTF-8 bytes.
function digest(text) {
  const bytes = Buffer.from(text, 'utf8');
  let hash = 2166136261;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
  return `${bytes.length}:${hash.toString(16).padStart(8, '0')}`;
}

const inside = (inner, outer) => inner && outer && inner.x >= outer.x - 1 &&
  inner.x + inner.w <= outer.x + outer.w + 1 && inner.y >= outer.y - 1 && inner.y + inner.h <= outer.y + outer.h + 1;

async function pressWithControl(page, key) {
  await page.keyboard.down('Control');
  await h.pressKey(page, key);
  await page.keyboard.up('Control');
}

// A rules file of 23 lines with a line of 172 characters (a comment), typed as it is.
const longComment = '-- ' + 'a long comment that runs past the edge of the panel, '.repeat(3) + 'end';
const rules = fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules/take134.lua'), 'utf8')
  .replace('game = {\n', `${longComment}\ngame = {\n`);

test('a whole file typed at full speed arrives in order; a long line scrolls sideways with the caret; a syntax error far along it is scrolled to, the cursor put on it', { timeout: 240000 }, async () => {
  const { context, page, log } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  try {
    await h.gotoApp(page, shared.server, '#g=rules');
    let state = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null, null, 30000);
    await h.clickWidget(page, 'rules-code');
    await h.selectAll(page);
    await h.pressKey(page, 'Backspace');
    await h.waitForState(page, (s, empty) => s.fields['rules-text'] === empty, digest(''), 5000);
    // Every key with no pause: 800 characters and 23 Enters, faster than frames.
    const started = Date.now();
    await page.keyboard.type(rules);
    state = await h.waitForState(page, (s, d) => s.fields['rules-text'] === d, digest(rules), 60000)
      .catch(async () => { throw new Error(`the editor holds ${(await h.readState(page)).fields['rules-text']}, typed ${digest(rules)}`); });
    console.log(`# ${rules.length} characters typed at full speed, whole after ${Date.now() - started} ms`);
    // The caret (at the end) is in view; on the long line's end it is too, the panel scrolled.
    assert.ok(inside(state.widgets['rules-caret'], state.widgets['rules-code']), JSON.stringify(state.widgets['rules-caret']));
    await pressWithControl(page, 'Home');
    await h.pressKey(page, 'ArrowDown');
    await h.pressKey(page, 'ArrowDown');
    await h.pressKey(page, 'End');
    state = await h.waitForState(page, (s, at) => s.fields['rules-cursor'] === at, `3:${longComment.length + 1}`, 5000);
    state = await h.waitForState(page, (s) => {
      const c = s.widgets['rules-caret'], v = s.widgets['rules-code'];
      return c && v && c.x >= v.x && c.x + c.w <= v.x + v.w && Number(s.fields['rules-scroll'].split(',')[0]) > 0;
    }, null, 5000);
    await h.screenshot(page, 'editor-long-line-1280x800');
    await h.pressKey(page, 'Home');
    state = await h.waitForState(page, (s) => s.fields['rules-scroll'].split(',')[0] === '0' && s.fields['rules-cursor'] === '3:1', null, 5000);
    await pressWithControl(page, 'Enter');
    state = await h.waitForState(page, (s) => s.fields['rules-title'] === 'Take 1, 3 or 4' && s.solving === null && s.judgeOutput === 'win 11\n', null, 20000);
    // A syntax error at column 128 of a line: named, scrolled to, the cursor put on it.
    const broken = 'local total = ' + '1 + '.repeat(28) + '= 2';
    await h.clickWidget(page, 'rules-code');  // (Ctrl+Enter left the field)
    await pressWithControl(page, 'End');
    await page.keyboard.type(`\n${broken}`);
    await h.pressKey(page, 'Home');
    await h.clickWidget(page, 'rules-solve');
    state = await h.waitForState(page, (s) => !!s.fields['rules-error'], null, 20000);
    const line = rules.split('\n').length + 1, column = broken.indexOf('= 2') + 1;
    assert.equal(state.fields['rules-error'], `line ${line}, column ${column}: unexpected symbol near '='`);
    state = await h.waitForState(page, (s, at) => s.fields['rules-cursor'] === at, `${line}:${column}`, 5000);
    state = await h.waitForState(page, (s) => {
      const mark = s.widgets['rules-error-mark'], v = s.widgets['rules-code'];
      return mark && v && mark.x >= v.x && mark.x + mark.w <= v.x + v.w && mark.y >= v.y && mark.y + mark.h <= v.y + v.h;
    }, null, 5000);
    await h.screenshot(page, 'editor-error-column-1280x800');
    assert.equal(state.judgeOutput, 'win 11\n', 'the board on screen stays');
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('on a 390 x 844 phone a swipe scrolls the editor sideways, and a syntax error far along a line is scrolled into view', { timeout: 240000 }, async () => {
  const { context, page, log } = await h.openPage(shared.browser, shared.server, { viewport: { width: 390, height: 844 }, touch: true });
  try {
    await h.gotoApp(page, shared.server);
    await h.tapWidget(page, 'game-rules');
    let state = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null, null, 30000);
    // Bring the editor into view by swipes above it.
    for (let k = 0; k < 6; ++k) {
      state = await h.readState(page);
      const code = state.widgets['rules-code'];
      if (code && code.y >= 0 && code.y + 200 <= 844) break;
      const from = code ? Math.min(Math.max(code.y - 20, 120), 800) : 700;
      await h.touchSwipe(page, { x: 200, y: from }, { x: 200, y: Math.max(from - 250, 20) });
      await h.settle(page, 'rules-code');
    }
    // A tap in the editor, select all, and the file inserted as the on-screen keyboard does.
    let code = (await h.readState(page)).widgets['rules-code'];
    await page.touchscreen.tap(code.x + 20, code.y + 20);
    await h.frames(page, 3);
    await pressWithControl(page, 'a');
    await page.keyboard.insertText(rules);
    state = await h.waitForState(page, (s, d) => s.fields['rules-text'] === d, digest(rules), 20000);
    code = state.widgets['rules-code'];
    assert.ok(code.x >= 0 && code.x + code.w <= 391, `the editor fits the width: ${JSON.stringify(code)}`);
    assert.equal(state.fields['rules-scroll'].split(',')[0], '0');
    // A swipe from right to left over the editor's first lines scrolls it sideways.
    const y = code.y + 30;
    await h.touchSwipe(page, { x: code.x + code.w - 20, y }, { x: code.x + 20, y });
    state = await h.waitForState(page, (s) => Number(s.fields['rules-scroll'].split(',')[0]) > 100, null, 5000)
      .catch(async () => { throw new Error(`not scrolled sideways: ${(await h.readState(page)).fields['rules-scroll']}`); });
    await h.screenshot(page, 'editor-swiped-390x844');
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
