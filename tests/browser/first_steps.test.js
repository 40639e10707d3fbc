// Issue 57, points 6 and 7 in the app: what a newcomer meets first. A first visit says in one
// line what to do first, at 1280x800, 1024x768 and on a 390x844 touch phone, until another board
// is opened; "#g=rules" alone opens the Your game sample (as "#g=staircase" alone opens that
// game's), in the link's language; a touch device names no keys ("(space)", "keys: ← →"), in the
// app and in an embed; Table of values on rules without parameters says why and opens an example
// as a table. Screenshots under tests/browser/screenshots/first-steps-*.png.
//   GS_WEB_DIR=build/site node --test tests/browser/first_steps.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const h = require('./helpers');

const shared = h.sharedServerAndBrowser();
const examples = path.join(h.repoRoot, 'web/examples/rules');
const read = (name) => fs.readFileSync(path.join(examples, name), 'utf8');
const link = (text) => '#g=rules&c=' + zlib.deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url');

const kDesktop = 'To start: paste your problem\'s input into Judge input and press Load, or press Your game to write your own game.';
const kTablet = 'To start: paste your problem\'s input under Edit board and press Load, or press Your game to write your own game.';
const kPhone = 'Start: paste your input in Edit board, or tap Your game.';
const kKeys = 'step 0 of 6   (keys: \u2190 \u2192 Home End space)';

async function open(options, fragment = '') {
  const opened = await h.openPage(shared.browser, shared.server, options);
  await h.gotoApp(opened.page, shared.server, fragment);
  return opened;
}

const sizes = [
  ['1280x800', { viewport: { width: 1280, height: 800 } }, kDesktop],
  ['1024x768', { viewport: { width: 1024, height: 768 } }, kTablet],
  ['390x844', { viewport: { width: 390, height: 844 }, touch: true }, kPhone],
];

for (const [name, options, line] of sizes) {
  test(`a first visit at ${name} says what to do first, in one line, until another board is opened`, async () => {
    const { page, context, log } = await open(options);
    let state = await h.waitForState(page, (s) => s.fields['first-visit'] !== undefined && s.solving === null);
    assert.equal(state.fields['first-visit'], line);
    const rect = state.widgets['first-visit'];
    assert.ok(rect, 'the line is on screen');
    // One line: no taller than a line of text, and inside the window.
    assert.ok(rect.h <= 20, `one line high (${rect.h} px)`);
    assert.ok(rect.x >= 0 && rect.x + rect.w <= options.viewport.width, 'within the width');
    await h.screenshot(page, `first-steps-${name}`);
    // The step line names keys on a desktop, none on the phone.
    assert.equal(state.fields.step, options.touch ? 'step 0 of 6' : kKeys);
    // Another board (Your game) and the line is gone.
    if (options.touch) await h.tapWidget(page, 'game-rules');
    else await h.clickWidget(page, 'game-rules');
    state = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null, null, 30000);
    assert.equal(state.fields['first-visit'], undefined);
    assert.equal(state.widgets['first-visit'], undefined);
    assert.deepEqual(log.errors, []);
    await context.close();
  });
}

test('a page opened by a link says nothing of a first visit', async () => {
  const { page, context } = await open({ viewport: { width: 1280, height: 800 } }, '#g=staircase');
  const state = await h.waitForState(page, (s) => s.game === 'staircase' && s.solving === null);
  assert.equal(state.fields['first-visit'], undefined);
  await context.close();
});

