// A game stated as its rules, and nothing more (ARCHITECTURE lesson 13: explore, then solve).
//
// A Rules object answers the questions of the rules themselves: the start, the legal moves,
// the position after a move, who moves, the points a move earns, the score at the end, the
// parts a position splits into, how a position looks and what a move is called. Everything else
// a game has in Game Solver (solving, values of moves, the principal line, links, exports,
// check's random boards and shrinking, quizzes) is generic code over these answers:
// core/rules/rules_solver.h explores and solves, core/rules/rules_game.h makes a Game of them.
//
// Two kinds of rules exist: a Lua rules file (core/rules/lua_rules.h, a user's game) and rules
// written in C++ (the test-only subtraction game). Positions and moves are terms
// (core/rules/term.h).
//
// The value of a game (RulesKind):
//   kNormalPlay  the player to move with no move loses: win K / loss K for the player to move,
//                K the moves left with perfect play (the winner hurries, the loser delays), or
//                draw when play can go on for ever (positions may repeat).
//   kScored      the first player's final margin: the total of the first player's gains minus
//                the second's, plus score() at the end; positions must not repeat.
//   kImpartial   the Sprague-Grundy number (0: the player to move loses); parts() splits a
//                position into independent games whose numbers are xor-ed; no repeats.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/judge_text.h"
#include "rules/term.h"

namespace gs {

enum class RulesKind { kNormalPlay, kScored, kImpartial };

// A parameter of the game: a whole number in [min, max].
struct RulesParam {
  std::string name;
  std::int64_t defaultValue = 0;
  std::int64_t min = 0;
  std::int64_t max = 0;
};

// What the rules' table `p` holds: the parameters' values, one per RulesParam, in order; or, for
// a game read from a judge input, the case read() made of it (`input`: the canonical encoding
// of a table of any terms, a list of move sizes, a row of numbers, a board; kept encoded, the
// smallest form), when the values are not used.
struct Params : std::vector<std::int64_t> {
  using std::vector<std::int64_t>::vector;
  Params() = default;
  Params(std::vector<std::int64_t> values) : std::vector<std::int64_t>(std::move(values)) {}
  std::shared_ptr<const std::string> input;

