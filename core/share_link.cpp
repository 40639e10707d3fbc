#include "share_link.h"

#include <algorithm>

#include "random_boards.h"

namespace gs {
namespace {

ParseError linkError(std::string message) { return ParseError{0, 0, std::move(message)}; }

bool isUnreserved(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Splits on a separator (an empty text gives no items).
std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> items;
  if (text.empty()) return items;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = text.find(separator, begin);
    items.push_back(text.substr(begin, end == std::string_view::npos ? end : end - begin));
    if (end == std::string_view::npos) break;
    begin = end + 1;
  }
  return items;
}

// A non-negative decimal integer of at most 18 digits.
std::optional<std::int64_t> parseNumber(std::string_view text) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  std::int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

// The `b` part: groups separated by '_' (the judge's lines), numbers by '.'.
std::string boardToLinkPart(const std::string& judgeText) {
  std::string part;
  std::size_t end = judgeText.size();
  while (end > 0 && (judgeText[end - 1] == '\n' || judgeText[end - 1] == ' ')) --end;
  for (std::size_t k = 0; k < end; ++k) part += judgeText[k] == '\n' ? '_' : judgeText[k] == ' ' ? '.' : judgeText[k];
  return part;
}

std::string linkPartToBoard(std::string_view part) {
  std::string text;
  text.reserve(part.size() + 1);
  for (char c : part) text += c == '_' ? '\n' : c == '.' ? ' ' : c;
  return text + "\n";
}

}  // namespace

std::string recipeText(const BoardRecipe& recipe) {
  const auto join = [](std::initializer_list<std::int64_t> values) {
    std::string text;
    for (std::int64_t value : values) text += (text.empty() ? "" : ".") + std::to_string(value);
    return text;
  };
  const auto seed = static_cast<std::int64_t>(recipe.seed);
  switch (recipe.game) {
    case GameId::kStaircase:
      return join({recipe.sizes[0], recipe.sizes[1], recipe.maxValue, seed});
    case GameId::kExchange:
      return join({recipe.sizes[0], recipe.sizes[1], recipe.sizes[2], recipe.maxValue, seed});
    case GameId::kManhattan:
      return join({recipe.sizes[0], recipe.m, seed});
  }
  return "";
}

