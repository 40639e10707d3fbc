// The board of a rules game (RulesGame, core/rules/rules_game.h, whose board(), caseBoard(),
// caseOf() and paramsOf() are defined here): a solver over the rules
// (core/rules/rules_solver.h), the stack of positions along the line and the moves of the
// position on top, worked out once per position. It answers every question a board is asked
// (solving in slices, handing a solve over, the judge's texts, the moves' texts, the pictures
// and, for partisan rules, the combinatorial values) and keeps the reference: a plain memoised
// recursion over the rules for small games, the independent check the front ends show.

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <unordered_map>

#include "base/drawing.h"
#include "base/forms.h"
#include "base/random.h"
#include "base/thousands.h"
#include "base/values.h"
#include "rules/lua_rules.h"
#include "rules/rules_cgt.h"
#include "rules/rules_game.h"

namespace gs {
namespace {

using Node = RulesSolver::Node;
using Shown = ShownPosition;

const Phrase* const kPlayerNames[2] = {&forms::kFirstPlayer, &forms::kSecondPlayer};

}  // namespace

// ---------------------------------------------------------------------------------------------
// The board: a solver, the stack of positions along the line, and the moves of the position on
// top, worked out once per position.

namespace {

// A value's texts and its thermograph's corners, for the front ends.
CombinatorialValue combinatorial(const CgtSummary& summary) {
  CombinatorialValue value{summary.canonical, summary.outcome,   summary.mean, summary.temperature,
                           summary.leftStop,  summary.rightStop, {},           {}};
  const auto number = [](const cgt::Dyadic& x) {
    return std::ldexp(static_cast<double>(x.num), -x.exp);
  };
  const cgt::Thermograph& graph = summary.thermograph;
  const auto corners = [&](const cgt::Trajectory& wall) {
    std::vector<CombinatorialValue::Corner> out;
    for (const cgt::Trajectory::Piece& piece : wall.pieces)
      if (piece.start < graph.temperature)
        out.push_back({number(piece.start), number(piece.value)});
    out.push_back({number(graph.temperature), number(graph.mast)});
    return out;
  };
  value.leftWall = corners(graph.leftWall);
  value.rightWall = corners(graph.rightWall);
  return value;
}

}  // namespace

class RulesBoard final : public GameBoard,
                         public Solving,
                         public HandsOver,
                         public JudgeTexts,
                         public MoveTexts,
                         public Pictures,
                         public CombinatorialValues {
 public:
  RulesBoard(const RulesGame& game, Params params, const SolveLimits& limits, RulesCase source = {})
      : game_(game),
        keep_(game.weak_from_this().lock()),
        params_(std::move(params)),
        source_(std::move(source)),
        limits_(limits),
        solver_(game.rules(), params_, limits) {}

  const Game& game() const override { return game_; }

  // --- Solving.
  bool solveSome(std::uint64_t budget) override {
    if (failure_) return true;
    if (!started_) {
      started_ = true;
      auto start = game_.rules().start(params_);
      if (!start) {
        failure_ = start.error();
        return true;
      }
      Entry root;
      root.position = start->encode();
      if (!solver_.addRoot(start.value(), 0, &root.nodes)) {
        failure_ = solver_.error();
        return true;
      }
      stack_.push_back(std::move(root));
    }
    solver_.advance(budget);
    if (solver_.failed()) {
      failure_ = solver_.error();
      return true;
    }
    if (!solver_.done()) return false;
    // The judge's answer of a game with answer(): from r, the start's record, once.
    if (game_.header().hasAnswer && !answer_ && stack_.size() == 1) {
      const auto at = positionRecords(game_, params_, limits_);
      const std::uint64_t held = solverHeld();
      auto r = resultRecord(held);
      if (!r) {
        failure_ = r.error();
        return true;
      }
      CgtFields cgt(game_.rules(), params_, limits_);
      auto text = answerWithin(game_.rules(), r.value(), held, limits_.memoryBudgetBytes, params_,
                               0, nullptr, at.get(), &cgt);
      if (!text) {
        failure_ = text.error();
        return true;
      }
      answer_ = judgeAnswerLine(text.value());
    }
    return true;
  }
  bool solved() const override { return failure_.has_value() || (started_ && solver_.done()); }
  std::optional<ParseError> solveError() const override { return failure_; }
  SolveProgress progress() const override { return solver_.progress(); }
  std::uint64_t positions() const override { return solver_.positions(); }

  // --- Handing a solve over: the explored graph and its values (RulesSolver), or the failure
  // (the rules raised an error, or the game passed a limit), which the adopting board reports
  // as its own without running the rules again. The other instance reads the same rules text;
  // its Lua state is its own. The header: the board's fingerprint, whether it failed, then the
  // failure (line, column, message) or the solver's header.
  Solving& solving() override { return *this; }
  HandsOver* handover() override { return this; }
  const JudgeTexts& judge() const override { return *this; }
  const MoveTexts& texts() const override { return *this; }
  const Pictures* pictures() const override { return this; }
  const CombinatorialValues* combinatorialValues() const override {
    return game_.header().partisan && !cgtRulesProblem(game_.header()) ? this : nullptr;
  }
  bool adoptsOnceStarted() const override { return true; }
  SolvedState solvedState() const override {
    HeaderWriter header;
    header.put(fingerprint()).put(failure_.has_value());
    if (failure_) {
      header.put(*failure_);
      return {header.take(), {}};
    }
    SolvedState state = solver_.solvedState();
    state.header = header.put(state.header).take();
    return state;
  }
  std::optional<std::vector<Region>> prepareAdoption(
      const std::vector<std::uint8_t>& header) override {
    if (solved()) return std::nullopt;  // a solved board adopts nothing
    HeaderReader reader(header);
    bool failed = false;
    reader.expect(fingerprint()).get(failed);
    if (failed) {
      ParseError failure;
      reader.get(failure);
      if (!reader.ok()) return std::nullopt;
      adoptedFailure_ = std::move(failure);
      return std::vector<Region>{};
    }
    std::vector<std::uint8_t> solverHeader;
    reader.get(solverHeader);
    if (!reader.ok()) return std::nullopt;
    adoptedFailure_.reset();
    return solver_.prepareAdoption(solverHeader);
  }
  void finishAdoption() override {
    stack_.clear();
    seen_.clear();
    line_.clear();
    lineBytes_ = 0;
    shownDepth_ = SIZE_MAX;
    if (adoptedFailure_) {
      failure_ = std::move(adoptedFailure_);
      adoptedFailure_.reset();
      started_ = true;
      return;
    }
    solver_.finishAdoption();
    // The start's node(s), found in the adopted graph, as the first step of a solve finds them.
    failure_.reset();
    started_ = false;
    solveSome(0);
  }

  // --- The board.
  std::string judgeInput() const override {
    if (source_.input) return *source_.input;  // a judge's input: the whole of it, every case
    std::string text;
    for (std::size_t k = 0; k < params_.size(); ++k)
      text += (k ? " " : "") + std::to_string(params_[k]);
    return text + "\n";
  }
  std::uint64_t judgeInputNumbers() const override {
    if (!source_.input) return params_.size();
    std::uint64_t words = 0;
    bool inWord = false;
    for (const char c : *source_.input) {
      const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
      words += !space && !inWord;
      inWord = !space;
    }
    return words;
  }
  // This board's case's answer (answer(), one case of a judge's input), or the start's value.
  std::string judgeOutput() const override {
    if (answer_) return *answer_;
    return checkedOutput();
  }
  // The start's value, which the reference (a plain minimax over the rules) works out too.
  std::string checkedOutput() const override {
    return rulesValueText(game_.header().kind, valueOf(stack_.front())) + "\n";
  }
  const RulesCase& rulesCase() const { return source_; }
  const Params& params() const { return params_; }

  // What the solve keeps while answer() runs, the rules' heap apart: the solver's tables and
  // the moves kept along the line.
  std::uint64_t solverHeld() const {
    const std::uint64_t used = solver_.bytesUsed(), heap = game_.rules().memoryUsed();
    return (used > heap ? used - heap : 0) + lineBytes_;
  }

  // r, the record answer() reads: the start's value, outcome, moves left, Grundy number and
  // margin as its kind has them, and every legal move of the start seen from its maker, within
  // the memory budget beside `held` (precondition: solved, at the start).
  Expected<Term> resultRecord(std::uint64_t held) const {
    const RulesKind kind = game_.header().kind;
    const Value start = valueOf(stack_.front());
    std::vector<std::pair<Term, Term>> r;
    const auto field = [](const char* name, Term value) {
      return std::make_pair(Term::string(name), std::move(value));
    };
    const auto outcomeOf = [](const Value& value) {
      return Term::string(value.draw ? "draw" : value.win ? "win" : "loss");
    };
    r.push_back(field("value", Term::string(rulesValueText(kind, start))));
    if (kind == RulesKind::kNormalPlay) {
      r.push_back(field("outcome", outcomeOf(start)));
      if (start.remoteness >= 0) r.push_back(field("moves_left", Term::integer(start.remoteness)));
    } else if (kind == RulesKind::kImpartial) {
      r.push_back(field("outcome", outcomeOf(start)));
      r.push_back(field("sg", Term::integer(start.score)));
    } else {
      r.push_back(field("margin", Term::integer(start.score)));
    }
    const MovesHere& moves = movesHere();
    auto terms = game_.rules().moves(moves.position, params_);
    ChildRecords children(game_.rules(), moves.values.size(),
                          held + (terms ? termsBytes(terms.value()) : 0),
                          limits_.memoryBudgetBytes);
    if (!children.fits()) return children.error();
    for (std::size_t k = 0; k < moves.values.size(); ++k) {
      const Value& value = moves.values[k].value;  // for the player making the move
      std::vector<std::pair<Term, Term>> child;
      if (terms && k < terms->size()) child.push_back(field("move", terms.value()[k]));
      child.push_back(field("name", Term::string(moveName(moves.values[k].move))));
      if (kind == RulesKind::kScored) {
        const std::int64_t margin = marginFor(value, here().side);
        child.push_back(field("margin", Term::integer(margin)));
        child.push_back(field("value", Term::string(std::to_string(margin))));
      } else {
        child.push_back(field("outcome", outcomeOf(value)));
        if (kind == RulesKind::kImpartial) {
          child.push_back(field("sg", Term::integer(value.score)));
          child.push_back(field("value", Term::string("sg " + std::to_string(value.score))));
        } else {
          if (value.remoteness >= 0)
            child.push_back(field("moves_left", Term::integer(value.remoteness)));
          child.push_back(field("value", Term::string(rulesValueText(kind, value))));
        }
      }
      if (!children.add(std::move(child))) return children.error();
    }
    return children.record(std::move(r));
  }
  Message summary() const override { return describe(valueOf(stack_.front()), 0); }

  // --- The position on top.
  int sideToMove() const override { return here().side; }
  Message illegalReason(const Move& move) const override {
    const std::uint64_t count = moveCount();
    if (count == 0) return Message(forms::kNoMoveIsLegal, {});
    if (move.b != -1 || move.a < 0 || static_cast<std::uint64_t>(move.a) >= count)
      return Message(count == 1 ? forms::kNoMoveNumberOfOne : forms::kNoMoveNumber,
                     {{"N1", static_cast<std::int64_t>(move.a) + 1}, {"N2", count}});
    return {};
  }
  void push(const Move& move) override {
    const MovesHere& moves = movesHere();
    const auto index = static_cast<std::size_t>(move.a);
    Entry next;
    if (game_.header().hasParts) {
      // A sum's child: its move played by the rules now, and its parts' nodes read from it (the
      // cache keeps only each child's value: a child's parts are as many as its rows).
      if (moves.children[index].empty()) childTerm(index);
      const bool again = moves.pushedIndex == index;  // a line walked twice: analyze
      const bool played = again || (!moves.children[index].empty() &&
                                    ensureParts(moves.children[index], next.nodes));
      if (again) next.nodes = moves.pushedNodes;
      // A move whose play fails (below) does not show the declaration false: the moves here stay
      // listed as they were, so that a line walked once is played again move by move.
      if (played && moves.byPart && !leadsByDeclaration(index, next.nodes)) {
        // The move played by the rules does not lead where moves_by_part says: the declaration
        // is dropped, and the moves here (and at every sum from now on) are worked out again by
        // the rules before the move is played.
        const std::int64_t listed = moves.values[index].value.score;
        byPartBroken_ = true;
        line_.assign(line_.size(), MovesHere{});
        lineBytes_ = 0;
        if (index < movesHere().children.size()) return push(move);
        // Fewer moves than the declaration listed: as a move whose play fails (below).
        next.nodes.clear();
        next.sumValue = listed;
        next.side = 1 - here().side;
        stack_.push_back(std::move(next));
        ++seen_[repeatKey(stack_.back())];
        return;
      }
      if (!played) {
        // Rules whose play now fails where the expansion succeeded: the position keeps the
        // value its move was listed with, and the line has no move after it.
        next.nodes.clear();
        next.sumValue = moves.values[index].value.score;
      } else if (!again) {
        current().pushedIndex = index;
        current().pushedNodes = next.nodes;
      }
    } else {
      next.nodes = {moves.childNodes[index]};
    }
    next.position = moves.children[index];
    next.margin = here().margin + moves.signedGains[index];
    next.points[0] = here().points[0];
    next.points[1] = here().points[1];
    next.points[here().side] += moves.gains[index];
    next.side = moves.childSides[index];
    stack_.push_back(std::move(next));
    ++seen_[repeatKey(stack_.back())];
  }
  void pop() override {
    if (stack_.size() <= 1) return;
    auto found = seen_.find(repeatKey(stack_.back()));
    if (found != seen_.end() && --found->second == 0) seen_.erase(found);
    stack_.pop_back();
  }
  // Normal play repeats positions in a draw. The solver refuses a scored or impartial game that
  // repeats one, so there a repetition on the stack means rules that disagree with themselves
  // (parts that leave out a position's moves, say): either way a line stops there.
  bool repeatsPosition() const override {
    if (stack_.size() < 2) return false;
    const std::string key = repeatKey(here());
    auto found = seen_.find(key);
    const int atRoot = repeatKey(stack_.front()) == key;
    return found != seen_.end() && found->second + atRoot > 1;
  }

  // --- Values.
  Value value() const override { return valueOf(here()); }
  std::vector<MoveValue> moves() const override { return movesHere().values; }
  std::uint64_t moveCount() const override { return movesHere().values.size(); }
  std::optional<Move> bestMove() const override {  // GameBoard's, without a copy of the moves
    for (const MoveValue& move : movesHere().values)
      if (move.best) return move.move;
    return std::nullopt;
  }

  // --- Names and texts.
  std::string moveName(const Move& move) const override {
    const MovesHere& moves = movesHere();
    // The moves as the rules give them are asked for only here, when a move is named: walking a
    // line (the principal line, a replay) needs only the solver's edges.
    readTerms();
    const auto index = static_cast<std::size_t>(move.a);
    if (move.a < 0 || index >= moves.terms.size()) return "move " + std::to_string(move.a + 1);
    // Each name is asked for once per position (a front-end draws them every frame), and once a
    // call of name() has run past its instruction budget (on a page's main thread each such call
    // costs the page its whole budget, about 10 ms) the moves are named by their text. (A name
    // that fails otherwise falls back to the move's text alone, as before.)
    MovesHere& named = current();
    if (named.names.size() != moves.terms.size()) named.names.assign(moves.terms.size(), {});
    if (!named.names[index]) nameFrom(index);
    return *named.names[index];
  }
  // Names the moves of the position on top from `index` on, up to kNamesAtOnce of them or the
  // first already named, in one call of the rules (the analysis names every move of every step;
  // a front-end the moves it shows). A name that fails is the move's text.
  void nameFrom(std::size_t index) const {
    constexpr std::size_t kNamesAtOnce = 256;
    MovesHere& moves = current();
    std::size_t end = index + 1;
    while (end < moves.terms.size() && end < index + kNamesAtOnce && !moves.names[end]) ++end;
    std::vector<std::string> names;
    RulesError error;
    const bool named = !namesFailed_ && game_.rules().names(moves.terms, index, end, moves.key,
                                                            params_, names, error);
    if (!named && !namesFailed_ && error.message.english().find("budget") != std::string::npos)
      namesFailed_ = true;
    std::size_t bytes = 0;
    for (std::size_t k = 0; k < names.size(); ++k) {
      bytes += names[k].capacity();
      moves.names[index + k] = std::move(names[k]);
    }
    if (!named) {
      Term term;  // the move whose name failed: its text
      Term::decode(moves.terms[index + names.size()], term);
      moves.names[index + names.size()] = term.text(true);
      bytes += moves.names[index + names.size()]->capacity();
    }
    chargeLine(bytes);
  }
  std::string moveCode(const Move& move) const override { return std::to_string(move.a + 1); }
  Expected<Move> parseMoveCode(std::string_view code) const override {
    const auto number = parseDecimal(code);
    if (!number || *number < 1 || *number > (std::int64_t{1} << 30))
      return ParseError{0, 0,
                        "is not a move: a move is its number in the position's list of moves, "
                        "such as 2"};
    return Move{static_cast<int>(*number - 1), -1};
  }
  std::vector<NamedField> moveFields(const Move& move) const override {
    return {{"index", std::int64_t{move.a} + 1}};
  }
  Message describe(const Value& value, int player) const override {
    switch (game_.header().kind) {
      case RulesKind::kNormalPlay: {
        if (value.draw) {
          if (value.remoteness < 0) return Message(forms::kEndlessDraw, {});
          if (value.remoteness == 0) return Message(forms::kDrawGameOver, {});
          return Message(value.remoteness == 1 ? forms::kDrawLastingOne : forms::kDrawLasting,
                         {{"N", value.remoteness}});
        }
        const Message winner(*kPlayerNames[value.win ? player : 1 - player], {});
        if (value.remoteness == 0) return Message(forms::kWinsGameOver, {{"PLAYER", winner}});
        return Message(value.remoteness == 1 ? forms::kWinsLastingOne : forms::kWinsLasting,
                       {{"PLAYER", winner}, {"N", value.remoteness}});
      }
      case RulesKind::kScored: {
        if (value.score == 0) return Message(forms::kPlayersEndLevel, {});
        // Unsigned: the margin may be the smallest int64, whose negation does not fit.
        const std::uint64_t lead = value.score > 0 ? static_cast<std::uint64_t>(value.score)
                                                   : 0 - static_cast<std::uint64_t>(value.score);
        return Message(
            lead == 1 ? forms::kEndsAheadOne : forms::kEndsAhead,
            {{"PLAYER", Message(*kPlayerNames[value.score > 0 ? 0 : 1], {})}, {"N", lead}});
      }
      case RulesKind::kImpartial:
        // A position's number (a win when it is not 0), or a move's: the number it leads to
        // (a win when that is 0); `win` says which for the player.
        return Message(value.win
                           ? (player == 0 ? forms::kGrundyWinFirst : forms::kGrundyWinSecond)
                           : (player == 0 ? forms::kGrundyLossFirst : forms::kGrundyLossSecond),
                       {{"N", value.score}});
    }
    return "";
  }

  // --- Analysis.
  std::optional<std::string> referenceJudgeOutput() const override;

  // --- Combinatorial values: worked out by one CgtValues for the board's life, within the
  // memory budget beside what the solve keeps; the position on top's kept until it changes.
  Expected<CombinatorialValue> valueHere(std::uint64_t maxPositions, bool again) const override {
    CgtHere& kept = cgtHere_;
    const std::uint64_t cap = maxPositions ? maxPositions : limits_.maxPositions;
    if (kept.value && kept.position == here().position && (kept.value->ok() || !again))
      return *kept.value;
    if (!cgtValues_) {
      cgtStore_ = std::make_unique<cgt::GameStore>();
      SolveLimits limits = limits_;
      const std::uint64_t held = solverHeld();
      if (limits.memoryBudgetBytes > 0)
        limits.memoryBudgetBytes =
            limits.memoryBudgetBytes > held ? limits.memoryBudgetBytes - held : 1;
      cgtValues_ = std::make_unique<CgtValues>(game_.rules(), params_, *cgtStore_, limits);
    }
    kept = CgtHere{};
    kept.position = here().position;
    kept.cap = cap;
    auto value = cgtValues_->valueOf(here().position, cap);
    if (!value) {
      kept.value = Expected<CombinatorialValue>(value.error());
      kept.cutShort = cgtValues_->capped();
      return *kept.value;
    }
    auto summary = cgtSummary(*cgtStore_, value.value());
    kept.value = summary ? Expected<CombinatorialValue>(combinatorial(summary.value()))
                         : Expected<CombinatorialValue>(summary.error());
    return *kept.value;
  }
  bool valueCutShort() const override {
    return cgtHere_.value && cgtHere_.position == here().position && cgtHere_.cutShort;
  }
  std::uint64_t positionsValued() const override {
    return cgtValues_ ? cgtValues_->positions() : 0;
  }
  std::optional<std::string> valueAfter(const Move& move) const override {
    CgtHere& kept = cgtHere_;
    if (!kept.value || !kept.value->ok() || kept.position != here().position) return std::nullopt;
    const auto index = static_cast<std::size_t>(move.a);
    const MovesHere& moves = movesHere();
    if (move.a < 0 || index >= moves.children.size()) return std::nullopt;
    if (kept.after.size() != moves.children.size()) kept.after.assign(moves.children.size(), {});
    if (!kept.after[index]) {
      if (moves.children[index].empty()) childTerm(index);  // a sum's child, played now
      const std::string& child = current().children[index];
      // (The children of a position valued are valued, but a sum's child as a whole is not:
      // its parts are, and it is their sum.)
      auto value = child.empty() ? Expected<cgt::GameId>(ParseError{})
                                 : cgtValues_->valueOf(child, kept.cap);
      kept.after[index] = value ? cgtStore_->text(value.value()) : std::string();
    }
    if (kept.after[index]->empty()) return std::nullopt;
    return kept.after[index];
  }

  // --- Drawing.
  BoardSnapshot snapshot(const std::vector<Move>&, int) const override {
    BoardSnapshot snapshot;
    for (std::size_t k = 0; k < params_.size(); ++k)
      snapshot.numbers.emplace_back(game_.header().params[k].name, static_cast<double>(params_[k]));
    const Shown& shown = shownHere();
    snapshot.text = shown.text;
    snapshot.grid = shown.grid;
    if (game_.header().kind == RulesKind::kScored) {
      snapshot.scores = {static_cast<double>(here().points[0]),
                         static_cast<double>(here().points[1])};
    }
    return snapshot;
  }
  Expected<SvgPicture> svgPicture(const std::vector<Move>& line, int step,
                                  const std::vector<MoveValue>& moves) const override;
  Expected<std::string> markdownBoard(const std::vector<Move>& line, int step) const override;

 private:
  struct Entry {
    std::string position;     // the position's encoding
    int side = 0;             // the player to move
    std::vector<Node> nodes;  // its node, or with parts its atomic parts' nodes
    std::int64_t margin = 0;  // scored: the first player's points minus the second's so far
    std::int64_t points[2] = {0, 0};
    std::optional<std::int64_t> sumValue;  // a sum's child whose parts are unknown: its value
  };
  struct MovesHere {
    // Whose they are: the moves' values depend on the side to move and, in a scored game, on
    // the margin so far (two lines may reach a position with different margins).
    std::size_t depth = SIZE_MAX;
    std::string key;
    int side = 0;
    std::int64_t margin = 0;
    Term position;
    // The moves as the rules give them (once termsRead), encoded: a move of three numbers is
    // 20 bytes so, against 500 as a Term, and the line keeps up to a million of them.
    std::vector<std::string> terms;
    bool termsRead = false;
    std::vector<std::string> children;
    std::vector<Node> childNodes;  // without parts; a sum's children are worked out by push()
    std::vector<int> childSides;
    std::vector<std::int64_t> gains, signedGains;  // for the player moving; first minus second
    std::vector<MoveValue> values;
    std::vector<std::optional<std::string>> names;  // the moves' names, as asked for
    std::size_t bytes = 0;  // what these moves hold, about (kMoveBytes a move and the strings)
    bool byPart = false;    // a sum's moves listed by moves_by_part (their values from its parts')
    // With parts: the move last played from here and its child's parts' nodes (a line is walked
    // twice, for the principal line and for the analysis).
    std::size_t pushedIndex = SIZE_MAX;
    std::vector<Node> pushedNodes;
  };

  const Entry& here() const { return stack_.back(); }

  // The game's id, rules text and the parameters (or the judge's input and the case): what
  // makes two boards the same.
  std::uint64_t fingerprint() const {
    std::uint64_t hash = gs::fingerprint(
        params_, gs::fingerprint(game_.options().rulesText, gs::fingerprint(game_.info().id)));
    if (source_.input)
      hash = gs::fingerprint(std::vector<std::uint64_t>{source_.index},
                             gs::fingerprint(*source_.input, hash));
    return hash;
  }

  // What makes an entry a node: normal play and impartial values belong to the position
  // whoever moves; a scored position with the other player to move is another node.
  std::string repeatKey(const Entry& entry) const {
    if (game_.header().kind != RulesKind::kScored) return entry.position;
    return entry.position + static_cast<char>('0' + entry.side);
  }

  // The moves of the position on top as the rules give them, once.
  void readTerms() const {
    MovesHere& moves = current();
    if (moves.termsRead) return;
    moves.termsRead = true;
    auto terms = game_.rules().moveKeys(moves.key, params_);
    if (!terms || terms->size() != moves.children.size()) return;
    moves.terms = std::move(terms.value());
    std::size_t bytes = 0;
    for (const std::string& term : moves.terms) bytes += term.capacity();
    chargeLine(bytes);
  }

  // The term of a sum's child, for push(): its move played by the rules. (Rules that disagree
  // with themselves, a play failing now that succeeded in the expansion, leave it empty: the
  // line has no move after it.)
  void childTerm(std::size_t index) const {
    readTerms();
    MovesHere& moves = current();
    if (index >= moves.terms.size()) return;
    auto played = game_.rules().playKey(moves.key, moves.terms[index], params_);
    if (played) moves.children[index] = std::move(played.value());
  }

  // The node of an atomic part (explored and solved now if the solver has not met it).
  bool knownPart(std::string_view key, std::vector<Node>& nodes) const {
    if (auto node = solver_.find(key)) {
      nodes.push_back(*node);
      return true;
    }
    Term part;
    if (!Term::decode(key, part) || !solver_.addRoot(part, 0, &nodes)) return false;
    while (!solver_.advance(1 << 16)) {
    }
    return solver_.done();
  }

  // The atomic parts of a position as nodes, exploring and solving any the solver has not met.
  bool ensureParts(std::string_view position, std::vector<Node>& nodes) const {
    Expansion parts;
    // A part the solver knows is atomic: the rules are not asked to split it again.
    parts.knownAtomic = [this](std::string_view key) { return solver_.find(key); };
    RulesError error;
    if (!game_.rules().atomicParts(position, params_, parts, error)) return false;
    for (std::size_t k = 0; k < parts.keyEnds.size(); ++k) {
      if (parts.partNodes[k] != Expansion::kUnknownPart)
        nodes.push_back(parts.partNodes[k]);
      else if (!knownPart(parts.key(k), nodes))
        return false;
    }
    return solver_.done();
  }

  Value valueOf(const Entry& entry) const {
    const RulesKind kind = game_.header().kind;
    Value value = solvedValue(kind, solver_, entry.nodes);
    if (kind == RulesKind::kScored) value.score += entry.margin;  // the points on the line
    if (kind == RulesKind::kImpartial && entry.sumValue) {
      value.score ^= *entry.sumValue;
      value.win = value.score != 0;
    }
    return value;
  }

  // Calls each(nodes) with each child of the sum at `position` as its atomic parts' nodes, in
  // the order of moves, from one call of the rules for every child (Rules::expand, as the
  // exploration has it); the solver knows the parts (the moves of a part lead to positions it
  // explored). False where the rules fail, a part cannot be solved or each returns false.
  template <class Each>
  bool forEachChild(std::string_view position, Each each) const {
    Expansion expansion;
    expansion.knownAtomic = [this](std::string_view key) { return solver_.find(key); };
    RulesError error;
    if (!game_.rules().expand(position, params_, expansion, error)) return false;
    std::vector<Node> nodes;
    for (std::size_t c = 0; c < expansion.children(); ++c) {
      nodes.clear();
      const std::size_t begin = c == 0 ? 0 : expansion.childEnds[c - 1];
      for (std::size_t k = begin; k < expansion.childEnds[c]; ++k)
        if (!knownPart(expansion.key(k), nodes)) return false;
      if (!each(nodes)) return false;
    }
    return true;
  }

  // A sum's children's values, played by the rules (forEachChild), up to a child the rules fail
  // on. (A call of play and of parts per move took `analyze` of Kayles n = 400 four seconds,
  // twenty times its solve.)
  std::vector<Value> sumChildrenByExpand(std::string_view position) const {
    std::vector<Value> values;
    Entry child;
    forEachChild(position, [&](const std::vector<Node>& nodes) {
      child.nodes = nodes;
      values.push_back(valueOf(child));
      return true;
    });
    return values;
  }

  // The atomic parts the index-th move of a sum leads to, by moves_by_part: the sum's parts with
  // the one the move is in replaced by its child's parts, sorted. Empty past the moves.
  std::vector<Node> partsByDeclaration(const Entry& entry, std::uint64_t index) const {
    for (std::size_t i = 0; i < entry.nodes.size(); ++i) {
      const std::uint64_t begin = solver_.edgeBegin(entry.nodes[i]);
      const std::uint64_t count = solver_.edgeEnd(entry.nodes[i]) - begin;
      if (index >= count) {
        index -= count;
        continue;
      }
      std::vector<Node> nodes = entry.nodes;
      nodes.erase(nodes.begin() + static_cast<std::ptrdiff_t>(i));
      for (std::uint64_t k = solver_.partBegin(begin + index); k < solver_.partEnd(begin + index);
           ++k)
        nodes.push_back(solver_.part(k));
      std::sort(nodes.begin(), nodes.end());
      return nodes;
    }
    return {};
  }

  // Whether the index-th move of the sum on top, played by the rules (its parts' nodes found:
  // `nodes`), leads to the parts moves_by_part says.
  bool leadsByDeclaration(std::size_t index, std::vector<Node> nodes) const {
    std::sort(nodes.begin(), nodes.end());
    return nodes == partsByDeclaration(here(), index);
  }

  // Whether the moves of the sum at `entry` are listed by moves_by_part. The declaration is
  // checked in full (every child played by the rules) at the first sum of two parts or more met,
  // and at every move pushed (push()); once it fails, every sum is expanded by the rules.
  bool byPart(const Entry& entry) const {
    if (!game_.header().movesByPart || byPartBroken_ || entry.nodes.empty() || entry.sumValue)
      return false;
    if (entry.nodes.size() < 2 || byPartChecked_) return true;
    byPartChecked_ = true;
    std::uint64_t count = 0, c = 0;
    for (const Node part : entry.nodes) count += solver_.edgeEnd(part) - solver_.edgeBegin(part);
    byPartBroken_ = !forEachChild(entry.position, [&](std::vector<Node> nodes) {
      std::sort(nodes.begin(), nodes.end());
      return nodes == partsByDeclaration(entry, c++);
    });
    byPartBroken_ = byPartBroken_ || c != count;
    return !byPartBroken_;
  }

  // The cache of the position on top's moves (movesHere() fills it).
  MovesHere& current() const { return line_[stack_.size() - 1]; }

  const MovesHere& movesHere() const {
    // Each depth of the line keeps its position's moves while the line stays: a walk down the
    // principal line and back (analysis: the line, then each step's moves) works each out once.
    if (line_.size() >= stack_.size()) {
      MovesHere& cached = current();
      if (cached.depth == stack_.size() && cached.key == here().position &&
          cached.side == here().side && cached.margin == here().margin)
        return cached;
    }
    MovesHere moves;
    moves.depth = stack_.size();
    moves.key = here().position;
    moves.side = here().side;
    moves.margin = here().margin;
    Term::decode(here().position, moves.position);
    const RulesHeader& header = game_.header();
    const Entry& entry = here();
    std::vector<Value> sumValues;  // with parts: the children's values (their nodes are not kept)
    if (!header.hasParts) {
      // The solver's edges, in the order of moves(): no call to the rules (moveName() asks for
      // the terms).
      const Node node = entry.nodes.front();
      const std::uint64_t begin = solver_.edgeBegin(node), end = solver_.edgeEnd(node);
      for (std::uint64_t e = begin; e < end; ++e) {
        const Node child = solver_.target(e);
        moves.children.emplace_back(solver_.positionKey(child));
        moves.childNodes.push_back(child);
        const int childSide = solver_.mover(child) >= 0 ? solver_.mover(child) : 1 - entry.side;
        moves.childSides.push_back(childSide);
        const std::int64_t gain = solver_.gain(e);
        moves.gains.push_back(gain);
        moves.signedGains.push_back(entry.side == 0 ? gain : -gain);
      }
    } else if (byPart(entry)) {
      // A sum whose moves are its parts' (moves_by_part): each child's value from the solver's
      // edges of the part it moves in, with no call to the rules.
      moves.byPart = true;
      const std::int64_t whole = valueOf(entry).score;
      for (const Node part : entry.nodes) {
        const std::int64_t rest = whole ^ solver_.value(part).number;
        for (std::uint64_t e = solver_.edgeBegin(part); e < solver_.edgeEnd(part); ++e) {
          Value child;
          child.score = rest ^ solver_.edgeGrundy(e);
          child.win = child.score != 0;
          sumValues.push_back(child);
        }
      }
    } else {
      sumValues = sumChildrenByExpand(moves.key);
    }
    if (header.hasParts) {
      // A sum's children are worked out by push(); they have no gain and the other side moves.
      moves.children.resize(sumValues.size());
      moves.childSides.assign(sumValues.size(), 1 - entry.side);
      moves.gains.assign(sumValues.size(), 0);
      moves.signedGains.assign(sumValues.size(), 0);
    }
    const Value position = valueOf(entry);
    const Metric metric = metricOf(header.kind);
    for (std::size_t k = 0; k < moves.children.size(); ++k) {
      Entry child;
      if (!header.hasParts) child.nodes = {moves.childNodes[k]};
      child.margin = entry.margin + moves.signedGains[k];
      child.side = moves.childSides[k];
      MoveValue move;
      move.move = {static_cast<int>(k), -1};
      move.value = moveValueFromChild(metric, header.hasParts ? sumValues[k] : valueOf(child),
                                      child.side == entry.side);
      if (header.kind == RulesKind::kImpartial)
        move.best = !position.win || move.value.win;
      else
        move.best = move.value == position;
      moves.values.push_back(move);
    }
    // At most kLineBytes kept along the line (the moves' children, terms and names with what
    // each move costs besides): past them, only the position on top's.
    if (line_.size() < stack_.size()) line_.resize(stack_.size());
    lineBytes_ -= std::min(lineBytes_, current().bytes);
    moves.bytes = kMoveBytes * moves.children.size();
    for (const std::string& child : moves.children) moves.bytes += child.capacity();
    current() = std::move(moves);
    lineBytes_ += current().bytes;
    trimLine();
    return current();
  }
  // What a move kept along the line costs besides its strings' bytes (its child's key, term and
  // name, node, side, gains and value); and the line's cap.
  static constexpr std::size_t kMoveBytes = 3 * sizeof(std::string) + sizeof(Node) + sizeof(int) +
                                            2 * sizeof(std::int64_t) + sizeof(MoveValue) +
                                            sizeof(std::optional<std::string>);
  static constexpr std::size_t kLineBytes = std::size_t{32} << 20;
  // Adds `bytes` to the position on top's moves (its terms or names, read later), and keeps the
  // line within kLineBytes: past it, the other depths' moves are dropped (worked out again when
  // the line comes back to them).
  void chargeLine(std::size_t bytes) const {
    current().bytes += bytes;
    lineBytes_ += bytes;
    trimLine();
  }
  void trimLine() const {
    if (lineBytes_ <= kLineBytes) return;
    for (std::size_t d = 0; d + 1 < stack_.size() && d < line_.size(); ++d) line_[d] = MovesHere{};
    for (std::size_t d = stack_.size(); d < line_.size(); ++d) line_[d] = MovesHere{};
    lineBytes_ = current().bytes;
  }

  const Shown& shownHere() const {
    if (shownDepth_ == stack_.size() && shownKey_ == here().position) return shown_;
    Term position;
    Term::decode(here().position, position);
    auto drawn = game_.rules().show(position, params_);
    shown_ = shownFrom(drawn ? drawn.value() : Term::string(position.text(true)));
    shownDepth_ = stack_.size();
    shownKey_ = here().position;
    return shown_;
  }

  mutable bool namesFailed_ = false;  // a call of name() failed: moves are named by their text
  // moves_by_part: checked in full at a sum once; found not to hold (every sum is then expanded).
  mutable bool byPartChecked_ = false, byPartBroken_ = false;
  // Combinatorial values (valueHere): made at the first ask, and the position on top's.
  struct CgtHere {
    std::string position;
    std::uint64_t cap = 0;  // the positions it was worked out within (valueAfter's too)
    std::optional<Expected<CombinatorialValue>> value;
    bool cutShort = false;                          // refused for the cap alone
    std::vector<std::optional<std::string>> after;  // valueAfter's, by move ("" for none)
  };
  mutable std::unique_ptr<cgt::GameStore> cgtStore_;
  mutable std::unique_ptr<CgtValues> cgtValues_;
  mutable CgtHere cgtHere_;
  const RulesGame& game_;
  std::shared_ptr<const RulesGame> keep_;  // a rules file's game lives as long as its boards
  Params params_;
  RulesCase source_;                   // a case of a judge's input, or none
  SolveLimits limits_;                 // (answer's r.at solves within them too)
  std::optional<std::string> answer_;  // answer()'s line for the case, once solved
  mutable RulesSolver solver_;
  bool started_ = false;
  std::optional<ParseError> failure_;
  std::optional<ParseError> adoptedFailure_;  // a failure handed over, until finishAdoption()
  std::vector<Entry> stack_;
  std::unordered_map<std::string, int> seen_;  // positions pushed on the stack, with counts
  mutable std::vector<MovesHere> line_;        // by depth: line_[d] for a stack of d + 1 positions
  mutable std::size_t lineBytes_ = 0;          // what line_ holds, about (at most kLineBytes)
  mutable Shown shown_;
  mutable std::size_t shownDepth_ = SIZE_MAX;
  mutable std::string shownKey_;
};

namespace {

// The reference: a plain memoised recursion over the rules' own calls (moves, play, gain, score,
// parts, result), sharing nothing with the solver but the rules. Small games only: it gives up
// (nullopt) past kReferencePositions positions or kReferenceDepth moves deep, on a repeated
// position and on games whose mover() decides who moves. (The app's worker runs it after each
// rules board's solve: 10,000 positions take a few milliseconds there, and cover every contest
// example's sample but Find the Winning Move's 130,000.)
constexpr std::size_t kReferencePositions = 10000;
constexpr int kReferenceDepth = 400;

class Reference {
 public:
  Reference(Rules& rules, const Params& params) : rules_(rules), params_(params) {}

