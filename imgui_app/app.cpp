#include "app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "backends/imgui_impl_opengl3.h"
#include "imgui_internal.h"  // the windows that scroll
#include "rules/lua_sandbox.h"
#include "rules/rules_game.h"
#include "rules_request.h"
#include "solver_worker.h"
#include "ui_font.h"
#include "ui_phrases.h"
#include "web_platform.h"

namespace gs::app {
namespace {

constexpr float kEditorWidth = 340.0f;
constexpr float kAnalysisWidth = 370.0f;
constexpr float kWideLayout = 1200.0f;   // three columns from here
constexpr float kTabletLayout = 700.0f;  // two columns from here, one below
constexpr double kSliceMs = 8;           // solving in each drawn frame while a board solves
constexpr double kQuietDrawMs = 250;     // frames drawn this far apart while solving, untouched,
constexpr double kLivelyMs = 1000;       // ... from this long after the last input
constexpr double kComputerPauseMs = 450;

}  // namespace

double chartValue(Metric metric, const Value& value, int mover) {
  if (metric == Metric::kScoreDifference) return static_cast<double>(value.score);
  return value.win == (mover == 0) ? 1.0 : -1.0;
}

namespace {

// The page's events for the app: each goes to the part of the app it concerns.
class AppEvents final : public PageEvents {
 public:
  explicit AppEvents(App& app) : app_(app) {}
  void onPageText(const std::string& name, const std::string& text) override {
    app_.onPageText(name, text);
  }
  void onPageTextTooLarge(const std::string& name, std::uint64_t size) override {
    app_.onPageTextTooLarge(name, size);
  }
  void onFragmentChanged() override { app_.onFragmentChanged(); }
  void onCopyFailed(const std::string& reason) override {
    app_.toasts.show(Message(kCopyFailed, {{"REASON", Message::verbatim(reason)}}));
  }
  void onPinch(float scale, ImVec2 center) override { app_.pinch.add(scale, center); }
  void onGuestWheelOverZoom() override { app_.zoomHint.show(); }
  void onGifFrame(int job, const std::uint8_t* rgba, int width, int height, int delay) override {
    app_.gif.onFrame(job, rgba, width, height, delay);
  }
  void onGifFailed(int job, const std::string& problem) override {
    app_.gif.onFailed(job, problem);
  }

