// Touch targets: on a 390 x 844 touch phone every control (a widget the test hook marks
// "control": something a finger presses, drags or types into) is at least 44 x 44 CSS pixels, in
// every view: each built-in game's analysis and editor tabs, a rules game and its editor, the
// Examples list, a contest problem's case selector, the table, a long solve with Play it by
// search and the lazy board it opens, the Rules and Embed dialogs (the
// title bar's x among their controls), and the phone embed of each game. A 1280 x 800 desktop
// page keeps its sizes (a button is as tall as the desktop's frame, not 44). Board cells are the board's, as large as the board makes them,
// and are not controls.
//   GS_WEB_DIR=build/site node --test tests/browser/touch_targets.test.js
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const h = require('./helpers');

const shared = h.sharedServerAndBrowser();
const examples = path.join(h.repoRoot, 'web/examples/rules');
const read = (name) => fs.readFileSync(path.join(examples, name), 'utf8');
const kPhone = { viewport: { width: 390, height: 844 }, touch: true };
const kMin = 44;  // CSS pixels: a finger's target, each way
const shotDir = process.env.GS_TOUCH_SHOTS || '';

const controls = (state) => Object.entries(state.widgets).filter(([, rect]) => rect.control);
const size = (rect) => `${rect.w.toFixed(1)}x${rect.h.toFixed(1)}`;

// What each view showed: its controls, and those smaller than a finger.
class Survey {
  constructor() {
    this.views = [];
  }
  // The view's controls from one or more states (of a page scrolled from top to bottom): each
  // control as last seen drawn (a control scrolled out of its list has no area).
  add(view, states, exclude = new Set()) {
    const seen = new Map();
    for (const state of [].concat(states))
      for (const [name, rect] of controls(state))
        if (exclude.has(name)) continue;
        else if ((rect.w > 0 && rect.h > 0) || !seen.has(name)) seen.set(name, rect);
    // A control with no area was laid out but not drawn (a list's row scrolled out of its
    // list): it must be measured drawn in another view.
    const all = [...seen.entries()].filter(([, rect]) => rect.w > 0 && rect.h > 0);
    const hidden = [...seen.entries()].filter(([, rect]) => !(rect.w > 0 && rect.h > 0)).map(([name]) => name);
    const small = all.filter(([, rect]) => rect.w < kMin - 0.05 || rect.h < kMin - 0.05);
    this.views.push({ view, count: all.length, small, hidden, drawn: new Set(all.map(([name]) => name)), smallest: all.reduce((least, [name, rect]) =>
      (!least || Math.min(rect.w, rect.h) < Math.min(least[1].w, least[1].h) ? [name, rect] : least), null) });
    return all.length;
  }
  report() {
    const lines = [];
    for (const { view, small } of this.views)
      if (small.length) lines.push(`${view}: ${small.map(([name, rect]) => `${name} ${size(rect)}`).join(', ')}`);
    for (const { view, hidden } of this.views)
      for (const name of hidden)
        if (!this.views.some((other) => other.drawn.has(name))) lines.push(`${view}: ${name} never drawn`);
    return lines;
  }
  smallest() {
    let least = null;
    for (const { view, smallest } of this.views)
      if (smallest && (!least || Math.min(smallest[1].w, smallest[1].h) < Math.min(least.rect.w, least.rect.h)))
        least = { view, name: smallest[0], rect: smallest[1] };
    return least && `${least.name} ${size(least.rect)} (${least.view})`;
  }
}

async function shoot(page, name) {
  if (!shotDir) return;
  fs.mkdirSync(shotDir, { recursive: true });
  fs.writeFileSync(path.join(shotDir, `${name}.png`), await page.screenshot());
}

const inside = (x, y, rect, pad) => x >= rect.x - pad && x <= rect.x + rect.w + pad && y >= rect.y - pad && y <= rect.y + rect.h + pad;
// Regions that keep a drag of their own (they scroll inside, or they are the board).
const kDragged = new Set(['board', 'board-drawing', 'heatmap', 'moves-list', 'search-moves', 'table-grid', 'rules-grid',
  'judge-output', 'table-loss-list']);

// A point of the page where a finger can start a swipe that scrolls it: clear of every control
// (a slider or a text field keeps the drag; rows of a list scroll their list) and of the regions
// above, between `low` and `high` (text is fine).
function freePoint(state, low, high) {
  // Lines of text the page draws itself (not inside a list: a list's rows scrolled out of it
  // are still laid out, over what is below the list).
  for (const name of ['value-now', 'best-move', 'summary', 'cross-check', 'last-verdict', 'result'].reverse()) {
    const rect = state.widgets[name];
    if (rect && rect.y + rect.h / 2 >= low && rect.y + rect.h / 2 <= high && rect.w > 40)
      return { x: rect.x + Math.min(rect.w / 2, 150), y: rect.y + rect.h / 2 };
  }
  const rects = Object.entries(state.widgets).filter(([name, rect]) => rect.control || kDragged.has(name));
  for (let y = high; y >= low; y -= 4)
    for (const x of [356, 200, 300, 100, 20])  // (not on the page's scroll bar, at its right edge)
      if (!rects.some(([name, rect]) => inside(x, y, rect, rect.control ? 12 : 2))) return { x, y };
  return null;
}

