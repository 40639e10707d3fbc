// The game interface. Everything the core, the CLI, the module and the app know about a game
// comes through two objects:
//
//   Game       one per game, stateless: its registry row (id, title, source problem, players,
//              metric), its judge format and sample, its recipe fields with their limits and
//              defaults (declared once), its bench boards.
//   GameBoard  one per loaded board: the parsed board, its solver (run in slices), the stack of
//              positions along the line of play, and the names, texts and drawing data of its
//              moves and values.
//
// Front-ends hold a Game and a Session (session.h); they never branch on a game's id. Adding a
// game means its own files under core/games/ and one line in core/games/registry.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "base/i18n.h"
#include "base/judge_text.h"
#include "base/limits.h"
#include "base/message.h"
#include "base/random.h"
#include "base/thousands.h"
#include "base/value.h"
#include "handover.h"
#include "pictures.h"
#include "solve_progress.h"

namespace gs {

struct SolveStats {
  std::uint64_t positions = 0;  // positions (or cells) solved
  double milliseconds = 0;      // time spent solving, parsing excluded
};

// "1.5 GiB", "512 MiB", "12 KiB", "100 bytes"; a saturated count (UINT64_MAX) prints as
// "more than 16 EiB".
std::string formatBytes(std::uint64_t bytes);
Message byteSize(std::uint64_t bytes);  // the same as a message argument (Chinese by key)
// "12,345,678": a count with thousands separators.

// Parses a memory size such as "1G", "512M", "64MiB", "1000000"; nullopt when malformed.
std::optional<std::uint64_t> parseByteSize(std::string_view text);

// The registry row of a game.
struct GameInfo {
  const char* id;          // a short lowercase word: used by the CLI, the JS API, links, tests
  const char* title;       // the name shown to people
  const char* source;      // the source problem
  const char* players[2];  // first and second player
  Metric metric;
  const char* metricName;   // the metric in words, e.g. "score difference (Black - White)"
  const char* inputShape;   // the judge's input, for the CLI's help: "N M L / N cards / ..."
  const char* answerShape;  // the judge's answer, for the CLI's help
  // The rules in a few short paragraphs ('\n' between them), with the tie-break the solver uses
  // among equally good moves: what the app's Rules panel shows.
  const char* rules;
  // `gamesolver random`'s SEED when none is given: the game's own choice, kept for ever so that
  // old commands print the same boards.
  std::uint64_t defaultSeed = 0;
};

// One number of a recipe (a seeded random board), e.g. the rows of a board. Its
// limits and defaults are declared here once; links, the CLI, the module and the app's editor
// all read them from the game.
struct RecipeField {
  const char* name;   // in the link grammar: "ROWS"
  const char* label;  // in the editor, the CLI and messages: "n"
  std::int64_t min;   // supported range
  std::int64_t max;
  std::int64_t judgeMax;    // the judge's limit (the editor's first range; check's boards)
  std::int64_t cliDefault;  // `gamesolver random` when the field is not given (--max)
  std::int64_t appDefault;  // the board the app opens when the game is picked
  bool isSize;              // a size (a positional argument of `random`) or a value bound (--max)
};

class Game;

// A seeded random board: the same recipe gives the same board on every platform.
struct Recipe {
  const Game* game = nullptr;
  std::vector<std::int64_t> fields;  // one per RecipeField, in order
  std::uint64_t seed = 0;
};

// A named field of a move or cell in JSON and in the module's plain objects:
// {"row": 2, "col": 3} or {"play": "A1", "take": null}.
struct NamedField {
  std::string name;
  std::variant<std::monostate, std::int64_t, std::string> value;
};

// A board of the bench (core/tools/bench.h): its name and judge input.
struct BenchBoard {
  std::string name;
  std::string judgeInput;
};

inline constexpr std::uint64_t kMaxAnalysisBytes = std::uint64_t{1} << 30;
inline constexpr std::uint64_t kModuleAnalysisBytes = std::uint64_t{64} << 20;
struct AnalysisOptions {
  std::size_t maxMovesPerStep = 64;  // for games whose steps can have millions of moves
  std::size_t maxCellsListed = 400;  // for games that list cells besides the line
  // Steps of the principal line listed (each with its moves): a 10000 x 1 board's line would
  // take hundreds of megabytes to walk and print. Judge-size lines are far shorter.
  std::size_t maxLineSteps = 1000;
  // The report's length (tools/analysis.h): the CLI writes up to kMaxAnalysisBytes as it goes,
  // the module holds up to kModuleAnalysisBytes.
  std::uint64_t maxOutputBytes = kMaxAnalysisBytes;
};

class GameBoard;
class RulesGame;

class Game {
 public:
  virtual ~Game() = default;

