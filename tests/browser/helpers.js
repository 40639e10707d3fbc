// Shared pieces of the browser tests and the perf script: a loopback static server for the
// built app, Debian's Chromium through playwright-core, and small helpers that read the app's
// test hook (window.gameSolverState) and act on it with real mouse and keyboard events only.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const zlib = require('node:zlib');
const { chromium } = require('playwright-core');

const repoRoot = path.resolve(__dirname, '..', '..');
const webDir = path.resolve(repoRoot, process.env.GS_WEB_DIR || 'build/site');
const screenshotDir = path.join(__dirname, 'screenshots');

const mimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.css': 'text/css; charset=utf-8',
  '.ico': 'image/x-icon',
};

// A static server for `dir` on 127.0.0.1 with an ephemeral port. Resolves to
// {origin, prefix, dir, url(p), close(), requests} where requests lists every path served.
// options.prefix (e.g. '/game-solver/') serves the folder under that path, as a project site on
// GitHub Pages is served: url('/') is then origin + '/game-solver/', the prefix without its
// slash redirects to it, and paths outside it are not found.
function startServer(dir = webDir, options = {}) {
  const root = path.resolve(dir);
  const prefix = (options.prefix || '/').replace(/^\/?/, '/').replace(/\/?$/, '/');
  const requests = [];
  const server = http.createServer((request, response) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    requests.push(pathname);
    if (prefix !== '/') {
      if (pathname === prefix.slice(0, -1)) {
        response.writeHead(301, { Location: prefix }).end();
        return;
      }
      if (!pathname.startsWith(prefix)) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      pathname = pathname.slice(prefix.length - 1);
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.resolve(root, '.' + pathname);
    if (file !== root && !file.startsWith(root + path.sep)) {
      response.writeHead(403).end();
      return;
    }
    fs.stat(file, (error, stat) => {
      if (error || !stat.isFile()) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      response.writeHead(200, {
        'Content-Type': mimeTypes[path.extname(file).toLowerCase()] || 'application/octet-stream',
        'Content-Length': stat.size,
        'Cache-Control': 'no-store',
      });
      if (request.method === 'HEAD') return response.end();
      fs.createReadStream(file).pipe(response);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      const origin = `http://127.0.0.1:${port}`;
      resolve({
        origin,
        prefix,
        dir: root,
        requests,
        url: (p = '/') => origin + prefix.slice(0, -1) + p,
        close: () => new Promise((done) => {
          server.closeAllConnections?.();
          server.close(() => done());
        }),
      });
    });
  });
}

const chromiumArgs = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu-sandbox',
];

// extraArgs: more Chromium switches (e.g. '--disable-webgl', to see the page without WebGL).
function launchBrowser(extraArgs = []) {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...chromiumArgs, ...extraArgs] });
}

// A browser with a profile on disk (not incognito), e.g. for what Chrome only offers to a real
// profile, such as installing the app. Resolves to a BrowserContext; close() ends the browser.
function launchPersistentContext(userDataDir, options = {}) {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs, ...options,
  });
}

// A fresh context and page that records console errors, page errors and every request.
// options: {viewport, deviceScaleFactor, permissions, locale}
async function openPage(browser, server, options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport || { width: 1400, height: 900 },
    deviceScaleFactor: options.deviceScaleFactor || 1,
    ...(options.locale ? { locale: options.locale } : {}),
    // A touch phone: taps and swipes arrive as touch events, and no pointer rests anywhere.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: server.origin });
  const page = await context.newPage();
  const log = { errors: [], console: [], requests: [] };
  page.on('console', (message) => {
    log.console.push(`${message.type()}: ${message.text()}`);
    if (message.type() === 'error') log.errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => log.errors.push(`pageerror: ${error.message}`));
  page.on('crash', () => log.errors.push('page crashed'));
  page.on('requestfailed', (request) =>
    log.errors.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  context.on('request', (request) => log.requests.push(request.url()));
  return { context, page, log };
}

// Requests that did not go to the local server (data: and blob: URLs stay in the page).
function foreignRequests(log, server) {
  return log.requests.filter((url) =>
    !url.startsWith(server.origin + '/') && !url.startsWith('data:') && !url.startsWith('blob:'));
}

async function readState(page) {
  return JSON.parse(await page.evaluate(() => JSON.stringify(window.gameSolverState ? window.gameSolverState() : null)));
}

// Waits until the app has published a state with widgets (the first frame was drawn).
async function waitForApp(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const state = window.gameSolverState && window.gameSolverState();
    return state && state.widgets && Object.keys(state.widgets).length > 0;
  }, null, { timeout, polling: 50 });
  return readState(page);
}

