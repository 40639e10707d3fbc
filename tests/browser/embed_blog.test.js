// Browser tests of the embed as a guest in a real blog (issue 19): a Hugo site (Debian's `hugo`,
// its default configuration, the shortcode of web/examples/hugo) is built with boards whose
// addresses come from the app's own Embed dialog, served from one loopback origin while the app
// is served from another (another port), and read in Chromium with real wheel, mouse and touch
// input: the boards draw; the wheel and a vertical swipe over an embed scroll the post; Ctrl +
// wheel zooms a manhattan board (after a one-line hint); steps inside an embed leave the post's
// history alone, so Back leaves the post; the frame's height is set once per board and stays
// put while the line autoplays, which starts only once the embed is in view (issue 36); nothing
// is clipped; a line with comments (issue 35) narrates
// itself as the reader steps through it, Chinese included. Also: the Embed dialog's Save image
// saves the board (not the dialog), at a width that fits a phone.
//   GS_WEB_DIR=build/site node --test tests/browser/embed_blog.test.js
//   GS_README_SCREENSHOTS=1 ... also writes imgui_app/screenshots/embed-post-*.png
'use strict';

const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test, before, after } = require('node:test');
const h = require('./helpers');

const shared = { server: null, browser: null };  // the app, on its own origin
const shortcode = path.join(h.repoRoot, 'web', 'examples', 'hugo', 'layouts', 'shortcodes', 'gamesolver.html');
const readmeShots = path.join(h.repoRoot, 'imgui_app', 'screenshots');

const boards = {
  staircase: '#g=staircase&b=3.3_9.4.3_6.7.6_4.5.9_0.0.0_0.0.0_0.0.0',
  exchange: '#g=exchange&b=4.4.4_98.98765.987654.987654321_987.9876.9876543.98765432_123.12345.1234567.123456789',
  manhattan: '#g=manhattan&r=24.6.5',
};

// The comments of the narrated post's line, by step (the staircase board's optimal line).
const narration = {
  0: 'Black moves first. Greedy play takes the 9 at once; watch what it gives away.',
  1: 'The corner is forced: every stone needs the one above it and the one to its left.',
  3: '白方放弃眼前的大数，先占住后手必须让出的格子。',
};

// The staircase board's link with the narration on its optimal line, cursor at the start (made
// with the module, as an editorial's author would with session.setComment).
async function narratedLink() {
  const gs = await h.loadModule();
  const session = new gs.Session();
  assert.equal(session.loadLink(boards.staircase).ok, true);
  const line = session.principalLine();
  for (let step = 0; step <= 3; ++step) {
    if (step > 0) assert.equal(session.play(line[step - 1]).ok, true);
    if (narration[step]) assert.deepEqual(session.setComment(narration[step]), { ok: true });
  }
  for (const move of line.slice(3)) session.play(move);
  session.goToStep(0);
  const { link } = session.link();
  session.delete();
  return link;
}

// --- The app's Embed dialog, as a blogger uses it ---

// Opens the board in the app, opens Embed, ticks the options asked for, and copies the iframe
// snippet and the Hugo line with the dialog's own buttons (read back from the clipboard).
async function copyFromEmbedDialog(fragment, { autoplay = false, readOnly = false } = {}) {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shared.server.origin });
  const page = await context.newPage();
  try {
    await h.gotoApp(page, shared.server, fragment);
    await h.waitForState(page, (s) => s.solving === null && !!s.judgeOutput, null, 30000);
    await h.clickWidget(page, 'embed');
    await h.widget(page, 'copy-snippet');
    if (autoplay) await h.clickWidget(page, 'embed-autoplay');
    if (readOnly) await h.clickWidget(page, 'embed-readonly');
    await h.clickWidget(page, 'copy-snippet');
    await h.waitForState(page, (s) => s.toasts.includes('Copied the embed snippet'));
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    await h.clickWidget(page, 'copy-hugo');
    await h.waitForState(page, (s) => s.toasts.includes('Copied the Hugo shortcode'));
    const hugo = await page.evaluate(() => navigator.clipboard.readText());
    return { snippet, hugo };
  } finally {
    await context.close();
  }
}

