#include "rules/rules_judge.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "base/forms.h"
#include "rules/key_table.h"
#include "rules/rules_solver.h"

namespace gs {
namespace {

enum class Known : std::uint8_t { kOnLine, kWin, kLoss, kDraw };

// Stage 2: who wins the start, by a memoised depth-first search with an explicit stack that
// stops at a position's first winning move. A position's children come from one call of the
// rules (Rules::expand: its moves and their plays at once, as the whole solve has them); the
// search goes down the first child not yet known and stops at the first that is a loss for its
// mover, so the positions below the moves after a winning one are never opened. (Playing the
// moves one call at a time cost a protected call each: Wythoff's game from (300, 300) took 27 s
// that way, against 16 s for its whole solve.) nullopt when a position comes back on its own
// line (a cycle: the retrograde solve decides draws there), when the search passes the
// positions cap or the memory budget (the whole solve then says which), or when the rules fail
// (the whole solve reports it, naming the call).
class OutcomeSearch {
 public:
  OutcomeSearch(Rules& rules, const Params& params, const SolveLimits& limits)
      : rules_(rules), params_(params), limits_(limits) {}
  OutcomeSearch(const OutcomeSearch&) = delete;
  OutcomeSearch& operator=(const OutcomeSearch&) = delete;

  // The outcome of the position `key` for its mover, the memo kept from one call to the next.
  std::optional<Known> outcomeOf(const std::string& key) {
    if (auto found = keys_.find(key)) {
      if (memo_[*found].known == Known::kOnLine) return std::nullopt;
      return memo_[*found].known;
    }
    if (!push(key)) return std::nullopt;
    while (depth_ > 0) {
      Frame& frame = stack_[depth_ - 1];
      const std::size_t count = frame.children.children();
      if (frame.decided || frame.next == count) {
        Known outcome = frame.decided ? Known::kWin : frame.draw ? Known::kDraw : Known::kLoss;
        if (count == 0) {
          outcome = frame.children.endResult == EndResult::kWin    ? Known::kWin
                    : frame.children.endResult == EndResult::kDraw ? Known::kDraw
                                                                   : Known::kLoss;
        }
        memo_[frame.id].known = outcome;
        const int mover = frame.mover;
        --depth_;
        if (depth_ == 0) return outcome;
        take(stack_[depth_ - 1], outcome, mover);
        continue;
      }
      const std::string_view child = frame.children.key(frame.next);
      const auto found = keys_.find(child);
      if (!found) {
        if (!push(child)) return std::nullopt;
        continue;
      }
      const Entry& entry = memo_[*found];
      if (entry.known == Known::kOnLine) return std::nullopt;  // a cycle: no reuse
      take(frame, entry.known, entry.mover);
    }
    return std::nullopt;
  }

  std::uint64_t positions() const { return memo_.size(); }
  // What the search holds, the rules' heap apart (its memo, its keys and its frames).
  std::uint64_t bytesHeld() const { return bytes_; }
  // Who moves at a position searched (-1: the players alternate).
  int moverOf(std::string_view key) const {
    const auto found = keys_.find(key);
    return found ? memo_[*found].mover : -1;
  }

 private:
  struct Entry {
    Known known = Known::kOnLine;
    int mover = -1;
  };
  struct Frame {
    KeyTable::Id id = 0;
    Expansion children;
    int mover = -1;
    std::size_t next = 0;
    bool draw = false, decided = false;
    std::uint64_t held = 0;  // the bytes of its buffers counted in bytes_ so far
  };

  // What a frame's buffers hold on the heap (their capacities: a frame keeps its buffers for
  // the next position at its depth).
  static std::uint64_t heldBytes(const Expansion& children) {
    return children.keys.capacity() + children.keyEnds.capacity() * sizeof(std::uint32_t) +
           children.gains.capacity() * sizeof(std::int64_t) +
           children.childEnds.capacity() * sizeof(std::uint32_t) +
           children.partNodes.capacity() * sizeof(std::uint32_t);
  }

  // A child's outcome (for its own mover), seen by the frame's mover: the frame's next move.
  void take(Frame& frame, Known child, int childMover) {
    const int mover = frame.mover;
    const bool flip = mover < 0 || childMover < 0 || mover != childMover;
    if (child == Known::kDraw) frame.draw = true;
    if ((child == Known::kLoss && flip) || (child == Known::kWin && !flip)) frame.decided = true;
    ++frame.next;
  }