  friend bool operator==(const Params& a, const Params& b) {
    if (static_cast<const std::vector<std::int64_t>&>(a) !=
        static_cast<const std::vector<std::int64_t>&>(b))
      return false;
    if (!a.input || !b.input) return !a.input && !b.input;
    return a.input == b.input || *a.input == *b.input;
  }
  friend bool operator!=(const Params& a, const Params& b) { return !(a == b); }
};

struct RulesHeader {
  std::string title;
  std::vector<RulesParam> params;
  RulesKind kind = RulesKind::kNormalPlay;
  bool hasMover = false;  // mover() says who moves (else the players alternate, first first)
  bool hasParts = false;  // impartial games only
  // Partisan rules' parts: a position is the sum of its parts for cgt (core/rules/rules_cgt.h),
  // whose values add; every other question plays the whole position, parts aside.
  bool partisanParts = false;
  // With parts: a sum's moves are its atomic parts' moves, part by part, each leading to the
  // sum with that part replaced by its child's parts (game.moves_by_part).
  bool movesByPart = false;
  bool hasResult = false;  // result() says who won a position with no move (normal play)
  bool partisan = false;   // the rules are told who moves; positions are told apart by it
  bool hasRead = false;    // read() takes a judge's input
  bool hasAnswer = false;  // answer() prints a case's judge answer
  bool hasRandom = false;  // random() makes judge inputs for check
  bool hasWrite = false;   // write(cases) writes cases back as a judge input (check's shrinking)
  std::string sample;      // game.sample: the problem's sample input (with read), or ""
};

// The fields of answer()'s r (bits, for the fields worked out only when answer reads them).
enum RulesField : std::uint32_t {
  kFieldValue = 1,
  kFieldOutcome = 2,
  kFieldMovesLeft = 4,
  kFieldSg = 8,
  kFieldMargin = 16,
  kFieldChildren = 32,
  // The children's fields other than move, name and outcome (value, moves_left, sg, margin).
  kFieldChildDetails = 64,
  // The start's cgt values (canonical, outcome_class, mean, temperature, left_stop, right_stop).
  kFieldCgt = 128,
};
constexpr const char* kRulesFieldNames[] = {"value", "outcome", "moves_left",
                                            "sg",    "margin",  "children"};
constexpr const char* kCgtFieldNames[] = {"canonical",   "outcome_class", "mean",
                                          "temperature", "left_stop",     "right_stop"};

// How a game ends at a position with no move, for the player to move (normal play).
enum class EndResult : std::uint8_t { kLoss, kWin, kDraw };
// "win", "loss" or "draw", as `gamesolver value --outcome` prints it.
inline const char* endResultWord(EndResult result) {
  return result == EndResult::kWin ? "win" : result == EndResult::kDraw ? "draw" : "loss";
}
// The other way: the result a word names, nullopt for any word but those three.
inline std::optional<EndResult> endResultOfWord(std::string_view word) {
  for (const EndResult result : {EndResult::kLoss, EndResult::kWin, EndResult::kDraw})
    if (word == endResultWord(result)) return result;
  return std::nullopt;
}

// What exploring one position finds: each legal move's resulting position (its canonical
// encoding) in the order of moves(), with the move's gain; who moves; the score at the end.
// With parts, each child is the list of its parts instead (each an encoding).
struct Expansion {
  int mover = -1;                          // 0 first player, 1 second; -1: the players alternate
  std::int64_t endScore = 0;               // kScored, when there is no move
  EndResult endResult = EndResult::kLoss;  // kNormalPlay, when there is no move
  std::string keys;                        // the encodings, one after another
  std::vector<std::uint32_t> keyEnds;      // where each ends in `keys`
  std::vector<std::int64_t> gains;         // kScored: one per move
  std::vector<std::uint32_t>
      childEnds;  // with parts: child i holds keys [childEnds[i-1], childEnds[i])
  // With parts: positions already known to be atomic (the solver's nodes), whose parts need not
  // be asked for again; it gives the node. Set by the solver; may be empty.
  std::function<std::optional<std::uint32_t>(std::string_view)> knownAtomic;
  // With parts: per key, the node knownAtomic gave for it, or kUnknownPart (addPart keeps it
  // beside the key, so the solver need not look the key up again).
  static constexpr std::uint32_t kUnknownPart = 0xffffffffu;
  std::vector<std::uint32_t> partNodes;
  // The most bytes `keys` may hold (the solver's memory budget left); 0: no bound. An expansion
  // past it fails before its bytes are kept.
  std::uint64_t byteLimit = 0;

  void clear() {  // knownAtomic and byteLimit stay
    mover = -1;
    endScore = 0;
    endResult = EndResult::kLoss;
    keys.clear();
    keyEnds.clear();
    gains.clear();
    childEnds.clear();
    partNodes.clear();
  }
  std::size_t children() const { return childEnds.empty() ? keyEnds.size() : childEnds.size(); }
  std::string_view key(std::size_t k) const {
    const std::size_t begin = k == 0 ? 0 : keyEnds[k - 1];
    return std::string_view(keys).substr(begin, keyEnds[k] - begin);
  }
  void addKey(std::string_view key) {
    // The bytes grow as a string's would (twice the capacity), but never past byteLimit: a
    // string's own doubling would allocate up to twice what the limit allows.
    const std::size_t needed = keys.size() + key.size();
    if (needed > keys.capacity()) {
      std::size_t wanted = std::max(needed, 2 * keys.capacity());
      if (byteLimit > 0 && wanted > byteLimit)
        wanted = std::max<std::size_t>(needed, static_cast<std::size_t>(byteLimit));
      std::string bigger;
      bigger.reserve(wanted);
      bigger.append(keys);
      keys.swap(bigger);
    }
    keys.append(key);
    keyEnds.push_back(static_cast<std::uint32_t>(keys.size()));
  }
  void addPart(std::string_view key, std::optional<std::uint32_t> node) {
    addKey(key);
    partNodes.push_back(node.value_or(kUnknownPart));
  }
};

// A position's moves played one at a time (the outcome search stops at a position's first
// winning move: the moves after it are never played). Rules::openMoves, playMove, closeMoves.
struct MoveCursor {
  std::size_t count = 0;             // the legal moves
  int mover = -1;                    // who moves (mover(): 0 or 1), or -1: the players alternate
  EndResult end = EndResult::kLoss;  // with no move: how the game ends for the player to move
  int handle = -1;                   // the rules' own hold on the position and its moves, or -1
  Expansion children;                // without one: every child at once
};

// A failure of the rules: a sentence naming the function, the position and, where known, the
// rules' line ("line 12: attempt to index a nil value (local 's'), in moves({3, 4})").
using RulesError = ParseError;

class Rules {
 public:
  virtual ~Rules() = default;
  virtual const RulesHeader& header() const = 0;

