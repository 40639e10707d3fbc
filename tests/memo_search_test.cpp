// The rules' memo search (Rules::memoSearch, core/rules/memo_search.lua) against the host's
// explore-then-solve (core/rules/rules_solver.h): where the search answers, its value and outcome
// are the whole solve's; where it cannot reproduce the host exactly, it hands over (nullopt).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/lua_rules.h"
#include "rules/memo_search.lua.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"

namespace gs {
namespace {

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::shared_ptr<RulesGame> gameOf(const std::string& text) {
  auto rules = LuaRules::load(text);
  EXPECT_TRUE(rules) << (rules ? "" : rules.error().toString());
  if (!rules) return nullptr;
  RulesGameOptions options;
  options.rulesText = text;
  return std::make_shared<RulesGame>(rules.value(), options);
}

// The value of the whole solve, as `gamesolver value` printed it before the search.
std::string solvedValue(const RulesGame& game, const Params& params) {
  auto board = game.board(params, SolveLimits{});
  while (!board->solving().solveSome(std::uint64_t{1} << 20)) {
  }
  if (auto error = board->solving().solveError()) return "error: " + error->toString();
  return rulesValueText(game.header().kind, board->value());
}

// The search's value line, or "handed over".
std::string searchedValue(const RulesGame& game, const Params& params) {
  const auto value = rulesSearchedValue(game, params, SolveLimits{});
  return value ? rulesValueText(game.header().kind, *value) : "handed over";
}

// Who wins by the search with cut-offs ("handed over" where it does not answer).
std::string searchedOutcome(const RulesGame& game, const Params& params) {
  const auto found = game.rules().memoSearch(params, Rules::SearchQuestion::kOutcome,
                                             {std::uint64_t{1} << 30, 20'000'000});
  if (!found) return "handed over";
  return endResultWord(found->outcome);
}

// The word of a whole solve's value: win, loss or draw.
std::string wordOf(const std::string& value) {
  return value.substr(0, value.find(' '));
}

// The cases of a file: its parameters' defaults, or its sample's cases.
std::vector<Params> casesOf(const RulesGame& game) {
  if (!game.header().hasRead) return {game.defaults()};
  std::vector<Params> out;
  auto cases = game.cases(game.sample());
  if (!cases) return out;
  for (const std::string& encoded : cases.value()) {
    Params params;
    params.input = std::make_shared<const std::string>(encoded);
    out.push_back(params);
  }
  return out;
}

// The search the host runs is core/rules/memo_search.lua byte for byte (the build makes it the
// string kLuaMemoSearch, loaded as the chunk "memo_search.lua": its errors' line numbers are the
// file's), and it is a chunk that returns the search.
TEST(RulesMemoSearch, TheEmbeddedSearchIsTheLuaFile) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/core/rules/memo_search.lua", std::ios::binary);
  ASSERT_TRUE(in) << "core/rules/memo_search.lua";
  std::stringstream file;
  file << in.rdbuf();
  EXPECT_EQ(std::string(kLuaMemoSearch), file.str());
  EXPECT_EQ(sizeof(kLuaMemoSearch) - 1, file.str().size());
  EXPECT_NE(file.str().find("\nreturn function(mode, "), std::string::npos);
}

TEST(RulesMemoSearch, EveryExampleAndBenchFileAgreesWithTheWholeSolve) {
  std::vector<std::filesystem::path> files;
  for (const char* folder : {"/web/examples/rules", "/tests/bench/plain", "/tests/rules/patterns"})
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(GS_SOURCE_DIR) + folder)) {
      const std::string name = entry.path().filename().string();
      if (name.size() > 4 && name.substr(name.size() - 4) == ".lua" &&
          (std::string(folder) != "/tests/bench/plain" ||
           name.find(".rules.") != std::string::npos))
        files.push_back(entry.path());
    }
  ASSERT_GT(files.size(), 20u);
  int searched = 0, outcomes = 0;
  for (const auto& file : files) {
    const auto game = gameOf(readFile(file));
    ASSERT_TRUE(game) << file;
    for (const Params& params : casesOf(*game)) {
      const std::string whole = solvedValue(*game, params);
      const std::string value = searchedValue(*game, params);
      if (value != "handed over") {
        ++searched;
        EXPECT_EQ(value, whole) << file;
      }
      const RulesHeader& header = game->header();
      // (A sum of parts by its Grundy number, unless its moves are its parts'.)
      const bool searchable =
          header.kind != RulesKind::kScored && !(header.hasParts && header.movesByPart);
      const std::string outcome = searchedOutcome(*game, params);
      if (outcome != "handed over") {
        ++outcomes;
        EXPECT_TRUE(searchable) << file;
        EXPECT_EQ(outcome, header.kind == RulesKind::kImpartial
                               ? std::string(whole == "sg 0" ? "loss" : "win")
                               : wordOf(whole))
            << file;
      }
    }
  }
  // Integer positions are the search's: about half of these files have them.
  EXPECT_GE(searched, 10);
  EXPECT_GE(outcomes, 8);
}

// The app's lazy board (rulesSearchPosition): the positions along a line of play from the
// start, each searched in the memo the earlier ones left, against the solved board at the same
// position: who moves, who wins, each move's outcome for its maker and name, and the drawing.
// The line varies its moves (the k-th position plays its move 7k + 1, modulo their count) and
// ends at the end of play or after 12 moves. With `values`, the whole values too: the
// position's and each move's, equal to the solved board's.
void expectPositionsAlongALine(const RulesGame& game, const Params& params, GameBoard& board,
                               const std::string& what, bool values) {
  const bool impartial = game.header().kind == RulesKind::kImpartial;
  const auto outcomeOf = [impartial](const Value& value) {
    if (impartial) return value.score != 0 ? EndResult::kWin : EndResult::kLoss;
    return value.draw ? EndResult::kDraw : value.win ? EndResult::kWin : EndResult::kLoss;
  };
  std::vector<std::size_t> line;
  std::vector<Move> played;
  for (;;) {
    const std::string where =
        what + (values ? ", values" : "") + ", after " + std::to_string(line.size()) + " moves";
    const auto searched = rulesSearchPosition(game, params, line, values, SolveLimits{});
    EXPECT_TRUE(searched) << where << ": " << (searched ? "" : searched.error().toString());
    if (!searched) break;
    EXPECT_EQ(searched->mover, board.sideToMove()) << where;
    EXPECT_EQ(searched->outcome, outcomeOf(board.value())) << where;
    const std::vector<MoveValue> moves = board.moves();
    ASSERT_EQ(searched->moveOutcomes.size(), moves.size()) << where;
    ASSERT_EQ(searched->names.size(), moves.size()) << where;
    EXPECT_EQ(searched->valued, values) << where;
    if (values) {
      EXPECT_EQ(searched->metric, board.game().info().metric) << where;
      EXPECT_EQ(searched->value, board.value()) << where;
      ASSERT_EQ(searched->moveValues.size(), moves.size()) << where;
    }
    for (std::size_t k = 0; k < moves.size(); ++k) {
      // A move's value is its maker's (an impartial move's `win` says whether the Grundy
      // number it leads to is 0).
      const Value& value = moves[k].value;
      const EndResult maker = value.draw  ? EndResult::kDraw
                              : value.win ? EndResult::kWin
                                          : EndResult::kLoss;
      EXPECT_EQ(searched->moveOutcomes[k], maker) << where << ", move " << k + 1;
      EXPECT_EQ(searched->names[k], board.texts().moveName(moves[k].move)) << where;
      if (values) EXPECT_EQ(searched->moveValues[k], value) << where << ", move " << k + 1;
    }
    const BoardSnapshot shown = board.pictures()->snapshot(played, static_cast<int>(played.size()));
    EXPECT_EQ(searched->shown.text, shown.text) << where;
    EXPECT_EQ(searched->shown.grid, shown.grid) << where;
    if (moves.empty() || line.size() == 12) break;
    const std::size_t k = (7 * line.size() + 1) % moves.size();
    line.push_back(k);
    played.push_back(moves[k].move);
    board.push(moves[k].move);
  }
  for (std::size_t k = 0; k < played.size(); ++k) board.pop();
}