  // Normal play: the outcome for the player to move and the moves left, as 3 * moves + (0 a
  // loss, 1 a draw, 2 a win). A position with no move ends as result() says (a loss without
  // it; "win" is misere play); the winner hurries, the loser delays and both hurry to a drawn
  // end, as the solver orders them.
  std::optional<std::int64_t> outcome(const Term& position, int depth) {
    const std::string key = position.encode();
    if (auto known = memo_.find(key); known != memo_.end()) return known->second;
    if (!enter(key, depth)) return std::nullopt;
    auto moves = rules_.moves(position, params_);
    if (!moves) return std::nullopt;
    if (moves->empty()) {
      auto end = rules_.result(position, params_);
      if (!end) return std::nullopt;
      return leave(key, end.value() == EndResult::kWin    ? 2
                        : end.value() == EndResult::kDraw ? 1
                                                          : 0);
    }
    std::optional<std::int64_t> best;
    for (const Term& move : moves.value()) {
      auto child = rules_.play(position, move, params_);
      if (!child) return std::nullopt;
      auto after = outcome(child.value(), depth + 1);
      if (!after) return std::nullopt;
      const std::int64_t mover = 2 - *after % 3;  // the child's loss is the mover's win
      const std::int64_t candidate = 3 * (*after / 3 + 1) + mover;
      if (!best || better(candidate, *best)) best = candidate;
    }
    return leave(key, *best);
  }

