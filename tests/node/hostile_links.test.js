// The sandbox's hostile rules files (tests/rules/hostile/, issue 31) in the module, by link:
// rulesInfo and loadLink of each return a sentence of bounded length or open, never an abort.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { loadModule, cli, hostileFolder: folder, hostileFiles } = require('./common');

const files = hostileFiles();

test('rulesInfo and loadLink of the files that fail while loading return their sentence', async () => {
  const gs = await loadModule();
  const s = new gs.Session();
  for (const name of files) {
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    const info = gs.rulesInfo(text);
    // The link of a rules file is made natively (it carries the text, deflated).
    const link = cli(['link', path.join(folder, name)]);
    if (!info.ok) {
      assert.equal(typeof info.error, 'string', name);
      assert.ok(info.error.length < 2400, name);
      assert.notEqual(link.status, 0, `${name}: the CLI's link refuses it too`);
      continue;
    }
    if (link.status !== 0) continue;  // it loads, and fails when solved: loadRules covers it
    const opened = s.loadLink(link.stdout.trim());
    assert.equal(typeof opened.ok, 'boolean', name);
    if (!opened.ok) assert.ok(opened.error.length < 2400, `${name}: ${opened.error.slice(0, 200)}`);
  }
  s.delete();
});