  // --- The rules. Calls are not const: a rules file runs code.
  virtual Expected<Term> start(const Params& params) = 0;
  virtual Expected<std::vector<Term>> moves(const Term& position, const Params& params) = 0;
  virtual Expected<Term> play(const Term& position, const Term& move, const Params& params) = 0;
  // Optional, by kind: the points `move` earns its player (default 0), the first player's
  // extra margin at game over (default 0), who moves (header().hasMover: 0 or 1), the parts of
  // a position (header().hasParts; default: the position itself).
  virtual Expected<std::int64_t> gain(const Term& position, const Term& move, const Params& params);
  virtual Expected<std::int64_t> score(const Term& position, const Params& params);
  virtual Expected<int> mover(const Term& position, const Params& params);
  virtual Expected<std::vector<Term>> parts(const Term& position, const Params& params);
  // How a position with no move ends for the player to move (header().hasResult; default: a
  // loss, normal play).
  virtual Expected<EndResult> result(const Term& position, const Params& params);
  // How to draw a position: a string (a text), or an array of rows (each a string, one cell per
  // character, or an array of cells); default: the position's canonical text.
  virtual Expected<Term> show(const Term& position, const Params& params);
  // A move's name; default: its canonical text (a string bare: "left").
  virtual Expected<std::string> name(const Term& move, const Term& position, const Params& params);
  // The names of moves [from, to) of `moves` (encodings) at `position` (an encoding), appended
  // to `out` in order; on a failure, those before it are kept, and `error` says what failed
  // (false). A front-end names the moves of a position one after another: a rules file asks for
  // them in one call, with the position's table built once.
  virtual bool names(const std::vector<std::string>& moves, std::size_t from, std::size_t to,
                     std::string_view position, const Params& params, std::vector<std::string>& out,
                     RulesError& error);
  // moves() from the position's encoding, each move as its encoding (for names: the same
  // position's table serves the names that follow).
  virtual Expected<std::vector<std::string>> moveKeys(std::string_view position,
                                                      const Params& params);
  // play() and parts() the same way: from encodings, giving encodings.
  virtual Expected<std::string> playKey(std::string_view position, std::string_view move,
                                        const Params& params);
  virtual Expected<std::vector<std::string>> partKeys(std::string_view position,
                                                      const Params& params);

