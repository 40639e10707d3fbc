// The browser app: the document (document.h), the views' state (UiState), and the objects that
// show it, each with one job: the log of what a frame drew (widget_log.h), the keyboard focus
// and dialogs (focus.h), toasts, the GIF maker, the embed's layout, the fonts.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/i18n.h"
#include "base/limits.h"
#include "document.h"
#include "embed_layout.h"
#include "focus.h"
#include "fonts.h"
#include "gif_maker.h"
#include "imgui.h"
#include "toasts.h"
#include "ui_text.h"
#include "verdict.h"
#include "web_platform.h"
#include "widget_log.h"

namespace gs {
class RulesGame;
}  // namespace gs

namespace gs::app {

enum class Layout { kWide, kTablet, kPhone, kEmbed };

// The line of play as the analysis shows it: the value after each step and the verdict on
// each move, computed once per change of the line (moving the cursor along it changes nothing).
struct LineAnalysis {
  int version = -1;           // the document version last checked
  int board = -1;             // the board version it was computed for
  int revision = 0;           // bumped each time it is computed (keys caches drawn from it)
  std::vector<Move> line;     // the line it was computed for
  std::vector<double> chart;  // a number per step (chartValue)
  std::vector<Value> values;  // the position's value per step (for its mover)
  std::vector<MoveJudgement> verdicts;  // per move of the line
};

struct TableViewState;

// What the app shows beside the document: nothing here changes what a link says. The views
// read the document (App::doc) and this, and change it in answer to input.
inline constexpr int kFirstVisitOpening = -2;

struct UiState {
  std::uint64_t seed = 1;  // the seed field: Random draws the next board from it
  // A first visit (the page opened with no link): the board it opened with, while the toolbar
  // says what to do first (kFirstVisitOpening until that board is on screen; -1: not a first
  // visit, or another board since).
  int firstVisitBoard = -1;
  // The comment field (analysis_view.cpp): the text of the comment at `step`, as of `version`.
  struct CommentField {
    std::vector<char> text = std::vector<char>(Session::kMaxCommentBytes + 1, '\0');
    int step = -1;
    int version = -1;
  } comment;
  std::vector<char> judgeText = std::vector<char>(1 << 16, '\0');
  int judgeTextBoard = -1;  // the board whose input the paste box shows
  // "Your game" (rules_view.cpp): the rules editor. Its text is the user's until a board with
  // other rules arrives (a link, an example); the failing line (0: none) and the message of
  // the last load or solve of these rules.
  struct RulesEditor {
    bool open = false;  // "Your game" is picked: the editor panel shows the rules
    std::vector<char> text = std::vector<char>(kMaxRulesBytes + 1, '\0');
    int revision = 0;  // counts the text's changes (typed, pasted, a file, an example)
    // What the editor draws by, measured again only when the text or the font changed.
    struct Measure {
      int revision = -1;
      const void* font = nullptr;
      float fontSize = 0;
      int length = 0, lines = 1;
      float width = 0;     // the longest line's, in the font
      std::string digest;  // length:FNV-1a, for the test hook
    } measure;
    int board = -1;       // the board version the editor last followed
    int errorLine = 0;    // 1-based; 0 when the message names no line
    int errorColumn = 0;  // 1-based, in characters; 0 when it names none (not a syntax error)
    Message error;
    int example = -1;               // the example last picked (an index of the examples)
    bool scrollToError = false;     // bring the failing line into view at the next frame
    bool cursorToError = false;     // and put the cursor there (rules_view.cpp showError)
    bool focusAsked = false;        // the field was asked to take the keyboard for it
    int lastCursor = -1;            // the cursor's offset and the text's length at the last
    int lastLength = -1;            // frame: the view follows the cursor when either changes
    bool opening = false;           // rules from here are being opened (the worker loads them)
    const char* tableOf = nullptr;  // an example's text to show as a table once it is opened
  } rules;
  // Rules that read a problem's input: the judge's output of the whole input on screen (every
  // case's answer), made by the solver worker (SolverWorker::startJudge) for the rules and input
  // named by `key`.
  struct JudgeOutput {
    std::string key;  // the rules' text and the input, or "" for none
    int job = 0;      // the worker's job making it (0: none running)
    bool done = false;
    std::string output, error;
  } judge;
  // The Table view's state (table_view.cpp: made by the view when it is first drawn).
  std::shared_ptr<TableViewState> table;
  // Quiz links (q=1): each move picked is judged and counted.
  struct Quiz {
    int picks = 0;
    int best = 0;
    Message last;  // the verdict on the last move picked
    Verdict lastVerdict = Verdict::kBest;
  } quiz;
  // The combinatorial value of the position on screen (cgt_view.cpp), worked out a slice a
  // frame: which position, the board's positions valued when it came on screen, whether the
  // work stopped at the page's run (kPageRunPositions) until Work on is pressed, and the
  // positions a slice values (fitted to the frame as it goes).
  struct CgtWork {
    const void* board = nullptr;
    std::vector<Move> line;
    std::uint64_t from = 0;
    bool paused = false;
    std::uint64_t slice = 0;
  } cgtWork;
  bool autoplay = false;
  float movesPerSecond = 2.0f;
  // The Embed dialog's options for the snippet it writes.
  bool embedCompact = true, embedAutoplay = false, embedReadOnly = false;
  int panel = 0;              // the tablet and phone layouts: 0 analysis, 1 editor
  std::string linkShown;      // the link, selectable, when the clipboard is unavailable
  ImVec2 boardMin, boardMax;  // the board's rectangle this frame (Save image)
};

// The page's limits: the browser's memory budget, and for every call of a rules file the page
// loads, kPageInstructionsPerCall (about 10 ms: a stranger's rules run on the page only once the
// worker has opened them, and then a call at a time, each held to that).
SolveLimits pageLimits();

// The two-finger pinch (or a trackpad's Ctrl + wheel) since the zoomable board last took it.
struct Pinch {
  float scale = 1;
  ImVec2 center;
  void add(float factor, ImVec2 at) {
    scale *= factor;
    center = at;
  }
  void consume() { scale = 1; }
};

// The board saved as a PNG once a frame shows it: the board as on screen (Save image), or the
// picture for a post (the Embed dialog's Save image): the board alone, laid out at a phone's
// width, drawn on one frame without the dialog over it and saved at most kPostWidth pixels wide,
// so that it fits a phone in any post (Markdown has no sizes).
struct ImageRequests {
  static constexpr int kPostWidth = 360;
  bool board = false;
  int postFrames = 0;  // 2 when asked: a frame to lay the board out alone, then the one saved
  void requestBoard() { board = true; }
  void requestPost() { postFrames = 2; }
  // This frame's pixels are read back after it is drawn.
  bool readsCanvas() const { return board || postFrames == 1; }
};

// After a board is on screen, its answer is checked once by the game's slow reference solver
// where the board is small enough (a few milliseconds, in the frame after the one that showed
// the board): the analysis says "checked by an independent solver", or loudly that they differ.
class CrossCheck {
 public:
  void update(const Document& doc);
  // "pending", "agrees", "differs" or "skipped" (the board is too large for the reference
  // solver), and the reference's answer.
  const std::string& state() const { return state_; }
  const std::string& reference() const { return reference_; }