  virtual const GameInfo& info() const = 0;
  const char* id() const { return info().id; }

  // Parses the judge's input into a board ready to solve (nothing is solved yet). Boards past
  // the supported limits or the memory budget are refused before anything large is allocated;
  // every refusal names a line and a column.
  virtual Expected<std::unique_ptr<GameBoard>> parse(std::string_view text,
                                                     const SolveLimits& limits) const = 0;
  // The judge's first sample (core/games/GAMES.md), the board a link naming only the game opens.
  virtual const char* sample() const = 0;
  // The length of the largest judge input parse() accepts within `limits` (the supported sizes
  // and the memory budget), written with every number at its widest, one separator between
  // numbers and "\r\n" line ends (judgeTextBytes()). Front-ends stop reading a text once it
  // passes inputSizeLimit(), which adds room for extra whitespace.
  virtual std::uint64_t maxInputBytes(const SolveLimits& limits) const = 0;

  // Recipes. checkRecipe() checks everything but the fields' ranges (which are checked
  // generically against recipeFields()): cross-field rules and the memory budget; it returns
  // "" or a sentence such as "a 20 x 20 board needs 1.0 TiB to solve, over the memory budget of
  // 1.0 GiB". generate() needs a recipe that passed both checks.
  virtual const std::vector<RecipeField>& recipeFields() const = 0;
  virtual Message checkRecipe(const Recipe& recipe, const SolveLimits& limits) const = 0;
  virtual std::unique_ptr<GameBoard> generate(const Recipe& recipe) const = 0;
  // The rule `gamesolver random` states when its sizes are out of range.
  virtual std::string randomSizeRule() const = 0;

  // The game's own words in Simplified Chinese (core/base/i18n.h): its id and title, players,
  // rules, move names, value texts, summaries and parser messages. Generic messages live in
  // core/base/i18n.cpp. Default: none (the game's texts stay English).
  virtual const std::vector<Phrase>& translations() const;

  // The bench's boards for this game, in a fixed order.
  virtual std::vector<BenchBoard> benchBoards() const = 0;
  // The bench's short answer from the judge output (by default its first line).
  virtual std::string benchAnswer(const std::string& judgeOutput) const;

