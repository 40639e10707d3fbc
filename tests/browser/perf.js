// Measures the browser app in Debian's headless Chromium (WebGL2 through SwiftShader, i.e. on
// the CPU: frame times here are a software-rendering figure, not a GPU one):
//   - time from navigation to the first state the app publishes (the first frame drawn and
//     interactive), over a few fresh page loads;
//   - frame times (requestAnimationFrame deltas over ~3 s, and the app's own CPU time per frame
//     when the test hook reports it) on the default board, on a 10 x 10 staircase with its
//     values shown, and on a random 2000 x 2000 manhattan board;
//   - the size of build/site/index.* (raw and gzip).
// Boards are set up with real clicks and key presses, as in the tests.
//   GS_WEB_DIR=build/site node tests/browser/perf.js [--loads N] [--seconds S]
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const h = require('./helpers');

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const loads = argument('--loads', 5);
const seconds = argument('--seconds', 3);
const fieldText = (rect) => ({ x: rect.x + 12, y: rect.y + rect.h / 2 });

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

// Records, from the page's own clock, when the app first publishes its state.
function watchFirstState() {
  const poll = () => {
    if (window.__gameSolverStateJson) {
      window.__gsFirstStateAt = performance.now();
      return;
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

async function measureLoad(browser, server) {
  const { context, page, log } = await h.openPage(browser, server);
  await context.addInitScript(watchFirstState);
  try {
    await page.goto(server.url('/'), { waitUntil: 'load' });
    await h.waitForApp(page, 60000);
    await page.waitForFunction(() => window.__gsFirstStateAt !== undefined, null, { timeout: 10000 });
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0];
      return {
        firstState: window.__gsFirstStateAt,
        domContentLoaded: navigation.domContentLoadedEventEnd,
        load: navigation.loadEventEnd,
      };
    });
    if (log.errors.length) throw new Error(log.errors.join('\n'));
    return timing;
  } finally {
    await context.close();
  }
}

// requestAnimationFrame deltas over `duration` ms, collected in the page.
async function frameDeltas(page, duration) {
  return page.evaluate((ms) => new Promise((resolve) => {
    const stamps = [];
    const tick = (time) => {
      stamps.push(time);
      if (time - stamps[0] < ms) requestAnimationFrame(tick);
      else resolve(stamps.slice(1).map((stamp, k) => stamp - stamps[k]));
    };
    requestAnimationFrame(tick);
  }), duration);
}

async function measureFrames(page, label) {
  await h.frames(page, 10);  // settle
  const deltas = await frameDeltas(page, seconds * 1000);
  const state = await h.readState(page).catch(() => null);
  return {
    label,
    frames: deltas.length,
    median: percentile(deltas, 50),
    p95: percentile(deltas, 95),
    cpuMedian: state?.frameMs?.median,
    cpuP95: state?.frameMs?.p95,
  };
}

