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
  // On the phone the case selector is on screen with the board, inside its width; the answer box
  // fits the width further down the page (finger-sized controls above it: a swipe away).
  for (const name of ['judge-output', 'case-prev', 'case-next']) {
    const rect = reopened.widgets[name];
    assert.ok(rect && rect.x >= 0 && rect.x + rect.w <= 390 && (name === 'judge-output' || rect.y + rect.h <= 844), `${name}: ${JSON.stringify(rect)}`);
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
  // The reader's sentence names the input's place (the second of three strings is missing).
  assert.equal(state.fields['rules-error'], 'the judge\'s input, line 2, column 3: expected a word, found the end of the input');
  assert.equal(state.judgeOutput, before.judgeOutput, 'the board on screen stays');
  assert.deepEqual(log.errors, []);
  await context.close();
});

// Issue 57: the cross-check compares like with like. A contest case's answer is made by the
// rules' answer() from the start's value, and the independent solver (a plain minimax over the
// rules, in the worker) works out that value: every case of every contest example's sample is
// "✓ checked", each example opened from the Examples list and each case reached with the case
// selector, by real clicks.
const contestExamples = fs.readdirSync(path.join(h.repoRoot, 'web/examples/rules'))
  .filter((file) => /\n {2}read = /.test(fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules', file), 'utf8')) &&
    /\n {2}answer = /.test(fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules', file), 'utf8')))
  .map((file) => file.replace(/\.lua$/, ''));

test('every case of every contest example is checked by the independent solver: no false alarm', { timeout: 600000 }, async () => {
  assert.ok(contestExamples.length >= 9, contestExamples.join(' '));
  const { page, log, context } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  await h.gotoApp(page, shared.server);
  await h.clickWidget(page, 'game-rules');
  await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null, null, 30000);
  let cases = 0, agreed = 0;
  for (const name of contestExamples) {
    await h.clickWidget(page, 'rules-examples');
    // Scroll the list with the wheel until the example is in view.
    for (let k = 0; k < 10 && !(await h.readState(page)).widgets[`example-${name}`]; ++k) {
      const list = (await h.readState(page)).widgets['example-anti_nim'] || (await h.widget(page, 'rules-examples'));
      await page.mouse.move(list.x + list.w / 2, list.y + list.h + 200);
      await page.mouse.wheel(0, 200);
      await h.frames(page, 3);
    }
    // The board on screen stays until the new one is ready: wait for a new board (its time of
    // showing changes), of the example clicked (its title), solved and checked.
    const title = fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules', `${name}.lua`), 'utf8').match(/title = "([^"]*)"/)[1];
    let shownAt = (await h.readState(page)).boardShownAt;
    await h.clickWidget(page, `example-${name}`);
    let state = await h.waitForState(page, (s, [want, before]) => s.fields['rules-title'] === want && s.boardShownAt !== before &&
      s.solving === null && ['done', undefined].includes(s.fields['judge-output-state']) && s.crossCheck !== 'pending' &&
      (s.fields['rules-case'] === undefined || s.fields['rules-case'].startsWith('1 of ')), [title, shownAt], 120000, 100);
    const count = state.fields['rules-case'] ? Number(state.fields['rules-case'].split(' of ')[1]) : 1;
    for (let k = 1; k <= count; ++k) {
      if (k > 1) {
        shownAt = state.boardShownAt;
        await h.clickWidget(page, 'case-next');
        state = await h.waitForState(page, (s, [want, before]) => s.fields['rules-case'] === want && s.boardShownAt !== before &&
          s.solving === null && s.fields['judge-output-state'] === 'done' && s.crossCheck !== 'pending', [`${k} of ${count}`, shownAt], 120000, 100);
      }
      // The reference gives up past 10,000 positions (Find the Winning Move's first case has
      // 130,488): nothing is shown then.
      const expected = state.positions > 10000 ? 'skipped' : 'agrees';
      assert.equal(state.crossCheck, expected, `${name}, case ${k} of ${count} (${state.positions} positions)`);
      assert.equal(!!state.widgets['cross-check'], expected === 'agrees', `${name}, case ${k}: the line "✓ checked"`);
      if (expected === 'agrees') ++agreed;
      ++cases;
    }
    console.log(`${name}: ${count} case(s) checked`);
  }
  assert.ok(cases >= 19 && agreed >= cases - 1, `${agreed} of ${cases} cases checked`);
  await h.screenshot(page, 'contest-checked-1280x800');
  assert.deepEqual(log.errors, []);
  await context.close();
});

// A deliberately wrong reference (tests/rules/stateful_moves.lua: moves(1) gives no move at every
// other call, so the independent solver sees another game than the solver): the alarm is shown.
test('a reference that disagrees shows the alarm with its answer', { timeout: 120000 }, async () => {
  const rules = fs.readFileSync(path.join(h.repoRoot, 'tests/rules/stateful_moves.lua'), 'utf8');
  const { page, log, context } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  const packed = require('node:zlib').deflateRawSync(Buffer.from(rules, 'utf8')).toString('base64url');
  await h.gotoApp(page, shared.server, `#g=rules&c=${packed}`);
  const state = await h.waitForState(page, (s) => s.game === 'rules' && s.solving === null && s.crossCheck !== 'pending', null, 60000, 100);
  assert.equal(state.crossCheck, 'differs', `the board says ${state.judgeOutput}`);
  assert.ok(state.widgets['cross-check'], 'the alarm is drawn');
  await h.screenshot(page, 'contest-alarm-1280x800');
  assert.deepEqual(log.errors, []);
  await context.close();
});
