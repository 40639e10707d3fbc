// Shared by the node tests of the module: where the module and the native CLI are, and how to
// run the CLI on a text.
'use strict';
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');
const modulePath = path.resolve(root, process.env.GS_MODULE || 'build/site/gamesolver.js');
const cliPath = path.resolve(root, process.env.GS_CLI || 'build/native/gamesolver');

let loaded;
// The module, instantiated once per test file.
function loadModule() {
  loaded = loaded || require(modulePath)();
  return loaded;
}

// Runs `gamesolver ARGS...` with `input` on standard input.
function cli(args, input = '') {
  const run = spawnSync(cliPath, args, { input, encoding: 'utf8', maxBuffer: 256 << 20 });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

// The sandbox's hostile rules files (tests/rules/hostile/, issue 31), sorted by name.
const hostileFolder = path.join(root, 'tests/rules/hostile');
function hostileFiles() {
  return require('node:fs').readdirSync(hostileFolder).filter((name) => name.endsWith('.lua')).sort();
}

// A small seeded generator (mulberry32), so every run draws the same boards.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const samples = [
  ['staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n', '2\n'],
  ['staircase', '3 3\n9 4 3\n6 7 6\n4 5 9\n0 0 0\n0 0 0\n0 0 0\n', '32\n'],
  ['exchange', '1 1 2\n2\n4\n1 3\n', 'Aoki\n'],
  ['exchange', '4 4 4\n98 98765 987654 987654321\n987 9876 9876543 98765432\n123 12345 1234567 123456789\n', 'Takahashi\n'],
  ['exchange', '1 1 8\n10\n10\n1 2 3 4 5 6 7 8\n', 'Aoki\n'],
  ['manhattan', '3 1\n1 2 3\n4 5 6\n7 8 9\n', '2\n3 2\n3 3\n'],
];

// The built-in games' ids, in the module's order (gs.games(), the registry of
// core/games/registry.cpp; samples.test.js checks them against the CLI's help), and items joined
// as the module's messages join a list (Message::list, core/base/message.h): "a, b or c", "a or
// b", "a". The tests that pin a message naming every game build it from these, so that a game
// added to the registry changes none of them.
function gameIds(gs) {
  return gs.games().map((game) => game.id);
}
function listed(items, conjunction = ' or ') {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')}${conjunction}${items[items.length - 1]}`;
}

module.exports = { root, modulePath, cliPath, loadModule, cli, random, samples, hostileFolder, hostileFiles, gameIds, listed };