 private:
  App& app_;
};

}  // namespace

PageEvents& pageEventsOf(App& app) {
  static AppEvents events(app);  // the page has one app, which lives as long as the page
  return events;
}

SolveLimits pageLimits() {
  SolveLimits limits{kBrowserMemoryBudget};
  limits.lua.instructionsPerCall = kPageInstructionsPerCall;
  limits.lua.instructionsPerTextCall = kPageInstructionsPerTextCall;
  return limits;
}

void App::start() {
  doc.setSolverWorker(solverWorker());
  inFrame_ = inFrame();
  browserLocale_ = browserLanguage();
  pageFragment_ = urlFragment();
  if (openBareRulesLink(pageFragment_)) {
    // ("Your game" opened in the worker)
  } else if (pageFragment_.size() > 1) {
    doc.openLink(pageFragment_);  // on an error the page shows it and keeps the link
  } else {
    doc.openDefault();
    if (!inFrame_) ui.firstVisitBoard = kFirstVisitOpening;
  }
  ui.autoplay = doc.view().autoplay;
  urlVersion_ = doc.version();  // the address already says what is on screen
}

void App::load(const Game& game, const std::string& text, const std::string& origin) {
  if (doc.loadText(game, text, origin) && !doc.solving() && !origin.empty() && doc.error().empty())
    toasts.show(doc.notice());
}

void App::onPageText(const std::string& name, const std::string& text) {
  // A rules file (a .lua file, or any text while "Your game" is open) goes to the editor.
  if (ui.rules.open || (name.size() > 4 && name.compare(name.size() - 4, 4, ".lua") == 0)) {
    if (text.size() > kMaxRulesBytes) {
      ui.rules.error =
          Message(kRulesFileTooLarge,
                  {{"FILE", Message::verbatim(name)}, {"N1", text.size()}, {"N2", kMaxRulesBytes}});
      ui.rules.errorLine = ui.rules.errorColumn = 0;
      return;
    }
    ui.rules.open = true;
    std::copy(text.begin(), text.end(), ui.rules.text.begin());
    ui.rules.text[text.size()] = '\0';
    ++ui.rules.revision;
    // ("Loaded FILE" once the worker has opened them.)
    loadRules(*this, text, {}, name);
    return;
  }
  if (doc.loadAnyText(doc.game(), text, name) && !doc.solving() && doc.error().empty())
    toasts.show(doc.notice());
}

void App::onPageTextTooLarge(const std::string& name, std::uint64_t size) {
  doc.setError(Message(kFileTooLarge, {{"FILE", Message::verbatim(name)},
                                       {"SIZE", byteSize(size)},
                                       {"LIMIT", byteSize(kMaxPageText)}}));
  toasts.show(doc.error());
}

void App::onFragmentChanged() {
  // Back/forward, or a link typed into the address bar. Our own writes do not come here
  // (history.pushState does not fire hashchange), but compare anyway.
  const std::string fragment = urlFragment();
  if (fragment == pageFragment_) return;
  pageFragment_ = fragment;
  if (fragment.size() <= 1) return;
  if (doc.hasBoard() && fragment == doc.fragment()) {
    doc.clearLinkError();
    return;
  }
  if (openBareRulesLink(fragment)) return;
  doc.openLink(fragment);
  ui.autoplay = false;
}

bool App::openBareRulesLink(const std::string& fragment) {
  std::string language;
  if (!isBareRulesLink(fragment, &language)) return false;
  if (!language.empty()) {
    ViewOptions view = doc.view();
    view.language = language;
    doc.setView(view);
  }
  doc.clearLinkError();
  openYourGame(*this);
  return true;
}

void App::endQuiz() {
  ViewOptions view = doc.view();
  view.quiz = false;
  doc.setView(view);
  toasts.show(Message(kQuizOver, {{"N1", ui.quiz.best}, {"N2", ui.quiz.picks}}));
}

// Verdicts on moves as they are played: in a quiz, each is judged and counted.
void App::handlePlayed() {
  const auto played = doc.takePlayed();
  if (!played || !valuesHidden() || !doc.hasBoard()) return;
  const MoveJudgement judgement =
      judgeMove(doc.session().info().metric, played->position, played->move, played->mover);
  ++ui.quiz.picks;
  ui.quiz.best += judgement.verdict == Verdict::kBest;
  ui.quiz.lastVerdict = judgement.verdict;
  ui.quiz.last =
      Message(kPrefixed, {{"PREFIX", doc.session().gameBoard().texts().moveName(played->played)},
                          {"MESSAGE", judgement.text}});
  announce(trText(ui.quiz.last));
}

Language App::language() const {
  if (const auto chosen = parseLanguage(doc.view().language)) return *chosen;
  if (const auto browser = parseLanguage(browserLocale_)) return *browser;
  return Language::kEnglish;
}

void App::switchLanguage() {
  ViewOptions view = doc.view();
  view.language =
      languageCode(language() == Language::kChinese ? Language::kEnglish : Language::kChinese);
  doc.setView(view);
  setUiLanguage(language());
}

void App::toggleAutoplay() {
  ui.autoplay = !ui.autoplay;
  if (ui.autoplay && doc.atEnd()) doc.stepTo(0);
  lastAutoStep_ = nowMilliseconds();
}

void App::stepAndPause(int step) {
  ui.autoplay = false;
  doc.stepTo(step);
}

bool App::touchUi() const {
  return lastInputWasTouch();
}

bool App::touchDevice() const {
  return coarsePointer() || lastInputWasTouch();
}

const LineAnalysis& App::line() {
  if (line_.version == doc.version() || !doc.hasBoard()) return line_;
  line_.version = doc.version();
  Session& session = doc.session();
  // A move of the cursor, a change of view: the same line on the same board.
  if (line_.board == doc.boardVersion() && line_.line == session.history()) return line_;
  // The values along the line: one walk over it, each move's verdict from the values before
  // and after it (no move lists needed, so long lines on large boards stay cheap).
  const Metric metric = session.info().metric;
  const int step = session.step();
  const int length = static_cast<int>(session.history().size());
  line_.chart.assign(static_cast<std::size_t>(length) + 1, 0);
  line_.values.assign(static_cast<std::size_t>(length) + 1, Value{});
  line_.verdicts.assign(static_cast<std::size_t>(length), MoveJudgement{});
  session.goToStep(0);
  for (int k = 0; k <= length; ++k) {
    const int mover = session.gameBoard().sideToMove();
    line_.values[k] = session.gameBoard().value();
    line_.chart[k] = chartValue(metric, line_.values[k], mover);
    if (k > 0) {
      const Value move = moveValueFromChild(metric, line_.values[k]);
      line_.verdicts[k - 1] = judgeMove(metric, line_.values[k - 1], move, 1 - mover);
    }
    if (k < length) session.redo();
  }
  session.goToStep(step);
  line_.board = doc.boardVersion();
  line_.line = session.history();
  ++line_.revision;
  return line_;
}

void App::advanceSolve() {
  const int board = doc.boardVersion();
  if (doc.solving()) doc.advance(kSliceMs);
  doc.advanceSearch();
  if (doc.boardVersion() != board) {
    ui.autoplay = doc.view().autoplay;
    lastAutoStep_ = nowMilliseconds();
    if (!doc.notice().empty()) toasts.show(doc.notice());
  }
}

bool App::skipFrame(double now) {
  // A solved board is adopted in a frame of its own and drawn in the next: each is a task of a
  // few milliseconds, where together (with a long line to replay) they could hold the page's
  // main thread for tens.
  if (doc.readyToAdopt()) {
    advanceSolve();
    lastDrawnMs_ = 0;  // draw the new board in the next frame, input or not
    return true;
  }
  // Likewise a GIF's work: the drawing of its next position (300 KB of SVG on a 40 x 40 board)
  // or a slice of encoding a rendered frame, in a frame that draws nothing else, taking turns
  // with the frames that draw the UI (a frame doing both reached 69 ms of CPU time on a busy
  // machine).
  if (gif.workDue() && drawnSinceGifWork_) {
    drawnSinceGifWork_ = false;
    gif.advance();
    return true;
  }
  if (!doc.solving() || now - lastInputMilliseconds() < kLivelyMs ||
      now - lastDrawnMs_ >= kQuietDrawMs) {
    lastDrawnMs_ = now;
    drawnSinceGifWork_ = true;
    return false;
  }
  advanceSolve();
  return true;
}

void CrossCheck::update(const Document& doc) {
  if (!doc.hasBoard() || board_ == doc.boardVersion()) return;
  if (state_ != "pending") {  // a new board: its check waits one frame
    state_ = "pending";
    return;
  }
  board_ = doc.boardVersion();
  // A rules game's check runs the rules thousands of times: the worker did it beside its solve;
  // a rules board solved here (no worker) is not checked on the page.
  std::optional<std::string> reference;
  if (doc.game().rulesGame()) {
    if (doc.workerReference()) reference = *doc.workerReference();
  } else {
    reference = doc.session().gameBoard().judge().referenceJudgeOutput();
  }
  reference_ = reference ? *reference : "";
  // Like with like: a contest case's answer is made by the rules' answer() from the start's
  // value, which is what the reference works out (checkedOutput()).
  state_ = !reference                                                        ? "skipped"
           : *reference == doc.session().gameBoard().judge().checkedOutput() ? "agrees"
                                                                             : "differs";
}

void App::handleKeyboard() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !doc.hasBoard()) return;  // typing into a box is not a replay command
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
  if (doc.searchBoard()) {
    // The lazy board's keys (the board under it stays where it is): back a move, the start, and
    // Space plays the first move listed (one that keeps the mover's result, if any).
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) doc.searchBack();
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home), false)) doc.searchFromStart();
    if (!focus.visible() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false))
      doc.searchBest();
    return;
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) {
    ui.autoplay = false;
    doc.stepBy(-1);
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) {
    ui.autoplay = false;
    doc.stepBy(1);
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home), false)) stepAndPause(0);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_End), false)) stepAndPause(doc.lineLength());
  if (!focus.visible() && !valuesHidden() &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false))
    doc.playBest();
}

