// The rules' memo search (core/rules/memo_search.lua) in the WebAssembly module against the
// native core, in one run: the judge's answer of a problem's input by `gs.solveRules` (in
// process) and by a whole `gamesolver solve` process, median of RUNS (default 5) each,
// interleaved; the two answers must be equal. The games: tests/bench/module_cases.js.
//   node tests/bench/search_module_bench.js [MODULE] [CLI]
//   (defaults build/site/gamesolver.js and build/native/gamesolver; ONLY=Deque runs only the
//   cases whose label matches)
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '../..');
const modulePath = path.resolve(process.argv[2] || path.join(root, 'build/site/gamesolver.js'));
const cliPath = path.resolve(process.argv[3] || path.join(root, 'build/native/gamesolver'));
const runs = Number(process.env.RUNS || 5);

const { cases, textOf, median } = require('./module_cases.js');

(async () => {
  console.log(require('./machine.js').machineLine());
  const gs = await require(modulePath)();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-search-'));
  console.log('case                                   module (ms)  native (ms)  ratio');
  try {
    for (const [label, file, extra, input] of cases) {
      if (process.env.ONLY && !new RegExp(process.env.ONLY).test(label)) continue;
      const text = textOf(file, extra);
      const rulesFile = path.join(work, file);
      fs.writeFileSync(rulesFile, text);
      const mine = [], native = [];
      for (let k = 0; k < runs; ++k) {
        const start = process.hrtime.bigint();
        const solved = gs.solveRules(text, input);
        mine.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (!solved.ok) throw new Error(`${file}: ${solved.error}`);
        const begun = process.hrtime.bigint();
        const run = spawnSync(cliPath, ['solve', rulesFile], { input, encoding: 'utf8' });
        native.push(Number(process.hrtime.bigint() - begun) / 1e6);
        if (run.status !== 0) throw new Error(`${file}: ${run.stderr}`);
        if (run.stdout !== solved.output) {
          throw new Error(`${file}: native '${run.stdout}', module '${solved.output}'`);
        }
      }
      const a = median(mine), b = median(native);
      console.log(`${label.padEnd(39)}${a.toFixed(0).padStart(11)}  ${b.toFixed(0).padStart(11)}  ` +
                  `${(a / b).toFixed(2).padStart(5)}`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
})().catch((error) => { console.error(error); process.exit(1); });
