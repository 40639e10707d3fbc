// The speed of the module against the native build, in one run (not a test):
//   node tests/node/bench.js [REPEAT]        (default 15)
// Runs the bench (the same boards and signature as `gamesolver bench`) natively and in the
// module, checks the signatures agree, and prints the medians side by side. Exits non-zero only
// when the signatures differ.
'use strict';
const { loadModule, cli } = require('./common');

(async () => {
  console.log(require('../bench/machine.js').machineLine());
  const repeat = Number(process.argv[2] || 15);
  const native = cli(['bench', '--repeat', String(repeat)]);
  if (native.status !== 0) throw new Error(native.stderr);
  const rows = native.stdout.split('\n').filter((line) => /^\S+ .*\d+\.\d+ +\d+\.\d+$/.test(line));
  const nativeRows = new Map(rows.map((line) => {
    const fields = line.trim().split(/\s+/);
    return [fields.slice(0, -4).join(' ').replace(/ \S+$/, ''), fields];
  }));
  const signature = native.stdout.match(/^signature: (.*)$/m)[1];

  const gs = await loadModule();
  const wasm = gs.bench(repeat);
  console.log(`median of ${repeat} runs after one warm-up run, milliseconds (solve = building the table;`);
  console.log('total = parse + solve + judge output, in-process)\n');
  console.log('board                            native solve  wasm solve  ratio   native total  wasm total  ratio');
  for (const row of wasm.rows) {
    const line = native.stdout.split('\n').find((l) => l.startsWith(row.name));
    const fields = line.trim().split(/\s+/);
    const nativeSolve = Number(fields[fields.length - 2]), nativeTotal = Number(fields[fields.length - 1]);
    console.log(`${row.name.padEnd(32)} ${nativeSolve.toFixed(3).padStart(12)} ${row.solveMs.toFixed(3).padStart(11)} ${(row.solveMs / nativeSolve).toFixed(2).padStart(6)}` +
                `   ${nativeTotal.toFixed(3).padStart(12)} ${row.totalMs.toFixed(3).padStart(11)} ${(row.totalMs / nativeTotal).toFixed(2).padStart(6)}`);
  }
  console.log(`\nsignature native: ${signature}\nsignature wasm:   ${wasm.signature}`);
  const fs = require('node:fs');
  console.log(`module size: ${(fs.statSync(require('./common').modulePath).size / 1024).toFixed(0)} KiB`);
  if (signature !== wasm.signature) {
    console.error('the signatures differ: the builds disagree on some answer');
    process.exit(1);
  }
})();
