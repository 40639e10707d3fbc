// The site folder the build writes (build/site) holds the publishable site and nothing else:
// no CMake or ninja files, nothing a server should not hand out.
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
  assert.deepEqual(listFiles(siteDir).sort(), expected);
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
