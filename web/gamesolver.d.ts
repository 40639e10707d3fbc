// TypeScript declarations for gamesolver.js, the Game Solver WebAssembly module (one file,
// the wasm inlined). Load it with a <script> tag (a global createGameSolver) or require() in
// Node, then: createGameSolver().then((gs) => { ... }).
//
// In TypeScript: `import createGameSolver = require('./gamesolver');`, or in a page with the
// <script> tag, the global createGameSolver with these types.
//
// Every call is safe to make with any arguments: errors come back as values
// ({ok: false, error: "..."}), never as exceptions, and the module keeps working.

declare namespace createGameSolver {
  /** A game's id: "staircase", "exchange" or "manhattan" (see games()); "rules" for a game
   * written as a Lua rules file (loadRules). */
  type GameId = string;
  /** A language of the texts: English (the module's own) or Simplified Chinese. */
  type Language = 'en' | 'zh';

  /** A position's value in CGSuite's notation: numbers as "3" or "-5/8". */
  interface CombinatorialValue {
    /** The canonical form: "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}". */
    canonical: string;
    outcomeClass: 'L' | 'R' | 'N' | 'P';
    mean: string;
    /** -1 for an integer, -1/2^k for a fraction m/2^k. */
    temperature: string;
    leftStop: string;
    rightStop: string;
    /** The walls' corners [temperature, value], from temperature -1 up to the temperature,
     * where both meet the mast (the mean), which goes on up from there. */
    thermograph: { leftWall: [number, number][]; rightWall: [number, number][] };
    /** The canonical form each legal move leads to, in moves() order (null where none); empty
     * when the position has more than 65,536 moves. */
    moves: (string | null)[];
  }

  /** A failed call: one English sentence naming what is wrong and where. */
  interface Failure {
    ok: false;
    error: string;
    /** The rules file's line the error names (errors of loadRules, rulesInfo and tables). */
    line?: number;
    /** The column on that line, counted in characters, when the error is a syntax error. */
    column?: number;
  }
  interface Success {
    ok: true;
  }
  type Result = Success | Failure;

  /** A row of the registry. */
  interface GameInfo {
    id: GameId;
    title: string;
    /** The source problem, e.g. "AtCoder ABC380 F, Exchange Game". */
    source: string;
    /** The first and the second player. */
    players: [string, string];
    /** The metric values are measured in, e.g. "score difference (Black - White)". */
    metric: string;
  }

  /** A cell, 1-based. */
  interface Cell {
    row: number;
    col: number;
  }

  /**
   * The value of a position or a move, in the game's metric, for `player` (the player to move,
   * or making the move). Score games give `score` (absolute: first player minus second);
   * win/loss games give `win`, and either `remoteness` (moves until the end, the winner
   * hurrying) or `certificate` (the refuting answer of a losing move, or null). Rules games
   * also give `draw: true` (normal play that goes on for ever) or `sg` (impartial games: the
   * Sprague-Grundy number of the position, or of the position a move leads to).
   */
  interface Value {
    metric: string;
    player: string;
    /** The value in words: "Black ends 2 points ahead", "Aoki wins; the game lasts 4 more moves". */
    text: string;
    score?: number;
    win?: boolean;
    remoteness?: number;
    certificate?: Cell | null;
    draw?: boolean;
    sg?: number;
  }

  /**
   * A move: its code (used in links and accepted by play()), its name, and the game's fields:
   * cells have row and col (1-based), cards have play and take ("A1", "C2" or null).
   */
  interface Move {
    code: string;
    name: string;
    row?: number;
    col?: number;
    play?: string;
    take?: string | null;
    /** Rules games: the move's number in the position's list of moves, from 1. */
    index?: number;
  }

  /** A legal move with its value for the mover; `best` marks the optimal ones. */
  interface ValuedMove extends Move {
    value: Value;
    best: boolean;
  }

  interface Stats {
    /** Positions (or cells) solved. */
    positions: number;
    /** Time spent solving, parsing excluded, in milliseconds. */
    milliseconds: number;
    /** Alias of `positions` (the name the analysis JSON uses). */
    positionsSolved: number;
    /** Alias of `milliseconds` (the name the analysis JSON uses). */
    solveMilliseconds: number;
  }

  /** How the app shows a board: link parts embed=1, autoplay=1, ro=1, p=hc. */
  interface ViewOptions {
    embed?: boolean;
    autoplay?: boolean;
    readOnly?: boolean;
    /** Which players the computer plays: [first, second]. */
    computer?: [boolean, boolean];
    /** How well the computer plays, 0 (at random) to 10 (perfectly, the default). */
    strength?: number;
  }