void App::handleAutoplay() {
  if (!ui.autoplay || !doc.hasBoard()) return;
  if (doc.searchBoard()) {  // the board under the lazy board stays where it is
    ui.autoplay = false;
    return;
  }
  const double now = nowMilliseconds();
  // An embed plays while the reader can see it: it starts when scrolled into view (one step's
  // time after) and pauses when it leaves.
  if (layout_ == Layout::kEmbed && !inView()) {
    lastAutoStep_ = now;
    return;
  }
  if (now - lastAutoStep_ < 1000.0 / ui.movesPerSecond) return;
  lastAutoStep_ = now;
  if (!doc.atEnd()) {
    doc.stepTo(doc.session().step() + 1);
  } else {
    ui.autoplay = false;  // the end of the line
  }
}

// The computer plays its sides: at the cursor, whenever it is its turn and the game goes on,
// after a short visible pause, a move of the view's strength (at 10 the best move, tie-break as
// in core/games/GAMES.md).
void App::handleComputer() {
  if (!doc.computerToMove() || ui.autoplay) {
    computerVersion_ = -1;
    return;
  }
  const double now = nowMilliseconds();
  if (computerVersion_ != doc.version()) {
    computerVersion_ = doc.version();
    computerDueAt_ = now + kComputerPauseMs;
    return;
  }
  if (now < computerDueAt_) return;
  doc.playComputer();
  computerVersion_ = -1;
}

