// Takes the README's screenshots of the app from build/site: each game at 1280 x 800 (desktop),
// 1024 x 768 (tablet) and 390 x 844 (a phone, touch), named <game>-<width>x<height>.png, and
// the GIF the app's Save GIF makes of a staircase line (staircase-line.gif).
//   node tests/browser/readme_screenshots.js [OUT_DIR]      (default imgui_app/screenshots)
// Not a test: run it by hand after a visible change to the app, and look at every picture.
// GS_SHOTS=contest takes only the contest problem's (contest-<width>x<height>.png: rules that
// read a 5-case input, case 2 on the board, the judge's output of every case in the answer box).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const h = require('./helpers');

const out = path.resolve(process.argv[2] || path.join(h.repoRoot, 'imgui_app/screenshots'));
// Boards mid-game, each with a mistake on the line so the marks show.
const boards = {
  staircase: '#g=staircase&b=3.3_9.4.3_6.7.6_4.5.9_0.0.0_0.0.0_0.0.0&m=1-1.2-1.1-2.1-3.3-1.2-2.2-3.3-2.3-3&s=4',
  exchange: '#g=exchange&b=4.4.4_98.98765.987654.987654321_987.9876.9876543.98765432_123.12345.1234567.123456789&m=A1.B1&s=2',
  manhattan: '#g=manhattan&r=60.30.7&m=30-30.1-1',
};
const sizes = [[1280, 800, false], [1024, 768, false], [390, 844, true]];
const only = process.env.GS_SHOTS || '';
// A contest problem's link: Codeforces 1398B's rules, its first sample (5 cases), case 2, a move.
const deflate = (text) => require('node:zlib').deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url');
const contest = '#g=rules&c=' +
  deflate(fs.readFileSync(path.join(h.repoRoot, 'web/examples/rules/substring_removal.lua'), 'utf8')) +
  '&i=' + deflate(fs.readFileSync(path.join(h.repoRoot, 'tests/rules/contest/substring_removal.1.in'), 'utf8')) +
  '&k=2&m=1';

(async () => {
  const server = await h.startServer();
  const browser = await h.launchBrowser();
  fs.mkdirSync(out, { recursive: true });
  try {
    for (const [width, height, touch] of only === 'contest' ? [] : sizes) {
      for (const [game, fragment] of Object.entries(boards)) {
        const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
        const page = await context.newPage();
        await h.gotoApp(page, server, fragment);
        await h.waitForState(page, (s) => s.solving === null && s.crossCheck !== 'pending', null, 30000);
        await h.frames(page, 10);
        const file = path.join(out, `${game}-${width}x${height}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await context.close();
      }
    }
    for (const [width, height, touch] of sizes) {
      if (width === 1024) continue;
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      await h.gotoApp(page, server, contest);
      await h.waitForState(page, (s) => s.solving === null && s.fields['judge-output-state'] === 'done', null, 60000);
      await h.frames(page, 10);
      const file = path.join(out, `contest-${width}x${height}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
    if (only === 'contest') return;
    // The README's GIF, made by the app's Save GIF: the 3 x 3 board's optimal line.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    await h.gotoApp(page, server, '#g=staircase&b=3.3_9.4.3_6.7.6_4.5.9_0.0.0_0.0.0_0.0.0');
    await h.waitForState(page, (s) => s.solving === null && !!s.widgets['save-gif']);
    const download = page.waitForEvent('download');
    await h.clickWidget(page, 'save-gif');
    const file = path.join(out, 'staircase-line.gif');
    await (await download).saveAs(file);
    console.log(file);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
})();