  interface View {
    embed: boolean;
    autoplay: boolean;
    readOnly: boolean;
    computer: [boolean, boolean];
    strength: number;
  }

  /**
   * Plain data for drawing the board at the cursor. Grid games give their size (rows/cols or
   * n/m) and per-cell arrays in row-major order; card games give cards.
   *   staircase: rows, cols, a, b (Float64Array), owner (Int8Array: -1 empty, 0 Black,
   *              1 White), moveNumber (Int32Array, 0 when empty), scores [Black, White]
   *   exchange:  cards [{name, value, owner}] (owner 0 Takahashi, 1 Aoki, 2 the table)
   *   manhattan: n, m, values (Uint32Array), winning (Uint8Array: 1 for a winning first
   *              cell), placements [{row, col, player}]
   *   rules:     each parameter by name, and the position as show() draws it: text, or grid
   *              (rows of cell texts); scored games give scores [first, second]
   */
  interface Board {
    game: GameId;
    toMove: number;
    step: number;
    rows?: number;
    cols?: number;
    n?: number;
    m?: number;
    a?: Float64Array;
    b?: Float64Array;
    owner?: Int8Array;
    moveNumber?: Int32Array;
    values?: Uint32Array;
    winning?: Uint8Array;
    cards?: { name: string; value: number; owner: number }[];
    placements?: { row: number; col: number; player: number }[];
    scores?: number[];
    text?: string;
    grid?: string[][];
    /** Rules games: the parameters, by name. */
    [parameter: string]: unknown;
  }

  /** A parameter of a rules game: a whole number in [min, max]. */
  interface RulesParam {
    name: string;
    default: number;
    min: number;
    max: number;
  }

  /** What a rules file declares. */
  interface RulesInfo {
    ok: true;
    title: string;
    /** normal play (win/loss/draw), scored (the first player's margin), impartial (sg). */
    kind: 'normal' | 'scored' | 'impartial';
    params: RulesParam[];
    /** The rules read a problem's input (read) and print its answer (answer). */
    reads: boolean;
    /** With reads: the input the rules carry as their sample (game.sample, or random(1, 1)). */
    sample?: string;
    /** The rules can be stress-tested (read and random): `gamesolver check RULES`. */
    checks: boolean;
    /** The rules are told who moves (partisan = true). */
    partisan: boolean;
  }

  /** A rules game's parameters by name ({n: 41}); the others keep their defaults. */
  type RulesParams = Record<string, number>;

  /**
   * A problem's input for rules that read one, and the case to put on the board (from 1; the
   * first by default): its judgeOutput() is that case's answer.
   */
  interface RulesInput {
    input: string;
    case?: number;
  }

  /**
   * A table's ranges: ['n=0..100', 'k=3'] as on the command line, or {n: [0, 100], k: 3}. One
   * or two parameters range (the first outermost); the others are fixed or at their defaults.
   */
  type TableSpec = string[] | Record<string, number | [number, number]>;

  interface TableReport {
    done: boolean;
    /** 0..1 */
    progress: number;
    rows: number;
    /** Positions explored so far (rows that share positions explore them once). */
    positions: number;
    ok?: boolean;
    error?: string;
    line?: number;
    column?: number;
  }

  /** The options of tableAsync(): those of the async loads. */
  interface TableOptions {
    onProgress?: (progress: { progress: number; rows: number; positions: number }) => void;
    signal?: AbortSignal;
    sliceMs?: number;
  }

  /** How far a solve in slices has come. */
  interface Progress {
    /** 0..1 */
    progress: number;
    /** Positions solved so far. */
    positions: number;
    /** Time spent solving so far, milliseconds. */
    elapsedMs: number;
  }

  /** solving(): the progress of the solve in progress, and which solve it is. */
  interface Solving extends Progress {
    /** A number naming this solve, unique in the module (a newer solve has another). */
    job: number;
  }

  /**
   * How a promise-returning load ends without its board: `superseded` when a newer load (async
   * or not, or start*()) started on the same session before it finished; `cancelled` when its
   * signal was aborted or cancel() was called; neither when the session was deleted, when
   * onProgress threw, or when the input was refused. The previous board stays in every case.
   */
  interface AsyncFailure extends Failure {
    superseded?: true;
    cancelled?: true;
  }

