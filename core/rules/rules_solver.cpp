#include "rules/rules_solver.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "base/forms.h"
#include "base/thousands.h"

namespace gs {
namespace {

template <class V>
std::uint64_t capacityBytes(const V& v) {
  return static_cast<std::uint64_t>(v.capacity()) * sizeof(typename V::value_type);
}

}  // namespace

std::string mebibytes(std::uint64_t bytes) {
  return std::to_string((bytes + (1 << 19)) >> 20) + " MiB";
}

std::string mebibytesUp(std::uint64_t bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

RulesSolver::RulesSolver(Rules& rules, Params params, SolveLimits limits)
    : rules_(rules), header_(rules.header()), params_(std::move(params)), limits_(limits) {
  sideInKey_ = header_.kind == RulesKind::kScored && !header_.hasMover;
  room_ = roomLeft();
  if (header_.hasParts) expansion_.knownAtomic = [this](std::string_view key) { return find(key); };
}

std::string RulesSolver::nodeKey(const Term& position, int side) const {
  std::string key = position.encode();
  if (sideInKey_) key += static_cast<char>('0' + side);
  return key;
}

std::string_view RulesSolver::key(Node node) const {
  return keys_.key(node);
}

std::string_view RulesSolver::positionKey(Node node) const {
  std::string_view whole = key(node);
  return sideInKey_ ? whole.substr(0, whole.size() - 1) : whole;
}

int RulesSolver::mover(Node node) const {
  return mover_.empty() ? -1 : mover_[node];
}

std::optional<RulesSolver::Node> RulesSolver::find(std::string_view key) const {
  return keys_.find(key);
}

RulesSolver::Node RulesSolver::intern(std::string_view key, bool& fresh) {
  const Node node = keys_.intern(key, fresh);
  if (!fresh) return node;
  if (header_.hasMover || sideInKey_)
    mover_.push_back(sideInKey_ ? static_cast<std::uint8_t>(key.back() - '0') : 0);
  if (header_.kind == RulesKind::kScored) endScore_.push_back(0);
  if (header_.hasResult) endResult_.push_back(0);
  return node;
}

std::uint64_t RulesSolver::bytesUsed() const {
  return keys_.bytes() + capacityBytes(edgeEnd_) + capacityBytes(target_) +
         capacityBytes(partEnd_) + capacityBytes(parts_) + capacityBytes(gain_) +
         capacityBytes(endScore_) + capacityBytes(mover_) + capacityBytes(outcome_) +
         capacityBytes(number_) + capacityBytes(state_) + capacityBytes(parentEnd_) +
         capacityBytes(parents_) + capacityBytes(remaining_) + capacityBytes(queue_) +
         capacityBytes(stack_) + capacityBytes(endResult_) + expansion_.keys.capacity() +
         capacityBytes(expansion_.keyEnds) + capacityBytes(expansion_.gains) +
         capacityBytes(expansion_.childEnds) + capacityBytes(expansion_.partNodes) +
         rules_.memoryUsed() + limits_.heldBeside;
}

std::uint64_t RulesSolver::roomLeft() const {
  const std::uint64_t used = bytesUsed();
  return used < limits_.memoryBudgetBytes ? limits_.memoryBudgetBytes - used : 0;
}

bool RulesSolver::reserveFor(std::uint64_t nodes, std::uint64_t newEdges, std::uint64_t keyBytes) {
  const bool perNodeMover = header_.hasMover || sideInKey_;
  const bool scored = header_.kind == RulesKind::kScored;
  // Each table that would outgrow its capacity grows now, by what push_back would have given
  // it (twice the capacity, or what is needed): first the bytes in all, then the growth.
  std::uint64_t extra = 0;
  bool reserving = false;
  const auto grow = [&](auto& table, std::uint64_t add) {
    const std::uint64_t needed = static_cast<std::uint64_t>(table.size()) + add;
    if (add == 0 || needed <= table.capacity()) return;
    const std::uint64_t capacity =
        std::max<std::uint64_t>(needed, 2 * static_cast<std::uint64_t>(table.capacity()));
    if (reserving)
      table.reserve(static_cast<std::size_t>(capacity));
    else
      extra += (capacity - table.capacity()) * sizeof(table[0]);
  };
  const auto all = [&]() {
    grow(keys_.arena, keyBytes);
    grow(keys_.ends, nodes);
    if (perNodeMover) grow(mover_, nodes);
    if (scored) grow(endScore_, nodes);
    if (header_.hasResult) grow(endResult_, nodes);
    grow(edgeEnd_, 1);
    if (header_.hasParts) {
      grow(partEnd_, newEdges);
      grow(parts_, nodes);
    } else {
      grow(target_, newEdges);
    }
    if (scored) grow(gain_, newEdges);
  };
  all();
  // The hash table doubles while it is more than 70% full.
  extra += (keys_.slotsFor(nodes) - keys_.slots.size()) * sizeof(keys_.slots[0]);
  // Where no table grows, only the rules' heap can have: it is weighed every 4096 expansions
  // (the sum of every table's capacity costs a few hundred instructions; a position of Deque,
  // about six thousand in all).
  if (extra == 0 && (++reserveCalls_ & 4095) != 0) return true;
  const std::uint64_t used = bytesUsed();
  room_ = used + extra < limits_.memoryBudgetBytes ? limits_.memoryBudgetBytes - used - extra : 0;
  if (!withinBudget(used + extra)) {
    failOverBudget();
    return false;
  }
  const std::uint64_t bound = solveBoundBytes(used);
  largestSolveBound_ = std::max(largestSolveBound_, bound);
  if (bound > limits_.memoryBudgetBytes) {
    failOverBudgetBound(bound);
    return false;
  }
  reserving = true;
  all();
  return true;
}

void RulesSolver::fail(RulesError error) {
  error_ = std::move(error);
  phase_ = Phase::kFailed;
}

std::vector<Message::Arg> RulesSolver::budgetArgs() const {
  return {{"SIZE", Message::verbatim(mebibytes(limits_.memoryBudgetBytes))},
          {"N1", Message::verbatim(withThousands(positions()))},
          {"N2", Message::verbatim(withThousands(edges()))}};
}

void RulesSolver::failOverBudget() {
  fail(RulesError{0, 0, Message(forms::kOverBudgetExploring, budgetArgs())});
}

bool RulesSolver::withinBudget(std::uint64_t bytes) {
  budgetWeighed_ = std::max(budgetWeighed_, bytes);
  return bytes <= limits_.memoryBudgetBytes;
}

std::uint64_t RulesSolver::solveBoundBytes(std::uint64_t used) const {
  // What may shrink before the solve's checks: the children's scratch and the rules' heap.
  const std::uint64_t scratch = expansion_.keys.capacity() + capacityBytes(expansion_.keyEnds) +
                                capacityBytes(expansion_.gains) +
                                capacityBytes(expansion_.childEnds) +
                                capacityBytes(expansion_.partNodes) + rules_.memoryUsed();
  const std::uint64_t kept = used > scratch ? used - scratch : 0;
  const std::uint64_t nodes = keys_.size(), moves = edges();
  // startSolving: the values' tables (and the post-order's states) for every node.
  const std::uint64_t values = capacityBytes(outcome_) + capacityBytes(number_);
  const std::uint64_t valuesNeed = nodes * (sizeof(outcome_[0]) + sizeof(number_[0]));
  const std::uint64_t tables = valuesNeed + nodes * sizeof(state_[0]);
  const std::uint64_t starting =
      kept + tables - std::min<std::uint64_t>(tables, values + capacityBytes(state_));
  if (header_.kind != RulesKind::kNormalPlay) return starting;
  // stepParents: the values' tables allocated, then the parents' lists, counts and queue.
  const std::uint64_t parents = kept - std::min(kept, values) + std::max(values, valuesNeed) +
                                (nodes + 1) * sizeof(std::uint32_t) * 2 + moves * sizeof(Node) +
                                nodes * sizeof(Node);
  return std::max(starting, parents);
}

void RulesSolver::failOverBudgetBound(std::uint64_t bound) {
  std::vector<Message::Arg> args = budgetArgs();
  args.push_back({"NEED", Message::verbatim(mebibytesUp(bound))});
  // An estimate beside the bound: the positions found but not yet explored, each with as many
  // moves as the explored ones have on average, each move held as an edge (and for normal
  // play a parent, for a scored game a gain). Said where it is well above the bound (Wythoff's
  // game, whose every position is found long before its moves are).
  const std::uint64_t left = keys_.size() - expanded_;
  const double perMove = sizeof(Node) +
                         (header_.kind == RulesKind::kNormalPlay ? sizeof(Node) : 0) +
                         (header_.kind == RulesKind::kScored ? sizeof(std::int64_t) : 0);
  const double estimate =
      static_cast<double>(bound) + (expanded_ == 0
                                        ? 0.0
                                        : static_cast<double>(left) * static_cast<double>(edges()) /
                                              static_cast<double>(expanded_) * perMove);
  if (estimate >= 2.0 * static_cast<double>(bound)) {
    args.push_back({"ABOUT", Message::verbatim(mebibytes(static_cast<std::uint64_t>(estimate)))});
    fail(RulesError{0, 0, Message(forms::kOverBudgetBoundAbout, std::move(args))});
    return;
  }
  fail(RulesError{0, 0, Message(forms::kOverBudgetBound, std::move(args))});
}

void RulesSolver::failOverBudgetToSolve() {
  fail(RulesError{0, 0, Message(forms::kOverBudgetSolving, budgetArgs())});
}

bool RulesSolver::checkLimits() {
  // With parts, the sums the moves lead to are positions of the game too (each an edge).
  const std::uint64_t counted = keys_.size() + (header_.hasParts ? edges() : 0);
  if (counted > limits_.maxPositions) {
    const Message cap = Message::verbatim(withThousands(limits_.maxPositions));
    const Message explored = Message::verbatim(withThousands(edges()));
    fail(RulesError{0, 0,
                    limits_.maxPositionsOption.empty()
                        ? Message(forms::kPositionsCap, {{"N1", cap}, {"N2", explored}})
                        : Message(forms::kPositionsCapRaise,
                                  {{"N1", cap},
                                   {"N2", explored},
                                   {"RAW", Message::verbatim(limits_.maxPositionsOption)}})});
    return false;
  }
  if (keys_.size() >= std::numeric_limits<std::uint32_t>::max() / 2 ||
      edges() >= std::numeric_limits<std::uint32_t>::max() / 2 ||
      keys_.arena.size() >= std::numeric_limits<std::uint32_t>::max() / 2 ||
      !withinBudget(bytesUsed())) {
    failOverBudget();
    return false;
  }
  return true;
}

std::string RulesSolver::positionText(Node node) const {
  Term position;
  if (!Term::decode(positionKey(node), position)) return "?";
  return shortText(position);
}

bool RulesSolver::addRoot(const Term& position, int side, std::vector<Node>* nodes) {
  if (failed()) return false;
  Expansion roots;
  roots.byteLimit = std::max<std::uint64_t>(roomLeft(), 1);
  if (!rules_.atomicParts(position, params_, roots, error_)) {
    phase_ = Phase::kFailed;
    return false;
  }
  if (!reserveFor(roots.keyEnds.size(), 0, roots.keys.size() + roots.keyEnds.size())) return false;
  bool added = false;
  for (std::size_t k = 0; k < roots.keyEnds.size(); ++k) {
    std::string key(roots.key(k));
    if (sideInKey_) key += static_cast<char>('0' + side);
    bool fresh = false;
    const Node node = intern(key, fresh);
    added |= fresh;
    if (nodes) nodes->push_back(node);
  }
  if (added && phase_ == Phase::kDone) phase_ = Phase::kExplore;
  return checkLimits();
}

bool RulesSolver::expandNext() {
  const Node node = expanded_;
  // The room the last weighing left (reserveFor): the tables have not grown since.
  expansion_.byteLimit = std::max<std::uint64_t>(room_, 1);
  if (!rules_.expand(positionKey(node), params_, expansion_, error_)) {
    // Name the position the rules failed on when the message does not already.
    const std::string where = positionText(node);
    if (error_.message.english().find(where) == std::string::npos)
      error_.message = Message(forms::kRulesExploring,
                               {{"MESSAGE", error_.message}, {"RAW", Message::verbatim(where)}});
    phase_ = Phase::kFailed;
    return false;
  }
  if (header_.hasMover) {
    if (expansion_.mover != 0 && expansion_.mover != 1) {
      fail(RulesError{
          0, 0, Message(forms::kMoverOneOrTwo, {{"RAW", Message::verbatim(positionText(node))}})});
      return false;
    }
    mover_[node] = static_cast<std::uint8_t>(expansion_.mover);
  }
  const std::size_t children = expansion_.children();
  if (header_.kind == RulesKind::kScored && children == 0) endScore_[node] = expansion_.endScore;
  if (header_.hasResult && children == 0)
    endResult_[node] = static_cast<std::uint8_t>(expansion_.endResult);
  if (!reserveFor(expansion_.keyEnds.size(), children,
                  expansion_.keys.size() + (sideInKey_ ? children : 0)))
    return false;
  const int childSide = sideInKey_ ? 1 - mover_[node] : 0;
  for (std::size_t child = 0; child < children; ++child) {
    bool fresh = false;
    if (header_.hasParts) {
      const std::size_t begin = child == 0 ? 0 : expansion_.childEnds[child - 1];
      // A part the expansion found among the nodes comes with its node; the others are
      // interned (new, or met twice in this expansion).
      const bool noted = expansion_.partNodes.size() == expansion_.keyEnds.size();
      for (std::size_t k = begin; k < expansion_.childEnds[child]; ++k) {
        const Node known = noted ? expansion_.partNodes[k] : Expansion::kUnknownPart;
        parts_.push_back(known != Expansion::kUnknownPart ? known
                                                          : intern(expansion_.key(k), fresh));
      }
      partEnd_.push_back(static_cast<std::uint32_t>(parts_.size()));
    } else if (sideInKey_) {
      childKey_.assign(expansion_.key(child));
      childKey_ += static_cast<char>('0' + childSide);
      target_.push_back(intern(childKey_, fresh));
    } else {
      target_.push_back(intern(expansion_.key(child), fresh));
    }
    if (header_.kind == RulesKind::kScored) gain_.push_back(expansion_.gains[child]);
  }
  edgeEnd_.push_back(
      static_cast<std::uint32_t>(header_.hasParts ? partEnd_.size() : target_.size()));
  ++expanded_;
  // A position whose children took much room does not keep it for the next.
  if (expansion_.keys.capacity() > (std::size_t{16} << 20)) {
    std::string().swap(expansion_.keys);
    std::vector<std::uint32_t>().swap(expansion_.keyEnds);
  }
  return checkLimits();
}

SolveProgress RulesSolver::progress() const {
  const std::uint64_t nodes = positions();
  if (phase_ == Phase::kExplore) return {expanded_, 2 * std::max<std::uint64_t>(nodes, 1), false};
  if (phase_ == Phase::kDone || phase_ == Phase::kFailed) return {2 * nodes, 2 * nodes, true};
  return {nodes + std::min(solved_, nodes), 2 * nodes, true};
}

bool RulesSolver::advance(std::uint64_t budget) {
  while (budget > 0) {
    switch (phase_) {
      case Phase::kDone:
      case Phase::kFailed:
        return true;
      case Phase::kExplore:
        if (expanded_ == keys_.size()) {
          startSolving();
          break;
        }
        if (!expandNext()) return true;
        budget -= std::min<std::uint64_t>(budget, 1 + expansion_.children());
        break;
      case Phase::kParents:
        if (!stepParents(budget)) return true;
        break;
      case Phase::kRetrograde:
        if (!stepRetrograde(budget)) return true;
        break;
      case Phase::kTies:
        if (!stepTies(budget)) return true;
        break;
      case Phase::kPostOrder:
        if (!stepPostOrder(budget)) return true;
        break;
    }
  }
  return done() || failed();
}

void RulesSolver::startSolving() {
  const std::size_t nodes = keys_.size();
  cursor_ = 0;
  // The values' tables (and, for the post-order, its states) within the budget.
  const std::uint64_t needed =
      nodes * (sizeof(outcome_[0]) + sizeof(number_[0]) + sizeof(state_[0])) -
      std::min<std::uint64_t>(
          nodes * (sizeof(outcome_[0]) + sizeof(number_[0]) + sizeof(state_[0])),
          capacityBytes(outcome_) + capacityBytes(number_) + capacityBytes(state_));
  if (!withinBudget(bytesUsed() + needed)) {
    failOverBudgetToSolve();
    return;
  }
  if (header_.kind == RulesKind::kNormalPlay) {
    // The whole graph is solved again (a root added later may connect to anything).
    solved_ = 0;
    parentsPass_ = 0;
    outcome_.assign(nodes, RulesValue::kDraw);
    number_.assign(nodes, 0);
    phase_ = Phase::kParents;
    return;
  }
  outcome_.resize(nodes, RulesValue::kLoss);
  number_.resize(nodes, 0);
  state_.resize(nodes, 0);
  solved_ = solvedUpTo_;
  stack_.clear();
  cursor_ = solvedUpTo_;
  phase_ = Phase::kPostOrder;
}

// Retrograde, step 1: the parents of every node (two passes over the edges: counts, then
// places), the count of each node's undecided moves, and the queue of positions with no move.
bool RulesSolver::stepParents(std::uint64_t& budget) {
  const std::size_t nodes = keys_.size();
  const std::uint64_t edgeCount = edges();
  if (parentsPass_ == 0) {
    const std::uint64_t needed =
        (nodes + 1) * sizeof(std::uint32_t) * 2 + edgeCount * sizeof(Node) + nodes * sizeof(Node);
    if (!withinBudget(bytesUsed() + needed)) {
      failOverBudgetToSolve();
      return false;
    }
    parentEnd_.assign(nodes + 1, 0);
    remaining_.assign(nodes, 0);
    queue_.clear();
    queue_.reserve(nodes);
    queueHead_ = 0;
    parentsPass_ = 1;
    cursor_ = 0;
  }
  if (parentsPass_ == 1) {  // counts
    for (; cursor_ < edgeCount && budget > 0; ++cursor_, --budget)
      ++parentEnd_[target_[cursor_] + 1];
    if (cursor_ < edgeCount) return true;
    for (std::size_t k = 0; k < nodes; ++k) parentEnd_[k + 1] += parentEnd_[k];
    parents_.assign(edgeCount, 0);
    parentsPass_ = 2;
    cursor_ = 0;
  }
  if (parentsPass_ == 2) {  // places: parentEnd_[k] walks up to the start of node k + 1's list
    for (; cursor_ < nodes && budget > 0; ++cursor_, --budget) {
      const Node node = static_cast<Node>(cursor_);
      for (std::uint64_t e = edgeBegin(node); e < edgeEnd(node); ++e)
        parents_[parentEnd_[target_[e]]++] = node;
      remaining_[node] = static_cast<std::uint32_t>(edgeEnd(node) - edgeBegin(node));
      if (remaining_[node] == 0) {
        // Game over: a loss for the player to move, or what result() says (a drawn end waits
        // for the pass after this one).
        const auto end =
            header_.hasResult ? static_cast<EndResult>(endResult_[node]) : EndResult::kLoss;
        if (end != EndResult::kDraw) {
          outcome_[node] = end == EndResult::kWin ? RulesValue::kWin : RulesValue::kLoss;
          queue_.push_back(node);
        }
      }
    }
    if (cursor_ < nodes) return true;
    // parentEnd_[k] now ends node k's list; shift so that parentEnd_[k + 1] does.
    for (std::size_t k = nodes; k > 0; --k) parentEnd_[k] = parentEnd_[k - 1];
    parentEnd_[0] = 0;
    phase_ = Phase::kRetrograde;
  }
  return true;
}

// Retrograde, step 2: positions leave the queue in order of remoteness. A parent to which this
// child is a loss (for the parent's mover) is a win at once, the quickest; a parent whose every
// child is a win for the other side is a loss once the last is decided, the slowest.
bool RulesSolver::stepRetrograde(std::uint64_t& budget) {
  while (queueHead_ < queue_.size() && budget > 0) {
    const Node child = queue_[queueHead_++];
    --budget;
    ++solved_;
    const RulesValue::Outcome outcome = static_cast<RulesValue::Outcome>(outcome_[child]);
    const std::int64_t next = number_[child] + 1;
    for (std::uint32_t k = parentEnd_[child]; k < parentEnd_[child + 1]; ++k) {
      const Node parent = parents_[k];
      if (outcome_[parent] != RulesValue::kDraw || remaining_[parent] == 0) continue;
      const bool flip = mover_.empty() || mover_[parent] != mover_[child];
      const bool goodForParent = (outcome == RulesValue::kLoss) == flip;
      if (goodForParent) {
        outcome_[parent] = RulesValue::kWin;
        number_[parent] = next;
        remaining_[parent] = 0;
        queue_.push_back(parent);
      } else if (--remaining_[parent] == 0) {
        outcome_[parent] = RulesValue::kLoss;
        number_[parent] = next;
        queue_.push_back(parent);
      }
    }
  }
  if (queueHead_ < queue_.size()) return true;
  // Undecided positions are draws. Which of them end, and how soon: the next pass.
  queue_.clear();
  queueHead_ = 0;
  cursor_ = 0;
  phase_ = Phase::kTies;
  return true;
}

// The draws that end: every undecided position starts as an endless draw (-1); then, breadth
// first from the positions with no move that result() calls drawn (0), an undecided parent of a
// drawn end is one more move from it, the first time it is reached (the fewest moves).
bool RulesSolver::stepTies(std::uint64_t& budget) {
  const std::size_t nodes = keys_.size();
  for (; cursor_ < nodes && budget > 0; ++cursor_, --budget) {
    const Node node = static_cast<Node>(cursor_);
    if (outcome_[node] != RulesValue::kDraw) continue;
    const bool drawnEnd = header_.hasResult && edgeBegin(node) == edgeEnd(node) &&
                          endResult_[node] == static_cast<std::uint8_t>(EndResult::kDraw);
    number_[node] = drawnEnd ? 0 : -1;
    if (drawnEnd) queue_.push_back(node);
  }
  if (cursor_ < nodes) return true;
  while (queueHead_ < queue_.size() && budget > 0) {
    const Node child = queue_[queueHead_++];
    --budget;
    for (std::uint32_t k = parentEnd_[child]; k < parentEnd_[child + 1]; ++k) {
      const Node parent = parents_[k];
      if (outcome_[parent] != RulesValue::kDraw || number_[parent] >= 0) continue;
      number_[parent] = number_[child] + 1;
      queue_.push_back(parent);
    }
  }
  if (queueHead_ < queue_.size()) return true;
  // The retrograde tables are dropped.
  std::vector<std::uint32_t>().swap(parentEnd_);
  std::vector<Node>().swap(parents_);
  std::vector<std::uint32_t>().swap(remaining_);
  std::vector<Node>().swap(queue_);
  solvedUpTo_ = static_cast<Node>(keys_.size());
  room_ = roomLeft();
  phase_ = Phase::kDone;
  return true;
}

std::int64_t RulesSolver::edgeGrundy(std::uint64_t edge) const {
  if (!header_.hasParts) return number_[target_[edge]];
  std::int64_t sum = 0;
  for (std::uint64_t k = partBegin(edge); k < partEnd(edge); ++k) sum ^= number_[parts_[k]];
  return sum;
}

// Post-order, for games that must end: a node is solved once everything its moves lead to is.
bool RulesSolver::finishNode(Node node) {
  const std::uint64_t begin = edgeBegin(node), end = edgeEnd(node);
  if (header_.kind == RulesKind::kScored) {
    // Margins lie within ±(2^63 - 1), so that each one is also the other player's, negated.
    const auto outOfRange = [&] {
      fail(RulesError{
          0, 0, Message(forms::kMarginOverflow, {{"RAW", Message::verbatim(positionText(node))}})});
      return false;
    };
    constexpr std::int64_t kNoNegation = std::numeric_limits<std::int64_t>::min();
    if (begin == end) {
      if (endScore_[node] == kNoNegation) return outOfRange();
      number_[node] = endScore_[node];
      return true;
    }
    const bool first = mover_[node] == 0;
    std::int64_t best = 0;
    for (std::uint64_t e = begin; e < end; ++e) {
      std::int64_t signedGain = gain_[e], total = 0;
      if ((!first && __builtin_sub_overflow(std::int64_t{0}, gain_[e], &signedGain)) ||
          __builtin_add_overflow(signedGain, number_[target_[e]], &total) || total == kNoNegation) {
        return outOfRange();
      }
      if (e == begin || (first ? total > best : total < best)) best = total;
    }
    number_[node] = best;
    return true;
  }
  // Impartial: the mex of the moves' Grundy numbers.
  std::vector<bool> seen(end - begin + 1, false);
  for (std::uint64_t e = begin; e < end; ++e) {
    const std::int64_t g = edgeGrundy(e);
    if (g >= 0 && static_cast<std::uint64_t>(g) < seen.size())
      seen[static_cast<std::size_t>(g)] = true;
  }
  std::int64_t mex = 0;
  while (seen[static_cast<std::size_t>(mex)]) ++mex;
  number_[node] = mex;
  outcome_[node] = mex != 0 ? RulesValue::kWin : RulesValue::kLoss;
  return true;
}

bool RulesSolver::stepPostOrder(std::uint64_t& budget) {
  const std::size_t nodes = keys_.size();
  // The nodes a node depends on: its edges' targets, or with parts the parts of its edges.
  const auto dependencies = [this](Node node, std::uint64_t& begin, std::uint64_t& end) {
    begin = edgeBegin(node);
    end = edgeEnd(node);
    if (header_.hasParts) {
      begin = begin == end ? 0 : partBegin(begin);
      end = end == edgeBegin(node) ? 0 : partEnd(end - 1);
    }
  };
  const auto dependency = [this](std::uint64_t k) {
    return header_.hasParts ? parts_[k] : target_[k];
  };
  while (budget > 0) {
    if (stack_.empty()) {
      while (cursor_ < nodes && state_[cursor_] == 2) ++cursor_;
      if (cursor_ == nodes) {
        std::vector<std::pair<Node, std::uint64_t>>().swap(stack_);
        solvedUpTo_ = static_cast<Node>(nodes);
        phase_ = Phase::kDone;
        return true;
      }
      const Node root = static_cast<Node>(cursor_);
      std::uint64_t begin = 0, end = 0;
      dependencies(root, begin, end);
      state_[root] = 1;
      stack_.emplace_back(root, begin);
    }
    --budget;
    auto& [node, next] = stack_.back();
    std::uint64_t begin = 0, end = 0;
    dependencies(node, begin, end);
    bool descended = false;
    while (next < end) {
      const Node on = dependency(next++);
      if (state_[on] == 2) continue;
      if (state_[on] == 1) {
        fail(RulesError{0, 0,
                        Message(header_.kind == RulesKind::kScored ? forms::kRepeatsScored
                                                                   : forms::kRepeatsImpartial,
                                {{"RAW", Message::verbatim(positionText(on))}})});
        return false;
      }
      state_[on] = 1;
      std::uint64_t childBegin = 0, childEnd = 0;
      dependencies(on, childBegin, childEnd);
      stack_.emplace_back(on, childBegin);
      descended = true;
      break;
    }
    if (descended) continue;
    const Node done = node;
    stack_.pop_back();
    if (!finishNode(done)) return false;
    state_[done] = 2;
    ++solved_;
  }
  return true;
}

RulesValue RulesSolver::value(Node node) const {
  RulesValue value;
  value.outcome = static_cast<RulesValue::Outcome>(outcome_[node]);
  value.number = number_[node];
  return value;
}

template <class A, class B, class F>
void RulesSolver::zipTables(A& a, B& b, F f) {
  f(a.keys_.arena, b.keys_.arena);
  f(a.keys_.ends, b.keys_.ends);
  f(a.keys_.slots, b.keys_.slots);
  f(a.edgeEnd_, b.edgeEnd_);
  f(a.target_, b.target_);
  f(a.partEnd_, b.partEnd_);
  f(a.parts_, b.parts_);
  f(a.gain_, b.gain_);
  f(a.endScore_, b.endScore_);
  f(a.mover_, b.mover_);
  f(a.outcome_, b.outcome_);
  f(a.number_, b.number_);
  f(a.state_, b.state_);
  f(a.endResult_, b.endResult_);
}

SolvedState RulesSolver::solvedState() const {
  SolvedState solved;
  HeaderWriter header;
  header.put(static_cast<std::uint8_t>(header_.kind)).put(expanded_).put(solved_);
  zipTables(*this, *this, [&](const auto& table, const auto&) {
    header.put(static_cast<std::uint64_t>(table.size()));
    solved.regions.push_back(constRegion(table.data(), table.size()));
  });
  solved.header = header.take();
  return solved;
}

std::optional<std::vector<Region>> RulesSolver::prepareAdoption(
    const std::vector<std::uint8_t>& header) {
  if (done()) return std::nullopt;  // a solved board adopts nothing
  auto adopted = std::make_unique<RulesSolver>(rules_, params_, limits_);
  HeaderReader reader(header);
  reader.expect(static_cast<std::uint8_t>(header_.kind))
      .get(adopted->expanded_)
      .get(adopted->solved_);
  std::vector<std::uint64_t> sizes;
  std::uint64_t bytes = 0;
  zipTables(*adopted, *adopted, [&](const auto& table, const auto&) {
    std::uint64_t size = 0;
    reader.get(size);
    sizes.push_back(size);
    bytes += size * sizeof(table[0]);
  });
  if (!reader.ok()) return std::nullopt;
  // The sizes must describe a graph this solver could have made: every node explored, with its
  // key end, edge end, outcome and number (and mover, where kept); a power of two of slots
  // more than the nodes; within the memory budget.
  const std::uint64_t nodes = sizes[1];
  const std::uint64_t slots = sizes[2];
  if (nodes == 0 || nodes >= std::numeric_limits<std::uint32_t>::max() / 2 ||
      adopted->expanded_ != nodes || sizes[3] != nodes ||
      sizes[9] != (header_.hasMover || sideInKey_ ? nodes : 0) || sizes[10] != nodes ||
      sizes[11] != nodes || sizes[13] != (header_.hasResult ? nodes : 0) || slots <= nodes ||
      (slots & (slots - 1)) != 0 || bytes > limits_.memoryBudgetBytes)
    return std::nullopt;
  std::vector<Region> regions;
  std::size_t k = 0;
  zipTables(*adopted, *adopted, [&](auto& table, auto&) {
    table.resize(static_cast<std::size_t>(sizes[k++]));
    regions.push_back(region(table.data(), table.size()));
  });
  adopted_ = std::move(adopted);
  return regions;
}

void RulesSolver::finishAdoption() {
  if (!adopted_) return;
  zipTables(*this, *adopted_, [](auto& own, auto& adopted) { own.swap(adopted); });
  expanded_ = adopted_->expanded_;
  solved_ = adopted_->solved_;
  adopted_.reset();  // with it, this solver's tables from before
  solvedUpTo_ = static_cast<Node>(keys_.size());
  // What a solve under way kept: dropped, as a finished solve drops it.
  std::vector<std::uint32_t>().swap(parentEnd_);
  std::vector<Node>().swap(parents_);
  std::vector<std::uint32_t>().swap(remaining_);
  std::vector<Node>().swap(queue_);
  std::vector<std::pair<Node, std::uint64_t>>().swap(stack_);
  queueHead_ = 0;
  cursor_ = 0;
  parentsPass_ = 0;
  error_ = RulesError{};
  phase_ = Phase::kDone;
}

}  // namespace gs
