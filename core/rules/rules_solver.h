// Explore, then solve (ARCHITECTURE lesson 13; GamesmanOne, retrograde tablebases): the solver
// of games stated as rules (core/rules/rules.h).
//
//   1. Explore. From the roots (the start position; a table's many starts), every position is
//      expanded once, in order of discovery: the rules give its children, which are interned
//      by canonical encoding into ids (an open-addressing table over one byte arena). Edges are
//      id arrays in the order of moves(), so a position's i-th move is its i-th edge.
//   2. Solve the integer graph, with no call to the rules and no recursion:
//      normal play  retrograde analysis from the positions with no move (a loss in 0 for the
//                   player to move, or what result() says): a position is a win as soon as one
//                   child is a loss for its mover (the first found is the quickest: the queue
//                   runs in order of remoteness), a loss when every child is a win for the
//                   opponent (the last found is the slowest); what is never decided is a draw.
//                   Then the draws that end: from the positions result() calls drawn, a
//                   breadth-first pass over the undecided ones gives each the fewest moves to a
//                   drawn end (both players hurry to it: win > draw > loss, the quickest draw);
//                   the rest repeat for ever (an endless draw, number -1).
//      scored       minimax in post-order (an explicit stack): the first player maximises the
//                   margin, the second minimises it; a back edge is a repeated position, refused.
//      impartial    the same post-order: mex over the moves of the xor of each child's parts.
//   3. Every later question (the value of a position, of each move, the principal line) is a
//      lookup by id.
//
// Both phases run in slices (advance(budget)) so a front-end with one thread stays responsive.
// Limits: a positions cap (default 20 million; with parts it counts the sums the moves lead to
// as well as the atomic positions) and the memory budget, checked before a table grows (a
// table being grown is held twice for a moment: the documented margin); past either, the solve
// fails with a sentence giving the figures.
//
// Node keys: a position's encoding; for scored games whose players alternate, the encoding plus
// one byte for the side to move (the same position with the other player to move is another
// node, with another value).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/limits.h"
#include "handover.h"
#include "rules/key_table.h"
#include "rules/rules.h"
#include "solve_progress.h"

namespace gs {

// A budget's bytes in the budget messages ("256 MiB"), and a need, rounded up (never shown as
// the budget it passes).
std::string mebibytes(std::uint64_t bytes);
std::string mebibytesUp(std::uint64_t bytes);

// The value of a position for its kind:
//   kNormalPlay  outcome for the player to move (kWin / kLoss / kDraw), number = remoteness
//                (a draw: the moves to a drawn end, or -1 when play goes on for ever)
//   kScored      number = the first player's final margin with perfect play from here
//   kImpartial   number = the Sprague-Grundy number (outcome: kWin when it is not 0)
struct RulesValue {
  enum Outcome : std::uint8_t { kLoss, kWin, kDraw };
  Outcome outcome = kLoss;
  std::int64_t number = 0;
  friend bool operator==(const RulesValue& a, const RulesValue& b) {
    return a.outcome == b.outcome && a.number == b.number;
  }
};

class RulesSolver {
 public:
  using Node = std::uint32_t;

  RulesSolver(Rules& rules, Params params, SolveLimits limits);

  // Adds a start position with `side` (0 or 1) to move; its node(s) (with parts, the atomic
  // parts) go to `nodes`. Before or after a solve: adding a root after a solve explores and
  // solves what is new on the next advance() (impartial games; positions of other kinds are
  // all explored from the start). False with error() set when the rules fail.
  bool addRoot(const Term& position, int side, std::vector<Node>* nodes = nullptr);
  // About `budget` units of work (a position expanded with its children, or a node solved);
  // true once done() or failed().
  bool advance(std::uint64_t budget);
  bool done() const { return phase_ == Phase::kDone; }
  bool failed() const { return phase_ == Phase::kFailed; }
  const RulesError& error() const { return error_; }
  SolveProgress progress() const;

  // --- The graph (after done()).
  const RulesHeader& header() const { return header_; }
  const Params& params() const { return params_; }
  Rules& rules() const { return rules_; }
  std::uint64_t positions() const { return keys_.size(); }
  std::uint64_t edges() const { return edgeEnd_.empty() ? 0 : edgeEnd_.back(); }
  std::uint64_t bytesUsed() const;
  // The largest memory any check of the budget has weighed so far (a growth of the tables, the
  // solve's tables): the least budget this run passes. And the largest lower bound of the
  // solve's need (solveBoundBytes) worked out on the way, never above what the solve's checks
  // weigh once it gets there: the early refusal refuses no game that the budget would solve.
  std::uint64_t budgetWeighed() const { return budgetWeighed_; }
  std::uint64_t largestSolveBound() const { return largestSolveBound_; }
  // The node of a key (a position's encoding, plus the side byte for alternating scored games).
  std::optional<Node> find(std::string_view key) const;
  std::string nodeKey(const Term& position, int side) const;
  std::string_view key(Node node) const;
  std::string_view positionKey(Node node) const;  // the key without its side byte
  int mover(Node node) const;  // 0 or 1, or -1 when the players alternate (normal play)
  RulesValue value(Node node) const;
  std::uint64_t edgeBegin(Node node) const { return node == 0 ? 0 : edgeEnd_[node - 1]; }
  std::uint64_t edgeEnd(Node node) const { return edgeEnd_[node]; }
  // Without parts, an edge leads to one node; with parts, to the sum of several.
  Node target(std::uint64_t edge) const { return target_[edge]; }
  std::uint64_t partBegin(std::uint64_t edge) const { return edge == 0 ? 0 : partEnd_[edge - 1]; }
  std::uint64_t partEnd(std::uint64_t edge) const { return partEnd_[edge]; }
  Node part(std::uint64_t index) const { return parts_[index]; }
  std::int64_t gain(std::uint64_t edge) const { return gain_.empty() ? 0 : gain_[edge]; }
  std::int64_t endScore(Node node) const { return endScore_.empty() ? 0 : endScore_[node]; }
  // The Sprague-Grundy number of an edge's position (the xor of its parts).
  std::int64_t edgeGrundy(std::uint64_t edge) const;