// Swipes the phone's page until the widget is wholly on screen; its rectangle.
async function scrollIntoView(page, name) {
  for (let k = 0; k < 16; ++k) {
    const state = await h.readState(page);
    const rect = state.widgets[name];
    if (!rect) throw new Error(`${name} is not drawn; widgets: ${Object.keys(state.widgets).join(' ')}`);
    if (rect.y >= 4 && rect.y + rect.h <= 844 - 4) return rect;
    const down = rect.y + rect.h > 844 - 4;
    const from = freePoint(state, down ? 560 : 260, down ? 820 : 520);
    if (!from) throw new Error(`no free place to swipe from for ${name}`);
    const distance = Math.min(250, Math.abs(rect.y - 400) + 20);
    await h.touchSwipe(page, from, { x: from.x, y: from.y + (down ? -distance : distance) }, 6);
    await h.settle(page, name);
  }
  throw new Error(`${name} did not scroll into view`);
}

// The phone's page from top to bottom, a state per screen (every control is drawn on one of
// them); then back to the top.
async function wholePage(page, name) {
  const states = [await h.readState(page)];
  for (let k = 0; k < 12; ++k) {
    const state = states[states.length - 1];
    const from = freePoint(state, 260, 820);
    if (!from) {
      console.log(`# ${name}: no free place to swipe from at screen ${k}`);
      break;
    }
    await h.touchSwipe(page, from, { x: from.x, y: Math.max(60, from.y - 450) }, 6);
    const next = await h.settle(page, 'tab-analysis');
    await shoot(page, `${name}-${k + 1}`);
    states.push(next);
    if (Math.abs(next.widgets['tab-analysis'].y - state.widgets['tab-analysis'].y) < 1) break;
  }
  for (let k = 0; k < 12; ++k) {
    const state = await h.readState(page);
    if (Math.abs(state.widgets['tab-analysis'].y - states[0].widgets['tab-analysis'].y) < 1) break;
    const from = freePoint(state, 200, 400) || { x: 356, y: 300 };
    await h.touchSwipe(page, from, { x: from.x, y: Math.min(830, from.y + 450) }, 6);
    await h.settle(page, 'tab-analysis');
  }
  return states;
}

async function tapInView(page, name) {
  await scrollIntoView(page, name);
  return h.tapWidget(page, name);
}

// The tab the phone shows under the board: the editor's (the judge box, the rules' code) or the
// analysis.
const shownTab = (s) => (s.widgets['judge-text'] || s.widgets['rules-code'] ? 'editor' : 'analysis');
const solved = (s, game) => (!game || s.game === game) && s.solving === null && !!s.judgeOutput;

async function phonePage(fragment = '') {
  const opened = await h.openPage(shared.browser, shared.server, kPhone);
  await h.gotoApp(opened.page, shared.server, fragment);
  return opened;
}