void App::frame() {
  widgets.clear();
  ImGui::GetCurrentContext()->TestEngineHookItems = true;  // the item hooks above: labels
  setGuest(guest());
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float width = viewport->Size.x;
  layout_ = doc.view().embed         ? Layout::kEmbed
            : width >= kWideLayout   ? Layout::kWide
            : width >= kTabletLayout ? Layout::kTablet
                                     : Layout::kPhone;
  // The language follows the view (a link's lang part, the switch) and else the browser.
  if (!languageSet_ || language() != shownLanguage_) {
    languageSet_ = true;
    shownLanguage_ = language();
    setUiLanguage(shownLanguage_);
    setDocumentLanguage(shownLanguage_ == Language::kChinese ? "zh-CN" : "en");
  }
  advanceSolve();
  followRulesBoard(*this);
  advanceJudgeOutput(*this);
  advanceRulesTable(*this);
  setTextTakesTab(false);  // until the rules editor, active, says otherwise this frame
  crossCheck.update(doc);
  handlePlayed();
  handleKeyboard();
  handleAutoplay();
  handleComputer();

  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(viewport->Size);
  ImGui::Begin("Game Solver", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  if (images.postFrames > 0 && doc.hasBoard()) {
    // The picture for a post: the board alone at a phone's width, on frames of its own (the
    // dialog that asked for it is not drawn on them, and comes back after).
    const float width = ImageRequests::kPostWidth - 2 * ImGui::GetStyle().WindowPadding.x;
    ImGui::BeginChild("post-image", ImVec2(width, 0), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    drawBoard(*this, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
  } else {
    drawLayout();
    drawPopups(*this);
  }
  ImGui::End();
  zoomHint.draw(widgets);
  toasts.draw(widgets);
  focus.update(widgets, guest());
  focus.drawRing(widgets);
  setTouchRegions(widgets.draggable(), widgets.textFields());
  recordScrollRegions();
  setTextInputActive(ImGui::GetIO().WantTextInput);
}

// The panels that scroll with the wheel (a guest lets the wheel scroll one only while it can
// go further that way) and the zoomable boards, for the page's wheel handler.
void App::recordScrollRegions() {
  std::vector<ScrollRegion> regions;
  for (ImGuiWindow* window : ImGui::GetCurrentContext()->Windows) {
    if (!window->Active || window->Hidden || window->ScrollMax.y <= 0 ||
        (window->Flags & ImGuiWindowFlags_NoScrollWithMouse))
      continue;
    ScrollRegion region;
    region.rect = ImVec4(window->Pos.x, window->Pos.y, window->Pos.x + window->Size.x,
                         window->Pos.y + window->Size.y);
    region.canScrollUp = window->Scroll.y > 0.5f;
    region.canScrollDown = window->Scroll.y < window->ScrollMax.y - 0.5f;
    regions.push_back(region);
  }
  setWheelRegions(std::move(regions), widgets.zoomable());
}

void App::drawLayout() {
  const ImGuiWindowFlags boardFlags =
      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  const ImGuiStyle& style = ImGui::GetStyle();
  if (layout_ == Layout::kEmbed) {
    embed.draw(EmbedViews{doc, widgets, ui.boardMin, ui.boardMax, valuesHidden(), language(),
                          [this](ImVec2 size) { drawBoard(*this, size); },
                          [this] { drawStatus(*this); }, [this] { drawReplayControls(*this); }});
    return;
  }
  drawToolbar(*this);
  const ImVec2 available = ImGui::GetContentRegionAvail();
  if (layout_ == Layout::kWide) {
    // The rules editor takes a third of the width (code needs it); the games' editors less.
    const float editorWidth =
        ui.rules.open ? std::clamp(available.x * 0.34f, kEditorWidth, 480.0f) : kEditorWidth;
    ImGui::BeginChild("editor", ImVec2(editorWidth, 0), true);
    drawEditor(*this);
    ImGui::EndChild();
    ImGui::SameLine();
    const float boardWidth = available.x - editorWidth - kAnalysisWidth - 2 * style.ItemSpacing.x;
    ImGui::BeginChild("board", ImVec2(boardWidth, 0), true, boardFlags);
    drawBoard(*this, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("analysis", ImVec2(0, 0), true);
    drawAnalysis(*this);
    ImGui::EndChild();
    return;
  }
  const auto panelTabs = [this]() {
    const std::string names[] = {trLabel("Analysis"), trLabel("Edit board")};
    const char* ids[] = {"tab-analysis", "tab-editor"};
    for (int k = 0; k < 2; ++k) {
      if (k) ImGui::SameLine();
      const bool selected = ui.panel == k;
      if (selected)
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      if (ImGui::Button(names[k].c_str(), ImVec2(150, 0))) ui.panel = k;
      if (selected) ImGui::PopStyleColor();
      widgets.record(ids[k]);
    }
    ImGui::Separator();
    if (ui.panel == 0)
      drawAnalysis(*this);
    else
      drawEditor(*this);
  };
  if (layout_ == Layout::kTablet) {
    const float side = std::min(available.x - 380.0f - style.ItemSpacing.x, available.y);
    ImGui::BeginChild("board", ImVec2(available.x - 380.0f - style.ItemSpacing.x, 0), true,
                      boardFlags);
    drawBoard(*this, ImVec2(ImGui::GetContentRegionAvail().x, std::max(side, 200.0f)));
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("panel", ImVec2(0, 0), true);
    panelTabs();
    ImGui::EndChild();
    return;
  }
  // Phone: one column that scrolls; the board first (as tall as it needs, at most the screen's
  // width plus its caption), its value and the controls below it.
  ImGui::BeginChild("page", ImVec2(0, 0), false);
  const float width = ImGui::GetContentRegionAvail().x;
  drawBoard(*this, ImVec2(width, std::min(width + 100.0f, available.y * 0.75f)));
  ImGui::Separator();
  if (doc.hasBoard() && !doc.searchBoard()) {  // (the lazy board has no replay)
    drawStatus(*this);
    drawReplayControls(*this);  // (with the comment field)
    ImGui::Separator();
  }
  panelTabs();
  ImGui::EndChild();
}

void App::afterRender() {
  if (!firstFrameDrawn_) {
    firstFrameDrawn_ = true;
    pageReady();
  }
  if (doc.hasBoard() && shownBoard_ != doc.boardVersion()) {
    shownBoard_ = doc.boardVersion();
    boardShownAt_ = nowMilliseconds();
  }
  // The solver worker starts once the page has drawn itself a few times (its first solved state
  // comes first).
  constexpr std::size_t kWorkerWarmUpFrame = 10;
  if (times.frames() == kWorkerWarmUpFrame + 1) solverWorker()->warmUp();
  if (images.board) {
    images.board = false;
    saveCanvasImage(ui.boardMin, ui.boardMax,
                    std::string("gamesolver-") + doc.game().id() + ".png");
    toasts.show("Saved the board as an image");
  }
  if (images.postFrames > 0 && --images.postFrames == 0 && doc.hasBoard()) {
    const ImVec2 padding = ImGui::GetStyle().WindowPadding;
    saveCanvasImage(
        ImVec2(ui.boardMin.x - padding.x, ui.boardMin.y - padding.y),
        ImVec2(ui.boardMin.x - padding.x + ImageRequests::kPostWidth, ui.boardMax.y + padding.y),
        std::string("gamesolver-") + doc.game().id() + ".png", ImageRequests::kPostWidth);
    toasts.show("Saved the board as an image");
  }
  syncUrl();
  if (layout_ == Layout::kEmbed && doc.hasBoard()) embed.postHeight();
  publish();
}

// The URL follows the document: every change of position pushes a history entry (so Back
// returns to the previous position), other changes replace the entry; a link that could not be
// opened stays in the address bar until another board is opened. A guest never pushes: an
// entry pushed in a frame is an entry of the host page's history (its Back would step the
// board instead of leaving the page), so its own address follows by replacing.
void App::syncUrl() {
  if (urlVersion_ == doc.version()) return;
  urlVersion_ = doc.version();
  const HistoryEffect effect = doc.takeHistoryEffect();
  if (!doc.linkError().empty() || !doc.hasBoard() || effect == HistoryEffect::kNone) return;
  const std::string& fragment = doc.fragment();
  if (fragment == pageFragment_) return;
  setUrlFragment(fragment, effect == HistoryEffect::kPush && !guest());
  pageFragment_ = fragment;
}

}  // namespace gs::app
