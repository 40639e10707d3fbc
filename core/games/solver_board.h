// The common part of the games' GameBoards: a solver run in slices and the stack of positions
// along the line of play. A game's board derives from SolverBoard<Solver, Position, Board> and
// adds its judge texts, names and texts (JudgeTexts, MoveTexts: core/game.h) and pictures
// (core/pictures.h). The Solver provides:
//
//   Solver(Board board, DeferSolve)      prepares the board, solves nothing yet
//   bool advance(std::uint64_t budget)   about `budget` positions of work; true once solved
//   SolveProgress progress() const
//   Position start() const;  const Board& board() const
//   std::vector<MoveValue> moves(const Position&) const
#pragma once

#include <utility>
#include <vector>

#include "game.h"

namespace gs {

template <class Solver, class Position, class Board>
class SolverBoard : public GameBoard,
                    public Solving,
                    public HandsOver,
                    public JudgeTexts,
                    public MoveTexts,
                    public Pictures {
 public:
  // From a Board, or anything else the Solver is made from (a recipe's shuffle).
  template <class Source>
  explicit SolverBoard(Source source) : solver_(std::move(source), kDeferSolve) {
    stack_.push_back(solver_.start());
  }

  bool solveSome(std::uint64_t budget) override { return solved_ = solver_.advance(budget); }
  bool solved() const override { return solved_; }
  SolveProgress progress() const override { return solver_.progress(); }

  // The Solver also provides solveForHandover(), solvedState(), prepareAdoption(header) and
  // finishAdoption() (core/handover.h).
  Solving& solving() override { return *this; }
  HandsOver* handover() override { return this; }
  const JudgeTexts& judge() const override { return *this; }
  const MoveTexts& texts() const override { return *this; }
  const Pictures* pictures() const override { return this; }
  void solveForHandover() override { solver_.solveForHandover(); }
  bool prepareSome(std::uint64_t budget) override { return solved_ || solver_.prepareSome(budget); }
  SolvedState solvedState() const override { return solver_.solvedState(); }
  std::optional<std::vector<Region>> prepareAdoption(
      const std::vector<std::uint8_t>& header) override {
    if (solved_) return std::nullopt;
    return solver_.prepareAdoption(header);
  }
  void finishAdoption() override {
    solver_.finishAdoption();
    solved_ = true;
  }

  std::vector<MoveValue> moves() const override { return solver_.moves(here()); }
  void pop() override {
    if (stack_.size() > 1) stack_.pop_back();
  }

  const Solver& solver() const { return solver_; }
  const Board& board() const { return solver_.board(); }
  const Position& here() const { return stack_.back(); }

 protected:
  void pushPosition(Position position) { stack_.push_back(std::move(position)); }
  const Position& root() const { return stack_.front(); }

 private:
  Solver solver_;
  std::vector<Position> stack_;
  bool solved_ = false;
};

// For a built-in game's own views and tests: the solver and the current position of a board of
// that game, or nullptr for another game's board. Each game names its SolverBoard once, in its
// header: template <> struct SolverBoardOf<StaircaseSolver> { using type = SolverBoard<...>; }.
template <class Solver>
struct SolverBoardOf;

template <class Solver>
const Solver* solverOf(const GameBoard& board) {
  const auto* found = dynamic_cast<const typename SolverBoardOf<Solver>::type*>(&board);
  return found ? &found->solver() : nullptr;
}

template <class Solver>
const auto* positionOf(const GameBoard& board) {
  const auto* found = dynamic_cast<const typename SolverBoardOf<Solver>::type*>(&board);
  return found ? &found->here() : nullptr;
}

}  // namespace gs
