// Browser tests of the Game Solver app (the Dear ImGui canvas in build/site/index.html), in
// Debian's headless Chromium. The app is driven only by real mouse and keyboard events at the
// rectangles its read-only test hook reports; answers are checked against the core/games/GAMES.md samples,
// the WebAssembly module build/site/gamesolver.js run in node, and (for manhattan) a brute-force
// reading of the rule written here.
//   GS_WEB_DIR=build/site node --test tests/browser/
'use strict';

const assert = require('node:assert/strict');
const { describe, test } = require('node:test');
const h = require('./helpers');

const kStaircaseSample = '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n';
const kStaircase3x3 = '3 3\n9 4 3\n6 7 6\n4 5 9\n0 0 0\n0 0 0\n0 0 0\n';
const kMalformed = '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3\n';
const kMalformedMessage = 'line 5, column 5: expected 3 integers (row 2 of b), found 2';
const kExchangeSamples = [
  ['1 1 2\n2\n4\n1 3\n', 'Aoki\n'],
  ['4 4 4\n98 98765 987654 987654321\n987 9876 9876543 98765432\n123 12345 1234567 123456789\n', 'Takahashi\n'],
  ['1 1 8\n10\n10\n1 2 3 4 5 6 7 8\n', 'Aoki\n'],
];
const kManhattanSample = ['3 1\n1 2 3\n4 5 6\n7 8 9\n', '2\n3 2\n3 3\n'];

// A point inside the text part of an input field whose rectangle also spans step buttons and
// its label (ImGui::InputInt records the whole group).
const fieldText = (rect) => ({ x: rect.x + 12, y: rect.y + rect.h / 2 });

const shared = h.sharedServerAndBrowser();

// Runs body with a fresh page on the app; afterwards checks there were no console or page
// errors and no request left the local server.
async function withApp(options, body) {
  const { context, page, log } = await h.openPage(shared.browser, shared.server, options);
  try {
    const state = await h.gotoApp(page, shared.server, options.fragment || '');
    await body(page, state, log);
    assert.deepEqual(log.errors, [], 'console or page errors');
    assert.deepEqual(h.foreignRequests(log, shared.server), [], 'requests outside the local server');
  } finally {
    await context.close();
  }
}

const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };

// The current board as judge input, through the app's own "Copy board as judge input" button
// (a real click) and the page's clipboard.
async function copiedJudgeInput(page) {
  return h.copiedBy(page, 'copy-text');
}

async function pickGame(page, game) {
  await h.clickWidget(page, 'game-' + game);
  return h.waitForState(page, (s, g) => s.game === g && !!s.widgets['board'], game);
}

async function pasteJudgeInput(page, text) {
  await h.typeInto(page, 'judge-text', text);
  await h.clickWidget(page, 'load-text');
  await h.frames(page, 3);
  return h.readState(page);
}

// The module's answers for a board.
async function moduleSession(game, judgeInput) {
  const module = await h.loadModule();
  const session = new module.Session();
  const loaded = session.loadJudgeInput(game, judgeInput);
  assert.ok(loaded.ok, `module refused the board: ${loaded.error}`);
  return session;
}

async function moduleOutput(game, judgeInput) {
  const module = await h.loadModule();
  const result = module.solveJudgeInput(game, judgeInput);
  assert.ok(result.ok, `module refused the board: ${result.error}`);
  return result.output;
}

// --- manhattan, read straight from the rule in core/games/GAMES.md (brute force) ---

function parseManhattan(text) {
  const numbers = text.trim().split(/\s+/).map(Number);
  const [n, m] = numbers;
  const values = numbers.slice(2);
  assert.equal(values.length, n * n);
  return { n, m, values };
}

function manhattanWinning({ n, values, m }) {
  const cells = values.map((value, index) => ({ value, row: Math.floor(index / n), col: index % n, index }));
  cells.sort((x, y) => y.value - x.value);
  const winning = new Set();
  const found = [];
  for (const cell of cells) {
    if (!found.some((w) => Math.abs(w.row - cell.row) + Math.abs(w.col - cell.col) > m)) {
      winning.add(cell.index);
      found.push(cell);
    }
  }
  return winning;
}

