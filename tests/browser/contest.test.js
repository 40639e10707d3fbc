// Issue 32 in the app: rules that read a contest problem's input (read, answer, sample) get the
// judge-input box the built-in games have. A multi-case input pasted with the keyboard and the
// clipboard: the answer box holds the judge's output of the whole input (every case, made by
// the solver worker), a case selector picks the case on the board, its moves are explored, and
// the link carries the input and the case.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers');

const shared = h.sharedServerAndBrowser();
const contest = path.join(h.repoRoot, 'tests/rules/contest');
const input = fs.readFileSync(path.join(contest, 'substring_removal.1.in'), 'utf8');
const output = fs.readFileSync(path.join(contest, 'substring_removal.1.out'), 'utf8');
const answers = output.trimEnd().split('\n');

// Control + KEY held across frames (ImGui samples keys once a frame).
async function pressWithControl(page, key) {
  await page.keyboard.down('Control');
  await h.pressKey(page, key);
  await page.keyboard.up('Control');
}

const done = (s, n) => s.fields['rules-case'] === n && s.solving === null &&
  s.fields['judge-output-state'] === 'done';

test('substring removal: a pasted 5-case input gives the judge\'s output of every case; the case selector explores case 2; the link reopens it', { timeout: 180000 }, async () => {
  const { page, log, context } = await h.openPage(shared.browser, shared.server, {
    viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'],
  });
  await h.gotoApp(page, shared.server);
  await h.clickWidget(page, 'game-rules');
  await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null, null, 30000);
  await h.clickWidget(page, 'rules-examples');
  await h.clickWidget(page, 'example-substring_removal');
  // The rules' sample opens first: case 1 of its 5.
  let state = await h.waitForState(page, done, '1 of 5', 60000, 100);
  assert.equal(state.fields['judge-output-all'], output);
  // Another input typed into the box: one case, its answer alone.
  await h.typeInto(page, 'rules-input', '1\n0110');
  await h.clickWidget(page, 'rules-input-load');
  state = await h.waitForState(page, (s) => s.solving === null && s.judgeInputBytes === 6 && s.fields['rules-case'] === undefined, null, 30000, 100);
  assert.equal(state.judgeOutput, '2\n');
  assert.equal(state.widgets['case-next'], undefined, 'no case selector for one case');
  // The problem's sample pasted with the keyboard: Ctrl+A, Ctrl+V from the clipboard, Load.
  await page.evaluate((text) => navigator.clipboard.writeText(text), input);
  await h.clickWidget(page, 'rules-input');
  await h.selectAll(page);
  await pressWithControl(page, 'v');
  await h.clickWidget(page, 'rules-input-load');
  await h.startTaskTrace(shared.browser, page);
  state = await h.waitForState(page, done, '1 of 5', 60000, 100);
  const main = h.assertNoLongCpuTask(await h.stopTaskTrace(shared.browser), 'a 5-case input');
  console.log(`5 cases: main thread: ${main}`);
  assert.equal(state.fields['judge-output-all'], output, 'the answer box: the judge\'s output of the whole input');
  assert.equal(state.judgeOutput, answers[0] + '\n', 'the board: case 1');
  assert.ok(state.widgets['judge-output'] && state.widgets['case-prev'] && state.widgets['case-next']);
  // Case 2 ("0000": Alice scores 0) on the board; its moves and replay.
  await h.clickWidget(page, 'case-next');
  state = await h.waitForState(page, done, '2 of 5', 30000, 100);
  assert.equal(state.judgeOutput, answers[1] + '\n');
  assert.equal(state.fields['judge-output-all'], output, 'the whole output stays');
  assert.ok(state.widgets['move-1'], 'the case\'s moves');
  await h.clickWidget(page, 'move-1');
  state = await h.waitForState(page, (s) => s.step === 1, null, 10000);
  await h.clickWidget(page, 'prev');
  state = await h.waitForState(page, (s) => s.step === 0, null, 10000);
  await h.clickWidget(page, 'next');
  state = await h.waitForState(page, (s) => s.step === 1, null, 10000);
  await h.screenshot(page, 'contest-1280x800');
  // The link carries the input (i) and the case (k); a new page reopens both, and the step.
  const fragment = await page.evaluate(() => location.hash);
  assert.match(fragment, /^#g=rules&c=[A-Za-z0-9_-]+&i=[A-Za-z0-9_-]+&k=2&m=1/);
  const other = await h.openPage(shared.browser, shared.server, { viewport: { width: 390, height: 844 }, touch: true });
  await h.gotoApp(other.page, shared.server, fragment);
  const reopened = await h.waitForState(other.page, done, '2 of 5', 60000, 100);
  assert.equal(reopened.fields['judge-output-all'], output);
  assert.equal(reopened.judgeOutput, answers[1] + '\n');
  assert.equal(reopened.step, 1);
  // On the phone the answer box and the case selector are on screen, inside its width.
  for (const name of ['judge-output', 'case-prev', 'case-next']) {
    const rect = reopened.widgets[name];
    assert.ok(rect && rect.x >= 0 && rect.x + rect.w <= 390 && rect.y + rect.h <= 844, `${name}: ${JSON.stringify(rect)}`);
  }
  await h.screenshot(other.page, 'contest-390x844');
  // Back to case 1 with a tap.
  await h.tapWidget(other.page, 'case-prev');
  const first = await h.waitForState(other.page, done, '1 of 5', 30000, 100);
  assert.equal(first.judgeOutput, answers[0] + '\n');
  assert.deepEqual([...log.errors, ...other.log.errors], []);
  await other.context.close();
  await context.close();
});

test('an input the rules\' read() refuses: its sentence in the editor, the board on screen stays', { timeout: 120000 }, async () => {
  const { page, log, context } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  await h.gotoApp(page, shared.server);
  await h.clickWidget(page, 'game-rules');
  await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null, null, 30000);
  await h.clickWidget(page, 'rules-examples');
  await h.clickWidget(page, 'example-substring_removal');
  const before = await h.waitForState(page, done, '1 of 5', 60000, 100);
  await h.typeInto(page, 'rules-input', '3\n01');
  await h.clickWidget(page, 'rules-input-load');
  const state = await h.waitForState(page, (s) => !!s.fields['rules-error'] && s.solving === null, null, 30000, 100);
  assert.match(state.fields['rules-error'], /expected T and then T strings/);
  assert.equal(state.judgeOutput, before.judgeOutput, 'the board on screen stays');
  assert.deepEqual(log.errors, []);
  await context.close();
});
