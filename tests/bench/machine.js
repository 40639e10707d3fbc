// The line every bench prints above its table (web/guides/performance.md quotes it): the day,
// the machine and the commit measured, as tests/bench/machine.sh prints it for the shell ones.
//   measured 2026-12-07 on AMD EPYC, 2 cores, 23 GiB, at 65763f9
'use strict';
const os = require('node:os');
const { execFileSync } = require('node:child_process');

function machineLine() {
  let commit = 'no commit';
  try {
    commit = execFileSync('git', ['-C', __dirname, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {}
  const cpus = os.cpus();
  const model = cpus.length ? cpus[0].model : 'an unknown CPU';
  const memory = Math.round(os.totalmem() / 2 ** 30);
  return `measured ${new Date().toISOString().slice(0, 10)} on ${model}, ${cpus.length} cores, ${memory} GiB, at ${commit}`;
}

module.exports = { machineLine };
