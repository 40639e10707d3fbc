// The browser app: the document (document.h) and the UI state that is only about showing it
// (layout, panels, popups, zoom, focus, toasts). Each frame the views draw the document and
// call its actions; the URL, the test hook, the screen reader's status line and the computer
// player are derived from it after the frame.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/i18n.h"
#include "document.h"
#include "imgui.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_table.h"
#include "solve_progress.h"
#include "solver_worker.h"
#include "tools/gif.h"
#include "verdict.h"

namespace gs::app {

// A control or board cell whose screen rectangle the test hook reports (CSS pixels).
struct WidgetRect {
  std::string name;
  ImVec2 min, max;
  bool focusable = false;  // reachable with Tab
  bool modal = false;      // inside an open dialog (Tab stays among these while one is open)
  std::string label;       // what the screen reader says when it gets the focus
};

// The dialogs (ImGui modal popups) and who opened them.
enum class Dialog { kNone, kRules, kEmbed };

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

// What the app shows beside the document: nothing here changes what a link says. The views
// read the document (App::doc) and this, and change it in answer to input.
struct UiState {
  std::uint64_t seed = 1;  // the seed field: Random draws the next board from it
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
    int board = -1;     // the board version the editor last followed
    int errorLine = 0;  // 1-based; 0 when the message names no line
    Message error;
    int example = -1;            // the example last picked (an index of the examples)
    bool scrollToError = false;  // bring the failing line into view at the next frame
    bool opening = false;        // rules from here are being opened (the worker loads them)
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
  // The Table view of a rules game (table_view.cpp): shown while the view (and so the link) has
  // ranges; the table made for them, kept while only the ranged parameters change.
  struct RulesTableState {
    std::vector<char> ranges = std::vector<char>(256, '\0');  // the field: "n=0..60"
    int rangesBoard = -1;  // the board the field's default was written for
    std::string key;       // the rules, ranges and fixed parameters the job was made for
    std::unique_ptr<RulesTable> job;
    std::string command;  // "gamesolver table RULES n=0..60" (named in the copied code)
    std::string error;
    std::string pattern;
    std::optional<TablePeriod> period;  // a one-parameter table's periodic tail
    // The formula (core/rules/formula.h), searched a slice a frame once the table is made.
    std::unique_ptr<FormulaSearch> formula;
    Slicer formulaSlicer{512, 16, 512};  // its work a step, and the table's
    Slicer jobSlicer{256, 16, 256};
    std::optional<FoundFormula> found;
    std::string formulaLine;
    bool wrap = true;                    // a one-parameter grid in rows of its period
    bool losses = false;                 // a win/loss table as the list of its losing cells
    std::vector<std::string> lossLines;  // that list, once asked for
    double spentMs = 0;
    bool cancelled = false;
    // The solver worker's job making it (0: made here, a slice a frame), its last report, and
    // the table's region once the worker is done and it is being copied in.
    int workerJob = 0;
    WorkerReport worker;
    std::optional<std::vector<Region>> regions;
  } table;
  // Quiz links (q=1): each move picked is judged and counted.
  struct Quiz {
    int picks = 0;
    int best = 0;
    Message last;  // the verdict on the last move picked
    Verdict lastVerdict = Verdict::kBest;
  } quiz;
  bool autoplay = false;
  float movesPerSecond = 2.0f;
  // The Embed dialog's options for the snippet it writes.
  bool embedCompact = true, embedAutoplay = false, embedReadOnly = false;
  int panel = 0;              // the tablet and phone layouts: 0 analysis, 1 editor
  std::string linkShown;      // the link, selectable, when the clipboard is unavailable
  ImVec2 boardMin, boardMax;  // the board's rectangle this frame (Save image)
};

class App {
 public:
  App();
  // Opens the board in the URL fragment, or the first game's judge sample.
  void start();
  // Builds the font atlas for the pixel ratio (again when it changes, or when users' texts want
  // glyphs the fetched font can add); true when it did, this frame.
  bool ensureFonts(float pixelRatio);
  void frame();
  void afterRender();
  void recordFrameTime(double milliseconds);
  // Every animation-frame callback of the app, drawn or not: what it keeps the page's main
  // thread busy for (tests assert none reaches a long task's 50 ms).
  void recordTaskTime(double milliseconds);

  // --- Page events.
  void onPageText(const std::string& name, const std::string& text);  // a drop or a paste
  void onFragmentChanged();                                           // back/forward, typing
  void onPinch(float scale, ImVec2 center);
  // A guest's plain wheel over a zoomable board went to the host page: the first time, a
  // one-line hint says how to zoom.
  void onGuestWheelOverZoom();

