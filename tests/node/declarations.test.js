// web/gamesolver.d.ts declares exactly what the module binds: every method of Session and
// every function of the module, no more and no fewer (the TypeScript compiler checks the
// declarations themselves against tests/types/example.ts).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { loadModule } = require('./common');

const declarations = fs.readFileSync(path.join(__dirname, '../../web/gamesolver.d.ts'), 'utf8');

// The member names declared in a block that starts with `header {`.
function declaredMembers(header) {
  const start = declarations.indexOf(header + ' {');
  assert.ok(start >= 0, `${header} is declared`);
  let depth = 0, end = start;
  for (let k = declarations.indexOf('{', start); k < declarations.length; ++k) {
    if (declarations[k] === '{') ++depth;
    if (declarations[k] === '}' && --depth === 0) { end = k; break; }
  }
  const body = declarations.slice(declarations.indexOf('{', start) + 1, end);
  const names = new Set();
  for (const line of body.split('\n')) {
    const match = /^    ([A-Za-z]\w*)\??\s*[(:]/.exec(line);
    if (match) names.add(match[1]);
  }
  return names;
}

test('Session: the declared methods are the bound ones', async () => {
  const gs = await loadModule();
  const embindOwn = new Set(['constructor', 'isAliasOf', 'clone', 'isDeleted', 'deleteLater']);
  const bound = Object.getOwnPropertyNames(gs.Session.prototype).filter((name) => !embindOwn.has(name));
  const declared = declaredMembers('class Session');
  declared.delete('constructor');
  // delete() comes from Embind's base class of every handle.
  assert.equal(typeof gs.Session.prototype.delete, 'function');
  declared.delete('delete');
  assert.deepEqual([...declared].sort(), bound.sort());
});

test('Module: the declared functions are the bound ones', async () => {
  const gs = await loadModule();
  const declared = declaredMembers('interface Module');
  for (const name of declared) assert.equal(typeof gs[name], 'function', name);
  for (const name of ['solveJudgeInput', 'games', 'bench', 'heapStats', 'rulesInfo', 'tableAsync']) assert.ok(declared.has(name), name);
});

test('GifWriter: the declared methods are the bound ones', async () => {
  const gs = await loadModule();
  const embindOwn = new Set(['constructor', 'isAliasOf', 'clone', 'isDeleted', 'deleteLater']);
  const bound = Object.getOwnPropertyNames(gs.GifWriter.prototype).filter((name) => !embindOwn.has(name));
  const declared = declaredMembers('class GifWriter');
  declared.delete('constructor');
  assert.equal(typeof gs.GifWriter.prototype.delete, 'function');
  declared.delete('delete');
  assert.deepEqual([...declared].sort(), bound.sort());
});

test('RulesTable: the declared methods are the bound ones', async () => {
  const gs = await loadModule();
  const embindOwn = new Set(['constructor', 'isAliasOf', 'clone', 'isDeleted', 'deleteLater']);
  const bound = Object.getOwnPropertyNames(gs.RulesTable.prototype).filter((name) => !embindOwn.has(name));
  const declared = declaredMembers('class RulesTable');
  declared.delete('constructor');
  assert.equal(typeof gs.RulesTable.prototype.delete, 'function');
  declared.delete('delete');
  assert.deepEqual([...declared].sort(), bound.sort());
});