// --- The blog ---

const post = (lines) => lines.join('\n\n') + '\n';
const paragraph = (k) => `Paragraph ${k}. ` + 'Optimal play is computed backwards from the full board, not forwards; '.repeat(6);

// A Hugo site as `hugo new site` makes it (default configuration), a minimal theme of our own
// (a post column as blogs have), the shortcode, and posts whose boards come from the dialog.
function buildBlog(dir, baseURL, embeds) {
  execFileSync('hugo', ['new', 'site', 'blog'], { cwd: dir, stdio: 'pipe' });
  const site = path.join(dir, 'blog');
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    fs.writeFileSync(path.join(site, file), text);
  };
  write('layouts/shortcodes/gamesolver.html', fs.readFileSync(shortcode, 'utf8'));
  const head = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<link rel="icon" href="data:,"><title>{{ .Title }}</title>' +
    '<style>body{margin:0;font:18px/1.6 Georgia,serif;color:#222;background:#fff}' +
    'main{max-width:720px;margin:0 auto;padding:1em 20px}h1{line-height:1.2}</style>';
  write('layouts/_default/single.html',
    `<!doctype html><html lang="en"><head>${head}</head><body><main><article><h1>{{ .Title }}</h1>{{ .Content }}</article>` +
    '<p><a href="{{ "/" | relURL }}">All posts</a></p></main></body></html>\n');
  write('layouts/index.html',
    `<!doctype html><html lang="en"><head>${head}</head><body><main><h1>{{ .Site.Title }}</h1><ul>` +
    '{{ range .Site.RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></main></body></html>\n');
  const front = (title) => `---\ntitle: "${title}"\ndate: 2024-05-01\n---\n`;
  write('content/posts/greedy.md', front('Why greedy play fails in 一双木棋') + post([
    paragraph(1), paragraph(2),
    embeds.staircase.hugo,
    paragraph(3),
    embeds.exchange.hugo,
    paragraph(4),
    embeds.manhattan.hugo,
    paragraph(5), paragraph(6), paragraph(7), paragraph(8), paragraph(9),
  ]));
  write('content/posts/narrated.md', front('A line that explains itself') + post([
    paragraph(1), embeds.narrated.hugo, paragraph(2), paragraph(3),
  ]));
  // The iframe snippet pasted as it is: Hugo's default configuration drops it.
  write('content/posts/raw.md', front('The snippet pasted raw') + post([paragraph(1), embeds.staircase.snippet, paragraph(2)]));
  execFileSync('hugo', ['--baseURL', baseURL, '--destination', 'public'], { cwd: site, stdio: 'pipe' });
  return path.join(site, 'public');
}

let embeds, blogDir, blog, tmp;

before(async () => {
  shared.server = await h.startServer();
  shared.browser = await h.launchBrowser();
  embeds = {
    staircase: await copyFromEmbedDialog(boards.staircase),
    exchange: await copyFromEmbedDialog(boards.exchange, { autoplay: true, readOnly: true }),
    manhattan: await copyFromEmbedDialog(boards.manhattan),
    narrated: await copyFromEmbedDialog(await narratedLink(), { readOnly: true }),
  };
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-hugo-'));
  // The blog's server starts first (its port goes into the site's baseURL); it serves files as
  // they are on disk when asked.
  blog = await h.startServer(path.join(tmp, 'blog', 'public'));
  assert.notEqual(blog.origin, shared.server.origin, 'the blog and the app are two origins');
  blogDir = buildBlog(tmp, blog.url('/'), embeds);
});

