// Browser tests of the installable, offline app (web/pwa): the served site registers its
// service worker, and after one visit reloads with the network gone, at the root and from a
// sub-path as on GitHub Pages; sw.js carries the version of the files it caches, and a page
// controlled by an old build's worker gets the new build on the next load; the manifest
// validates and its icons decode to their sizes; the standalone file has no worker. Help opens
// the guides, which read offline after one visit.
//   GS_WEB_DIR=build/site node --test tests/browser/
'use strict';

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, before, after } = require('node:test');
const h = require('./helpers');

const kPython = '/usr/bin/python3';  // Debian's, as the build uses it
const kTemplate = path.join(h.repoRoot, 'web', 'pwa', 'sw.js');
const kGenerator = path.join(h.repoRoot, 'web', 'pwa', 'make_service_worker.py');
const kDefaultOutput = '2\n';  // the solved default board (the staircase sample)

let browser;

before(async () => {
  browser = await h.launchBrowser();
});

after(async () => {
  await browser?.close();
});

// The build's record in sw.js: {version, files: [{path, sha256}]}.
function buildOf(swSource) {
  const match = swSource.match(/^const kBuild = (\{.*\});$/m);
  assert.ok(match, 'sw.js has its build line');
  return JSON.parse(match[1]);
}

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

// The version of the files of dir: the SHA-256 of their `sha256sum` listing, 20 hex digits.
function versionOf(dir, paths) {
  const listing = paths.map((p) => `${sha256(fs.readFileSync(path.join(dir, p)))}  ${p}\n`).join('');
  return sha256(listing).slice(0, 20);
}

// Copies the built site into a temporary folder (removed by the returned function).
function siteCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-pwa-'));
  fs.cpSync(h.webDir, dir, { recursive: true });
  return dir;
}

// The service worker's state as the page sees it.
function workerState(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      scope: registration ? registration.scope : null,
      controller: navigator.serviceWorker.controller ? navigator.serviceWorker.controller.scriptURL : null,
      caches: await caches.keys(),
    };
  });
}

// Waits until this page is controlled by the worker (installed: every file cached).
async function waitForController(page) {
  await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller !== null,
    null, { timeout: 30000, polling: 100 });
}

