#include "tools/analysis.h"

#include <algorithm>
#include <cstdio>
#include <optional>

namespace gs {
namespace {

// The value in its metric; `player` is the one it is for (the mover), named for win/loss games.
std::string valueJson(const Session& session, const Value& value, int player) {
  const GameInfo& info = session.info();
  switch (info.metric) {
    case Metric::kScoreDifference:
      return "{\"score\": " + std::to_string(value.score) + "}";
    case Metric::kWinLossRemoteness:
      if (value.draw)
        return std::string("{\"player\": ") + jsonString(info.players[player]) +
               ", \"draw\": true" +
               (value.remoteness >= 0 ? ", \"remoteness\": " + std::to_string(value.remoteness)
                                      : std::string()) +
               "}";
      return std::string("{\"player\": ") + jsonString(info.players[player]) +
             ", \"win\": " + (value.win ? "true" : "false") +
             ", \"remoteness\": " + std::to_string(value.remoteness) + "}";
    case Metric::kGrundy:
      return "{\"sg\": " + std::to_string(value.score) + "}";
    case Metric::kWinLossCertificate:
      return std::string("{\"player\": ") + jsonString(info.players[player]) +
             ", \"win\": " + (value.win ? "true" : "false") + ", \"certificate\": " +
             (value.certificate.a >= 0
                  ? fieldsJson(session.gameBoard().texts().moveFields(value.certificate))
                  : std::string("null")) +
             "}";
  }
  return "{}";
}

// A position's combinatorial value (CombinatorialValues), or why it has none.
std::string cgtJson(const Expected<CombinatorialValue>& value) {
  if (!value) return "{\"refused\": " + jsonString(value.error().toString()) + "}";
  const CombinatorialValue& v = value.value();
  return "{\"canonical\": " + jsonString(v.canonical) +
         ", \"outcomeClass\": " + jsonString(v.outcome) + ", \"mean\": " + jsonString(v.mean) +
         ", \"temperature\": " + jsonString(v.temperature) +
         ", \"leftStop\": " + jsonString(v.leftStop) +
         ", \"rightStop\": " + jsonString(v.rightStop) + "}";
}

// The moves of the step on the board; nullopt once the text would pass `room` bytes (the
// report's cap: the step is not built further).
std::optional<std::string> movesJson(const Session& session, const AnalysisOptions& options,
                                     const std::string& indent, std::uint64_t room,
                                     const CombinatorialValues* cgt) {
  // Every legal move is listed, except for games whose steps can have millions of moves: the
  // first maxMovesPerStep then, with moveCount giving the total.
  // (Only the listed ones are built: a step can have millions of moves.)
  const GameBoard& board = session.gameBoard();
  const AnalysisExtras* extras = board.analysisExtras();
  const bool every = !extras || extras->listsEveryMove();
  const std::uint64_t count = board.moveCount();
  const std::vector<MoveValue> moves =
      every ? board.moves() : board.movesPage(0, options.maxMovesPerStep);
  const int mover = board.sideToMove();
  const MoveTexts& texts = board.texts();
  std::string json = "\"moveCount\": " + std::to_string(count) + ",\n" + indent + "\"moves\": [";
  const std::size_t listed = moves.size();
  for (std::size_t k = 0; k < listed; ++k) {  // appended in place: no string a piece
    json += k ? ",\n" : "\n";
    json += indent;
    json += "  {\"move\": ";
    appendFieldsJson(json, texts.moveFields(moves[k].move));
    json += ", \"name\": ";
    appendJsonString(json, texts.moveName(moves[k].move));
    json += ", \"value\": ";
    json += valueJson(session, moves[k].value, mover);
    if (cgt) {
      if (const auto after = cgt->valueAfter(moves[k].move)) {
        json += ", \"cgt\": ";
        appendJsonString(json, *after);
      }
    }
    json += moves[k].best ? ", \"best\": true}" : ", \"best\": false}";
    if (json.size() > room) return std::nullopt;
  }
  json += moves.empty() ? "]" : "\n" + indent + "]";
  return json;
}

}  // namespace

std::string jsonString(const std::string& text) {
  std::string out;
  out.reserve(text.size() + 2);
  appendJsonString(out, text);
  return out;
}

void appendJsonString(std::string& out, const std::string& text) {
  // Most texts need no escape (plain ASCII with no quote, backslash or control): copied whole.
  if (std::all_of(text.begin(), text.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte >= 0x20 && byte < 0x80 && c != '"' && c != '\\';
      })) {
    out += '"';
    out += text;
    out += '"';
    return;
  }
  out += '"';
  for (std::size_t k = 0; k < text.size();) {
    const char c = text[k];
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned char>(c));
          out += buffer;
        } else if (const std::size_t length = utf8Length(text, k); length > 1) {
          out.append(text, k, length);  // a whole character
          k += length;
          continue;
        } else if (length == 0) {
          out += "\xEF\xBF\xBD";  // bytes that are not UTF-8 (from rules): U+FFFD
        } else {
          out += c;
        }
    }
    ++k;
  }
  out += '"';
}

std::string fieldsJson(const std::vector<NamedField>& fields) {
  std::string json;
  appendFieldsJson(json, fields);
  return json;
}