async function gotoApp(page, server, fragment = '') {
  await page.goto(server.url('/') + fragment, { waitUntil: 'load' });
  return waitForApp(page);
}

// Waits until predicate(state, arg) holds for the published state; returns that state.
// The predicate is sent into the page as source text (an expression evaluated by the driver,
// so no eval inside the page: it works under a strict Content-Security-Policy too), so it must
// be self-contained; arg must be JSON.
// `polling`: 'raf' (every frame) or milliseconds (a heartbeat test polls less, adding less work
// to the page's main thread than it measures).
async function waitForState(page, predicate, arg, timeout = 10000, polling = 'raf') {
  const expression = `(() => {
    const state = window.gameSolverState && window.gameSolverState();
    return state && (${predicate.toString()})(state, ${JSON.stringify(arg ?? null)}) ? JSON.stringify(state) : null;
  })()`;
  let handle;
  try {
    handle = await page.waitForFunction(expression, null, { timeout, polling });
  } catch (error) {
    // Say what the app showed instead.
    const state = await readState(page).catch(() => null);
    const { widgets, ...shown } = state || {};
    if (shown.judgeOutput && shown.judgeOutput.length > 200) shown.judgeOutput = shown.judgeOutput.slice(0, 200) + '...';
    error.message = `waiting for ${predicate.toString()} (arg ${JSON.stringify(arg)}): ${error.message}\n` +
      `state: ${JSON.stringify(shown)}`;
    throw error;
  }
  // (As text: the driver's own serialiser of objects took most of a 25-50 ms task of the page.)
  const state = JSON.parse(await handle.jsonValue());
  await handle.dispose();
  return state;
}

// Waits for the next few animation frames (ImGui acts on input at the next frame).
async function frames(page, count = 3) {
  await page.evaluate((n) => new Promise((resolve) => {
    const tick = () => (--n <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), count);
}

async function widget(page, name, timeout = 5000) {
  const state = await waitForState(page, (s, n) => !!s.widgets[n], name, timeout).catch(() => null);
  if (!state) {
    const names = Object.keys((await readState(page))?.widgets || {});
    throw new Error(`widget ${name} not found; widgets: ${names.join(' ')}`);
  }
  return state.widgets[name];
}

function centre(rect) {
  return { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
}

// A real mouse click at the centre of the named widget. ImGui needs to see the button down and
// up on separate frames, so the press is held for a couple of frames.
async function clickWidget(page, name, options = {}) {
  const rect = await widget(page, name);
  const point = options.point ? options.point(rect) : centre(rect);
  await clickAt(page, point.x, point.y);
  return rect;
}

// A tap on a widget, as a finger makes it (the page must be opened with `touch`).
async function tapWidget(page, name) {
  const rect = await widget(page, name);
  const point = centre(rect);
  await page.touchscreen.tap(point.x, point.y);
  await frames(page, 3);
  return rect;
}

// A one-finger swipe from `from` to `to` through Chromium's touch events, one move a frame.
// With `tapAt`, a finger goes down there as this one lifts (before the next frame: the panel is
// still gliding) and lifts a frame later; the page's state after it is returned.
async function touchSwipe(page, from, to, steps = 8, { tapAt = null } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let k = 1; k <= steps; ++k) {
    await frames(page, 1);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + (to.x - from.x) * k / steps, y: from.y + (to.y - from.y) * k / steps }],
    });
  }
  await frames(page, 1);
  if (tapAt) {
    await Promise.all([
      cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
      cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: tapAt.x, y: tapAt.y }] }),
    ]);
    await frames(page, 1);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await frames(page, 3);
    await cdp.detach();
    return readState(page);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await frames(page, 3);
  await cdp.detach();
}