  // --- Stress tests (`gamesolver check`, core/tools/check.h) ---
  // A random board within the judge's limits, as judge input that parse() accepts, drawn from
  // `random` alone (the same generator state gives the same board). The boards reach the edge
  // cases a wrong solution trips on: the smallest sizes, ties and equal values (small value
  // ranges), and each game's own corners. The default draws every recipe field uniformly
  // between its min and judgeMax.
  virtual std::string randomJudgeInput(SplitMix64& random) const;
  // Smaller variants of a board (judge input that parse() accepts), each strictly smaller by a
  // measure that cannot decrease for ever (fewer rows, columns or cards first, then smaller
  // values), most aggressive first. check keeps the first variant that still fails and asks
  // again (greedy delta debugging) until none does. At most a few dozen variants for a large
  // board. The default offers none (the failing board is reported as drawn).
  virtual std::vector<std::string> shrinkCandidates(std::string_view judgeInput) const;
  // The game as rules (core/rules/rules_game.h: its text, its cases, its header), offered as a
  // board offers pictures() and judge(): nullptr for a built-in game.
  virtual const RulesGame* rulesGame() const { return nullptr; }
};

// What a board whose steps can have millions of moves (manhattan) adds to the analysis
// (core/tools/analysis.h and the app's analysis view), offered through
// GameBoard::analysisExtras().
class AnalysisExtras {
 public:
  virtual ~AnalysisExtras() = default;
  // Whether the analysis lists every move of a step; false: the first maxMovesPerStep.
  virtual bool listsEveryMove() const = 0;
  // Extra top-level members of the analysis JSON (each line "  \"key\": value,\n"), or "".
  virtual std::string analysisExtraJson(const AnalysisOptions& options) const = 0;
  // A note on the best move in the position (value `now` for the mover), or "".
  virtual Message bestMoveNote(const Value& now) const = 0;
};

// The combinatorial game value of a position (core/cgt/cgt.h, for rules games
// core/rules/rules_cgt.h; Left is the first player, Right the second), as CGSuite writes it:
// the canonical form, the outcome class ("L", "R", "N" or "P"), the mean, the temperature and
// the stops ("3", "-5/8"), and the thermograph's walls for drawing.
struct CombinatorialValue {
  std::string canonical, outcome, mean, temperature, leftStop, rightStop;
  // A wall's corners (temperature, value), from temperature -1 up to the temperature, where it
  // meets the mast (the mean), which goes on up from there; exact as doubles for drawing (the
  // texts above are the exact values).
  struct Corner {
    double temperature = 0, value = 0;
  };
  std::vector<Corner> leftWall, rightWall;
};

// What a board whose positions have combinatorial game values (partisan rules games) offers
// through GameBoard::combinatorialValues(). The values are worked out as they are asked for and
// kept for the board's life: a line of play costs only the positions not met before.
class CombinatorialValues {
 public:
  virtual ~CombinatorialValues() = default;
  // The value of the position at the end of the pushed moves, or why it has none: a cycle, the
  // memory budget, more than `maxPositions` positions not valued before (0: the board's own cap
  // on positions). A position refused is refused again at once, unless asked `again`: the work
  // then goes on from the values the refused call made.
  virtual Expected<CombinatorialValue> valueHere(std::uint64_t maxPositions = 0,
                                                 bool again = false) const = 0;
  // Whether the position here was refused for its cap on positions alone (asked again, the work
  // goes on), and how many positions the board has valued in all.
  virtual bool valueCutShort() const = 0;
  virtual std::uint64_t positionsValued() const = 0;
  // The canonical form of the position `move` leads to, once valueHere() has given the value
  // of the position here; nullopt before, or when it has none.
  virtual std::optional<std::string> valueAfter(const Move& move) const = 0;
};

// A board's judge texts, offered by every board through GameBoard::judge(): what the
// judge-format consumers need (the CLI's solve and check, share links, the bench, the
// cross-check of the fast solver's answer with the reference solver's).
class JudgeTexts {
 public:
  virtual ~JudgeTexts() = default;
  virtual std::string judgeInput() const = 0;
  // How many integers judgeInput() holds, without formatting it (a large board's text is tens
  // of megabytes).
  virtual std::uint64_t judgeInputNumbers() const = 0;
  // Precondition: solved().
  virtual std::string judgeOutput() const = 0;

  // --- The game's independent check ---
  // The judge's output by the game's slow, independent reference solver (a plain minimax from
  // the rules), when the board is small enough for it to take a few milliseconds; nullopt
  // otherwise. Front-ends cross-check the fast solver's answer with it: with checkedOutput().
  virtual std::optional<std::string> referenceJudgeOutput() const { return std::nullopt; }
  // What referenceJudgeOutput() must equal: the judge's output, or, for a board whose output
  // the rules' answer() makes from the start's value (a contest problem's case), that value as
  // the reference works it out ("loss 0\n"), so that like is compared with like.
  virtual std::string checkedOutput() const { return judgeOutput(); }
};

// The names and texts of a board's moves and values, offered by every board through
// GameBoard::texts(): what the front-ends (the CLI's analysis and exports, links, the module,
// the app) need to name, show and parse moves.
class MoveTexts {
 public:
  virtual ~MoveTexts() = default;
  virtual std::string moveName(const Move& move) const = 0;  // "(1, 2)", "A1 takes C2"
  virtual std::string moveCode(const Move& move) const = 0;  // in links: "1-2", "A1-C2"
  // The move a code names, or the reason it names none (message without the code itself).
  virtual Expected<Move> parseMoveCode(std::string_view code) const = 0;
  virtual std::vector<NamedField> moveFields(const Move& move) const = 0;
  virtual Message describe(const Value& value, int player) const = 0;
};

// One loaded board: a solver and the positions along a line of play. The rules (legality,
// playing and taking back moves, names) work from the start; values need the solve finished
// (solving().solved()), which front-ends run in slices (SolveJob, core/session.h).
class GameBoard {
 public:
  virtual ~GameBoard() = default;
  virtual const Game& game() const = 0;

  // --- Its solve, a bounded amount of work per call (core/solve_progress.h) ---
  virtual Solving& solving() = 0;
  const Solving& solving() const { return const_cast<GameBoard*>(this)->solving(); }