  // --- Actions of the UI (the document's actions are called directly).
  void load(const Game& game, const std::string& text, const std::string& origin);
  void copyJudgeInput();
  void copyLink();
  // The embed: the frame's address (the app with the board's link and embed=1), the snippet
  // (the frame and the script that sets its height once per board, checking where each message
  // comes from: the same script as web/examples/hugo's shortcode) and the shortcode's line.
  std::string embedFrameAddress() const;
  std::string embedSnippet() const;
  std::string embedHugoLine() const;
  void requestImage() { imageRequested_ = true; }
  // The picture for a post (the Embed dialog's Save image): the board alone, laid out at a
  // phone's width, drawn on one frame without the dialog over it and saved at most
  // kPostImageWidth pixels wide, so that it fits a phone in any post (Markdown has no sizes).
  void requestPostImage() { postImageFrames_ = 2; }
  // This frame's pixels are read back after it is drawn (afterRender saves an image).
  bool readsCanvas() const { return imageRequested_ || postImageFrames_ == 1; }
  static constexpr int kPostImageWidth = 360;
  // Downloads the board as drawn at the cursor, as SVG or Markdown (core/tools/export.h).
  void saveExport(bool svg);
  // Starts an animated GIF of the line on screen: one frame per position, each the board's SVG
  // drawing with its caption, rendered by the page and encoded by core/tools/gif.h. It is made one
  // frame at a time over the following frames (gifProgress(), cancelGif()), and downloaded at
  // the end.
  void saveGif();
  void cancelGif();
  // The GIF being made: frames done and frames in all (nullopt when none is being made).
  struct GifProgress {
    int done = 0;
    int total = 0;
  };
  std::optional<GifProgress> gifProgress() const;
  // Whether to leave this animation frame undrawn (it still solves a slice): while a board
  // solves and nobody has touched the page for a second, the UI is drawn 4 times a second
  // (the progress bar) instead of every frame, leaving the machine's cores to the solve,
  // the compositor and the heartbeat of a page around it. Any input draws every frame again.
  bool skipFrame(double now);
  // A frame of GIF `job` as the page rendered it (web_platform.cpp), or why it could not.
  void onGifFrame(int job, const std::uint8_t* rgba, int width, int height, int delay);
  void onGifFailed(int job, const std::string& problem);
  // The iframe snippet with the lines that fit its height to the board, and the image + link
  // alternative for hosts that strip iframes (HTML and Markdown).
  std::string embedImageSnippet(bool markdown) const;
  void toast(Message text);
  void toggleAutoplay();
  void stepAndPause(int step);  // a replay control: stops autoplay, moves the cursor

  // --- The language: the link's lang part when it has one, else the browser's (zh* gives
  // Chinese), else English. Switching writes the lang part into the view (and so the URL).
  Language language() const;
  void switchLanguage();

  // --- Quiz links (q=1): values stay hidden; each move picked is judged and counted.
  bool valuesHidden() const { return doc.view().quiz; }
  void endQuiz();

  // --- For the views.
  // The height the board would take at the width it was given, with no limit on height (the
  // board view sets it each frame; the embed layout tells its host page).
  void setNaturalBoardHeight(float height) { naturalBoardHeight_ = height; }
  void record(const std::string& name, bool focusable = true);
  void recordRect(const std::string& name, ImVec2 min, ImVec2 max, bool focusable = false);
  // The last item is a text field (a tap on it opens the on-screen keyboard).
  void recordTextField(const std::string& name);
  // The value a field shows (the test hook reports it under "fields").
  void recordValue(const std::string& name, const std::string& value);
  // A region where a one-finger drag drags instead of scrolling (a zoomed board, a slider).
  void recordDraggable(ImVec2 min, ImVec2 max);
  const LineAnalysis& line();
  // The independent check of the answer on screen: "pending", "agrees", "differs" or
  // "skipped" (the board is too large for the reference solver); the reference's answer.
  const std::string& crossCheck() const { return crossCheck_; }
  const std::string& referenceOutput() const { return referenceOutput_; }
  bool touchUi() const;  // the last input was a touch
  Layout layout() const { return layout_; }
  // A guest in another page: an embed (embed=1) or any page in a frame (web_platform.h).
  bool guest() const { return doc.view().embed || inFrame_; }
  // A region a Ctrl/Cmd + wheel or a pinch zooms (a guest's plain wheel there scrolls the host).
  void recordZoomable(ImVec2 min, ImVec2 max);

  // --- The embed's measure: its parts have slots as tall as the tallest the line needs,
  // measured once per board (and width and language) by laying out every step of the line
  // without drawing it, so the frame's height is set once and nothing moves while the line
  // plays. While measuring, views lay out and do nothing else.
  bool measuring() const { return measuring_; }
  void noteEmbedCaption(float height);
  float embedCaptionSlot() const;
  float embedBoardScale() const { return embedBoardScale_; }