  // --- Handing a finished solve over (core/handover.h). The graph and its values are the
  // regions (the board's header says which board they are of). Node ids are the same on both
  // sides: exploration is deterministic. Precondition of solvedState(): done().
  SolvedState solvedState() const;
  // Before the solve is done (part explored or not started): the adopted tables are kept apart
  // until finishAdoption() replaces the solver's own with them, so an adoption abandoned
  // halfway leaves the solver as it was. nullopt when the header does not describe a graph of
  // this game within the limits.
  std::optional<std::vector<Region>> prepareAdoption(const std::vector<std::uint8_t>& header);
  void finishAdoption();

 private:
  enum class Phase { kExplore, kParents, kRetrograde, kTies, kPostOrder, kDone, kFailed };

  Node intern(std::string_view key, bool& fresh);
  bool expandNext();
  bool checkLimits();
  void fail(RulesError error);
  // The budget's sentences' arguments: SIZE the budget, N1 the positions, N2 the moves.
  std::vector<Message::Arg> budgetArgs() const;
  void failOverBudget();  // the memory budget's sentence, with what was explored so far
  // The same once the exploration is done: the solve's own tables would pass the budget.
  void failOverBudgetToSolve();
  // A lower bound, from what is explored so far, of the bytes the solve's own checks will
  // count (startSolving's, and for normal play stepParents'), given bytesUsed() = `used`: the
  // tables that only grow, and the solve's tables for the positions and moves already found.
  // Past the budget, the game is refused at once, with it, rather than once explored.
  std::uint64_t solveBoundBytes(std::uint64_t used) const;
  void failOverBudgetBound(std::uint64_t bound);
  void startSolving();
  bool stepParents(std::uint64_t& budget);
  bool stepRetrograde(std::uint64_t& budget);
  bool stepTies(std::uint64_t& budget);
  // Makes room for an expansion's new nodes, edges and key bytes within the memory budget
  // (every table that would grow is grown now, by the amount it would have grown itself);
  // false with the budget's sentence when there is none.
  bool reserveFor(std::uint64_t nodes, std::uint64_t newEdges, std::uint64_t keyBytes);
  // The memory budget left, for an expansion's keys.
  std::uint64_t roomLeft() const;
  bool stepPostOrder(std::uint64_t& budget);
  bool finishNode(Node node);
  std::string positionText(Node node) const;

  Rules& rules_;
  RulesHeader header_;
  Params params_;
  SolveLimits limits_;
  bool sideInKey_ = false;          // scored games whose players alternate
  std::uint32_t reserveCalls_ = 0;  // reserveFor's calls that grew nothing
  std::uint64_t room_ = 0;          // the memory budget left at reserveFor's last weighing
  std::uint64_t budgetWeighed_ = 0, largestSolveBound_ = 0;
  // Weighs `bytes` against the budget (and keeps the largest weighed): true when within it.
  bool withinBudget(std::uint64_t bytes);
  Phase phase_ = Phase::kExplore;
  RulesError error_;

  KeyTable keys_;      // the nodes' keys: a node is its key's id
  Node expanded_ = 0;  // nodes [0, expanded_) have their edges
  // Edges, in the order of each position's moves.
  std::vector<std::uint32_t> edgeEnd_;  // per expanded node
  std::vector<Node> target_;            // per edge (no parts)
  std::vector<std::uint32_t> partEnd_;  // per edge (parts)
  std::vector<Node> parts_;
  std::vector<std::int64_t> gain_;       // per edge (scored)
  std::vector<std::int64_t> endScore_;   // per node (scored)
  std::vector<std::uint8_t> mover_;      // per node (mover() or side in key)
  std::vector<std::uint8_t> endResult_;  // per node (result(): EndResult at game over)
  Expansion expansion_;
  std::string childKey_;

  // Solving.
  std::vector<std::uint8_t> outcome_;  // RulesValue::Outcome, per node
  std::vector<std::int64_t> number_;   // per node
  std::vector<std::uint8_t> state_;    // post-order: 0 new, 1 on the stack, 2 solved
  Node solvedUpTo_ = 0;                // nodes below this were solved by an earlier pass
  // Retrograde: parents, counts of undecided children, the queue.
  std::vector<std::uint32_t> parentEnd_;
  std::vector<Node> parents_;
  std::vector<std::uint32_t> remaining_;
  std::vector<Node> queue_;
  std::size_t queueHead_ = 0;
  std::uint64_t cursor_ = 0;  // the phase's next node or edge
  int parentsPass_ = 0;
  // Post-order: the explicit stack of (node, next dependency).
  std::vector<std::pair<Node, std::uint64_t>> stack_;
  std::uint64_t solved_ = 0;

  // Calls f(a's table, b's table) for each table of the graph, in the regions' order.
  template <class A, class B, class F>
  static void zipTables(A& a, B& b, F f);
  // The tables being adopted, in a solver of their own until finishAdoption().
  std::unique_ptr<RulesSolver> adopted_;
};

}  // namespace gs