test('on a 390 x 844 touch phone every control in every view is at least 44 x 44 CSS px', { timeout: 600000 }, async () => {
  const survey = new Survey();
  const errors = [];
  // The built-in games, each tab of each.
  {
    const { page, log, context } = await phonePage();
    let state = await h.waitForState(page, solved, null, 30000);
    assert.equal(state.layout, 'phone');
    assert.ok(controls(state).length > 10, `the hook marks controls: ${JSON.stringify(state.widgets)}`);
    const games = Object.keys(state.widgets).filter((name) => name.startsWith('game-') && name !== 'game-rules')
      .map((name) => name.slice('game-'.length));
    assert.ok(games.length >= 3, `the games: ${games}`);
    for (const game of games) {
      await h.tapWidget(page, `game-${game}`);
      state = await h.waitForState(page, solved, game, 60000);
      const first = shownTab(state);
      survey.add(`${game} ${first}`, await wholePage(page, `${game}-${first}`));
      await shoot(page, `${game}-${first}`);
      const other = first === 'analysis' ? 'editor' : 'analysis';
      await tapInView(page, `tab-${other}`);
      await h.settle(page, `tab-${other}`);
      await shoot(page, `${game}-${other}`);
      survey.add(`${game} ${other}`, await wholePage(page, `${game}-${other}`));
    }
    // The dialogs.
    for (const dialog of ['rules', 'embed']) {
      const under = new Set(Object.keys((await h.readState(page)).widgets));
      await h.tapWidget(page, dialog);
      state = await h.waitForState(page, (s, d) => s.dialog === d, dialog);
      await h.frames(page, 3);
      state = await h.readState(page);
      survey.add(`the ${dialog} dialog`, state, under);  // (its own controls)
      assert.ok(state.widgets['dialog-close-x'], `the ${dialog} dialog's title-bar x is measured`);
      await shoot(page, `dialog-${dialog}`);
      // The Rules dialog is closed by a tap on its x, the Embed dialog by Escape.
      if (dialog === 'rules') await h.tapWidget(page, 'dialog-close-x');
      else await h.pressKey(page, 'Escape');
      await h.waitForState(page, (s) => s.dialog === '');
    }
    // Your game: the rules editor, the analysis tab, the Examples list.
    await h.tapWidget(page, 'game-rules');
    state = await h.waitForState(page, solved, 'rules', 30000);
    survey.add('rules game, first tab', await wholePage(page, 'rules-first'));
    await shoot(page, 'rules-first');
    const rulesTab = shownTab(state) === 'editor' ? 'analysis' : 'editor';
    await tapInView(page, `tab-${rulesTab}`);
    await h.settle(page, `tab-${rulesTab}`);
    await shoot(page, `rules-${rulesTab}`);
    state = await h.readState(page);
    survey.add(`rules game ${rulesTab}`, await wholePage(page, `rules-${rulesTab}`));
    if (!state.widgets['rules-examples']) {
      await tapInView(page, 'tab-editor');
      state = await h.settle(page, 'tab-editor');
    }
    await tapInView(page, 'rules-examples');
    state = await h.waitForState(page, (s) => Object.keys(s.widgets).some((name) => name.startsWith('example-')));
    assert.ok(Object.keys(state.widgets).filter((name) => name.startsWith('example-')).length >= 5, 'the Examples list is open');
    survey.add('the Examples list', state);
    await shoot(page, 'rules-examples');
    errors.push(...log.errors);
    await context.close();
  }
  // A contest problem's input: the case selector, the input box's Load and Sample.
  {
    const packed = require('node:zlib').deflateRawSync(Buffer.from(read('substring_removal.lua'), 'utf8')).toString('base64url');
    const { page, log, context } = await phonePage(`#g=rules&c=${packed}`);
    let state = await h.waitForState(page, (s) => s.fields['rules-case'] === '1 of 5' && s.solving === null, null, 60000, 100);
    survey.add('a contest problem, first tab', await wholePage(page, 'contest-first'));
    await shoot(page, 'contest-first');
    const tab = shownTab(state) === 'editor' ? 'analysis' : 'editor';
    await tapInView(page, `tab-${tab}`);
    state = await h.settle(page, `tab-${tab}`);
    await shoot(page, `contest-${tab}`);
    survey.add(`a contest problem ${tab}`, await wholePage(page, `contest-${tab}`));
    for (const name of ['case-prev', 'case-next']) assert.ok(state.widgets[name], `${name} is drawn`);
    errors.push(...log.errors);
    await context.close();
  }
  // The table.
  {
    const { page, log, context } = await phonePage(h.rulesLink(read('take134.lua'), [20]) + '&t=n.0.200');
    const state = await h.waitForState(page, (s) => s.fields['table-rows'] === '201' && !!s.fields['table-formula'], null, 60000);
    assert.ok(state.widgets['table-make'] && state.widgets['table-wrap'], 'the table\'s controls are drawn');
    survey.add('the table', await wholePage(page, 'table'));
    await shoot(page, 'table');
    errors.push(...log.errors);
    await context.close();
  }
  // A long solve (Wythoff's game at (300, 300), integer positions): its progress with Cancel and
  // Play it by search while the worker solves; then, tapped, the lazy board and its controls.
  {
    const wythoff = fs.readFileSync(path.join(h.repoRoot, 'tests/bench/plain/wythoff.rules.lua'), 'utf8');
    const { page, log, context } = await phonePage(h.rulesLink(wythoff, [300, 300]));
    let state = await h.waitForState(page, (s) => !!(s.solving && s.widgets['search-board']), null, 120000, 50);
    survey.add('a long solve', state);
    await shoot(page, 'long-solve');
    await h.tapWidget(page, 'search-board');
    state = await h.waitForState(page, (s) => !!(s.searchBoard && s.searchBoard.searched >= 1 && !s.searchBoard.searching), null, 60000, 50);
    assert.ok(state.widgets['search-values'], 'the lazy board\'s Moves left is drawn');
    survey.add('the lazy board', await wholePage(page, 'search-board'));
    await shoot(page, 'search-board');
    errors.push(...log.errors);
    await context.close();
  }
  // The phone embed of each game.
  for (const game of await h.gameIds()) {
    const { page, log, context } = await phonePage(`#g=${game}&embed=1`);
    const state = await h.waitForState(page, solved, game, 60000);
    assert.equal(state.layout, 'embed');
    survey.add(`${game} embed`, state);
    await shoot(page, `embed-${game}`);
    errors.push(...log.errors);
    await context.close();
  }
  const total = survey.views.reduce((sum, view) => sum + view.count, 0);
  console.log(`# ${survey.views.length} views, ${total} controls; the smallest: ${survey.smallest()}`);
  const small = survey.report();
  assert.deepEqual(small, [], `controls smaller than ${kMin} x ${kMin} CSS px on the phone:\n${small.join('\n')}`);
  assert.deepEqual(errors, []);
});

