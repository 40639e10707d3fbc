#include "session.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <utility>

#include "base/forms.h"

namespace gs {
namespace {

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

Session::Session(std::unique_ptr<GameBoard> board, SolveStats stats)
    : board_(std::move(board)), stats_(stats) {}
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;
Session::~Session() = default;

Session Session::solveNow(std::unique_ptr<GameBoard> board) {
  SolveJob job(std::move(board));
  job.solveAll();
  return std::move(job.finish().value());  // built-in boards: no moves to replay, no failure
}

Expected<Session> Session::solve(std::unique_ptr<GameBoard> board) {
  SolveJob job(std::move(board));
  job.solveAll();
  return job.finish();
}

Expected<Session> Session::fromJudgeInput(const Game& game, std::string_view text,
                                          const SolveLimits& limits) {
  auto board = game.parse(text, limits);
  if (!board) return board.error();
  return solve(std::move(board.value()));
}

std::vector<Move> Session::principalLine(std::size_t maxLength) const {
  // Played on the board's own stack, then taken back: the cursor is unchanged on return.
  GameBoard& board = *board_;
  std::vector<Move> line;
  while (line.size() < maxLength) {
    const auto move = board.bestMove();
    if (!move) break;
    board.push(*move);
    line.push_back(*move);
    if (board.repeatsPosition()) break;
    // An endless game: stop once the line repeats a pair of moves (x, y, x, y).
    const std::size_t size = line.size();
    if (board.endless() && size >= 4 && line[size - 1] == line[size - 3] &&
        line[size - 2] == line[size - 4])
      break;
  }
  for (std::size_t k = 0; k < line.size(); ++k) board.pop();
  return line;
}

Message Session::play(const Move& move) {
  Message reason = board_->illegalReason(move);
  if (!reason.empty()) return reason;  // covers a finished game: no move is legal then
  board_->push(move);
  if (step_ < static_cast<int>(history_.size()) && history_[step_] == move) {
    ++step_;
  } else {
    history_.resize(static_cast<std::size_t>(step_));
    history_.push_back(move);
    comments_.resize(static_cast<std::size_t>(step_) + 1);
    comments_.emplace_back();
    ++step_;
  }
  return {};
}

Message commentProblem(std::string_view text) {
  if (text.size() > Session::kMaxCommentBytes)
    return Message(forms::kCommentTooLong,
                   {{"N1", text.size()}, {"N2", Session::kMaxCommentBytes}});
  std::size_t character = 0;
  for (std::size_t k = 0; k < text.size();) {
    const std::size_t length = utf8Length(text, k);
    if (length == 0) return Message(forms::kCommentNotUtf8, {{"N", k + 1}});
    ++character;
    const auto byte = static_cast<unsigned char>(text[k]);
    // C0 controls, DEL and the C1 controls (U+0080..U+009F: 0xC2 0x80..0x9F).
    const bool c1 = length == 2 && byte == 0xC2 && static_cast<unsigned char>(text[k + 1]) < 0xA0;
    if (byte < 0x20 || byte == 0x7F || c1) {
      const unsigned code = c1 ? static_cast<unsigned char>(text[k + 1]) : byte;
      char name[8];
      std::snprintf(name, sizeof name, "U+%04X", code);
      return Message(forms::kCommentControl, {{"N", character}, {"CODE", Message::verbatim(name)}});
    }
    k += length;
  }
  return {};
}

Message Session::setCommentAt(int step, std::string_view text) {
  if (step < 0 || step > static_cast<int>(history_.size()))
    return Message(forms::kStepPastLine, {{"N1", step}, {"N2", history_.size()}});
  Message problem = commentProblem(text);
  if (!problem.empty()) return problem;
  comments_[static_cast<std::size_t>(step)] = std::string(text);
  return {};
}

const std::string& Session::comment(int step) const {
  static const std::string none;
  return step >= 0 && step < static_cast<int>(comments_.size())
             ? comments_[static_cast<std::size_t>(step)]
             : none;
}

bool Session::hasComments() const {
  return std::any_of(comments_.begin(), comments_.end(),
                     [](const std::string& text) { return !text.empty(); });
}

bool Session::undo() {
  if (step_ == 0) return false;
  board_->pop();
  --step_;
  return true;
}

bool Session::redo() {
  if (step_ >= static_cast<int>(history_.size())) return false;
  board_->push(history_[static_cast<std::size_t>(step_)]);
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
  comments_.assign(1, std::string());
}

Message Session::setLine(const std::vector<Move>& moves, int step) {
  const std::vector<Move> savedHistory = history_;
  std::vector<std::string> savedComments = comments_;
  const int savedStep = step_;
  restart();
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const Message reason = play(moves[k]);
    if (!reason.empty()) {
      restart();
      for (const Move& move : savedHistory) play(move);
      comments_ = std::move(savedComments);
      goToStep(savedStep);
      return Message(forms::kMoveNumber, {{"N", k + 1}, {"MESSAGE", reason}});
    }
  }
  // The comments of the steps the new line shares with the old one stay.
  std::size_t shared = 0;
  while (shared < moves.size() && shared < savedHistory.size() &&
         moves[shared] == savedHistory[shared])
    ++shared;
  for (std::size_t k = 0; k <= shared; ++k) comments_[k] = std::move(savedComments[k]);
  const int last = static_cast<int>(moves.size());
  goToStep(step < 0 ? 0 : step > last ? last : step);
  return {};
}

SolveJob::SolveJob(std::unique_ptr<GameBoard> board, std::vector<std::string> moveCodes, int step,
                   std::vector<std::string> comments)
    : board_(std::move(board)),
      moveCodes_(std::move(moveCodes)),
      comments_(std::move(comments)),
      step_(step) {}
SolveJob::SolveJob(SolveJob&&) noexcept = default;
SolveJob& SolveJob::operator=(SolveJob&&) noexcept = default;
SolveJob::~SolveJob() = default;

bool SolveJob::step(std::uint64_t budget) {
  if (board_->solving().solved()) return true;
  const auto start = std::chrono::steady_clock::now();
  const bool solved = board_->solving().solveSome(budget);
  milliseconds_ += millisecondsSince(start);
  return solved;
}

bool SolveJob::stepFor(double milliseconds) {
  return slicer_.runFor(milliseconds, [this](std::uint64_t budget) { return step(budget); });
}

void SolveJob::solveAll() {
  while (!stepFor(std::numeric_limits<double>::infinity())) {
  }
}

std::optional<std::vector<Region>> SolveJob::prepareAdoption(
    const std::vector<std::uint8_t>& header) {
  HandsOver* handover = board_->handover();
  return handover ? handover->prepareAdoption(header) : std::nullopt;
}

bool SolveJob::prepareFor(double milliseconds) {
  HandsOver* handover = board_->handover();
  if (!handover) return true;
  Slicer slicer{std::uint64_t{1} << 16, std::uint64_t{1} << 12, std::uint64_t{1} << 16};
  return slicer.runFor(milliseconds,
                       [handover](std::uint64_t budget) { return handover->prepareSome(budget); });
}

void SolveJob::solveForHandover() {
  if (HandsOver* handover = board_->handover()) handover->solveForHandover();
}

void SolveJob::finishAdoption(double milliseconds) {
  if (HandsOver* handover = board_->handover()) handover->finishAdoption();
  milliseconds_ = milliseconds;
}

SolveProgress SolveJob::progress() const {
  SolveProgress progress = board_->solving().progress();
  // Solved: all done, in the solver's own units (which may count more than the positions: a
  // sort, or making a recipe's board, first), so that the count never goes back.
  if (board_->solving().solved())
    progress.done = progress.total = std::max(progress.done, progress.total);
  return progress;
}

Expected<Session> SolveJob::finish() {
  if (auto failure = board_->solving().solveError()) return *failure;
  Session session(std::move(board_), SolveStats{0, milliseconds_});
  session.stats_.positions = session.board_->solving().positions();
  // The moves of a link: every code is read first, then the line is replayed move by move so
  // that an error can quote the code of the illegal move.
  // "m (the moves), move 3 '9-9': cell (9, 9) is outside the 3 x 3 board" (an illegal move), or
  // without the colon for a code that names no move ("... '9x' is not a move: ...").
  const auto moveError = [this](std::size_t k, const Phrase& form, const Message& message) {
    return ParseError{
        0, 0,
        Message(form, {{"N", k + 1}, {"CODE", quotedToken(moveCodes_[k])}, {"MESSAGE", message}})};
  };
  std::vector<Move> moves;
  for (std::size_t k = 0; k < moveCodes_.size(); ++k) {
    auto move = session.gameBoard().texts().parseMoveCode(moveCodes_[k]);
    if (!move) return moveError(k, forms::kLinkMoveCode, move.error().message);
    moves.push_back(move.value());
  }
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const Message reason = session.play(moves[k]);
    if (!reason.empty()) return moveError(k, forms::kLinkMove, reason);
  }
  if (step_ > static_cast<int>(moves.size()))
    return ParseError{0, 0, Message(forms::kStepPastLink, {{"N1", step_}, {"N2", moves.size()}})};
  if (comments_.size() > moves.size() + 1)
    return ParseError{
        0, 0,
        Message(forms::kCommentsPastLink, {{"N1", comments_.size() - 1}, {"N2", moves.size()}})};
  for (std::size_t k = 0; k < comments_.size(); ++k)
    session.comments_[k] = std::move(comments_[k]);  // checked when the link was read
  if (step_ >= 0) session.goToStep(step_);
  return session;
}

Expected<SolveJob> startJudgeInput(const Game& game, std::string_view text,
                                   const SolveLimits& limits) {
  auto board = game.parse(text, limits);
  if (!board) return board.error();
  return SolveJob(std::move(board.value()));
}

}  // namespace gs