 private:
  int board_ = -1;
  std::string state_ = "pending", reference_;
};

// The app: the document, and beside it the objects that show it, one job each. Each frame the
// views draw the document and call its actions; the URL, the test hook, the screen reader's
// status line and the computer player are derived from it after the frame.
class App {
 public:
  // Opens the board in the URL fragment, or the first game's judge sample.
  void start();
  void frame();
  void afterRender();
  // Whether to leave this animation frame undrawn (it still solves a slice): while a board
  // solves and nobody has touched the page for a second, the UI is drawn 4 times a second
  // (the progress bar) instead of every frame, leaving the machine's cores to the solve,
  // the compositor and the heartbeat of a page around it. Any input draws every frame again.
  // A solved board's adoption and a GIF's work also take undrawn frames of their own.
  bool skipFrame(double now);

  // --- Page events.
  void onPageText(const std::string& name, const std::string& text);  // a drop or a paste
  void onPageTextTooLarge(const std::string& name, std::uint64_t size);
  void onFragmentChanged();  // back/forward, typing
  // "#g=rules" alone (or with lang): the "Your game" sample opened, true (rules_request.h).
  bool openBareRulesLink(const std::string& fragment);

  // --- Actions of the UI (the document's actions are called directly).
  void load(const Game& game, const std::string& text, const std::string& origin);
  void toggleAutoplay();
  void stepAndPause(int step);  // a replay control: stops autoplay, moves the cursor

  // --- The language: the link's lang part when it has one, else the browser's (zh* gives
  // Chinese), else English. Switching writes the lang part into the view (and so the URL).
  Language language() const;
  void switchLanguage();

  // --- Quiz links (q=1): values stay hidden; each move picked is judged and counted.
  bool valuesHidden() const { return doc.view().quiz; }
  void endQuiz();

  const LineAnalysis& line();
  bool touchUi() const;  // the last input was a touch
  // A touch device (its primary pointer a finger, or the last input a touch): no keys named.
  bool touchDevice() const;
  Layout layout() const { return layout_; }
  // A guest in another page: an embed (embed=1) or any page in a frame (web_platform.h).
  bool guest() const { return doc.view().embed || inFrame_; }

  Document doc{pageLimits()};
  UiState ui;
  WidgetLog widgets;  // what this frame drew (the test hook, the focus, touch and wheel)
  FrameTimes times;
  Focus focus;
  Toasts toasts;
  GifMaker gif{doc, toasts};
  EmbedLayout embed;
  ZoomHint zoomHint;
  Pinch pinch;
  ImageRequests images;
  CrossCheck crossCheck;
  Fonts fonts;

 private:
  void drawLayout();
  void advanceSolve();
  void handleKeyboard();
  void handleAutoplay();
  void handleComputer();
  void handlePlayed();
  void syncUrl();
  void publish();
  std::string stateJson();
  void recordScrollRegions();