void appendFieldsJson(std::string& json, const std::vector<NamedField>& fields) {
  json += '{';
  for (std::size_t k = 0; k < fields.size(); ++k) {
    if (k) json += ", ";
    appendJsonString(json, fields[k].name);
    json += ": ";
    const auto& value = fields[k].value;
    if (const auto* number = std::get_if<std::int64_t>(&value))
      json += std::to_string(*number);
    else if (const auto* text = std::get_if<std::string>(&value))
      appendJsonString(json, *text);
    else
      json += "null";
  }
  json += '}';
}

Expected<std::string> analysisJson(Session& session, const AnalysisOptions& options) {
  std::string json;
  auto written = writeAnalysisJson(
      session, [&json](std::string_view piece) { json.append(piece); }, options);
  if (!written) return written.error();
  return json;
}

Expected<std::uint64_t> writeAnalysisJson(Session& session,
                                          const std::function<void(std::string_view)>& out,
                                          const AnalysisOptions& options) {
  const GameInfo& info = session.info();
  const GameBoard& board = session.gameBoard();  // at the session's cursor, as it moves
  const SolveStats stats = session.stats();
  char milliseconds[32];
  std::snprintf(milliseconds, sizeof milliseconds, "%.3f", stats.milliseconds);
  std::string json = "{\n  \"game\": " + jsonString(info.id) +
                     ",\n  \"metric\": " + jsonString(info.metricName) +
                     ",\n  \"judgeOutput\": " + jsonString(board.judge().judgeOutput()) +
                     ",\n  \"value\": " + valueJson(session, board.value(), board.sideToMove()) +
                     ",\n  \"summary\": " + jsonString(board.summary().english()) +
                     ",\n  \"positionsSolved\": " + std::to_string(stats.positions) +
                     ",\n  \"solveMilliseconds\": " + milliseconds + ",\n";
  if (const AnalysisExtras* extras = board.analysisExtras())
    json += extras->analysisExtraJson(options);
  // A partisan game's values: the position's, then each step's and each move's (none when the
  // position's is refused: the steps' would be worked out again, each to the same cap).
  const CombinatorialValues* cgt = board.combinatorialValues();
  if (cgt) {
    const auto value = cgt->valueHere();
    json += "  \"cgt\": " + cgtJson(value) + ",\n";
    if (!value) cgt = nullptr;
  }

  // Walk the principal line with the session itself, then put its line of play back. A line
  // longer than maxLineSteps is cut there, and the JSON says so (only then, so that the output
  // for every other board is unchanged).
  std::vector<Move> line = session.principalLine(options.maxLineSteps + 1);
  if (line.size() > options.maxLineSteps) {
    line.resize(options.maxLineSteps);
    json += "  \"principalLineTruncated\": true,\n  \"principalLineShown\": " +
            std::to_string(options.maxLineSteps) + ",\n";
  }
  const int startStep = session.step();
  const std::vector<Move> savedHistory = session.history();
  const MoveTexts& texts = board.texts();
  json += "  \"principalLine\": [";
  std::uint64_t written = 0;
  // Past the cap: the sentence, with the line put back.
  const auto tooLong = [&](std::size_t step) {
    const std::uint64_t moves = board.moveCount();  // at the step reached
    session.setLine(savedHistory, startStep);
    std::string sentence = "the analysis is longer than " + formatBytes(options.maxOutputBytes) +
                           " at step " + std::to_string(step + 1) + " of its principal line of " +
                           std::to_string(line.size()) + " steps (" + std::to_string(moves) +
                           " moves there): ";
    sentence += options.maxOutputBytes < kMaxAnalysisBytes
                    ? "the module holds at most that; gamesolver analyze writes up to " +
                          formatBytes(kMaxAnalysisBytes) + " as it goes"
                    : std::string("that is the report's cap");
    return ParseError{0, 0, Message(sentence)};
  };
  for (std::size_t k = 0; k < line.size(); ++k) {
    if (written + json.size() > options.maxOutputBytes) return tooLong(k);
    written += json.size();
    out(json);
    json.clear();
    const int mover = board.sideToMove();
    json += k ? ",\n" : "\n";
    json += "    {\n      \"ply\": " + std::to_string(session.step() + 1) +
            ",\n      \"player\": " + jsonString(info.players[mover]) +
            ",\n      \"positionValue\": " + valueJson(session, board.value(), mover) +
            (cgt ? ",\n      \"positionCgt\": " + cgtJson(cgt->valueHere()) : std::string()) +
            ",\n      \"played\": " + fieldsJson(texts.moveFields(line[k])) +
            ",\n      \"playedName\": " + jsonString(texts.moveName(line[k])) + ",\n      ";
    const std::uint64_t room = options.maxOutputBytes - written;
    const auto moves = movesJson(session, options, "      ", room, cgt);
    if (!moves || json.size() + moves->size() > room) return tooLong(k);
    json += *moves + "\n    }";
    session.play(line[k]);
  }
  json += line.empty() ? "]\n}\n" : "\n  ]\n}\n";
  if (written + json.size() > options.maxOutputBytes) return tooLong(line.size() - 1);
  written += json.size();
  out(json);
  session.setLine(savedHistory, startStep);
  return written;
}

}  // namespace gs
