// The module is a library: loading it in Node must leave the host process's error handling alone
// (issue 18, finding 3). Emscripten's default Node shell installs process-wide
// 'uncaughtException' and 'unhandledRejection' listeners that rethrow, which turned a host's
// handled error into a crash (exit code 7, the module's whole source on stderr). Each case runs
// in a child process, since these handlers are process-wide.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const { modulePath } = require('./common');

// Runs `body` (the text of an async function taking `gs`) in a child node with the module
// loaded; the child prints JSON lines on stdout.
function runHost(prelude, body) {
  const program = `
    'use strict';
    const log = (x) => process.stdout.write(JSON.stringify(x) + '\\n');
    ${prelude}
    const listenersBefore = {
      uncaughtException: process.listenerCount('uncaughtException'),
      unhandledRejection: process.listenerCount('unhandledRejection'),
    };
    require(${JSON.stringify(modulePath)})().then(async (gs) => {
      log({ listenersBefore, listenersAfter: {
        uncaughtException: process.listenerCount('uncaughtException'),
        unhandledRejection: process.listenerCount('unhandledRejection'),
      } });
      ${body}
    });`;
  return spawnSync(process.execPath, ['-e', program], { encoding: 'utf8', timeout: 60000 });
}

function lines(stdout) {
  return stdout.split('\n').filter((line) => line).map((line) => JSON.parse(line));
}

test('loading the module adds no process-wide error listener; the host handles its own errors', () => {
  const run = runHost(`
    const handled = [];
    process.on('uncaughtException', (error) => { handled.push('exception: ' + error.message); });
    process.on('unhandledRejection', (reason) => { handled.push('rejection: ' + reason.message); });
    process.on('exit', () => log({ handled }));`, `
    // An unrelated rejection nobody awaits, and an exception thrown from a timer: both the
    // host's own business, both handled by its listeners.
    Promise.reject(new Error('an unrelated rejection'));
    setTimeout(() => { throw new Error('an unrelated exception'); }, 10);
    setTimeout(() => log({ answer: gs.solveJudgeInput('exchange', '1 1 2\\n2\\n4\\n1 3\\n') }), 50);`);
  assert.equal(run.error, undefined);
  assert.equal(run.status, 0, `exit ${run.status}, stderr (${run.stderr.length} chars): ${run.stderr.slice(0, 300)}`);
  assert.ok(run.stderr.length < 200, `stderr: ${run.stderr.length} chars`);
  const [listeners, answer, handled] = lines(run.stdout);
  assert.deepEqual(listeners.listenersAfter, listeners.listenersBefore);
  assert.deepEqual(listeners.listenersBefore, { uncaughtException: 1, unhandledRejection: 1 });
  assert.deepEqual(answer, { answer: { ok: true, output: 'Aoki\n' } });
  assert.deepEqual(handled.handled, ['rejection: an unrelated rejection', 'exception: an unrelated exception']);
});

test('a host without handlers: the listener counts stay at zero and the module still works', () => {
  const run = runHost('', `log({ answer: gs.solveJudgeInput('exchange', '1 1 2\\n2\\n4\\n1 3\\n') });`);
  assert.equal(run.status, 0, run.stderr.slice(0, 300));
  assert.equal(run.stderr, '');
  const [listeners, answer] = lines(run.stdout);
  assert.deepEqual(listeners.listenersBefore, { uncaughtException: 0, unhandledRejection: 0 });
  assert.deepEqual(listeners.listenersAfter, listeners.listenersBefore);
  assert.deepEqual(answer, { answer: { ok: true, output: 'Aoki\n' } });
});

test('a host without handlers still dies of its own unhandled rejection (Node\'s default is kept)', () => {
  const run = runHost('', `Promise.reject(new Error('the host\\'s own bug'));`);
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /the host's own bug/);
  assert.ok(run.stderr.length < 2000, `stderr: ${run.stderr.length} chars (the module's source is not printed)`);
});
