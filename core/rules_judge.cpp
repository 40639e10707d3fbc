#include "rules_judge.h"

#include <limits>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace gs {
namespace {

enum class Known : std::uint8_t { kOnLine, kWin, kLoss, kDraw };

// Stage 2: who wins the start, by a memoised depth-first search with an explicit stack that
// stops at a position's first winning move. nullopt when a position comes back on its own line
// (a cycle: the retrograde solve decides draws there), when the search passes the positions cap
// or the memory budget (the whole solve then says which), or when the rules fail (the whole
// solve reports it, naming the call).
class OutcomeSearch {
 public:
  OutcomeSearch(Rules& rules, const Params& params, const SolveLimits& limits)
      : rules_(rules), params_(params), limits_(limits) {}
  ~OutcomeSearch() {
    for (Frame& frame : stack_) rules_.closeMoves(frame.moves);
  }
  OutcomeSearch(const OutcomeSearch&) = delete;
  OutcomeSearch& operator=(const OutcomeSearch&) = delete;

  // The outcome of the position `key` for its mover, the memo kept from one call to the next.
  std::optional<Known> outcomeOf(const std::string& key) {
    if (auto found = memo_.find(key); found != memo_.end()) {
      if (found->second.known == Known::kOnLine) return std::nullopt;
      return found->second.known;
    }
    if (!push(key)) return std::nullopt;
    while (!stack_.empty()) {
      Frame& frame = stack_.back();
      const std::size_t count = frame.moves.count;
      if (frame.decided || frame.next == count) {
        Known outcome = frame.decided ? Known::kWin : frame.draw ? Known::kDraw : Known::kLoss;
        if (count == 0) {
          outcome = frame.moves.end == EndResult::kWin    ? Known::kWin
                    : frame.moves.end == EndResult::kDraw ? Known::kDraw
                                                          : Known::kLoss;
        }
        memo_[frame.key].known = outcome;
        const int mover = frame.moves.mover;
        rules_.closeMoves(frame.moves);
        stack_.pop_back();
        if (stack_.empty()) return outcome;
        take(stack_.back(), outcome, mover);
        continue;
      }
      // The next move, played only now: the moves after a winning one never are.
      RulesError error;
      if (!rules_.playMove(frame.moves, frame.next, params_, child_, error)) return std::nullopt;
      auto found = memo_.find(child_);
      if (found == memo_.end()) {
        if (!push(child_)) return std::nullopt;
        continue;
      }
      if (found->second.known == Known::kOnLine) return std::nullopt;  // a cycle: no reuse
      take(frame, found->second.known, found->second.mover);
    }
    return std::nullopt;
  }

  std::uint64_t positions() const { return memo_.size(); }
  // Who moves at a position searched (-1: the players alternate).
  int moverOf(const std::string& key) const {
    auto found = memo_.find(key);
    return found == memo_.end() ? -1 : found->second.mover;
  }

 private:
  struct Entry {
    Known known = Known::kOnLine;
    int mover = -1;
  };
  struct Frame {
    std::string key;
    MoveCursor moves;
    std::size_t next = 0;
    bool draw = false, decided = false;
  };

  // A child's outcome (for its own mover), seen by the frame's mover: the frame's next move.
  void take(Frame& frame, Known child, int childMover) {
    const int mover = frame.moves.mover;
    const bool flip = mover < 0 || childMover < 0 || mover != childMover;
    if (child == Known::kDraw) frame.draw = true;
    if ((child == Known::kLoss && flip) || (child == Known::kWin && !flip)) frame.decided = true;
    ++frame.next;
  }

  bool push(const std::string& key) {
    if (memo_.size() >= limits_.maxPositions) return false;
    bytes_ += key.size() + 96;
    if (bytes_ + rules_.memoryUsed() > limits_.memoryBudgetBytes) return false;
    stack_.emplace_back();
    Frame& frame = stack_.back();
    frame.key = key;
    frame.moves.children.byteLimit =
        limits_.memoryBudgetBytes > bytes_ ? limits_.memoryBudgetBytes - bytes_ : 1;
    RulesError error;
    if (!rules_.openMoves(frame.key, params_, frame.moves, error)) {
      stack_.pop_back();
      return false;
    }
    if (!rules_.header().hasMover) frame.moves.mover = -1;
    Entry& entry = memo_[frame.key];
    entry.known = Known::kOnLine;
    entry.mover = frame.moves.mover;
    return true;
  }