  // `key` may be a view into a frame's children: it is interned before the stack can grow.
  bool push(std::string_view key) {
    if (memo_.size() >= limits_.maxPositions) return false;
    // The key, its end, its entry and its share of the hash table (two entries a key at most).
    bytes_ += key.size() + sizeof(std::uint32_t) + sizeof(Entry) + 2 * sizeof(std::uint64_t);
    if (bytes_ + rules_.memoryUsed() > limits_.memoryBudgetBytes) return false;
    bool fresh = false;
    const KeyTable::Id id = keys_.intern(key, fresh);
    memo_.emplace_back();  // on the line (kOnLine) until decided
    // The frames stay allocated below the stack's depth: their buffers serve the next position
    // at that depth. Each counts (a line of a million positions holds a million frames, about
    // 300 bytes each), and the stack's array is grown here (`key` no longer needed), to twice
    // its size, both arrays held for a moment.
    if (depth_ == stack_.size() && stack_.size() == stack_.capacity()) {
      const std::size_t grown = std::max<std::size_t>(64, 2 * stack_.capacity());
      if (bytes_ + (grown + stack_.capacity()) * sizeof(Frame) + rules_.memoryUsed() >
          limits_.memoryBudgetBytes)
        return false;
      bytes_ += (grown - stack_.capacity()) * sizeof(Frame);
      stack_.reserve(grown);
    }
    if (depth_ == stack_.size()) stack_.emplace_back();
    Frame& frame = stack_[depth_];
    frame.id = id;
    frame.next = 0;
    frame.draw = frame.decided = false;
    frame.children.clear();
    frame.children.byteLimit =
        limits_.memoryBudgetBytes > bytes_ ? limits_.memoryBudgetBytes - bytes_ : 1;
    RulesError error;
    if (!rules_.expand(keys_.key(frame.id), params_, frame.children, error)) return false;
    const std::uint64_t held = heldBytes(frame.children);
    if (held > frame.held) {
      bytes_ += held - frame.held;
      frame.held = held;
      if (bytes_ + rules_.memoryUsed() > limits_.memoryBudgetBytes) return false;
    }
    frame.mover = rules_.header().hasMover ? frame.children.mover : -1;
    ++depth_;
    Entry& entry = memo_[frame.id];
    entry.known = Known::kOnLine;
    entry.mover = frame.mover;
    return true;
  }