const distance = (n, a, b) =>
  Math.abs(Math.floor(a / n) - Math.floor(b / n)) + Math.abs((a % n) - (b % n));
const cellName = (n, index) => `${Math.floor(index / n) + 1}-${(index % n) + 1}`;
const cellIndex = (n, code) => {
  const [row, col] = code.split('-').map(Number);
  return (row - 1) * n + (col - 1);
};

function screenshotLooksDrawn(png, rect, scale = 1, { minColours = 40 } = {}) {
  const stats = h.imageStats(png, rect, scale);
  assert.ok(stats.distinctColours >= minColours, `only ${stats.distinctColours} distinct colours`);
  assert.ok(stats.dominantShare < 0.9, `one colour covers ${(100 * stats.dominantShare).toFixed(1)}%`);
  return stats;
}

// The suite is built once the module has said which games are built in: one test a game below.
describe('Game Solver app', { concurrency: false }, async () => {
  const games = await h.gameIds();
  test('the default page shows the staircase judge sample, solved, drawn, offline', async () => {
    await withApp({}, async (page, state, log) => {
      assert.equal(state.game, 'staircase');
      assert.equal(state.judgeOutput, '2\n');
      assert.match(state.summary, /\b2 points\b/);
      assert.equal(state.step, 0);
      assert.equal(state.lineLength, 6, 'the optimal line fills the 2 x 3 board');
      assert.equal(state.error, '');
      for (const name of [...games.map((id) => `game-${id}`), 'judge-text', 'load-text',
        'cell-1-1', 'cell-2-3', 'first', 'prev', 'next', 'last', 'best', 'chart', 'move-list-6']) {
        assert.ok(state.widgets[name], `widget ${name}`);
      }
      // The optimal line of core/games/GAMES.md: B(1,1), W(1,2), B(2,1), W(1,3), B(2,2), W(2,3).
      await h.clickWidget(page, 'last');
      const end = await h.waitForState(page, (s) => s.step === 6);
      assert.deepEqual(end.movesPlayed, ['1-1', '1-2', '2-1', '1-3', '2-2', '2-3']);
      await h.clickWidget(page, 'first');
      await h.waitForState(page, (s) => s.step === 0);

      const png = await h.screenshot(page, 'staircase-default');
      const viewport = page.viewportSize();
      const whole = screenshotLooksDrawn(png);
      assert.equal(whole.width, viewport.width);
      assert.equal(whole.height, viewport.height);
      screenshotLooksDrawn(png, state.widgets.board, 1, { minColours: 20 });
      // The best first move is outlined in the palette's blue (86, 180, 233) on the board.
      const best = h.imageStats(png, state.widgets['cell-1-1']);
      assert.ok(best.colourCount((r, g, b) => b > 200 && g > 150 && r < 120) > 50, 'blue outline on (1, 1)');
      assert.ok(log.requests.length >= 3, 'page, script and wasm requested');
    });
  });

  test('clicking legal cells plays moves and changes the value of the current position', async () => {
    await withApp({}, async (page, state) => {
      // (2, 3) is not playable on the empty board: nothing happens.
      await h.clickWidget(page, 'cell-2-3');
      await h.frames(page, 4);
      let now = await h.readState(page);
      assert.equal(now.step, 0);
      assert.deepEqual(now.movesPlayed, []);

      await h.clickWidget(page, 'cell-1-1');
      now = await h.waitForState(page, (s) => s.step === 1);
      assert.deepEqual(now.movesPlayed, ['1-1']);
      assert.equal(now.value, state.value, 'the optimal first move keeps the value');

      // White's optimal answer is (1, 2); (2, 1) is a mistake that changes the value.
      await h.clickWidget(page, 'cell-2-1');
      now = await h.waitForState(page, (s) => s.step === 2);
      assert.deepEqual(now.movesPlayed, ['1-1', '2-1']);
      assert.notEqual(now.value, state.value);
      assert.notEqual(now.chartValue, state.chartValue);
      assert.ok(now.chartValue > state.chartValue, 'White\'s mistake helps Black');
      assert.equal(now.summary, state.summary, 'the summary is the whole game\'s value');
      assert.equal(now.lineLength, 6, 'the line continues optimally to the end of the game');

      const session = await moduleSession('staircase', kStaircaseSample);
      try {
        assert.ok(session.play('1-1').ok);
        assert.ok(session.play('2-1').ok);
        assert.equal(now.value, session.value().text);
        assert.equal(now.chartValue, session.value().score);
      } finally {
        session.delete();
      }
      // A stone's cell is no longer playable.
      await h.clickWidget(page, 'cell-1-1');
      await h.frames(page, 4);
      assert.equal((await h.readState(page)).step, 2);
    });
  });

  test('ArrowRight, ArrowLeft, Home and End step through the line; Space plays the best move', async () => {
    await withApp({}, async (page, state) => {
      const expectStep = (step) => h.waitForState(page, (s, k) => s.step === k, step, 5000);
      await h.pressKey(page, 'ArrowRight');
      await expectStep(1);
      await h.pressKey(page, 'ArrowRight');
      let now = await expectStep(2);
      assert.deepEqual(now.movesPlayed, ['1-1', '1-2']);
      await h.pressKey(page, 'ArrowLeft');
      await expectStep(1);
      await h.pressKey(page, 'End');
      now = await expectStep(state.lineLength);
      assert.equal(now.movesPlayed.length, 6);
      await h.pressKey(page, 'Home');
      now = await expectStep(0);
      assert.deepEqual(now.movesPlayed, []);
      assert.equal(now.lineLength, 6, 'stepping keeps the line');

      // Space: the best move, (1, 1), then White's best, (1, 2).
      await h.pressKey(page, 'Space');
      now = await expectStep(1);
      assert.deepEqual(now.movesPlayed, ['1-1']);
      // After a mistake, Space plays Black's best reply as the module computes it.
      await h.clickWidget(page, 'cell-2-1');
      await expectStep(2);
      await h.pressKey(page, 'Space');
      now = await expectStep(3);
      const session = await moduleSession('staircase', kStaircaseSample);
      try {
        session.play('1-1');
        session.play('2-1');
        assert.equal(now.movesPlayed[2], session.bestMove().code);
      } finally {
        session.delete();
      }
      await h.pressKey(page, 'ArrowLeft');
      now = await expectStep(2);
      assert.deepEqual(now.movesPlayed, ['1-1', '2-1'], 'the new line replaced the old one');
    });
  });

  test('the step buttons, autoplay, the chart and the move list jump to steps', async () => {
    await withApp({}, async (page, state) => {
      const expectStep = (step) => h.waitForState(page, (s, k) => s.step === k, step, 5000);
      await h.clickWidget(page, 'next');
      await expectStep(1);
      await h.clickWidget(page, 'next');
      await expectStep(2);
      await h.clickWidget(page, 'prev');
      await expectStep(1);
      await h.clickWidget(page, 'last');
      await expectStep(state.lineLength);
      await h.clickWidget(page, 'first');
      await expectStep(0);
      await h.clickWidget(page, 'move-list-4');
      let now = await expectStep(4);
      assert.equal(now.movesPlayed.length, 4);
      await h.clickWidget(page, 'move-list-0');
      await expectStep(0);
      await h.clickWidget(page, 'best');
      now = await expectStep(1);
      assert.deepEqual(now.movesPlayed, ['1-1']);
      await h.clickWidget(page, 'restart');
      await expectStep(0);

      // The chart: one point per step from 0 to the line's length, evenly spread (where the
      // chart is at each click: the panel's layout may follow the step).
      for (const k of [3, state.lineLength, 0]) {
        const chart = await h.widget(page, 'chart');
        const at = (x) => ({ x: chart.x + (x * chart.w) / state.lineLength, y: chart.y + chart.h / 2 });
        const point = at(Math.min(Math.max(k, 0.2), state.lineLength - 0.2));
        await h.clickAt(page, point.x, point.y);
        await expectStep(k);
      }

      // Autoplay walks the line from the start, then stops.
      await h.clickWidget(page, 'autoplay');
      now = await h.waitForState(page, (s) => s.autoplay === true, null, 3000);
      await h.waitForState(page, (s) => s.step >= 2, null, 5000);
      await h.clickWidget(page, 'autoplay');
      now = await h.waitForState(page, (s) => s.autoplay === false, null, 3000);
      const paused = now.step;
      await page.waitForTimeout(1200);
      assert.equal((await h.readState(page)).step, paused, 'paused autoplay stays');
    });
  });

  test('a held key repeats at the browser\'s pace: one press is one newline however late the frames, each repeat one more', async () => {
    await withApp({}, async (page) => {
      await h.typeInto(page, 'judge-text', '1');
      const breaks = async () => (await h.readState(page)).fields['judge-text-breaks'];
      assert.equal(await breaks(), '0');
      await page.keyboard.down('Enter');
      // Held past ImGui's own repeat delay (0.275 s), as a frame that comes late holds it.
      await page.waitForTimeout(700);
      await h.frames(page, 2);
      assert.equal(await breaks(), '1', 'one press, one newline');
      await page.keyboard.down('Enter');  // the browser's repeat event (repeat: true)
      await h.frames(page, 2);
      await page.keyboard.up('Enter');
      await h.frames(page, 2);
      assert.equal(await breaks(), '2', 'each repeat of the browser, one more');
    });
  });

  test('pasting judge input solves it; a malformed paste shows the parser\'s message and keeps the board', async () => {
    await withApp({}, async (page) => {
      let now = await pasteJudgeInput(page, kStaircase3x3);
      now = await h.waitForState(page, (s) => s.judgeOutput === '32\n', null, 5000).catch(() => now);
      assert.equal(now.judgeOutput, '32\n', 'core/games/GAMES.md: 3 x 3 sample');
      assert.match(now.summary, /\b32 points\b/);
      assert.equal(now.lineLength, 9);
      assert.equal(now.error, '');
      assert.equal(now.step, 0, 'typing spaces into the box is not a replay command');
      const before = now;

      now = await pasteJudgeInput(page, kMalformed);
      now = await h.waitForState(page, (s) => s.error !== '', null, 5000).catch(() => now);
      assert.equal(now.error, kMalformedMessage);
      assert.equal(now.judgeOutput, '32\n', 'the previous board stays');
      assert.equal(now.summary, before.summary);
      assert.equal(now.lineLength, before.lineLength);
      assert.ok(now.widgets.error, 'the message is shown');
      await h.screenshot(page, 'staircase-parse-error');

      // A good paste clears the message.
      now = await pasteJudgeInput(page, kStaircaseSample);
      now = await h.waitForState(page, (s) => s.judgeOutput === '2\n' && s.error === '', null, 5000);
      assert.ok(!now.widgets.error);
    });
  });

  test('core/games/GAMES.md samples of exchange and manhattan pasted into their games', async () => {
    await withApp({}, async (page) => {
      await pickGame(page, 'exchange');
      for (const [input, output] of kExchangeSamples) {
        await pasteJudgeInput(page, input);
        const now = await h.waitForState(page, (s, o) => s.judgeOutput === o, output, 5000)
          .catch(() => h.readState(page));
        assert.equal(now.judgeOutput, output, input);
        assert.equal(now.error, '');
      }
      await pickGame(page, 'manhattan');
      await pasteJudgeInput(page, kManhattanSample[0]);
      const now = await h.waitForState(page, (s, o) => s.judgeOutput === o, kManhattanSample[1], 5000)
        .catch(() => h.readState(page));
      assert.equal(now.judgeOutput, kManhattanSample[1]);
      assert.equal(now.summary.includes('2 of 9'), true, now.summary);
    });
  });

  for (const game of games) {
    test(`${game}: picked, randomised from the seed, solved as the module solves it`, async () => {
      await withApp(clipboard, async (page) => {
        // The page opens on staircase: another game first, so that staircase too is picked.
        if (game === 'staircase') await pickGame(page, games.find((id) => id !== game));
        let now = await pickGame(page, game);
        assert.ok(now.judgeOutput.length > 0);
        assert.equal(now.error, '');
        let input = await copiedJudgeInput(page);
        assert.equal(now.judgeOutput, await moduleOutput(game, input), 'picked board');
        await h.screenshot(page, game);
        screenshotLooksDrawn(await page.screenshot(), now.widgets.board, 1, { minColours: 20 });

        // A seed typed into the field (Enter) draws its board again; Random draws a new seed
        // each press, shows it, and its board is the recipe's.
        const boards = {};
        for (const seed of ['7', '8', '7']) {
          await h.typeInto(page, 'seed', seed, { enter: true, point: fieldText });
          now = await h.waitForState(page, (s, k) => s.seed === k && s.recipe && s.recipe.endsWith('.' + k), seed);
          assert.equal(now.game, game);
          assert.equal(now.error, '');
          input = await copiedJudgeInput(page);
          assert.equal(now.judgeOutput, await moduleOutput(game, input), `seed ${seed}`);
          if (boards[seed]) assert.equal(input, boards[seed], 'the same seed gives the same board');
          boards[seed] = input;
        }
        assert.notEqual(boards['7'], boards['8'], 'another seed gives another board');
        const seeds = new Set(['7']);
        for (let press = 0; press < 3; ++press) {
          const before = (await h.readState(page)).seed;
          await h.clickWidget(page, 'random');
          now = await h.waitForState(page, (s, k) => s.seed !== k && s.recipe && s.recipe.endsWith('.' + s.seed), before);
          seeds.add(now.seed);
          const module = await h.loadModule();
          const session = new module.Session();
          assert.equal(session.loadRecipe(game, now.recipe).ok, true);
          assert.equal(now.judgeOutput.slice(0, 200), session.judgeOutput().slice(0, 200), `Random, seed ${now.seed}`);
          session.delete();
        }
        assert.equal(seeds.size, 4, 'Random draws a new seed on every press');
        await h.screenshot(page, `${game}-random`);
      });
    });
  }

  test('exchange: the move buttons play moves, with the module\'s values', async () => {
    await withApp(clipboard, async (page) => {
      let now = await pickGame(page, 'exchange');
      const input = await copiedJudgeInput(page);
      const session = await moduleSession('exchange', input);
      try {
        for (let ply = 0; ply < 3; ++ply) {
          const moves = session.moves();
          const shown = Object.keys(now.widgets).filter((name) => name.startsWith('move-list-') === false &&
            name.startsWith('move-')).map((name) => name.slice(5)).sort();
          assert.deepEqual(shown, moves.map((move) => move.code).sort(), 'one button per legal move');
          // A move that is not the best one (the line is then recomputed from it).
          const move = moves.find((candidate) => !candidate.best) || moves[0];
          await h.clickWidget(page, 'move-' + move.code);
          now = await h.waitForState(page, (s, k) => s.step === k, ply + 1, 5000);
          assert.ok(session.play(move.code).ok);
          assert.equal(now.movesPlayed[ply], move.code);
          assert.equal(now.value, session.value().text);
          if (session.isOver()) break;
        }
        await h.screenshot(page, 'exchange-after-moves');
      } finally {
        session.delete();
      }
    });
  });

  test('a copy the browser refuses is said in a toast, not reported as done', async () => {
    await withApp(clipboard, async (page) => {
      // The browser's refusal of a write, as Chromium words it for a page without focus.
      await page.evaluate(() => {
        navigator.clipboard.writeText = () =>
          Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError'));
      });
      await h.clickWidget(page, 'copy-text');
      const state = await h.waitForState(page, (s) => s.toasts.length >= 2, null, 5000);
      assert.deepEqual(state.toasts, [
        'Copied the board as judge input',
        'Nothing was copied: the browser refused (Document is not focused.); select the text and copy it',
      ]);
    });
  });

  test('editor: values edited in place, Clear, cards added and removed, a refused edit keeps the board', async () => {
    await withApp(clipboard, async (page) => {
      // Staircase: a(1, 1) = 100 (typed, Enter).
      await h.typeInto(page, 'a-1-1', '100', { enter: true });
      let now = await h.waitForState(page, (s) => s.judgeOutput !== '2\n', null, 5000);
      let input = await copiedJudgeInput(page);
      assert.equal(input.split('\n')[1].split(' ')[0], '100');
      assert.equal(input.replace(/^(.*\n)100/, '$12'), kStaircaseSample, 'only a(1, 1) changed');
      assert.equal(now.judgeOutput, await moduleOutput('staircase', input));
      await h.clickWidget(page, 'clear');
      now = await h.waitForState(page, (s) => s.judgeOutput === '0\n', null, 5000);
      input = await copiedJudgeInput(page);
      assert.equal(input, '2 3\n0 0 0\n0 0 0\n0 0 0\n0 0 0\n');

      // Exchange: one more table card, one Takahashi card fewer.
      now = await pickGame(page, 'exchange');
      const counts = (text) => text.split('\n')[0].split(' ').map(Number);
      const [takahashi, aoki, table] = counts(await copiedJudgeInput(page));
      await h.clickWidget(page, 'add-Table');
      await h.frames(page, 3);
      input = await copiedJudgeInput(page);
      assert.deepEqual(counts(input), [takahashi, aoki, table + 1]);
      now = await h.readState(page);
      assert.ok(now.widgets[`card-C${table + 1}`], 'the new card is shown');
      assert.equal(now.judgeOutput, await moduleOutput('exchange', input));
      await h.clickWidget(page, 'remove-Takahashi');
      await h.frames(page, 3);
      input = await copiedJudgeInput(page);
      assert.deepEqual(counts(input), [takahashi - 1, aoki, table + 1]);
      assert.equal((await h.readState(page)).judgeOutput, await moduleOutput('exchange', input));

      // Manhattan: a repeated value is refused with the parser's message; the board stays.
      now = await pickGame(page, 'manhattan');
      const board = parseManhattan(await copiedJudgeInput(page));
      const repeated = { ...board, values: [board.values[1], ...board.values.slice(1)] };
      const text = `${board.n} ${board.m}\n` + [...Array(board.n).keys()]
        .map((row) => repeated.values.slice(row * board.n, (row + 1) * board.n).join(' ') + '\n').join('');
      const module = await h.loadModule();
      const refused = module.solveJudgeInput('manhattan', text);
      assert.equal(refused.ok, false, 'the module refuses repeated values');
      await h.typeInto(page, 'value-1-1', String(board.values[1]), { enter: true });
      const after = await h.waitForState(page, (s) => s.error !== '', null, 5000);
      assert.equal(after.error, refused.error);
      assert.equal(after.judgeOutput, now.judgeOutput);
      assert.deepEqual(parseManhattan(await copiedJudgeInput(page)), board, 'the board stays');
      await h.screenshot(page, 'manhattan-refused-edit');
    });
  });

  test('manhattan: after a first cell and an answer, the best move is a winning reply', async () => {
    await withApp(clipboard, async (page) => {
      let now = await pickGame(page, 'manhattan');
      const board = parseManhattan(await copiedJudgeInput(page));
      const { n, m } = board;
      const winning = manhattanWinning(board);
      const expected = [...winning].sort((a, b) => a - b)
        .map((index) => `${Math.floor(index / n) + 1} ${(index % n) + 1}\n`).join('');
      assert.equal(now.judgeOutput, `${winning.size}\n${expected}`, 'the rule of core/games/GAMES.md, brute force');
      const cells = [...Array(n * n).keys()];
      const losing = cells.filter((cell) => !winning.has(cell));
      assert.ok(losing.length > 0 && winning.size > 0, 'a board with both kinds of cells');

      const scenarios = [
        // A winning first cell that is not the line's, then any legal answer: Alice keeps winning.
        { first: [...winning].find((cell) => cellName(n, cell) !== '1-1') ?? [...winning][0], key: 'best' },
        // A losing first cell answered by another losing cell: Alice refutes the answer.
        { first: losing[0], losingAnswer: true, key: 'Space' },
      ];
      for (const scenario of scenarios) {
        await h.clickWidget(page, 'first');
        await h.waitForState(page, (s) => s.step === 0);
        await h.clickWidget(page, 'cell-' + cellName(n, scenario.first));
        now = await h.waitForState(page, (s, c) => s.step === 1 && s.movesPlayed[0] === c,
          cellName(n, scenario.first), 5000);
        const answer = cells.find((cell) => distance(n, cell, scenario.first) > m &&
          (!scenario.losingAnswer || !winning.has(cell)) && cellName(n, cell) !== now.movesPlayed[1]);
        assert.ok(answer !== undefined, 'a legal answer exists');
        await h.clickWidget(page, 'cell-' + cellName(n, answer));
        now = await h.waitForState(page, (s, c) => s.step === 2 && s.movesPlayed[1] === c, cellName(n, answer), 5000);
        assert.equal(now.chartValue, 1, 'Alice (to move) wins');
        if (scenario.key === 'best') await h.clickWidget(page, 'best');
        else await h.pressKey(page, 'Space');
        now = await h.waitForState(page, (s) => s.step === 3, null, 5000);
        const reply = cellIndex(n, now.movesPlayed[2]);
        assert.ok(distance(n, reply, answer) > m, `reply ${now.movesPlayed[2]} is legal after ${cellName(n, answer)}`);
        assert.ok(winning.has(reply), `reply ${now.movesPlayed[2]} is a winning cell`);
      }
      await h.screenshot(page, 'manhattan-reply');
    });
  });

  test('manhattan 2000 x 2000: a random board solves and draws', { timeout: 150000 }, async () => {
    await withApp(clipboard, async (page) => {
      await pickGame(page, 'manhattan');
      await h.typeInto(page, 'size-m', '700', { enter: true, point: fieldText });
      const small = await copiedJudgeInput(page);
      assert.equal(small.split('\n')[0].split(' ')[1], '700', 'm typed into its field');
      await h.typeInto(page, 'size-n', '2000', { enter: true, point: fieldText });
      const now = await h.waitForState(page, (s) => s.positions === 4000000 && s.summary.includes('4000000'),
        null, 120000);
      assert.equal(now.error, '');
      const k = Number(now.judgeOutput.split('\n')[0]);
      assert.ok(k > 0, 'some first cells win');
      assert.match(now.summary, new RegExp(`^${k} of 4000000 `));
      const lines = now.judgeOutput.split('\n');
      // Each line a 1-based cell, sorted by row then column. The last piece is empty (final
      // newline) or, when the hook cut the text at 64 KB, a partial line: both are skipped.
      const complete = lines.slice(1, -1);
      let previous = [0, 0];
      for (const line of complete) {
        const match = /^(\d+) (\d+)$/.exec(line);
        assert.ok(match, `line "${line}"`);
        const cell = [Number(match[1]), Number(match[2])];
        assert.ok(cell[0] >= 1 && cell[0] <= 2000 && cell[1] >= 1 && cell[1] <= 2000);
        assert.ok(cell[0] > previous[0] || (cell[0] === previous[0] && cell[1] > previous[1]), 'sorted');
        previous = cell;
      }
      if (!now.judgeOutputTruncated) assert.equal(lines.length, k + 2);

      // The module gives the same answer for the board of the page's link.
      const module = await h.loadModule();
      const session = new module.Session();
      try {
        const fragment = new URL(page.url()).hash;
        const loaded = session.loadLink(fragment);
        assert.ok(loaded.ok, `module refused the link ${fragment}: ${loaded.error}`);
        const output = session.judgeOutput();
        assert.equal(output.split('\n').length, k + 2, 'k lines after the count');
        assert.equal(now.judgeOutputBytes, output.length);
        assert.ok(output.startsWith(now.judgeOutput), 'the same answer');
      } finally {
        session.delete();
      }

      assert.ok(now.widgets.heatmap && now.widgets.heatmap.w > 200 && now.widgets.heatmap.h > 200, 'heatmap');
      // The heatmap of 4 million cells is made a slice a frame: its area is plain (and the hook
      // lists board-drawing) until then.
      const drawn = Date.now();
      await h.waitForState(page, (s) => !!s.widgets.heatmap && !s.widgets['board-drawing'], null, 60000, 100);
      console.log(`the 2000 x 2000 heatmap was complete ${Date.now() - drawn} ms after the answer`);
      await h.frames(page, 2);
      const png = await h.screenshot(page, 'manhattan-2000');
      screenshotLooksDrawn(png);
      const heat = h.imageStats(png, now.widgets.heatmap);
      const total = now.widgets.heatmap.w * now.widgets.heatmap.h;
      const green = heat.colourCount((r, g) => g > r + 40);
      const red = heat.colourCount((r, g) => r > g + 40);
      assert.ok(green > 0.001 * total, 'winning cells drawn green');
      assert.ok(red > 0.05 * total, 'losing cells drawn red');
      assert.ok(heat.distinctColours > 100, 'values shaded');
    });
  });

  test('the canvas follows a viewport resize', async () => {
    await withApp({}, async (page, state) => {
      const wide = state.widgets;
      await page.setViewportSize({ width: 820, height: 1000 });
      let now = await h.waitForState(page, (s, x) => s.widgets['cell-1-1'] && s.widgets['cell-1-1'].x !== x,
        wide['cell-1-1'].x, 5000);
      const canvas = await page.evaluate(() => {
        const element = document.getElementById('canvas');
        return { cssWidth: element.clientWidth, cssHeight: element.clientHeight, width: element.width, height: element.height };
      });
      assert.deepEqual(canvas, { cssWidth: 820, cssHeight: 1000, width: 820, height: 1000 });
      for (const rect of Object.values(now.widgets)) assert.ok(rect.x >= 0 && rect.x < 820, 'widgets inside the new width');
      assert.notDeepEqual(now.widgets.chart, wide.chart, 'the analysis moved');
      let png = await h.screenshot(page, 'staircase-narrow');
      assert.equal(h.decodePng(png).width, 820);
      screenshotLooksDrawn(png);
      await h.clickWidget(page, 'cell-1-1');
      now = await h.waitForState(page, (s) => s.step === 1, null, 5000);

      await page.setViewportSize({ width: 1600, height: 900 });
      now = await h.waitForState(page, (s) => s.widgets.chart && s.widgets.chart.x + s.widgets.chart.w > 1400, null, 5000);
      png = await h.screenshot(page);
      screenshotLooksDrawn(png);
      await h.clickWidget(page, 'next');
      await h.waitForState(page, (s) => s.step === 2, null, 5000);
    });
  });

  test('high-DPI (deviceScaleFactor 2): crisp canvas, rectangles in CSS pixels, clicks land', async () => {
    const viewport = { width: 1400, height: 900 };
    await withApp({ viewport, deviceScaleFactor: 2 }, async (page, state) => {
      const canvas = await page.evaluate(() => {
        const element = document.getElementById('canvas');
        return { cssWidth: element.clientWidth, width: element.width, ratio: window.devicePixelRatio };
      });
      assert.equal(canvas.ratio, 2);
      assert.equal(canvas.width, 2 * canvas.cssWidth, 'the drawing buffer is at device resolution');
      for (const [name, rect] of Object.entries(state.widgets))
        assert.ok(rect.x + rect.w <= viewport.width + 1 && rect.y >= 0, `${name} inside the CSS viewport`);
      const png = await h.screenshot(page, 'staircase-dpr2');
      const image = h.decodePng(png);
      assert.equal(image.width, 2 * viewport.width);
      screenshotLooksDrawn(png, state.widgets.board, 2, { minColours: 20 });
      await h.clickWidget(page, 'cell-1-1');
      let now = await h.waitForState(page, (s) => s.step === 1, null, 5000);
      await h.clickWidget(page, 'cell-1-2');
      now = await h.waitForState(page, (s) => s.step === 2, null, 5000);
      assert.deepEqual(now.movesPlayed, ['1-1', '1-2']);
      // Typing lands in the field at its CSS rectangle too.
      await h.typeInto(page, 'a-1-1', '100', { enter: true });
      now = await h.waitForState(page, (s) => s.judgeOutput !== '2\n', null, 5000);
      assert.equal(now.judgeOutput, await moduleOutput('staircase', kStaircaseSample.replace('\n2 7 3', '\n100 7 3')));
    });
  });
});