Expected<ShareLink> parseLink(std::string_view fragment) {
  if (fragment.size() > kMaxLinkLength)
    return linkError("the link is " + std::to_string(fragment.size()) +
                     " characters long; links of at most " + std::to_string(kMaxLinkLength) +
                     " are accepted");
  // Character numbers in messages count from the start of the link as given ('#' included).
  const std::size_t offset = !fragment.empty() && fragment.front() == '#' ? 1 : 0;
  fragment.remove_prefix(offset);
  if (fragment.empty()) return linkError("the link is empty; it needs at least g= and b= or r=");
  // Percent-escapes first; the decoded text must consist of URL-safe characters, '=' and '&'.
  std::string text;
  for (std::size_t k = 0; k < fragment.size(); ++k) {
    char c = fragment[k];
    if (c == '%') {
      const int high = k + 1 < fragment.size() ? hexValue(fragment[k + 1]) : -1;
      const int low = k + 2 < fragment.size() ? hexValue(fragment[k + 2]) : -1;
      if (high < 0 || low < 0)
        return linkError("character " + std::to_string(k + 1 + offset) +
                         " of the link: '%' must start an escape like %2E");
      c = static_cast<char>(high * 16 + low);
      k += 2;
    }
    if (!isUnreserved(c) && c != '=' && c != '&')
      return linkError("character " + std::to_string(k + 1 + offset) + " of the link: " +
                       quoteToken(std::string_view(&c, 1)) + " cannot appear in a link");
    text += c;
  }

  ShareLink link;
  bool seen[9] = {};
  static const char* const kKeys[] = {"g", "b", "r", "m", "s", "embed", "autoplay", "ro", "p"};
  std::string_view gamePart, boardPart, recipePart;
  for (std::string_view item : split(text, '&')) {
    const std::size_t equals = item.find('=');
    const std::string_view key = item.substr(0, equals);
    const std::string_view value = equals == std::string_view::npos ? std::string_view() : item.substr(equals + 1);
    const int index = static_cast<int>(std::find(std::begin(kKeys), std::end(kKeys), key) - std::begin(kKeys));
    if (index == 9)
      return linkError("unknown link part " + quoteToken(key) +
                       " (known parts: g, b, r, m, s, embed, autoplay, ro, p)");
    if (equals == std::string_view::npos)
      return linkError("link part " + quoteToken(key) + " needs a value (" + std::string(key) + "=…)");
    if (seen[index]) return linkError("link part " + quoteToken(key) + " appears twice");
    seen[index] = true;
    switch (index) {
      case 0: gamePart = value; break;
      case 1: boardPart = value; break;
      case 2: recipePart = value; break;
      case 3:
        for (std::string_view code : split(value, '.')) link.moves.emplace_back(code);
        break;
      case 4: {
        const auto step = parseNumber(value);
        if (!step || *step > 1000000000)
          return linkError("s (the step) must be a number of moves, found " + quoteToken(value));
        link.step = static_cast<int>(*step);
        break;
      }
      case 5: case 6: case 7: {
        if (value != "0" && value != "1")
          return linkError(std::string(key) + " must be 0 or 1, found " + quoteToken(value));
        bool& flag = index == 5 ? link.view.embed : index == 6 ? link.view.autoplay : link.view.readOnly;
        flag = value == "1";
        break;
      }
      case 8:
        if (value.size() != 2 || (value[0] != 'h' && value[0] != 'c') ||
            (value[1] != 'h' && value[1] != 'c'))
          return linkError("p (the players) must be two letters h (human) or c (computer), "
                           "found " + quoteToken(value));
        link.view.computer[0] = value[0] == 'c';
        link.view.computer[1] = value[1] == 'c';
        break;
    }
  }
  if (!seen[0]) return linkError("the link names no game (g=staircase, exchange or manhattan)");
  const auto game = gameIdFromName(gamePart);
  if (!game)
    return linkError("g (the game) must be staircase, exchange or manhattan, found " +
                     quoteToken(gamePart));
  link.game = *game;
  if (seen[1] == seen[2])
    return linkError(seen[1] ? "the link has both b (a board) and r (a recipe); it needs one"
                             : "the link has no board: it needs b (a board) or r (a recipe)");
  if (seen[1]) {
    if (boardPart.empty()) return linkError("b (the board) is empty");
    link.board = linkPartToBoard(boardPart);
  } else {
    const std::vector<std::string_view> fields = split(recipePart, '.');
    const std::size_t wanted = *game == GameId::kExchange ? 5 : *game == GameId::kStaircase ? 4 : 3;
    static const char* const kShapes[] = {"ROWS.COLS.MAX.SEED", "N.M.L.MAX.SEED", "N.M.SEED"};
    const char* shape = kShapes[static_cast<int>(*game)];
    if (fields.size() != wanted)
      return linkError("r (the recipe) must be " + std::string(shape) + ", found " +
                       quoteToken(recipePart));
    std::int64_t numbers[5] = {};
    for (std::size_t k = 0; k < wanted; ++k) {
      const auto number = parseNumber(fields[k]);
      if (!number)
        return linkError("r (the recipe) must be " + std::string(shape) + " in numbers; " +
                         quoteToken(fields[k]) + " is not a number");
      numbers[k] = *number;
    }
    BoardRecipe recipe;
    recipe.game = *game;
    recipe.seed = static_cast<std::uint64_t>(numbers[wanted - 1]);
    if (*game == GameId::kManhattan) {
      recipe.sizes[0] = numbers[0];
      recipe.m = numbers[1];
    } else {
      for (std::size_t k = 0; k + 2 < wanted; ++k) recipe.sizes[k] = numbers[k];
      recipe.maxValue = numbers[wanted - 2];
    }
    link.recipe = recipe;
  }
  return link;
}

