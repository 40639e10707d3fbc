// Exports for posts: a standalone SVG and an editorial's Markdown of the board at a step of
// the optimal line, for every game; steps past the line and boards too large are refused; the
// session is left as it was.
#include "tools/export.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "base/drawing.h"
#include "base/random.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "session.h"

namespace gs {
namespace {

struct Sample {
  const Game& game;
  const char* input;
};

const Sample kSamples[] = {
    {staircaseGame(), "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n"},
    {exchangeGame(), "1 1 2\n2\n4\n1 3\n"},
    {manhattanGame(), "3 1\n1 2 3\n4 5 6\n7 8 9\n"},
};

Session load(const Sample& sample) {
  return std::move(Session::fromJudgeInput(sample.game, sample.input).value());
}

std::string exported(Session& session, ExportFormat format, int step) {
  auto text = exportBoard(session, ExportOptions{format, step});
  EXPECT_TRUE(text.ok()) << text.error().toString();
  return text.ok() ? text.value() : "";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Export, SvgIsAStandalonePicture) {
  for (const Sample& sample : kSamples) {
    Session session = load(sample);
    const std::size_t length = session.principalLine().size();
    for (int step = 0; step <= static_cast<int>(length); ++step) {
      const std::string svg = exported(session, ExportFormat::kSvg, step);
      EXPECT_EQ(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
                          "xmlns=\"http://www.w3.org/2000/svg\"",
                          0),
                0u);
      EXPECT_TRUE(contains(svg, "viewBox=\"0 0 "));
      EXPECT_TRUE(contains(svg, "</svg>\n"));
      EXPECT_FALSE(contains(svg, "href"));  // no external references
      EXPECT_FALSE(contains(svg, "<script"));
      EXPECT_FALSE(contains(svg, "<image"));
      EXPECT_TRUE(contains(svg, "step " + std::to_string(step) + " of " + std::to_string(length)));
    }
  }
}

TEST(Export, StaircaseSvgShowsStonesValuesAndTheCaption) {
  Session session = load(kSamples[0]);
  const std::string svg = exported(session, ExportFormat::kSvg, 2);
  // Stones 1 and 2 with their numbers; the legal cells (1, 3) and (2, 1) with their values;
  // the best, (2, 1), framed in green.
  EXPECT_TRUE(contains(svg, "font-weight=\"bold\">1</text>"));
  EXPECT_TRUE(contains(svg, "font-weight=\"bold\">2</text>"));
  EXPECT_TRUE(contains(svg, ">-4</text>"));
  EXPECT_TRUE(contains(svg, "stroke=\"#1a7f37\""));
  EXPECT_TRUE(contains(svg, "Black to move. Value: Black ends 2 points ahead"));
  EXPECT_TRUE(contains(svg, "Points so far: Black 2, White 7"));
}

TEST(Export, MarkdownHoldsTheInputTheAnswerAndTheLine) {
  Session session = load(kSamples[0]);
  const std::string md = exported(session, ExportFormat::kMarkdown, 0);
  EXPECT_TRUE(contains(md, "```text\n2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n```\n"));
  EXPECT_TRUE(contains(md, "```text\n2\n```\n"));
  EXPECT_TRUE(contains(md, "| # | Player | Move | Value after it |"));
  EXPECT_TRUE(contains(md, "| 1 | Black | (1, 1) | 2 |"));
  EXPECT_TRUE(contains(md, "| 6 | White | (2, 3) | 2 |"));
  EXPECT_TRUE(contains(md, "| **1** | 2/3 | 7/7 | 3/2 |"));
  EXPECT_FALSE(contains(md, "<"));  // no HTML
  const std::string later = exported(session, ExportFormat::kMarkdown, 2);
  EXPECT_TRUE(contains(later,
                       "| **1** | \xE2\x97\x8F"
                       "1 2/3 | \xE2\x97\x8B"
                       "2 7/7 | 3/2 |"));
}

TEST(Export, MarkdownDrawsEveryGamesBoard) {
  Session exchange = load(kSamples[1]);
  const std::string cards = exported(exchange, ExportFormat::kMarkdown, 1);
  EXPECT_TRUE(contains(cards, "```text\nAoki\n```"));
  EXPECT_TRUE(contains(cards, "| 1 | Takahashi | A1 takes C1 |"));
  EXPECT_TRUE(contains(cards, "| Takahashi's hand | C1 = 1 (moved at move 1) |"));
  Session manhattan = load(kSamples[2]);
  const std::string cells = exported(manhattan, ExportFormat::kMarkdown, 0);
  EXPECT_TRUE(contains(cells, "| **3** | 7 L | 8 W | 9 W |"));
  EXPECT_TRUE(contains(cells, "```text\n2\n3 2\n3 3\n```"));
}

TEST(Export, AStepPastTheLineIsRefused) {
  Session session = load(kSamples[0]);
  auto text = exportBoard(session, ExportOptions{ExportFormat::kSvg, 7});
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.error().message.english(),
            "step 7 is past the end of the optimal line, which has 6 moves");
}

TEST(Export, BoardsPastSixtyFourCellsASideAreRefused) {
  Session large = Session::fromBoard(randomManhattan(65, 3, 1));
  auto text = exportBoard(large, ExportOptions{ExportFormat::kSvg, 0});
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.error().message.english(),
            "a 65 x 65 board is too large to export (at most 64 x 64 cells)");
  Session largest = Session::fromBoard(randomManhattan(64, 3, 1));
  EXPECT_TRUE(exportBoard(largest, ExportOptions{ExportFormat::kSvg, 1}).ok());
  EXPECT_TRUE(exportBoard(largest, ExportOptions{ExportFormat::kMarkdown, 1}).ok());
}

