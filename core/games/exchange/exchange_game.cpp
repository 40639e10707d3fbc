#include "games/exchange/exchange_game.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "base/drawing.h"
#include "base/forms.h"
#include "base/random.h"
#include "games/exchange/exchange_reference.h"
#include "games/shrink.h"
#include "games/solver_board.h"

namespace gs {
namespace {

const char* const kPlayers[] = {"Takahashi", "Aoki"};

// The game's messages, each written once (the English the code fills in, and its Chinese).
constexpr Phrase kTakes{"{CARD} takes {CARD2}", "{CARD} 并拿走 {CARD2}"};
constexpr Phrase kNoSuchCard{"there is no card number {N1} (the game has {N2} cards)",
                             "没有第 {N1} 张牌（本局共 {N2} 张牌）"};
constexpr Phrase kNotInHand{"card {CARD} is not in {PLAYER}'s hand",
                            "牌 {CARD} 不在{PLAYER}的手牌中"};
constexpr Phrase kNoSuchTakenCard{"there is no card number {N} to take", "没有可拿的第 {N} 张牌"};
constexpr Phrase kNotOnTable{"card {CARD} is not on the table", "牌 {CARD} 不在桌面上"};
constexpr Phrase kNotSmaller{"card {CARD} ({N1}) is not smaller than {CARD2} ({N2})",
                             "牌 {CARD}（{N1}）不比 {CARD2}（{N2}）小"};
constexpr Phrase kCardsBetween{"N + M + L must be between 3 and {N1}, found {N2}",
                               "N + M + L 应在 3 到 {N1} 之间，实际为 {N2}"};
constexpr Phrase kCardsOverBudget{
    "{N1} cards need {SIZE} to solve, over the memory budget of {BUDGET}",
    "{N1} 张牌求解需要 {SIZE}，超出内存预算 {BUDGET}"};
// The app's view of the board (imgui_app/exchange_view.cpp, rules_view.cpp).

Message cardOf(const ExchangeBoard& cards, int card) {
  return Message::verbatim(cards.cardName(card));
}

class ExchangeGameBoard final
    : public SolverBoard<ExchangeSolver, ExchangePosition, ExchangeBoard> {
 public:
  using SolverBoard::SolverBoard;

  const Game& game() const override { return exchangeGame(); }
  std::uint64_t positions() const override { return solver().positionsSolved(); }
  std::string judgeInput() const override { return formatExchange(board()); }
  std::uint64_t judgeInputNumbers() const override {
    return 3 + static_cast<std::uint64_t>(board().cardCount());
  }
  std::string judgeOutput() const override {
    return formatExchangeAnswer(solver().value(root()).win);
  }
  Message summary() const override { return describe(solver().value(root()), 0); }

  int sideToMove() const override { return here().side; }
  Message illegalReason(const Move& move) const override {
    const ExchangeBoard& cards = board();
    switch (solver().rule(here(), move)) {
      case ExchangeRule::kLegal:
        return "";
      case ExchangeRule::kNoSuchCard:
        return Message(kNoSuchCard, {{"N1", move.a + 1}, {"N2", cards.cardCount()}});
      case ExchangeRule::kNotInHand:
        return Message(kNotInHand,
                       {{"CARD", cardOf(cards, move.a)}, {"PLAYER", kPlayers[here().side]}});
      case ExchangeRule::kNoSuchTakenCard:
        return Message(kNoSuchTakenCard, {{"N", move.b + 1}});
      case ExchangeRule::kNotOnTable:
        return Message(kNotOnTable, {{"CARD", cardOf(cards, move.b)}});
      case ExchangeRule::kNotSmaller:
        return Message(kNotSmaller, {{"CARD", cardOf(cards, move.b)},
                                     {"N1", cards.cards[move.b]},
                                     {"CARD2", cardOf(cards, move.a)},
                                     {"N2", cards.cards[move.a]}});
    }
    return "";
  }
  void push(const Move& move) override { pushPosition(solver().play(here(), move)); }

  Value value() const override { return solver().value(here()); }
  // The reference remembers explicit hands in a std::map: up to 8 cards.
  std::optional<std::string> referenceJudgeOutput() const override {
    if (board().cardCount() > 8) return std::nullopt;
    std::vector<int> owner;
    for (int k = 0; k < board().cardCount(); ++k) owner.push_back(board().initialOwner(k));
    return reference::ExchangeMinimax(board()).solve(owner, 0).win ? "Takahashi\n" : "Aoki\n";
  }
  std::uint64_t moveCount() const override {
    std::uint64_t count = 0;
    const int cards = board().cardCount();
    for (int x = 0; x < cards; ++x) {
      if (here().owner[x] != here().side) continue;
      ++count;
      for (int y = 0; y < cards; ++y) count += solver().isLegal(here(), Move{x, y});
    }
    return count;
  }

  std::string moveName(const Move& move) const override {
    if (move.b < 0) return board().cardName(move.a);
    return Message(kTakes, {{"CARD", cardOf(board(), move.a)}, {"CARD2", cardOf(board(), move.b)}})
        .english();
  }
  std::string moveCode(const Move& move) const override {
    std::string code = board().cardName(move.a);
    if (move.b >= 0) code += "-" + board().cardName(move.b);
    return code;
  }
  Expected<Move> parseMoveCode(std::string_view code) const override {
    const ExchangeBoard& cards = board();
    const auto card = [&cards](std::string_view name) -> int {
      if (name.size() < 2) return -1;
      const auto number = parseDecimal(name.substr(1));
      const int counts[] = {cards.takahashi, cards.aoki, cards.table};
      const int firsts[] = {0, cards.takahashi, cards.takahashi + cards.aoki};
      const int hand = name[0] - 'A';
      if (!number || hand < 0 || hand > 2 || *number < 1 || *number > counts[hand]) return -1;
      return firsts[hand] + static_cast<int>(*number) - 1;
    };
    const std::size_t dash = code.find('-');
    const int played = card(code.substr(0, dash));
    const int taken = dash == std::string_view::npos ? -1 : card(code.substr(dash + 1));
    if (played < 0 || (dash != std::string_view::npos && taken < 0))
      return ParseError{0, 0,
                        "is not a move: a move is a card like A1 (Takahashi's), B2 (Aoki's) or "
                        "C1 (the table's) that exists on this board, optionally followed by "
                        "-C2, the card taken"};
    return Move{played, taken};
  }
  std::vector<NamedField> moveFields(const Move& move) const override {
    std::vector<NamedField> fields = {{"play", board().cardName(move.a)}, {"take", {}}};
    if (move.b >= 0) fields[1].value = board().cardName(move.b);
    return fields;
  }
  Message describe(const Value& value, int player) const override {
    const char* winner = kPlayers[value.win ? player : 1 - player];
    if (value.remoteness == 0) return Message(forms::kWinsGameOver, {{"PLAYER", winner}});
    return Message(value.remoteness == 1 ? forms::kWinsLastingOne : forms::kWinsLasting,
                   {{"PLAYER", winner}, {"N", value.remoteness}});
  }

  BoardSnapshot snapshot(const std::vector<Move>&, int) const override {
    BoardSnapshot snapshot;
    const ExchangeBoard& cards = board();
    for (int k = 0; k < cards.cardCount(); ++k)
      snapshot.cards.push_back({cards.cardName(k), cards.cards[k], here().owner[k]});
    return snapshot;
  }

  // Three rows of cards, Takahashi's hand, the table, Aoki's hand, each card with its name, its
  // number and the move of the line that last moved it (#3); below, the mover's legal moves
  // with their values, the best in bold green.
  Expected<SvgPicture> svgPicture(const std::vector<Move>& line, int step,
                                  const std::vector<MoveValue>& moves) const override {
    const ExchangeBoard& cards = board();
    const std::vector<int> moved = lastMoved(line, step);
    constexpr double kLabel = 150, kCardWidth = 84, kCardHeight = 56, kGap = 8, kRow = 70;
    constexpr std::size_t kListed = 30;
    SvgWriter svg;
    const int places[] = {0, 2, 1};
    const char* const kFill[] = {"#e3edfc", "#fde6e1", "#eeeeea"};
    double width = 0;
    for (int row = 0; row < 3; ++row) {
      const int place = places[row];
      const double y = row * kRow;
      std::string label = place == 2 ? "Table" : std::string(kPlayers[place]) + "'s hand";
      const bool mover = place == here().side && !moves.empty();
      svg.text(0, y + kCardHeight / 2 + 5, label, 13, "#222", "start", mover);
      if (mover) svg.text(0, y + kCardHeight / 2 + 21, "to move", 11, "#1a7f37", "start");
      double x = kLabel;
      for (int card = 0; card < cards.cardCount(); ++card) {
        if (here().owner[static_cast<std::size_t>(card)] != place) continue;
        svg.rect(x, y, kCardWidth, kCardHeight, kFill[place], "#555", 1, 6);
        svg.text(x + 6, y + 14, cards.cardName(card), 11, "#444", "start", true);
        const std::string number = std::to_string(cards.cards[static_cast<std::size_t>(card)]);
        svg.text(x + kCardWidth / 2, y + kCardHeight / 2 + 9, number,
                 fittedFontSize(number, 18, kCardWidth - 10), "#111", "middle", true);
        if (moved[static_cast<std::size_t>(card)] > 0)
          svg.text(x + kCardWidth - 6, y + 14,
                   "#" + std::to_string(moved[static_cast<std::size_t>(card)]), 11, "#a0522d",
                   "end");
        x += kCardWidth + kGap;
      }
      if (x == kLabel) svg.text(kLabel, y + kCardHeight / 2 + 5, "(empty)", 12, "#888", "start");
      width = std::max(width, x);
    }
    double y = 3 * kRow + 4;
    if (step > 0) {
      const std::string legend = "#k: the card was last moved by move k of the line";
      svg.text(0, y, legend, 11, "#a0522d", "start");
      width = std::max(width, textWidth(legend, 11));
      y += 20;
    } else {
      y += 4;
    }
    std::string header = moves.empty()
                             ? std::string(kPlayers[here().side]) + " has no card to play and loses"
                             : std::string("Moves for ") + kPlayers[here().side] +
                                   " (value for the mover; best in green):";
    svg.text(0, y, header, 12, "#222", "start", true);
    width = std::max(width, textWidth(header, 12));
    for (std::size_t k = 0; k < moves.size() && k < kListed; ++k) {
      y += 17;
      const std::string text = (moves[k].best ? "\xE2\x98\x85 " : "   ") + moveName(moves[k].move) +
                               ": " + describe(moves[k].value, here().side).english();
      svg.text(0, y, text, 12, moves[k].best ? "#1a7f37" : "#444", "start", moves[k].best);
      width = std::max(width, textWidth(text, 12));
    }
    if (moves.size() > kListed) {
      y += 17;
      svg.text(0, y, "... and " + std::to_string(moves.size() - kListed) + " more moves", 12,
               "#666", "start");
    }
    SvgPicture picture;
    picture.width = static_cast<int>(std::ceil(width));
    picture.height = static_cast<int>(std::ceil(y + 6));
    picture.elements = svg.take();
    return picture;
  }

  // A row per place (the two hands and the table), its cards as "A1 = 2", with the move of the
  // line that last moved a card.
  Expected<std::string> markdownBoard(const std::vector<Move>& line, int step) const override {
    const ExchangeBoard& cards = board();
    const std::vector<int> moved = lastMoved(line, step);
    std::string md = "| Place | Cards (name = number) |\n|---|---|\n";
    for (int place : {0, 2, 1}) {
      md += "| " + (place == 2 ? std::string("Table") : std::string(kPlayers[place]) + "'s hand");
      if (place == here().side) md += " (to move)";
      md += " |";
      std::string list;
      for (int card = 0; card < cards.cardCount(); ++card) {
        if (here().owner[static_cast<std::size_t>(card)] != place) continue;
        list += std::string(list.empty() ? " " : ", ") + cards.cardName(card) + " = " +
                std::to_string(cards.cards[static_cast<std::size_t>(card)]);
        if (moved[static_cast<std::size_t>(card)] > 0)
          list += " (moved at move " + std::to_string(moved[static_cast<std::size_t>(card)]) + ")";
      }
      md += (list.empty() ? std::string(" (empty)") : list) + " |\n";
    }
    return md;
  }

  // Per card, the number of the last move of line[0..step) that moved it (0: none).
  std::vector<int> lastMoved(const std::vector<Move>& line, int step) const {
    std::vector<int> moved(static_cast<std::size_t>(board().cardCount()), 0);
    for (int k = 0; k < step && k < static_cast<int>(line.size()); ++k) {
      moved[static_cast<std::size_t>(line[static_cast<std::size_t>(k)].a)] = k + 1;
      if (line[static_cast<std::size_t>(k)].b >= 0)
        moved[static_cast<std::size_t>(line[static_cast<std::size_t>(k)].b)] = k + 1;
    }
    return moved;
  }
};

// The rules as the Rules panel shows them (in English; translations() keys the Chinese on it).
constexpr const char* kExchangeRules =
    "Takahashi holds N cards, Aoki M cards, and L cards lie on the "
    "table; every card is face up. Takahashi moves first.\n"
    "A move: put one card from your hand on the table; then, if the "
    "table holds a card with a smaller number than the card you "
    "just put down, you may take one such card into your hand.\n"
    "A player whose hand is empty on their turn loses. The game "
    "always ends, so one player has a winning strategy.\n"
    "Values say who wins and in how many moves, the winner "
    "hurrying and the loser holding out. Among equally good moves "
    "the solver plays the first card in input order (A, then B, "
    "then C), keeping nothing before taking a card.";

class ExchangeGame final : public Game {
 public:
  const GameInfo& info() const override {
    static const GameInfo kInfo = {
        .id = "exchange",
        .title = "Exchange Game",
        .source = "AtCoder ABC380 F, Exchange Game",
        .players = {kPlayers[0], kPlayers[1]},
        .metric = Metric::kWinLossRemoteness,
        .metricName = "win/loss for the mover, remoteness",
        .inputShape = "N M L / N cards / M cards / L cards",
        .answerShape = "Takahashi or Aoki",
        .rules = kExchangeRules,
        .defaultSeed = 1,
    };
    return kInfo;
  }