  Layout layout_ = Layout::kWide;
  std::string browserLocale_;  // navigator.language, read at start
  LineAnalysis line_;
  // The URL: the document version last written, and the fragment the page holds.
  int urlVersion_ = -1;
  std::string pageFragment_;
  // The computer plays after a short visible pause, counted from the change that gave it the
  // move.
  int computerVersion_ = -1;
  double computerDueAt_ = 0;
  double lastAutoStep_ = 0;
  std::string lastAnnouncement_;
  Language shownLanguage_ = Language::kEnglish;
  bool languageSet_ = false;
  double lastDrawnMs_ = 0;         // when skipFrame() last let a frame be drawn
  bool drawnSinceGifWork_ = true;  // GIF work and the UI take turns, one frame each
  bool inFrame_ = false;
  bool firstFrameDrawn_ = false;
  // The board drawn last, and when its first frame was drawn (performance.now(), milliseconds):
  // the hook's boardShownAt, from which the speed benchmark measures "on screen".
  int shownBoard_ = -1;
  double boardShownAt_ = 0;
};

// The page's events (web_platform.h) for `app`: each goes to the part of the app it concerns.
PageEvents& pageEventsOf(App& app);

// What leaves the page (exports.cpp): the judge input and the link copied, the embed's
// snippets, the SVG and Markdown exports.
void copyJudgeInput(App& app);
void copyLink(App& app);
// The embed: the frame's address (the app with the board's link and embed=1), the snippet
// (the frame and the script that sets its height once per board, checking where each message
// comes from: the same script as web/examples/hugo's shortcode) and the shortcode's line.
std::string embedFrameAddress(const App& app);
std::string embedSnippet(const App& app);
std::string embedHugoLine(const App& app);
// The image + link alternative for hosts that strip iframes (HTML and Markdown).
std::string embedImageSnippet(const App& app, bool markdown);
// Downloads the board as drawn at the cursor, as SVG or Markdown (core/tools/export.h).
void saveExport(App& app, bool svg);

// The views: each draws one part of the window from the app's state.
void drawToolbar(App& app);
void drawEditor(App& app);
// "Your game": the rules editor (examples, the code with line numbers and the failing line
// marked, the parameters, Solve) and the loads it makes (rules_view.cpp).
void drawRulesEditor(App& app);
// Follows the board on screen: a rules game's text comes into the editor, another game closes it.
void followRulesBoard(App& app);
// Loads rules text with parameters (empty: the previous board's values where the names match,
// else the defaults) and solves it; false with app.rules.error set when the rules do not load.
// (The text is a copy: the board it came from may be replaced during the load.)
// Nothing of the rules runs on the page before the worker has loaded and solved them
// (Document::openRules); their errors come into the editor when the opening ends. `origin`: the
// file they came from; keepInput: rules that read a problem's input keep the input on screen.
bool loadRules(App& app, std::string text, const std::vector<std::int64_t>& params = {},
               const std::string& origin = "", bool keepInput = false);
// Rules that read a problem's input: opens case `index` (0-based) of `input` (nullopt: the
// rules' sample) with the rules on screen.
void openCase(App& app, const std::optional<std::string>& input, std::size_t index);
// "case 2 of 5" with the previous and next case (nothing for an input of one case).
void drawCaseSelector(App& app);
// The judge's output of the whole input on screen, a worker's job, followed each frame.
void advanceJudgeOutput(App& app);
// The rules game on screen (nullptr when the board is another game's, or there is none), and
// its parameters' values (the board's judge input).
const RulesGame* rulesOnScreen(const App& app);
std::vector<std::int64_t> paramsOnScreen(const App& app);
// Opens "Your game": the editor's rules (the first example when it is empty), solved.
void openYourGame(App& app);
// Opens the example of that name (web/examples/rules/NAME.lua) in its table of values.
void openExampleAsTable(App& app, const char* name);
// The Table view (table_view.cpp): the Board / Table switch of a rules game, the table drawn in
// the board's place, and a slice of the table's work each frame.
bool drawBoardOrTableSwitch(App& app);  // true when the table is shown
void drawRulesTable(App& app, ImVec2 size);
// The lazy board (rules_view.cpp): drawn in the board's place while it is open.
void drawSearchBoard(App& app, ImVec2 size);
void advanceRulesTable(App& app);
void drawBoard(App& app, ImVec2 size);
void drawStatus(App& app);   // the value at the cursor, the best move, the final result
void drawComment(App& app);  // the comment of the line at the cursor, if any
float commentHeight(const std::string& comment, float width);  // drawComment's, at a width
void drawReplayControls(App& app);                             // |< < > >| Play, speed, best move
void drawAnalysis(App& app);  // the answer, status, controls, players, chart, move list
void drawPopups(App& app);    // rules, embed
void drawQuiz(App& app);      // the quiz's question, verdict and score

// A number per position for the chart: the score (first player minus second) for score games;
// +1 / -1 as the first player wins or loses for win/loss games.
double chartValue(Metric metric, const Value& value, int mover);

}  // namespace gs::app