TEST(Export, TheSessionIsLeftAsItWas) {
  Session session = load(kSamples[0]);
  ASSERT_EQ(session.play({0, 0}), "");
  ASSERT_EQ(session.play({1, 0}), "");
  session.undo();
  exported(session, ExportFormat::kSvg, 4);
  exported(session, ExportFormat::kMarkdown, 3);
  EXPECT_EQ(session.step(), 1);
  ASSERT_EQ(session.history().size(), 2u);
  EXPECT_EQ(session.history()[1], (Move{1, 0}));
}

TEST(Export, CommentsOfTheLineAreInTheMarkdownAndTheSvgCaption) {
  Session session = load(kSamples[0]);
  const std::vector<Move> line = session.principalLine();
  ASSERT_GE(line.size(), 3u);
  ASSERT_EQ(session.setLine(line, 0), "");
  ASSERT_EQ(session.setCommentAt(0, "Before anything: the first player wins"), "");
  ASSERT_EQ(session.setCommentAt(2, "only | move \xE5\xA5\xBD\xE6\x89\x8B"), "");
  const std::string md = exported(session, ExportFormat::kMarkdown, 2);
  EXPECT_TRUE(contains(md,
                       "> Before anything: the first player wins\n\n| # | Player | Move | "
                       "Value after it | Comment |\n"))
      << md;
  EXPECT_TRUE(contains(md, " | only \\| move \xE5\xA5\xBD\xE6\x89\x8B |\n")) << md;
  // The SVG at the commented step carries it as its first caption line; other steps do not.
  EXPECT_TRUE(contains(exported(session, ExportFormat::kSvg, 2),
                       "\xE2\x80\x9Conly | move \xE5\xA5\xBD\xE6\x89\x8B\xE2\x80\x9D"));
  EXPECT_FALSE(contains(exported(session, ExportFormat::kSvg, 1), "only | move"));
  // A long comment wraps into several caption lines of the picture's width.
  ASSERT_EQ(session.setCommentAt(1, std::string(60, 'w') + " " + std::string(300, 'v')), "");
  const std::string svg = exported(session, ExportFormat::kSvg, 1);
  EXPECT_TRUE(contains(svg, ">\xE2\x80\x9C" + std::string(60, 'w') + "<")) << svg;
  // The session keeps its comments; a line that leaves the played one has none past the fork.
  EXPECT_EQ(session.comment(2), "only | move \xE5\xA5\xBD\xE6\x89\x8B");
  session.goToStep(1);
  const std::vector<MoveValue> moves = session.gameBoard().moves();
  const auto other = std::find_if(moves.begin(), moves.end(),
                                  [&](const MoveValue& move) { return move.move != line[1]; });
  ASSERT_NE(other, moves.end());
  ASSERT_EQ(session.play(other->move), "");
  ASSERT_EQ(session.setComment("a side line"), "");
  const std::string optimal = exported(session, ExportFormat::kMarkdown, 1);
  EXPECT_TRUE(contains(optimal, "> Before anything")) << optimal;
  EXPECT_TRUE(contains(optimal, " | " + std::string(60, 'w'))) << optimal;
  EXPECT_FALSE(contains(optimal, "a side line")) << optimal;
}

TEST(Export, TextIsEscaped) {
  EXPECT_EQ(xmlEscape("a<b & \"c\" 'd'>\x01"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt; ");
  EXPECT_EQ(markdownEscape("a|b *c* <i>\n"), "a\\|b \\*c\\* \\<i\\> ");
  EXPECT_EQ(svgNumber(12.0), "12");
  EXPECT_EQ(svgNumber(12.5), "12.5");
  EXPECT_EQ(svgNumber(-0.001), "0");
  EXPECT_EQ(svgNumber(-3.25), "-3.25");
  EXPECT_EQ(svgNumber(0.5), "0.5");
}

// svgNumber writes its hundredths by hand; the stream's fixed two decimals (trailing zeros and
// "-0" dropped) are the reference, over a grid of thousandths (ties at every 5), and values at
// random.
TEST(Export, SvgNumbersAreThoseOfFixedTwoDecimals) {
  const auto reference = [](double value) {
    std::ostringstream stream;
    stream << std::fixed << std::setprecision(2) << value;
    std::string text = stream.str();
    text.erase(text.find_last_not_of('0') + 1);  // "12.50" -> "12.5", "12.00" -> "12."
    if (text.back() == '.') text.pop_back();
    return text == "-0" ? std::string("0") : text;
  };
  for (int k = -300000; k <= 300000; ++k) {
    const double value = k / 1000.0;
    ASSERT_EQ(svgNumber(value), reference(value)) << k;
  }
  SplitMix64 random(181);
  for (int k = 0; k < 200000; ++k) {
    const double scale = std::ldexp(1.0, static_cast<int>(random.next() % 60) - 10);
    const double value =
        (static_cast<double>(random.next() >> 11) / 9007199254740992.0 - 0.5) * scale;
    ASSERT_EQ(svgNumber(value), reference(value)) << value;
  }
  for (const double value : {1e15, -1e15, 1e20, 123456789012.345, 0.005, 0.015, 2.675, 1.005})
    EXPECT_EQ(svgNumber(value), reference(value)) << value;
  EXPECT_EQ(parseExportFormat("md"), ExportFormat::kMarkdown);
  EXPECT_EQ(parseExportFormat("svg"), ExportFormat::kSvg);
  EXPECT_FALSE(parseExportFormat("png").has_value());
}

}  // namespace
}  // namespace gs
