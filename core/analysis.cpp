#include "analysis.h"

#include <algorithm>
#include <cstdio>

namespace gs {
namespace {

std::string cellJson(int row, int col) {
  return "{\"row\": " + std::to_string(row + 1) + ", \"col\": " + std::to_string(col + 1) + "}";
}

std::string moveJson(const Session& session, const Move& move) {
  std::string json;
  if (session.game() == GameId::kExchange) {
    const ExchangeBoard& board = session.exchange()->board();
    json = "{\"play\": " + jsonString(board.cardName(move.a)) + ", \"take\": " +
           (move.b >= 0 ? jsonString(board.cardName(move.b)) : std::string("null")) + "}";
  } else {
    json = cellJson(move.a, move.b);
  }
  return json;
}

// The value in its metric; `player` is the one it is for (the mover), named for win/loss games.
std::string valueJson(const Session& session, const Value& value, int player) {
  switch (session.info().metric) {
    case Metric::kScoreDifference:
      return "{\"score\": " + std::to_string(value.score) + "}";
    case Metric::kWinLossRemoteness:
      return std::string("{\"player\": ") + jsonString(session.info().players[player]) +
             ", \"win\": " + (value.win ? "true" : "false") +
             ", \"remoteness\": " + std::to_string(value.remoteness) + "}";
    case Metric::kWinLossCertificate:
      return std::string("{\"player\": ") + jsonString(session.info().players[player]) +
             ", \"win\": " + (value.win ? "true" : "false") + ", \"certificate\": " +
             (value.certificate.a >= 0 ? cellJson(value.certificate.a, value.certificate.b)
                                       : std::string("null")) +
             "}";
  }
  return "{}";
}

std::string movesJson(const Session& session, const AnalysisOptions& options,
                      const std::string& indent) {
  const std::vector<MoveValue> moves = session.moves();
  const int mover = session.sideToMove();
  std::string json = "\"moveCount\": " + std::to_string(moves.size()) + ",\n" + indent +
                     "\"moves\": [";
  // Every legal move is listed, except on manhattan boards, where a step can have millions: the
  // first maxMovesPerStep then, with moveCount giving the total.
  const std::size_t listed = session.game() == GameId::kManhattan
                                 ? std::min(moves.size(), options.maxMovesPerStep)
                                 : moves.size();
  for (std::size_t k = 0; k < listed; ++k) {
    json += k ? ",\n" : "\n";
    json += indent + "  {\"move\": " + moveJson(session, moves[k].move) +
            ", \"name\": " + jsonString(session.moveName(moves[k].move)) +
            ", \"value\": " + valueJson(session, moves[k].value, mover) +
            ", \"best\": " + (moves[k].best ? "true" : "false") + "}";
  }
  json += moves.empty() ? "]" : "\n" + indent + "]";
  return json;
}

std::string manhattanCellsJson(const ManhattanSolver& solver, const AnalysisOptions& options) {
  const int n = solver.n();
  std::string winning, losing;
  std::size_t winningListed = 0, losingListed = 0;
  for (int cell = 0; cell < solver.cellCount(); ++cell) {
    if (solver.isWinning(cell)) {
      if (winningListed++ < options.maxCellsListed)
        winning += (winningListed > 1 ? ", " : "") + cellJson(cell / n, cell % n);
    } else if (losingListed++ < options.maxCellsListed) {
      const int refutation = solver.certificate(cell);
      losing += std::string(losingListed > 1 ? ",\n    " : "\n    ") + "{\"cell\": " +
                cellJson(cell / n, cell % n) +
                ", \"certificate\": " + cellJson(refutation / n, refutation % n) + "}";
    }
  }
  const std::size_t losingCount = static_cast<std::size_t>(solver.cellCount()) - winningListed;
  return "  \"winningCount\": " + std::to_string(winningListed) + ",\n  \"losingCount\": " +
         std::to_string(losingCount) + ",\n  \"cellsTruncated\": " +
         (winningListed > options.maxCellsListed || losingCount > options.maxCellsListed
              ? "true"
              : "false") +
         ",\n  \"winningCells\": [" + winning + "],\n  \"losingCells\": [" + losing +
         (losing.empty() ? "]" : "\n  ]") + ",\n";
}

}  // namespace

std::string jsonString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned char>(c));
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string analysisJson(Session& session, const AnalysisOptions& options) {
  const GameInfo& info = session.info();
  const SolveStats stats = session.stats();
  char milliseconds[32];
  std::snprintf(milliseconds, sizeof milliseconds, "%.3f", stats.milliseconds);
  std::string json = "{\n  \"game\": " + jsonString(info.name) +
                     ",\n  \"metric\": " + jsonString(info.metricName) +
                     ",\n  \"judgeOutput\": " + jsonString(session.judgeOutput()) +
                     ",\n  \"value\": " + valueJson(session, session.value(), session.sideToMove()) +
                     ",\n  \"summary\": " + jsonString(session.summary()) +
                     ",\n  \"positionsSolved\": " + std::to_string(stats.positions) +
                     ",\n  \"solveMilliseconds\": " + milliseconds + ",\n";
  if (const ManhattanSolver* solver = session.manhattan()) json += manhattanCellsJson(*solver, options);

  // Walk the principal line with the session itself, then put its line of play back.
  const std::vector<Move> line = session.principalLine();
  const int startStep = session.step();
  const std::vector<Move> savedHistory = session.history();
  json += "  \"principalLine\": [";
  for (std::size_t k = 0; k < line.size(); ++k) {
    const int mover = session.sideToMove();
    json += k ? ",\n" : "\n";
    json += "    {\n      \"ply\": " + std::to_string(session.step() + 1) +
            ",\n      \"player\": " + jsonString(info.players[mover]) +
            ",\n      \"positionValue\": " + valueJson(session, session.value(), mover) +
            ",\n      \"played\": " + moveJson(session, line[k]) +
            ",\n      \"playedName\": " + jsonString(session.moveName(line[k])) + ",\n      " +
            movesJson(session, options, "      ") + "\n    }";
    session.play(line[k]);
  }
  json += line.empty() ? "]\n}\n" : "\n  ]\n}\n";
  session.setLine(savedHistory, startStep);
  return json;
}

}  // namespace gs