after(async () => {
  await shared.browser?.close();
  await shared.server?.close();
  await blog?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

// The frames of the post, in order, with their elements; each waited for until its app drew.
async function embeddedFrames(page) {
  const handles = await page.$$('iframe.gamesolver');
  const frames = [];
  for (const handle of handles) {
    await handle.scrollIntoViewIfNeeded();  // lazy frames load near the viewport
    const frame = await handle.contentFrame();
    // Its board laid out and its picture on the canvas (the first is drawn once it holds for a
    // frame; a frame scrolled away before that draws nothing until it is seen again).
    await h.waitForState(frame, (s) => !!s.judgeOutput && s.solving === null && !!s.widgets.board && s.presented > 0,
      null, 30000);
    frames.push({ handle, frame });
  }
  return frames;
}

const scrollY = (page) => page.evaluate(() => window.scrollY);

// Waits until the post has stopped scrolling (smooth scrolling, a swipe's fling) and returns
// its scrollY: first for the scroll to start (up to 1.5 s: input reaches the page a little
// after the driver sends it), then for three quiet readings in a row.
async function settledScroll(page, from = null) {
  let previous = await scrollY(page);
  for (let k = 0; from !== null && previous === from && k < 30; ++k) {
    await page.waitForTimeout(50);
    previous = await scrollY(page);
  }
  for (let quiet = 0, k = 0; quiet < 3 && k < 200; ++k) {
    await page.waitForTimeout(60);
    const now = await scrollY(page);
    quiet = now === previous ? quiet + 1 : 0;
    previous = now;
  }
  return previous;
}

// Puts an element's top at `top` px from the top of the viewport (by script: the test's own
// scrolling is not under test).
async function placeAt(page, handle, top) {
  await handle.evaluate((element, y) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - y), top);
  await settledScroll(page);
}

// A widget of the frame's app, in the post's viewport coordinates.
async function frameWidget(handle, frame, name) {
  const box = await handle.boundingBox();
  const rect = await h.widget(frame, name);
  return { x: box.x + rect.x, y: box.y + rect.y, w: rect.w, h: rect.h };
}

async function touchSwipe(cdp, from, to, steps = 10) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let k = 1; k <= steps; ++k) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + (to.x - from.x) * k / steps, y: from.y + (to.y - from.y) * k / steps }],
    });
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

// The frame's own report of what it drew: every widget inside its window, and the content's
// bottom within the frame's height.
async function assertNothingClipped(handle, frame, what) {
  const state = await h.readState(frame);
  const inner = await frame.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const box = await handle.boundingBox();
  assert.ok(Math.abs(box.height - inner.height) < 1, `${what}: the frame's box is its viewport`);
  assert.ok(state.embed.contentBottom <= inner.height + 0.5,
    `${what}: the content ends at ${state.embed.contentBottom} px, inside the frame's ${inner.height} px`);
  for (const [name, rect] of Object.entries(state.widgets)) {
    if (name === 'toast') continue;
    assert.ok(rect.x >= -0.5 && rect.x + rect.w <= inner.width + 0.5 && rect.y >= -0.5 && rect.y + rect.h <= inner.height + 0.5,
      `${what}: ${name} ${JSON.stringify(rect)} inside the ${inner.width} x ${inner.height} frame`);
  }
  return state;
}

