// Issue 60: a partisan board shows its combinatorial value — the canonical form as CGSuite prints
// it, the outcome class, mean, temperature and stops, and the thermograph — for the position on
// screen and after each move (the move buttons carry the value each move leads to), driven by
// real clicks and taps at 1280 x 800 and on a 390 x 844 touch phone; a large value is worked out
// in slices to the value the module's cgt() gives in one call. The page works a value out a slice
// of positions a frame (fitted to some 12 to 30 ms) and stops after 200,000 for one position,
// until Work on.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers');

const shared = h.sharedServerAndBrowser();
const domineering = fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules/domineering.lua'), 'utf8');
// CGSuite's own test of game.grid.Domineering: the empty 4 x 4 grid.
const kFourByFour = '+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}';

async function openDomineering(options, rows, cols) {
  const opened = await h.openPage(shared.browser, shared.server, options);
  await h.gotoApp(opened.page, shared.server, h.rulesLink(domineering, [rows, cols]));
  // The value is worked out in slices: done when it is there, or refused for good.
  const state = await h.waitForState(opened.page, (s) => s.game === 'rules' && s.solving === null &&
    s.cgt && (s.cgt.canonical || (s.cgt.refused && !s.cgt.cutShort)), null, 60000, 100);
  return { ...opened, state };
}

// The move a label names: the widget's own text is the button's label.
function moveIndex(state, value) {
  const index = state.cgt.moves.indexOf(value);
  assert.notEqual(index, -1, `a move leading to ${value} among ${JSON.stringify(state.cgt.moves)}`);
  return index;
}

