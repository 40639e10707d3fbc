#include "ui_phrases.h"

#include <string>

#include "rules/contract.h"

namespace gs::app {

const Phrase& rulesContractLine() {
  using contract::Group;
  // The field names are Lua's, the same in both languages.
  static const std::string core = contract::fieldNames(Group::kCore),
                           optional = contract::fieldNames(Group::kOptional),
                           contest = contract::fieldNames(Group::kContest);
  static const std::string english =
      "game = {" + core + ", and optionally " + optional + ", and for a contest problem " +
      contest +
      "}: see Help, Your own game and The rules contract. Rules run sandboxed: they can compute, "
      "and nothing else.";
  static const std::string chinese = "game = {" + core + "，以及可选的 " + optional +
                                     "，竞赛题另有 " + contest +
                                     "}：见帮助中的 Your own game 与 The rules contract 两篇。"
                                     "规则在沙箱中运行：只能计算，别的什么也做不了。";
  static const Phrase phrase{english.c_str(), chinese.c_str()};
  return phrase;
}

const std::vector<Phrase>& appPhrases() {
  static const std::vector<Phrase> kPhrases = {
      // --- The toolbar and its popups (toolbar_view.cpp).
      {"Game Solver", "博弈求解器"},
      {"exact solutions of judge games", "评测题中博弈的精确解"},
      {"To start: paste your problem's input into Judge input and press Load, or press Your "
       "game to write your own game.",
       "开始：把题目的输入粘贴到“评测输入”并点“载入”，或点“自定义游戏”写你自己的游戏。"},
      {"To start: paste your problem's input under Edit board and press Load, or press Your "
       "game to write your own game.",
       "开始：在“编辑棋盘”里粘贴题目的输入并点“载入”，或点“自定义游戏”写你自己的游戏。"},
      {"Start: paste your input in Edit board, or tap Your game.",
       "开始：在“编辑棋盘”里粘贴输入，或点“自定义游戏”。"},
      {"Rules", "规则"},
      {"Help", "帮助"},
      {"The guides, in a new tab", "使用指南（在新标签页中打开）"},
      {"The browser did not open a new tab: the guides are at guides/ beside this page.",
       "浏览器没有打开新标签页：使用指南在本页旁边的 guides/ 中。"},
      {"Copy link", "复制链接"},
      {"Embed", "嵌入"},
      {"Save image", "保存图片"},
      {"Close", "关闭"},
      {"Embed this board", "嵌入这个棋盘"},
      {"What the board shows", "棋盘上的标记"},
      {"the best move (or one of them)", "最佳着法（或其中之一）"},
      {"an inaccuracy: the same outcome, more slowly", "欠佳：结果不变，但更慢"},
      {"a mistake: points lost, the same winner", "失误：丢了分，胜负不变"},
      {"a blunder: it changes who wins", "大错：改变了胜负"},
      {"Paste this into a blog post or any page that allows iframes:",
       "把这段代码粘贴到博客文章或任何允许 iframe 的页面中："},
      {"Compact (board, value and replay only)", "紧凑（只有棋盘、局面值和回放）"},
      {"Autoplay the optimal line", "自动播放最优对局"},
      {"Read-only (no moves by clicking)", "只读（不能点击落子）"},
      {"Copy snippet", "复制代码"},
      {"For hosts that strip iframes (Luogu editorials, many blogs): save the image, upload it "
       "beside the post, and paste a picture that links to the live board:",
       "对于会去掉 iframe 的网站（洛谷题解、许多博客）：保存图片，随文章一起上传，再粘贴一张"
       "链接到在线棋盘的图片："},
      {"Save SVG", "保存 SVG"},
      {"Save Markdown", "保存 Markdown"},
      {"Save GIF", "保存 GIF"},
      kMakingGif,
      kGifFailed,
      kGifFrame,
      {"Cancelled the GIF", "已取消生成 GIF"},
      {"Cancelled the GIF: the line on screen changed", "已取消生成 GIF：屏幕上的对局变了"},
      {"Copy the Markdown", "复制 Markdown"},
      {"Copy the HTML", "复制 HTML"},
      {"Hugo drops raw HTML: add the shortcode 'web/examples/hugo/layouts/shortcodes/"
       "gamesolver.html' to the site and paste this line instead. Hexo and Jekyll: the snippet "
       "inside a raw tag; WordPress: a Custom HTML block.",
       "Hugo 会去掉原始 HTML：请把短代码 'web/examples/hugo/layouts/shortcodes/gamesolver.html' "
       "加到站点里，改为粘贴下面这一行。Hexo 和 Jekyll：把代码放进 'raw' 标签；WordPress：使用"
       "自定义 HTML 区块。"},
      {"Copy the Hugo shortcode", "复制 Hugo 短代码"},
      {"Copied the Hugo shortcode", "已复制 Hugo 短代码"},
      {"scroll to zoom the board", "滚动滚轮可缩放棋盘"},
      // Controls named for the screen reader (their labels are symbols, or none).
      {"First position", "回到开头"},
      {"Previous move", "上一步"},
      {"Next move", "下一步"},
      {"Last position", "跳到最后"},
      {"Autoplay speed", "自动播放速度"},
      {"Zoom in", "放大"},
      {"Zoom out", "缩小"},
      {"Value chart", "局面值曲线"},
      {"The board", "棋盘"},
      {"The embed snippet", "嵌入代码"},
      // --- Layouts (app.cpp).
      {"Analysis", "分析"},
      {"Edit board", "编辑棋盘"},
      // --- The analysis (analysis_view.cpp).
      {"start", "开局"},
      kAfterMove,
      {"Play against the solver: the computer plays", "与求解器对弈：由电脑执"},
      {"Hint", "提示"},
      {"strength %d of 10", "棋力 %d / 10"},
      {"The computer's strength: 0 plays at random, 10 perfectly; between, better moves are "
       "likelier",
       "电脑的棋力：0 随机走子，10 完美；介于两者之间时，越好的着法越可能被选中"},
      {"A comment on the start", "对开局的评注"},
      kCommentOnMove,
      {"Swap sides", "交换双方"},
      {"New game", "新对局"},
      {"Quiz: the game is over.", "测验：对局已结束。"},
      kQuizPick,
      {"Score: %d of %d moves best", "得分：%d / %d 步为最佳"},
      {"Show values", "显示局面值"},
      kToMoveValue,
      {"Best move:", "最佳着法："},
      {"The game is over.", "对局已结束。"},
      // Short verdicts in the move list (the tooltip says them in full).
      {"inaccuracy", "欠佳"},
      {"mistake", "失误"},
      {"blunder", "大错"},
      {"Pause", "暂停"},
      {"Play", "播放"},
      {"%.1f moves/s", "每秒 %.1f 步"},
      {"Best move (space)", "最佳着法（空格）"},
      {"Best move", "最佳着法"},
      {"Reset line", "重置对局"},
      {"Forget the moves explored: the optimal line from the start",
       "放弃探索过的着法：回到从头开始的最优对局"},
      {"step %d of %d", "第 %d / %d 步"},
      // --- A partisan game's combinatorial value (cgt_view.cpp).
      {"Combinatorial value (Left is the first player, Right the second):",
       "组合博弈值（左方为先手，右方为后手）："},
      {"outcome %s   mean %s   temperature %s   stops %s and %s",
       "结果类 %s   平均值 %s   温度 %s   停止值 %s 和 %s"},
      {"mean", "平均值"},
      {"temperature", "温度"},
      {"\xE2\x86\x90 Left (first player)", "\xE2\x86\x90 左方（先手）"},
      {"Right (second player) \xE2\x86\x92", "右方（后手）\xE2\x86\x92"},
      {"Working out the value: %s positions so far...", "正在计算局面值：已算 %s 个局面……"},
      {"Stopped after %s positions: the page works out %s at a time (gamesolver cgt and the "
       "module's cgt() go on to the memory budget).",
       "已算 %s 个局面后暂停：页面每次最多计算 %s 个（gamesolver cgt 和模块的 cgt() "
       "可一直算到内存预算）。"},
      {"Work on", "继续计算"},
      {"step %d of %d   (keys: \xE2\x86\x90 \xE2\x86\x92 Home End space)",
       "第 %d / %d 步   （按键：\xE2\x86\x90 \xE2\x86\x92 Home End 空格）"},
      {"No board yet.", "还没有棋盘。"},
      {"Answer, as the judge prints it", "答案（与评测机的输出一致）"},
      {"%s positions solved in %.1f ms", "%s 个局面，求解用时 %.1f ms"},
      {"checked by an independent solver (a plain minimax from the rules)",
       "已由独立求解器验证（按规则直接做极小化极大搜索）"},
      {"THE INDEPENDENT SOLVER DISAGREES; it answers:", "独立求解器的结果不同！它的答案是："},
      {"Value after each move (click to jump; dots mark mistakes)",
       "每步之后的局面值（点击跳转；圆点标出失误）"},
      kHint,
      kQuizOver,
      // --- The board (board_view.cpp).
      kSolving,
      kGameBoard,
      kGameRecipe,
      kFromLink,
      kOpening,
      kSearching,
      kSearchedWin,
      kSearchedLoss,
      kSearchedDraw,
      kSearchBoardTitle,
      kSearchBoardNote,
      kSearchBoardValuesNote,
      kSearchBoardMovesLeft,
      kSearchBoardGrundyNumbers,
      kSearchBoardValue,
      kSearchBoardGrundy,
      kSearchBoardStart,
      kSearchBoardAfter,
      kSearchBoardWin,
      kSearchBoardLoss,
      kSearchBoardDraw,
      kSearchBoardSearching,
      kSearchBoardSearchingStart,
      {kSearchBoardAnalysis,
       "逐个局面搜索的棋盘没有评测答案、价值曲线或着法序列的价值：只有每个局面走到时搜索出的胜负"
       "（勾选剩余步数时还有它的价值）。"
       "关闭它即回到下面的棋盘。"},
      kSearchBoardFailed,
      kSearchBoardClosed,
      kSearchBoardValuesFailed,
      kRefusedSearchable,
      {"Play it by search", "用搜索来下"},
      {"Back", "后退"},
      {"Start", "回到开局"},
      {"wins", "必胜"},
      {"loses", "必败"},
      {"draws", "和棋"},
      kWinningMoves,
      kDrawingMoves,
      kAndMore,
      kCaseOf,
      kPositions,
      kTimeLeft,
      {"Cancel", "取消"},
      // --- "Your game" (rules_view.cpp).
      {"Your game", "自定义游戏"},
      {"Write a game's rules in Lua and solve it", "用 Lua 写下游戏规则并求解"},
      {"These rules have no parameters.", "这份规则没有参数。"},
      {"a move button: its value for the mover (win or loss in how many moves, a draw, a Grundy "
       "number or the final margin)",
       "着法按钮：对走子方的价值（几步内胜或负、和棋、SG 值或最终分差）"},
      {"The board is drawn by the rules' show(): a text, or a grid of cells.",
       "棋盘由规则的 show() 绘制：一段文字，或一个格子表。"},
      {"pick one", "选一个"},
      {"Examples", "示例"},
      {"The rules, in Lua 5.4 (Tab indents; Ctrl+Enter solves):",
       "规则，用 Lua 5.4 编写（Tab 缩进；Ctrl+Enter 求解）："},
      {"Solve", "求解"},
      {"Default parameters", "默认参数"},
      {"Judge input: the problem's input, every case (paste or type it)",
       "评测输入：题目的完整输入，含所有测试组（粘贴或键入）"},
      {"Sample", "样例"},
      {"working out every case's answer in the solver worker...",
       "正在求解线程中计算每组数据的答案……"},
      {"Every case's answer needs the solver worker; this is the answer of the case on the board.",
       "计算每组数据的答案需要求解线程；这里只显示棋盘上这组数据的答案。"},

      // --- The Table view (table_view.cpp).
      {"Board", "棋盘"},
      {"Table of values", "数值表"},
      {"A table of values solves the rules over ranges of their parameters (game.params), and "
       "these rules have none: they read a problem's input, a case at a time. Give the file "
       "params to make a table, or see one on an example.",
       "数值表在规则参数（game.params）的取值范围上逐一求解，而这份规则没有参数：它读入题目的"
       "输入，一次一个用例。给文件加上 params 即可制表，或者先看一个示例的数值表。"},
      {"Open take 1, 3 or 4 as a table", "打开“取 1、3 或 4”的数值表"},
      {"Make table", "生成表格"},
      {"NAME=FROM..TO, one or two, as gamesolver table reads them",
       "NAME=FROM..TO，一个或两个，写法与 gamesolver table 相同"},
      {"Cancelled; Make table starts it again.", "已取消；点「生成表格」重新开始。"},
      {"Copy as", "复制为"},
      kTableRows,
      kFormulaSearch,
      {"Copy formula", "复制公式"},
      {"Formula search cancelled", "已取消公式搜索"},
      {"Copied the formula", "已复制公式"},
      {"Wrap at the period", "按周期换行"},
      {"Mark rare values", "标出稀有值"},
      kTableExceptions,
      kTableRare,
      {"Losing positions", "必败局面"},
      {"before the period", "周期之前"},
      rulesContractLine(),
      {"This link could not be opened:", "无法打开这个链接："},
      {"The address bar keeps the link, so it can be corrected.",
       "地址栏保留着这个链接，可以改正后再打开。"},
      {"Open the default board", "打开默认棋盘"},
      kCaptionValue,
      kCaption,
      // --- The editor (editor_view.cpp, widgets.cpp).
      {"Edit the board", "编辑棋盘"},
      {"Judge input (paste, type, or drop a file on the page)",
       "评测输入（粘贴、键入，或把文件拖到页面上）"},
      {"Load", "载入"},
      {"Copy board as judge input", "复制棋盘为评测输入"},
      {"seed", "种子"},
      {"Random", "随机"},
      kBoxFull,
      {"  (to move)", "  （轮到走棋）"},
      // --- Messages: toasts, notices, the screen reader's status line (app.cpp, document.cpp).
      kPrefixed,
      kPlayed,
      kToMoveBest,
      {"Copied the board as judge input", "已复制棋盘（评测输入格式）"},
      {"The clipboard is not available here", "这里无法使用剪贴板"},
      {"Copied the link", "已复制链接"},
      {"Select the link below and copy it", "请选中下面的链接并复制"},
      kSaved,
      kSavedSize,
      {"Saved the board as an image", "已把棋盘保存为图片"},
      {"Copied the embed snippet", "已复制嵌入代码"},
      {"Copied the image link", "已复制图片链接"},
      kLoaded,
      {"Cancelled; the board on screen stays", "已取消；屏幕上的棋盘保持不变"},
      {"This board is read-only: use the replay controls", "这个棋盘是只读的：请使用回放按钮"},
      kFileTooLarge,
      kCopyFailed,
      kRulesFileTooLarge,
      kCopiedTableAs,
      {"Whole board", "整个棋盘"},
      {"zoom", "缩放"},
  };
  return kPhrases;
}

}  // namespace gs::app