// Waits until the page has stopped moving (a swipe's momentum has run out, so a tap is a tap
// and not the finger that stops a glide): the widget `name` stays within half a pixel over
// three frames and the page says nothing glides. Returns the last state read.
async function settle(page, name = 'board') {
  let previous = null;
  let state = null;
  for (let k = 0; k < 200; ++k) {
    await frames(page, 3);
    state = await readState(page);
    const y = state.widgets[name] ? state.widgets[name].y : 0;
    if (previous !== null && Math.abs(previous - y) < 0.5 && !state.touchMomentum) break;
    previous = y;
  }
  return state;
}

async function clickAt(page, x, y) {
  await page.mouse.move(x, y);
  await frames(page, 2);
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 2);
}

// Keys: ImGui 1.86 samples key state once a frame (no input queue), so a press must stay down
// until the app's next frame has run; the app's animation-frame callback is queued before ours,
// so one frame is enough. (Holding longer is harmless: keys repeat only with the browser's repeat
// events, never on ImGui's timer.)
async function pressKey(page, key) {
  await page.keyboard.down(key);
  await frames(page, 1);
  await page.keyboard.up(key);
  await frames(page, 2);
}

// Tab until the app's focus is on `name` (at most `limit` presses).
async function tabTo(page, name, limit = 80) {
  for (let k = 0; k < limit; ++k) {
    if ((await readState(page)).focus === name) return;
    await pressKey(page, 'Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

// Types text as real key events: characters through keypress (GLFW's character callback),
// each newline as an Enter press held across frames (ImGui 1.86 samples key state per frame).
async function typeText(page, text) {
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; ++k) {
    if (lines[k]) await page.keyboard.type(lines[k]);
    if (k + 1 < lines.length) await pressKey(page, 'Enter');
  }
  await frames(page, 2);
}

// Control+A held across frames: selects all text of the focused ImGui field.
async function selectAll(page) {
  await page.keyboard.down('Control');
  await pressKey(page, 'a');
  await page.keyboard.up('Control');
  await frames(page, 2);
}

// Replaces the contents of an ImGui text field (clicked first, at `point` of its rectangle if
// given) with `text`; Enter afterwards when asked.
async function typeInto(page, name, text, { enter = false, point } = {}) {
  await clickWidget(page, name, { point });
  await selectAll(page);
  await typeText(page, text);
  if (enter) await pressKey(page, 'Enter');
}

// Clicks somewhere neutral so no text field keeps the keyboard (arrow keys then drive replay).
async function blur(page) {
  const state = await readState(page);
  const rect = state.widgets['board-caption'] || state.widgets['summary'];
  await clickAt(page, rect.x + 2, rect.y + rect.h / 2);
}

// --- What the page's main thread does, as the browser and the app report it ---
// Tests assert what the app controls: the CPU time of each task of the page's main thread
// (Chromium's trace; kLongCpuTaskMs below) and the app's own frame and task times from the
// test hook. Wall-clock measures are printed, never asserted:
// the heartbeat (a 20 ms timer) and the long-task observer count the time the operating system
// leaves the renderer unscheduled, which on a busy 2-core machine gave heartbeat gaps of 143 ms
// with no long task (issue 18), and, with a dozen processes running, long tasks of 490 ms wall
// time that spent 35 ms on the CPU.

// Starts Chromium's trace of the page's tasks (the 'toplevel' category: every task the main
// thread runs, with its wall and its thread (CPU) time; 'devtools.timeline': the animation-frame
// callbacks among them, where the app does its work; 'v8.wasm.detailed': WebAssembly compiled
// on the main thread, named in a long task's `inside`; 'mojom': which interface a message that
// starts a task came by, so the test driver's own commands are told from the app's work).
// A trace left running by a test that failed before stopping it is stopped first (otherwise
// every later trace fails: "Cannot start recording trace while already recording trace").
const tracing = new WeakSet();
async function startTaskTrace(browser, page) {
  if (tracing.has(browser)) await browser.stopTracing().catch(() => {});
  tracing.add(browser);
  await browser.startTracing(page, {
    categories: ['toplevel', 'devtools.timeline', 'mojom', 'disabled-by-default-v8.wasm.detailed'],
  });
}

// Stops the trace: the tasks of the pages' main threads (CrRendererMain), each {wallMs, cpuMs},
// longest CPU time first; its `animationFrames` property lists the animation-frame callbacks
// (the app's frames, and the tests' own few) the same way. A task that runs a command of the
// test driver (a DevTools protocol message: Playwright evaluating a predicate, serialising the
// state it returns) has `driver: true`: such tasks took 25-38 ms of CPU time here, and 53 ms once
// on a busy machine (a failed run of the suite), most of it the driver's serialiser of the
// returned state, before waitForState and readState returned the state as text.
async function stopTaskTrace(browser) {
  tracing.delete(browser);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const events = trace.traceEvents || trace;
  const mainThreads = new Set();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name' && event.args.name === 'CrRendererMain')
      mainThreads.add(`${event.pid}:${event.tid}`);
  const onMain = events.filter((event) => event.ph === 'X' && mainThreads.has(`${event.pid}:${event.tid}`));
  // What a long task did: the events inside it that took most of its CPU time.
  const inside = (task) => [...new Set(onMain
    .filter((event) => event !== task && event.pid === task.pid && event.tid === task.tid &&
      event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur && event.tdur >= task.tdur / 3)
    .map((event) => event.name + (event.args?.data?.functionName ? ` ${event.args.data.functionName}` : '')))]
    .filter((name) => !/RunTask|BeginMainFrame|Animate|serviceScripted|ExecuteFrameCallbacks|AsyncTask|v8.callFunction/.test(name));
  // Whether a task is a message of the DevTools protocol, which only the test driver sends.
  const fromDriver = (task) => onMain.some((event) => event.name === 'Receive mojo message' &&
    event.args?.chrome_mojo_event_info?.mojo_interface_tag === 'blink.mojom.DevToolsSession' &&
    event.pid === task.pid && event.tid === task.tid &&
    event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur && event.tdur >= task.tdur / 2);
  // The CPU time of the JavaScript engine's garbage collections inside a task: the outermost of
  // its events (MajorGC holds V8.GC_MARK_COMPACTOR; a collection's callbacks for external
  // memory, V8.GC_HEAP_EXTERNAL_SECOND_PASS_CALLBACKS, may run outside MajorGC and MinorGC: once
  // 50 ms into a task of 55 ms after an exchange board's solve).
  const within = (inner, outer) => inner !== outer && inner.ts >= outer.ts && inner.ts + inner.dur <= outer.ts + outer.dur;
  const collections = (task) => {
    const gc = onMain.filter((event) => (event.name === 'MajorGC' || event.name === 'MinorGC' ||
      event.name.startsWith('V8.GC_')) && event.pid === task.pid && event.tid === task.tid &&
      within(event, task));
    return gc.filter((event) => !gc.some((other) => within(event, other)))
      .reduce((sum, event) => sum + (event.tdur || 0), 0);
  };
  const ms = (microseconds) => Math.round(microseconds / 100) / 10;
  const times = (name) => onMain
    .filter((event) => event.name === name && event.tdur !== undefined)
    .map((event) => ({
      wallMs: ms(event.dur),
      cpuMs: ms(event.tdur),
      ...(event.tdur >= 20000 ? { gcMs: ms(collections(event)), inside: inside(event).slice(0, 6) } : {}),
      ...(event.tdur >= 20000 && fromDriver(event) ? { driver: true } : {}),
    }))
    .sort((a, b) => b.cpuMs - a.cpuMs);
  const tasks = times('ThreadControllerImpl::RunTask');
  tasks.animationFrames = times('FireAnimationFrame');
  return tasks;
}

// A long task is 50 ms (the long-task observer's threshold), and no task may give the app's
// own work that much CPU time: a task's CPU time less the JavaScript engine's garbage
// collections in it (a major collection, when the WebAssembly memory grows, took 57 ms of one
// frame while a GIF was made). With its collections a task may take twice that. (The app's
// frames take 2-22 ms of CPU time here while a board solves. The 70-80 ms frames once seen after
// a solve, and blamed on a busy machine, were Chromium compiling the app's 120 KB frame function
// again on the main thread; the trace names such work in `inside`: wasm.CompileBaseline.)
const kLongTaskMs = 50;
const kLongCpuTaskMs = 2 * kLongTaskMs;

// Asserts that no traced task of the main thread gave the app's work kLongTaskMs of CPU time or
// more, nor took kLongCpuTaskMs with the collections. A task of the test driver (`driver`: a
// DevTools protocol message; the traced parts of the tests give the app input by the browser's
// input events and links by a fragment, whose hashchange comes in a task of its own) is held
// to kLongCpuTaskMs only, and printed. Returns a line that says what was measured (for the
// test's log).
function assertNoLongCpuTask(tasks, what) {
  const assert = require('node:assert/strict');
  const app = tasks.filter((task) => !task.driver);
  assert.ok(app.length > 0, `${what}: the trace holds the main thread's tasks`);
  const driver = tasks.filter((task) => task.driver);
  const long = app.filter((task) => task.cpuMs - (task.gcMs || 0) >= kLongTaskMs);
  assert.deepEqual(long, [], `${what}: tasks of the main thread with ${kLongTaskMs} ms of CPU time or more besides garbage collection`);
  const longest = tasks.filter((task) => task.cpuMs >= kLongCpuTaskMs);
  assert.deepEqual(longest, [], `${what}: tasks of the main thread with ${kLongCpuTaskMs} ms of CPU time or more`);
  const over = tasks.filter((task) => task.cpuMs >= kLongTaskMs);
  if (over.length) console.log(`${what}: tasks of ${kLongTaskMs} ms of CPU time or more: ${JSON.stringify(over)}`);
  const wall = [...app].sort((a, b) => b.wallMs - a.wallMs)[0];
  return `${app.length} tasks, the longest ${app[0].cpuMs} ms of CPU time ` +
    `(the longest in wall time: ${wall.wallMs} ms, of which ${wall.cpuMs} ms on the CPU)` +
    (driver.length ? `; the test driver's commands: the longest ${driver[0].cpuMs} ms of CPU time` : '');
}

// Starts recording the page's long tasks (PerformanceObserver 'longtask': 50 ms or more).
async function observeLongTasks(page) {
  await page.evaluate(() => {
    if (!window.__longTasks) {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.__longTasks.push({ start: Math.round(entry.startTime), ms: Math.round(entry.duration) });
      }).observe({ type: 'longtask' });
    }
    window.__longTasks.length = 0;
  });
}