Expected<Session> sessionFromRecipe(const BoardRecipe& recipe, const SolveLimits& limits) {
  const auto outside = [](const char* name, std::int64_t value, std::int64_t low, std::int64_t high) {
    return linkError("r (the recipe): " + std::string(name) + " must be between " +
                     std::to_string(low) + " and " + std::to_string(high) + ", found " +
                     std::to_string(value));
  };
  // The recipe is checked exactly as the judge text of its board would be, sizes first, so a
  // huge recipe is refused before anything is generated.
  switch (recipe.game) {
    case GameId::kStaircase: {
      for (int k = 0; k < 2; ++k)
        if (recipe.sizes[k] < 1 || recipe.sizes[k] > StaircaseBoard::kMaxSide)
          return outside(k == 0 ? "ROWS" : "COLS", recipe.sizes[k], 1, StaircaseBoard::kMaxSide);
      if (recipe.maxValue > StaircaseBoard::kMaxValue)
        return outside("MAX", recipe.maxValue, 0, StaircaseBoard::kMaxValue);
      const int rows = static_cast<int>(recipe.sizes[0]), cols = static_cast<int>(recipe.sizes[1]);
      if (staircaseMemoryNeeded(rows, cols) > limits.memoryBudgetBytes)
        return linkError("r (the recipe): a " + std::to_string(rows) + " x " + std::to_string(cols) +
                         " board needs " + formatBytes(staircaseMemoryNeeded(rows, cols)) +
                         " to solve, over the memory budget of " +
                         formatBytes(limits.memoryBudgetBytes));
      return Session::fromBoard(randomStaircase(rows, cols, recipe.maxValue, recipe.seed));
    }
    case GameId::kExchange: {
      for (int k = 0; k < 3; ++k)
        if (recipe.sizes[k] < 1 || recipe.sizes[k] > ExchangeBoard::kMaxCards)
          return outside(k == 0 ? "N" : k == 1 ? "M" : "L", recipe.sizes[k], 1, ExchangeBoard::kMaxCards);
      const std::int64_t cards = recipe.sizes[0] + recipe.sizes[1] + recipe.sizes[2];
      if (cards > ExchangeBoard::kMaxCards) return outside("N + M + L", cards, 3, ExchangeBoard::kMaxCards);
      if (recipe.maxValue < 1 || recipe.maxValue > ExchangeBoard::kMaxCardValue)
        return outside("MAX", recipe.maxValue, 1, ExchangeBoard::kMaxCardValue);
      if (exchangeMemoryNeeded(static_cast<int>(cards)) > limits.memoryBudgetBytes)
        return linkError("r (the recipe): " + std::to_string(cards) + " cards need " +
                         formatBytes(exchangeMemoryNeeded(static_cast<int>(cards))) +
                         " to solve, over the memory budget of " +
                         formatBytes(limits.memoryBudgetBytes));
      return Session::fromBoard(randomExchange(static_cast<int>(recipe.sizes[0]),
                                               static_cast<int>(recipe.sizes[1]),
                                               static_cast<int>(recipe.sizes[2]), recipe.maxValue,
                                               recipe.seed));
    }
    case GameId::kManhattan: {
      if (recipe.sizes[0] < 1 || recipe.sizes[0] > ManhattanBoard::kMaxSide)
        return outside("N", recipe.sizes[0], 1, ManhattanBoard::kMaxSide);
      const int n = static_cast<int>(recipe.sizes[0]);
      if (manhattanMemoryNeeded(n) > limits.memoryBudgetBytes)
        return linkError("r (the recipe): a " + std::to_string(n) + " x " + std::to_string(n) +
                         " board needs " + formatBytes(manhattanMemoryNeeded(n)) +
                         " to solve, over the memory budget of " +
                         formatBytes(limits.memoryBudgetBytes));
      return Session::fromBoard(randomManhattan(n, recipe.m, recipe.seed));
    }
  }
  return linkError("unknown game");
}

std::string moveCode(const Session& session, const Move& move) {
  if (const ExchangeSolver* exchange = session.exchange()) {
    std::string code = exchange->board().cardName(move.a);
    if (move.b >= 0) code += "-" + exchange->board().cardName(move.b);
    return code;
  }
  return std::to_string(move.a + 1) + "-" + std::to_string(move.b + 1);
}

