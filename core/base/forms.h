// The forms of the generic messages (message.h), each written once: its English, which the
// code fills in to build the message, and its Chinese, which translates it by key. The
// catalogue (i18n.cpp) lists them, so that a text built from one is also translated when only
// its English is at hand (the module's translate()).
//
// Placeholders: N... a number, TOKEN... a quoted token, IDS... a list of ids (Message::list),
// RAW... an id, MESSAGE... a sentence of its own (translated whole, or the message stays in
// English); any other a name or label, translated when the catalogue knows it.
#pragma once

#include "base/phrase.h"

namespace gs::forms {

// --- Lists.
// "a, b or c": "a、b 或 c" (Message::list; the catalogue's IDS placeholders).
inline constexpr Phrase kListComma{", ", "\xE3\x80\x81"};
inline constexpr Phrase kOr{" or ", " \xE6\x88\x96 "};

// --- Places in a text (judge_text.cpp).
inline constexpr Phrase kAtLineColumn{"line {N1}, column {N2}: {MESSAGE}",
                                      "第 {N1} 行第 {N2} 列：{MESSAGE}"};
inline constexpr Phrase kAtLine{"line {N}: {MESSAGE}", "第 {N} 行：{MESSAGE}"};
inline constexpr Phrase kInputEmpty{"the input is empty; {MESSAGE}", "输入为空；{MESSAGE}"};
inline constexpr Phrase kInputEmptyByteOrderMark{
    "the input is empty (it holds only a UTF-8 byte order mark); {MESSAGE}",
    "输入为空（只有一个 UTF-8 字节顺序标记）；{MESSAGE}"};
inline constexpr Phrase kExpectedIntegers{"expected {N} integers ({WHAT})",
                                          "应有 {N} 个整数（{WHAT}）"};
inline constexpr Phrase kExpectedInteger{"expected {N} integer ({WHAT})",
                                         "应有 {N} 个整数（{WHAT}）"};
inline constexpr Phrase kExpectedIntegersAtEnd{
    "expected {N} integers ({WHAT}), found the end of the input",
    "应有 {N} 个整数（{WHAT}），但输入已结束"};
inline constexpr Phrase kExpectedIntegerAtEnd{
    "expected {N} integer ({WHAT}), found the end of the input",
    "应有 {N} 个整数（{WHAT}），但输入已结束"};
inline constexpr Phrase kExpectedIntegersFound{"expected {N1} integers ({WHAT}), found {N2}",
                                               "应有 {N1} 个整数（{WHAT}），实际有 {N2} 个"};
inline constexpr Phrase kExpectedIntegerFound{"expected {N1} integer ({WHAT}), found {N2}",
                                              "应有 {N1} 个整数（{WHAT}），实际有 {N2} 个"};
inline constexpr Phrase kExpectedAnInteger{"expected an integer, found {TOKEN}",
                                           "应为整数，实际为 {TOKEN}"};
inline constexpr Phrase kFullWidthDigits{
    "expected an integer, found full-width digits {TOKEN}; write numbers with the ASCII digits "
    "0-9",
    "应为整数，实际为全角数字 {TOKEN}；请用半角数字 0-9 书写"};
inline constexpr Phrase kExpectedTheEnd{"expected the end of the input, found {TOKEN}",
                                        "输入应已结束，实际还有 {TOKEN}"};
inline constexpr Phrase kOutOfRangeFound{"{FIELD} must be between {N1} and {N2}, found {VALUE}",
                                         "{FIELD} 应在 {N1} 到 {N2} 之间，实际为 {VALUE}"};
inline constexpr Phrase kOutOfRange{"{FIELD} must be between {N1} and {N2}",
                                    "{FIELD} 应在 {N1} 到 {N2} 之间"};
inline constexpr Phrase kTheValue{"the value", "该数"};
inline constexpr Phrase kLongNumber{"{START}... ({N} digits)", "{START}...（共 {N} 位）"};
inline constexpr Phrase kRowOf{"row {N} of {MATRIX}", "{MATRIX} 的第 {N} 行"};
inline constexpr Phrase kRow{"row {N}", "第 {N} 行"};

// --- Sizes and drawings (game.cpp, drawing.cpp, export.cpp).
inline constexpr Phrase kMoreThan16EiB{"more than 16 EiB", "超过 16 EiB"};
inline constexpr Phrase kBytes{"{N} bytes", "{N} 字节"};
inline constexpr Phrase kOneByte{"{N} byte", "{N} 字节"};
inline constexpr Phrase kMoreThanPowerOfTen{"more than 10^{N}", "超过 10^{N}"};
inline constexpr Phrase kMoreThanPowerOfTenBytes{"more than 10^{N} bytes", "超过 10^{N} 字节"};
inline constexpr Phrase kBoardNeeds{
    "a {N1} x {N2} board needs {SIZE} to solve, over the memory budget of {BUDGET}",
    "{N1} \xC3\x97 {N2} 的棋盘求解需要 {SIZE}，超出内存预算 {BUDGET}"};
inline constexpr Phrase kCellOutside{"cell {CELL} is outside the {N1} x {N2} board",
                                     "格子 {CELL} 在 {N1} \xC3\x97 {N2} 的棋盘之外"};
inline constexpr Phrase kInputTooLarge{
    "input too large: the text is longer than {SIZE}, and the largest {GAME} board the memory "
    "budget of {BUDGET} allows takes at most {MAX} as judge input",
    "输入过大：文本超过 {SIZE}，而内存预算 {BUDGET} 允许的最大{GAME}棋盘，其输入最多 {MAX}"};
inline constexpr Phrase kTooLargeToExport{
    "a {N1} x {N2} board is too large to export (at most {N3} x {N4} cells)",
    "{N1} × {N2} 的棋盘太大，无法导出（最多 {N3} × {N4} 格）"};
inline constexpr Phrase kNoDrawing{"{GAME} boards have no drawing", "{GAME}棋盘没有图"};
inline constexpr Phrase kStepPastLine{"step {N1} is past the end of the line, which has {N2} moves",
                                      "第 {N1} 步超出了对局的末尾（共 {N2} 步）"};
inline constexpr Phrase kStepPastLineOfOne{
    "step {N1} is past the end of the line, which has {N2} move",
    "第 {N1} 步超出了对局的末尾（共 {N2} 步）"};
inline constexpr Phrase kStepPastOptimalLine{
    "step {N1} is past the end of the optimal line, which has {N2} moves",
    "第 {N1} 步超出了最优对局的末尾（共 {N2} 步）"};
inline constexpr Phrase kStepPastOptimalLineOfOne{
    "step {N1} is past the end of the optimal line, which has {N2} move",
    "第 {N1} 步超出了最优对局的末尾（共 {N2} 步）"};

// --- Rules text in links (compress.cpp).
inline constexpr Phrase kNotDeflate{
    "is not a complete deflate stream (the link was cut or altered)",
    "不是完整的 deflate 数据（链接被截断或改动了）"};
inline constexpr Phrase kInflatesPast{"inflates to more than {N} bytes", "解压后超过 {N} 字节"};
inline constexpr Phrase kNotBase64Url{"is not base64url: character {N} is {TOKEN}",
                                      "不是 base64url：第 {N} 个字符是 {TOKEN}"};

// --- Verdicts on moves (verdict.cpp).
inline constexpr Phrase kBest{"best", "最佳"};
inline constexpr Phrase kMistake{"{N} (mistake)", "{N}（失误）"};
inline constexpr Phrase kWinIntoLossBy{"{N}: turns a win into a loss (blunder)",
                                       "{N}：把胜局下成败局（大错）"};
inline constexpr Phrase kWinIntoDrawBy{"{N}: turns a win into a draw (blunder)",
                                       "{N}：把胜局下成平局（大错）"};
inline constexpr Phrase kDrawIntoLossBy{"{N}: turns a draw into a loss (blunder)",
                                        "{N}：把平局下成败局（大错）"};
inline constexpr Phrase kWinIntoLoss{"turns a win into a loss (blunder)", "把必胜下成必败（大错）"};
inline constexpr Phrase kWinIntoDraw{"turns a win into a draw (blunder)", "把必胜下成平局（大错）"};
inline constexpr Phrase kDrawIntoLoss{"turns a draw into a loss (blunder)",
                                      "把平局下成必败（大错）"};
inline constexpr Phrase kSlowerWin{"a slower win: in {N1} moves instead of {N2} (inaccuracy)",
                                   "赢得更慢：{N1} 步而不是 {N2} 步（欠佳）"};
inline constexpr Phrase kQuickerLoss{"a quicker loss: in {N1} moves instead of {N2} (inaccuracy)",
                                     "输得更快：{N1} 步而不是 {N2} 步（欠佳）"};

// --- Values for the mover (values.cpp) and results (verdict.cpp).
inline constexpr Phrase kDraw{"draw", "平局"};
inline constexpr Phrase kDrawIn{"draw in {N}", "平局（{N} 步）"};
inline constexpr Phrase kNoMove{"no move", "无棋可走"};
inline constexpr Phrase kWinIn{"win in {N}", "必胜（{N} 步）"};
inline constexpr Phrase kLossIn{"loss in {N}", "必败（{N} 步）"};
inline constexpr Phrase kWin{"win", "必胜"};
inline constexpr Phrase kLoss{"loss", "必败"};
inline constexpr Phrase kGrundyValue{"sg {N}", "sg {N}"};
inline constexpr Phrase kLegendScore{
    "Numbers on moves: the final margin for the player to move, in points, with both sides "
    "playing perfectly afterwards (higher is better).",
    "着法上的数字：此后双方都按最优策略走时，当前走棋一方最终领先的分数（越大越好）。"};
inline constexpr Phrase kLegendRemoteness{
    "Values: win or loss for the player to move, and in how many moves the game ends (the winner "
    "hurries, the loser holds out).",
    "局面值：当前走棋一方必胜或必败，以及对局还有几步结束（胜方求快，败方拖延）。"};
inline constexpr Phrase kLegendCertificate{
    "Values: win or loss for the player who places there; a losing cell comes with the answer "
    "that refutes it.",
    "局面值：在该格落子的一方必胜或必败；必败的格子附有驳倒它的应着。"};
inline constexpr Phrase kLegendGrundy{
    "Values: the Sprague-Grundy number (sg) of the position, 0 when the player to move loses; a "
    "move shows the number of the position it leads to (a move to sg 0 wins).",
    "局面值：该局面的 Sprague-Grundy 数（sg），当前走棋一方必败时为 0；着法上显示它通向的局面"
    "的 sg 数（走到 sg 为 0 的局面即获胜）。"};
inline constexpr Phrase kFinalScores{"{P1} {N1} \xE2\x80\x93 {P2} {N2}: {MESSAGE}",
                                     "{P1} {N1} \xE2\x80\x93 {P2} {N2}：{MESSAGE}"};
inline constexpr Phrase kADraw{"a draw", "平局"};
inline constexpr Phrase kWinsBy{"{PLAYER} wins by {N}", "{PLAYER}以 {N} 分获胜"};
inline constexpr Phrase kWinsNoMoveLeft{"{WINNER} wins: {LOSER}, to move, has no move left",
                                        "{WINNER}获胜：轮到{LOSER}走，但已无棋可走"};
inline constexpr Phrase kGameIsOver{"The game is over", "对局已结束"};
inline constexpr Phrase kToMove{"{PLAYER} to move", "轮到{PLAYER}走"};
inline constexpr Phrase kNoBoard{"no board is loaded", "尚未载入棋盘"};
inline constexpr Phrase kGameOver{"the game is over", "对局已结束"};

// --- Values in words shared by games (exchange, staircase, rules games) and the rules games' own.
inline constexpr Phrase kWinsGameOver{"{PLAYER} wins; the game is over",
                                      "{PLAYER}获胜；对局已结束"};
inline constexpr Phrase kWinsLasting{"{PLAYER} wins; the game lasts {N} more moves",
                                     "{PLAYER}获胜；对局还要走 {N} 步"};
inline constexpr Phrase kWinsLastingOne{"{PLAYER} wins; the game lasts {N} more move",
                                        "{PLAYER}获胜；对局还要走 {N} 步"};
inline constexpr Phrase kEndsAhead{"{PLAYER} ends {N} points ahead", "{PLAYER}最终领先 {N} 分"};
inline constexpr Phrase kEndsAheadOne{"{PLAYER} ends {N} point ahead", "{PLAYER}最终领先 {N} 分"};
inline constexpr Phrase kFirstPlayer{"First player", "先手"};
inline constexpr Phrase kSecondPlayer{"Second player", "后手"};
inline constexpr Phrase kEndlessDraw{
    "Neither player can force a win: a draw, play goes on for ever",
    "双方都无法取胜：平局，对局永不结束"};
inline constexpr Phrase kDrawGameOver{"A draw; the game is over", "平局；对局已结束"};
inline constexpr Phrase kDrawLasting{"Neither player can force a win: a draw in {N} more moves",
                                     "双方都无法取胜：再走 {N} 步以平局结束"};
inline constexpr Phrase kDrawLastingOne{"Neither player can force a win: a draw in {N} more move",
                                        "双方都无法取胜：再走 {N} 步以平局结束"};
inline constexpr Phrase kPlayersEndLevel{"The first and second player end level",
                                         "先手与后手最终打平"};
inline constexpr Phrase kGrundyWinFirst{"sg {N}: a win for the first player", "sg {N}：先手必胜"};
inline constexpr Phrase kGrundyWinSecond{"sg {N}: a win for the second player", "sg {N}：后手必胜"};
inline constexpr Phrase kGrundyLossFirst{"sg {N}: a loss for the first player", "sg {N}：先手必败"};
inline constexpr Phrase kGrundyLossSecond{"sg {N}: a loss for the second player",
                                          "sg {N}：后手必败"};
inline constexpr Phrase kNoMoveIsLegal{"the game is over: no move is legal",
                                       "对局已结束：没有合法的着法"};
inline constexpr Phrase kNoMoveNumber{"there is no move {N1} (this position has {N2} moves)",
                                      "没有第 {N1} 种着法（这个局面共有 {N2} 种着法）"};
inline constexpr Phrase kNoMoveNumberOfOne{"there is no move {N1} (this position has {N2} move)",
                                           "没有第 {N1} 种着法（这个局面共有 {N2} 种着法）"};

// --- The list of moves beside a board (the exchange and rules views).
inline constexpr Phrase kPlays{"{PLAYER} plays:", "{PLAYER}走："};
inline constexpr Phrase kPlaysValues{"{PLAYER} plays (value for the mover):",
                                     "{PLAYER}走（对走棋一方的局面值）："};
inline constexpr Phrase kNoMoveGameOver{"{PLAYER} has no move: the game is over.",
                                        "{PLAYER}无棋可走：对局结束。"};

// --- Lines of play (session.cpp): a line set move by move, the moves of a link replayed.
inline constexpr Phrase kMoveNumber{"move {N}: {MESSAGE}", "第 {N} 步：{MESSAGE}"};
inline constexpr Phrase kLinkMove{"m (the moves), move {N} {CODE}: {MESSAGE}",
                                  "m（着法）第 {N} 步 {CODE}：{MESSAGE}"};
inline constexpr Phrase kLinkMoveCode{"m (the moves), move {N} {CODE} {MESSAGE}",
                                      "m（着法）第 {N} 步 {CODE}：{MESSAGE}"};
// Comments on a line of play (session.cpp; links' n part).
inline constexpr Phrase kCommentTooLong{
    "the comment is {N1} bytes long; a comment holds at most {N2} bytes of UTF-8",
    "评注长 {N1} 字节；一条评注最多 {N2} 字节（UTF-8）"};
inline constexpr Phrase kCommentNotUtf8{"byte {N} of the comment is not UTF-8 text",
                                        "评注的第 {N} 个字节不是 UTF-8 文本"};
inline constexpr Phrase kCommentControl{
    "character {N} of the comment is a control character ({CODE}); a comment is one line of text",
    "评注的第 {N} 个字符是控制字符（{CODE}）；评注只能是一行文字"};
inline constexpr Phrase kLinkComments{"n (the comments) {MESSAGE}", "n（评注）{MESSAGE}"};
inline constexpr Phrase kLinkCommentAt{"n (the comments), step {N}: {MESSAGE}",
                                       "n（评注）第 {N} 步：{MESSAGE}"};
inline constexpr Phrase kCommentsPastLink{
    "n (the comments) has a comment at step {N1} but the link has only {N2} moves",
    "n（评注）在第 {N1} 步有评注，但链接中只有 {N2} 步"};
inline constexpr Phrase kCommentsTooLongForLink{
    "the comments take {N1} characters in a link; a link carries at most {N2}",
    "评注在链接中占 {N1} 个字符；链接最多容纳 {N2} 个"};
inline constexpr Phrase kStrength{"strength must be a number from 0 to 10, found {TOKEN}",
                                  "strength（电脑棋力）应为 0 到 10 的数，实际为 {TOKEN}"};
inline constexpr Phrase kStepPastLink{"s (the step) is {N1} but the link has only {N2} moves",
                                      "s（步数）为 {N1}，但链接中只有 {N2} 步"};

// --- Links (share_link.cpp).
inline constexpr Phrase kLinkNamesNoGame{"the link names no game (g={IDS})",
                                         "链接没有指明游戏（g={IDS}）"};
inline constexpr Phrase kUnknownGame{"g (the game) must be {IDS}, found {TOKEN}",
                                     "g（游戏）应为 {IDS}，实际为 {TOKEN}"};
inline constexpr Phrase kPartLeadingZero{
    "{PART}: {TOKEN} has a leading zero; numbers in links are written without them",
    "{PART}：{TOKEN} 有前导零；链接中的数字不写前导零"};
inline constexpr Phrase kTokenLeadingZero{
    "{TOKEN} has a leading zero; numbers in links are written without them",
    "{TOKEN} 有前导零；链接中的数字不写前导零"};
inline constexpr Phrase kTokenSignedZero{"{TOKEN} is zero with a sign; links write it 0",
                                         "{TOKEN} 是带符号的零；链接中写作 0"};
inline constexpr Phrase kBoardLoneDot{
    "'.' with no number on one side: the numbers of a group are separated by single dots",
    "'.' 的一侧没有数：一组中的数以单个点分隔"};
inline constexpr Phrase kBoardEndsWithBreak{"the board ends with '_'; remove it",
                                            "棋盘以 '_' 结尾；请删去它"};
inline constexpr Phrase kRecipePart{"r (the recipe)", "r（生成参数）"};
inline constexpr Phrase kStepPart{"s (the step)", "s（步数）"};
inline constexpr Phrase kRecipeProblem{"r (the recipe): {MESSAGE}", "r（生成参数）：{MESSAGE}"};
inline constexpr Phrase kRecipeMustBe{"r (the recipe) must be {SHAPE}",
                                      "r（生成参数）应为 {SHAPE}"};
inline constexpr Phrase kRecipeMustBeFound{"r (the recipe) must be {SHAPE}, found {TOKEN}",
                                           "r（生成参数）应为 {SHAPE}，实际为 {TOKEN}"};
inline constexpr Phrase kRecipeNotANumber{
    "r (the recipe) must be {SHAPE} in numbers; {TOKEN} is not a number",
    "r（生成参数）应为数字形式的 {SHAPE}；{TOKEN} 不是数字"};
inline constexpr Phrase kLinkTooLong{
    "the link is {N1} characters long; links of at most {N2} are accepted",
    "链接长 {N1} 个字符；只接受最多 {N2} 个字符的链接"};
inline constexpr Phrase kLinkLongerThan{
    "the link is longer than {N1} characters; links of at most {N2} are accepted",
    "链接超过 {N1} 个字符；只接受最多 {N2} 个字符的链接"};
inline constexpr Phrase kLinkEmpty{"the link is empty; it needs at least g= (the game)",
                                   "链接为空；至少需要 g=（游戏）"};
inline constexpr Phrase kAtCharacter{"character {N} of the link: {MESSAGE}",
                                     "链接的第 {N} 个字符：{MESSAGE}"};
inline constexpr Phrase kBadEscape{"'%' must start an escape like %2E",
                                   "'%' 必须开始一个转义，如 %2E"};
inline constexpr Phrase kCannotAppear{"{TOKEN} cannot appear in a link", "链接中不能出现 {TOKEN}"};
inline constexpr Phrase kEndsWithAmpersand{"the link ends with '&'; remove it",
                                           "链接以 '&' 结尾；请删去它"};
inline constexpr Phrase kStartsWithAmpersand{"the link starts with '&'; remove it",
                                             "链接以 '&' 开头；请删去它"};
inline constexpr Phrase kDoubleAmpersand{"two '&' in a row leave an empty link part",
                                         "连续两个 '&' 之间是空的链接部分"};
inline constexpr Phrase kUnknownPart{
    "unknown link part {TOKEN} (known parts: g, b, r, m, s, n, embed, autoplay, ro, p, strength, "
    "q, lang, c, t, i, k)",
    "未知的链接部分 {TOKEN}（已知部分：g, b, r, m, s, n, embed, autoplay, ro, p, strength, q, "
    "lang, "
    "c, t, i, k）"};
inline constexpr Phrase kTableShape{
    "t (the table) must be NAME.FROM.TO or two of them (NAME.FROM.TO.NAME.FROM.TO), found {TOKEN}",
    "t（表格）必须是 NAME.FROM.TO 或两组（NAME.FROM.TO.NAME.FROM.TO），实际是 {TOKEN}"};
inline constexpr Phrase kTableWithRulesOnly{"t (the table) goes with g=rules only",
                                            "t（表格）只能和 g=rules 一起使用"};
inline constexpr Phrase kPartNeedsValue{"link part {TOKEN} needs a value ({KEY}=…)",
                                        "链接部分 {TOKEN} 需要一个值（{KEY}=…）"};
inline constexpr Phrase kPartTwice{"link part {TOKEN} appears twice",
                                   "链接部分 {TOKEN} 出现了两次"};
inline constexpr Phrase kMoveLeadingZero{
    "m (the moves), move {N} {CODE}: {TOKEN} has a leading zero; numbers in links are written "
    "without them",
    "m（着法）第 {N} 步 {CODE}：{TOKEN} 有前导零；链接中的数字不写前导零"};
inline constexpr Phrase kStepNotANumber{"s (the step) must be a number of moves, found {TOKEN}",
                                        "s（步数）应为步数，实际为 {TOKEN}"};
inline constexpr Phrase kFlag{"{KEY} must be 0 or 1, found {TOKEN}",
                              "{KEY} 应为 0 或 1，实际为 {TOKEN}"};
inline constexpr Phrase kPlayers{
    "p (the players) must be two letters h (human) or c (computer), found {TOKEN}",
    "p（双方）应为两个字母 h（人）或 c（电脑），实际为 {TOKEN}"};
inline constexpr Phrase kLanguage{"lang (the language) must be en or zh, found {TOKEN}",
                                  "lang（语言）应为 en 或 zh，实际为 {TOKEN}"};
inline constexpr Phrase kRulesNeedsC{"g=rules needs c (the rules file)",
                                     "g=rules 需要 c（规则文件）"};
inline constexpr Phrase kRulesOnly{"c (the rules) goes with g=rules only",
                                   "c（规则）只能与 g=rules 一起使用"};
inline constexpr Phrase kRulesText{"c (the rules) {MESSAGE}", "c（规则）{MESSAGE}"};
inline constexpr Phrase kInputWithReadOnly{
    "i (the judge's input) goes with rules that read one (read in c)",
    "i（评测输入）只能与读取输入的规则（c 中有 read）一起使用"};
inline constexpr Phrase kInputText{"i (the judge's input) {MESSAGE}", "i（评测输入）{MESSAGE}"};
inline constexpr Phrase kBoardAndInput{
    "a link has b (the board) or i (the judge's input), not both",
    "链接只能有 b（棋盘）或 i（评测输入）之一，不能两者都有"};
inline constexpr Phrase kCaseNeedsInput{"k (the case) goes with i (the judge's input) only",
                                        "k（第几组数据）只能与 i（评测输入）一起使用"};
inline constexpr Phrase kCaseNumber{"k (the case) must be a case number from 1, not {TOKEN}",
                                    "k（第几组数据）必须是从 1 起的数据编号，而不是 {TOKEN}"};
inline constexpr Phrase kInputCase{"i (the judge's input), case {N}: {MESSAGE}",
                                   "i（评测输入）第 {N} 组数据：{MESSAGE}"};
inline constexpr Phrase kRulesLoad{"c (the rules), {MESSAGE}", "c（规则），{MESSAGE}"};
inline constexpr Phrase kBoardAndRecipe{
    "the link has both b (a board) and r (a recipe); it needs one",
    "链接同时含有 b（棋盘）和 r（生成参数）；只能有其一"};
inline constexpr Phrase kBoardEmpty{"b (the board) is empty", "b（棋盘）为空"};
inline constexpr Phrase kRulesSampleIn{
    "the rules' sample (the link has neither b nor i), {MESSAGE}",
    "规则的样例（链接中既没有 b 也没有 i），{MESSAGE}"};
inline constexpr Phrase kBoardAt{"b (the board), group {N1}, character {N2}: {MESSAGE}",
                                 "b（棋盘）第 {N1} 组第 {N2} 个字符：{MESSAGE}"};
inline constexpr Phrase kBoardTooLongForLink{
    "this board takes {N1} characters, too many for a link (at most {N2}); generated boards "
    "travel as their recipe instead",
    "这个棋盘要 {N1} 个字符，链接放不下（最多 {N2} 个）；随机生成的棋盘以生成参数放进链接"};

// --- The rules engine (core/rules/) and the programs check runs (run_program.cpp): sentences
// around the rules' own messages, and the limits of what they read and make.
inline constexpr Phrase kRulesInCall{"{MESSAGE}, in {RAW}", "{MESSAGE}，在 {RAW} 中"};
inline constexpr Phrase kRulesInRead{"{MESSAGE}, in read(the judge's input)",
                                     "{MESSAGE}，在 read(评测输入) 中"};
inline constexpr Phrase kRulesInCase{"{MESSAGE}, in case {N}", "{MESSAGE}，在第 {N} 个用例中"};
inline constexpr Phrase kRulesAtRow{"{MESSAGE}, at {RAW}", "{MESSAGE}，在 {RAW} 处"};
inline constexpr Phrase kRulesExploring{"{MESSAGE} (exploring position {RAW})",
                                        "{MESSAGE}（探索局面 {RAW} 时）"};
// The reader of the judge's input that read(text, input) is given (lua_input.cpp): a place in
// the input and what was expected there (kExpectedAnInteger and kExpectedTheEnd above too).
inline constexpr Phrase kJudgeInputAt{"the judge's input, line {N1}, column {N2}: {MESSAGE}",
                                      "评测输入第 {N1} 行第 {N2} 列：{MESSAGE}"};
inline constexpr Phrase kExpectedIntegerFromTo{
    "expected an integer from {N1} to {N2}, found {VALUE}",
    "应为 {N1} 到 {N2} 之间的整数，实际为 {VALUE}"};
inline constexpr Phrase kIntegerAtEnd{"expected an integer, found the end of the input",
                                      "应为整数，但输入已结束"};
inline constexpr Phrase kIntegerFromToAtEnd{
    "expected an integer from {N1} to {N2}, found the end of the input",
    "应为 {N1} 到 {N2} 之间的整数，但输入已结束"};
inline constexpr Phrase kWordAtEnd{"expected a word, found the end of the input",
                                   "应为一个字符串，但输入已结束"};
inline constexpr Phrase kLineAtEnd{"expected a line, found the end of the input",
                                   "应为一行，但输入已结束"};
inline constexpr Phrase kRulesFileTooLong{
    "the rules file is {SIZE} bytes long; at most {LIMIT} are read",
    "规则文件长 {SIZE} 字节；最多读取 {LIMIT} 字节"};
inline constexpr Phrase kJudgeInputTooLong{
    "the judge's input is {SIZE} bytes long; at most {LIMIT} are read",
    "评测输入长 {SIZE} 字节；最多读取 {LIMIT} 字节"};
inline constexpr Phrase kJudgeOutputTooLong{
    "the judge's output is longer than {SIZE} bytes (at case {N})",
    "评测输出超过 {SIZE} 字节（在第 {N} 个用例处）"};
inline constexpr Phrase kNoSuchCaseOne{"the input has 1 case; there is no case {N}",
                                       "输入只有 1 个用例；没有第 {N} 个用例"};
inline constexpr Phrase kNoSuchCase{"the input has {N1} cases; there is no case {N2}",
                                    "输入有 {N1} 个用例；没有第 {N2} 个用例"};
inline constexpr Phrase kPartsTooLarge{
    "parts({RAW}) splits into positions of more than {N} bytes in all (past the memory budget)",
    "parts({RAW}) 拆出的局面合计超过 {N} 字节（超出内存预算）"};
inline constexpr Phrase kPartsKeepSplitting{
    "parts({RAW}) keeps splitting: more than {N} parts (a position whose parts are itself alone is "
    "a single game)",
    "parts({RAW}) 不断拆分：超过 {N} 个部分（只拆出自身的局面是单个游戏）"};
inline constexpr Phrase kOverBudgetExploring{
    "the game needs more than the memory budget of {SIZE}: {N1} positions and {N2} moves explored "
    "so far",
    "该游戏所需内存超过预算 {SIZE}：目前已探索 {N1} 个局面、{N2} 步走法"};
inline constexpr Phrase kOverBudgetBound{
    "the game needs more than the memory budget of {SIZE}: at least {NEED} to solve the {N1} "
    "positions and {N2} moves explored so far",
    "该游戏所需内存超过预算 {SIZE}：求解目前已探索的 {N1} 个局面、{N2} 步走法至少需要 {NEED}"};
inline constexpr Phrase kOverBudgetBoundAbout{
    "the game needs more than the memory budget of {SIZE}: at least {NEED} to solve the {N1} "
    "positions and {N2} moves explored so far, and about {ABOUT} if the positions not yet "
    "explored have as many moves as those explored",
    "该游戏所需内存超过预算 {SIZE}：求解目前已探索的 {N1} 个局面、{N2} 步走法至少需要 "
    "{NEED}；若尚未探索的局面与已探索的走法一样多，约需 {ABOUT}"};
inline constexpr Phrase kOverBudgetSolving{
    "the game needs more than the memory budget of {SIZE} to solve its {N1} positions and {N2} "
    "moves",
    "求解该游戏的 {N1} 个局面、{N2} 步走法所需内存超过预算 {SIZE}"};
inline constexpr Phrase kOverBudgetRecord{
    "answer()'s r needs more than the memory budget of {SIZE}: at least {NEED} in all with "
    "r.children, the start's {N} moves",
    "answer() 的 r 所需内存超过预算 {SIZE}：连同 r.children（起始局面的 {N} 步走法）至少需要 "
    "{NEED}"};
inline constexpr Phrase kTableOverBudget{
    "a table of {N} rows needs more than the memory budget of {SIZE} for its rows alone: at "
    "least {NEED}",
    "{N} 行的表格仅其各行就至少需要 {NEED}，超出内存预算 {SIZE}"};
inline constexpr Phrase kTableTextTooLong{
    "the table's text is longer than {SIZE} at row {N1} of {N2} (the page holds it whole; "
    "gamesolver table writes it as it is made)",
    "表格文本在第 {N1} 行（共 {N2} 行）处超过 {SIZE}（页面须整体保存；gamesolver table "
    "边生成边写出）"};
inline constexpr Phrase kPositionsCap{
    "the game has more than {N1} positions, the positions cap ({N2} moves explored so far)",
    "该游戏的局面数超过上限 {N1}（目前已探索 {N2} 步走法）"};
inline constexpr Phrase kPositionsCapRaise{
    "the game has more than {N1} positions, the positions cap ({N2} moves explored so far); raise "
    "it with {RAW}",
    "该游戏的局面数超过上限 {N1}（目前已探索 {N2} 步走法）；可用 {RAW} 提高上限"};
inline constexpr Phrase kMoverOneOrTwo{"mover({RAW}) must return 1 or 2",
                                       "mover({RAW}) 必须返回 1 或 2"};
inline constexpr Phrase kMarginOverflow{
    "the margin from position {RAW} does not fit in 64 bits (margins lie within "
    "±9,223,372,036,854,775,807, so that each negates)",
    "局面 {RAW} 的分差超出 64 位（分差须在 ±9,223,372,036,854,775,807 之内，以便取负）"};
inline constexpr Phrase kRepeatsScored{
    "the game repeats a position: {RAW} can come back after itself, and a scored game (with gain "
    "or score) must end",
    "该游戏出现重复局面：{RAW} 之后会再次回到它，而计分游戏（有 gain 或 score）必须结束"};
inline constexpr Phrase kRepeatsImpartial{
    "the game repeats a position: {RAW} can come back after itself, and an impartial game must end",
    "该游戏出现重复局面：{RAW} 之后会再次回到它，而公平游戏必须结束"};
inline constexpr Phrase kParamsNone{"none", "无"};
inline constexpr Phrase kTableArgShape{
    "'{RAW}' is not NAME=FROM..TO or NAME=VALUE (the parameters: {PARAMS})",
    "“{RAW}”不是 NAME=FROM..TO 或 NAME=VALUE（参数：{PARAMS}）"};
inline constexpr Phrase kTableNotParam{"'{RAW}' is not a parameter (the parameters: {PARAMS})",
                                       "“{RAW}”不是参数（参数：{PARAMS}）"};
inline constexpr Phrase kTableGivenTwice{"{RAW} is given twice", "{RAW} 给出了两次"};
inline constexpr Phrase kTableNeedsNumber{"{RAW1} needs a whole number, found '{RAW2}'",
                                          "{RAW1} 需要一个整数，实际为“{RAW2}”"};
inline constexpr Phrase kTableNeedsRangeOf{
    "{RAW1} needs a range FROM..TO of whole numbers, found '{RAW2}'",
    "{RAW1} 需要整数范围 FROM..TO，实际为“{RAW2}”"};
inline constexpr Phrase kTableEmptyRange{"{RAW1}={RAW2} is empty: FROM must not pass TO",
                                         "{RAW1}={RAW2} 为空：FROM 不能大于 TO"};
inline constexpr Phrase kTableThirdAxis{"a table ranges one or two parameters; {RAW} is a third",
                                        "表格只能让一个或两个参数取范围；{RAW} 是第三个"};
inline constexpr Phrase kTableNeedsRange{"a table needs a range, such as {RAW}=0..100",
                                         "表格需要一个范围，例如 {RAW}=0..100"};
inline constexpr Phrase kTableTooManyRows{"the table has more than {N} rows; narrow its ranges",
                                          "表格超过 {N} 行；请缩小范围"};
// A take-and-break game's code (core/rules/take_break.h) and its judge input of heaps.
inline constexpr Phrase kTakeBreakPrefix{
    "a take-and-break game is named by its code after octal: or hex:, as in octal:0.137",
    "取分游戏以 octal: 或 hex: 后的代码命名，例如 octal:0.137"};
inline constexpr Phrase kTakeBreakOctalDigit{"{TOKEN} is not an octal digit (0 to 7)",
                                             "{TOKEN} 不是八进制数字（0 到 7）"};
inline constexpr Phrase kTakeBreakHexDigit{"{TOKEN} is not a hexadecimal digit (0 to 9, A to F)",
                                           "{TOKEN} 不是十六进制数字（0 到 9、A 到 F）"};
inline constexpr Phrase kTakeBreakFirstDigit{
    "the digit before the point says how a heap splits without taking a token: 0 or 4 (and 8 or C "
    "in hexadecimal), not {TOKEN}",
    "小数点前的数字表示不取走筹码时如何分堆：只能是 0 或 4（十六进制还可为 8 或 "
    "C），不能是 {TOKEN}"};
inline constexpr Phrase kTakeBreakNoPoint{
    "{RAW} needs a point after its first digit, as in octal:0.137",
    "{RAW} 的第一个数字后需要小数点，例如 octal:0.137"};
inline constexpr Phrase kTakeBreakNoDigits{"{RAW} has no digit after its point, as in octal:0.137",
                                           "{RAW} 的小数点后没有数字，例如 octal:0.137"};
inline constexpr Phrase kTakeBreakTooLong{"a code has at most {N} digits after its point",
                                          "代码的小数点后最多有 {N} 个数字"};
inline constexpr Phrase kTakeBreakHeapExpected{
    "expected a heap size (a whole number from 0 to {N}) at line {N1}, column {N2} of the input, "
    "found {TOKEN}",
    "输入第 {N1} 行第 {N2} 列应为堆的大小（0 到 {N} 的整数），却是 {TOKEN}"};
inline constexpr Phrase kTakeBreakTooManyHeaps{"the input lists more than {N} heaps",
                                               "输入列出的堆超过 {N} 个"};
inline constexpr Phrase kTakeBreakNotAPosition{
    "{RAW} is not a position of this game (a sorted list of heap sizes from 1 to {N})",
    "{RAW} 不是这个游戏的局面（从 1 到 {N} 的堆大小的有序列表）"};
inline constexpr Phrase kTakeBreakNotAMove{"{RAW1} is not a move at {RAW2}",
                                           "{RAW1} 不是 {RAW2} 处的着法"};
inline constexpr Phrase kCannotRun{"cannot run '{RAW}': {REASON}", "无法运行“{RAW}”：{REASON}"};
// What a table shows under it (rules_table.cpp: tablePatternMessage, formulaMessage). RAW1 and
// RAW2 are the same parameter's name; RAW3 a number of any size, RAW a formula as written.
inline constexpr Phrase kPatternNone{"no period up to {RAW1}={N}", "直到 {RAW1}={N} 都没有周期"};
// A periodic tail too short for a claim (the values must cover its start twice and its period
// twice beyond): a candidate, unproven, and the range that would support it.
inline constexpr Phrase kPatternNoneCandidate{
    "no period up to {RAW1}={N} (a candidate short of evidence: period {N1} from {RAW2}={N2}, "
    "which needs the table to {RAW3}={N3})",
    "直到 {RAW1}={N} 都没有周期（证据不足的候选：从 {RAW2}={N2} 起以 {N1} 为周期，需要表格延伸到 "
    "{RAW3}={N3}）"};
inline constexpr Phrase kPatternNoneArithmeticCandidate{
    "no period up to {RAW1}={N} (a candidate short of evidence: arithmetic period {N1} (saltus "
    "{RAW4}) from {RAW2}={N2}, which needs the table to {RAW3}={N3})",
    "直到 {RAW1}={N} 都没有周期（证据不足的候选：从 {RAW2}={N2} 起以 {N1} 为算术周期（增量 "
    "{RAW4}），"
    "需要表格延伸到 {RAW3}={N3}）"};
inline constexpr Phrase kPatternPeriod{"period {N1} from {RAW1}={N2} (checked to {RAW2}={N3})",
                                       "从 {RAW1}={N2} 起以 {N1} 为周期（已检查到 {RAW2}={N3}）"};
inline constexpr Phrase kPatternArithmetic{
    "arithmetic period {N1} (saltus {RAW3}) from {RAW1}={N2} (checked to {RAW2}={N3})",
    "从 {RAW1}={N2} 起以 {N1} 为算术周期（增量 {RAW3}）（已检查到 {RAW2}={N3}）"};
// A take-and-break game's period, proven by the periodicity theorem (core/rules/take_break.h):
// RAW3 names the theorem; N3 is the largest heap the proof needs.
inline constexpr Phrase kPatternProven{
    "period {N1} from {RAW1}={N2}, proven at {RAW2}={N3} ({RAW3})",
    "从 {RAW1}={N2} 起以 {N1} 为周期，在 {RAW2}={N3} 处得证（{RAW3}）"};
inline constexpr Phrase kPatternUnproven{
    "no period proven up to {RAW1}={N} (a candidate: period {N1} from {RAW2}={N2}, which would be "
    "proven at {RAW3}={N3})",
    "直到 {RAW1}={N} 都没有得证的周期（候选：从 {RAW2}={N2} 起以 {N1} 为周期，将在 {RAW3}={N3} "
    "处得证）"};
inline constexpr Phrase kFormulaLoss{"loss exactly when {RAW}", "必败当且仅当 {RAW}"};
inline constexpr Phrase kFormulaSg{"sg = {RAW}", "SG 值 = {RAW}"};
inline constexpr Phrase kFormulaMargin{"margin = {RAW}", "分差 = {RAW}"};
inline constexpr Phrase kFormulaNone{"no formula of up to {N} symbols fits (checked {RAW})",
                                     "不超过 {N} 个符号的公式都不吻合（已检查 {RAW}）"};
// The same when the bank's cap stopped the search short of the size asked (formula.h).
inline constexpr Phrase kFormulaNoneCapped{
    "no formula of up to {N} symbols fits (checked {RAW}); larger ones, up to the {K} asked, "
    "were not searched: the search keeps at most {CAP} expressions",
    "不超过 {N} 个符号的公式都不吻合（已检查 {RAW}）；更大的（直到所要求的 {K} 个）未搜索："
    "搜索最多保留 {CAP} 个表达式"};

}  // namespace gs::forms