// The long tasks since observeLongTasks() (or the last call), after letting the observer
// deliver what it has.
async function takeLongTasks(page) {
  await frames(page, 2);
  return page.evaluate(() => window.__longTasks.splice(0));
}

// A heartbeat every 20 ms on the page's main thread; stopHeartbeat() gives the longest gap
// between two beats and the number of beats.
async function startHeartbeat(page) {
  await page.evaluate(() => {
    const beat = { last: performance.now(), maxGap: 0, beats: 0 };
    beat.timer = setInterval(() => {
      const now = performance.now();
      beat.maxGap = Math.max(beat.maxGap, now - beat.last);
      beat.last = now;
      ++beat.beats;
    }, 20);
    window.__heartbeat = beat;
  });
}

async function stopHeartbeat(page) {
  return page.evaluate(() => {
    const beat = window.__heartbeat;
    clearInterval(beat.timer);
    return { maxGap: Math.round(beat.maxGap), beats: beat.beats };
  });
}

// --- PNG decoding (node:zlib) for screenshot checks ---

function decodePng(buffer) {
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  if (!buffer.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  let offset = 8, width = 0, height = 0, depth = 0, colourType = 0;
  const idat = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8];
      colourType = data[9];
      if (data[12] !== 0) throw new Error('interlaced PNG');
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  if (depth !== 8) throw new Error(`PNG bit depth ${depth}`);
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colourType];
  if (!channels) throw new Error(`PNG colour type ${colourType}`);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; ++y) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const previous = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    for (let x = 0; x < stride; ++x) {
      const left = x >= channels ? out[x - channels] : 0;
      const up = previous ? previous[x] : 0;
      const upLeft = previous && x >= channels ? previous[x - channels] : 0;
      let value = line[x];
      switch (filter) {
        case 0: break;
        case 1: value += left; break;
        case 2: value += up; break;
        case 3: value += (left + up) >> 1; break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
          value += pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
          break;
        }
        default: throw new Error(`PNG filter ${filter}`);
      }
      out[x] = value & 255;
    }
  }
  return { width, height, channels, pixels };
}

