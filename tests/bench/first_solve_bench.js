// A fresh module's first solve against its next ones. A WebAssembly engine runs a function
// first in code compiled for a quick start and compiles it again for speed once it has run a
// while; a call under way keeps the code it started with. So the first solve of a page or a
// worker is the one to measure: each run here is a new node process that loads the module
// (timed), solves a case once (first), then the same case again (warm). Cases: the rules games
// of tests/bench/module_cases.js by `gs.solveRules` (the memo search), and a seeded 14 x 14
// staircase by `Session.loadJudgeInput`. Median of RUNS (default 3) processes each; with
// several modules, their runs interleaved (to compare two builds in one run).
//   node tests/bench/first_solve_bench.js [MODULE...]   (default build/site/gamesolver.js;
//   ONLY=Grundy runs only the cases whose label matches)
'use strict';
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { cases, textOf, median } = require('./module_cases.js');

const root = path.resolve(__dirname, '../..');

function staircaseInput(n, m) {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 100000;
  let text = `${n} ${m}\n`;
  for (let board = 0; board < 2; ++board) {
    for (let row = 0; row < n; ++row) text += Array.from({ length: m }, next).join(' ') + '\n';
  }
  return text;
}

const all = [
  ...cases.map(([label, file, extra, input]) => ({
    label,
    solve: (gs) => {
      const solved = gs.solveRules(textOf(file, extra), input);
      if (!solved.ok) throw new Error(`${label}: ${solved.error}`);
      return solved.output;
    },
  })),
  {
    label: 'staircase 14 x 14 (loadJudgeInput)',
    solve: (gs) => {
      const session = new gs.Session();
      try {
        const loaded = session.loadJudgeInput('staircase', staircaseInput(14, 14));
        if (!loaded.ok) throw new Error(`staircase: ${loaded.error}`);
        return session.judgeOutput();
      } finally {
        session.delete();
      }
    },
  },
];

const now = () => Number(process.hrtime.bigint()) / 1e6;

if (process.argv[2] === '--child') {
  (async () => {
    const begun = now();
    const gs = await require(process.argv[3])();
    const load = now() - begun;
    const which = all[Number(process.argv[4])];
    let start = now();
    const output = which.solve(gs);
    const first = now() - start;
    start = now();
    if (which.solve(gs) !== output) throw new Error(`${which.label}: two answers`);
    const warm = now() - start;
    process.stdout.write(JSON.stringify({ load, first, warm, output }));
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const modules = process.argv.slice(2).map((file) => path.resolve(file));
  if (modules.length === 0) modules.push(path.join(root, 'build/site/gamesolver.js'));
  const runs = Number(process.env.RUNS || 3);
  console.log(require('./machine.js').machineLine());
  console.log('case                                   module  load (ms)  first (ms)  warm (ms)  ' +
              'first / warm');
  all.forEach((which, index) => {
    if (process.env.ONLY && !new RegExp(process.env.ONLY).test(which.label)) return;
    const times = modules.map(() => ({ load: [], first: [], warm: [] }));
    let answer = null;
    for (let run = 0; run < runs; ++run) {
      modules.forEach((module, m) => {
        const child = spawnSync(process.execPath, [__filename, '--child', module, String(index)],
                                { encoding: 'utf8' });
        if (child.status !== 0) throw new Error(`${which.label}: ${child.stderr}`);
        const result = JSON.parse(child.stdout);
        if (answer !== null && result.output !== answer) {
          throw new Error(`${which.label}: '${result.output}' against '${answer}'`);
        }
        answer = result.output;
        for (const key of ['load', 'first', 'warm']) times[m][key].push(result[key]);
      });
    }
    modules.forEach((module, m) => {
      const [load, first, warm] = ['load', 'first', 'warm'].map((key) => median(times[m][key]));
      console.log(`${which.label.padEnd(39)}${String(m + 1).padStart(6)}` +
                  `${load.toFixed(0).padStart(11)}${first.toFixed(0).padStart(12)}` +
                  `${warm.toFixed(0).padStart(11)}${(first / warm).toFixed(2).padStart(14)}`);
    });
  });
}