test('4 x 4 Domineering at 1280 x 800: CGSuite\'s canonical form, its thermograph, and the value after a clicked move', { timeout: 120000 }, async () => {
  const { page, context, log, state } = await openDomineering({ viewport: { width: 1280, height: 800 } }, 4, 4);
  try {
    assert.equal(state.cgt.canonical, kFourByFour);
    assert.deepEqual([state.cgt.outcome, state.cgt.mean, state.cgt.temperature, state.cgt.leftStop, state.cgt.rightStop],
      ['N', '0', '0', '0', '0']);
    const graph = state.widgets['cgt-thermograph'];
    assert.ok(state.widgets['cgt-value'] && graph, 'the value and the thermograph are drawn');
    assert.ok(graph.w > 300 && graph.h >= 80, `a thermograph of ${graph.w} x ${graph.h}`);
    // The thermograph is drawn: its walls (sky blue) and its mast (yellow) are on screen.
    const stats = h.imageStats(await h.screenshot(page, 'cgt-domineering-1280x800'), graph);
    const near = (r, g, b, c) => Math.abs(r - c[0]) + Math.abs(g - c[1]) + Math.abs(b - c[2]) < 40;
    const walls = stats.colourCount((r, g, b) => near(r, g, b, [86, 180, 233]));
    const mast = stats.colourCount((r, g, b) => near(r, g, b, [240, 228, 66]));
    console.log(`thermograph ${graph.w} x ${graph.h}: ${walls} wall pixels, ${mast} mast pixels`);
    assert.ok(walls > 300 && mast > 100, `walls ${walls} and mast ${mast} pixels drawn`);
    // Each of Left's 12 moves has a value; Tiny(2) is the value of the best ones (the left
    // options of CGSuite's form are what they reverse to: Tiny(2) = {0||0|-2} reverses to 0).
    assert.equal(state.cgt.moves.length, 12);
    assert.ok(state.cgt.moves.every((m) => typeof m === 'string' && m.length > 0));
    const k = moveIndex(state, 'Tiny(2)');
    await h.clickWidget(page, `move-${k + 1}`);
    const after = await h.waitForState(page, (s) => s.step === 1 && s.cgt && s.cgt.canonical, null, 10000);
    assert.equal(after.cgt.canonical, 'Tiny(2)');
    // An infinitesimal: Left wins whoever starts, its stops are 0 and its temperature 0.
    assert.deepEqual([after.cgt.outcome, after.cgt.mean, after.cgt.temperature], ['L', '0', '0']);
    // Back to the start: the start's value again, kept (nothing worked out twice).
    await h.pressKey(page, 'Home');
    const back = await h.waitForState(page, (s) => s.step === 0 && s.cgt && s.cgt.canonical, null, 10000);
    assert.equal(back.cgt.canonical, kFourByFour);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('on a 390 x 844 touch phone: the value, the thermograph in the screen\'s width, and a tapped move', { timeout: 120000 }, async () => {
  const { page, context, log, state } = await openDomineering({ viewport: { width: 390, height: 844 }, touch: true }, 2, 3);
  try {
    // The 2 x 3 board (2 rows, 3 columns) is {2|-1/2} (Winning Ways; its Left moves leave
    // 2 x 2 = +-1 or two 2 x 1 columns, 2).
    assert.equal(state.cgt.canonical, '{2|-1/2}');
    assert.deepEqual([state.cgt.outcome, state.cgt.mean, state.cgt.temperature, state.cgt.leftStop, state.cgt.rightStop],
      ['N', '3/4', '5/4', '2', '-1/2']);
    assert.deepEqual(state.cgt.moves, ['+-1', '2', '+-1']);
    const graph = await h.widget(page, 'cgt-thermograph', 10000);
    assert.ok(graph.x >= 0 && graph.x + graph.w <= 390, `the thermograph within the screen: ${JSON.stringify(graph)}`);
    await h.screenshot(page, 'cgt-domineering-390x844');
    await h.tapWidget(page, 'move-2');
    const after = await h.waitForState(page, (s) => s.step === 1 && s.cgt && s.cgt.canonical, null, 10000);
    assert.equal(after.cgt.canonical, '2');
    assert.equal(after.cgt.temperature, '-1');
    await h.screenshot(page, 'cgt-domineering-390x844-after');
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('a value past a slice is worked out a slice a frame, the page responsive, to the module\'s value', { timeout: 180000 }, async () => {
  const module = await h.loadModule();
  const session = new module.Session();
  assert.equal(session.loadRules(domineering, { rows: 4, cols: 5 }).ok, true);
  const reference = session.cgt();
  session.delete();
  assert.equal(reference.ok, true, JSON.stringify(reference));
  const opened = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  const { page, context, log } = opened;
  try {
    await h.gotoApp(page, shared.server, h.rulesLink(domineering, [4, 5]));
    const working = await h.waitForState(page, (s) => s.cgt && s.cgt.cutShort && s.widgets['cgt-working'], null, 60000, 'raf');
    assert.equal(working.cgt.paused, false);
    await h.observeLongTasks(page);
    const started = Date.now();
    const done = await h.waitForState(page, (s) => s.cgt && s.cgt.canonical, null, 120000, 100);
    const tasks = await h.takeLongTasks(page);
    console.log(`4 x 5 Domineering: ${done.cgt.canonical} in ${Date.now() - started} ms of slices; ` +
      `the page's longest task ${Math.max(0, ...tasks.map((t) => t.ms))} ms`);
    assert.equal(done.cgt.canonical, reference.canonical);
    assert.equal(done.cgt.temperature, reference.temperature);
    assert.deepEqual(done.cgt.moves, reference.moves);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('past 200,000 positions for one position the page stops and says so; Work on goes on', { timeout: 180000 }, async () => {
  const opened = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  const { page, context, log } = opened;
  try {
    await h.gotoApp(page, shared.server, h.rulesLink(domineering, [5, 5]));
    const paused = await h.waitForState(page, (s) => s.cgt && s.cgt.paused && s.widgets['cgt-work-on'], null, 150000, 200);
    // Slices of positions met, each leaving its line of unfinished ones to the next, until
    // 200,000 are valued (the last slice at most kPageSliceMost past them).
    assert.ok(paused.cgt.worked >= 200000 && paused.cgt.worked <= 264000, `${paused.cgt.worked} positions`);
    assert.match(paused.cgt.refused, /^more than [\d,]+ positions$/);  // the last slice's cap
    await h.clickWidget(page, 'cgt-work-on');
    const again = await h.waitForState(page, (s) => s.cgt && s.cgt.cutShort && !s.cgt.paused && s.cgt.worked > 0, null, 10000, 'raf');
    assert.ok(again.widgets['cgt-working']);
    // Another position (a move played) starts its own run.
    await h.clickWidget(page, 'move-1');
    const moved = await h.waitForState(page, (s) => s.step === 1 && s.cgt, null, 20000, 'raf');
    assert.ok(moved.cgt.worked < 200000);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