// Colour statistics of a PNG (optionally of a CSS-pixel rectangle scaled by `scale`).
function imageStats(png, rect = null, scale = 1) {
  const image = decodePng(png);
  const x0 = rect ? Math.max(0, Math.floor(rect.x * scale)) : 0;
  const y0 = rect ? Math.max(0, Math.floor(rect.y * scale)) : 0;
  const x1 = rect ? Math.min(image.width, Math.ceil((rect.x + rect.w) * scale)) : image.width;
  const y1 = rect ? Math.min(image.height, Math.ceil((rect.y + rect.h) * scale)) : image.height;
  const colours = new Map();
  for (let y = y0; y < y1; ++y) {
    for (let x = x0; x < x1; ++x) {
      const i = (y * image.width + x) * image.channels;
      const key = image.channels >= 3
        ? (image.pixels[i] << 16) | (image.pixels[i + 1] << 8) | image.pixels[i + 2]
        : image.pixels[i];
      colours.set(key, (colours.get(key) || 0) + 1);
    }
  }
  const total = Math.max(1, (x1 - x0) * (y1 - y0));
  const dominant = Math.max(...colours.values());
  return {
    width: image.width,
    height: image.height,
    distinctColours: colours.size,
    dominantShare: dominant / total,  // share of the most common colour
    colourCount: (predicate) => {
      let count = 0;
      for (const [key, n] of colours) if (predicate((key >> 16) & 255, (key >> 8) & 255, key & 255)) count += n;
      return count;
    },
  };
}