  /** advance(): the progress, and once done the outcome of the load. */
  interface AdvanceReport extends Progress {
    done: boolean;
    ok?: boolean;
    error?: string;
    view?: View;
  }

  /** Options of the promise-returning loads. */
  interface AsyncLoadOptions {
    /**
     * Called after each slice that leaves work to do (the last slice settles the promise
     * instead). If it throws, the solve stops, its memory is freed and the promise settles with
     * {ok: false, error: "onProgress threw Error: ...; the solve was stopped and the previous
     * board stays"}.
     */
    onProgress?: (progress: Progress) => void;
    /**
     * Aborting it cancels this load only ({ok: false, cancelled: true}); the previous board
     * stays. An already aborted signal settles the load at once and leaves a running one alone.
     */
    signal?: AbortSignal;
    /** Milliseconds of solving per slice (default 8). */
    sliceMs?: number;
  }

  interface BenchRow {
    name: string;
    positions: number;
    answer: string;
    /** Median time of the solve, milliseconds. */
    solveMs: number;
    /** Median time of parse + solve + judge output, milliseconds. */
    totalMs: number;
  }

  interface Bench {
    table: string;
    signature: string;
    error: string;
    rows: BenchRow[];
  }

  /** A loaded board, a cursor into a line of play, and its queries. delete() it when done. */
  class Session {
    constructor();
    /** Parses and solves the judge's input; the previous board stays on an error. */
    loadJudgeInput(game: GameId, text: string): Result;
    /** Opens a share link ("#g=...", the '#' optional): board, moves and step. */
    loadLink(fragment: string): (Success & { view: View }) | Failure;
    /** A seeded random board from a recipe in the link grammar, e.g. "10.10.100000.7". */
    loadRecipe(game: GameId, recipe: string): (Success & { view: View }) | Failure;
    /**
     * A game written as a Lua rules file (README: "Your own game"), with its parameters; its
     * judgeOutput() is what `gamesolver value` prints ("win 7\n", "sg 2\n", "-3\n"). Errors
     * name the rules' line: {ok: false, error: "line 12: ...", line: 12}.
     */
    loadRules(text: string, params?: RulesParams | RulesInput): Result;
    startRules(text: string, params?: RulesParams | RulesInput): Result;
    /** Starts a solve in slices (the board on screen stays until it is done). */
    startJudgeInput(game: GameId, text: string): Result;
    startLink(fragment: string): Result;
    startRecipe(game: GameId, recipe: string): Result;
    /** Solves for about `milliseconds` (default 10); once done the new board is loaded. */
    advance(milliseconds?: number): AdvanceReport;
    /** Drops the solve in progress; true when there was one. */
    cancel(): boolean;
    /** The solve in progress, or null. */
    solving(): Solving | null;
    /**
     * The same loads as promises, solved in slices that give the page back in between. Every
     * promise settles exactly once, with its own load's result. A session solves one board at a
     * time: a newer load supersedes the one running, whose promise settles at once with
     * {ok: false, superseded: true}; the board on screen stays until the newer load finishes. A
     * load refused before solving (malformed input) leaves the running one alone. cancel() and
     * an aborted signal settle it with {ok: false, cancelled: true}; delete() with {ok: false,
     * error: "the session was deleted before the solve finished"}; advance() by hand on its
     * solve settles it with that report's outcome.
     */
    loadJudgeInputAsync(game: GameId, text: string, options?: AsyncLoadOptions): Promise<Success | AsyncFailure>;
    loadLinkAsync(fragment: string, options?: AsyncLoadOptions): Promise<(Success & { view: View }) | AsyncFailure>;
    loadRecipeAsync(game: GameId, recipe: string, options?: AsyncLoadOptions): Promise<(Success & { view: View }) | AsyncFailure>;
    loadRulesAsync(text: string, params?: RulesParams | RulesInput, options?: AsyncLoadOptions): Promise<Success | AsyncFailure>;
    loaded(): boolean;
    /** What the last load's solve took (null before any board). */
    stats(): Stats | null;
    /** The same as stats(): loading solves the board. */
    solve(): Stats | null;
    game(): GameId | null;
    judgeInput(): string | null;
    /** The answer exactly as the judge prints it. */
    judgeOutput(): string | null;
    /** The answer in words: "Black ends 2 points ahead", "2 of 9 first cells win". */
    summary(): string | null;
    /** The current position's value, for the player to move. */
    value(): Value | null;
    /**
     * Every legal move in the game's fixed order, with its value. A position with more than
     * 65,536 moves is refused ({ok: false, error, moveCount}): read it in pages with
     * moves(first, count).
     */
    moves(first?: number, count?: number): ValuedMove[] | (Failure & { moveCount: number });
    /** How many legal moves the position has. */
    moveCount(): number;
    /** The optimal move (GAMES.md's tie-break), or null when the game is over. */
    bestMove(): Move | null;
    /**
     * The computer's move at a strength from 0 (a legal move at random) to 10 (the best move,
     * as bestMove()); between, better moves are likelier, the more so the higher the strength.
     * The same seed, position and step give the same move. Null when the game is over.
     */
    computerMove(options?: { strength?: number; seed?: number }): Move | null | Failure;
    /** Optimal play from the cursor to the end (endless games: until it repeats). */
    principalLine(): Move[];
    /** Every move of the line; step() of them are on the board. */
    history(): Move[];
    step(): number;
    sideToMove(): number;
    isOver(): boolean;
    /** Plays a move by its code ("2-3", "A1-C2") or a move object. */
    play(move: string | Move): Result;
    /**
     * Sets the comment of the current step (the move just played; step 0: the start), one line
     * of UTF-8 text of at most 1,000 bytes; '' removes it. Comments travel in link() and appear
     * in exportMarkdown() and exportSvg() where the exported line follows the played one.
     */
    setComment(text: string): Result;
    /** The comment at a step of the line ('' when none). */
    comment(step: number): string;
    undo(): boolean;
    redo(): boolean;
    goToStep(step: number): boolean;
    restart(): void;
    /** The state as a share-link fragment. */
    link(options?: ViewOptions): (Success & { link: string }) | Failure;
    /** The view options of the last link loaded. */
    view(): View;
    /** The JSON document `gamesolver analyze` prints (a string; JSON.parse it), up to 64 MiB:
     * past them a Failure whose error names the step it reached. */
    analyze(): string | Failure | null;
    /** The combinatorial game value of the position at the cursor, for partisan rules of
     * normal play (Left is the first player, Right the second), as `gamesolver cgt` prints it;
     * a Failure for other games, a cycle, or past the positions cap and the memory budget. */
    cgt(): (Success & CombinatorialValue) | Failure;
    board(): Board | null;
    /** An SVG picture of the board at `step` (default 0) of the optimal line. */
    exportSvg(step?: number): (Success & { text: string }) | Failure;
    /** Markdown for an editorial: the input, the answer, the optimal line and the board. */
    exportMarkdown(step?: number): (Success & { text: string }) | Failure;
    /** Frees the session's memory; a running async load settles ({ok: false, error}). */
    delete(): void;
  }