Expected<Move> parseMoveCode(const Session& session, std::string_view code) {
  const std::size_t dash = code.find('-');
  const std::string_view first = code.substr(0, dash);
  const std::string_view second = dash == std::string_view::npos ? std::string_view() : code.substr(dash + 1);
  if (const ExchangeSolver* exchange = session.exchange()) {
    const ExchangeBoard& board = exchange->board();
    const auto card = [&board](std::string_view name) -> int {
      if (name.size() < 2) return -1;
      const auto number = parseNumber(name.substr(1));
      const int counts[] = {board.takahashi, board.aoki, board.table};
      const int firsts[] = {0, board.takahashi, board.takahashi + board.aoki};
      const int hand = name[0] - 'A';
      if (!number || hand < 0 || hand > 2 || *number < 1 || *number > counts[hand]) return -1;
      return firsts[hand] + static_cast<int>(*number) - 1;
    };
    const int played = card(first);
    const int taken = dash == std::string_view::npos ? -1 : card(second);
    if (played < 0 || (dash != std::string_view::npos && taken < 0))
      return linkError("is not a move: a move is a card like A1 (Takahashi's), B2 (Aoki's) or "
                       "C1 (the table's) that exists on this board, optionally followed by "
                       "-C2, the card taken");
    return Move{played, taken};
  }
  const auto row = parseNumber(first);
  const auto col = parseNumber(second);
  if (!row || !col || *row < 1 || *col < 1 || *row > 100000 || *col > 100000)
    return linkError("is not a move: a move is a cell row-col such as 2-3");
  return Move{static_cast<int>(*row) - 1, static_cast<int>(*col) - 1};
}

Expected<Session> openLink(const ShareLink& link, const SolveLimits& limits) {
  std::optional<Session> session;
  if (link.recipe) {
    auto made = sessionFromRecipe(*link.recipe, limits);
    if (!made) return made.error();
    session.emplace(std::move(made.value()));
  } else {
    auto parsed = Session::fromJudgeInput(link.game, link.board, limits);
    if (!parsed) {
      // Lines of the judge text are the '_'-separated groups of b, columns its characters.
      const ParseError& error = parsed.error();
      return linkError("b (the board), group " + std::to_string(error.line) + ", character " +
                       std::to_string(error.column) + ": " + error.message);
    }
    session.emplace(std::move(parsed.value()));
  }
  std::vector<Move> moves;
  for (std::size_t k = 0; k < link.moves.size(); ++k) {
    auto move = parseMoveCode(*session, link.moves[k]);
    if (!move)
      return linkError("m (the moves), move " + std::to_string(k + 1) + " " +
                       quoteToken(link.moves[k]) + " " + move.error().message);
    moves.push_back(move.value());
  }
  // Replay move by move so that the error can quote the code of the illegal move.
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const std::string reason = session->play(moves[k]);
    if (!reason.empty())
      return linkError("m (the moves), move " + std::to_string(k + 1) + " " +
                       quoteToken(link.moves[k]) + ": " + reason);
  }
  if (link.step > static_cast<int>(moves.size()))
    return linkError("s (the step) is " + std::to_string(link.step) + " but the link has only " +
                     std::to_string(moves.size()) + " moves");
  if (link.step >= 0) session->goToStep(link.step);
  return std::move(*session);
}

Expected<Session> openLink(std::string_view fragment, const SolveLimits& limits) {
  auto link = parseLink(fragment);
  if (!link) return link.error();
  return openLink(link.value(), limits);
}

Expected<std::string> makeLink(const Session& session, const std::optional<BoardRecipe>& recipe,
                               const ViewOptions& view) {
  std::string link = std::string("#g=") + gameIdName(session.game());
  const std::string board = recipe ? std::string() : boardToLinkPart(session.judgeInput());
  if (recipe) {
    link += "&r=" + recipeText(*recipe);
  } else if (board.size() > kMaxLinkBoardChars) {
    return linkError("this board takes " + std::to_string(board.size()) +
                     " characters, too many for a link (at most " +
                     std::to_string(kMaxLinkBoardChars) +
                     "); generated boards travel as their recipe instead");
  } else {
    link += "&b=" + board;
  }
  if (!session.history().empty()) {
    link += "&m=";
    for (std::size_t k = 0; k < session.history().size(); ++k)
      link += (k ? "." : "") + moveCode(session, session.history()[k]);
    if (session.step() != static_cast<int>(session.history().size()))
      link += "&s=" + std::to_string(session.step());
  }
  if (view.embed) link += "&embed=1";
  if (view.autoplay) link += "&autoplay=1";
  if (view.readOnly) link += "&ro=1";
  if (view.computer[0] || view.computer[1])
    link += std::string("&p=") + (view.computer[0] ? 'c' : 'h') + (view.computer[1] ? 'c' : 'h');
  return link;
}

}  // namespace gs