  Expected<std::unique_ptr<GameBoard>> parse(std::string_view text,
                                             const SolveLimits& limits) const override {
    auto board = parseExchange(text, limits);
    if (!board) return board.error();
    return newGameBoard(std::move(board.value()));
  }
  const char* sample() const override { return "1 1 2\n2\n4\n1 3\n"; }
  std::uint64_t maxInputBytes(const SolveLimits& limits) const override {
    int cards = 3;
    while (cards < ExchangeBoard::kMaxCards &&
           exchangeMemoryNeeded(cards + 1) <= limits.memoryBudgetBytes)
      ++cards;
    const int widest = static_cast<int>(std::to_string(ExchangeBoard::kMaxCardValue).size());
    return judgeTextBytes(3, 2, 1) + judgeTextBytes(static_cast<std::uint64_t>(cards), widest, 3);
  }

  const std::vector<RecipeField>& recipeFields() const override {
    static const std::vector<RecipeField> kFields = {
        {.name = "N",
         .label = "N",
         .min = 1,
         .max = ExchangeBoard::kMaxCards,
         .judgeMax = 10,
         .cliDefault = 0,
         .appDefault = 3,
         .isSize = true},
        {.name = "M",
         .label = "M",
         .min = 1,
         .max = ExchangeBoard::kMaxCards,
         .judgeMax = 10,
         .cliDefault = 0,
         .appDefault = 3,
         .isSize = true},
        {.name = "L",
         .label = "L",
         .min = 1,
         .max = ExchangeBoard::kMaxCards,
         .judgeMax = 10,
         .cliDefault = 0,
         .appDefault = 3,
         .isSize = true},
        {.name = "MAX",
         .label = "max",
         .min = 1,
         .max = ExchangeBoard::kMaxCardValue,
         .judgeMax = ExchangeBoard::kMaxCardValue,
         .cliDefault = ExchangeBoard::kMaxCardValue,
         .appDefault = 20,
         .isSize = false},
    };
    return kFields;
  }
  Message checkRecipe(const Recipe& recipe, const SolveLimits& limits) const override {
    const std::int64_t cards = recipe.fields[0] + recipe.fields[1] + recipe.fields[2];
    if (cards > ExchangeBoard::kMaxCards)
      return Message(kCardsBetween, {{"N1", ExchangeBoard::kMaxCards}, {"N2", cards}});
    const std::uint64_t needed = exchangeMemoryNeeded(static_cast<int>(cards));
    if (needed <= limits.memoryBudgetBytes) return "";
    return Message(kCardsOverBudget, {{"N1", cards},
                                      {"SIZE", byteSize(needed)},
                                      {"BUDGET", byteSize(limits.memoryBudgetBytes)}});
  }
  std::unique_ptr<GameBoard> generate(const Recipe& recipe) const override {
    return newGameBoard(
        randomExchange(static_cast<int>(recipe.fields[0]), static_cast<int>(recipe.fields[1]),
                       static_cast<int>(recipe.fields[2]), recipe.fields[3], recipe.seed));
  }
  // The game's words in Chinese, with ABC380 F's names (高桥, 青木) and terms (手牌, 桌面).
  const std::vector<Phrase>& translations() const override {
    static const std::vector<Phrase> kPhrases = {
        {"exchange", "交换游戏"},
        {"Exchange Game", "交换游戏"},
        {"AtCoder ABC380 F, Exchange Game", "AtCoder ABC380 F，交换游戏（Exchange Game）"},
        {"Takahashi", "高桥"},
        {"Aoki", "青木"},
        {"win/loss for the mover, remoteness", "走棋一方的胜负，剩余步数"},
        {kExchangeRules,
         "高桥有 N 张手牌，青木有 M 张手牌，桌面上有 L 张牌；所有牌都是明牌。高桥先手。\n"
         "一步：从手牌中打出一张牌放到桌面上；然后，如果桌面上有比刚打出的牌数字更小的牌，"
         "可以（也可以不）把其中一张拿到手中。\n"
         "轮到自己时手牌为空的一方输。游戏总会结束，所以必有一方有必胜策略。\n"
         "局面值给出谁获胜、还要走几步，胜方求快，败方拖延。同样好的着法中，求解器按输入顺序"
         "（先 A，再 B，再 C）打出第一张牌，并优先不拿牌。"},
        kTakes,
        kNoSuchCard,
        kNotInHand,
        kNoSuchTakenCard,
        kNotOnTable,
        kNotSmaller,
        {"is not a move: a move is a card like A1 (Takahashi's), B2 (Aoki's) or C1 (the table's) "
         "that exists on this board, optionally followed by -C2, the card taken",
         "不是合法的着法：着法是本局中的一张牌，如 A1（高桥的）、B2（青木的）或 C1（桌面上的），"
         "后面可接 -C2，表示拿走的牌"},
        kExchangeTooManyCards,
        kCardsBetween,
        kExchangeOverBudget,
        kCardsOverBudget,
        {"Takahashi's cards A1..AN", "高桥的牌 A1..AN"},
        {"Aoki's cards B1..BM", "青木的牌 B1..BM"},
        {"the table's cards C1..CL", "桌面上的牌 C1..CL"},
        // The app's view of the board (imgui_app/exchange_view.cpp).
        {"Table", "桌面"},
        {"cards on the table: C1, C2, ...", "桌面上的牌：C1, C2, ..."},
        {"a move button: win or loss for the mover, and in how many moves",
         "着法按钮：走这步的一方是胜是负，以及还有几步"},
        {"The judge's limit: N + M + L \xE2\x89\xA4 %d (up to %d here)",
         "评测限制：N + M + L \xE2\x89\xA4 %d（这里最多 %d）"},
        kCardsOfA,
        kCardsOfB,
        kNoCardLoses,
    };
    return kPhrases;
  }