test('#g=rules alone opens the Your game sample, solved, and #g=rules&lang=zh in Chinese; #g=rules&b=3 is still refused', async () => {
  const { page, context, log } = await open({ viewport: { width: 1280, height: 800 } }, '#g=rules');
  let state = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null && s.value !== undefined, null, 30000);
  assert.equal(state.linkError, '');
  assert.equal(state.error, '');
  assert.ok(state.widgets['rules-text'], 'the editor is open');
  // The sample is take 1, 3 or 4 (rules_view.cpp's first example), its board the one its own
  // link opens.
  const { page: other, context: otherContext } = await open({ viewport: { width: 1280, height: 800 } },
    link(read('take134.lua')));
  const expected = await h.waitForState(other, (s) => s.game === 'rules' && s.solving === null && s.value !== undefined, null, 30000);
  assert.equal(state.summary, expected.summary);
  assert.equal(state.judgeOutput, expected.judgeOutput);
  await otherContext.close();
  await h.screenshot(page, 'first-steps-bare-rules-link');
  // Typed into the address bar: the same, in Chinese.
  await page.evaluate(() => { location.hash = '#g=rules&lang=zh'; });
  state = await h.waitForState(page, (s) => s.lang === 'zh' && s.game === 'rules' && s.solving === null, null, 30000);
  assert.equal(state.linkError, '');
  // A part that needs the rules' file is refused with the link's sentence, as before.
  await page.evaluate(() => { location.hash = '#g=rules&b=3'; });
  state = await h.waitForState(page, (s) => s.linkError !== '', null, 30000);
  assert.equal(state.linkError, 'g=rules needs c (the rules file)');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('a touch device names no keys: the phone\'s Best move and step line, and an embed on a phone', async () => {
  const phone = { viewport: { width: 390, height: 844 }, touch: true };
  for (const fragment of ['#g=staircase', '#g=staircase&embed=1']) {
    const { page, context, log } = await open(phone, fragment);
    const state = await h.waitForState(page, (s) => s.game === 'staircase' && s.solving === null && s.fields.step !== undefined);
    assert.equal(state.fields.step, 'step 0 of 6', fragment);
    assert.ok(state.widgets.best, `${fragment}: Best move is drawn`);
    await h.tabTo(page, 'best');
    const focused = await h.readState(page);
    assert.equal(focused.focusLabel, 'Best move', fragment);
    await h.screenshot(page, `first-steps-phone${fragment.includes('embed') ? '-embed' : ''}`);
    assert.deepEqual(log.errors, []);
    await context.close();
  }
  // A desktop names them.
  const { page, context } = await open({ viewport: { width: 1280, height: 800 } }, '#g=staircase');
  await h.waitForState(page, (s) => s.game === 'staircase' && s.solving === null);
  await h.tabTo(page, 'best');
  const state = await h.readState(page);
  assert.equal(state.focusLabel, 'Best move (space)');
  assert.equal(state.fields.step, kKeys);
  await context.close();
});

test('Table of values on rules without parameters (Stones) says why and opens take 1, 3 or 4 as a table', async () => {
  const { page, context, log } = await open({ viewport: { width: 1280, height: 800 } }, link(read('stones.lua')));
  let state = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null && s.value !== undefined, null, 30000);
  await h.clickWidget(page, 'rules-view-table');
  state = await h.waitForState(page, (s) => s.fields['table-why'] !== undefined);
  assert.equal(state.fields['table-why'], 'A table of values solves the rules over ranges of their parameters (game.params), and these rules have none: they read a problem\'s input, a case at a time. Give the file params to make a table, or see one on an example.');
  assert.ok(state.widgets['table-example']);
  await h.screenshot(page, 'first-steps-table-why');
  // In Chinese, whole.
  await h.clickWidget(page, 'lang');
  state = await h.waitForState(page, (s) => s.lang === 'zh' && s.fields['table-why'] !== undefined);
  assert.match(state.fields['table-why'], /^数值表在规则参数（game\.params）/);
  assert.doesNotMatch(state.fields['table-why'], /table|rules|input/);
  await h.clickWidget(page, 'lang');
  await h.waitForState(page, (s) => s.lang === 'en');
  // The offer: take 1, 3 or 4 opens, in its table of values.
  await h.clickWidget(page, 'table-example');
  state = await h.waitForState(page, (s) => s.fields['table-pattern'] !== undefined, null, 60000, 100);
  assert.equal(state.fields['table-pattern'], 'period 7 from n=0 (checked to n=60)');
  assert.equal(state.fields['table-why'], undefined);
  assert.match(await page.evaluate(() => location.hash), /&t=n\.0\.60$/);
  await h.screenshot(page, 'first-steps-table-example');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('the move list ends inside its panel at 1280x800 and 1024x768, and a 4 x 4 board\'s value fields fit the edit panel', async () => {
  const board = '#g=staircase&b=4.4_100000.2.3.4_5.6.7.8_9.1.2.3_4.5.6.7_1.1.1.1_2.2.2.2_3.3.3.3_4.4.4.4';
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1024, height: 768 }]) {
    const { page, context, log } = await open({ viewport }, board);
    let state = await h.waitForState(page, (s) => s.game === 'staircase' && s.solving === null && s.widgets['moves-list'] !== undefined);
    const list = state.widgets['moves-list'];
    const name = `${viewport.width}x${viewport.height}`;
    // Its bottom above the window's (the panel's frame and padding under it), with four rows in
    // view at 1280 x 800 and three under the tablet layout's tabs at 1024 x 768.
    const rows = viewport.width === 1280 ? 4 : 3;
    assert.ok(list.y + list.h <= viewport.height - 8, `${name}: the list ends at ${list.y + list.h}`);
    const last = state.widgets[`move-list-${rows - 1}`];
    assert.ok(last.y + last.h <= list.y + list.h, `${name}: ${rows} rows in view`);
    await h.screenshot(page, `first-steps-move-list-${name}`);
    if (viewport.width === 1024) {  // the board's fields are under Edit board
      await h.clickWidget(page, 'tab-editor');
      state = await h.waitForState(page, (s) => s.widgets['a-1-4'] !== undefined);
    }
    // Every field of a and b within the judge box's width (the panel's), none scrolled away.
    const box = state.widgets['judge-text'];
    for (const matrix of ['a', 'b']) {
      for (let row = 1; row <= 4; row += 1) {
        for (let col = 1; col <= 4; col += 1) {
          const field = state.widgets[`${matrix}-${row}-${col}`];
          assert.ok(field, `${name}: ${matrix}-${row}-${col} drawn`);
          assert.ok(field.x >= box.x && field.x + field.w <= box.x + box.w + 1, `${name}: ${matrix}-${row}-${col} at ${field.x}..${field.x + field.w}, the panel ${box.x}..${box.x + box.w}`);
          assert.ok(field.w >= 50, `${name}: ${matrix}-${row}-${col} holds 100000 (${field.w} px)`);
        }
      }
    }
    await h.screenshot(page, `first-steps-fields-${name}`);
    assert.deepEqual(log.errors, []);
    await context.close();
  }
});
