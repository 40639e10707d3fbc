#include "tools/share_link.h"

#include <algorithm>
#include <cctype>
#include <limits>

#include "base/forms.h"
#include "rules/load_rules.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "tools/compress.h"

namespace gs {
namespace {

ParseError linkError(Message message) {
  return ParseError{0, 0, std::move(message)};
}

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

// The `b` part: groups separated by '_' (the judge's lines), numbers by '.'.
std::string boardToLinkPart(const std::string& judgeText) {
  std::string part;
  std::size_t end = judgeText.size();
  while (end > 0 && (judgeText[end - 1] == '\n' || judgeText[end - 1] == ' ')) --end;
  part.reserve(end);
  for (std::size_t k = 0; k < end; ++k)
    part += judgeText[k] == '\n' ? '_' : judgeText[k] == ' ' ? '.' : judgeText[k];
  return part;
}

// The first run of digits with a superfluous leading zero ("07" in "2.07.3", "01" in "A01"), or
// an empty view.
std::string_view firstLeadingZero(std::string_view text) {
  for (std::size_t k = 0; k < text.size();) {
    if (text[k] < '0' || text[k] > '9') {
      ++k;
      continue;
    }
    std::size_t end = k;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    if (hasLeadingZero(text.substr(k, end - k))) return text.substr(k, end - k);
    k = end;
  }
  return {};
}

// The first thing in b that the board's own link would not write (boardToLinkPart): a number
// with a leading zero ("07"), zero with a sign ("-0"), a dot with no number on one side ("20.",
// ".3", "2..3") or a '_' at the end; where it is and what is wrong. (A group may be empty: an
// empty line of the judge's input.)
struct BoardFlaw {
  std::size_t at = 0;
  Message message;
};
std::optional<BoardFlaw> boardFlaw(std::string_view part) {
  if (!part.empty() && part.back() == '_')
    return BoardFlaw{part.size() - 1, Message(forms::kBoardEndsWithBreak, {})};
  for (std::size_t begin = 0; begin <= part.size();) {
    std::size_t end = part.find('_', begin);
    if (end == std::string_view::npos) end = part.size();
    if (end > begin) {
      for (std::size_t token = begin; token <= end;) {
        std::size_t stop = part.find('.', token);
        if (stop == std::string_view::npos || stop > end) stop = end;
        const std::string_view number = part.substr(token, stop - token);
        if (number.empty())  // the dot it starts at, or the group's last character (a dot)
          return BoardFlaw{token < end ? token : end - 1, Message(forms::kBoardLoneDot, {})};
        const std::string_view zero = firstLeadingZero(number);
        if (!zero.empty())
          return BoardFlaw{static_cast<std::size_t>(zero.data() - part.data()),
                           Message(forms::kTokenLeadingZero, {{"TOKEN", quotedToken(zero)}})};
        if (number == "-0")
          return BoardFlaw{token,
                           Message(forms::kTokenSignedZero, {{"TOKEN", quotedToken(number)}})};
        token = stop + 1;
      }
    }
    begin = end + 1;
  }
  return std::nullopt;
}

std::string linkPartToBoard(std::string_view part) {
  std::string text;
  text.reserve(part.size() + 1);
  for (char c : part) text += c == '_' ? '\n' : c == '.' ? ' ' : c;
  return text + "\n";
}

}  // namespace

std::string recipeShape(const Game& game) {
  std::string shape;
  for (const RecipeField& field : game.recipeFields()) shape += std::string(field.name) + ".";
  return shape + "SEED";
}

std::string recipeText(const Recipe& recipe) {
  std::string text;
  for (std::int64_t value : recipe.fields) text += std::to_string(value) + ".";
  return text + std::to_string(recipe.seed);
}

Message recipeProblem(const Recipe& recipe, const SolveLimits& limits) {
  const std::vector<RecipeField>& fields = recipe.game->recipeFields();
  if (recipe.fields.size() != fields.size())
    return Message(forms::kRecipeMustBe, {{"SHAPE", recipeShape(*recipe.game)}});
  // The recipe is checked exactly as the judge text of its board would be, sizes first, so a
  // huge recipe is refused before anything is generated.
  for (std::size_t k = 0; k < fields.size(); ++k)
    if (recipe.fields[k] < fields[k].min || recipe.fields[k] > fields[k].max)
      return Message(
          forms::kRecipeProblem,
          {{"MESSAGE", Message(forms::kOutOfRangeFound,
                               {{"FIELD", std::string(fields[k].name)},
                                {"N1", fields[k].min},
                                {"N2", fields[k].max},
                                {"VALUE", Message::verbatim(std::to_string(recipe.fields[k]))}})}});
  const Message problem = recipe.game->checkRecipe(recipe, limits);
  if (problem.empty()) return problem;
  return Message(forms::kRecipeProblem, {{"MESSAGE", problem}});
}

namespace {

// The recipe's syntax: its fields and seed as numbers (ranges are recipeProblem's).
Expected<Recipe> readRecipe(const Game& game, std::string_view text) {
  const std::vector<std::string_view> parts = split(text, '.');
  const std::size_t wanted = game.recipeFields().size() + 1;
  const std::string shape = recipeShape(game);
  if (parts.size() != wanted)
    return linkError(
        Message(forms::kRecipeMustBeFound, {{"SHAPE", shape}, {"TOKEN", quotedToken(text)}}));
  Recipe recipe;
  recipe.game = &game;
  for (std::size_t k = 0; k < wanted; ++k) {
    if (hasLeadingZero(parts[k]))
      return linkError(Message(forms::kPartLeadingZero, {{"PART", Message(forms::kRecipePart, {})},
                                                         {"TOKEN", quotedToken(parts[k])}}));
    // The seed (the last part) is any unsigned 64-bit value, the fields fit in 63 bits.
    const bool seed = k + 1 == wanted;
    const auto number = seed ? parseUnsignedDecimal(parts[k]) : std::nullopt;
    const auto field = seed ? std::nullopt : parseDecimal(parts[k]);
    if (!number && !field)
      return linkError(
          Message(forms::kRecipeNotANumber, {{"SHAPE", shape}, {"TOKEN", quotedToken(parts[k])}}));
    if (seed)
      recipe.seed = *number;
    else
      recipe.fields.push_back(*field);
  }
  return recipe;
}

}  // namespace

Expected<Recipe> parseRecipe(const Game& game, std::string_view text, const SolveLimits& limits) {
  auto recipe = readRecipe(game, text);
  if (!recipe) return recipe;
  const Message problem = recipeProblem(recipe.value(), limits);
  if (!problem.empty()) return linkError(problem);
  return recipe;
}

Expected<SolveJob> startRecipe(const Recipe& recipe, const SolveLimits& limits) {
  const Message problem = recipeProblem(recipe, limits);
  if (!problem.empty()) return linkError(problem);
  return SolveJob(recipe.game->generate(recipe));
}

Expected<Session> sessionFromRecipe(const Recipe& recipe, const SolveLimits& limits) {
  const Message problem = recipeProblem(recipe, limits);
  if (!problem.empty()) return linkError(problem);
  return Session::solveNow(recipe.game->generate(recipe));
}

namespace {

// The parts a link may have (the keys of its key=value items), in the order of kPartKeys.
enum class Part {
  kGame,
  kBoard,
  kRecipe,
  kMoves,
  kStep,
  kEmbed,
  kAutoplay,
  kReadOnly,
  kPlayers,
  kQuiz,
  kLanguage,
  kRules,
  kTable,
  kInput,
  kCase,
  kComments,
  kStrength,
  kCount
};
constexpr const char* kPartKeys[] = {"g",        "b",  "r", "m", "s",       "embed",
                                     "autoplay", "ro", "p", "q", "lang",    "c",
                                     "t",        "i",  "k", "n", "strength"};
static_assert(std::size(kPartKeys) == static_cast<std::size_t>(Part::kCount));

// A link's text with its percent-escapes decoded, and where each character came from:
// `origin[k]` is the character number, in the link as given ('#' included), of character k.
struct DecodedLink {
  std::string text;
  std::vector<std::size_t> origin;
};

// Each part's value (a view into the decoded text), and whether the link has it.
struct LinkParts {
  std::string_view value[static_cast<std::size_t>(Part::kCount)];
  bool seen[static_cast<std::size_t>(Part::kCount)] = {};
  bool has(Part part) const { return seen[static_cast<std::size_t>(part)]; }
  std::string_view operator[](Part part) const { return value[static_cast<std::size_t>(part)]; }
};

ParseError characterError(std::size_t number, Message message) {
  return linkError(Message(forms::kAtCharacter, {{"N", number}, {"MESSAGE", std::move(message)}}));
}

// Percent-escapes first; the decoded text must consist of URL-safe characters, '=' and '&'.
Expected<DecodedLink> decodeFragment(std::string_view fragment) {
  if (fragment.size() > kMaxLinkLength)
    return linkError(
        Message(forms::kLinkTooLong, {{"N1", fragment.size()}, {"N2", kMaxLinkLength}}));
  // Character numbers in messages count from the start of the link as given ('#' included).
  const std::size_t offset = !fragment.empty() && fragment.front() == '#' ? 1 : 0;
  fragment.remove_prefix(offset);
  if (fragment.empty()) return linkError(Message(forms::kLinkEmpty, {}));
  DecodedLink link;
  for (std::size_t k = 0; k < fragment.size(); ++k) {
    char c = fragment[k];
    const std::size_t number = k + 1 + offset;
    if (c == '%') {
      const int high = k + 1 < fragment.size() ? hexValue(fragment[k + 1]) : -1;
      const int low = k + 2 < fragment.size() ? hexValue(fragment[k + 2]) : -1;
      if (high < 0 || low < 0) return characterError(number, Message(forms::kBadEscape, {}));
      c = static_cast<char>(high * 16 + low);
      k += 2;
    }
    if (!isUnreserved(c) && c != '=' && c != '&')
      return characterError(
          number, Message(forms::kCannotAppear, {{"TOKEN", quotedToken(std::string_view(&c, 1))}}));
    link.text += c;
    link.origin.push_back(number);
  }
  return link;
}

// --- Each part of the view and of the line: its value read into the link, or why it cannot be.
using PartProblem = std::optional<ParseError>;

PartProblem readMoves(std::string_view value, ShareLink& link) {
  for (std::string_view code : split(value, '.')) {
    const std::string_view zero = firstLeadingZero(code);
    if (!zero.empty())
      return linkError(Message(forms::kMoveLeadingZero, {{"N", link.moves.size() + 1},
                                                         {"CODE", quotedToken(code)},
                                                         {"TOKEN", quotedToken(zero)}}));
    link.moves.emplace_back(code);
  }
  return std::nullopt;
}

PartProblem readStep(std::string_view value, ShareLink& link) {
  if (hasLeadingZero(value))
    return linkError(Message(forms::kPartLeadingZero, {{"PART", Message(forms::kStepPart, {})},
                                                       {"TOKEN", quotedToken(value)}}));
  const auto step = parseDecimal(value);
  if (!step || *step > 1000000000)
    return linkError(Message(forms::kStepNotANumber, {{"TOKEN", quotedToken(value)}}));
  link.step = static_cast<int>(*step);
  return std::nullopt;
}

PartProblem readFlag(Part part, std::string_view value, ShareLink& link) {
  if (value != "0" && value != "1")
    return linkError(Message(forms::kFlag,
                             {{"KEY", Message::verbatim(kPartKeys[static_cast<std::size_t>(part)])},
                              {"TOKEN", quotedToken(value)}}));
  bool& flag = part == Part::kEmbed      ? link.view.embed
               : part == Part::kAutoplay ? link.view.autoplay
               : part == Part::kReadOnly ? link.view.readOnly
                                         : link.view.quiz;
  flag = value == "1";
  return std::nullopt;
}

PartProblem readPlayers(std::string_view value, ShareLink& link) {
  if (value.size() != 2 || (value[0] != 'h' && value[0] != 'c') ||
      (value[1] != 'h' && value[1] != 'c'))
    return linkError(Message(forms::kPlayers, {{"TOKEN", quotedToken(value)}}));
  link.view.computer[0] = value[0] == 'c';
  link.view.computer[1] = value[1] == 'c';
  return std::nullopt;
}

PartProblem readLanguage(std::string_view value, ShareLink& link) {
  if (value != "en" && value != "zh")
    return linkError(Message(forms::kLanguage, {{"TOKEN", quotedToken(value)}}));
  link.view.language = std::string(value);
  return std::nullopt;
}

PartProblem readCase(std::string_view value, ShareLink& link) {
  const auto number = parseDecimal(value);
  if (!number || *number < 1 || *number > 1000000)
    return linkError(Message(forms::kCaseNumber, {{"TOKEN", quotedToken(value)}}));
  link.caseIndex = static_cast<std::size_t>(*number - 1);
  return std::nullopt;
}

// The comments: one line per step, deflated; each line checked as Session checks one.
PartProblem readComments(std::string_view value, ShareLink& link) {
  auto text = decompressFromLink(value, kMaxLinkComments);
  if (!text) return linkError(Message(forms::kLinkComments, {{"MESSAGE", text.error().message}}));
  for (std::string_view line : split(text.value(), '\n')) {
    const Message problem = commentProblem(line);
    if (!problem.empty())
      return linkError(
          Message(forms::kLinkCommentAt, {{"N", link.comments.size()}, {"MESSAGE", problem}}));
    link.comments.emplace_back(line);
  }
  while (!link.comments.empty() && link.comments.back().empty()) link.comments.pop_back();
  return std::nullopt;
}

PartProblem readStrength(std::string_view value, ShareLink& link) {
  const auto strength = parseDecimal(value);
  if (!strength || *strength > 10)
    return linkError(Message(forms::kStrength, {{"TOKEN", quotedToken(value)}}));
  link.view.strength = static_cast<int>(*strength);
  return std::nullopt;
}

// NAME.FROM.TO, once or twice: "n=0..100" or "a=0..20 b=0..20" in the view.
PartProblem readTable(std::string_view value, ShareLink& link) {
  const std::vector<std::string_view> fields = split(value, '.');
  const auto problem = [&]() {
    return linkError(Message(forms::kTableShape, {{"TOKEN", quotedToken(value)}}));
  };
  if (fields.size() != 3 && fields.size() != 6) return problem();
  for (std::size_t k = 0; k < fields.size(); k += 3) {
    const std::string_view name = fields[k];
    if (name.empty() || name.size() > 32 || !std::all_of(name.begin(), name.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
        }))
      return problem();
    for (std::size_t j = 1; j <= 2; ++j) {
      std::string_view number = fields[k + j];
      const bool negative = !number.empty() && number.front() == '-';
      if (negative) number.remove_prefix(1);
      if (number.empty() || number.size() > 18 || hasLeadingZero(number) ||
          (negative && number == "0") ||
          !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return problem();
    }
    link.view.table += (k ? " " : "") + std::string(name) + "=" + std::string(fields[k + 1]) +
                       ".." + std::string(fields[k + 2]);
  }
  return std::nullopt;
}

// A part of the view or of the line read into the link (the game, the board, the recipe, the
// rules and the input are resolved after, together: resolveGame, resolveBoard).
PartProblem readViewPart(Part part, std::string_view value, ShareLink& link) {
  switch (part) {
    case Part::kMoves:
      return readMoves(value, link);
    case Part::kStep:
      return readStep(value, link);
    case Part::kEmbed:
    case Part::kAutoplay:
    case Part::kReadOnly:
    case Part::kQuiz:
      return readFlag(part, value, link);
    case Part::kPlayers:
      return readPlayers(value, link);
    case Part::kLanguage:
      return readLanguage(value, link);
    case Part::kCase:
      return readCase(value, link);
    case Part::kComments:
      return readComments(value, link);
    case Part::kStrength:
      return readStrength(value, link);
    case Part::kTable:
      return readTable(value, link);
    default:
      return std::nullopt;
  }
}

// The '&'-separated items, each a known key with a value, each key once, in the order the link
// gives them (the first problem is the one reported): the parts of the view and of the line are
// read into the link as they come.
Expected<LinkParts> readParts(const DecodedLink& decoded, ShareLink& link) {
  const std::string& text = decoded.text;
  LinkParts parts;
  std::size_t itemStart = 0;  // in `text`
  for (std::string_view item : split(text, '&')) {
    const std::size_t start = itemStart;
    itemStart += item.size() + 1;
    if (item.empty()) {
      // An '&' with nothing after it: at the end, at the start, or doubled.
      if (start == text.size())
        return characterError(decoded.origin[start - 1], Message(forms::kEndsWithAmpersand, {}));
      if (start == 0)
        return characterError(decoded.origin[0], Message(forms::kStartsWithAmpersand, {}));
      return characterError(decoded.origin[start], Message(forms::kDoubleAmpersand, {}));
    }
    const std::size_t equals = item.find('=');
    const std::string_view key = item.substr(0, equals);
    const auto found = std::find(std::begin(kPartKeys), std::end(kPartKeys), key);
    if (found == std::end(kPartKeys))
      return linkError(Message(forms::kUnknownPart, {{"TOKEN", quotedToken(key)}}));
    if (equals == std::string_view::npos)
      return linkError(
          Message(forms::kPartNeedsValue,
                  {{"TOKEN", quotedToken(key)}, {"KEY", Message::verbatim(std::string(key))}}));
    const auto index = static_cast<std::size_t>(found - std::begin(kPartKeys));
    if (parts.seen[index])
      return linkError(Message(forms::kPartTwice, {{"TOKEN", quotedToken(key)}}));
    parts.seen[index] = true;
    parts.value[index] = item.substr(equals + 1);
    if (auto problem = readViewPart(static_cast<Part>(index), parts.value[index], link))
      return *problem;
  }
  return parts;
}

// The game: a built-in one by its id, or rules given in the link (with a problem's input).
PartProblem resolveGame(const LinkParts& parts, const LuaLimits& lua, ShareLink& link) {
  const Message games = gameIdList(true);
  if (!parts.has(Part::kGame)) return linkError(Message(forms::kLinkNamesNoGame, {{"IDS", games}}));
  const std::string_view gamePart = parts[Part::kGame];
  if (gamePart == kRulesGameId) {
    if (!parts.has(Part::kRules)) return linkError(Message(forms::kRulesNeedsC, {}));
    auto text = decompressFromLink(parts[Part::kRules], kMaxRulesBytes);
    if (!text) return linkError(Message(forms::kRulesText, {{"MESSAGE", text.error().message}}));
    auto rules = loadRules(text.value(), lua);
    if (!rules) return linkError(Message(forms::kRulesLoad, {{"MESSAGE", rules.error().what()}}));
    RulesGameOptions options;
    options.rulesText = std::move(text.value());
    const bool reads = rules.value()->header().hasRead;
    link.rulesGame = std::make_shared<RulesGame>(rules.value(), std::move(options));
    link.game = link.rulesGame.get();
    if (parts.has(Part::kInput)) {
      if (!reads) return linkError(Message(forms::kInputWithReadOnly, {}));
      if (parts.has(Part::kBoard)) return linkError(Message(forms::kBoardAndInput, {}));
      auto input = decompressFromLink(parts[Part::kInput], kMaxJudgeTextBytes);
      if (!input)
        return linkError(Message(forms::kInputText, {{"MESSAGE", input.error().message}}));
      link.input = std::move(input.value());
    }
  } else {
    if (parts.has(Part::kInput)) return linkError(Message(forms::kInputWithReadOnly, {}));
    if (parts.has(Part::kRules)) return linkError(Message(forms::kRulesOnly, {}));
    if (parts.has(Part::kTable)) return linkError(Message(forms::kTableWithRulesOnly, {}));
    link.game = findGame(gamePart);
  }
  if (!link.game)
    return linkError(
        Message(forms::kUnknownGame, {{"IDS", games}, {"TOKEN", quotedToken(gamePart)}}));
  if (parts.has(Part::kCase) && !parts.has(Part::kInput))
    return linkError(Message(forms::kCaseNeedsInput, {}));
  return std::nullopt;
}

// The board: the game's judge sample, a board (b) or a recipe (r); a problem's input has none.
PartProblem resolveBoard(const LinkParts& parts, ShareLink& link) {
  if (link.input) return std::nullopt;
  const bool board = parts.has(Part::kBoard), recipe = parts.has(Part::kRecipe);
  if (board && recipe) return linkError(Message(forms::kBoardAndRecipe, {}));
  if (!board && !recipe) {
    link.board = link.game->sample();
  } else if (board) {
    const std::string_view boardPart = parts[Part::kBoard];
    // (Rules without parameters have an empty judge input: b= is their board.)
    const bool noParams = link.rulesGame && link.game->recipeFields().empty();
    if (boardPart.empty() && !noParams) return linkError(Message(forms::kBoardEmpty, {}));
    if (const auto flaw = boardFlaw(boardPart)) {
      // Named like the judge parser's errors: the '_'-separated group and the character in it.
      const std::size_t at = flaw->at;
      const std::size_t groupStart =
          at == 0 ? 0 : boardPart.rfind('_', at - 1) + 1;  // npos + 1 == 0
      const std::size_t group =
          1 + static_cast<std::size_t>(std::count(boardPart.begin(), boardPart.begin() + at, '_'));
      return linkError(
          Message(forms::kBoardAt,
                  {{"N1", group}, {"N2", at - groupStart + 1}, {"MESSAGE", flaw->message}}));
    }
    link.board = linkPartToBoard(boardPart);
    // Rules with read() and parameters: b= is a board of the parameters (a judge's input comes
    // as i=; without b=, the board is the rules' sample, a judge's input).
    const RulesGame* rules = link.rulesGame ? link.game->rulesGame() : nullptr;
    link.paramsBoard = rules && rules->header().hasRead && !rules->header().params.empty();
  } else {
    // The syntax only: the ranges and the memory budget are checked when the link is opened.
    auto read = readRecipe(*link.game, parts[Part::kRecipe]);
    if (!read) return read.error();
    link.recipe = read.value();
  }
  return std::nullopt;
}

}  // namespace

// A link is read in steps, each reporting the first problem it finds: its characters
// (decodeFragment), its key=value parts with the view and the line (readParts), then the game
// and its board (resolveGame, resolveBoard).
Expected<ShareLink> parseLink(std::string_view fragment, const LuaLimits& lua) {
  auto decoded = decodeFragment(fragment);
  if (!decoded) return decoded.error();
  ShareLink link;
  auto parts = readParts(decoded.value(), link);
  if (!parts) return parts.error();
  if (link.comments.size() > link.moves.size() + 1)
    return linkError(Message(forms::kCommentsPastLink,
                             {{"N1", link.comments.size() - 1}, {"N2", link.moves.size()}}));
  if (auto problem = resolveGame(parts.value(), lua, link)) return *problem;
  if (auto problem = resolveBoard(parts.value(), link)) return *problem;
  return link;
}

Expected<SolveJob> startLink(const ShareLink& link, const SolveLimits& limits) {
  std::unique_ptr<GameBoard> board;
  if (link.input) {
    // A problem's input: the board of its case (the rules read it again, as the page does).
    const auto* rules = link.game->rulesGame();
    auto parsed = rules->caseBoard(*link.input, link.caseIndex, limits);
    if (!parsed) {
      const ParseError& error = parsed.error();
      return linkError(
          Message(forms::kInputCase, {{"N", link.caseIndex + 1}, {"MESSAGE", error.toString()}}));
    }
    board = std::move(parsed.value());
  } else if (link.recipe) {
    const Message problem = recipeProblem(*link.recipe, limits);
    if (!problem.empty()) return linkError(problem);
    board = link.recipe->game->generate(*link.recipe);
  } else {
    const RulesGame* rules = link.paramsBoard ? link.game->rulesGame() : nullptr;
    auto parsed =
        rules ? rules->parseParams(link.board, limits) : link.game->parse(link.board, limits);
    if (!parsed) {
      const ParseError& error = parsed.error();
      // Rules with read() and no b: the board is the rules' sample, whose errors are the rules'.
      const RulesGame* reads = link.paramsBoard ? nullptr : link.game->rulesGame();
      if (reads && reads->header().hasRead)
        return linkError(Message(forms::kRulesSampleIn, {{"MESSAGE", error.toString()}}));
      // Lines of the judge text are the '_'-separated groups of b, columns its characters.
      return linkError(Message(
          forms::kBoardAt, {{"N1", error.line}, {"N2", error.column}, {"MESSAGE", error.message}}));
    }
    board = std::move(parsed.value());
  }
  return SolveJob(std::move(board), link.moves, link.step, link.comments);
}

Expected<Session> openLink(const ShareLink& link, const SolveLimits& limits) {
  auto job = startLink(link, limits);
  if (!job) return job.error();
  job->solveAll();
  return job->finish();
}

Expected<Session> openLink(std::string_view fragment, const SolveLimits& limits) {
  auto link = parseLink(fragment);
  if (!link) return link.error();
  return openLink(link.value(), limits);
}

Expected<std::string> makeLink(const Session& session, const std::optional<Recipe>& recipe,
                               const ViewOptions& view) {
  std::string link = std::string("#g=") + session.game().id();
  const RulesGame* rules = session.game().rulesGame();
  if (rules && !rules->options().rulesText.empty())
    link += "&c=" + compressToLink(rules->options().rulesText);
  const RulesCase& rulesCase = RulesGame::caseOf(session.gameBoard());
  if (rulesCase.input) {
    // A problem's input travels whole (deflated), with the case on the board.
    const std::string input = compressToLink(*rulesCase.input);
    if (input.size() > kMaxLinkLength / 2)
      return linkError(
          Message(forms::kBoardTooLongForLink, {{"N1", input.size()}, {"N2", kMaxLinkLength / 2}}));
    link += "&i=" + input;
    if (rulesCase.index > 0) link += "&k=" + std::to_string(rulesCase.index + 1);
  } else if (recipe) {
    link += "&r=" + recipeText(*recipe);
  } else {
    const std::string board = boardToLinkPart(session.gameBoard().judge().judgeInput());
    if (board.size() > kMaxLinkBoardChars)
      return linkError(
          Message(forms::kBoardTooLongForLink, {{"N1", board.size()}, {"N2", kMaxLinkBoardChars}}));
    link += "&b=" + board;
  }
  if (!session.history().empty()) {
    link += "&m=";
    for (std::size_t k = 0; k < session.history().size(); ++k)
      link += (k ? "." : "") + session.gameBoard().texts().moveCode(session.history()[k]);
    if (session.step() != static_cast<int>(session.history().size()))
      link += "&s=" + std::to_string(session.step());
  }
  if (session.hasComments()) {
    std::string lines;
    std::size_t last = session.comments().size();
    while (session.comments()[last - 1].empty()) --last;
    for (std::size_t k = 0; k < last; ++k) lines += (k ? "\n" : "") + session.comments()[k];
    const std::string part = compressToLink(lines);
    if (part.size() > kMaxLinkLength / 2)
      return linkError(Message(forms::kCommentsTooLongForLink,
                               {{"N1", part.size()}, {"N2", kMaxLinkLength / 2}}));
    link += "&n=" + part;
  }
  if (view.embed) link += "&embed=1";
  if (view.autoplay) link += "&autoplay=1";
  if (view.readOnly) link += "&ro=1";
  if (view.quiz) link += "&q=1";
  if (view.computer[0] || view.computer[1])
    link += std::string("&p=") + (view.computer[0] ? 'c' : 'h') + (view.computer[1] ? 'c' : 'h');
  if (view.strength != 10) link += "&strength=" + std::to_string(view.strength);
  if (!view.language.empty()) link += "&lang=" + view.language;
  if (!view.table.empty() && rules) {
    // "a=0..20 b=0..20" -> "a.0.20.b.0.20"
    std::string part;
    for (char c : view.table) part += c == '=' || c == ' ' ? '.' : c;
    std::string dotted;
    for (std::size_t k = 0; k < part.size(); ++k)
      if (!(part[k] == '.' && k + 1 < part.size() && part[k + 1] == '.')) dotted += part[k];
    link += "&t=" + dotted;
  }
  return link;
}

}  // namespace gs