  // Scored: the first player's margin from here, `side` to move.
  std::optional<std::int64_t> margin(const Term& position, int side, int depth) {
    const std::string key = position.encode() + static_cast<char>('0' + side);
    if (auto known = memo_.find(key); known != memo_.end()) return known->second;
    if (!enter(key, depth)) return std::nullopt;
    auto moves = rules_.moves(position, params_);
    if (!moves) return std::nullopt;
    std::optional<std::int64_t> best;
    if (moves->empty()) {
      auto end = rules_.score(position, params_);
      if (!end) return std::nullopt;
      best = end.value();
    }
    for (const Term& move : moves.value()) {
      auto points = rules_.gain(position, move, params_);
      auto child = rules_.play(position, move, params_);
      if (!points || !child) return std::nullopt;
      auto rest = margin(child.value(), 1 - side, depth + 1);
      if (!rest || std::llabs(*rest) > (std::int64_t{1} << 60) ||
          std::llabs(points.value()) > (std::int64_t{1} << 60))
        return std::nullopt;
      const std::int64_t total = (side == 0 ? points.value() : -points.value()) + *rest;
      if (!best || (side == 0 ? total > *best : total < *best)) best = total;
    }
    return leave(key, *best);
  }

  // Impartial: the Sprague-Grundy number, a sum of parts the xor of theirs.
  std::optional<std::int64_t> grundy(const Term& position, int depth) {
    auto parts = rules_.parts(position, params_);
    if (!parts) return std::nullopt;
    if (!(parts->size() == 1 && parts.value()[0] == position)) {
      std::int64_t sum = 0;
      for (const Term& part : parts.value()) {
        if (part == position) return std::nullopt;
        auto g = grundy(part, depth + 1);
        if (!g) return std::nullopt;
        sum ^= *g;
      }
      return sum;
    }
    const std::string key = position.encode();
    if (auto known = memo_.find(key); known != memo_.end()) return known->second;
    if (!enter(key, depth)) return std::nullopt;
    auto moves = rules_.moves(position, params_);
    if (!moves) return std::nullopt;
    std::vector<std::int64_t> seen;
    for (const Term& move : moves.value()) {
      auto child = rules_.play(position, move, params_);
      if (!child) return std::nullopt;
      auto g = grundy(child.value(), depth + 1);
      if (!g) return std::nullopt;
      seen.push_back(*g);
    }
    std::sort(seen.begin(), seen.end());
    std::int64_t mex = 0;
    for (std::int64_t g : seen)
      if (g == mex) ++mex;
    return leave(key, mex);
  }