// Waits until the origin's caches are exactly names.
async function waitForCaches(page, names, timeout = 30000) {
  const deadline = Date.now() + timeout;
  let now;
  while (JSON.stringify(now = await page.evaluate(() => caches.keys())) !== JSON.stringify(names)) {
    if (Date.now() > deadline) assert.fail(`caches ${JSON.stringify(now)}, expected ${JSON.stringify(names)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// First visit: the app loads, solves the default board, and its worker takes control.
// Closes the context if the visit fails (the caller closes it otherwise).
async function firstVisit(server) {
  const { context, page, log } = await h.openPage(browser, server);
  try {
    const state = await h.gotoApp(page, server);
    await h.waitForState(page, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    assert.equal(state.game, 'staircase');
    await waitForController(page);
  } catch (error) {
    await context.close();
    throw error;
  }
  return { context, page, log };
}

// Runs body(server, visit) after a first visit to a server of dir; closes both afterwards,
// and removes dir if asked.
async function withFirstVisit(dir, serverOptions, body, { removeDir = false } = {}) {
  const server = await h.startServer(dir, serverOptions);
  try {
    const visit = await firstVisit(server);
    try {
      await body(server, visit);
    } finally {
      await visit.context.close();
    }
  } finally {
    await server.close();
    if (removeDir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The network gone for good: the browser is offline and the server is shut down.
async function goOffline(context, server) {
  await context.setOffline(true);
  await server.close();
}

async function reloadToApp(page) {
  await page.reload({ waitUntil: 'load' });
  await h.waitForApp(page);
}

test('the served site registers its worker and, after one visit, reloads offline to the solved default board', async () => {
  await withFirstVisit(h.webDir, {}, async (server, { context, page, log }) => {
    const build = buildOf(fs.readFileSync(path.join(h.webDir, 'sw.js'), 'utf8'));
    const worker = await workerState(page);
    assert.equal(worker.scope, server.url('/'));
    assert.equal(worker.controller, server.url('/sw.js'));
    assert.deepEqual(worker.caches, [`gamesolver ${server.url('/')} ${build.version}`]);
    // The cache holds exactly the build's files.
    const cached = await page.evaluate(async (name) =>
      (await (await caches.open(name)).keys()).map((request) => request.url), worker.caches[0]);
    assert.deepEqual(cached.sort(), build.files.map((file) => server.url('/' + file.path)).sort());

    // Offline (the server stays up, to show that nothing reaches it).
    await context.setOffline(true);
    const before = server.requests.length;
    await reloadToApp(page);
    const state = await h.waitForState(page, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    assert.equal(state.game, 'staircase');
    // A link opens offline too (its board travels in the fragment, the page is the cached one).
    await page.goto(server.url('/') + '#g=manhattan&b=3.1_1.2.3_4.5.6_7.8.9', { waitUntil: 'load' });
    await page.reload({ waitUntil: 'load' });
    await h.waitForApp(page);
    await h.waitForState(page, (s) => s.judgeOutput === '2\n3 2\n3 3\n', null, 30000);
    assert.equal(server.requests.length, before, 'nothing reached the server');
    assert.deepEqual(log.errors, []);
    assert.deepEqual(h.foreignRequests(log, server), []);
  });
});

test('served from a sub-path (/game-solver/), the worker\'s scope is the sub-path and the offline reload works there', async () => {
  await withFirstVisit(h.webDir, { prefix: '/game-solver/' }, async (server, { context, page, log }) => {
    const worker = await workerState(page);
    assert.equal(worker.scope, server.origin + '/game-solver/');
    assert.equal(worker.controller, server.origin + '/game-solver/sw.js');
    assert.equal(worker.caches.length, 1);
    assert.ok(worker.caches[0].startsWith(`gamesolver ${server.origin}/game-solver/ `), worker.caches[0]);
    assert.deepEqual(server.requests.filter((p) => !p.startsWith('/game-solver/')), [],
      'every request stays under the sub-path');

    await goOffline(context, server);
    await reloadToApp(page);
    await h.waitForState(page, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    // The start URL of the manifest ("./") and index.html both open the cached page.
    await page.goto(server.origin + '/game-solver/index.html?source=home-screen', { waitUntil: 'load' });
    await h.waitForApp(page);
    await h.waitForState(page, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    assert.deepEqual(log.errors, []);
  });
});

test('sw.js carries the version of the files it caches, and another build of any of them changes it', () => {
  const source = fs.readFileSync(path.join(h.webDir, 'sw.js'), 'utf8');
  const build = buildOf(source);
  const paths = build.files.map((file) => file.path);
  // The app and what installs it; not the module, the standalone file or the examples.
  for (const p of ['index.html', 'index.js', 'index.wasm', 'manifest.webmanifest', 'icons/icon-192.png',
    'icons/icon-512.png', 'icons/maskable-512.png', 'icons/apple-touch-icon.png', 'icons/favicon-32.png'])
    assert.ok(paths.includes(p), `${p} is cached`);
  for (const p of ['gamesolver.js', 'gamesolver-standalone.html', 'sw.js', 'examples/embed.html'])
    assert.ok(!paths.includes(p), `${p} is not cached`);
  for (const file of build.files)
    assert.equal(file.sha256, sha256(fs.readFileSync(path.join(h.webDir, file.path))), file.path);
  assert.match(build.version, /^[0-9a-f]{20}$/);
  assert.equal(build.version, versionOf(h.webDir, paths));

  // Another build: one byte of any cached file changes the version, hence sw.js.
  const dir = siteCopy();
  try {
    const versions = new Set([build.version]);
    for (const p of ['index.html', 'index.wasm', 'icons/favicon-32.png']) {
      const file = path.join(dir, p);
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 1] ^= 1;
      fs.writeFileSync(file, bytes);
      execFileSync(kPython, [kGenerator, kTemplate, dir, path.join(dir, 'sw.js'), ...paths]);
      const next = buildOf(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'));
      assert.equal(next.version, versionOf(dir, paths));
      assert.ok(!versions.has(next.version), `changing ${p} changes the version`);
      versions.add(next.version);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a page controlled by an old build\'s worker gets the new build: the next load installs it, the one after runs it', async () => {
  await withFirstVisit(siteCopy(), {}, async (server, { context, page, log }) => {
    const dir = server.dir;
    const paths = buildOf(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8')).files.map((f) => f.path);
    const oldVersion = versionOf(dir, paths);
    assert.deepEqual((await workerState(page)).caches, [`gamesolver ${server.url('/')} ${oldVersion}`]);
    assert.equal(await page.evaluate(() => window.gsTestBuild), undefined);

    // A new build is deployed: index.js changes harmlessly (one more statement, which marks the
    // page that runs it), and sw.js is written for it as the build writes it.
    fs.appendFileSync(path.join(dir, 'index.js'), '\n// a new build\nwindow.gsTestBuild = "second";\n');
    execFileSync(kPython, [kGenerator, kTemplate, dir, path.join(dir, 'sw.js'), ...paths]);
    const newVersion = buildOf(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8')).version;
    assert.notEqual(newVersion, oldVersion);
    assert.equal(newVersion, versionOf(dir, paths));
    const newCache = `gamesolver ${server.url('/')} ${newVersion}`;

    // The next load is served by the old worker (the old build, whole); it finds the new
    // worker, which installs, takes over and deletes the old cache.
    await reloadToApp(page);
    await h.waitForState(page, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    assert.equal(await page.evaluate(() => window.gsTestBuild), undefined, 'this load still runs the old build');
    await waitForCaches(page, [newCache]);

    // The load after runs the new build, online and offline.
    await reloadToApp(page);
    await h.waitForState(page, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    assert.equal(await page.evaluate(() => window.gsTestBuild), 'second');
    await goOffline(context, server);
    await reloadToApp(page);
    await h.waitForState(page, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    assert.equal(await page.evaluate(() => window.gsTestBuild), 'second');
    assert.deepEqual(log.errors, []);
  }, { removeDir: true });
});

test('a worker whose files do not match the server\'s (a deploy half done) does not install: the old build keeps serving', async () => {
  await withFirstVisit(siteCopy(), {}, async (server, { context, page, log }) => {
    const dir = server.dir;
    const paths = buildOf(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8')).files.map((f) => f.path);
    const oldCache = `gamesolver ${server.url('/')} ${versionOf(dir, paths)}`;
    // sw.js of a build whose index.wasm has not reached the server yet.
    const wasm = path.join(dir, 'index.wasm');
    const deployed = fs.readFileSync(wasm);
    const next = Buffer.from(deployed);
    next[next.length - 1] ^= 1;
    fs.writeFileSync(wasm, next);
    execFileSync(kPython, [kGenerator, kTemplate, dir, path.join(dir, 'sw.js'), ...paths]);
    fs.writeFileSync(wasm, deployed);

    // The new worker's install fails (the wasm is not the build's): it never takes over.
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const settled = new Promise((resolve) => registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker.addEventListener('statechange', () => {
          if (worker.state === 'redundant' || worker.state === 'activated') resolve(worker.state);
        });
      }));
      await registration.update();
      return settled;
    });
    assert.equal(outcome, 'redundant');
    assert.deepEqual((await workerState(page)).caches, [oldCache]);

    await goOffline(context, server);
    await reloadToApp(page);
    await h.waitForState(page, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    assert.deepEqual(log.errors, []);
  }, { removeDir: true });
});

// The bytes at url, fetched by the page.
async function fetchFromPage(page, url) {
  const result = await page.evaluate(async (u) => {
    const response = await fetch(u);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (let k = 0; k < bytes.length; k += 0x8000)
      binary += String.fromCharCode.apply(null, bytes.subarray(k, k + 0x8000));
    return { status: response.status, type: response.headers.get('content-type'), base64: btoa(binary) };
  }, url);
  return { ...result, bytes: Buffer.from(result.base64, 'base64') };
}

test('the manifest validates: name, start URL, standalone display, colours, 192 and 512 px icons, a maskable one', async () => {
  const server = await h.startServer();
  const { context, page, log } = await h.openPage(browser, server);
  try {
    await h.gotoApp(page, server);
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.href,
      icon: document.querySelector('link[rel="icon"]')?.href,
      appleTouchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.href,
      themeColor: document.querySelector('meta[name="theme-color"]')?.content,
    }));
    assert.equal(head.manifest, server.url('/manifest.webmanifest'), 'index.html links the manifest');

    const fetched = await fetchFromPage(page, head.manifest);
    assert.equal(fetched.status, 200);
    const manifest = JSON.parse(fetched.bytes.toString('utf8'));
    assert.equal(manifest.name, 'Game Solver');
    assert.ok(manifest.short_name && manifest.short_name.length <= 12, `short_name ${manifest.short_name}`);
    assert.ok(manifest.description.length > 20);
    assert.equal(manifest.start_url, './');
    assert.equal(manifest.scope, './');
    assert.equal(new URL(manifest.start_url, head.manifest).href, server.url('/'), 'start URL is the app');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.background_color, '#1c1f24');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
    assert.equal(head.themeColor, manifest.theme_color);

    const icons = {};
    const files = {};
    for (const icon of manifest.icons) {
      assert.equal(icon.type, 'image/png');
      const { status, bytes } = await fetchFromPage(page, new URL(icon.src, head.manifest).href);
      assert.equal(status, 200, icon.src);
      const png = h.decodePng(bytes);
      assert.equal(`${png.width}x${png.height}`, icon.sizes, `${icon.src} decodes to its size`);
      for (const purpose of (icon.purpose || 'any').split(' ')) {
        icons[`${purpose} ${icon.sizes}`] = png;
        files[`${purpose} ${icon.sizes}`] = bytes;
      }
    }
    assert.ok(icons['any 192x192'], 'a 192 px icon');
    assert.ok(icons['any 512x512'], 'a 512 px icon');
    const maskable = icons['maskable 512x512'];
    assert.ok(maskable, 'a maskable icon');
    // Maskable: opaque, and outside the safe zone (the central circle of radius 40%) nothing
    // but the background, so any mask shape keeps the whole drawing.
    const pixel = (png, x, y) => Array.from(png.pixels.subarray((y * png.width + x) * png.channels,
      (y * png.width + x + 1) * png.channels));
    const background = pixel(maskable, 0, 0);
    assert.equal(background[3], 255, 'opaque');
    for (let y = 0; y < maskable.height; ++y)
      for (let x = 0; x < maskable.width; ++x) {
        const dx = x + 0.5 - maskable.width / 2, dy = y + 0.5 - maskable.height / 2;
        if (Math.hypot(dx, dy) <= 0.4 * maskable.width) continue;
        assert.deepEqual(pixel(maskable, x, y), background, `(${x}, ${y}) outside the safe zone`);
      }
    // The drawing is there, not a blank tile.
    for (const key of ['any 192x192', 'any 512x512', 'maskable 512x512'])
      assert.ok(h.imageStats(files[key]).distinctColours > 20, `${key} is drawn`);

    // The page's own icons.
    for (const [url, size] of [[head.icon, 32], [head.appleTouchIcon, 180]]) {
      const { status, bytes } = await fetchFromPage(page, url);
      assert.equal(status, 200, url);
      const png = h.decodePng(bytes);
      assert.deepEqual([png.width, png.height], [size, size], url);
    }
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('Chrome finds the app installable from a sub-path: no installability errors once the worker runs', async () => {
  const server = await h.startServer(h.webDir, { prefix: '/game-solver/' });
  // Installing needs a profile on disk: Chrome does not offer it in an incognito context.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-profile-'));
  const context = await h.launchPersistentContext(profile, { viewport: { width: 1200, height: 800 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await h.gotoApp(page, server);
    await waitForController(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.equal(manifest.url, server.origin + '/game-solver/manifest.webmanifest');
    assert.deepEqual(manifest.errors, []);
    assert.deepEqual((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

// Whether every image of the page has arrived and decoded.
const imagesShown = (page) => page.evaluate(() => Promise.all([...document.images].map((image) =>
  image.decode().then(() => image.naturalWidth > 0, () => false))).then((shown) => shown.length > 0 && shown.every(Boolean)));

test('Help opens the guides in a tab of their own; after one visit they read offline, the screenshots seen once too', async () => {
  await withFirstVisit(h.webDir, {}, async (server, { context, page, log }) => {
    const build = buildOf(fs.readFileSync(path.join(h.webDir, 'sw.js'), 'utf8'));
    const guides = fs.readdirSync(path.join(h.repoRoot, 'web', 'guides')).filter((f) => f.endsWith('.md'));
    for (const guide of guides)
      assert.ok(build.files.some((f) => f.path === `guides/${guide.replace(/\.md$/, '.html')}`), `${guide}'s page is cached`);
    assert.ok(build.files.some((f) => f.path === 'guides/index.html'));

    // A real click on Help: a new tab on the guides' index, the app's page left as it was.
    const [tab] = await Promise.all([context.waitForEvent('page'), h.clickWidget(page, 'help')]);
    await tab.waitForLoadState('load');
    assert.equal(tab.url(), server.url('/guides/index.html'));
    assert.equal(await tab.title(), 'Guides · Game Solver');
    assert.equal(await tab.evaluate(() => window.opener), null, 'the guides do not reach back into the app');
    assert.equal(page.url(), server.url('/'));
    // Its links, followed by clicks: the guide of the app, with its screenshots.
    await Promise.all([tab.waitForURL(server.url('/guides/app.html')), tab.click('text=Using the app')]);
    assert.equal(await tab.locator('h1').innerText(), 'Using the app');
    assert.equal(await imagesShown(tab), true);
    await Promise.all([tab.waitForURL(server.url('/guides/index.html')), tab.click('header >> text=Guides')]);

    // Offline: the index, a guide never opened before, and the app's guide with its screenshots.
    await goOffline(context, server);
    await tab.goto(server.url('/guides/'), { waitUntil: 'load' });
    assert.equal(await tab.title(), 'Guides · Game Solver');
    await tab.goto(server.url('/guides/contract.html#how-it-is-solved'), { waitUntil: 'load' });
    assert.equal(await tab.locator('#how-it-is-solved').innerText(), 'How it is solved');
    await tab.goto(server.url('/guides/app.html'), { waitUntil: 'load' });
    assert.equal(await imagesShown(tab), true);
    await Promise.all([tab.waitForURL(server.url('/index.html')), tab.click('header >> text=Game Solver')]);
    await h.waitForApp(tab);
    await h.waitForState(tab, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    assert.deepEqual(log.errors, []);
  });
});

test('the standalone file has no worker, no manifest and an inline icon, even served over http', async () => {
  const html = fs.readFileSync(path.join(h.webDir, 'gamesolver-standalone.html'), 'utf8');
  assert.ok(!html.includes('serviceWorker'));
  assert.ok(!html.includes('rel="manifest"'));
  assert.match(html, /<link rel="icon" type="image\/png" sizes="32x32" href="data:image\/png;base64,/);
  const server = await h.startServer();
  const { context, page, log } = await h.openPage(browser, server);
  try {
    await page.goto(server.url('/gamesolver-standalone.html'), { waitUntil: 'load' });
    await h.waitForApp(page);
    await h.waitForState(page, (s, out) => s.judgeOutput === out, kDefaultOutput, 30000);
    await h.frames(page, 10);
    assert.deepEqual(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
    assert.deepEqual(server.requests, ['/gamesolver-standalone.html']);
    // No guides beside a file copied on its own, so no Help.
    const state = await h.readState(page);
    assert.ok(state.widgets['rules'] && !state.widgets['help'], 'Rules, and no Help');
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});
