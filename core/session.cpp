#include "session.h"

#include <chrono>
#include <utility>

namespace gs {
namespace {

std::string cellName(int row, int col) {
  return "(" + std::to_string(row + 1) + ", " + std::to_string(col + 1) + ")";
}

std::string plural(std::int64_t count, const char* singular, const char* pluralForm) {
  return std::to_string(count) + " " + (count == 1 || count == -1 ? singular : pluralForm);
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

const std::vector<GameInfo>& gameRegistry() {
  static const std::vector<GameInfo> kGames = {
      {GameId::kStaircase, "staircase", "Staircase (\xE4\xB8\x80\xE5\x8F\x8C\xE6\x9C\xA8\xE6\xA3\x8B)",
       "Luogu P4363 / BZOJ 5248 / LOJ 2471, [九省联考 2018] 一双木棋 chess",
       {"Black", "White"}, Metric::kScoreDifference, "score difference (Black - White)"},
      {GameId::kExchange, "exchange", "Exchange Game", "AtCoder ABC380 F, Exchange Game",
       {"Takahashi", "Aoki"}, Metric::kWinLossRemoteness, "win/loss for the mover, remoteness"},
      {GameId::kManhattan, "manhattan", "Manhattan (\xE4\xB8\x8B\xE6\xA3\x8B)",
       "UESTC Lutece 2772, 下棋", {"Alice", "Bob"}, Metric::kWinLossCertificate,
       "win/loss for the placer, refuting cell"},
  };
  return kGames;
}

const GameInfo& gameInfo(GameId id) {
  for (const GameInfo& info : gameRegistry())
    if (info.id == id) return info;
  return gameRegistry().front();
}

// The per-game part of a session: a solver and the stack of positions along the line.
struct Session::Impl {
  virtual ~Impl() = default;
  virtual GameId game() const = 0;
  virtual std::string judgeInput() const = 0;
  virtual std::string judgeOutput() const = 0;
  virtual std::uint64_t positions() const = 0;
  virtual int sideToMove() const = 0;
  virtual Value value() const = 0;
  virtual std::vector<MoveValue> moves() const = 0;
  virtual std::optional<Move> bestMove() const = 0;
  virtual std::string illegalReason(const Move& move) const = 0;  // "" when legal
  virtual void push(const Move& move) = 0;                        // precondition: legal
  virtual void pop() = 0;
  virtual std::string moveName(const Move& move) const = 0;
  virtual std::string describe(const Value& value, int player) const = 0;
  virtual std::string summary() const = 0;
  double milliseconds = 0;
};

namespace {

template <class Solver, class Position>
struct GameImpl : Session::Impl {
  template <class Board>
  explicit GameImpl(Board board) : solver(std::move(board)) {
    stack.push_back(solver.start());
  }
  const Position& here() const { return stack.back(); }
  std::vector<MoveValue> moves() const override { return solver.moves(here()); }
  // The first of the best moves in the solver's fixed order (GAMES.md's tie-break).
  std::optional<Move> bestMove() const override {
    for (const MoveValue& move : moves())
      if (move.best) return move.move;
    return std::nullopt;
  }
  void pop() override {
    if (stack.size() > 1) stack.pop_back();
  }
  Solver solver;
  std::vector<Position> stack;
};

struct StaircaseImpl final : GameImpl<StaircaseSolver, StaircasePosition> {
  using GameImpl::GameImpl;
  GameId game() const override { return GameId::kStaircase; }
  std::string judgeInput() const override { return formatStaircase(solver.board()); }
  std::string judgeOutput() const override {
    return formatStaircaseAnswer(solver.value(stack.front()));
  }
  std::uint64_t positions() const override { return solver.positionCount(); }
  int sideToMove() const override { return here().blackToMove() ? 0 : 1; }
  Value value() const override {
    Value value;
    value.score = solver.value(here());
    return value;
  }
  std::string illegalReason(const Move& move) const override {
    const StaircaseBoard& board = solver.board();
    if (move.a < 0 || move.a >= board.rows || move.b < 0 || move.b >= board.cols)
      return "cell " + cellName(move.a, move.b) + " is outside the " +
             std::to_string(board.rows) + " x " + std::to_string(board.cols) + " board";
    const int length = here().rowLength[static_cast<std::size_t>(move.a)];
    if (move.b < length) return "cell " + cellName(move.a, move.b) + " already holds a stone";
    if (move.b > length)
      return "cell " + cellName(move.a, move.b) + " needs a stone on " +
             cellName(move.a, move.b - 1) + " first";
    if (!solver.isLegal(here(), move.a, move.b))
      return "cell " + cellName(move.a, move.b) + " needs a stone on " +
             cellName(move.a - 1, move.b) + " first";
    return "";
  }
  void push(const Move& move) override { stack.push_back(solver.play(here(), move.a, move.b)); }
  std::string moveName(const Move& move) const override { return cellName(move.a, move.b); }
  std::string describe(const Value& value, int) const override {
    if (value.score == 0) return "Black and White end level";
    return std::string(value.score > 0 ? "Black" : "White") + " ends " +
           plural(value.score > 0 ? value.score : -value.score, "point", "points") + " ahead";
  }
  std::string summary() const override {
    Value root;
    root.score = solver.value(stack.front());
    return describe(root, 0);
  }
};

struct ExchangeImpl final : GameImpl<ExchangeSolver, ExchangePosition> {
  using GameImpl::GameImpl;
  GameId game() const override { return GameId::kExchange; }
  std::string judgeInput() const override { return formatExchange(solver.board()); }
  std::string judgeOutput() const override {
    return formatExchangeAnswer(solver.value(stack.front()).win);
  }
  std::uint64_t positions() const override { return solver.positionsSolved(); }
  int sideToMove() const override { return here().side; }
  Value value() const override { return solver.value(here()); }
  std::string illegalReason(const Move& move) const override {
    const ExchangeBoard& board = solver.board();
    const int cards = board.cardCount();
    const char* mover = here().side == 0 ? "Takahashi" : "Aoki";
    if (move.a < 0 || move.a >= cards)
      return "there is no card number " + std::to_string(move.a + 1) + " (the game has " +
             std::to_string(cards) + " cards)";
    if (here().owner[move.a] != here().side)
      return "card " + board.cardName(move.a) + " is not in " + mover + "'s hand";
    if (move.b == -1) return "";
    if (move.b < 0 || move.b >= cards)
      return "there is no card number " + std::to_string(move.b + 1) + " to take";
    if (here().owner[move.b] != 2) return "card " + board.cardName(move.b) + " is not on the table";
    if (!(board.cards[move.b] < board.cards[move.a]))
      return "card " + board.cardName(move.b) + " (" + std::to_string(board.cards[move.b]) +
             ") is not smaller than " + board.cardName(move.a) + " (" +
             std::to_string(board.cards[move.a]) + ")";
    return "";
  }
  void push(const Move& move) override { stack.push_back(solver.play(here(), move)); }
  std::string moveName(const Move& move) const override {
    const ExchangeBoard& board = solver.board();
    std::string name = board.cardName(move.a);
    if (move.b >= 0) name += " takes " + board.cardName(move.b);
    return name;
  }
  std::string describe(const Value& value, int player) const override {
    const char* players[] = {"Takahashi", "Aoki"};
    const char* winner = players[value.win ? player : 1 - player];
    if (value.remoteness == 0) return std::string(winner) + " wins; the game is over";
    return std::string(winner) + " wins; the game lasts " +
           plural(value.remoteness, "more move", "more moves");
  }
  std::string summary() const override { return describe(solver.value(stack.front()), 0); }
};

struct ManhattanImpl final : GameImpl<ManhattanSolver, ManhattanPosition> {
  using GameImpl::GameImpl;
  GameId game() const override { return GameId::kManhattan; }
  std::string judgeInput() const override { return formatManhattan(solver.board()); }
  std::string judgeOutput() const override { return solver.judgeOutput(); }
  std::uint64_t positions() const override {
    return static_cast<std::uint64_t>(solver.cellCount());
  }
  int sideToMove() const override { return here().mover(); }
  Value value() const override { return solver.value(here()); }
  // The strategy's move, which among equally winning moves prefers the reply GAMES.md describes.
  std::optional<Move> bestMove() const override {
    const int cell = solver.strategyMove(here());
    if (cell < 0) return std::nullopt;
    return Move{cell / solver.n(), cell % solver.n()};
  }
  std::string illegalReason(const Move& move) const override {
    const int n = solver.n();
    if (move.a < 0 || move.a >= n || move.b < 0 || move.b >= n)
      return "cell " + cellName(move.a, move.b) + " is outside the " + std::to_string(n) + " x " +
             std::to_string(n) + " board";
    const int cell = move.a * n + move.b;
    if (!solver.isLegal(here(), cell))
      return "cell " + cellName(move.a, move.b) + " is at distance " +
             std::to_string(solver.distance(here().last, cell)) + " from the last move " +
             cellName(here().last / n, here().last % n) + "; a move must be farther than m = " +
             std::to_string(solver.board().m);
    return "";
  }
  void push(const Move& move) override {
    stack.push_back(solver.play(here(), move.a * solver.n() + move.b));
  }
  std::string moveName(const Move& move) const override { return cellName(move.a, move.b); }
  std::string describe(const Value& value, int player) const override {
    const char* players[] = {"Alice", "Bob"};
    std::string text = std::string(players[value.win ? player : 1 - player]) + " wins";
    if (value.certificate.a >= 0)
      text += ", answering with " + cellName(value.certificate.a, value.certificate.b);
    return text;
  }
  std::string summary() const override {
    return std::to_string(solver.winnerCount()) + " of " + std::to_string(solver.cellCount()) +
           (solver.cellCount() == 1 ? " first cell wins" : " first cells win");
  }
};

template <class ImplType, class Board>
std::unique_ptr<Session::Impl> solveTimed(Board board) {
  const auto start = std::chrono::steady_clock::now();
  auto impl = std::make_unique<ImplType>(std::move(board));
  impl->milliseconds = millisecondsSince(start);
  return impl;
}

}  // namespace

Session::Session(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;
Session::~Session() = default;

Session Session::fromBoard(StaircaseBoard board) {
  return Session(solveTimed<StaircaseImpl>(std::move(board)));
}
Session Session::fromBoard(ExchangeBoard board) {
  return Session(solveTimed<ExchangeImpl>(std::move(board)));
}
Session Session::fromBoard(ManhattanBoard board) {
  return Session(solveTimed<ManhattanImpl>(std::move(board)));
}

Expected<Session> Session::fromJudgeInput(GameId game, std::string_view text,
                                          const SolveLimits& limits) {
  switch (game) {
    case GameId::kStaircase: {
      auto board = parseStaircase(text, limits);
      if (!board) return board.error();
      return fromBoard(std::move(board.value()));
    }
    case GameId::kExchange: {
      auto board = parseExchange(text, limits);
      if (!board) return board.error();
      return fromBoard(std::move(board.value()));
    }
    case GameId::kManhattan: {
      auto board = parseManhattan(text, limits);
      if (!board) return board.error();
      return fromBoard(std::move(board.value()));
    }
  }
  return ParseError{1, 1, "unknown game"};
}

GameId Session::game() const { return impl_->game(); }
std::string Session::judgeInput() const { return impl_->judgeInput(); }
std::string Session::judgeOutput() const { return impl_->judgeOutput(); }
SolveStats Session::stats() const { return {impl_->positions(), impl_->milliseconds}; }
int Session::sideToMove() const { return impl_->sideToMove(); }
bool Session::isOver() const { return !impl_->bestMove().has_value(); }
Value Session::value() const { return impl_->value(); }
std::vector<MoveValue> Session::moves() const { return impl_->moves(); }
std::optional<Move> Session::bestMove() const { return impl_->bestMove(); }

std::vector<Move> Session::principalLine() const {
  // Played on the session's own stack, then taken back: the cursor is unchanged on return.
  auto* impl = impl_.get();
  std::vector<Move> line;
  while (auto move = impl->bestMove()) {
    impl->push(*move);
    line.push_back(*move);
    // manhattan never ends: stop once the line repeats a pair of placements (x, y, x, y).
    const std::size_t size = line.size();
    if (size >= 4 && line[size - 1] == line[size - 3] && line[size - 2] == line[size - 4]) break;
  }
  for (std::size_t k = 0; k < line.size(); ++k) impl->pop();
  return line;
}

std::string Session::play(const Move& move) {
  std::string reason = impl_->illegalReason(move);
  if (!reason.empty()) return reason;  // covers a finished game: no move is legal then
  impl_->push(move);
  if (step_ < static_cast<int>(history_.size()) && history_[step_] == move) {
    ++step_;
  } else {
    history_.resize(static_cast<std::size_t>(step_));
    history_.push_back(move);
    ++step_;
  }
  return "";
}

bool Session::undo() {
  if (step_ == 0) return false;
  impl_->pop();
  --step_;
  return true;
}

bool Session::redo() {
  if (step_ >= static_cast<int>(history_.size())) return false;
  impl_->push(history_[static_cast<std::size_t>(step_)]);
  ++step_;
  return true;
}

bool Session::goToStep(int step) {
  if (step < 0 || step > static_cast<int>(history_.size())) return false;
  while (step_ > step) undo();
  while (step_ < step) redo();
  return true;
}

void Session::restart() {
  goToStep(0);
  history_.clear();
}

std::string Session::setLine(const std::vector<Move>& moves, int step) {
  const std::vector<Move> savedHistory = history_;
  const int savedStep = step_;
  restart();
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const std::string reason = play(moves[k]);
    if (!reason.empty()) {
      restart();
      for (const Move& move : savedHistory) play(move);
      goToStep(savedStep);
      return "move " + std::to_string(k + 1) + ": " + reason;
    }
  }
  goToStep(step < 0 ? 0 : step > static_cast<int>(moves.size()) ? static_cast<int>(moves.size()) : step);
  return "";
}

std::string Session::moveName(const Move& move) const { return impl_->moveName(move); }
std::string Session::describe(const Value& value, int player) const {
  return impl_->describe(value, player);
}
std::string Session::summary() const { return impl_->summary(); }

const StaircaseSolver* Session::staircase() const {
  auto* impl = dynamic_cast<const StaircaseImpl*>(impl_.get());
  return impl ? &impl->solver : nullptr;
}
const ExchangeSolver* Session::exchange() const {
  auto* impl = dynamic_cast<const ExchangeImpl*>(impl_.get());
  return impl ? &impl->solver : nullptr;
}
const ManhattanSolver* Session::manhattan() const {
  auto* impl = dynamic_cast<const ManhattanImpl*>(impl_.get());
  return impl ? &impl->solver : nullptr;
}
const StaircasePosition* Session::staircasePosition() const {
  auto* impl = dynamic_cast<const StaircaseImpl*>(impl_.get());
  return impl ? &impl->here() : nullptr;
}
const ExchangePosition* Session::exchangePosition() const {
  auto* impl = dynamic_cast<const ExchangeImpl*>(impl_.get());
  return impl ? &impl->here() : nullptr;
}
const ManhattanPosition* Session::manhattanPosition() const {
  auto* impl = dynamic_cast<const ManhattanImpl*>(impl_.get());
  return impl ? &impl->here() : nullptr;
}

}  // namespace gs
