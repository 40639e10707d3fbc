// The README's module example, typed: `tsc -p tests/types` checks web/gamesolver.d.ts against
// it (./test.sh runs it). Lines marked @ts-expect-error must be refused by the declarations.
import createGameSolver = require('../../web/gamesolver');

export async function example(): Promise<string[]> {
  const gs = await createGameSolver();
  const lines: string[] = [];

  const answer = gs.solveJudgeInput('staircase', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n');
  if (answer.ok) lines.push(answer.output.trim());
  else lines.push(answer.error);
  // @ts-expect-error the output exists only on success: narrow on `ok` first
  lines.push(answer.output);

  for (const game of gs.games()) lines.push(`${game.id}: ${game.title} (${game.players.join(' vs ')})`);

  const s: createGameSolver.Session = new gs.Session();
  const loaded = s.loadLink('#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1');
  if (!loaded.ok) lines.push(loaded.error);
  else lines.push(`embedded: ${loaded.view.embed}`);
  const summary: string | null = s.summary();
  if (summary !== null) lines.push(summary);
  const moves = s.moves();
  if (Array.isArray(moves))
    for (const move of moves) lines.push(`${move.name}: ${move.value.text}${move.best ? ' (best)' : ''}`);
  else lines.push(`${moves.moveCount} moves: ${moves.error}`);
  const big = await s.loadRecipeAsync('staircase', '12.12.100000.1', {
    onProgress: (p) => lines.push(`${Math.round(p.progress * 100)}%`),
    sliceMs: 5,
  });
  if (!big.ok) lines.push(big.superseded ? 'a newer load took over' : big.error);
  const running = s.solving();
  if (running) lines.push(`solve ${running.job}: ${running.positions} positions`);
  const svg = s.exportSvg(0);
  if (svg.ok) lines.push(svg.text.slice(0, 4));
  const played: createGameSolver.Result = s.play('1-1');
  if (!played.ok) lines.push(played.error);
  // @ts-expect-error a move is a code or a move object, not a number
  s.play(11);
  lines.push('line: ' + s.principalLine().map((m) => m.code).join(' '));
  const link = s.link({ computer: [false, true] });
  if (link.ok) lines.push('link: ' + link.link);
  const value = s.value();
  if (value && value.score !== undefined) lines.push(`score ${value.score}`);
  const board = s.board();
  if (board?.a) lines.push(`a(1, 1) = ${board.a[0]}`);
  const stats = s.stats();
  if (stats) lines.push(`${stats.positions} positions (${stats.positionsSolved}) in ${stats.milliseconds} ms`);
  // @ts-expect-error goToStep takes a number
  s.goToStep('3');
  const json = s.analyze();
  if (typeof json === 'string') lines.push(Object.keys(JSON.parse(json)).join(','));
  else if (json) lines.push('analysis refused: ' + json.error);
  const cgt = s.cgt();
  if (cgt.ok) lines.push(`${cgt.canonical} ${cgt.outcomeClass} ${cgt.thermograph.leftWall.length} corners`);
  else lines.push('no value: ' + cgt.error);
  lines.push(gs.bench(1).signature);
  const heap = gs.heapStats();
  lines.push(`${heap.inUse} bytes in use; translations: ${heap.translationCacheBytes} bytes cached`);
  const after = s.summary();
  if (after) lines.push(gs.translate(after, 'zh'));
  const language: createGameSolver.Language = 'en';
  lines.push(gs.translate('Black', language));
  s.delete();

  const gif: createGameSolver.GifWriter = new gs.GifWriter();
  if (gif.begin(2, 1).ok) {
    gif.addFrame(new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 255, 255]), 50);
    // @ts-expect-error the delay is a number of hundredths of a second
    gif.addFrame(new Uint8Array(8), '50');
    const done = gif.finish();
    if (done.ok) lines.push(`GIF of ${done.bytes.length} bytes`);
    else lines.push(done.error);
  }
  gif.delete();

  // A game written as rules, and a table of its values.
  const rules = 'game = { params = { {"n", 10, 0, 1000} }, start = function(p) return p.n end, ' +
    'moves = function(s) if s >= 2 then return {1, 2} elseif s == 1 then return {1} end return {} end, ' +
    'play = function(s, k) return s - k end }';
  const info = gs.rulesInfo(rules);
  if (info.ok) lines.push(`${info.title}: ${info.kind}, ${info.params.map((p) => p.name).join(' ')}`);
  else lines.push(`line ${info.line}: ${info.error}`);
  const game: createGameSolver.Session = new gs.Session();
  const solved = await game.loadRulesAsync(rules, { n: 20 }, { sliceMs: 4 });
  if (solved.ok) lines.push(`${game.judgeOutput()} ${game.value()?.draw ? 'draw' : ''}`);
  // @ts-expect-error parameters are numbers by name
  game.loadRules(rules, { n: '20' });
  // A problem's own input (rules with read): the judge's output, and one case on the board.
  const judged = gs.solveRules(rules, '2 4\n2 3\n');
  if (judged.ok) lines.push(judged.output);
  else lines.push(judged.error);
  if (info.ok && info.reads) game.loadRules(rules, { input: info.sample ?? '', case: 2 });
  // @ts-expect-error the case is a number
  game.loadRules(rules, { input: '2 4\n2 3\n', case: '2' });
  const drawn = game.board();
  if (drawn?.text) lines.push(drawn.text);
  game.delete();
  const made = await gs.tableAsync(rules, { n: [0, 30] }, { onProgress: (p) => lines.push(`${p.rows} rows`) });
  if (made.ok) {
    lines.push(made.pattern ?? 'no pattern');
    const cpp = made.table.format('cpp');
    if (cpp.ok) lines.push(cpp.text);
    // @ts-expect-error the formats are tsv, csv, md, cpp and py
    made.table.format('xlsx');
    made.table.delete();
  }
  return lines;
}
