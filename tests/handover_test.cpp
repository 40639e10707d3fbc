// Handing a solve over (core/handover.h): a board that adopts another board's solved tables
// answers exactly as the board that solved them, for every game that hands over, in every mode
// of its solver; a header of another board is refused and leaves the board as it was.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "base/random.h"
#include "game.h"
#include "games/exchange/exchange.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase.h"
#include "games/staircase/staircase_game.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "tools/board_load.h"
#include "tools/share_link.h"

namespace gs {
namespace {

std::unique_ptr<GameBoard> parsed(const Game& game, const std::string& text) {
  auto board = game.parse(text, SolveLimits{});
  EXPECT_TRUE(board.ok()) << board.error().toString();
  return std::move(board.value());
}

std::unique_ptr<GameBoard> solved(const Game& game, const std::string& text) {
  auto board = parsed(game, text);
  while (!board->solving().solveSome(1 << 12)) {
  }
  return board;
}

// The board's handover, which every game's boards have (a test fails, and stops, without it).
HandsOver& handsOver(GameBoard& board) {
  HandsOver* handover = board.handover();
  if (!handover) {
    ADD_FAILURE() << board.game().id() << ": the board does not hand over";
    std::abort();
  }
  return *handover;
}
const HandsOver& handsOver(const GameBoard& board) {
  return handsOver(const_cast<GameBoard&>(board));
}

// What the page does with the worker's messages, in one address space: the header first, then
// the regions' bytes in pieces of `piece` bytes.
bool adopt(const GameBoard& from, GameBoard& to, std::uint64_t piece = 1000) {
  const SolvedState state = handsOver(from).solvedState();
  auto regions = handsOver(to).prepareAdoption(state.header);
  if (!regions) return false;
  EXPECT_EQ(regions->size(), state.regions.size());
  for (std::size_t i = 0; i < regions->size(); ++i) {
    EXPECT_EQ((*regions)[i].size, state.regions[i].size);
    for (std::uint64_t at = 0; at < state.regions[i].size; at += piece)
      std::memcpy((*regions)[i].data + at, state.regions[i].data + at,
                  std::min(piece, state.regions[i].size - at));
  }
  handsOver(to).finishAdoption();
  return true;
}

// The two boards agree on the answer and along a random line of play: values, moves with their
// values and best marks, the best move.
void expectSameAnswers(GameBoard& solver, GameBoard& adopter, std::uint64_t seed) {
  ASSERT_TRUE(adopter.solving().solved());
  EXPECT_EQ(adopter.judge().judgeOutput(), solver.judge().judgeOutput());
  EXPECT_EQ(adopter.solving().positions(), solver.solving().positions());
  EXPECT_EQ(adopter.summary().english(), solver.summary().english());
  SplitMix64 random(seed);
  int pushed = 0;
  for (; pushed < 40; ++pushed) {
    EXPECT_EQ(adopter.value(), solver.value()) << "after " << pushed << " moves";
    const auto moves = solver.moves();
    const auto adopted = adopter.moves();
    ASSERT_EQ(adopted.size(), moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      EXPECT_EQ(adopted[i].move, moves[i].move);
      EXPECT_EQ(adopted[i].value, moves[i].value);
      EXPECT_EQ(adopted[i].best, moves[i].best);
    }
    EXPECT_EQ(adopter.bestMove(), solver.bestMove());
    if (moves.empty()) break;
    const Move move = moves[random.between(0, static_cast<std::int64_t>(moves.size()) - 1)].move;
    solver.push(move);
    adopter.push(move);
  }
  for (int i = 0; i < pushed; ++i) {
    solver.pop();
    adopter.pop();
  }
}

void expectHandedOver(const Game& game, const std::string& text, std::uint64_t seed,
                      bool forHandover = false) {
  SCOPED_TRACE(game.id() + std::string(": ") + text.substr(0, 60) +
               (forHandover ? " (solved for handover)" : ""));
  auto solver = parsed(game, text);
  if (forHandover) handsOver(*solver).solveForHandover();
  while (!solver->solving().solveSome(1 << 12)) {
  }
  auto adopter = parsed(game, text);
  ASSERT_TRUE(adopter->handover() != nullptr);
  ASSERT_TRUE(adopt(*solver, *adopter));
  expectSameAnswers(*solver, *adopter, seed);
}

TEST(Handover, EveryGameAdoptsItsJudgeSizeBoardsExactly) {
  for (const Game* game : games()) {
    expectHandedOver(*game, game->sample(), 1);
    SplitMix64 random(2026);
    for (int i = 0; i < 25; ++i) {
      const std::string text = game->randomJudgeInput(random);
      expectHandedOver(*game, text, i);
      expectHandedOver(*game, text, i, true);
    }
  }
}

TEST(Handover, StaircaseSolvedForHandoverSendsOnlyItsBestMoves) {
  const Game& game = *findGame("staircase");
  // 16 x 16 is the largest board handed over compactly; 4 x 70 has 280 cells.
  for (const auto& [rows, cols] : {std::pair{16, 1}, {3, 5}, {7, 4}, {9, 9}, {4, 70}, {2, 128}}) {
    const std::string text = formatStaircase(randomStaircase(rows, cols, 100000, rows * cols));
    auto solver = parsed(game, text);
    handsOver(*solver).solveForHandover();
    while (!solver->solving().solveSome(1 << 12)) {
    }
    const SolvedState state = handsOver(*solver).solvedState();
    ASSERT_EQ(state.regions.size(), 1u);
    const std::uint64_t positions = solver->solving().positions();
    EXPECT_EQ(state.regions[0].size,
              rows * cols <= StaircaseSolver::kCompactMaxCells ? positions / 2 + 1 : positions * 4)
        << rows << " x " << cols;
    expectHandedOver(game, text, rows, true);
  }
}

TEST(Handover, StaircaseWideScoresUseTheWideTable) {
  // Sums past 32 bits: the 64-bit table.
  StaircaseBoard board = randomStaircase(4, 5, 1000000000, 3);
  expectHandedOver(*findGame("staircase"), formatStaircase(board), 3);
  expectHandedOver(*findGame("staircase"), formatStaircase(randomStaircase(9, 2, 100000, 4)), 4);
}

TEST(Handover, ExchangeAdoptsTheTrialsHashAndTheSweepsBlocks) {
  const Game& game = *findGame("exchange");
  bool trial = false, sweep = false;
  // 13 to 16 cards: past the plain search; lopsided hands finish in the trial, even ones sweep.
  const int splits[][3] = {{5, 4, 4}, {11, 1, 1}, {7, 6, 1}, {1, 14, 1}, {6, 6, 2}};
  std::uint64_t seed = 0;
  for (const auto& split : splits) {
    const std::string text =
        formatExchange(randomExchange(split[0], split[1], split[2], 1000000000, ++seed));
    auto solver = solved(game, text);
    const ExchangeSolver* exchange = solverOf<ExchangeSolver>(*solver);
    ASSERT_NE(exchange, nullptr);
    (exchange->usesSweep() ? sweep : trial) = true;
    expectHandedOver(game, text, seed);
  }
  EXPECT_TRUE(trial);
  EXPECT_TRUE(sweep);
}

// The worker stopped mid-copy: the board has its tables allocated and half filled with bytes
// of no meaning, and solves itself instead. Its answers are exact.
TEST(Handover, AnAbandonedAdoptionLeavesABoardThatSolvesItself) {
  std::vector<std::pair<const Game*, std::string>> boards;
  for (const Game* game : games()) {
    SplitMix64 random(99);
    for (int i = 0; i < 6; ++i) boards.emplace_back(game, game->randomJudgeInput(random));
  }
  const Game& exchange = *findGame("exchange");
  boards.emplace_back(&exchange, formatExchange(randomExchange(6, 6, 2, 1000000000, 5)));
  boards.emplace_back(&exchange, formatExchange(randomExchange(11, 1, 1, 1000000000, 2)));
  for (const auto& [game, text] : boards) {
    SCOPED_TRACE(game->id() + std::string(": ") + text.substr(0, 60));
    auto solver = parsed(*game, text);
    handsOver(*solver).solveForHandover();
    while (!solver->solving().solveSome(1 << 12)) {
    }
    auto adopter = parsed(*game, text);
    auto regions = handsOver(*adopter).prepareAdoption(handsOver(*solver).solvedState().header);
    ASSERT_TRUE(regions.has_value());
    for (const Region& region : *regions) std::memset(region.data, 0xA5, region.size / 2);
    while (!adopter->solving().solveSome(1 << 12)) {
    }
    auto fresh = solved(*game, text);
    expectSameAnswers(*fresh, *adopter, 3);
  }
}

std::string readRulesExample(const std::string& name) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/web/examples/rules/" + name);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << name;
  return text.str();
}

// A manhattan board of a recipe is made by its solver (a slice at a time); the adopting board
// never makes it: its values come with the tables. Abandoned halfway, the adoption leaves a
// board that makes its values and solves itself.
TEST(Handover, ManhattanRecipeBoardsComeWithTheirValues) {
  const Game& game = *findGame("manhattan");
  for (const char* text : {"40.5.3", "1.0.1", "77.30.9", "90.3.2"}) {
    SCOPED_TRACE(text);
    auto recipe = parseRecipe(game, text, SolveLimits{});
    ASSERT_TRUE(recipe.ok());
    auto solver = game.generate(recipe.value());
    while (!solver->solving().solveSome(1 << 12)) {
    }
    auto adopter = game.generate(recipe.value());
    const SolvedState state = handsOver(*solver).solvedState();
    ASSERT_EQ(state.regions.size(), 3u);  // values, order by value, winning flags
    ASSERT_TRUE(adopt(*solver, *adopter));
    EXPECT_EQ(adopter->judge().judgeInput(), solver->judge().judgeInput());
    expectSameAnswers(*solver, *adopter, 5);
    // Another seed: refused.
    Recipe other = recipe.value();
    ++other.seed;
    EXPECT_FALSE(handsOver(*game.generate(other)).prepareAdoption(state.header).has_value());
    // Abandoned: bytes of no meaning in the values, then a solve of its own.
    auto abandoned = game.generate(recipe.value());
    auto regions = handsOver(*abandoned).prepareAdoption(state.header);
    ASSERT_TRUE(regions.has_value());
    for (const Region& region : *regions) std::memset(region.data, 0xA5, region.size / 2);
    while (!abandoned->solving().solveSome(1 << 10)) {
    }
    EXPECT_EQ(abandoned->judge().judgeInput(), solver->judge().judgeInput());
    expectSameAnswers(*solver, *abandoned, 6);
  }
}

// The board the worker reads: its rules text in the load source.
BoardLoad rulesLoad(const std::string& rules, const std::string& params) {
  auto load = boardFromSource(LoadSource{BoardSource::kJudgeInput, kRulesGameId, params, rules},
                              SolveLimits{});
  if (!load) ADD_FAILURE() << load.error().toString();
  return std::move(load.value());
}

// A rules game's explored graph and values, from the board the worker reads to the page's (a
// game of its own from the same text), whether the page's board had begun solving or not;
// every kind of game: normal play with draws (cycle), scored (pick_ends), impartial with parts
// (dawson, kayles: parts met later are explored after the adoption), and the parameters'
// defaults and others.
TEST(Handover, RulesGamesAdoptTheirGraphAtAnyPoint) {
  const std::pair<const char*, std::vector<std::string>> examples[] = {
      {"cycle.lua", {"", "4"}},   {"pick_ends.lua", {"", "5"}}, {"dawson.lua", {"", "30"}},
      {"kayles.lua", {"", "25"}}, {"wythoff.lua", {"12 9"}},    {"take12.lua", {"", "40"}},
      {"queen.lua", {"", "9 4"}}, {"nim2.lua", {"", "7 2"}},    {"take134.lua", {""}}};
  int partly = 0;  // adoptions by a board that had begun solving
  for (const auto& [name, paramsList] : examples) {
    const std::string rules = readRulesExample(name);
    const auto game = std::make_shared<RulesGame>(LuaRules::load(rules).value(),
                                                  RulesGameOptions{kRulesGameId, "", rules});
    for (const std::string& given : paramsList) {
      const std::string params = given.empty() ? std::string(game->sample()) : given + "\n";
      SCOPED_TRACE(std::string(name) + " " + params);
      BoardLoad worker = rulesLoad(rules, params);
      ASSERT_TRUE(worker.job.board().handover() != nullptr);
      worker.job.solveForHandover();
      while (!worker.job.stepFor(50)) {
      }
      ASSERT_FALSE(worker.job.board().solving().solveError().has_value())
          << worker.job.board().solving().solveError()->toString();
      auto reference = solved(*game, params);
      for (const int steps : {0, 1, 5}) {
        SCOPED_TRACE(std::to_string(steps) + " steps solved by the adopter first");
        auto adopter = parsed(*game, params);
        for (int k = 0; k < steps && !adopter->solving().solved(); ++k)
          adopter->solving().solveSome(4);
        ASSERT_TRUE(handsOver(*adopter).adoptsOnceStarted());
        if (adopter->solving().solved()) {  // a small game finished by then adopts nothing
          EXPECT_FALSE(handsOver(*adopter).prepareAdoption(
              handsOver(worker.job.board()).solvedState().header));
          continue;
        }
        partly += steps > 0;
        ASSERT_TRUE(adopt(worker.job.board(), *adopter));
        expectSameAnswers(*reference, *adopter, steps);
      }
      // Another file's text, or other parameters: refused.
      BoardLoad other = rulesLoad(rules + "\n-- another file\n", params);
      EXPECT_FALSE(other.job.prepareAdoption(handsOver(worker.job.board()).solvedState().header)
                       .has_value());
    }
  }
  EXPECT_GE(partly, 20);
}

// A rules game whose solve fails (the rules raise an error deep in the exploration, or the game
// passes the positions cap) hands its failure over: the adopting board reports the same line,
// column and sentence without running the rules.
TEST(Handover, ARulesGamesFailureIsHandedOver) {
  const std::string rules =
      "game = {\n  params = {{'n', 3000, 0, 100000}},\n  start = function(p) return p.n end,\n"
      "  moves = function(s, p) if s > 0 then return {1} end return {} end,\n"
      "  play = function(s, m, p)\n    if s == 7 then error('seven is not allowed') end\n"
      "    return s - m\n  end,\n}\n";
  for (const auto& [params, limits] : {std::pair{std::string("3000\n"), SolveLimits{}},
                                       {"100000\n", SolveLimits{1 << 30, 5000}}}) {
    SCOPED_TRACE(params);
    auto worker =
        boardFromSource(LoadSource{BoardSource::kJudgeInput, kRulesGameId, params, rules}, limits);
    ASSERT_TRUE(worker.ok());
    while (!worker.value().job.stepFor(50)) {
    }
    const auto failure = worker.value().job.board().solving().solveError();
    ASSERT_TRUE(failure.has_value());
    auto page =
        boardFromSource(LoadSource{BoardSource::kJudgeInput, kRulesGameId, params, rules}, limits);
    const SolvedState state = handsOver(worker.value().job.board()).solvedState();
    EXPECT_TRUE(state.regions.empty());
    auto regions = page.value().job.prepareAdoption(state.header);
    ASSERT_TRUE(regions.has_value());
    EXPECT_TRUE(regions->empty());
    page.value().job.finishAdoption(1);
    ASSERT_TRUE(page.value().job.done());
    const auto adopted = page.value().job.board().solving().solveError();
    ASSERT_TRUE(adopted.has_value());
    EXPECT_EQ(adopted->toString(), failure->toString());
    EXPECT_EQ(adopted->line, failure->line);
  }
}

TEST(Handover, AHeaderOfAnotherBoardIsRefusedAndChangesNothing) {
  for (const Game* game : games()) {
    SCOPED_TRACE(game->id());
    SplitMix64 random(7);
    std::string one = game->sample(), other;
    do other = game->randomJudgeInput(random);
    while (other == one);
    auto solver = solved(*game, other);
    auto adopter = parsed(*game, one);
    const SolvedState state = handsOver(*solver).solvedState();
    if (state.header != handsOver(*solved(*game, one)).solvedState().header) {
      // (Two boards of the same shape share a header: the test needs one that differs.)
      EXPECT_FALSE(handsOver(*adopter).prepareAdoption(state.header).has_value());
    }
    std::vector<std::uint8_t> cut = state.header;
    cut.pop_back();
    EXPECT_FALSE(handsOver(*adopter).prepareAdoption(cut).has_value());
    std::vector<std::uint8_t> longer = state.header;
    longer.push_back(0);
    EXPECT_FALSE(handsOver(*adopter).prepareAdoption(longer).has_value());
    EXPECT_FALSE(adopter->solving().solved());
    // The board still solves itself afterwards.
    while (!adopter->solving().solveSome(1 << 12)) {
    }
    EXPECT_EQ(adopter->judge().judgeOutput(), solved(*game, one)->judge().judgeOutput());
    // A solved board adopts nothing.
    EXPECT_FALSE(
        handsOver(*adopter).prepareAdoption(handsOver(*adopter).solvedState().header).has_value());
  }
}

}  // namespace
}  // namespace gs