async function screenshot(page, name) {
  const png = await page.screenshot({ type: 'png' });
  if (name) {
    fs.mkdirSync(screenshotDir, { recursive: true });
    fs.writeFileSync(path.join(screenshotDir, name + '.png'), png);
  }
  return png;
}

// The WebAssembly module (build/site/gamesolver.js), loaded once in node.
let modulePromise = null;
// A link to a rules game: the text as raw deflate in base64url (the c part), parameters in b.
function rulesLink(text, params) {
  const packed = require('node:zlib').deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url');
  return `#g=rules&c=${packed}&b=${params.join('.')}`;
}

function loadModule() {
  if (!modulePromise) {
    const file = path.join(webDir, 'gamesolver.js');
    // eslint-disable-next-line global-require, import/no-dynamic-require
    // Emscripten's node glue adds process-wide 'uncaughtException' / 'unhandledRejection'
    // handlers that rethrow; they would take over the test runner's, so they are removed.
    const before = {
      uncaughtException: process.listeners('uncaughtException'),
      unhandledRejection: process.listeners('unhandledRejection'),
    };
    const createGameSolver = require(file);
    modulePromise = createGameSolver().then((module) => {
      for (const event of Object.keys(before))
        for (const listener of process.listeners(event))
          if (!before[event].includes(listener)) process.removeListener(event, listener);
      return module;
    });
  }
  return modulePromise;
}