  std::string randomSizeRule() const override {
    return "exchange needs N, M, L >= 1 with N + M + L <= " +
           std::to_string(ExchangeBoard::kMaxCards);
  }

  std::vector<BenchBoard> benchBoards() const override {
    return {
        {"exchange 4+4+4 seed 1", formatExchange(randomExchange(4, 4, 4, 1000000000, 1))},
        {"exchange 2+2+8 seed 2", formatExchange(randomExchange(2, 2, 8, 20, 2))},
        {"exchange 6+5+1 seed 3", formatExchange(randomExchange(6, 5, 1, 1000000000, 3))},
    };
  }

  // check's boards: N + M + L between 3 and the judge's 12 (3..5 on one board in four), a hand
  // of one card on a third of the boards for each player, and card values up to 1, 2, 3, 5,
  // 10 or 10^9 (small ranges make equal cards, whose taking the rules forbid).
  std::string randomJudgeInput(SplitMix64& random) const override {
    const int total = static_cast<int>(random.between(0, 3) == 0
                                           ? random.between(3, 5)
                                           : random.between(3, ExchangeBoard::kJudgeMaxCards));
    const auto hand = [&random](int most) {
      return static_cast<int>(random.between(0, 2) == 0 ? 1 : random.between(1, most));
    };
    const int takahashi = hand(total - 2);
    const int aoki = hand(total - takahashi - 1);
    static const std::int64_t kRanges[] = {1, 2, 3, 5, 10, ExchangeBoard::kMaxCardValue};
    const std::int64_t maxValue = kRanges[random.between(0, 5)];
    return formatExchange(
        randomExchange(takahashi, aoki, total - takahashi - aoki, maxValue, random.next()));
  }