  Rules& rules_;
  const Params& params_;
  const SolveLimits& limits_;
  KeyTable keys_;            // the positions searched, by id
  std::vector<Entry> memo_;  // by id
  std::vector<Frame> stack_;
  std::size_t depth_ = 0;  // the frames in use: stack_[0, depth_)
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

// Whether the search with cut-offs decides the kind: normal play, and impartial games without
// parts (a sum's outcome needs its parts' Grundy numbers: the whole solve).
bool outcomeSearchable(const RulesHeader& header) {
  return header.kind == RulesKind::kNormalPlay ||
         (header.kind == RulesKind::kImpartial && !header.hasParts);
}

const char* knownWord(Known known) {
  return known == Known::kWin ? "win" : known == Known::kLoss ? "loss" : "draw";
}

// The start's outcome by `search` (nullopt, no error: the search hands over to the whole
// solve), with the start and its key.
Expected<std::optional<Known>> searchStart(Rules& rules, const Params& params,
                                           OutcomeSearch& search, Term& start,
                                           std::string& startKey) {
  auto made = rules.start(params);
  if (!made) return made.error();
  start = std::move(made.value());
  startKey = start.encode();
  return search.outcomeOf(startKey);
}

// Stage 3: the board explored and solved whole; its failure, if any.
std::optional<ParseError> solveWhole(GameBoard& board, JudgeOutputStats& stats) {
  while (!board.solving().solveSome(std::uint64_t{1} << 20)) {
  }
  if (auto error = board.solving().solveError()) return error;
  ++stats.solved;
  stats.positions += board.solving().positions();
  return std::nullopt;
}

Rules::SearchLimits searchLimits(const SolveLimits& limits) {
  Rules::SearchLimits search;
  search.memoryBudgetBytes = limits.memoryBudgetBytes;
  search.maxPositions = limits.maxPositions;
  return search;
}

// Stage 2's record: the start's outcome and each move's (for its maker, with its term and
// name), from the outcome search; nullopt (no error) when the search hands over to stage 4.
Expected<std::optional<Term>> searchedRecord(Rules& rules, const Params& params,
                                             const SolveLimits& limits, bool withChildren,
                                             bool hostSearch, JudgeOutputStats& stats) {
  const auto word = [](Known known) { return Term::string(knownWord(known)); };
  const auto known = [](EndResult result) {
    return result == EndResult::kWin    ? Known::kWin
           : result == EndResult::kDraw ? Known::kDraw
                                        : Known::kLoss;
  };
  // With children, the start's moves as terms first: moves the host cannot hold as terms (more
  // than 400,000 values) go to the whole solve, which names any error of moves, before any
  // search of their outcomes.
  std::optional<Term> first;
  std::vector<Term> listed;
  if (withChildren) {
    auto begin = rules.start(params);
    if (!begin) return begin.error();
    auto moves = rules.moves(begin.value(), params);
    if (!moves) return std::optional<Term>();
    first = std::move(begin.value());
    listed = std::move(moves.value());
  }
  // Then the rules' own memo search: who wins, and with children each move's outcome for its
  // maker (each child searched in the same memo).
  if (const auto found = rules.memoSearch(
          params,
          withChildren ? Rules::SearchQuestion::kMoveOutcomes : Rules::SearchQuestion::kOutcome,
          searchLimits(limits))) {
    if (!withChildren) {
      stats.positions += found->positions;
      return std::optional<Term>(
          Term::table({{Term::string("outcome"), word(known(found->outcome))}}));
    }
    if (listed.size() == found->moveOutcomes.size()) {
      const std::uint64_t held = sizeof(Term) + first->heapBytes() + termsBytes(listed);
      ChildRecords children(rules, listed.size(), held, limits.memoryBudgetBytes);
      if (!children.fits()) return children.error();
      for (std::size_t k = 0; k < listed.size(); ++k) {
        auto name = rules.name(listed[k], *first, params);
        if (!name) return name.error();
        if (!children.add({{Term::string("move"), listed[k]},
                           {Term::string("name"), Term::string(std::move(name.value()))},
                           {Term::string("outcome"), word(known(found->moveOutcomes[k]))}}))
          return children.error();
      }
      stats.positions += found->positions;
      return std::optional<Term>(
          children.record({{Term::string("outcome"), word(known(found->outcome))}}));
    }
  }
  if (!hostSearch) return std::optional<Term>();  // (sums of parts: the whole solve)
  OutcomeSearch search(rules, params, limits);
  Term start;
  std::string startKey;
  const auto searched = searchStart(rules, params, search, start, startKey);
  if (!searched) return searched.error();
  const std::optional<Known> outcome = searched.value();
  if (!outcome) return std::optional<Term>();
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
  auto terms = rules.moves(start, params);
  if (!terms || terms->size() != children.count) return std::optional<Term>();
  const int mover = search.moverOf(startKey);
  const std::uint64_t held =
      search.bytesHeld() + sizeof(Term) + start.heapBytes() + termsBytes(terms.value());
  ChildRecords records(rules, children.count, held, limits.memoryBudgetBytes);
  if (!records.fits()) return records.error();
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
    auto name = rules.name(terms.value()[k], start, params);
    if (!name) return name.error();
    if (!records.add({{Term::string("move"), terms.value()[k]},
                      {Term::string("name"), Term::string(std::move(name.value()))},
                      {Term::string("outcome"), word(forMaker)}}))
      return records.error();
  }
  stats.positions += search.positions();
  return std::optional<Term>(records.record({{Term::string("outcome"), word(*outcome)}}));
}

// Stage 3b: the host's solve shared by the cases of an input, for impartial rules whose
// positions the memo search does not hold (tables: a sum's parts {pile}, say). One solver,
// given the p of the case it was made for, to which each case adds its start (start() runs with
// the case's own p) and solves what is new, while every field of p its calls have read
// (Rules::beginCaseReads) has the same value in the case under way: a position's value depends
// on nothing else. A case that differs in one gets a solver of its own, as does a case whose
// solve read, for the first time, a field it differs in (its value was the first case's); the
// cases after it share that one. Ten thousand cases of three piles up to 1,000 explore the
// piles' positions once, where each case's own solve explored them again.
class CaseSolves {
 public:
  // The case's value, or nullopt (the rules failed, or a limit: the whole solve names it).
  std::optional<Value> value(Rules& rules, const std::string& encoded, const Params& params,
                             const SolveLimits& limits, JudgeOutputStats& stats) {
    Term record;
    if (!Term::decode(encoded, record)) return std::nullopt;
    auto start = rules.start(params);
    if (!start) return std::nullopt;
    for (int attempt = 0; attempt < 2; ++attempt) {
      if (solver_ && !agrees(record)) solver_.reset();
      const bool fresh = !solver_;
      if (fresh) {
        solver_ = std::make_unique<RulesSolver>(rules, params, limits);
        record_ = record;
        all_ = false;
        keys_.clear();
      }
      const std::uint64_t before = solver_->positions();
      std::vector<RulesSolver::Node> nodes;
      rules.beginCaseReads();
      bool solved = solver_->addRoot(start.value(), 0, &nodes);
      while (solved && !solver_->advance(std::uint64_t{1} << 20)) {
      }
      solved = solved && solver_->done();
      const Rules::CaseReads reads = rules.endCaseReads();
      if (!solved) {
        solver_.reset();
        return std::nullopt;
      }
      all_ = all_ || reads.all;
      for (const std::string& key : reads.keys)
        if (std::find(keys_.begin(), keys_.end(), key) == keys_.end()) keys_.push_back(key);
      if (!fresh && !agrees(record)) continue;  // read a field this case differs in: anew
      ++stats.solved;
      ++stats.shared;
      stats.positions += solver_->positions() - before;
      Value value;
      for (const RulesSolver::Node node : nodes) value.score ^= solver_->value(node).number;
      value.win = value.score != 0;
      return value;
    }
    return std::nullopt;
  }
  // What the solver holds (beside answer()'s r).
  std::uint64_t bytes() const { return solver_ ? solver_->bytesUsed() : 0; }
  // Its memory back, for a case's whole solve (which has the budget to itself).
  void forget() { solver_.reset(); }