  // --- Dialogs: opened by a control (the focus returns to it when the dialog closes), closed
  // by their Close button or Escape; Tab stays inside an open dialog.
  void openDialog(Dialog dialog, const std::string& opener);
  void closeDialog();
  Dialog dialog() const { return dialog_; }
  void beginModal() { ++modalDepth_; }
  void endModal() { --modalDepth_; }
  float pinchScale() const { return pinchScale_; }
  ImVec2 pinchCenter() const { return pinchCenter_; }
  void consumePinch() { pinchScale_ = 1; }

  // The page's limits: the browser's memory budget, and for every call of a rules file the
  // page loads, kPageInstructionsPerCall (about 10 ms: a stranger's rules run on the page only
  // once the worker has opened them, and then a call at a time, each held to that).
  static SolveLimits pageLimits() {
    SolveLimits limits{kBrowserMemoryBudget};
    limits.lua.instructionsPerCall = kPageInstructionsPerCall;
    return limits;
  }
  Document doc{pageLimits()};

  UiState ui;
  ImFont* monoFont() const { return monoFont_; }  // DejaVu Sans Mono (rules editor, text boards)

 private:
  void drawLayout();
  void drawEmbed();
  void measureEmbed(float width);
  void drawZoomHint();
  void recordScrollRegions();
  void handleKeyboard();
  void handleFocus();
  void handleAutoplay();
  void handleComputer();
  void advanceSolve();
  // Encodes the frame the page rendered; with `drawing`, builds the next position's drawing.
  void advanceGif();
  bool gifWorkDue() const;  // a position's drawing to build, or a rendered frame to encode
  void runCrossCheck();
  void syncUrl();
  void publish();
  std::string stateJson();
  void drawToasts();
  void drawFocusRing();

