// Measures how the page keeps up while large boards solve (issue 11): for each board, opened
// by a link in a running page, the wall time until it is on screen, the solve time the app
// reports, and the longest gap of a 20 ms heartbeat on the page's main thread (a gap is how
// long the thread was blocked, plus up to 20 ms). Prints a Markdown table.
//   GS_WEB_DIR=build/site node tests/browser/responsiveness.js [RUNS]
// Not a test: the figures in web/guides/performance.md come from it (medians of RUNS runs, default 3).
'use strict';
const h = require('./helpers');

const boards = [
  ['staircase 14 x 14 (40 M positions)', '#g=staircase&r=14.14.100000.1'],
  ['exchange 6+6+5 cards', '#g=exchange&r=6.6.5.1000000000.1'],
  ['exchange 6+6+6 cards', '#g=exchange&r=6.6.6.1000000000.1'],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

(async () => {
  console.log(require('../bench/machine.js').machineLine());
  const runs = Number(process.argv[2] || 3);
  const server = await h.startServer();
  const browser = await h.launchBrowser();
  console.log('| board | on screen after | solve (app) | longest main-thread gap |');
  console.log('|---|---|---|---|');
  try {
    for (const [name, fragment] of boards) {
      const wall = [], solve = [], gap = [];
      for (let run = 0; run < runs; ++run) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await h.gotoApp(page, server, '');
        await h.waitForState(page, (s) => s.solving === null && !!s.judgeOutput);
        await page.evaluate(() => {
          const beat = { last: performance.now(), maxGap: 0 };
          beat.timer = setInterval(() => {
            const now = performance.now();
            beat.maxGap = Math.max(beat.maxGap, now - beat.last);
            beat.last = now;
          }, 20);
          window.__heartbeat = beat;
        });
        const start = Date.now();
        await page.evaluate((hash) => { location.hash = hash; }, fragment);
        const recipe = fragment.split('r=')[1];
        const state = await h.waitForState(page, (s, r) => s.solving === null && s.recipe === r, recipe, 600000);
        wall.push(Date.now() - start);
        solve.push(state.solveMs);
        gap.push(await page.evaluate(() => { clearInterval(window.__heartbeat.timer); return window.__heartbeat.maxGap; }));
        await context.close();
      }
      console.log(`| ${name} | ${(median(wall) / 1000).toFixed(1)} s | ${(median(solve) / 1000).toFixed(1)} s | ${median(gap).toFixed(0)} ms (runs: ${gap.map((g) => g.toFixed(0)).join(', ')}) |`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
})();