// The app's answer ahead of the whole solve (rulesBoardOutcome, which the solver worker posts
// before it solves a rules board whole), checked against the whole solve: who wins, and the best
// moves (the whole solve's moves of the start's outcome, in order, named as the board names
// them). Returns whether the search answered; counts in *mixed the starts where some moves are
// best and others not.
bool expectBoardOutcome(const RulesGame& game, const Params& params, const std::string& what,
                        int* mixed = nullptr) {
  const RulesHeader& header = game.header();
  const std::string whole = solvedValue(game, params);
  const auto board = game.board(params, SolveLimits{});
  const auto found = rulesBoardOutcome(*board, SolveLimits{});
  if (!found) return false;
  EXPECT_TRUE(header.kind == RulesKind::kNormalPlay ||
              (header.kind == RulesKind::kImpartial && !header.hasParts))
      << what;
  const std::string word = endResultWord(found->outcome);
  EXPECT_EQ(word, header.kind == RulesKind::kImpartial
                      ? std::string(whole == "sg 0" ? "loss" : "win")
                      : wordOf(whole))
      << what;
  // The board itself is untouched: it solves whole afterwards, to the same value.
  while (!board->solving().solveSome(std::uint64_t{1} << 20)) {
  }
  EXPECT_EQ(rulesValueText(header.kind, board->value()), whole) << what;
  const std::vector<MoveValue> moves = board->moves();
  EXPECT_EQ(found->moves, moves.size()) << what;
  std::vector<std::string> best;
  for (const MoveValue& move : moves) {
    const EndResult maker = move.value.draw  ? EndResult::kDraw
                            : move.value.win ? EndResult::kWin
                                             : EndResult::kLoss;
    if (found->outcome != EndResult::kLoss && maker == found->outcome)
      best.push_back(board->texts().moveName(move.move));
  }
  EXPECT_EQ(found->bestCount, best.size()) << what;
  if (best.size() > 12) best.resize(12);
  EXPECT_EQ(found->bestNames, best) << what;
  if (mixed && found->bestCount > 0 && found->bestCount < found->moves) ++*mixed;
  // The cut-off search's memo and the values' are kept side by side: each line twice over.
  for (const bool values : {false, true, false, true})
    expectPositionsAlongALine(game, params, *board, what, values);
  return true;
}

// On every example, bench and pattern file, for each of its cases: nothing (positions that are
// not integers, scored games, parts) or the whole solve's answer.
TEST(RulesMemoSearch, TheBoardsOutcomeAheadOfTheWholeSolveIsItsWinner) {
  int answered = 0, silent = 0, mixed = 0;
  for (const char* folder : {"/web/examples/rules", "/tests/bench/plain", "/tests/rules/patterns"})
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(GS_SOURCE_DIR) + folder)) {
      const std::string name = entry.path().filename().string();
      if (name.size() < 4 || name.substr(name.size() - 4) != ".lua" ||
          (std::string(folder) == "/tests/bench/plain" &&
           name.find(".rules.") == std::string::npos))
        continue;
      const auto game = gameOf(readFile(entry.path()));
      ASSERT_TRUE(game) << name;
      for (const Params& params : casesOf(*game))
        ++(expectBoardOutcome(*game, params, name, &mixed) ? answered : silent);
    }
  EXPECT_GE(answered, 8);
  EXPECT_GE(silent, 10);
  EXPECT_GE(mixed, 4);
}

// Small games with every feature the search reproduces, each over a range of parameters.
struct Case {
  const char* what;
  const char* rules;
};