test('a 1280 x 800 desktop page keeps its sizes: a button is as tall as the desktop frame, not 44', async () => {
  const { page, log, context } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  await h.gotoApp(page, shared.server, '#g=staircase');
  const state = await h.waitForState(page, solved, 'staircase', 30000);
  assert.equal(state.layout, 'wide');
  const frame = 25;  // the 15 px font and 5 px of frame padding above and below
  for (const name of ['copy-link', 'embed', 'rules', 'lang', 'random', 'best', 'restart', 'hint', 'speed', 'strength', 'computer-0'])
    assert.equal(state.widgets[name].h, frame, `${name}: ${size(state.widgets[name])}`);
  assert.equal(size(state.widgets['game-staircase']), `100.0x${frame}.0`);
  assert.equal(size(state.widgets.first), '46.0x36.0', 'the replay buttons');
  assert.equal(size(state.widgets['computer-0']).split('x')[1], `${frame}.0`, 'a checkbox');
  assert.equal(size(state.widgets['size-n-minus']), `${frame}.0x${frame}.0`, 'a - button of a size field');
  const smallest = Math.min(...controls(state).map(([, rect]) => rect.h));
  assert.ok(smallest < kMin, 'the desktop has controls smaller than a finger\'s (it has a mouse)');
  // A dialog's title-bar x keeps the desktop's size (the 15 px text and the frame's padding) and
  // a mouse click on it closes the dialog.
  await h.clickWidget(page, 'rules');
  const dialog = await h.waitForState(page, (s) => s.dialog === 'rules' && !!s.widgets['dialog-close-x']);
  assert.equal(size(dialog.widgets['dialog-close-x']), `31.0x${frame}.0`);
  await h.clickWidget(page, 'dialog-close-x');
  await h.waitForState(page, (s) => s.dialog === '');
  assert.deepEqual(log.errors, []);
  await context.close();
});

// A 1024 x 768 touch tablet has the desktop's two panels and the touch device's finger-sized
// controls: every control drawn on each game's first screen and in the Rules dialog is at least
// 44 x 44 (the rows further down the analysis panel are the widgets the phone's survey measures
// as it scrolls).
test('on a 1024 x 768 touch tablet every control drawn is at least 44 x 44 CSS px', { timeout: 300000 }, async () => {
  const survey = new Survey();
  const { page, log, context } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1024, height: 768 }, touch: true });
  await h.gotoApp(page, shared.server, '#g=staircase');
  let state = await h.waitForState(page, solved, 'staircase', 30000);
  assert.equal(state.layout, 'tablet');
  for (const game of [...await h.gameIds(), 'rules']) {
    await h.tapWidget(page, `game-${game}`);
    state = await h.waitForState(page, solved, game, 60000);
    survey.add(`${game} on the tablet`, state);
    await shoot(page, `tablet-${game}`);
  }
  const under = new Set(Object.keys(state.widgets));
  await h.tapWidget(page, 'rules');
  await h.waitForState(page, (s) => s.dialog === 'rules');
  await h.frames(page, 3);
  state = await h.readState(page);
  survey.add('the Rules dialog on the tablet', state, under);
  await h.tapWidget(page, 'dialog-close-x');
  await h.waitForState(page, (s) => s.dialog === '');
  const total = survey.views.reduce((sum, view) => sum + view.count, 0);
  console.log(`# ${survey.views.length} views, ${total} controls; the smallest: ${survey.smallest()}`);
  assert.ok(total > 80, `the tablet's controls are measured: ${total}`);
  // (Rows scrolled out of the analysis panel are laid out, not drawn: only sizes are judged.)
  const small = survey.views.flatMap(({ view, small }) => small.map(([name, rect]) => `${view}: ${name} ${size(rect)}`));
  assert.deepEqual(small, [], `controls smaller than ${kMin} x ${kMin} CSS px on the tablet`);
  assert.deepEqual(log.errors, []);
  await context.close();
});
