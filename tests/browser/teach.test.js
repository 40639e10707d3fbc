// Browser tests of teaching with the app (issue 35), with real input: a comment typed at a move
// of the line shows under the board and in the move list, travels in the page's link and comes
// back when the link is opened; on a phone the field is under the board and takes a phone
// keyboard's Chinese; the computer's strength slider goes into the link and the computer then
// plays legal moves at that strength.
//   GS_WEB_DIR=build/site node --test tests/browser/teach.test.js
'use strict';

const assert = require('node:assert/strict');
const { test } = require('node:test');
const h = require('./helpers');

const shared = h.sharedServerAndBrowser();
const sample = '#g=staircase';  // the judge sample, its optimal line of 6 moves on the board

const hashOf = (page) => page.evaluate(() => location.hash);
const comment = (state) => state.fields.comment ?? '';

test('desktop: a comment typed at a move is shown under the board and in the list, and the link brings it back', async () => {
  const { context, page, log } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  try {
    await h.gotoApp(page, shared.server, sample);
    await h.clickWidget(page, 'move-list-2');
    await h.waitForState(page, (s) => s.step === 2);
    const words = 'The only move that keeps the lead: (1, 3) would give it away';
    await h.typeInto(page, 'comment', words, { enter: true });
    let state = await h.waitForState(page, (s, w) => s.fields.comment === w, words);
    // Under the board (the board's rectangle above it), and in the move list under move 2.
    const shown = state.widgets['comment-shown'];
    assert.ok(shown && shown.y >= state.widgets.board.y + state.widgets.board.h - 1,
      `the comment is under the board: ${JSON.stringify(shown)} ${JSON.stringify(state.widgets.board)}`);
    const hash = await hashOf(page);
    assert.match(hash, /&n=[A-Za-z0-9_-]+/, hash);
    // A screen reader hears it with the move (the live region's status line).
    await page.waitForFunction((w) => document.getElementById('gs-status').textContent.includes(w), words);
    const png = await h.screenshot(page, 'teach-comment-1280x800');
    const text = h.imageStats(png, shown);
    assert.ok(text.distinctColours > 10, 'the comment is drawn');
    // Another step has no comment; the arrow key brings the commented one back.
    await h.clickWidget(page, 'move-list-1');
    state = await h.waitForState(page, (s) => s.step === 1);
    assert.equal(comment(state), '');
    assert.equal(state.widgets['comment-shown'], undefined);
    await h.blur(page);
    await h.pressKey(page, 'ArrowRight');
    state = await h.waitForState(page, (s, w) => s.step === 2 && s.fields.comment === w, words);
    // The link opened afresh shows the same line, step and comment.
    const { context: other, page: reader } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1024, height: 768 } });
    try {
      await h.gotoApp(reader, shared.server, hash);
      const opened = await h.waitForState(reader, (s, w) => s.step === 2 && s.fields.comment === w, words, 30000);
      assert.equal(opened.lineLength, 6);
      await h.screenshot(reader, 'teach-comment-1024x768');
    } finally {
      await other.close();
    }
    // A desktop input method: pinyin composes in the field until the word is chosen, and only
    // the word is typed.
    await h.clickWidget(page, 'comment');
    await h.selectAll(page);
    await h.pressKey(page, 'Backspace');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'xian', selectionStart: 4, selectionEnd: 4 });
    await h.frames(page, 2);
    await cdp.send('Input.imeSetComposition', { text: 'xianshou', selectionStart: 8, selectionEnd: 8 });
    await h.frames(page, 2);
    await cdp.send('Input.insertText', { text: '先手' });
    await h.frames(page, 2);
    await h.typeText(page, ' wins');
    await h.pressKey(page, 'Enter');
    await h.waitForState(page, (s) => s.fields.comment === '先手 wins');
    await cdp.detach();
    // Emptying the field removes the comment and the link's n part.
    await h.clickWidget(page, 'comment');
    await h.selectAll(page);
    await h.pressKey(page, 'Backspace');
    await h.pressKey(page, 'Enter');
    await h.waitForState(page, (s) => (s.fields.comment ?? '') === '' && !s.widgets['comment-shown']);
    await page.waitForFunction(() => !location.hash.includes('&n='));
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('desktop: the strength slider goes into the link, and the computer answers with legal moves at that strength', async () => {
  const { context, page, log } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 } });
  try {
    await h.gotoApp(page, shared.server, '#g=staircase&b=3.3_9.4.3_6.7.6_4.5.9_1.1.1_1.1.1_1.1.1');
    await h.waitForState(page, (s) => s.solving === null && !!s.judgeOutput, null, 30000);
    await h.clickWidget(page, 'new-game');
    await h.clickWidget(page, 'computer-1');  // the computer plays White
    // A click at the slider's left end: strength 0.
    await h.clickWidget(page, 'strength', { point: (r) => ({ x: r.x + 3, y: r.y + r.h / 2 }) });
    await page.waitForFunction(() => location.hash.includes('&p=hc&strength=0'));
    assert.deepEqual((await h.readState(page)).computer, [false, true]);
    // Black plays; White (the computer) answers, at random among its legal moves.
    await h.clickWidget(page, 'cell-1-1');
    let state = await h.waitForState(page, (s) => s.step === 2, null, 10000);
    assert.match(state.movesPlayed[1], /^(1-2|2-1)$/, 'the computer played a legal move');
    // The slider's right end: perfect play, which the link leaves out.
    await h.clickWidget(page, 'strength', { point: (r) => ({ x: r.x + r.w - 3, y: r.y + r.h / 2 }) });
    await page.waitForFunction(() => location.hash.includes('&p=hc') && !location.hash.includes('strength'));
    // The hint still names the best move.
    await h.clickWidget(page, 'hint');
    state = await h.waitForState(page, (s) => s.toasts.some((t) => t.startsWith('Hint: ')));
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('phone: the comment is under the board and its field takes the phone keyboard\'s Chinese, drawn with glyphs the page fetches', async () => {
  const { context, page, log } = await h.openPage(shared.browser, shared.server,
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, touch: true });
  try {
    await h.gotoApp(page, shared.server, sample);
    await h.tapWidget(page, 'next');
    await h.tapWidget(page, 'next');
    await h.waitForState(page, (s) => s.step === 2);
    const field = await h.tapWidget(page, 'comment');
    const board = (await h.readState(page)).widgets.board;
    assert.ok(field.y > board.y + board.h, 'the field is under the board');
    // The on-screen keyboard types into the page's keyboard proxy (a real text field).
    await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'gs-keyboard-proxy');
    // Characters the interface's own font lacks (石, 态, 饕, 餮): the page fetches their glyphs.
    const words = '取石子：先手必败态，饕餮也救不了';
    await page.keyboard.insertText(words);
    await h.frames(page, 3);
    await page.keyboard.press('Enter');
    const state = await h.waitForState(page, (s, w) => s.fields.comment === w && s.fields['comment-lacking'] === '0',
      words, 20000);
    assert.deepEqual(state.missingGlyphs, []);
    assert.ok(state.widgets['comment-shown'].y > board.y + board.h, 'shown under the board');
    assert.match(await hashOf(page), /&n=/);
    const png = await h.screenshot(page, 'teach-comment-390x844');
    assert.ok(h.imageStats(png, state.widgets['comment-shown'], 2).distinctColours > 10, 'the comment is drawn');
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