 private:
  // Whether outcome code a is better than b for the player to move.
  static bool better(std::int64_t a, std::int64_t b) {
    if (a % 3 != b % 3) return a % 3 > b % 3;
    return a % 3 == 0 ? a / 3 > b / 3 : a / 3 < b / 3;
  }

  bool enter(const std::string& key, int depth) {
    if (depth > kReferenceDepth || memo_.size() >= kReferencePositions) return false;
    return onPath_.insert(key).second;  // a repeated position: not for the reference
  }
  std::int64_t leave(const std::string& key, std::int64_t value) {
    onPath_.erase(key);
    memo_[key] = value;
    return value;
  }

  Rules& rules_;
  const Params& params_;
  std::unordered_map<std::string, std::int64_t> memo_;
  std::set<std::string> onPath_;
};

}  // namespace

std::optional<std::string> RulesBoard::referenceJudgeOutput() const {
  const RulesHeader& header = game_.header();
  if (header.hasMover || solver_.positions() > kReferencePositions) return std::nullopt;
  auto start = game_.rules().start(params_);
  if (!start) return std::nullopt;
  Reference reference(game_.rules(), params_);
  Value value;
  switch (header.kind) {
    case RulesKind::kNormalPlay: {
      auto code = reference.outcome(start.value(), 0);
      if (!code) return std::nullopt;
      value.remoteness = static_cast<int>(*code / 3);
      value.win = *code % 3 == 2;
      value.draw = *code % 3 == 1;
      break;
    }
    case RulesKind::kScored: {
      auto m = reference.margin(start.value(), 0, 0);
      if (!m) return std::nullopt;
      value.score = *m;
      break;
    }
    case RulesKind::kImpartial: {
      auto g = reference.grundy(start.value(), 0);
      if (!g) return std::nullopt;
      value.score = *g;
      break;
    }
  }
  return rulesValueText(header.kind, value) + "\n";
}

// --- Drawings for the exports: the text (monospace lines) or the grid (cells), then the
// moves with their values, the best in bold.

Expected<SvgPicture> RulesBoard::svgPicture(const std::vector<Move>&, int,
                                            const std::vector<MoveValue>& moves) const {
  constexpr std::size_t kListed = 24;
  const Shown& shown = shownHere();
  SvgWriter svg;
  double width = 200, y = 0;
  if (!shown.grid.empty()) {
    std::size_t columns = 0;
    for (const auto& row : shown.grid) columns = std::max(columns, row.size());
    if (shown.grid.size() > static_cast<std::size_t>(kMaxDrawnSide) ||
        columns > static_cast<std::size_t>(kMaxDrawnSide))
      return tooLargeToDraw(static_cast<std::int64_t>(shown.grid.size()),
                            static_cast<std::int64_t>(columns));
    double cell = 28;
    for (const auto& row : shown.grid)
      for (const std::string& text : row) cell = std::max(cell, textWidth(text, 14) + 10);
    cell = std::min(cell, 80.0);
    for (std::size_t r = 0; r < shown.grid.size(); ++r)
      for (std::size_t c = 0; c < shown.grid[r].size(); ++c) {
        const double x = static_cast<double>(c) * cell, top = static_cast<double>(r) * cell;
        svg.rect(x, top, cell, cell, "#f6f4ee", "#888", 1);
        const std::string& text = shown.grid[r][c];
        svg.text(x + cell / 2, top + cell / 2 + 5, text, fittedFontSize(text, 14, cell - 4),
                 "#111");
      }
    width = std::max(width, static_cast<double>(columns) * cell);
    y = static_cast<double>(shown.grid.size()) * cell + 8;
  } else {
    std::size_t start = 0, lines = 0;
    while (start <= shown.text.size() && lines < 64) {
      const std::size_t end = std::min(shown.text.find('\n', start), shown.text.size());
      const std::string line = shown.text.substr(start, end - start);
      y += 18;
      svg.raw("<text x=\"0\" y=\"" + svgNumber(y) +
              "\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"14\" fill=\"#111\" "
              "xml:space=\"preserve\">" +
              xmlEscape(line) + "</text>\n");
      width = std::max(width, textWidth(line, 14));
      start = end + 1;
      ++lines;
    }
    y += 10;
  }
  const Metric metric = metricOf(game_.header().kind);
  for (std::size_t k = 0; k < moves.size() && k < kListed; ++k) {
    y += 17;
    const std::string text = (moves[k].best ? "\xE2\x98\x85 " : "   ") + moveName(moves[k].move) +
                             ": " + moverValueText(metric, moves[k].value, here().side);
    svg.text(0, y, text, 12, moves[k].best ? "#1a7f37" : "#444", "start", moves[k].best);
    width = std::max(width, textWidth(text, 12));
  }
  if (moves.size() > kListed) {
    y += 17;
    svg.text(0, y, "... and " + std::to_string(moves.size() - kListed) + " more moves", 12, "#666",
             "start");
  }
  SvgPicture picture;
  picture.width = static_cast<int>(std::ceil(width));
  picture.height = static_cast<int>(std::ceil(y + 6));
  picture.elements = svg.take();
  return picture;
}

Expected<std::string> RulesBoard::markdownBoard(const std::vector<Move>&, int) const {
  const Shown& shown = shownHere();
  if (shown.grid.empty()) {
    std::string fence = "```";
    while (shown.text.find(fence) != std::string::npos) fence += '`';
    return fence + "text\n" + shown.text +
           (shown.text.empty() || shown.text.back() != '\n' ? "\n" : "") + fence + "\n";
  }
  std::size_t columns = 0;
  for (const auto& row : shown.grid) columns = std::max(columns, row.size());
  if (shown.grid.size() > static_cast<std::size_t>(kMaxDrawnSide) ||
      columns > static_cast<std::size_t>(kMaxDrawnSide))
    return tooLargeToDraw(static_cast<std::int64_t>(shown.grid.size()),
                          static_cast<std::int64_t>(columns));
  std::string md = "|";
  for (std::size_t c = 0; c < columns; ++c) md += " " + std::to_string(c + 1) + " |";
  md += "\n|";
  for (std::size_t c = 0; c < columns; ++c) md += ":---:|";
  md += "\n";
  for (const auto& row : shown.grid) {
    md += "|";
    for (std::size_t c = 0; c < columns; ++c)
      md += " " + (c < row.size() ? markdownEscape(row[c]) : std::string()) + " |";
    md += "\n";
  }
  return md;
}

// ---------------------------------------------------------------------------------------------
// The game's boards.

std::unique_ptr<GameBoard> RulesGame::board(Params params, const SolveLimits& limits) const {
  return std::make_unique<RulesBoard>(*this, std::move(params), limits);
}

std::unique_ptr<GameBoard> RulesGame::caseBoard(std::shared_ptr<const std::string> input,
                                                const std::vector<std::string>& cases,
                                                std::size_t index,
                                                const SolveLimits& limits) const {
  return std::make_unique<RulesBoard>(*this, caseParams(cases[index]), limits,
                                      RulesCase{std::move(input), index, cases.size()});
}

const RulesCase& RulesGame::caseOf(const GameBoard& board) {
  static const RulesCase kNone;
  const auto* rules = dynamic_cast<const RulesBoard*>(&board);
  return rules ? rules->rulesCase() : kNone;
}

const Params* RulesGame::paramsOf(const GameBoard& board) {
  const auto* rules = dynamic_cast<const RulesBoard*>(&board);
  return rules ? &rules->params() : nullptr;
}

}  // namespace gs
