// How long a large board takes to reach the screen in a running page (the solver worker), beside
// the module's own load-and-solve in node and the native command, in one run (not a test):
//   GS_WEB_DIR=build/site node tests/browser/worker_bench.js [RUNS]      (default 3)
// Each board is opened by link in a page that has already drawn itself and started its worker,
// RUNS times (the sample board in between); the page's figure is the time from setting the
// link to the end of the first frame that drew the board, both read from the page's clock
// (performance.now(); the hook's boardShownAt), so the test driver's polling adds nothing. The module's is
// Session.loadLink in this process; the native one is `gamesolver solve` on the same board's
// judge text, as a whole process. Medians, and the first run apart (a fresh heap is paid for
// page by page on this machine: 200 MB take 0.6-1 s to touch for the first time). Then the peak
// resident memory (VmHWM) of the page's renderer process, worker included, for the 14 x 14
// staircase in a fresh browser; with GS_COMPARE_WEB_DIR set, the same for that build too.
// GS_BOARDS=staircase keeps the boards whose name holds the text.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const h = require('./helpers');

const runs = Number(process.argv[2] || 3);
const cli = path.join(h.repoRoot, 'build/native/gamesolver');
const kSample = '#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1';
const boards = [
  { name: 'staircase 14 x 14 (40 M positions)', link: '#g=staircase&r=14.14.100000.1', random: ['staircase', '14', '14', '1'] },
  { name: 'exchange 6+6+6 seed 1', link: '#g=exchange&r=6.6.6.1000000000.1', random: ['exchange', '6', '6', '6', '1'] },
  { name: 'exchange 6+6+6 seed 2', link: '#g=exchange&r=6.6.6.1000000000.2', random: ['exchange', '6', '6', '6', '2'] },
  { name: 'exchange 7+7+4 seed 1', link: '#g=exchange&r=7.7.4.1000000000.1', random: ['exchange', '7', '7', '4', '1'] },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`;

function nativeTimes(board) {
  const text = spawnSync(cli, ['random', ...board.random], { encoding: 'utf8' }).stdout;
  const times = [];
  let answer = '';
  for (let i = 0; i < runs; ++i) {
    const start = performance.now();
    const run = spawnSync(cli, ['solve', board.random[0]], { input: text, encoding: 'utf8' });
    times.push(performance.now() - start);
    answer = run.stdout;
  }
  return { times, answer };
}

async function moduleTimes(board) {
  const gs = await h.loadModule();
  const times = [];
  let answer = '';
  for (let i = 0; i < runs; ++i) {
    const session = new gs.Session();
    const start = performance.now();
    session.loadLink(board.link);
    times.push(performance.now() - start);
    answer = session.judgeOutput();
    session.delete();
  }
  return { times, answer };
}

async function pageTimes(page, board) {
  const times = [];
  const solveMs = [];
  let answer = '';
  for (let i = 0; i < runs; ++i) {
    await page.evaluate((hash) => { window.location.hash = hash; }, kSample);
    await h.waitForState(page, (s) => s.solving === null && s.judgeOutput === '2\n', null, 30000, 50);
    const start = await page.evaluate((hash) => {
      const now = performance.now();
      window.location.hash = hash;
      return now;
    }, board.link);
    const state = await h.waitForState(page, (s) => s.solving === null && s.judgeOutput !== '2\n', null, 300000, 20);
    times.push(state.boardShownAt - start);
    solveMs.push(state.solveMs);
    answer = state.judgeOutput;
  }
  return { times, answer, solveMs };
}

function rendererPeakMb() {
  let peak = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      peak = Math.max(peak, Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024);
    } catch (error) {
      // a process that ended meanwhile
    }
  }
  return Math.round(peak);
}

async function peakMemory(webDir) {
  const server = await h.startServer(webDir);
  const browser = await h.launchBrowser();
  try {
    const { page } = await h.openPage(browser, server, { viewport: { width: 1280, height: 800 } });
    await h.gotoApp(page, server, kSample);
    await page.waitForTimeout(3000);
    const before = rendererPeakMb();
    await page.evaluate((hash) => { window.location.hash = hash; }, boards[0].link);
    await h.waitForState(page, (s) => s.solving === null && s.judgeOutput !== '2\n', null, 300000, 100);
    await page.waitForTimeout(1000);
    return { before, after: rendererPeakMb() };
  } finally {
    await browser.close();
    await server.close();
  }
}

(async () => {
  console.log(require('../bench/machine.js').machineLine());
  const server = await h.startServer();
  const browser = await h.launchBrowser();
  const { page } = await h.openPage(browser, server, { viewport: { width: 1280, height: 800 } });
  await h.gotoApp(page, server, kSample);
  await h.waitForState(page, (s) => s.solverWorker !== 'starting', null, 30000, 100);
  console.log(`the page's solver worker: ${(await h.readState(page)).solverWorker}; ${runs} runs each\n`);
  console.log('board                               page (first, median)   module in node (first, median)   native (median)   page / module');
  let agree = true;
  for (const board of boards.filter((b) => b.name.includes(process.env.GS_BOARDS || ''))) {
    const native = nativeTimes(board);
    const module = await moduleTimes(board);
    const inPage = await pageTimes(page, board);
    agree = agree && native.answer === module.answer && module.answer === inPage.answer;
    console.log(`${board.name.padEnd(36)}${`${ms(inPage.times[0])}, ${ms(median(inPage.times))}`.padEnd(23)}` +
      `${`${ms(module.times[0])}, ${ms(median(module.times))}`.padEnd(33)}${ms(median(native.times)).padEnd(18)}` +
      `${(median(inPage.times) / median(module.times)).toFixed(2)}x   (the worker's solve: ${ms(median(inPage.solveMs))})`);
  }
  await browser.close();
  await server.close();
  const memory = await peakMemory(h.webDir);
  console.log(`\npeak resident memory of the page's renderer, staircase 14 x 14: ${memory.after} MB (${memory.before} MB before the link)`);
  if (process.env.GS_COMPARE_WEB_DIR) {
    const other = await peakMemory(path.resolve(process.env.GS_COMPARE_WEB_DIR));
    console.log(`the same with ${process.env.GS_COMPARE_WEB_DIR}: ${other.after} MB (${other.before} MB before the link); ratio ${(memory.after / other.after).toFixed(2)}`);
  }
  if (!agree) {
    console.log('the answers differ');
    process.exitCode = 1;
  }
})();