const Case kFeatures[] = {
    {"mover: a player may move twice (position = pile * 2 + who)", R"(
game = {
  params = { {"n", 5, 0, 30} },
  start = function(p) return p.n * 2 end,
  mover = function(s, p) return s % 2 + 1 end,
  moves = function(s, p)
    local n = s // 2
    if n == 0 then return {} end
    if n == 1 then return {1} end
    return {1, 2}
  end,
  play = function(s, k, p)
    local n, who = s // 2, s % 2
    if k == 1 then return (n - 1) * 2 + (1 - who) end
    return (n - 2) * 2 + who
  end,
})"},
    {"result: drawn ends and misere wins", R"(
game = {
  params = { {"n", 9, 0, 40} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    for _, k in ipairs({1, 2, 5}) do if k <= s then r[#r + 1] = k end end
    return r
  end,
  play = function(s, k, p) return s - k end,
  result = function(s, p) return (p.n % 3 == 0) and "draw" or "win" end,
})"},
    {"result: draws part way, losses elsewhere", R"(
game = {
  params = { {"n", 12, 0, 40} },
  start = function(p) return p.n end,
  moves = function(s, p)
    if s % 7 == 3 then return {} end
    local r = {}
    for _, k in ipairs({1, 2}) do if k <= s then r[#r + 1] = k end end
    return r
  end,
  play = function(s, k, p) return s - k end,
  result = function(s, p) return s % 7 == 3 and "draw" or "loss" end,
})"},
    {"scored: alternating players, gains and an end score", R"(
game = {
  params = { {"n", 10, 0, 18} },
  start = function(p) return p.n end,
  moves = function(s, p) if s == 0 then return {} end return s >= 2 and {1, 2} or {1} end,
  play = function(s, k, p) return s - k end,
  gain = function(s, k, p) return (s * 7 + k * 3) % 5 - 2 end,
  score = function(s, p) return p.n % 4 - 1 end,
})"},
    {"scored: gains alone (no score, no mover), whole floats as positions and gains", R"(
game = {
  params = { {"n", 10, 0, 24} },
  start = function(p) return p.n * 1.0 end,
  moves = function(s, p) if s < 1 then return {} end return s < 3 and {1} or {1, 3} end,
  play = function(s, m, p) return (s - m) * 1.0 end,
  gain = function(s, m, p) return s % 4 == 1 and -2.0 * m or m * s - 7 end,
})"},
    {"scored: mover, whole floats", R"(
game = {
  params = { {"n", 10, 0, 18} },
  start = function(p) return p.n * 2.0 end,
  mover = function(s, p) return (s // 2) % 3 == 0 and 1 or 2 end,
  moves = function(s, p) if s < 2 then return {} end return {"a", "b"} end,
  play = function(s, k, p) return k == "a" and s - 2.0 or (s >= 4 and s - 4 or s - 2) end,
  gain = function(s, k, p) return k == "a" and 3.0 or -1 end,
})"},
    {"booleans and integers as positions", R"(
game = {
  params = { {"n", 6, 0, 12} },
  start = function(p) return p.n end,
  moves = function(s, p)
    if s == true then return {} end
    if s == 0 then return {"end"} end
    return s >= 3 and {"one", "three"} or {"one"}
  end,
  play = function(s, k, p)
    if k == "end" then return true end
    return k == "one" and s - 1 or s - 3
  end,
})"},
    {"impartial with parts: integer heaps, sums as tables", R"(
game = {
  impartial = true,
  params = { {"n", 12, 0, 40} },
  start = function(p) return {p.n, p.n // 2} end,
  parts = function(s, p)
    if math.type(s) == "integer" then return {s} end
    return s
  end,
  moves = function(s, p)
    local r = {}
    for a = 1, (s - 1) // 2 do r[#r + 1] = a end
    if s >= 1 then r[#r + 1] = 0 end
    return r
  end,
  play = function(s, a, p) if a == 0 then return s - 1 end return {a, s - a} end,
})"},
    {"the file replaces globals after it is loaded", R"(
local moves = function(s, p)
  local r = {}
  for k = 1, 3 do if k <= s then r[#r + 1] = k end end
  return r
end
math = nil; type = nil; error = nil; tostring = nil; string = nil
game = {
  params = { {"n", 10, 0, 40} },
  start = function(p) return p.n end,
  moves = moves,
  play = function(s, k, p) return s - k end,
})"},
};

TEST(RulesMemoSearch, EachFeatureGivesTheWholeSolvesValue) {
  for (const Case& feature : kFeatures) {
    const auto game = gameOf(feature.rules);
    ASSERT_TRUE(game) << feature.what;
    const RulesParam& param = game->header().params.at(0);
    for (std::int64_t n = param.min; n <= param.max; ++n) {
      const Params params{std::vector<std::int64_t>{n}};
      const std::string whole = solvedValue(*game, params);
      EXPECT_EQ(searchedValue(*game, params), whole) << feature.what << ", n = " << n;
      const RulesHeader& header = game->header();
      if (header.kind == RulesKind::kNormalPlay)
        EXPECT_EQ(searchedOutcome(*game, params), wordOf(whole)) << feature.what << ", n = " << n;
      expectBoardOutcome(*game, params, std::string(feature.what) + ", n = " + std::to_string(n));
    }
  }
}

// game.children (the rules' optional visitor of a position's children, for the search alone)
// as moves, play and gain give them: appended to a file, it must change no value.
const char kChildrenByMoves[] = R"(
game.children = function(s, p, visit)
  for _, m in ipairs(game.moves(s, p)) do
    local c = game.play(s, m, p)
    if game.gain then
      if visit(c, game.gain(s, m, p)) then return end
    elseif visit(c) then
      return
    end
  end
end)";

TEST(RulesMemoSearch, ChildrenGivesTheWholeSolvesValueWithEveryFeature) {
  for (const Case& feature : kFeatures) {
    const auto plain = gameOf(feature.rules);
    const auto game = gameOf(std::string(feature.rules) + kChildrenByMoves);
    ASSERT_TRUE(plain && game) << feature.what;
    const RulesParam& param = game->header().params.at(0);
    for (std::int64_t n = param.min; n <= param.max; ++n) {
      const Params params{std::vector<std::int64_t>{n}};
      const std::string whole = solvedValue(*plain, params);
      EXPECT_EQ(searchedValue(*game, params), whole) << feature.what << ", n = " << n;
      if (game->header().kind == RulesKind::kNormalPlay)
        EXPECT_EQ(searchedOutcome(*game, params), wordOf(whole)) << feature.what << ", n = " << n;
      expectBoardOutcome(*game, params,
                         std::string(feature.what) + " with children, n = " + std::to_string(n));
    }
    EXPECT_EQ(game->rules().searchNote(), "") << feature.what;
  }
}

// Wythoff's game with children that leaves out the moves from both piles at a = b = 7: the
// check finds it at the start, says where, and the search runs on without it.
TEST(RulesMemoSearch, ChildrenThatDifferFromPlayIsNamedAndLeftOut) {
  const std::string rules = R"(game = {
  params = { {"a", 9, 0, 60}, {"b", 9, 0, 60} },
  start = function(p) return p.a * 64 + p.b end,
  moves = function(s, p)
    local a, b, r = s // 64, s % 64, {}
    for k = 1, a do r[#r + 1] = k end
    for k = 1, b do r[#r + 1] = 64 + k end
    for k = 1, math.min(a, b) do r[#r + 1] = 128 + k end
    return r
  end,
  play = function(s, m, p)
    local kind, k = m // 64, m % 64
    return kind == 0 and s - k * 64 or kind == 1 and s - k or s - k * 65
  end,
  children = function(s, p, visit)
    local a, b = s // 64, s % 64
    for k = 1, a do if visit(s - k * 64) then return end end
    for k = 1, b do if visit(s - k) then return end end
    if a == 7 and b == 7 then return end
    for k = 1, math.min(a, b) do if visit(s - k * 65) then return end end
  end,
})";
  const auto game = gameOf(rules);
  ASSERT_TRUE(game);
  const Params params{std::vector<std::int64_t>{9, 9}};
  // From (9, 9), (7, 7) is met within the check: with the diagonal left out it would be lost.
  EXPECT_EQ(searchedOutcome(*game, params), "win");
  EXPECT_EQ(game->rules().searchNote(),
            "line 15: game.children differs from moves and play at position 455: it visited 14 "
            "children where moves lists 21 moves");
  EXPECT_EQ(searchedValue(*game, params), solvedValue(*game, params));
  // In a scored game, with a score at the ends and of gains alone: a gain children gives that
  // gain does not is named, and the value is the whole solve's.
  for (const char* score : {"", "\n  score = function(s, p) return s end,"}) {
    const auto scored = gameOf(std::string(R"(game = {
  start = function(p) return 40 end,
  moves = function(s, p) return s > 0 and {1, 2} or {} end,
  play = function(s, m, p) return s - m end,
  gain = function(s, m, p) return m == 1 and 3 or -1 end,)") +
                               score + R"(
  children = function(s, p, visit)
    if s <= 0 then return end
    visit(s - 1, 3)
    visit(s - 2, s == 30 and 5 or -1)
  end,
})");
    ASSERT_TRUE(scored) << score;
    EXPECT_EQ(searchedValue(*scored, scored->defaults()), solvedValue(*scored, scored->defaults()))
        << score;
    EXPECT_EQ(scored->rules().searchNote(),
              std::string("line ") + (*score ? "7" : "6") +
                  ": game.children differs from moves and play at position 30: move 2 has the "
                  "gain -1, where children gave 5")
        << score;
  }
  // A clean children is not named.
  const auto fine = gameOf(std::string(R"(game = {
  start = function(p) return 30 end,
  moves = function(s, p) return s > 0 and {1} or {} end,
  play = function(s, m, p) return s - 1 end,
  children = function(s, p, visit) if s > 0 then visit(s - 1) end end,
})"));
  ASSERT_TRUE(fine);
  EXPECT_EQ(searchedValue(*fine, fine->defaults()), "loss 30");
  EXPECT_EQ(fine->rules().searchNote(), "");
}

// A search of more than a few milliseconds runs as a coroutine, in slices of about 4 million
// of the rules' instructions between yields (core/rules/lua_search.cpp, kSearchSlice: each
// resume enters the interpreter's loop anew, which a WebAssembly engine then runs in its best
// code), with the whole solve's value. Visits made inside a function that a C function of the
// rules calls (string.gsub's, here) cannot yield (a yield cannot cross that call): such a
// search runs in one slice, with the same value.
TEST(RulesMemoSearch, ALongSearchRunsInSlicesWithTheWholeSolvesValue) {
  const std::string wythoff = R"(game = {
  params = { {"a", 64, 0, 64}, {"b", 64, 0, 64} },
  start = function(p) return p.a * 128 + p.b end,
  moves = function(s, p)
    local a, b, r = s // 128, s % 128, {}
    for k = 1, a do r[#r + 1] = k * 128 end
    for k = 1, b do r[#r + 1] = k end
    for k = 1, math.min(a, b) do r[#r + 1] = k * 129 end
    return r
  end,
  play = function(s, m, p) return s - m end,
})";
  const std::string visits = R"(
    local a, b = s // 128, s % 128
    for k = 1, a do if visit(s - k * 128) then return end end
    for k = 1, b do if visit(s - k) then return end end
    for k = 1, math.min(a, b) do if visit(s - k * 129) then return end end)";
  const struct {
    const char* what;
    std::string children;
    bool slices;
  } kCases[] = {
      {"moves and play", "", true},
      {"children", "\ngame.children = function(s, p, visit)" + visits + "\nend", true},
      {"children visiting inside string.gsub's function",
       "\ngame.children = function(s, p, visit) string.gsub('x', 'x', function()" + visits +
           "\nend) end",
       false},
  };
  const auto plain = gameOf(wythoff);
  ASSERT_TRUE(plain);
  for (const Params& params :
       {Params{std::vector<std::int64_t>{64, 64}}, Params{std::vector<std::int64_t>{64, 61}}}) {
    const std::string whole = solvedValue(*plain, params);
    for (const auto& variant : kCases) {
      const auto game = gameOf(wythoff + variant.children);
      ASSERT_TRUE(game) << variant.what;
      Rules::SearchLimits limits{std::uint64_t{1} << 30, 20'000'000};
      std::uint64_t between = 0;  // the calls of onSlice: one between each two slices
      limits.onSlice = [&between] { ++between; };
      const auto found = game->rules().memoSearch(params, Rules::SearchQuestion::kValue, limits);
      ASSERT_TRUE(found) << variant.what;
      EXPECT_EQ(between, found->slices - 1) << variant.what;
      EXPECT_EQ(found->positions, (params[0] + 1) * (params[1] + 1)) << variant.what;
      if (variant.slices)
        EXPECT_GT(found->slices, 3u) << variant.what;
      else
        EXPECT_EQ(found->slices, 1u) << variant.what;
      EXPECT_EQ(searchedValue(*game, params), whole) << variant.what;
      EXPECT_EQ(wordOf(searchedOutcome(*game, params)), wordOf(whole)) << variant.what;
      EXPECT_EQ(game->rules().searchNote(), "") << variant.what;
    }
  }
}

// The search hands over by raising errors, its own or the interpreter's; a pcall or xpcall of the
// rules around a visit catches none of them. A game of cycles, whose draws only the host
// decides: with the visits inside a pcall, the search answered "win 3" where the game is a draw.
TEST(RulesMemoSearch, APcallOfTheRulesAroundAVisitCatchesNoHandOver) {
  const std::string game = R"(game = {
  params = { {"n", 6, 1, 12} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    if s >= 1 then r[#r + 1] = 1 end
    if s >= 2 then r[#r + 1] = 2 end
    if s >= 1 and s < p.n then r[#r + 1] = 3 end
    return r
  end,
  play = function(s, m, p) if m == 3 then return s + 1 end return s - m end,
})";
  const std::string visits = R"(function()
      if s >= 1 and visit(s - 1) then return end
      if s >= 2 and visit(s - 2) then return end
      if s >= 1 and s < p.n and visit(s + 1) then return end
    end)";
  const auto plain = gameOf(game);
  ASSERT_TRUE(plain);
  for (const std::string& call : {"pcall(" + visits + ")", "xpcall(" + visits + ", tostring)",
                                  "pcall(pcall, " + visits + ")"}) {
    const auto guarded =
        gameOf(game + "\ngame.children = function(s, p, visit)\n  " + call + "\nend");
    ASSERT_TRUE(guarded) << call;
    int draws = 0;
    for (std::int64_t n = 1; n <= 12; ++n) {
      const Params params{std::vector<std::int64_t>{n}};
      const std::string whole = solvedValue(*plain, params);
      const bool draw = wordOf(whole) == "draw";
      draws += draw;
      // A cycle met on the line hands over, a draw or not.
      const std::string value = searchedValue(*guarded, params);
      const std::string outcome = searchedOutcome(*guarded, params);
      if (draw) {
        EXPECT_EQ(value, "handed over") << call << ", n = " << n;
        EXPECT_EQ(outcome, "handed over") << call << ", n = " << n;
      } else {
        EXPECT_TRUE(value == whole || value == "handed over")
            << call << ", n = " << n << ": " << value << " against " << whole;
        EXPECT_TRUE(outcome == wordOf(whole) || outcome == "handed over")
            << call << ", n = " << n << ": " << outcome << " against " << whole;
      }
    }
    EXPECT_GT(draws, 5) << call;
    EXPECT_EQ(guarded->rules().searchNote(), "") << call;
  }
}

// A visit function the rules keep and call outside children (from mover, result, score or
// parts, once, at a position above the start and at one on the line) changes no value: only
// the visits of the call of children under way count.
TEST(RulesMemoSearch, AVisitCalledOutsideChildrenChangesNoValue) {
  const Case kStray[] = {
      {"outcome: visits from result", R"(
local kept, done
game = {
  params = { {"n", 25, 0, 60} },
  start = function(p) return p.n end,
  moves = function(s, p) local r = {} for k = 1, math.min(s, 3) do r[k] = k end return r end,
  play = function(s, k, p) return s - k end,
  result = function(s, p) if kept and not done then done = true kept(p.n + 7) kept(0) end return "loss" end,
  children = function(s, p, visit) kept = visit for k = 1, math.min(s, 3) do if visit(s - k) then return end end end,
})"},
      {"scored: visits from score", R"(
local kept, done
game = {
  params = { {"n", 14, 0, 20} },
  start = function(p) return p.n end,
  moves = function(s, p) if s == 0 then return {} end return s >= 2 and {1, 2} or {1} end,
  play = function(s, k, p) return s - k end,
  gain = function(s, k, p) return (s * 7 + k * 3) % 5 - 2 end,
  score = function(s, p) if kept and not done then done = true kept(p.n + 3, 1000) kept(1, -1000) end return 1 end,
  children = function(s, p, visit)
    kept = visit
    if s >= 1 then visit(s - 1, (s * 7 + 3) % 5 - 2) end
    if s >= 2 then visit(s - 2, (s * 7 + 6) % 5 - 2) end
  end,
})"},
      {"scored, gains alone: visits from gain, while children is checked", R"(
local kept, done = {}, false
game = {
  params = { {"n", 14, 0, 20} },
  start = function(p) kept, done = {}, false return p.n end,  -- each search: its own visits
  moves = function(s, p) if s == 0 then return {} end return s >= 2 and {1, 2} or {1} end,
  play = function(s, k, p) return s - k end,
  gain = function(s, k, p)  -- the search's visits, called while it checks children by gain
    if #kept >= 3 and not done then
      done = true
      for _, visit in ipairs(kept) do visit(p.n + 3, 1000) visit(1, -1000) end
    end
    return s - 3 * k
  end,
  children = function(s, p, visit)
    local known = false
    for _, v in ipairs(kept) do known = known or v == visit end
    if not known then kept[#kept + 1] = visit end
    if s >= 1 then visit(s - 1, s - 3) end
    if s >= 2 then visit(s - 2, s - 6) end
  end,
})"},
      {"scored with mover: visits from mover", R"(
local kept, done
game = {
  params = { {"n", 14, 0, 20} },
  start = function(p) return p.n end,
  mover = function(s, p) if kept and not done then done = true kept(p.n + 2, 99) end return s % 3 == 0 and 2 or 1 end,
  moves = function(s, p) if s == 0 then return {} end return s >= 2 and {1, 2} or {1} end,
  play = function(s, k, p) return s - k end,
  gain = function(s, k, p) return s - 3 * k end,
  children = function(s, p, visit)
    kept = visit
    if s >= 1 then visit(s - 1, s - 3) end
    if s >= 2 then visit(s - 2, s - 6) end
  end,
})"},
      {"impartial with parts: visits from parts", R"(
local kept, done
game = {
  impartial = true,
  params = { {"n", 30, 0, 40} },
  start = function(p) return p.n end,
  parts = function(s, p)
    if kept and not done and math.type(s) == "integer" then done = true kept(p.n + 5, 9) kept(1) end
    if math.type(s) == "integer" then return {s} end
    return s
  end,
  moves = function(s, p) local r = {} for a = 1, (s - 1) // 2 do r[a] = a end return r end,
  play = function(s, a, p) return {a, s - a} end,
  children = function(s, p, visit) kept = visit for a = 1, (s - 1) // 2 do visit(a, s - a) end end,
})"},
  };
  for (const Case& stray : kStray) {
    int searched = 0;
    const auto game = gameOf(stray.rules);
    ASSERT_TRUE(game) << stray.what;
    const RulesParam& param = game->header().params.at(0);
    for (std::int64_t n = param.min; n <= param.max; ++n) {
      const Params params{std::vector<std::int64_t>{n}};
      const auto fresh = gameOf(stray.rules);  // its own kept visit: none yet
      const std::string whole = solvedValue(*fresh, params);
      // A stray visit may reach a position on the line (a cycle to the search, which hands
      // over): the value is the whole solve's, or none.
      const std::string value = searchedValue(*game, params);
      if (value != "handed over") ++searched;
      EXPECT_TRUE(value == whole || value == "handed over")
          << stray.what << ", n = " << n << ": " << value << " against " << whole;
      if (game->header().kind == RulesKind::kNormalPlay) {
        const std::string outcome = searchedOutcome(*game, params);
        EXPECT_TRUE(outcome == wordOf(whole) || outcome == "handed over")
            << stray.what << ", n = " << n << ": " << outcome << " against " << whole;
      }
    }
    EXPECT_GT(searched, 0) << stray.what;
  }
}

// Lines deeper than the search's Lua stack holds (DEEPEST, 10,000 moves): each search keeps
// them, with every feature it has, by moves and play and by children (kChildrenByMoves), and
// gives the whole solve's value; a cycle longer than that, which only the host decides, is
// handed over.
const Case kDeepLines[] = {
    {"normal play, take 1, 2 or 7", R"(
game = {
  params = { {"n", 30000, 0, 40000} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    for _, m in ipairs({1, 2, 7}) do if m <= s then r[#r + 1] = m end end
    return r
  end,
  play = function(s, m, p) return s - m end,
})"},
    {"mover and result: who moves changes along the line", R"(
game = {
  params = { {"n", 25000, 0, 40000} },
  start = function(p) return p.n * 3 end,
  mover = function(s, p) return (s // 3) % 5 < 2 and 1 or 2 end,
  moves = function(s, p) if s < 3 then return {} end return {1, 2} end,
  play = function(s, m, p) return (s // 3 - 1) * 3 + (s % 3 + m) % 3 end,
  result = function(s, p) return s % 3 == 0 and "win" or "loss" end,
})"},
    {"scored, a score at the end", R"(
game = {
  params = { {"n", 30000, 0, 40000} },
  start = function(p) return p.n end,
  moves = function(s, p) if s < 1 then return {} end return s < 2 and {1} or {1, 2} end,
  play = function(s, m, p) return s - m end,
  gain = function(s, m, p) return m * (s % 3 - 1) end,
  score = function(s, p) return 5 end,
})"},
    {"scored with mover", R"(
game = {
  params = { {"n", 30000, 0, 40000} },
  start = function(p) return p.n end,
  mover = function(s, p) return s % 4 == 0 and 2 or 1 end,
  moves = function(s, p) if s < 1 then return {} end return s < 2 and {1} or {1, 2} end,
  play = function(s, m, p) return s - m end,
  gain = function(s, m, p) return (s * m) % 5 - 2 end,
})"},
    {"impartial, take 1, 3 or 4", R"(
game = {
  impartial = true,
  params = { {"n", 30000, 0, 40000} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    for _, m in ipairs({1, 3, 4}) do if m <= s then r[#r + 1] = m end end
    return r
  end,
  play = function(s, m, p) return s - m end,
})"},
    {"impartial with parts: take one, or split off a heap of 1", R"(
game = {
  impartial = true,
  params = { {"n", 24000, 0, 40000} },
  start = function(p) return p.n end,
  parts = function(s, p)
    if math.type(s) == "integer" then return {s} end
    return s
  end,
  moves = function(s, p) if s < 1 then return {} end return s < 3 and {1} or {1, 2} end,
  play = function(s, m, p) if m == 1 then return s - 1 end return {s - 2, 1} end,
})"},
};

TEST(RulesMemoSearch, LinesDeeperThanItsStackStayInTheSearch) {
  for (const Case& deep : kDeepLines) {
    const auto plain = gameOf(deep.rules);
    ASSERT_TRUE(plain) << deep.what;
    const std::int64_t start = plain->defaults().at(0);
    for (const char* children : {"", kChildrenByMoves}) {
      const auto game = gameOf(std::string(deep.rules) + children);
      ASSERT_TRUE(game) << deep.what;
      const std::string what = deep.what + std::string(*children ? " with children" : "");
      for (const std::int64_t n : {start, std::int64_t{10001}}) {
        const Params params{std::vector<std::int64_t>{n}};
        const std::string whole = solvedValue(*plain, params);
        EXPECT_EQ(searchedValue(*game, params), whole) << what << ", n = " << n;
        if (game->header().kind == RulesKind::kNormalPlay)
          EXPECT_EQ(searchedOutcome(*game, params), wordOf(whole)) << what << ", n = " << n;
      }
      if (game->header().kind != RulesKind::kScored && !game->header().hasParts)
        EXPECT_TRUE(expectBoardOutcome(*game, game->defaults(), what)) << what;
      EXPECT_EQ(game->rules().searchNote(), "") << what;
    }
  }
  // A cycle of 25,000 positions (the host decides its draws): handed over by the search that
  // marks its line and by the one with cut-offs alone, which marks nothing but its roots.
  for (const char* children :
       {"",
        " children = function(s, p, visit) if visit((s + 1) % 25000) then return end"
        " if s == 3 then visit(-1) end end,"}) {
    const auto game = gameOf(
        std::string("game = { start = function(p) return 0 end,"
                    " moves = function(s, p) if s < 0 then return {} end"
                    " return s == 3 and {1, 2} or {1} end,"
                    " play = function(s, m, p) return m == 1 and (s + 1) % 25000 or -1 end,") +
        children + " }");
    ASSERT_TRUE(game) << children;
    EXPECT_EQ(solvedValue(*game, game->defaults()), "loss 4") << children;
    EXPECT_EQ(searchedValue(*game, game->defaults()), "handed over") << children;
    EXPECT_EQ(searchedOutcome(*game, game->defaults()), "handed over") << children;
  }
}

// answer() reading r.children of a sum of parts (Codeforces 305E, Playing with String: the
// first cut that wins) is answered by the memo search, each move's sum searched in the same
// memo, with the brute force's answer on strings of every shape.
TEST(RulesMemoSearch, TheChildrenOfASumOfPartsAreSearched) {
  const auto game = gameOf(readFile(std::string(GS_SOURCE_DIR) +
                                    "/tests/bench/contest_sizes/playing_with_string.rules.lua"));
  ASSERT_TRUE(game);
  // The brute force: runs of cuttable positions, the Grundy number of a run by its cuts.
  const auto brute = [](const std::string& text) {
    const int n = static_cast<int>(text.size());
    std::vector<std::pair<int, int>> runs;  // first position (1-based), length
    for (int i = 2; i < n;) {
      if (text[static_cast<std::size_t>(i - 2)] == text[static_cast<std::size_t>(i)]) {
        const int first = i;
        while (i < n && text[static_cast<std::size_t>(i - 2)] == text[static_cast<std::size_t>(i)])
          ++i;
        runs.emplace_back(first, i - first);
      } else {
        ++i;
      }
    }
    std::vector<int> sg(static_cast<std::size_t>(n) + 1, 0);
    const auto left = [](int L, int j) {
      return std::pair<int, int>{std::max(j - 2, 0), std::max(L - j - 1, 0)};
    };
    for (int L = 1; L <= n; ++L) {
      std::vector<bool> seen(static_cast<std::size_t>(L) + 2, false);
      for (int j = 1; j <= L; ++j) {
        const auto [a, b] = left(L, j);
        const int g = sg[static_cast<std::size_t>(a)] ^ sg[static_cast<std::size_t>(b)];
        if (g <= L) seen[static_cast<std::size_t>(g)] = true;
      }
      int g = 0;
      while (seen[static_cast<std::size_t>(g)]) ++g;
      sg[static_cast<std::size_t>(L)] = g;
    }
    int total = 0;
    for (const auto& run : runs) total ^= sg[static_cast<std::size_t>(run.second)];
    if (total == 0) return std::string("Second\n");
    for (const auto& [first, L] : runs)
      for (int j = 1; j <= L; ++j) {
        const auto [a, b] = left(L, j);
        if ((total ^ sg[static_cast<std::size_t>(L)] ^ sg[static_cast<std::size_t>(a)] ^
             sg[static_cast<std::size_t>(b)]) == 0)
          return "First\n" + std::to_string(first + j - 1) + "\n";
      }
    return std::string("?\n");
  };
  std::uint64_t seed = 7;
  int first = 0;
  for (int round = 0; round < 60; ++round) {
    std::string text;
    const int length = 1 + round % 40 + round / 2;
    for (int k = 0; k < length; ++k) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      text += static_cast<char>('a' + (seed >> 33) % (round % 3 == 0 ? 2 : 3));
    }
    JudgeOutputStats stats;
    const auto output = rulesJudgeOutput(*game, text + "\n", SolveLimits{}, &stats);
    ASSERT_TRUE(output) << text << ": " << output.error().toString();
    const std::string expected = brute(text);
    EXPECT_EQ(output.value(), expected) << text;
    EXPECT_EQ(stats.searched, 1u) << text;
    first += expected[0] == 'F';
  }
  EXPECT_GE(first, 10);  // both answers are met (46 of 60 are First)
  EXPECT_LE(first, 55);
}

// The raw reads of p (next, rawget, rawlen) read the case itself in the memo search as in the
// whole solve, and count as reading it whole: every case's answer is the brute force's.
TEST(RulesMemoSearch, RawReadsOfACaseReadTheCase) {
  const auto game = gameOf(
      "game = {\n"
      "  read = function(text)\n"
      "    local cases = {}\n"
      "    for n, k in text:gmatch('(%d+) (%d+)') do\n"
      "      cases[#cases + 1] = {n = tonumber(n), k = tonumber(k)}\n"
      "    end\n"
      "    return cases\n"
      "  end,\n"
      "  start = function(p) return p.n end,\n"
      "  moves = function(s, p)\n"
      "    local k = rawget(p, 'k') or 1\n"
      "    local fields = 0\n"
      "    for _ in next, p do fields = fields + 1 end\n"
      "    if fields ~= 2 or rawlen(p) ~= 0 then k = 1 end\n"
      "    local r = {}\n"
      "    for m = 1, math.min(s, k) do r[m] = m end\n"
      "    return r\n"
      "  end,\n"
      "  play = function(s, m, p) return s - m end,\n"
      "  answer = function(r, p) return r.outcome end,\n"
      "}\n");
  ASSERT_TRUE(game);
  std::string input, expected;
  for (int n = 20; n < 40; ++n) {
    const int k = 2 + n % 4;
    input += std::to_string(n) + " " + std::to_string(k) + "\n";
    expected += std::string(n % (k + 1) == 0 ? "loss" : "win") + "\n";
  }
  JudgeOutputStats stats;
  const auto output = rulesJudgeOutput(*game, input, SolveLimits{}, &stats);
  ASSERT_TRUE(output) << output.error().toString();
  EXPECT_EQ(output.value(), expected);
  EXPECT_EQ(stats.searched, 20u);
}

// What the search cannot reproduce exactly is the whole solve's, which names any error.
TEST(RulesMemoSearch, HandsOverWhatOnlyTheHostDecides) {
  const Case kHandedOver[] = {
      {"a table position (the host's KeyTable interns it faster than Lua's strings)",
       "game = { start = function(p) return {3} end,"
       " moves = function(s, p) return s[1] > 0 and {1} or {} end,"
       " play = function(s, m, p) return {s[1] - 1} end }"},
      {"a position with a cycle",
       "game = { start = function(p) return 1 end,"
       " moves = function(s, p) return s == 1 and {1} or {} end,"
       " play = function(s, m, p) local t = {} t[1] = t return t end }"},
      {"a string position (the host's keys leave strings to the collector)",
       "game = { start = function(p) return 'xxx' end,"
       " moves = function(s, p) return #s > 0 and {1} or {} end,"
       " play = function(s, m, p) return s:sub(2) end }"},
      {"a cycle",
       "game = { start = function(p) return 0 end,"
       " moves = function(s, p) return {1} end,"
       " play = function(s, m, p) return (s + 1) % 3 end }"},
      {"a gain that is not whole",
       "game = { start = function(p) return 1 end,"
       " moves = function(s, p) return s > 0 and {1} or {} end,"
       " play = function(s, m, p) return s - 1 end,"
       " gain = function(s, m, p) return 2.5 end }"},
      {"a margin past 2^62",
       "game = { start = function(p) return 1 end,"
       " moves = function(s, p) return s > 0 and {1} or {} end,"
       " play = function(s, m, p) return s - 1 end,"
       " gain = function(s, m, p) return 1 << 62 end }"},
      {"moves that are not an array",
       "game = { start = function(p) return 1 end,"
       " moves = function(s, p) return s > 0 and {x = 1} or {} end,"
       " play = function(s, m, p) return s - 1 end }"},
      {"a function as a position",
       "game = { start = function(p) return 1 end,"
       " moves = function(s, p) return s == 1 and {1} or {} end,"
       " play = function(s, m, p) return print end }"},
      {"a call that loops",
       "game = { start = function(p) return 1 end,"
       " moves = function(s, p) while s > 0 do end return {} end,"
       " play = function(s, m, p) return s - 1 end }"},
      {"a cycle, with children",
       "game = { start = function(p) return 0 end,"
       " moves = function(s, p) return {1} end,"
       " play = function(s, m, p) return (s + 1) % 3 end,"
       " children = function(s, p, visit) visit((s + 1) % 3) end }"},
      {"children that loops visiting the same child",
       "game = { start = function(p) return 2 end,"
       " moves = function(s, p) return s > 0 and {1} or {} end,"
       " play = function(s, m, p) return s - 1 end,"
       " children = function(s, p, visit) while s > 1 do visit(s - 1) end"
       " if s == 1 then visit(0) end end }"},
      {"a child of children that is a string",
       "game = { start = function(p) return 3000 end,"
       " moves = function(s, p) return s > 0 and {1} or {} end,"
       " play = function(s, m, p) return s - 1 end,"
       " children = function(s, p, visit) if s > 0 then visit(s == 5 and '4' or s - 1) end end }"},
      {"a gain of children that is a table with __bor",
       "local g = setmetatable({}, {__bor = function() return 1 end})"
       " game = { start = function(p) return 3000 end,"
       " moves = function(s, p) return s > 0 and {1} or {} end,"
       " play = function(s, m, p) return s - 1 end,"
       " gain = function(s, m, p) return 1 end,"
       " children = function(s, p, visit) if s > 0 then visit(s - 1, s == 5 and g or 1) end end }"},
      {"a child of children that is a table whose __bor returns itself",
       "local c c = setmetatable({}, {__bor = function() return c end})"
       " game = { start = function(p) return 3000 end,"
       " moves = function(s, p) return s > 0 and {1} or {} end,"
       " play = function(s, m, p) return s - 1 end,"
       " gain = function(s, m, p) return 1 end,"
       " children = function(s, p, visit) if s > 0 then visit(s == 5 and c or s - 1, 1) end end }"},
      {"a child of children that is a table whose __bor gives a position",
       "local c = setmetatable({}, {__bor = function() return 4 end})"
       " game = { start = function(p) return 3000 end,"
       " moves = function(s, p) return s > 0 and {1} or {} end,"
       " play = function(s, m, p) return s - 1 end,"
       " gain = function(s, m, p) return 1 end,"
       " children = function(s, p, visit) if s > 0 then visit(s == 5 and c or s - 1, 1) end end }"},
      {"a margin of gains alone past 2^62, with children",
       "local big = (1 << 62) - 1"
       " game = { start = function(p) return 3000 end,"
       " moves = function(s, p) return s > 0 and {1} or {} end,"
       " play = function(s, m, p) return s - 1 end,"
       " gain = function(s, m, p) return s == 2 and big or s == 1 and -big or 1 end,"
       " children = function(s, p, visit)"
       " if s > 0 then visit(s - 1, s == 2 and big or s == 1 and -big or 1) end end }"},
      {"a cycle in a game of gains alone, with children",
       "game = { start = function(p) return 0 end,"
       " moves = function(s, p) return {1} end,"
       " play = function(s, m, p) return (s + 1) % 3 end,"
       " gain = function(s, m, p) return 1 end,"
       " children = function(s, p, visit) visit((s + 1) % 3, 1) end }"},
      {"three parts given to visit",
       "game = { impartial = true, start = function(p) return 3000 end,"
       " parts = function(s, p) if math.type(s) == 'integer' then return {s} end return s end,"
       " moves = function(s, p) return s > 2 and {1} or {} end,"
       " play = function(s, m, p) return {s - 2, 1, 1} end,"
       " children = function(s, p, visit) if s > 2 then visit(s - 2, 1, 1) end end }"},
  };
  for (const Case& handed : kHandedOver) {
    const auto game = gameOf(handed.rules);
    ASSERT_TRUE(game) << handed.what;
    EXPECT_EQ(searchedValue(*game, game->defaults()), "handed over") << handed.what;
  }
  // A gain of children that is a table whose __bor returns itself, with arithmetic to match (it
  // passed the search's test of a gain before): handed over by both scored searches, the one
  // of gains alone and the one with a score at the ends.
  for (const char* score : {"", " score = function(s, p) return 2 end,"}) {
    const auto game = gameOf(
        std::string("local g g = setmetatable({}, {__bor = function() return g end,"
                    " __sub = function() return 0 end, __add = function() return 0 end,"
                    " __lt = function() return false end, __le = function() return false end})"
                    " game = { start = function(p) return 3000 end,"
                    " moves = function(s, p) return s > 0 and {1} or {} end,"
                    " play = function(s, m, p) return s - 1 end,"
                    " gain = function(s, m, p) return 1 end,") +
        score +
        " children = function(s, p, visit) if s > 0 then visit(s - 1, s == 5 and g or 1) end end "
        "}");
    ASSERT_TRUE(game) << score;
    EXPECT_EQ(searchedValue(*game, game->defaults()), "handed over") << score;
  }
  // Gains of children that only the host reads, in both scored searches: a string that reads as a
  // number, a fraction, a size of 2^62 either way, not-a-number, infinity, a boolean.
  for (const char* gain : {"'1'", "2.5", "1 << 62", "-(1 << 62)", "0 / 0", "1 / 0", "true"}) {
    for (const char* score : {"", " score = function(s, p) return 2 end,"}) {
      const auto game =
          gameOf(std::string("game = { start = function(p) return 3000 end,"
                             " moves = function(s, p) return s > 0 and {1} or {} end,"
                             " play = function(s, m, p) return s - 1 end,"
                             " gain = function(s, m, p) return s == 5 and ") +
                 gain + " or 1 end," + score +
                 " children = function(s, p, visit) if s > 0 then visit(s - 1, s == 5 and " + gain +
                 " or 1) end end }");
      ASSERT_TRUE(game) << gain << score;
      EXPECT_EQ(searchedValue(*game, game->defaults()), "handed over") << gain << score;
    }
  }
  // Children of the search with cut-offs, the players alternating and by mover (whose visits
  // search a new child inline): a child that only the host keys is handed over (a string that
  // reads as a number, a fraction, not-a-number, infinity, a table whose __bor gives a
  // position); a whole float is its integer and a boolean its own key, searched with the whole
  // solve's outcome.
  for (const char* mover : {"", " mover = function(s, p) return s % 3 == 0 and 2 or 1 end,"}) {
    const auto withChild = [mover](const std::string& child) {
      return gameOf(std::string("local c = setmetatable({}, {__bor = function() return 4 end})"
                                " game = { start = function(p) return 3000 end,") +
                    mover +
                    " moves = function(s, p) return s > 0 and {1} or {} end,"
                    " play = function(s, m, p) return s - 1 end,"
                    " children = function(s, p, visit) if s > 0 then visit(s == 5 and " +
                    child + " or s - 1) end end }");
    };
    for (const char* child : {"'4'", "4.5", "0 / 0", "1 / 0", "c"}) {
      const auto game = withChild(child);
      ASSERT_TRUE(game) << child << mover;
      EXPECT_EQ(searchedOutcome(*game, game->defaults()), "handed over") << child << mover;
    }
    const auto whole = withChild("4.0");
    ASSERT_TRUE(whole);
    EXPECT_EQ(searchedOutcome(*whole, whole->defaults()),
              wordOf(solvedValue(*whole, whole->defaults())))
        << mover;
  }
  for (const char* mover : {"", " mover = function(s, p) return s == false and 2 or 1 end,"}) {
    const auto game = gameOf(std::string("game = { start = function(p) return 2 end,") + mover +
                             " moves = function(s, p) return s == 2 and {1} or"
                             " s == true and {2} or {} end,"
                             " play = function(s, m, p) return m == 1 and true or false end,"
                             " children = function(s, p, visit)"
                             " if s == 2 then visit(true) elseif s == true then visit(false) end"
                             " end }");
    ASSERT_TRUE(game) << mover;
    const std::string solved = wordOf(solvedValue(*game, game->defaults()));
    EXPECT_EQ(solved, *mover ? "win" : "loss") << mover;
    EXPECT_EQ(searchedOutcome(*game, game->defaults()), solved) << mover;
  }
  // Past the positions cap: handed over, and the whole solve names the cap.
  const auto game = gameOf(
      "game = { start = function(p) return 1000 end,"
      " moves = function(s, p) return s > 0 and {1} or {} end,"
      " play = function(s, m, p) return s - 1 end }");
  ASSERT_TRUE(game);
  SolveLimits limits;
  limits.maxPositions = 100;
  EXPECT_FALSE(rulesSearchedValue(*game, game->defaults(), limits));
  limits.maxPositions = 2000;
  EXPECT_EQ(rulesValueText(RulesKind::kNormalPlay,
                           rulesSearchedValue(*game, game->defaults(), limits).value()),
            "loss 1000");
}

// The cases of one input share the memo of the fields of p they read: a case with the same
// values of every field the earlier cases' searches read goes on in their memo, a case with
// another value of one of them starts afresh; every answer is the brute force's.
TEST(RulesMemoSearch, CasesShareTheMemoOfTheFieldsTheyRead) {
  // Take 1 .. p.small from a heap of at most 50, 1 .. p.big from a larger one: a case whose
  // search stays at or below 50 reads p.small alone. p.note is never read.
  const std::string kRules =
      "game = {\n"
      "  read = function(text)\n"
      "    local cases = {}\n"
      "    for n, small, big, note in text:gmatch('(%d+) (%d+) (%d+) (%a+)') do\n"
      "      cases[#cases + 1] = {n = tonumber(n), small = tonumber(small),\n"
      "                           big = tonumber(big), note = note}\n"
      "    end\n"
      "    return cases\n"
      "  end,\n"
      "  start = function(p) return p.n end,\n"
      "  moves = function(s, p)\n"
      "    local r = {}\n"
      "    for m = 1, math.min(s, s > 50 and p.big or p.small) do r[m] = m end\n"
      "    return r\n"
      "  end,\n"
      "  play = function(s, m, p) return s - m end,\n"
      "  answer = function(r, p) return r.outcome end,\n"
      "}\n";
  const auto game = gameOf(kRules);
  ASSERT_TRUE(game);
  struct Row {
    int n, small, big;
  };
  const std::vector<Row> rows = {{40, 2, 5},  {45, 2, 9}, {100, 2, 7}, {120, 2, 7},
                                 {100, 2, 5}, {40, 3, 5}, {200, 3, 5}, {37, 2, 5}};
  // The brute force: a heap is lost when no move leads to a lost heap.
  const auto lost = [](const Row& row) -> bool {
    std::vector<bool> lose(static_cast<std::size_t>(row.n) + 1);
    for (int s = 0; s <= row.n; ++s) {
      bool any = false;
      for (int m = 1; m <= std::min(s, s > 50 ? row.big : row.small); ++m)
        any = any || lose[static_cast<std::size_t>(s - m)];
      lose[static_cast<std::size_t>(s)] = !any;
    }
    return lose[static_cast<std::size_t>(row.n)];
  };
  std::string input, expected;
  std::uint64_t alone = 0;  // positions searched with each case an input of its own
  for (const Row& row : rows) {
    const std::string line = std::to_string(row.n) + " " + std::to_string(row.small) + " " +
                             std::to_string(row.big) + " note" + std::to_string(row.n) + "\n";
    input += line;
    const std::string answer = lost(row) ? "loss" : "win";
    expected += answer + "\n";
    JudgeOutputStats stats;
    const auto output = rulesJudgeOutput(*game, line, SolveLimits{}, &stats);
    ASSERT_TRUE(output) << output.error().toString();
    EXPECT_EQ(output.value(), answer + "\n") << line;
    EXPECT_EQ(stats.searched, 1u) << line;
    alone += stats.positions;
  }
  JudgeOutputStats stats;
  const auto output = rulesJudgeOutput(*game, input, SolveLimits{}, &stats);
  ASSERT_TRUE(output) << output.error().toString();
  EXPECT_EQ(output.value(), expected);
  EXPECT_EQ(stats.searched, rows.size());
  // Shared: 45 after 40 (small = 2), 120 after 100 (2, 7), 37 after 40 ... each searches only
  // what the memo lacks.
  EXPECT_LT(stats.positions, alone);
  std::printf("cases of one input: %llu positions searched, %llu with each case alone\n",
              static_cast<unsigned long long>(stats.positions),
              static_cast<unsigned long long>(alone));
  // Again, the same input: the same answers (read() runs again and the memos start afresh).
  const auto again = rulesJudgeOutput(*game, input, SolveLimits{}, nullptr);
  ASSERT_TRUE(again);
  EXPECT_EQ(again.value(), expected);
}

// A value read() leaves in a global, that the other functions read instead of p, is the input's
// own: the memo of one input's cases does not serve the next input's.
TEST(RulesMemoSearch, NoMemoOutlivesTheInputItWasMadeFor) {
  const auto game = gameOf(
      "local K\n"
      "game = {\n"
      "  read = function(text)\n"
      "    local n, k = text:match('(%d+) (%d+)')\n"
      "    K = tonumber(k)\n"
      "    return {{n = tonumber(n)}}\n"
      "  end,\n"
      "  start = function(p) return p.n end,\n"
      "  moves = function(s, p)\n"
      "    local r = {}\n"
      "    for m = 1, math.min(s, K) do r[m] = m end\n"
      "    return r\n"
      "  end,\n"
      "  play = function(s, m, p) return s - m end,\n"
      "  answer = function(r, p) return r.outcome end,\n"
      "}\n");
  ASSERT_TRUE(game);
  for (int k = 1; k <= 6; ++k) {
    const auto output = rulesJudgeOutput(*game, "30 " + std::to_string(k), SolveLimits{});
    ASSERT_TRUE(output) << output.error().toString();
    EXPECT_EQ(output.value(), std::string(30 % (k + 1) == 0 ? "loss" : "win") + "\n") << k;
  }
}

}  // namespace
}  // namespace gs