  // --- Handing a finished solve to a board of the same input in another instance of the
  // module (core/handover.h: the app solves in a Web Worker, the page adopts the tables):
  // nullptr for a board that does not hand over ---
  virtual HandsOver* handover() { return nullptr; }
  const HandsOver* handover() const { return const_cast<GameBoard*>(this)->handover(); }

  // --- The board's judge texts (JudgeTexts above) and the names and texts of its moves and
  // values (MoveTexts above): every board has both ---
  virtual const JudgeTexts& judge() const = 0;
  virtual const MoveTexts& texts() const = 0;

  // --- The answer (precondition: solved()) ---
  virtual Message summary() const = 0;  // the answer in words: "Black ends 2 points ahead"

  // --- The position at the end of the pushed moves (rules only) ---
  virtual int sideToMove() const = 0;                         // 0 first player, 1 second
  virtual Message illegalReason(const Move& move) const = 0;  // "" when legal
  virtual void push(const Move& move) = 0;                    // precondition: legal
  virtual void pop() = 0;

  // --- Values (precondition: solved()) ---
  virtual Value value() const = 0;
  // Legal moves in the game's fixed order (its tie-break), with values.
  virtual std::vector<MoveValue> moves() const = 0;
  // How many moves moves() would list, without building them.
  virtual std::uint64_t moveCount() const = 0;
  // moves()[first, first + count), without building the rest (games whose positions can have
  // millions of moves override it; by default, a slice of moves()).
  virtual std::vector<MoveValue> movesPage(std::uint64_t first, std::uint64_t count) const;
  // The optimal choice: by default the first best move of moves().
  virtual std::optional<Move> bestMove() const;
  // The principal line stops when it repeats a pair of moves (games that never end).
  virtual bool endless() const { return false; }
  // The position at the end of the pushed moves occurred earlier among them (rules games whose
  // play can go on for ever): the principal line stops there.
  virtual bool repeatsPosition() const { return false; }

  // --- What the analysis adds for this board (core/tools/analysis.h, the app's analysis view):
  // nullptr for a board that lists every move and adds nothing ---
  virtual const AnalysisExtras* analysisExtras() const { return nullptr; }

  // --- Combinatorial game values of its positions (CombinatorialValues above): nullptr for a
  // board whose positions have none ---
  virtual const CombinatorialValues* combinatorialValues() const { return nullptr; }

  // --- Drawing and exports (core/pictures.h): nullptr for a board that cannot be drawn ---
  virtual const Pictures* pictures() const { return nullptr; }
};

// Why `board` cannot be drawn (exports, GIFs), known before any solve: it has no pictures, or
// its pictures refuse it (too large to draw legibly); nullopt when it can be drawn.
std::optional<ParseError> drawingRefusal(const GameBoard& board);

// --- Input sizes ---
// The bytes of a judge text of `numbers` integers of at most `widestDigits` digits each (one
// separator after each) on `lines` lines ending in "\r\n".
std::uint64_t judgeTextBytes(std::uint64_t numbers, int widestDigits, std::uint64_t lines);
// Texts shorter than this are read without asking the game for its limit (which can take a few
// milliseconds to work out).
constexpr std::uint64_t kInputSizeCheckedAbove = std::uint64_t{1} << 20;
// Where a front-end stops reading a judge text: the game's maxInputBytes plus a quarter and
// 64 KiB for extra spaces, blank lines and leading zeros.
std::uint64_t inputSizeLimit(const Game& game, const SolveLimits& limits);
// The refusal of a text longer than inputSizeLimit(): "input too large: ...", naming the game's
// largest input and the memory budget.
Message inputTooLargeMessage(const Game& game, const SolveLimits& limits);

// --- The registry (core/games/registry.cpp): the games, in a fixed order ---
const std::vector<const Game*>& games();
const Game* findGame(std::string_view id);
// The ids for messages, one argument (message.h): "a, b or c"; with `rules`, "rules" (a rules
// file, core/rules/rules_game.h) last among them.
Message gameIdList(bool rules = false);
// The id of a game written as a rules file (links: g=rules&c=...).
constexpr const char* kRulesGameId = "rules";
// Adds a game to the registry (tests register a test-only game this way) before anything reads
// it: the list is read-only once games() or findGame() has been called, and a later call ends
// the program with a sentence saying so.
void registerGame(const Game& game);

}  // namespace gs