 private:
  // Whether a case has the same values as the solver's of every field its calls have read.
  bool agrees(const Term& record) const {
    if (all_) return record == record_;
    for (const std::string& key : keys_)
      if (!sameField(record, key)) return false;
    return true;
  }
  bool sameField(const Term& record, const std::string& key) const {
    const auto field = [&key](const Term& of) -> const Term* {
      for (const auto& entry : of.entries())
        if (entry.first.encode() == key) return &entry.second;
      return nullptr;
    };
    const Term* a = field(record);
    const Term* b = field(record_);
    return a && b ? *a == *b : !a && !b;
  }

  std::unique_ptr<RulesSolver> solver_;
  Term record_;  // the case whose p the solver's calls are given
  bool all_ = false;
  std::vector<std::string> keys_;  // the fields its calls read, encoded
};

// One case's answer line.
Expected<std::string> answerCase(const RulesGame& game,
                                 const std::shared_ptr<const std::string>& input,
                                 const std::vector<std::string>& cases, std::size_t index,
                                 const SolveLimits& limits, JudgeOutputStats& stats,
                                 CaseSolves& shared) {
  const RulesHeader& header = game.header();
  Rules& rules = game.rules();
  const Params params = caseParams(cases[index]);
  // 0. Rules without answer() print the start's value, where their own search gives it.
  if (!header.hasAnswer)
    if (const auto value = rulesSearchedValue(game, params, limits, &stats))
      return rulesValueText(header.kind, *value) + "\n";
  const auto at = positionRecords(game, params, limits);  // r.at, in every stage
  CgtFields cgt(rules, params, limits);                   // r.canonical, ..., in every stage
  if (header.hasAnswer) {
    // 1. An answer that needs nothing of r.
    const std::uint32_t fields = fieldsOf(header.kind);
    std::uint32_t needed = 0;
    auto text = answerWithin(rules, Term::table({}), 0, limits.memoryBudgetBytes, params, fields,
                             &needed, at.get(), &cgt);
    if (needed == 0) {
      if (!text) return text.error();
      return judgeAnswerLine(text.value());
    }
    // 2. Who wins, and which moves win: outcomes alone, by the search with cut-offs (the
    // moves' outcomes only once answer reads r.children).
    bool withChildren = (needed & kFieldChildren) != 0;
    while (header.kind != RulesKind::kScored && (needed & ~(kFieldOutcome | kFieldChildren)) == 0) {
      auto record =
          searchedRecord(rules, params, limits, withChildren, outcomeSearchable(header), stats);
      if (!record) return record.error();
      if (!record->has_value()) break;  // a cycle, or a limit: the whole solve
      const std::uint32_t known = kFieldOutcome | (withChildren ? kFieldChildren : 0u);
      needed = 0;
      text = answerWithin(rules, record->value(), 0, limits.memoryBudgetBytes, params,
                          (fields & ~known) | (withChildren ? kFieldChildDetails : 0u), &needed,
                          at.get(), &cgt);
      if (needed == 0) {
        ++stats.searched;
        if (!text) return text.error();
        return judgeAnswerLine(text.value());
      }
      if (withChildren || needed != kFieldChildren) break;
      withChildren = true;  // the outcome led answer to the moves: search them too
    }
    // 3. The start's value without its moves: the rules' memo search.
    if ((needed & kFieldChildren) == 0) {
      JudgeOutputStats searched;
      if (const auto value = rulesSearchedValue(game, params, limits, &searched)) {
        needed = 0;
        text = answerWithin(rules, positionRecord(header.kind, *value), 0, limits.memoryBudgetBytes,
                            params, kFieldChildren, &needed, at.get(), &cgt);
        if (needed == 0) {
          ++stats.searched;
          stats.positions += searched.positions;
          if (!text) return text.error();
          return judgeAnswerLine(text.value());
        }
      } else if (header.kind == RulesKind::kImpartial) {
        // 3b. The host's solve the cases share (CaseSolves).
        if (const auto value = shared.value(rules, cases[index], params, limits, stats)) {
          needed = 0;
          text = answerWithin(rules, positionRecord(header.kind, *value), shared.bytes(),
                              limits.memoryBudgetBytes, params, kFieldChildren, &needed, at.get(),
                              &cgt);
          if (needed == 0) {
            if (!text) return text.error();
            return judgeAnswerLine(text.value());
          }
        }
      }
    }
  }
  // 4. The whole record: the case's board, explored and solved, with the rules' heap to itself
  // (a memo the searches kept is one more table for each of the collector's cycles to walk:
  // Stick Game's million positions cost the whole solve 10 s).
  rules.forgetSearchMemo();
  shared.forget();
  std::unique_ptr<GameBoard> board = game.caseBoard(input, cases, index, limits);
  if (auto error = solveWhole(*board, stats)) return error.value();
  return board->judge().judgeOutput();
}

}  // namespace

std::optional<Value> rulesSearchedValue(const RulesGame& game, const Params& params,
                                        const SolveLimits& limits, JudgeOutputStats* stats) {
  const auto found =
      game.rules().memoSearch(params, Rules::SearchQuestion::kValue, searchLimits(limits));
  if (!found) return std::nullopt;
  if (stats) {
    ++stats->searched;
    stats->positions += found->positions;
  }
  return rulesValueFrom(game.header().kind, *found);
}

namespace {

// The names of the moves at `indices` as the board names them: the rules' name(), or the move's
// own text where it fails and, once a call has failed, for the rest (a name() that loops costs
// its whole budget once, not once a move).
std::vector<std::string> movesNamed(Rules& rules, const Term& position,
                                    const std::vector<Term>& moves,
                                    const std::vector<std::size_t>& indices, const Params& params) {
  std::vector<std::string> names;
  bool named = true;
  for (const std::size_t k : indices) {
    std::string text = shortText(moves[k]);
    if (named) {
      auto name = rules.name(moves[k], position, params);
      if (name)
        text = name.value();
      else
        named = false;
    }
    names.push_back(std::move(text));
  }
  return names;
}

}  // namespace

std::optional<SearchedStart> rulesBoardOutcome(const GameBoard& board, const SolveLimits& limits,
                                               std::function<void()> onSlice,
                                               std::size_t maxNames) {
  const RulesGame* game = board.game().rulesGame();
  const Params* params = RulesGame::paramsOf(board);
  if (!game || !params || !outcomeSearchable(game->header())) return std::nullopt;
  Rules& rules = game->rules();
  Rules::SearchLimits search = searchLimits(limits);
  search.onSlice = std::move(onSlice);
  auto found = rules.memoSearch(*params, Rules::SearchQuestion::kMoveOutcomes, search);
  if (!found) return std::nullopt;
  SearchedStart start;
  start.outcome = found->outcome;
  start.moves = found->moveOutcomes.size();
  // The best moves: those that win, or draw from a drawn start (from a lost one, none).
  std::vector<std::size_t> chosen;
  for (std::size_t k = 0; k < found->moveOutcomes.size(); ++k)
    if (found->outcome != EndResult::kLoss && found->moveOutcomes[k] == found->outcome)
      chosen.push_back(k);
  start.bestCount = chosen.size();
  if (chosen.empty() || maxNames == 0) return start;
  auto position = rules.start(*params);
  if (!position) return start;
  auto moves = rules.moves(position.value(), *params);
  if (!moves || moves->size() != found->moveOutcomes.size()) return start;
  if (chosen.size() > maxNames) chosen.resize(maxNames);
  start.bestNames = movesNamed(rules, position.value(), moves.value(), chosen, *params);
  return start;
}

Expected<SearchedPosition> rulesSearchPosition(const RulesGame& game, const Params& params,
                                               const std::vector<std::size_t>& line, bool values,
                                               const SolveLimits& limits,
                                               std::function<void()> onSlice,
                                               std::size_t maxNames) {
  const RulesHeader& header = game.header();
  if (!outcomeSearchable(header) || header.partisan)
    return ParseError{0, 0,
                      "the search that stops at a winning move decides games of normal play and "
                      "impartial games without parts: solve this one whole"};
  Rules& rules = game.rules();
  auto position = rules.start(params);
  if (!position) return position.error();
  // The line's moves, each its index in moves()' order.
  for (std::size_t k = 0; k < line.size(); ++k) {
    auto moves = rules.moves(position.value(), params);
    if (!moves) return moves.error();
    if (line[k] >= moves->size())
      return ParseError{0, 0,
                        Message("move " + std::to_string(k + 1) + " of the line is move " +
                                std::to_string(line[k] + 1) + " of a position that has " +
                                std::to_string(moves->size()))};
    auto child = rules.play(position.value(), moves.value()[line[k]], params);
    if (!child) return child.error();
    position = std::move(child);
  }
  Rules::SearchLimits search = searchLimits(limits);
  search.onSlice = std::move(onSlice);
  const auto found = rules.memoSearchFrom(
      position.value(), params, search,
      values ? Rules::SearchQuestion::kValue : Rules::SearchQuestion::kMoveOutcomes);
  if (!found)
    return ParseError{0, 0,
                      "the search cannot decide this position (its positions are not integers, a "
                      "line of play comes back to a position, or a limit was reached: the rules' "
                      "memory cap, the positions cap or a call's budget)"};
  SearchedPosition searched;
  searched.outcome = found->outcome;
  searched.moveOutcomes = found->moveOutcomes;
  searched.positions = found->positions;
  const bool grundy = header.kind == RulesKind::kImpartial;
  searched.metric = grundy ? Metric::kGrundy : Metric::kWinLossRemoteness;
  if (values) {
    // As the solved board has them: a move's value is its maker's (moveValueFromChild).
    searched.valued = true;
    searched.value = rulesValueFrom(header.kind, *found);
    for (std::size_t k = 0; k < found->moveNumbers.size(); ++k) {
      Value move;
      if (grundy) {
        move.score = found->moveNumbers[k];
        move.win = move.score == 0;
      } else {
        move.win = found->moveOutcomes[k] == EndResult::kWin;
        move.draw = found->moveOutcomes[k] == EndResult::kDraw;
        move.remoteness = static_cast<int>(found->moveNumbers[k]);
      }
      searched.moveValues.push_back(move);
    }
  }
  if (header.hasMover) {
    auto mover = rules.mover(position.value(), params);
    if (!mover) return mover.error();
    searched.mover = mover.value();
  } else {
    searched.mover = static_cast<int>(line.size() % 2);
  }
  auto moves = rules.moves(position.value(), params);
  if (!moves) return moves.error();
  if (moves->size() != found->moveOutcomes.size())
    return ParseError{0, 0, "moves() listed another number of moves than the search found"};
  std::vector<std::size_t> named(std::min(moves->size(), maxNames));
  for (std::size_t k = 0; k < named.size(); ++k) named[k] = k;
  searched.names = movesNamed(rules, position.value(), moves.value(), named, params);
  for (std::size_t k = named.size(); k < moves->size(); ++k)
    searched.names.push_back(shortText(moves.value()[k]));
  auto drawn = rules.show(position.value(), params);
  searched.shown = shownFrom(drawn ? drawn.value() : Term::string(position->text(true)));
  return searched;
}

Expected<std::string> rulesOutcome(const RulesGame& game, const Params& params,
                                   const SolveLimits& limits, JudgeOutputStats* stats) {
  JudgeOutputStats own;
  JudgeOutputStats& counts = stats ? *stats : own;
  const RulesHeader& header = game.header();
  const auto searchedWord = [&](const Rules::Searched& found) {
    ++counts.searched;
    counts.positions += found.positions;
    // A margin's word is its sign (0: a draw); a Grundy number's, whether it is 0.
    return std::string(endResultWord(found.outcome));
  };
  // First the rules' own memo search: who wins where the kind allows, else the whole value.
  if (const auto found =
          game.rules().memoSearch(params,
                                  outcomeSearchable(header) ? Rules::SearchQuestion::kOutcome
                                                            : Rules::SearchQuestion::kValue,
                                  searchLimits(limits)))
    return searchedWord(*found);
  if (outcomeSearchable(header)) {
    OutcomeSearch search(game.rules(), params, limits);
    Term start;
    std::string startKey;
    const auto searched = searchStart(game.rules(), params, search, start, startKey);
    if (!searched) return searched.error();
    if (const std::optional<Known> outcome = searched.value()) {
      ++counts.searched;
      counts.positions += search.positions();
      return std::string(knownWord(*outcome));
    }
  }
  std::unique_ptr<GameBoard> board = game.board(params, limits);
  if (auto error = solveWhole(*board, counts)) return error.value();
  const Value value = board->value();
  switch (header.kind) {
    case RulesKind::kNormalPlay:
      return std::string(value.draw ? "draw" : value.win ? "win" : "loss");
    case RulesKind::kImpartial:
      return std::string(value.score != 0 ? "win" : "loss");
    case RulesKind::kScored:
      return std::string(value.score > 0 ? "win" : value.score < 0 ? "loss" : "draw");
  }
  return std::string("loss");
}

Expected<std::string> rulesJudgeOutput(const RulesGame& game, std::string_view input,
                                       const SolveLimits& limits, JudgeOutputStats* stats) {
  if (!game.header().hasRead)
    return ParseError{0, 0,
                      "these rules read no judge input: add read(text), which returns the cases "
                      "(guide: Your own game)"};
  auto cases = game.cases(input);
  if (!cases) return cases.error();
  const auto text = std::make_shared<const std::string>(input);
  JudgeOutputStats own;
  JudgeOutputStats& counts = stats ? *stats : own;
  counts.cases = cases->size();
  std::string output;
  CaseSolves shared;
  for (std::size_t k = 0; k < cases->size(); ++k) {
    auto line = answerCase(game, text, cases.value(), k, limits, counts, shared);
    if (!line) {
      ParseError error = line.error();
      if (cases->size() > 1)
        error.message = Message(forms::kRulesInCase, {{"MESSAGE", error.message}, {"N", k + 1}});
      return error;
    }
    // The whole output, counted before it is kept: answers of up to 16 MiB each, a million
    // cases, would be far past any judge's.
    if (output.size() + line->size() > kMaxJudgeOutputBytes)
      return ParseError{0, 0,
                        Message(forms::kJudgeOutputTooLong,
                                {{"SIZE", Message::verbatim(withThousands(kMaxJudgeOutputBytes))},
                                 {"N", k + 1}})};
    output += line.value();
  }
  return output;
}

}  // namespace gs
