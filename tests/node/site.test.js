// The site folder the build writes (build/site) holds the publishable site and nothing else:
// no CMake or ninja files, nothing a server should not hand out; the guides as its pages.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const siteDir = path.resolve(root, process.env.GS_SITE_DIR || path.dirname(process.env.GS_MODULE || 'build/site/gamesolver.js'));

function listFiles(dir, prefix = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), prefix + entry.name + '/') : [prefix + entry.name]);
}

test('build/site holds only the site', () => {
  const expected = [
    'examples/embed.html',
    'fonts/cjk.ttf',
    'gamesolver-standalone.html',
    'gamesolver.d.ts',
    'gamesolver.js',
    'icons/apple-touch-icon.png',
    'icons/favicon-32.png',
    'icons/icon-192.png',
    'icons/icon-512.png',
    'icons/maskable-512.png',
    'index.html',
    'index.js',
    'index.wasm',
    'licenses.txt',
    'manifest.webmanifest',
    'sw.js',
  ];
  // The guides' pages (web/guides/make_site.py): one per guide and their index, and the
  // screenshots they show, no other.
  const guides = path.join(root, 'web', 'guides');
  for (const file of fs.readdirSync(guides).filter((f) => f.endsWith('.md'))) {
    expected.push(`guides/${file.replace(/\.md$/, '.html')}`);
    const text = fs.readFileSync(path.join(guides, file), 'utf8');
    for (const [, shot] of text.matchAll(/\.\.\/\.\.\/imgui_app\/screenshots\/([^)"?]+)/g))
      if (!expected.includes(`guides/screenshots/${shot}`)) expected.push(`guides/screenshots/${shot}`);
  }
  expected.push('guides/index.html');
  assert.deepEqual(listFiles(siteDir).sort(), expected.sort());
});

test('licenses.txt carries the notice of every project the site files include', () => {
  const text = fs.readFileSync(path.join(siteDir, 'licenses.txt'), 'utf8');
  for (const heading of ['==== Dear ImGui 1.86', '==== giflib 5.2.1', '==== DejaVu Sans',
    '==== Droid Sans Fallback', '==== The Apache License 2.0', '==== musl libc',
    '==== Lua 5.4.4', '==== zlib 1.2.13'])
    assert.ok(text.includes(heading), heading);
  // The notices themselves, not only their titles.
  assert.match(text, /Copyright \(c\) 2014-20\d\d Omar Cornut/);
  assert.match(text, /Eric S\. Raymond/);
  assert.match(text, /Lua\.org, PUC-Rio/);
  assert.match(text, /Jean-loup Gailly and Mark Adler/);
  assert.match(text, /Bitstream Vera is a trademark of Bitstream, Inc\./);
});

// The sizes of the function bodies in a WebAssembly binary's code section, in order.
function functionBodySizes(bytes) {
  let at = 8;  // after the magic number and the version
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = leb();
    const end = at + size;
    if (id === 10) {
      const sizes = [];
      for (let count = leb(); count > 0; --count) {
        const body = leb();
        sizes.push(body);
        at += body;
      }
      return sizes;
    }
    at = end;
  }
  return [];
}

// Chromium compiles a function again, on the page's main thread, when its optimized code is
// dropped (a virtual call meeting a new target); with every one-caller function inlined, the
// frame loop was one 120 KB function and that compile a 70-80 ms task after a solve.
test('no function of the app is large enough to freeze a frame while it compiles', () => {
  for (const file of ['index.wasm']) {
    const sizes = functionBodySizes(fs.readFileSync(path.join(siteDir, file)));
    assert.ok(sizes.length > 1000, `${file}: the code section lists the app's functions`);
    const largest = Math.max(...sizes);
    console.log(`${file}: ${sizes.length} functions, the largest ${largest} bytes`);
    assert.ok(largest < 48 * 1024, `${file}: function #${sizes.indexOf(largest)} has ${largest} bytes`);
  }
});