  /**
   * Writes an animated GIF frame by frame (the app's "Save GIF"): frame 1 whole, each later
   * frame as the rectangle that changed. Exact colours when a frame's new colours number at
   * most 255, a close palette otherwise. Only the previous frame and the bytes so far are held.
   * delete() it when done.
   */
  class GifWriter {
    constructor();
    /**
     * Starts a GIF of width x height pixels (each 1..4096), dropping any GIF in progress.
     * loopCount: 0 (default) loops forever, -1 plays once, 1..65535 is the NETSCAPE2.0 repeat
     * count.
     */
    begin(width: number, height: number, loopCount?: number): Result;
    /**
     * Adds a frame: width * height * 4 bytes of RGBA (alpha ignored; e.g. ImageData.data),
     * shown for `delayCentiseconds` hundredths of a second (0..65535; browsers show 0 and 1 as 10).
     * Refused ({ok: false, error}, the GIF unchanged) when it would make the GIF larger than
     * 128 MiB: finish() still gives the frames before it. A frame with more than 65,536 colours
     * (a photograph) is counted on 32,768 colour cells, so memory stays bounded.
     */
    addFrame(rgba: Uint8Array | Uint8ClampedArray, delayCentiseconds: number): Result;
    /** The GIF's bytes (a copy, not a view of the module's memory); the writer is free again. */
    finish(): (Success & { bytes: Uint8Array }) | Failure;
    /** Frames added since begin(). */
    frameCount(): number;
    /** Bytes written so far. */
    byteLength(): number;
    /** Frees the writer's memory. */
    delete(): void;
  }

