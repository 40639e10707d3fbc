#include "game.h"

#include <cctype>
#include <cstdio>
#include <limits>

#include "base/forms.h"

namespace gs {

std::string formatBytes(std::uint64_t bytes) {
  return byteSize(bytes).english();
}

Message byteSize(std::uint64_t bytes) {
  static const char* const kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes == std::numeric_limits<std::uint64_t>::max()) return Message(forms::kMoreThan16EiB, {});
  if (bytes < 1024) return Message(bytes == 1 ? forms::kOneByte : forms::kBytes, {{"N", bytes}});
  double value = static_cast<double>(bytes) / 1024;
  int unit = 0;
  while (value >= 1024 && unit < 5) {
    value /= 1024;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, value < 10 ? "%.1f %s" : "%.0f %s", value, kUnits[unit]);
  return Message::verbatim(buffer);
}

std::optional<std::uint64_t> parseByteSize(std::string_view text) {
  std::size_t i = 0;
  std::uint64_t number = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    const auto digit = static_cast<std::uint64_t>(text[i] - '0');
    if (number > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    number = number * 10 + digit;
    ++i;
  }
  if (i == 0) return std::nullopt;
  std::string_view unit = text.substr(i);
  int shift = 0;
  if (unit.empty() || unit == "B") {
    shift = 0;
  } else if (unit == "K" || unit == "KB" || unit == "KiB") {
    shift = 10;
  } else if (unit == "M" || unit == "MB" || unit == "MiB") {
    shift = 20;
  } else if (unit == "G" || unit == "GB" || unit == "GiB") {
    shift = 30;
  } else if (unit == "T" || unit == "TB" || unit == "TiB") {
    shift = 40;
  } else {
    return std::nullopt;
  }
  if (number > (std::numeric_limits<std::uint64_t>::max() >> shift)) return std::nullopt;
  return number << shift;
}

const std::vector<Phrase>& Game::translations() const {
  static const std::vector<Phrase> kNone;
  return kNone;
}

std::string Game::benchAnswer(const std::string& judgeOutput) const {
  return judgeOutput.substr(0, judgeOutput.find('\n'));
}

std::vector<MoveValue> GameBoard::movesPage(std::uint64_t first, std::uint64_t count) const {
  std::vector<MoveValue> all = moves();
  if (first >= all.size()) return {};
  const auto begin = all.begin() + static_cast<std::ptrdiff_t>(first);
  const auto end =
      all.size() - first <= count ? all.end() : begin + static_cast<std::ptrdiff_t>(count);
  return std::vector<MoveValue>(begin, end);
}

std::string Game::randomJudgeInput(SplitMix64& random) const {
  // Every field uniform in [min, judgeMax], drawn again while a cross-field rule refuses the
  // recipe (the smallest recipe after 64 refusals).
  Recipe recipe;
  recipe.game = this;
  for (int attempt = 0; attempt <= 64; ++attempt) {
    recipe.fields.clear();
    for (const RecipeField& field : recipeFields())
      recipe.fields.push_back(attempt == 64 ? field.min
                                            : random.between(field.min, field.judgeMax));
    recipe.seed = random.next();
    if (checkRecipe(recipe, SolveLimits{}).empty()) break;
  }
  return generate(recipe)->judge().judgeInput();
}

std::vector<std::string> Game::shrinkCandidates(std::string_view) const {
  return {};
}

std::optional<ParseError> drawingRefusal(const GameBoard& board) {
  const Pictures* pictures = board.pictures();
  if (!pictures)
    return ParseError{0, 0, Message(forms::kNoDrawing, {{"GAME", std::string(board.game().id())}})};
  return pictures->exportRefusal();
}

std::optional<Move> GameBoard::bestMove() const {
  for (const MoveValue& move : moves())
    if (move.best) return move.move;
  return std::nullopt;
}

std::uint64_t judgeTextBytes(std::uint64_t numbers, int widestDigits, std::uint64_t lines) {
  return numbers * (static_cast<std::uint64_t>(widestDigits) + 1) + 2 * lines;
}

std::uint64_t inputSizeLimit(const Game& game, const SolveLimits& limits) {
  const std::uint64_t largest = game.maxInputBytes(limits);
  return largest + largest / 4 + (std::uint64_t{64} << 10);
}

Message inputTooLargeMessage(const Game& game, const SolveLimits& limits) {
  return Message(forms::kInputTooLarge, {{"SIZE", byteSize(inputSizeLimit(game, limits))},
                                         {"GAME", std::string(game.id())},
                                         {"BUDGET", byteSize(limits.memoryBudgetBytes)},
                                         {"MAX", byteSize(game.maxInputBytes(limits))}});
}

const Game* findGame(std::string_view id) {
  for (const Game* game : games())
    if (id == game->id()) return game;
  return nullptr;
}

Message gameIdList(bool rules) {
  std::vector<Message> ids;
  for (const Game* game : games()) ids.push_back(Message::verbatim(game->id()));
  if (rules) ids.push_back(Message::verbatim(kRulesGameId));
  return Message::list(std::move(ids), forms::kOr);
}

}  // namespace gs