async function main() {
  console.log(require('../bench/machine.js').machineLine());
  const server = await h.startServer();
  const browser = await h.launchBrowser();
  try {
    const version = browser.version();
    const loadRuns = [];
    for (let k = 0; k < loads; ++k) loadRuns.push(await measureLoad(browser, server));

    const rows = [];
    // Baselines without the app: what the headless browser's frame loop costs by itself, and
    // with a full-window WebGL2 canvas cleared every frame (SwiftShader's share).
    {
      const { context, page } = await h.openPage(browser, server);
      try {
        await page.setContent('<body style="margin:0"></body>');
        rows.push(await measureFrames(page, 'baseline: empty page'));
        await page.setContent(`<body style="margin:0"><canvas id="c" style="width:100vw;height:100vh;display:block"></canvas>
          <script>
            const canvas = document.getElementById('c');
            canvas.width = innerWidth; canvas.height = innerHeight;
            const gl = canvas.getContext('webgl2');
            const draw = () => { gl.clearColor(Math.random(), 0.2, 0.3, 1); gl.clear(gl.COLOR_BUFFER_BIT); requestAnimationFrame(draw); };
            requestAnimationFrame(draw);
          </script></body>`);
        rows.push(await measureFrames(page, 'baseline: WebGL2 canvas cleared each frame'));
      } finally {
        await context.close();
      }
    }

    const { context, page, log } = await h.openPage(browser, server);
    try {
      await h.gotoApp(page, server);
      await page.mouse.move(1, 1);
      rows.push(await measureFrames(page, 'default board (staircase 2 x 3)'));

      await h.typeInto(page, 'size-n', '10', { enter: true, point: fieldText });
      await h.typeInto(page, 'size-m', '10', { enter: true, point: fieldText });
      const state = await h.waitForState(page, (s) => s.lineLength === 100 && !!s.widgets['cell-10-10'], null, 30000);
      const cell = state.widgets['cell-1-1'];
      if (cell.w < 40) throw new Error(`cells are ${cell.w} px: values would not be shown`);
      await page.mouse.move(1, 1);
      rows.push(await measureFrames(page, `staircase 10 x 10, values shown (${Math.round(cell.w)} px cells)`));
      await h.screenshot(page, 'perf-staircase-10x10');

      await h.clickWidget(page, 'game-manhattan');
      await h.waitForState(page, (s) => s.game === 'manhattan');
      await h.typeInto(page, 'size-m', '700', { enter: true, point: fieldText });
      const started = Date.now();
      await h.typeInto(page, 'size-n', '2000', { enter: true, point: fieldText });
      await h.waitForState(page, (s) => s.positions === 4000000, null, 120000);
      const setUp = Date.now() - started;
      await page.mouse.move(1, 1);
      rows.push(await measureFrames(page, `manhattan 2000 x 2000 (typed and solved in ${(setUp / 1000).toFixed(1)} s)`));
      if (log.errors.length) throw new Error(log.errors.join('\n'));
    } finally {
      await context.close();
    }

    const files = fs.readdirSync(h.webDir).filter((name) => /^index\./.test(name)).sort();
    const sizes = files.map((name) => {
      const data = fs.readFileSync(path.join(h.webDir, name));
      return { name, bytes: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
    });

    console.log(`Game Solver app, ${version} headless, WebGL2 on SwiftShader (CPU), ${require('node:os').cpus().length} CPUs`);
    console.log(`served from ${path.relative(h.repoRoot, h.webDir) || '.'}\n`);
    const firstStates = loadRuns.map((run) => run.firstState);
    console.log(`Navigation to first published state (ms), ${loads} fresh loads`);
    console.log('  run   DOMContentLoaded   load   first state');
    loadRuns.forEach((run, k) =>
      console.log(`  ${String(k + 1).padStart(3)}   ${fixed(run.domContentLoaded).padStart(16)}   ${fixed(run.load).padStart(4)}   ${fixed(run.firstState).padStart(11)}`));
    console.log(`  median first state ${fixed(percentile(firstStates, 50))} ms, max ${fixed(Math.max(...firstStates))} ms\n`);

    console.log(`Frame times over ${seconds} s (ms): requestAnimationFrame deltas; app CPU per frame from the hook`);
    console.log('  board                                                     frames  median    p95   cpu median  cpu p95');
    for (const row of rows)
      console.log(`  ${row.label.padEnd(56)} ${String(row.frames).padStart(7)} ${fixed(row.median).padStart(7)} ${fixed(row.p95).padStart(6)} ${fixed(row.cpuMedian, 2).padStart(12)} ${fixed(row.cpuP95, 2).padStart(8)}`);
    console.log('');
    console.log('Size of build/site/index.*');
    for (const file of sizes)
      console.log(`  ${file.name.padEnd(12)} ${String(file.bytes).padStart(9)} bytes   gzip ${String(file.gzip).padStart(8)}`);
    const total = sizes.reduce((sum, file) => sum + file.bytes, 0);
    const totalGzip = sizes.reduce((sum, file) => sum + file.gzip, 0);
    console.log(`  ${'total'.padEnd(12)} ${String(total).padStart(9)} bytes   gzip ${String(totalGzip).padStart(8)}  (${(total / 1024).toFixed(0)} KiB, ${(totalGzip / 1024).toFixed(0)} KiB gzip)`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