  /**
   * A table of a rules game's values in slices (core/rules/rules_table.h): rows that differ only in
   * parameters start() reads share their positions. delete() it when done.
   */
  class RulesTable {
    constructor();
    start(text: string, spec: TableSpec): Result;
    /** Works for about `milliseconds` (default 10). */
    advance(milliseconds?: number): TableReport;
    /** Drops the table in progress; true when there was one. */
    cancel(): boolean;
    /** The values row by row, as `gamesolver value` writes them ("win 3", "sg 2", "-1"). */
    values(): string[];
    /** A one-parameter table's pattern ("period 7 from n=0 (checked to n=100)"), or null. */
    pattern(): string | null;
    /**
     * The simplest formula that gives the table's value in every cell (README: Tables): `line`
     * as `gamesolver table --pattern` prints it ("sg = a ^ b", "loss exactly when not n % 3",
     * or "no formula of up to 7 symbols fits (checked a=0..20, b=0..20)"), and the formula
     * alone in Python and in C++ (null when none fits). `symbols`: the largest size searched,
     * 1 to 9 (default 7). Synchronous.
     */
    formula(symbols?: number): (Success & { line: string; python: string | null; cpp: string | null }) | Failure;
    /**
     * The table as `gamesolver table --format` prints it: tsv, csv, md, cpp, py (both with the
     * pattern and the formula as comments) or losses (a win/loss table's losing cells in order,
     * with each parameter's step). Held whole: past 64 MiB of text, a Failure naming the row
     * reached ("the table's text is longer than 64 MiB at row … of …").
     */
    format(format: 'tsv' | 'csv' | 'md' | 'cpp' | 'py' | 'losses'): (Success & { text: string }) | Failure;
    delete(): void;
  }

  interface Module {
    /** The judge's answer for a judge input, exactly as the judge prints it. */
    solveJudgeInput(game: GameId, text: string): (Success & { output: string }) | Failure;
    games(): GameInfo[];
    /** The bench of `gamesolver bench`, in the module: medians of `repeat` runs. */
    bench(repeat?: number): Bench;
    /**
     * The wasm memory's size and the bytes in use (for leak checks); the bytes translate()'s
     * cache holds (at most 1 MiB) and the matching steps of the last text it matched (at most
     * about 1,048,576 + 16,384).
     */
    heapStats(): { heapSize: number; inUse: number; translationCacheBytes: number; translationSteps: number };
    /**
     * Any text the module gives (summary(), value().text, moves()[k].name and .text, verdicts,
     * error messages, games()[k].title, .source, .players, .metric) in another language: 'zh'
     * (or 'zh-CN', any 'zh-*') gives Simplified Chinese, whole messages translated with the
     * problems' own terms ("Black ends 2 points ahead" -> "黑方最终领先 2 分"; parser errors
     * "line 2, column 3: ..." -> "第 2 行第 3 列：..."). A text without a translation, 'en' and
     * any other language give the text back unchanged (English); a non-string text gives "".
     * The module's own results stay English: solveJudgeInput() is byte-identical to the judge.
     * Bounded whatever the text: one longer than 16 KiB (no message is) comes back unchanged
     * without entering the module's memory; matching a shorter one stops after a fixed number of
     * steps (the text then comes back unchanged); the cache of translations holds at most 1 MiB.
     */
    translate(text: string, language: Language | string): string;
    /** The title, kind and parameters a rules file declares, or why it does not load. */
    rulesInfo(text: string): RulesInfo | Failure;
    /**
     * The judge's output of a problem's input, for rules that read it (every case's answer, a
     * line each): exactly what `gamesolver solve RULES` prints. Errors name the rules' line and
     * the case: {ok: false, error: "line 14: ..., in moves({1, 2}), in case 2", line: 14}.
     */
    solveRules(rules: string, input: string): (Success & { output: string }) | Failure;
    /**
     * A table made in slices that give the page back in between; resolves with the values, the
     * pattern and the RulesTable (for format(); delete() it), or {ok: false, error, line?}.
     */
    tableAsync(text: string, spec: TableSpec, options?: TableOptions):
        Promise<{ ok: true; values: string[]; pattern: string | null; table: RulesTable } | AsyncFailure>;
    Session: typeof Session;
    RulesTable: typeof RulesTable;
    GifWriter: typeof GifWriter;
  }
}

/** Instantiates the module. Types: createGameSolver.Session, createGameSolver.Value, ... */
declare function createGameSolver(): Promise<createGameSolver.Module>;

export = createGameSolver;
export as namespace createGameSolver;