  // Fewer cards (each hand and the table keep at least one), then smaller values: the values
  // replaced by their ranks (equal cards stay equal), all halved, and each card alone lowered
  // to 1, half, or one less.
  std::vector<std::string> shrinkCandidates(std::string_view judgeInput) const override {
    auto parsed = parseExchange(judgeInput, SolveLimits{~std::uint64_t{0}});
    if (!parsed) return {};
    const ExchangeBoard& board = parsed.value();
    const std::string text = formatExchange(board);
    std::vector<std::string> out;
    const int counts[] = {board.takahashi, board.aoki, board.table};
    for (int card = 0; card < board.cardCount(); ++card) {
      if (counts[board.initialOwner(card)] == 1) continue;
      ExchangeBoard smaller = board;
      smaller.cards.erase(smaller.cards.begin() + card);
      int* count[] = {&smaller.takahashi, &smaller.aoki, &smaller.table};
      --*count[board.initialOwner(card)];
      addCandidate(out, text, formatExchange(smaller));
    }
    ExchangeBoard values = board;
    compressToRanks(values.cards, std::int64_t{1});
    addCandidate(out, text, formatExchange(values));
    values = board;
    for (auto& card : values.cards) card = std::max<std::int64_t>(1, card / 2);
    addCandidate(out, text, formatExchange(values));
    for (int card = 0; card < board.cardCount(); ++card) {
      for (std::int64_t smaller : smallerValues(board.cards[static_cast<std::size_t>(card)], 1)) {
        values = board;
        values.cards[static_cast<std::size_t>(card)] = smaller;
        addCandidate(out, text, formatExchange(values));
      }
    }
    return out;
  }
};

}  // namespace

const Game& exchangeGame() {
  static const ExchangeGame kGame;
  return kGame;
}

std::unique_ptr<GameBoard> newGameBoard(ExchangeBoard board) {
  return std::make_unique<ExchangeGameBoard>(std::move(board));
}

ExchangeBoard randomExchange(int takahashi, int aoki, int table, std::int64_t maxValue,
                             std::uint64_t seed) {
  SplitMix64 random(seed);
  ExchangeBoard board;
  board.takahashi = takahashi;
  board.aoki = aoki;
  board.table = table;
  board.cards.resize(static_cast<std::size_t>(takahashi + aoki + table));
  for (auto& card : board.cards) card = random.between(1, maxValue);
  return board;
}

}  // namespace gs