test('Hugo\'s default configuration drops the raw snippet; the shortcode writes the frame and its script', () => {
  for (const game of Object.keys(boards)) {
    const src = embeds[game].snippet.match(/<iframe class="gamesolver" src="([^"]+)"/)[1];
    assert.equal(embeds[game].hugo, `{{< gamesolver src="${src}" >}}`, 'the dialog\'s Hugo line names the same frame');
    assert.ok(src.startsWith(shared.server.origin + '/#g=' + game), src);
  }
  const raw = fs.readFileSync(path.join(blogDir, 'posts', 'raw', 'index.html'), 'utf8');
  assert.match(raw, /<!-- raw HTML omitted -->/);
  assert.doesNotMatch(raw, /<iframe/);
  const html = fs.readFileSync(path.join(blogDir, 'posts', 'greedy', 'index.html'), 'utf8');
  assert.equal((html.match(/<iframe class="gamesolver"/g) || []).length, 3);
  assert.equal((html.match(/<script>/g) || []).length, 1, 'the resize script is written once per page');
  assert.doesNotMatch(html, /raw HTML omitted/);
  // One script everywhere: the dialog's snippet, the shortcode and the example page.
  const script = (text) => text.match(/<script>\(function\(\)\{if\(window\.gamesolverFrames\).*?<\/script>/)[0];
  const dialogs = script(embeds.staircase.snippet);
  assert.equal(script(fs.readFileSync(shortcode, 'utf8')), dialogs);
  assert.equal(script(fs.readFileSync(path.join(h.repoRoot, 'web', 'examples', 'embed.html'), 'utf8')), dialogs);
  assert.equal(script(html), dialogs);
});

test('the snippet\'s script takes a height only from its own frames, from their origin, and a sane one', async () => {
  const { context, page, log } = await h.openPage(shared.browser, blog, { viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(blog.url('/posts/greedy/'));
    const [staircase] = await embeddedFrames(page);
    const state = await h.readState(staircase.frame);
    const height = () => staircase.handle.evaluate((element) => element.getBoundingClientRect().height);
    await page.waitForFunction(([element, h]) => Math.abs(element.getBoundingClientRect().height - h) < 1, [staircase.handle, state.embed.height]);
    const post = (frame, message) => frame.evaluate((m) => parent.postMessage(m, '*'), message);
    // Not a sane height, or not a height at all: ignored.
    for (const message of [{ type: 'gamesolver:height', height: 50 }, { type: 'gamesolver:height', height: 90000 },
      { type: 'gamesolver:height', height: '300' }, { type: 'gamesolver:height', height: NaN }, { type: 'other', height: 300 }]) {
      await post(staircase.frame, message);
      await page.waitForTimeout(100);
      assert.equal(await height(), state.embed.height, JSON.stringify(message));
    }
    // From the post itself (not one of its frames): ignored.
    await page.evaluate(() => window.postMessage({ type: 'gamesolver:height', height: 300 }, '*'));
    await page.waitForTimeout(100);
    assert.equal(await height(), state.embed.height);
    // From a Game Solver frame (its src on the app's origin) that now shows a page of another
    // origin: ignored, for that frame as for the others.
    await page.evaluate((src) => new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.className = 'gamesolver';
      frame.id = 'stray';
      frame.src = src;
      frame.onload = () => resolve();
      document.querySelector('article').appendChild(frame);
    }), shared.server.url('/manifest.webmanifest'));
    const strayHandle = await page.$('#stray');
    const stray = await strayHandle.contentFrame();
    await stray.goto(blog.url('/'));
    const strayHeight = (await strayHandle.boundingBox()).height;
    await stray.evaluate(() => parent.postMessage({ type: 'gamesolver:height', height: 777 }, '*'));
    await page.waitForTimeout(150);
    assert.equal((await strayHandle.boundingBox()).height, strayHeight, 'a frame showing another origin is not resized');
    assert.equal(await height(), state.embed.height);
    // A sane height from the frame itself is taken.
    await post(staircase.frame, { type: 'gamesolver:height', height: 321 });
    await page.waitForFunction((element) => Math.abs(element.getBoundingClientRect().height - 321) < 1, staircase.handle);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('desktop: the boards draw, the wheel scrolls the post, Ctrl + wheel zooms, Back leaves the post, the height stays put while autoplaying', async () => {
  const viewport = { width: 1280, height: 800 };
  const { context, page, log } = await h.openPage(shared.browser, blog, { viewport });
  try {
    await page.goto(blog.url('/'));
    const historyAtHome = await page.evaluate(() => history.length);
    await page.click('a[href$="/posts/greedy/"]');  // a real click on the post's link
    await page.waitForURL(/\/posts\/greedy\/$/);
    const frames = await embeddedFrames(page);
    assert.equal(frames.length, 3);
    const [staircase, exchange, manhattan] = frames;

    // The boards draw: each frame shows its board, with the judge's answer of its board.
    assert.equal((await h.readState(staircase.frame)).judgeOutput, '32\n');
    assert.equal((await h.readState(exchange.frame)).judgeOutput, 'Takahashi\n');
    for (const { handle, frame } of frames) {
      const state = await h.readState(frame);
      assert.equal(state.layout, 'embed');
      assert.equal(state.embed.guest, true);
      // The frame takes the height its board asked for.
      await page.waitForFunction(([element, height]) => Math.abs(element.getBoundingClientRect().height - height) < 1,
        [handle, state.embed.height], { timeout: 10000 });
      const png = await handle.screenshot();
      const stats = h.imageStats(png);
      assert.ok(stats.distinctColours > 40 && stats.dominantShare < 0.9, `${state.game}: the board is drawn`);
      await assertNothingClipped(handle, frame, state.game);
    }

    // The wheel over an embed scrolls the post as it does over the text.
    await placeAt(page, staircase.handle, 120);
    const board = await frameWidget(staircase.handle, staircase.frame, 'board');
    const overText = await page.$('article p');
    let before = await scrollY(page);
    await page.mouse.move(board.x + board.w / 2, board.y + board.h / 2);
    await page.mouse.wheel(0, 250);
    const overEmbed = (await settledScroll(page, before)) - before;
    await placeAt(page, overText, 120);
    const textBox = await overText.boundingBox();
    before = await scrollY(page);
    await page.mouse.move(textBox.x + 40, textBox.y + 10);
    await page.mouse.wheel(0, 250);
    const overTextMoved = (await settledScroll(page, before)) - before;
    console.log(`# wheel of 250 px: the post scrolled ${overEmbed} px over the embed, ${overTextMoved} px over text`);
    assert.ok(overTextMoved > 200, `over text the post scrolls (${overTextMoved} px)`);
    assert.equal(overEmbed, overTextMoved, 'over the embed the post scrolls as much as over text');
    assert.equal((await h.readState(staircase.frame)).step, 0, 'the wheel did not step the replay');

    // A manhattan board: the plain wheel scrolls the post and shows the hint once; Ctrl +
    // wheel zooms the board and leaves the post where it is.
    await placeAt(page, manhattan.handle, 60);
    const map = await frameWidget(manhattan.handle, manhattan.frame, 'heatmap');
    await page.mouse.move(map.x + map.w / 3, map.y + map.h / 3);
    before = await scrollY(page);
    await page.mouse.wheel(0, 200);
    const overMap = (await settledScroll(page, before)) - before;
    assert.ok(overMap > 150, `the plain wheel over the manhattan board scrolls the post (${overMap} px)`);
    let state = await h.waitForState(manhattan.frame, (s) => s.embed.zoomHint !== '');
    assert.match(state.embed.zoomHint, /^(Ctrl|⌘) \+ scroll to zoom/);
    assert.equal(state.fields.zoom, '1.000', 'the plain wheel does not zoom');
    await placeAt(page, manhattan.handle, 60);
    before = await scrollY(page);
    const mapAgain = await frameWidget(manhattan.handle, manhattan.frame, 'heatmap');
    await page.mouse.move(mapAgain.x + mapAgain.w / 3, mapAgain.y + mapAgain.h / 3);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    state = await h.waitForState(manhattan.frame, (s) => Number(s.fields.zoom) > 1.05);
    assert.equal(await settledScroll(page, before), before, 'Ctrl + wheel leaves the post where it is');

    // Steps inside an embed leave the post's history alone: Back leaves the post.
    const historyInPost = await page.evaluate(() => history.length);
    assert.equal(historyInPost, historyAtHome + 1);
    await placeAt(page, staircase.handle, 80);
    for (let k = 1; k <= 3; ++k) {
      const next = await frameWidget(staircase.handle, staircase.frame, 'next');
      await h.clickAt(page, next.x + next.w / 2, next.y + next.h / 2);
      await h.waitForState(staircase.frame, (s, n) => s.step === n, k);
    }
    const historyAfterSteps = await page.evaluate(() => history.length);
    console.log(`# history.length: ${historyAtHome} at home, ${historyInPost} on the post, ${historyAfterSteps} after 3 steps inside the embed`);
    assert.equal(historyAfterSteps, historyInPost, 'three steps inside the embed add no history entry');
    assert.match(staircase.frame.url(), /&m=[^&]+&s=3/, 'the embed\'s own address follows (replaced, not pushed)');

    // The keyboard is not trapped: Tab walks the embed's controls, then leaves it for the post.
    const focusInEmbed = () => page.evaluate(() => document.activeElement === document.querySelector('iframe.gamesolver'));
    assert.equal(await focusInEmbed(), true, 'the click gave the embed the focus');
    let tabs = 0;
    while (await focusInEmbed()) {
      assert.ok(++tabs <= 60, 'Tab leaves the embed after its controls');
      await h.pressKey(page, 'Tab');
    }
    const focused = await h.readState(staircase.frame);
    console.log(`# Tab left the embed after ${tabs} presses`);
    assert.ok(tabs > 5, `Tab first walked the embed's controls (${tabs} presses)`);
    assert.equal(focused.focus, '', 'the embed\'s focus ring went with the focus');

    // The autoplaying frame: its height stays put while the line plays, nothing clipped.
    await placeAt(page, exchange.handle, 20);
    const heightsSeen = await exchange.handle.evaluate((element) => {
      window.__gsHeights = [];
      new ResizeObserver(() => window.__gsHeights.push(element.getBoundingClientRect().height)).observe(element);
      return element.getBoundingClientRect().height;
    });
    const steps = new Set();
    let bottom = 0;
    for (let k = 0; k < 40; ++k) {
      const shown = await assertNothingClipped(exchange.handle, exchange.frame, `exchange at step ${(await h.readState(exchange.frame)).step}`);
      steps.add(shown.step);
      bottom = Math.max(bottom, shown.embed.contentBottom);
      await page.waitForTimeout(150);
    }
    const resizes = await page.evaluate(() => window.__gsHeights.slice(1));
    console.log(`# the autoplaying exchange frame: ${heightsSeen} px, ${resizes.length} resizes while it showed steps ${[...steps].sort((a, b) => a - b).join(' ')}; content bottom at most ${bottom} px`);
    assert.ok(steps.size >= 4, `the line played (${steps.size} steps seen)`);
    assert.deepEqual(resizes, [], 'the frame\'s height did not change');

    if (process.env.GS_README_SCREENSHOTS) {
      await placeAt(page, staircase.handle, 40);
      fs.writeFileSync(path.join(readmeShots, 'embed-post-1280x800.png'), await page.screenshot());
    }

    // Back: the reader leaves the post.
    await page.goBack();
    await page.waitForURL(blog.url('/'));
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('an autoplaying embed below the fold starts when it is scrolled into view and pauses when it leaves', async () => {
  // A post of the app's own origin: Chromium stops the frames of a cross-origin frame out of
  // view (so the blog's could not show what the app does), but keeps this one's running, as
  // Firefox does for every frame: the app itself must wait until the reader can see it.
  const viewport = { width: 1280, height: 800 };
  const { context, page, log } = await h.openPage(shared.browser, shared.server, { viewport });
  try {
    const src = shared.server.url('/') + boards.exchange + '&embed=1&autoplay=1&ro=1';
    const post = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title></head>` +
      `<body style="margin:0"><p style="height:1400px">${paragraph(1)}</p>` +
      `<iframe id="board" src="${src}" width="640" height="600" style="border:0"></iframe>` +
      `<p style="height:2000px">${paragraph(2)}</p></body></html>`;
    await page.route(shared.server.url('/post.html'), (route) => route.fulfill({ body: post, contentType: 'text/html' }));
    await page.goto(shared.server.url('/post.html'));
    const handle = await page.$('#board');
    // A third of it peeking in at the bottom: not yet seen.
    const peek = () => page.evaluate(() => window.scrollTo(0, 1400 - 800 + 200));
    await peek();
    const frame = await handle.contentFrame();
    let state = await h.waitForState(frame, (s) => !!s.judgeOutput && s.solving === null && !!s.widgets.board, null, 30000, 100);
    assert.equal(state.autoplay, true);
    await h.waitForState(frame, (s) => !s.inView, null, 5000, 100);
    const framesBefore = state.frameMs.frames;
    await page.waitForTimeout(2500);  // five steps' time at 2 moves a second
    state = await h.readState(frame);
    assert.ok(state.frameMs.frames > framesBefore + 10, `the frame kept drawing (${state.frameMs.frames - framesBefore} frames)`);
    assert.equal(state.step, 0, 'nothing played before the reader saw it');
    // Scrolled into view: it plays.
    await page.evaluate(() => window.scrollTo(0, 1400 - 100));
    state = await h.waitForState(frame, (s) => s.inView && s.step >= 2, null, 15000, 100);
    // Back to a third: it pauses where it is, still set to play.
    await peek();
    state = await h.waitForState(frame, (s) => !s.inView, null, 10000, 100);
    const pausedAt = state.step;
    await page.waitForTimeout(2500);
    state = await h.readState(frame);
    assert.ok(state.step <= pausedAt + 1, `paused out of view (step ${pausedAt}, then ${state.step})`);
    assert.equal(state.autoplay, true);
    console.log(`# autoplay below the fold: step 0 unseen, ${pausedAt} when it left the view, ${state.step} 2.5 s later`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('a commented line narrates itself in the post as the reader steps through it, Chinese included', async () => {
  const { context, page, log } = await h.openPage(shared.browser, blog, { viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(blog.url('/posts/narrated/'));
    const [{ handle, frame }] = await embeddedFrames(page);
    await placeAt(page, handle, 60);
    const historyBefore = await page.evaluate(() => history.length);
    let state = await h.readState(frame);
    assert.equal(state.fields.comment, narration[0]);
    const height = state.embed.height;
    await page.waitForFunction(([element, px]) => Math.abs(element.getBoundingClientRect().height - px) < 1,
      [handle, height], { timeout: 10000 });
    for (let step = 1; step <= 3; ++step) {
      const next = await frameWidget(handle, frame, 'next');
      await h.clickAt(page, next.x + next.w / 2, next.y + next.h / 2);  // a real click in the post
      state = await h.waitForState(frame, (s, k) => s.step === k, step);
      assert.equal(state.fields.comment ?? '', narration[step] ?? '', `step ${step}`);
      assert.equal(state.embed.height, height, 'the frame keeps its height from step to step');
      await assertNothingClipped(handle, frame, `narrated step ${step}`);
    }
    // The Chinese comment is drawn with the glyphs the app fetched, under the board.
    state = await h.waitForState(frame, (s) => s.fields['comment-lacking'] === '0', null, 20000);
    assert.ok(state.widgets['comment-shown'].y > state.widgets.board.y + state.widgets.board.h - 1);
    assert.deepEqual(state.missingGlyphs, []);
    await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const png = await page.screenshot();
    fs.mkdirSync(h.screenshotDir, { recursive: true });
    fs.writeFileSync(path.join(h.screenshotDir, 'embed-post-narrated.png'), png);
    if (process.env.GS_README_SCREENSHOTS) fs.writeFileSync(path.join(readmeShots, 'embed-post-narrated.png'), png);
    assert.equal(await page.evaluate(() => history.length), historyBefore, 'the steps left the post\'s history alone');
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test('phone: a vertical swipe over the embed scrolls the post; a tap plays; nothing is clipped', async () => {
  const context = await shared.browser.newContext({
    viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  try {
    await page.goto(blog.url('/posts/greedy/'));
    const frames = await embeddedFrames(page);
    const [staircase, exchange, manhattan] = frames;
    for (const { handle, frame } of frames) {
      const state = await h.readState(frame);
      await page.waitForFunction(([element, height]) => Math.abs(element.getBoundingClientRect().height - height) < 1,
        [handle, state.embed.height], { timeout: 10000 });
      const box = await handle.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `${state.game}: the frame fits the phone's width`);
      assert.ok(box.height < 844, `${state.game}: the frame (${box.height} px) is shorter than the phone's screen`);
      await assertNothingClipped(handle, frame, `${state.game} on a phone`);
    }
    const historyBefore = await page.evaluate(() => history.length);
    const cdp = await context.newCDPSession(page);
    // A vertical swipe over each embed, and over text, moves the post.
    const distances = {};
    for (const [name, target] of [['staircase', staircase.handle], ['exchange', exchange.handle], ['manhattan', manhattan.handle], ['text', await page.$('article p')]]) {
      await placeAt(page, target, 100);
      const box = await target.boundingBox();
      const x = box.x + box.width / 2, y = Math.min(box.y + box.height / 2, 600);
      const before = await scrollY(page);
      await touchSwipe(cdp, { x, y: y + 100 }, { x, y: y - 150 });
      distances[name] = (await settledScroll(page, before)) - before;
    }
    console.log(`# a 250 px swipe up moved the post: ${JSON.stringify(distances)}`);
    for (const [name, moved] of Object.entries(distances)) assert.ok(moved > 150, `a swipe over ${name} scrolls the post (${moved} px)`);
    assert.equal((await h.readState(staircase.frame)).step, 0, 'the swipe played nothing');

    // A tap on a cell plays it (taps stay the board's), and writes no history.
    await placeAt(page, staircase.handle, 60);
    const cell = await frameWidget(staircase.handle, staircase.frame, 'cell-1-1');
    await page.touchscreen.tap(cell.x + cell.w / 2, cell.y + cell.h / 2);
    await h.waitForState(staircase.frame, (s) => s.step === 1);
    assert.equal(await page.evaluate(() => history.length), historyBefore);

    // A pinch on the manhattan board zooms it (two fingers stay the board's).
    await placeAt(page, manhattan.handle, 60);
    const map = await frameWidget(manhattan.handle, manhattan.frame, 'heatmap');
    const cx = map.x + map.w / 2, cy = map.y + map.h / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: cx - 30, y: cy, id: 1 }, { x: cx + 30, y: cy, id: 2 }] });
    for (let k = 1; k <= 8; ++k) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: cx - 30 - 10 * k, y: cy, id: 1 }, { x: cx + 30 + 10 * k, y: cy, id: 2 }] });
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await h.waitForState(manhattan.frame, (s) => Number(s.fields.zoom) > 1.5);
    await cdp.detach();

    if (process.env.GS_README_SCREENSHOTS) {
      await placeAt(page, staircase.handle, 150);
      fs.writeFileSync(path.join(readmeShots, 'embed-post-390x844.png'), await page.screenshot());
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the Embed dialog\'s Save image saves the board, not the dialog, at a width that fits a phone', async () => {
  const { context, page, log } = await h.openPage(shared.browser, shared.server, { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  try {
    await h.gotoApp(page, shared.server, boards.staircase);
    await h.clickWidget(page, 'embed');
    await h.widget(page, 'embed-save-image');
    const download = page.waitForEvent('download');
    await h.clickWidget(page, 'embed-save-image');
    const file = await (await download).path();
    const png = fs.readFileSync(file);
    const image = h.decodePng(png);
    assert.ok(image.width <= 360 && image.width >= 300, `the image is ${image.width} px wide`);
    // The board's picture, not the dialog's: none of the snippet box's colour (the dialog's
    // text boxes are rgb(20, 22, 26)), and the board's sky-blue marks (the best move's star).
    const state = await h.readState(page);
    assert.ok(state.widgets['embed-snippet'], 'the dialog stayed open');
    const stats = h.imageStats(png);
    assert.ok(stats.distinctColours > 40, 'a picture, not a blank');
    const snippetBox = h.imageStats(await page.screenshot(), state.widgets['embed-snippet'], 2);
    assert.ok(snippetBox.colourCount((r, g, b) => r === 20 && g === 22 && b === 26) > 1000, 'the dialog\'s boxes have that colour');
    assert.equal(stats.colourCount((r, g, b) => r === 20 && g === 22 && b === 26), 0, 'no part of the dialog in the image');
    assert.ok(stats.colourCount((r, g, b) => b > 200 && g > 150 && r < 130) > 20, 'the board\'s blue marks are in the image');
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