  Layout layout_ = Layout::kWide;
  std::string browserLocale_;  // navigator.language, read at start
  ImFont* monoFont_ = nullptr;
  float fontRatio_ = 0;
  // The CJK characters of users' texts merged from the fetched font, and their ranges (which the
  // atlas reads while it lives).
  std::size_t moreGlyphCount_ = 0;
  ImVector<ImWchar> moreGlyphRanges_;
  std::vector<WidgetRect> widgets_;
  std::vector<ImVec4> draggable_, textFields_;
  std::vector<std::pair<std::string, std::string>> values_;
  LineAnalysis line_;
  int crossCheckBoard_ = -1;
  std::string crossCheck_ = "pending", referenceOutput_;
  // The URL: the document version last written, and the fragment the page holds.
  int urlVersion_ = -1;
  std::string pageFragment_;
  // The computer plays after a short visible pause, counted from the change that gave it the
  // move.
  int computerVersion_ = -1;
  double computerDueAt_ = 0;
  double lastAutoStep_ = 0;
  bool imageRequested_ = false;
  std::vector<double> frameTimes_;
  std::size_t frameCount_ = 0;
  std::vector<double> taskTimes_;
  std::size_t taskCount_ = 0, longTaskCount_ = 0;
  double longestTask_ = 0;
  std::string lastAnnouncement_;
  struct Toast {
    Message text;
    double until = 0;
  };
  std::vector<Toast> toasts_;
  // Keyboard focus (Tab / Shift+Tab): the focused widget's name, drawn with a ring.
  std::string focused_;
  bool focusVisible_ = false;
  float pinchScale_ = 1;
  Language shownLanguage_ = Language::kEnglish;
  bool languageSet_ = false;
  int postedHeight_ = -1;
  double lastDrawnMs_ = 0;  // when skipFrame() last let a frame be drawn
  // The GIF being made. Each frame of the app does one step of it: build the next position's
  // SVG and hand it to the page, or encode a few milliseconds of the frame the page rendered;
  // so one SVG and one frame of pixels are held at a time, whatever the length of the line.
  struct GifJob {
    int id = 0;
    int board = -1;          // the board version it shows; another board cancels it
    std::vector<Move> line;  // the line it shows; another line cancels it
    int first = 0, last = 0, next = 0;
    int encoded = 0;
    bool waiting = false;  // the page is rendering a frame
    int width = 0, height = 0;
    std::optional<GifWriter> writer;  // encoding the frame the page rendered, when encoding()
    Slicer slicer;  // the encoding's pixels a step (exports.cpp: kGifSlicePixels at most)
  };
  std::optional<GifJob> gif_;
  int gifJobs_ = 0;
  // The longest work of the last GIF in one frame of the app (for the test hook: what the app
  // controls): encoding the rendered frames, and building a position's drawing.
  double gifLongestEncodeMs_ = 0, gifLongestDrawingMs_ = 0;
  bool drawnSinceGifWork_ = true;  // GIF work and the UI take turns, one frame each
  float contentHeight_ = 0;
  float naturalBoardHeight_ = 0;
  bool inFrame_ = false;
  // The embed's slots and what they were measured for.
  struct EmbedMeasure {
    int board = -1;
    float width = 0;
    Language language = Language::kEnglish;
    bool hidden = false;
    std::size_t line = 0;  // a hash of the line's moves
    float caption = 0, boardPart = 0, status = 0, controls = 0;
  } embed_;
  bool measuring_ = false;
  float measuredCaption_ = 0;
  float embedBoardScale_ = 1;
  float contentBottom_ = 0;  // the bottom of what the embed drew (the test hook reports it)
  int lineHashVersion_ = -1;
  std::size_t lineHash_ = 0;
  std::size_t lineHash();
  std::vector<ImVec4> zoomable_;
  bool zoomHintShown_ = false;
  double zoomHintUntil_ = 0;
  int postImageFrames_ = 0;
  bool firstFrameDrawn_ = false;
  // The board drawn last, and when its first frame was drawn (performance.now(), milliseconds):
  // the hook's boardShownAt, from which the speed benchmark measures "on screen".
  int shownBoard_ = -1;
  double boardShownAt_ = 0;
  Dialog dialog_ = Dialog::kNone;
  std::string dialogOpener_;
  bool dialogFocusPending_ = false;
  int modalDepth_ = 0;
  int dialogClosedFrame_ = -1;
  bool announceFocus_ = false;
  int announceWait_ = 0;
  std::map<std::string, std::string> labels_;  // the last label seen of each control
  std::string zoomHintText() const;
  std::string focusedLabel() const;
  void handlePlayed();
  void postContentHeight();
  ImVec2 pinchCenter_;
};

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
// The Table view (table_view.cpp): the Board / Table switch of a rules game, the table drawn in
// the board's place, and a slice of the table's work each frame.
bool drawBoardOrTableSwitch(App& app);  // true when the table is shown
void drawRulesTable(App& app, ImVec2 size);
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

// --- The interface's language (ui_text.cpp; the catalogue is core/base/i18n.h).
// Strings the user reads go through tr() (a literal label or printf format: its translation in
// the interface's language, stable storage) or trText() (a message composed at run time, most
// from the core: summaries, values, verdicts, errors). The document and the test hook's fields
// keep English; views translate at the moment they draw.
const char* tr(const char* english);
std::string trText(const std::string& english);
std::string trText(const Message& message);  // by its form's key (core/base/message.h)
inline std::string trText(const char* english) {
  return trText(std::string(english));
}
// A widget label: the translation, with the English as its ImGui id ("规则###Rules"), so a
// widget keeps its identity (and its state) when the language changes.
std::string trLabel(const char* english);
Language uiLanguage();
void setUiLanguage(Language language);
// Characters the interface was asked to show that the font lacks (drawn as boxes): tr() and
// trText() check what they return; checkCatalogueGlyphs() checks every translation of the
// catalogue once the font is built.
void checkCatalogueGlyphs();
// ImGui::TextWrapped for text that may hold Chinese. ImGui 1.86 breaks lines only at spaces and
// ASCII punctuation, so a run of Chinese (which has no spaces) would only be cut where it
// overflows; these break between Chinese characters as Chinese typesetting does, never before
// closing punctuation ('，', '）') or after opening punctuation. Text without CJK characters is
// wrapped by ImGui as before.
void textWrapped(const char* format, ...) IM_FMTARGS(1);
void textWrappedWidth(float width, const char* text);
// While `lines` is set, textWrapped() and mirrorText() copy their text there (a dialog's text,
// for its DOM mirror); nullptr stops.
void mirrorTextInto(std::vector<std::string>* lines);
void mirrorText(const char* text);
const std::vector<std::string>& missingGlyphs();
// Users' texts (comments, rules titles) may hold any CJK character, most of which the UI font
// lacks: noteUserText() asks for those of `text` (the page fetches more glyphs, and the next frame
// rebuilds the atlas with them: App::ensureFonts) and returns how many the atlas lacks now.
int noteUserText(std::string_view text);
// Counts uploads of texture data (the font atlas, a board's texture), so that a frame that draws
// the same commands over a changed texture is still drawn (main.cpp).
void textureChanged();
std::uint64_t textureEpoch();
const std::set<ImWchar>& wantedGlyphs();

}  // namespace gs::app