  // --- A contest problem's judge (header().hasRead and the others): the cases of a judge's
  // input (each the record `p` of its case), a case's answer from `r` (the solved start: value,
  // outcome, moves_left, sg, margin, children), and a random judge input for check.
  // read(): each case's canonical encoding.
  virtual Expected<std::vector<std::string>> read(std::string_view input);
  // `lazy` (RulesField bits): fields of r that exist for this game but are not in `r` yet. When
  // answer reads one, the call fails and `needed` gets its bit: the caller works it out and asks
  // again (a judge asking only who wins needs no remoteness, no move values:
  // core/rules/rules_judge.h).
  //
  // `at` gives answer its r.at(s): the record of any position s of the case's game, with the
  // fields r has for the start but children (value, outcome, moves_left, sg, margin), each
  // worked out when answer first reads it. Without `at`, r has no field at.
  struct PositionRecords;
  virtual Expected<std::string> answer(const Term& r, const Params& params, std::uint32_t lazy = 0,
                                       std::uint32_t* needed = nullptr,
                                       PositionRecords* at = nullptr);
  virtual Expected<std::string> random(std::int64_t seed, std::int64_t size);
  // write(cases): the judge input of the given cases (each an encoding read() gave), for check
  // to drop the cases of a failing input that pass.
  virtual Expected<std::string> write(const std::vector<std::string>& cases);

  // The solver's one call per position: by default from the calls above; a rules file does it
  // in one go. `position` is an encoding. Returns false with `error` set on a failure.
  virtual bool expand(std::string_view position, const Params& params, Expansion& out,
                      RulesError& error);

  // A position's moves one at a time (games without parts): openMoves() asks for the moves (and
  // who moves, and with none how the game ends), playMove() gives the k-th child's encoding,
  // closeMoves() lets the position go. By default from expand(), every child at once.
  virtual bool openMoves(std::string_view position, const Params& params, MoveCursor& cursor,
                         RulesError& error);
  virtual bool playMove(MoveCursor& cursor, std::size_t index, const Params& params,
                        std::string& child, RulesError& error);
  virtual void closeMoves(MoveCursor& cursor);

  // The start's value by a memo search inside the rules' own interpreter, where the rules
  // allow one (core/rules/memo_search.lua: integer positions, no cycle, within `limits`):
  // kOutcome stops at a position's first winning move (normal play, and impartial games
  // without parts); kMoveOutcomes does so too, then gives each move of the start its outcome
  // for the player who makes it, each child searched with cut-offs in the same memo; kValue
  // works out the whole value of the kind. nullopt, no error, when the search hands over: the
  // caller solves the usual way, which names any error of the rules.
  enum class SearchQuestion { kOutcome, kMoveOutcomes, kValue };
  struct SearchLimits {
    std::uint64_t memoryBudgetBytes = 0;
    std::uint64_t maxPositions = 0;
    // Called between the search's slices (LuaRules: every few million instructions of the
    // rules), so that a caller can report that it is still at work; may be empty.
    std::function<void()> onSlice;
  };
  struct Searched {
    EndResult outcome = EndResult::kLoss;  // for the player to move at the start
    std::int64_t number = 0;               // the moves left, the margin or the Grundy number
    std::uint64_t positions = 0;           // the positions searched
    std::uint64_t slices = 0;  // the runs between its yields (LuaRules: a few ms of rules each)
    // kMoveOutcomes: each move of the start (in the order of moves), for its maker.
    std::vector<EndResult> moveOutcomes;
    // memoSearchFrom's kValue: each move's number, for its maker: the moves left with it
    // played (normal play), or the Grundy number of the position it leads to (impartial).
    std::vector<std::int64_t> moveNumbers;
  };
  virtual std::optional<Searched> memoSearch(const Params& params, SearchQuestion question,
                                             const SearchLimits& limits) {
    (void)params, (void)question, (void)limits;
    return std::nullopt;
  }