// The built-in games' ids, in the registry's order (core/games/registry.cpp, as the module's
// games() lists them), and items joined as the app's messages join a list (Message::list,
// core/base/message.h): "a, b or c". The tests that list every game, or pin a message naming
// them all, take the list from here, so that a game added to the registry changes none of them.
async function gameIds() {
  return (await loadModule()).games().map((game) => game.id);
}
function listed(items, conjunction = ' or ') {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')}${conjunction}${items[items.length - 1]}`;
}

// Runs body(page) in a fresh context of `browser` with the app open at `fragment` (viewport
// 1280 x 800 unless given; initScript: run before the page's scripts; route: {url, handler}
// for the context's requests), and asserts the page threw no error and did not crash.
async function withAppPage(browser, server, options, body) {
  const assert = require('node:assert/strict');
  const context = await browser.newContext({ viewport: options.viewport || { width: 1280, height: 800 } });
  if (options.initScript) await context.addInitScript(options.initScript);
  if (options.route) await context.route(options.route.url, options.route.handler);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('crash', () => errors.push('page crashed'));
  try {
    await gotoApp(page, server, options.fragment || '');
    const result = await body(page);
    assert.deepEqual(errors, [], 'page errors');
    return result;
  } finally {
    await context.close();
  }
}

// The loopback server and the browser a test file shares: started before its tests, closed
// after them. Returns an object whose server and browser are set once the tests run.
function sharedServerAndBrowser() {
  const { before, after } = require('node:test');
  const shared = { server: null, browser: null };
  before(async () => {
    shared.server = await startServer();
    shared.browser = await launchBrowser();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}

// The clipboard's text once it is not empty (what a click on a copy button put there), polled
// in the page every 100 ms for up to `timeout` ms; fails naming the wait when nothing came.
// (waitForFunction with an async predicate sees the promise, which is always truthy, and so
// returned whatever the first read found, an empty clipboard included.)
async function clipboardText(page, timeout = 5000) {
  // The app's toasts are read as the clipboard is (a toast lasts 2.6 s, less than the wait):
  // what the app said ("Copied ...", or the browser's refusal of the write) is named when
  // nothing came.
  const { text, toasts } = await page.evaluate(async (ms) => {
    const deadline = performance.now() + ms;
    const seen = new Set();
    for (;;) {
      const state = window.gameSolverState ? window.gameSolverState() : null;
      for (const toast of (state && state.toasts) || []) seen.add(toast);
      const read = await navigator.clipboard.readText();
      if (read.length > 0 || performance.now() > deadline) return { text: read, toasts: [...seen] };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, timeout);
  if (text.length === 0) {
    throw new Error(`the clipboard stayed empty for ${timeout} ms; the app's toasts meanwhile: ` +
                    JSON.stringify(toasts));
  }
  return text;
}

// Clicks the copy button `name` of the page in front (the clipboard is written only by a
// focused page) with the clipboard emptied first, and returns what the button copied. The click
// waits for any solve to end and the button to stay put: a board loaded just before (a size
// typed with Enter) shows its progress line above the button for a while, and a click at the
// button's place of the frame before then missed it (a fresh clone's run: no copy, no toast).
async function copiedBy(page, name) {
  await page.bringToFront();
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await waitForState(page, (s) => s.solving === null, null, 120000);
  await settle(page, name);
  await clickWidget(page, name);
  return clipboardText(page);
}

module.exports = {
  copiedBy,
  sharedServerAndBrowser,
  repoRoot, webDir, screenshotDir,
  startServer, launchBrowser, launchPersistentContext, openPage, foreignRequests,
  readState, waitForApp, gotoApp, waitForState, frames, withAppPage,
  observeLongTasks, takeLongTasks, startHeartbeat, stopHeartbeat,
  startTaskTrace, stopTaskTrace, assertNoLongCpuTask,
  widget, centre, clickWidget, tapWidget, touchSwipe, settle, clickAt, pressKey, tabTo, typeText, selectAll, typeInto, blur,
  decodePng, imageStats, screenshot, loadModule, gameIds, listed, rulesLink, clipboardText,
};
