// The app's own words in Chinese (labels, printf formats, toasts, notices and the sentences the
// views compose): a table of core/base/i18n.h entries, registered by ui_text.cpp. Plain data with
// no ImGui, so the native tests check it with the rest of the catalogue. The games' words (their
// views' legends and tooltips among them) live in each game's translations().
#pragma once

#include <vector>

#include "base/i18n.h"

namespace gs::app {

const std::vector<Phrase>& appPhrases();

// The line under the rules editor (rules_view.cpp): game's fields as the contract lists them
// (core/rules/contract.h: the core ones, the optional ones, a contest problem's), with where to
// read more; made once from the table, in both languages, and listed in appPhrases().
const Phrase& rulesContractLine();

// Forms the app builds messages from (core/base/message.h), listed in appPhrases() too.
inline constexpr Phrase kBoxFull{
    "{MESSAGE} (the box holds {N} KB: drop a larger file on the page, or paste it with nothing "
    "selected)",
    "{MESSAGE}（文本框最多容纳 {N} KB：更大的文件请拖到页面上，或在未选中任何内容时粘贴）"};

// Progress lines and toasts.
inline constexpr Phrase kMakingGif{"Making a GIF of {N} positions...",
                                   "正在生成 GIF（{N} 个局面）……"};
inline constexpr Phrase kGifFailed{"The GIF could not be made: {MESSAGE}",
                                   "无法生成 GIF：{MESSAGE}"};
inline constexpr Phrase kGifFrame{"Making a GIF: frame {N1} of {N2}",
                                  "正在生成 GIF：第 {N1} 帧，共 {N2} 帧"};
inline constexpr Phrase kTableExceptions{
    "Dimmed: before the period; outlined in orange: the {N} values there unlike the period's",
    "暗色：周期之前；橙色描边：其中与周期不同的 {N} 个值"};
inline constexpr Phrase kTableRare{
    "Ringed in blue: the rare values, whose 1-bits under {RAW} are even in number ({N1} of {N2})",
    "蓝色圆框：稀有值，即与 {RAW} 按位与后 1 的个数为偶数的值（{N2} 个中的 {N1} 个）"};
inline constexpr Phrase kTableRows{"Making the table: {N1} of {N2} rows",
                                   "正在生成表格：第 {N1} 行，共 {N2} 行"};
inline constexpr Phrase kFormulaSearch{
    "Looking for a formula: expressions of {N} symbols (up to {K})...",
    "正在寻找公式：{N} 个符号的表达式（最多 {K} 个）……"};
inline constexpr Phrase kSolving{"Solving {WHAT}", "正在求解{WHAT}"};
inline constexpr Phrase kGameBoard{"{GAME} board", "{GAME}棋盘"};
inline constexpr Phrase kGameRecipe{"{GAME} {N}", "{GAME} {N}"};  // N: the recipe, "10.10.100000.7"
inline constexpr Phrase kFromLink{"{BOARD} from a link", "来自链接的{BOARD}"};
inline constexpr Phrase kOpening{"Opening {WHAT} (the solver worker runs the rules first)",
                                 "正在打开{WHAT}（规则先在求解线程中运行）"};
// A rules board's start, found by the worker's search before the whole solve (board_view.cpp).
inline constexpr Phrase kSearching{
    "Who wins: searching, as a brute force does, stopping at each winning move ({TIME})",
    "谁能赢：正在像暴力搜索那样查找，遇到必胜着法即停（{TIME}）"};
inline constexpr Phrase kSearchedWin{
    "The first player wins: found in {TIME} by a search that stops at each winning move. Each "
    "move's value follows once the board is solved.",
    "先手必胜：由遇到必胜着法即停的搜索在 {TIME} 内得出。棋盘求解完成后给出每步着法的价值。"};
inline constexpr Phrase kSearchedLoss{
    "The second player wins: found in {TIME} by a search that stops at each winning move. Each "
    "move's value follows once the board is solved.",
    "后手必胜：由遇到必胜着法即停的搜索在 {TIME} 内得出。棋盘求解完成后给出每步着法的价值。"};
inline constexpr Phrase kSearchedDraw{
    "Neither player can force a win, a draw: found in {TIME} by a search that stops at each "
    "winning move. Each move's value follows once the board is solved.",
    "双方都无法取胜，和棋：由遇到必胜着法即停的搜索在 {TIME} "
    "内得出。棋盘求解完成后给出每步着法的价值。"};
// The lazy board (rules_view.cpp, drawSearchBoard): a rules board played by search, position by
// position, where the whole solve is refused or not waited for.
inline constexpr Phrase kSearchBoardTitle{"{WHAT}, played by search", "{WHAT}（逐个局面搜索）"};
inline constexpr Phrase kSearchBoardNote{
    "Each position is searched when it is reached, by a search that stops at each winning move: "
    "the moves say who wins, not in how many moves.",
    "每个局面在走到时才搜索，搜索遇到必胜着法即停：着法只标出胜负，不标出几步之内。"};
inline constexpr Phrase kSearchBoardValuesNote{
    "Each position is searched whole when it is reached, for its value and each move's, as a "
    "solved board shows them: slower than who wins alone.",
    "每个局面在走到时才完整搜索，得出它和每步着法的价值（与求解后的棋盘相同）：比只求胜负慢。"};
inline constexpr Phrase kSearchBoardMovesLeft{"Moves left", "剩余步数"};
inline constexpr Phrase kSearchBoardGrundyNumbers{"Grundy numbers", "SG 值"};
inline constexpr Phrase kSearchBoardValue{
    "{PLAYER} to move: {VALUE} (searched in {TIME}, {N} new positions)",
    "{PLAYER}走：{VALUE}（搜索用时 {TIME}，新增 {N} 个局面）"};
inline constexpr Phrase kSearchBoardGrundy{
    "{PLAYER} to move: sg {SG}, a {RESULT} (searched in {TIME}, {N} new positions)",
    "{PLAYER}走：sg {SG}，{RESULT}（搜索用时 {TIME}，新增 {N} 个局面）"};
inline constexpr Phrase kSearchBoardStart{"At the start", "开局"};
inline constexpr Phrase kSearchBoardAfter{"After {MOVES}", "着法：{MOVES}"};
inline constexpr Phrase kSearchBoardWin{
    "{PLAYER} to move wins (searched in {TIME}, {N} new positions)",
    "{PLAYER}走，必胜（搜索用时 {TIME}，新增 {N} 个局面）"};
inline constexpr Phrase kSearchBoardLoss{
    "{PLAYER} to move loses (searched in {TIME}, {N} new positions)",
    "{PLAYER}走，必败（搜索用时 {TIME}，新增 {N} 个局面）"};
inline constexpr Phrase kSearchBoardDraw{
    "{PLAYER} to move: a draw (searched in {TIME}, {N} new positions)",
    "{PLAYER}走，和棋（搜索用时 {TIME}，新增 {N} 个局面）"};
inline constexpr Phrase kSearchBoardSearching{"Searching the position after {MOVE} ({TIME})...",
                                              "正在搜索 {MOVE} 之后的局面（{TIME}）……"};
inline constexpr Phrase kSearchBoardSearchingStart{"Searching the start ({TIME})...",
                                                   "正在搜索开局（{TIME}）……"};
inline constexpr const char* kSearchBoardAnalysis =
    "The board played by search has no judge's answer, chart or line of values: only who wins at "
    "each position (and its value, with Moves left ticked), searched when it is reached. Close it "
    "to come back to the board under it.";
inline constexpr Phrase kSearchBoardFailed{"That move was not played: {MESSAGE}",
                                           "这步着法没有走：{MESSAGE}"};
inline constexpr Phrase kRefusedSearchable{
    "The whole solve was refused, but who wins at the start is known: the board can still be "
    "played by search, each position searched when it is reached.",
    "整盘求解被拒绝了，但开局谁能赢已经知道：仍可以用搜索来下这盘棋，每个局面在走到时才搜索。"};
inline constexpr Phrase kSearchBoardValuesFailed{
    "No values here, so Moves left is unticked and positions are searched for who wins alone: "
    "{MESSAGE}",
    "这里无法求出价值，已取消勾选剩余步数，局面只搜索胜负：{MESSAGE}"};
inline constexpr Phrase kSearchBoardClosed{
    "The board played by search is closed: it opens again where it was, with the positions "
    "already searched, until another board is opened.",
    "逐个局面搜索的棋盘已关闭：在打开其他棋盘之前，它会在原来的局面重新打开，已搜索的局面仍然保留"
    "。"};
inline constexpr Phrase kWinningMoves{"Winning moves, {N1} of {N2}: {MOVES}",
                                      "必胜着法（共 {N2} 步中的 {N1} 步）：{MOVES}"};
inline constexpr Phrase kDrawingMoves{"Drawing moves, {N1} of {N2}: {MOVES}",
                                      "和棋着法（共 {N2} 步中的 {N1} 步）：{MOVES}"};
inline constexpr Phrase kAndMore{"{MOVES} and {N} more", "{MOVES}，另有 {N} 步"};
inline constexpr Phrase kCaseOf{"case {N1} of {N2}", "第 {N1} 组，共 {N2} 组"};
inline constexpr Phrase kPositions{"{N} positions", "{N} 个局面"};
inline constexpr Phrase kTimeLeft{"about {TIME} left", "大约还需 {TIME}"};
inline constexpr Phrase kSaved{"Saved {FILE}", "已保存 {FILE}"};
inline constexpr Phrase kSavedSize{"Saved {FILE} ({SIZE})", "已保存 {FILE}（{SIZE}）"};
inline constexpr Phrase kLoaded{"Loaded {FILE}", "已载入 {FILE}"};
inline constexpr Phrase kFileTooLarge{
    "{FILE} is {SIZE}, over the {LIMIT} the app reads; use the command line for larger inputs",
    "{FILE} 有 {SIZE}，超过了本应用能读取的 {LIMIT}；更大的输入请用命令行"};
inline constexpr Phrase kRulesFileTooLarge{
    "{FILE} is {N1} bytes, over the {N2} a rules file may have",
    "{FILE} 有 {N1} 字节，超过了规则文件允许的 {N2} 字节"};
inline constexpr Phrase kCopiedTableAs{"Copied the table as {FORMAT}", "已复制表格（{FORMAT}）"};
inline constexpr Phrase kCopyFailed{
    "Nothing was copied: the browser refused ({REASON}); select the text and copy it",
    "没有复制成功：浏览器拒绝了（{REASON}）；请选中文本后自行复制"};
// The analysis panel, the board's caption, the quiz.
inline constexpr Phrase kAfterMove{"after move {N}", "第 {N} 步之后"};
inline constexpr Phrase kPrefixed{"{PREFIX}: {MESSAGE}", "{PREFIX}：{MESSAGE}"};
inline constexpr Phrase kQuizPick{"Quiz: pick the best move for {PLAYER}",
                                  "测验：请为{PLAYER}选出最佳着法"};
inline constexpr Phrase kToMoveValue{"{PLAYER} to move: {VALUE}  ({MESSAGE})",
                                     "轮到{PLAYER}走：{VALUE}（{MESSAGE}）"};
inline constexpr Phrase kCommentOnMove{"A comment on move {N}", "对第 {N} 步的评注"};
inline constexpr Phrase kHint{"Hint: {MOVE} ({VALUE})", "提示：{MOVE}（{VALUE}）"};
inline constexpr Phrase kQuizOver{"Quiz over: {N1} of {N2} moves were best",
                                  "测验结束：{N2} 步中有 {N1} 步是最佳着法"};
inline constexpr Phrase kCaptionValue{"{GAME}, after move {N}: {MESSAGE}",
                                      "{GAME}，第 {N} 步之后：{MESSAGE}"};
inline constexpr Phrase kCaption{"{GAME}, after move {N}", "{GAME}，第 {N} 步之后"};
// The screen reader's status line.
inline constexpr Phrase kPlayed{"{PLAYER} played {MOVE}", "{PLAYER}走了 {MOVE}"};
inline constexpr Phrase kToMoveBest{"{PLAYER} to move ({VALUE}); best {MOVE}",
                                    "轮到{PLAYER}走（{VALUE}）；最佳着法 {MOVE}"};

}  // namespace gs::app