  // As memoSearch's kMoveOutcomes, from `position` (a position of the game of `params`) rather
  // than the start, in a memo kept for the next such call with the same parameters (the app's
  // lazy board: each position on screen searched as it is reached, each search reusing what
  // the earlier ones found; every code in the memo is final). With kValue, the whole value
  // (the moves left, or the Grundy number) of the position and of each move, in a memo of
  // values kept beside the cut-off search's (normal play, and impartial games without
  // parts). A search that hands over drops the memos; so does forgetSearchMemo().
  virtual std::optional<Searched> memoSearchFrom(
      const Term& position, const Params& params, const SearchLimits& limits,
      SearchQuestion question = SearchQuestion::kMoveOutcomes) {
    (void)position, (void)params, (void)limits, (void)question;
    return std::nullopt;
  }
  // answer's r.at (see answer()): the rules try memoSearchAt for an outcome, and ask `record`
  // for the rest.
  struct PositionRecords {
    virtual ~PositionRecords() = default;
    // s's record; with `outcomeOnly`, its outcome alone is enough (normal play: who wins, by
    // the search with cut-offs). An error names what failed (the rules, or a limit).
    virtual Expected<Term> record(const Term& position, bool outcomeOnly) = 0;
    // The limits of memoSearchAt's searches for these records.
    virtual const SearchLimits& searchLimits() const = 0;
  };
  // r.at's search (PositionRecords): the value of `position` as memoSearch's kOutcome or kValue
  // gives the start's, in a memo and a search kept for the next such call with the same
  // parameters (answer asks about position after position: "W or L for every n up to N").
  // nullopt, no error, when the search hands over; the caller then solves the position itself.
  virtual std::optional<Searched> memoSearchAt(const Term& position, const Params& params,
                                               SearchQuestion question,
                                               const SearchLimits& limits) {
    (void)position, (void)params, (void)question, (void)limits;
    return std::nullopt;
  }
  virtual void forgetSearchMemo() {}

  // Why the memo search no longer uses an optional part of the rules, game.children found to
  // differ from moves and play ("game.children differs from moves and play at position 5: …");
  // empty while nothing was found. The search goes on without it: the values are the rules'.
  virtual std::string searchNote() const { return {}; }

  // The memory the rules themselves hold (a Lua heap), counted in the solve's budget.
  virtual std::uint64_t memoryUsed() const { return 0; }
  // The cap of that heap, changed for a while by a host that holds memory of its own beside a
  // call (answer's r): `bytes` (0: none), and what a call past it is said to have used more than
  // ("the rules used more than " + what; empty: the sandbox's own words). Rules without a heap
  // of their own have no cap.
  struct HeapCap {
    std::uint64_t bytes = 0;
    std::string what;
  };
  virtual HeapCap heapCap() const { return {}; }
  virtual void setHeapCap(HeapCap cap) { (void)cap; }
  // Which parameters (bit k: the k-th) the calls other than start() have read since
  // forgetParamsRead(): a table's rows that agree on these share their positions
  // (core/rules/rules_table.h). Rules that cannot tell say every parameter.
  virtual std::uint64_t paramsRead() const { return ~std::uint64_t{0}; }
  virtual void forgetParamsRead() {}
  // The fields of a case's p the calls between beginCaseReads() and endCaseReads() read: each
  // field's key, encoded, or `all` once one read p whole (#p, pairs(p), p returned): a host
  // solve shared by the cases of an input holds for each case with the same values of these
  // (core/rules/rules_judge.cpp). Rules that cannot tell say `all`.
  struct CaseReads {
    bool all = false;
    std::vector<std::string> keys;
  };
  virtual void beginCaseReads() {}
  virtual CaseReads endCaseReads() { return {true, {}}; }

  // A position's parts, flattened until every part is atomic (its parts are itself), as
  // encodings appended to `out`. Without parts: the position itself.
  bool atomicParts(const Term& position, const Params& params, Expansion& out, RulesError& error);
  bool atomicParts(std::string_view position, const Params& params, Expansion& out,
                   RulesError& error);
};

// Partisan rules' positions (RulesHeader::partisan): the host's position is {who, s}, the rules
// see s and who. splitPartisan splits an encoded {who, s} into who (1 or 2) and the encoding of
// s (false for anything else); putPartisan appends the encoding of {who, s} given s's.
bool splitPartisan(std::string_view key, int& who, std::string_view& inner);
void putPartisan(std::string& out, int who, std::string_view inner);

// "{1, 2}" of a position or move, shortened for messages.
std::string shortText(const Term& term);

}  // namespace gs
