// Rules games in the WebAssembly module against the native core, in one run: the solve inside
// each (the module's loadRules and judgeOutput; `gamesolver value --time`-free: the native
// side is timed in-process by the bench below through the CLI's own solve time in `analyze`),
// median of RUNS (default 5) each, interleaved; the two answers must be equal.
//   node tests/bench/rules_module_bench.js [MODULE] [CLI]
//   (defaults build/site/gamesolver.js and build/native/gamesolver)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { median } = require('./module_cases.js');

const root = path.resolve(__dirname, '../..');
const modulePath = path.resolve(process.argv[2] || path.join(root, 'build/site/gamesolver.js'));
const cliPath = path.resolve(process.argv[3] || path.join(root, 'build/native/gamesolver'));
const runs = Number(process.env.RUNS || 5);
const examples = path.join(root, 'web/examples/rules');

const cases = [
  ['Wythoff (100, 100)', 'wythoff.lua', { a: 100, b: 100 }],
  ['Kayles n = 600', 'kayles.lua', { n: 600 }],
  ['take 1 or 2, n = 100000', 'take12.lua', { n: 100000 }],
];

(async () => {
  console.log(require('./machine.js').machineLine());
  const gs = await require(modulePath)();
  console.log('case                        module (ms)  native (ms)  ratio');
  for (const [label, file, params] of cases) {
    const text = fs.readFileSync(path.join(examples, file), 'utf8');
    const mine = [], native = [];
    let answer = '';
    for (let k = 0; k < runs; ++k) {
      const session = new gs.Session();
      const start = process.hrtime.bigint();
      const loaded = session.loadRules(text, params);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (!loaded.ok) throw new Error(`${file}: ${loaded.error}`);
      answer = session.judgeOutput();
      session.delete();
      mine.push(ms);
      // The native core: the solve time the analysis reports (the same work, in process).
      const args = ['analyze', path.join(examples, file),
        ...Object.entries(params).map(([name, value]) => `${name}=${value}`)];
      const run = spawnSync(cliPath, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
      const analysis = JSON.parse(run.stdout);
      if (analysis.judgeOutput !== answer) throw new Error(`${file}: ${analysis.judgeOutput} vs ${answer}`);
      native.push(analysis.solveMilliseconds);
    }
    const a = median(mine), b = median(native);
    console.log(`${label.padEnd(28)}${a.toFixed(0).padStart(11)}  ${b.toFixed(0).padStart(11)}  ${(a / b).toFixed(2).padStart(5)}`);
  }
})().catch((error) => { console.error(error); process.exit(1); });