  Rules& rules_;
  const Params& params_;
  const SolveLimits& limits_;
  std::unordered_map<std::string, Entry> memo_;
  std::vector<Frame> stack_;
  std::string child_;
  std::uint64_t bytes_ = 0;
};

// The fields r has for a game of this kind.
std::uint32_t fieldsOf(RulesKind kind) {
  switch (kind) {
    case RulesKind::kNormalPlay:
      return kFieldValue | kFieldOutcome | kFieldMovesLeft | kFieldChildren;
    case RulesKind::kImpartial:
      return kFieldValue | kFieldOutcome | kFieldSg | kFieldChildren;
    case RulesKind::kScored:
      return kFieldValue | kFieldMargin | kFieldChildren;
  }
  return 0;
}

// Stage 2's record: the start's outcome and each move's (for its maker, with its term and
// name), from the outcome search; nullopt (no error) when the search hands over to stage 3.
Expected<std::optional<Term>> searchedRecord(Rules& rules, const Params& params,
                                             const SolveLimits& limits, bool withChildren,
                                             JudgeOutputStats& stats) {
  auto start = rules.start(params);
  if (!start) return start.error();
  OutcomeSearch search(rules, params, limits);
  const std::string startKey = start->encode();
  const std::optional<Known> outcome = search.outcomeOf(startKey);
  if (!outcome) return std::optional<Term>();
  const auto word = [](Known known) {
    return Term::string(known == Known::kWin ? "win" : known == Known::kLoss ? "loss" : "draw");
  };
  if (!withChildren) {  // who wins, and nothing else: the moves after a winning one unplayed
    stats.positions += search.positions();
    return std::optional<Term>(Term::table({{Term::string("outcome"), word(*outcome)}}));
  }
  // The start's moves, in order: their terms, names and positions.
  MoveCursor children;
  RulesError error;
  if (!rules.openMoves(startKey, params, children, error)) return std::optional<Term>();
  struct Closer {
    Rules& rules;
    MoveCursor& cursor;
    ~Closer() { rules.closeMoves(cursor); }
  } closer{rules, children};
  auto terms = rules.moves(start.value(), params);
  if (!terms || terms->size() != children.count) return std::optional<Term>();
  const int mover = search.moverOf(startKey);
  std::vector<Term> entries;
  std::string key;
  for (std::size_t k = 0; k < children.count; ++k) {
    if (!rules.playMove(children, k, params, key, error)) return std::optional<Term>();
    const std::optional<Known> child = search.outcomeOf(key);
    if (!child) return std::optional<Term>();
    const int childMover = search.moverOf(key);
    const bool flip = mover < 0 || childMover < 0 || mover != childMover;
    Known forMaker = *child;
    if (flip && *child == Known::kWin)
      forMaker = Known::kLoss;
    else if (flip && *child == Known::kLoss)
      forMaker = Known::kWin;
    auto name = rules.name(terms.value()[k], start.value(), params);
    if (!name) return name.error();
    entries.push_back(Term::table({{Term::string("move"), terms.value()[k]},
                                   {Term::string("name"), Term::string(name.value())},
                                   {Term::string("outcome"), word(forMaker)}}));
  }
  stats.positions += search.positions();
  return std::optional<Term>(
      Term::table({{Term::string("outcome"), word(*outcome)},
                   {Term::string("children"), Term::list(std::move(entries))}}));
}

// One case's answer line.
Expected<std::string> answerCase(const RulesGame& game,
                                 const std::shared_ptr<const std::string>& input,
                                 const std::vector<std::string>& cases, std::size_t index,
                                 const SolveLimits& limits, JudgeOutputStats& stats) {
  const RulesHeader& header = game.header();
  Rules& rules = game.rules();
  Params params;
  params.input = std::make_shared<const std::string>(cases[index]);
  if (header.hasAnswer) {
    // 1. An answer that needs nothing of r.
    const std::uint32_t fields = fieldsOf(header.kind);
    std::uint32_t needed = 0;
    auto text = rules.answer(Term::table({}), params, fields, &needed);
    if (needed == 0) {
      if (!text) return text.error();
      return judgeAnswerLine(text.value());
    }
    // 2. Who wins, and which moves win: outcomes alone, by the search with cut-offs (the
    // moves' outcomes only once answer reads r.children).
    const bool searchable = header.kind == RulesKind::kNormalPlay ||
                            (header.kind == RulesKind::kImpartial && !header.hasParts);
    bool withChildren = (needed & kFieldChildren) != 0;
    while (searchable && (needed & ~(kFieldOutcome | kFieldChildren)) == 0) {
      auto record = searchedRecord(rules, params, limits, withChildren, stats);
      if (!record) return record.error();
      if (!record->has_value()) break;  // a cycle, or a limit: the whole solve
      const std::uint32_t known = kFieldOutcome | (withChildren ? kFieldChildren : 0u);
      needed = 0;
      text = rules.answer(record->value(), params,
                          (fields & ~known) | (withChildren ? kFieldChildDetails : 0u), &needed);
      if (needed == 0) {
        ++stats.searched;
        if (!text) return text.error();
        return judgeAnswerLine(text.value());
      }
      if (withChildren || needed != kFieldChildren) break;
      withChildren = true;  // the outcome led answer to the moves: search them too
    }
  }
  // 3. The whole record: the case's board, explored and solved.
  std::unique_ptr<GameBoard> board = game.caseBoard(input, cases, index, limits);
  while (!board->solveSome(std::uint64_t{1} << 20)) {
  }
  if (auto error = board->solveError()) return error.value();
  ++stats.solved;
  stats.positions += board->positions();
  return board->judgeOutput();
}

}  // namespace

Expected<std::string> rulesJudgeOutput(const RulesGame& game, std::string_view input,
                                       const SolveLimits& limits, JudgeOutputStats* stats) {
  if (!game.header().hasRead)
    return ParseError{0, 0,
                      "these rules read no judge input: add read(text), which returns the cases "
                      "(README: Your own game)"};
  auto cases = game.cases(input);
  if (!cases) return cases.error();
  const auto text = std::make_shared<const std::string>(input);
  JudgeOutputStats own;
  JudgeOutputStats& counts = stats ? *stats : own;
  counts.cases = cases->size();
  std::string output;
  for (std::size_t k = 0; k < cases->size(); ++k) {
    auto line = answerCase(game, text, cases.value(), k, limits, counts);
    if (!line) {
      ParseError error = line.error();
      if (cases->size() > 1)
        error.message = error.message.english() + ", in case " + std::to_string(k + 1);
      return error;
    }
    // The whole output, counted before it is kept: answers of up to 16 MiB each, a million
    // cases, would be far past any judge's.
    if (output.size() + line->size() > kMaxJudgeOutputBytes)
      return ParseError{0, 0,
                        "the judge's output is longer than " + withThousands(kMaxJudgeOutputBytes) +
                            " bytes (at case " + std::to_string(k + 1) + ")"};
    output += line.value();
  }
  return output;
}

}  // namespace gs
