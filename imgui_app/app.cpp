#include "app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "backends/imgui_impl_opengl3.h"
#include "imgui_internal.h"  // the windows that scroll
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

App::App() = default;

void App::start() {
  doc.setSolverWorker(solverWorker());
  inFrame_ = inFrame();
  browserLocale_ = browserLanguage();
  pageFragment_ = urlFragment();
  if (pageFragment_.size() > 1) {
    doc.openLink(pageFragment_);  // on an error the page shows it and keeps the link
  } else {
    doc.openDefault();
  }
  ui.autoplay = doc.view().autoplay;
  urlVersion_ = doc.version();  // the address already says what is on screen
}

bool App::ensureFonts(float pixelRatio) {
  // Rebuilt for a new pixel ratio, and when users' texts want CJK glyphs that the fetched font
  // can now add.
  const std::vector<unsigned char>* more = moreGlyphsFont();
  const bool moreWanted = more && wantedGlyphs().size() != moreGlyphCount_;
  if (pixelRatio == fontRatio_ && !moreWanted) return false;
  const bool first = fontRatio_ == 0;  // the backend makes the first texture with its shaders
  fontRatio_ = pixelRatio;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  // DejaVu Sans for the text, merged with the CJK glyphs of the games' names; rasterised at
  // the device resolution and laid out in CSS pixels.
  const float size = 15.0f * pixelRatio;
  // Rasterised at the device resolution, glyphs need no horizontal oversampling (ImGui's default
  // of 3 for sub-pixel positions tripled the atlas's rasterising: 29 ms at start-up).
  ImFontConfig latin;
  latin.FontDataOwnedByAtlas = false;
  latin.OversampleH = 1;
  latin.PixelSnapH = true;
  static ImVector<ImWchar> latinRanges;
  if (latinRanges.empty()) {
    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
    builder.AddText(kLatinExtraText);
    builder.BuildRanges(&latinRanges);
  }
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kLatinFont), sizeof kLatinFont, size,
                                 &latin, latinRanges.Data);
  static ImVector<ImWchar> cjkRanges;
  if (cjkRanges.empty()) {
    ImFontGlyphRangesBuilder builder;
    builder.AddText(kCjkText);
    builder.BuildRanges(&cjkRanges);
  }
  ImFontConfig cjk;
  cjk.FontDataOwnedByAtlas = false;
  cjk.MergeMode = true;
  cjk.OversampleH = 1;
  cjk.PixelSnapH = true;
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kCjkFont), sizeof kCjkFont, size, &cjk,
                                 cjkRanges.Data);
  if (more && !wantedGlyphs().empty()) {
    ImFontGlyphRangesBuilder builder;
    for (ImWchar c : wantedGlyphs()) builder.AddChar(c);
    moreGlyphRanges_.clear();
    builder.BuildRanges(&moreGlyphRanges_);
    moreGlyphCount_ = wantedGlyphs().size();
    ImFontConfig extra;
    extra.FontDataOwnedByAtlas = false;
    extra.MergeMode = true;
    extra.OversampleH = 1;
    extra.PixelSnapH = true;
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(more->data()),
                                   static_cast<int>(more->size()), size, &extra,
                                   moreGlyphRanges_.Data);
  }
  // The rules editor's monospace font (Latin-1).
  ImFontConfig mono;
  mono.FontDataOwnedByAtlas = false;
  mono.OversampleH = 1;
  mono.PixelSnapH = true;
  monoFont_ =
      io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kMonoFont), sizeof kMonoFont, size,
                                     &mono, io.Fonts->GetGlyphRangesDefault());
  io.FontGlobalScale = 1.0f / pixelRatio;
  io.Fonts->Build();
  textureChanged();
  checkCatalogueGlyphs();
  if (!first) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  style.FrameRounding = 3;
  style.WindowRounding = 0;
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 6);
  style.ScrollbarSize = 12;
  return true;
}

void App::load(const Game& game, const std::string& text, const std::string& origin) {
  if (doc.loadText(game, text, origin) && !doc.solving() && !origin.empty() && doc.error().empty())
    toast(doc.notice());
}

void App::onPageText(const std::string& name, const std::string& text) {
  // A rules file (a .lua file, or any text while "Your game" is open) goes to the editor.
  if (ui.rules.open || (name.size() > 4 && name.compare(name.size() - 4, 4, ".lua") == 0)) {
    if (text.size() > kMaxRulesBytes) {
      ui.rules.error = name + " is " + std::to_string(text.size()) + " bytes, over the " +
                       std::to_string(kMaxRulesBytes) + " a rules file may have";
      ui.rules.errorLine = 0;
      return;
    }
    ui.rules.open = true;
    std::copy(text.begin(), text.end(), ui.rules.text.begin());
    ui.rules.text[text.size()] = '\0';
    // ("Loaded FILE" once the worker has opened them.)
    loadRules(*this, text, {}, name);
    return;
  }
  if (doc.loadAnyText(doc.game(), text, name) && !doc.solving() && doc.error().empty())
    toast(doc.notice());
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
  doc.openLink(fragment);
  ui.autoplay = false;
}

void App::onPinch(float scale, ImVec2 center) {
  pinchScale_ *= scale;
  pinchCenter_ = center;
}

void App::onGuestWheelOverZoom() {
  if (zoomHintShown_) return;
  zoomHintShown_ = true;
  zoomHintUntil_ = nowMilliseconds() + 2500;
}

void App::recordZoomable(ImVec2 min, ImVec2 max) {
  zoomable_.push_back(ImVec4(min.x, min.y, max.x, max.y));
}

void App::openDialog(Dialog dialog, const std::string& opener) {
  dialog_ = dialog;
  dialogOpener_ = opener;
  dialogFocusPending_ = true;
}

void App::closeDialog() {
  if (dialog_ == Dialog::kNone) return;
  dialog_ = Dialog::kNone;
  // The focus goes back to the control that opened the dialog (shown if it was shown).
  if (!dialogOpener_.empty()) focused_ = dialogOpener_;
  dialogClosedFrame_ = ImGui::GetFrameCount();
  announceFocus_ = focusVisible_;
}

void App::toast(Message text) {
  if (text.empty()) return;
  announce(trText(text));
  toasts_.push_back({std::move(text), nowMilliseconds() + 2600});
  if (toasts_.size() > 3) toasts_.erase(toasts_.begin());
}

void App::endQuiz() {
  ViewOptions view = doc.view();
  view.quiz = false;
  doc.setView(view);
  toast(Message(kQuizOver, {{"N1", ui.quiz.best}, {"N2", ui.quiz.picks}}));
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

// In a frame of another page, the height the content wants at this width, for the host page's
// optional resize script (the snippet's); sent when it changes.
void App::postContentHeight() {
  if (layout_ != Layout::kEmbed || !doc.hasBoard()) return;
  const int height = static_cast<int>(contentHeight_);
  if (height == postedHeight_ || height <= 0) return;
  postedHeight_ = height;
  postHeightToHost(height);
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
  if (doc.boardVersion() != board) {
    ui.autoplay = doc.view().autoplay;
    lastAutoStep_ = nowMilliseconds();
    if (!doc.notice().empty()) toast(doc.notice());
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
  if (gifWorkDue() && drawnSinceGifWork_) {
    drawnSinceGifWork_ = false;
    advanceGif();
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

// After a board is on screen, its answer is checked once by the game's slow reference solver
// where the board is small enough (a few milliseconds, in the frame after the one that showed
// the board): the analysis says "checked by an independent solver", or loudly that they differ.
void App::runCrossCheck() {
  if (!doc.hasBoard() || crossCheckBoard_ == doc.boardVersion()) return;
  if (crossCheck_ != "pending") {  // a new board: its check waits one frame
    crossCheck_ = "pending";
    return;
  }
  crossCheckBoard_ = doc.boardVersion();
  // A rules game's check runs the rules thousands of times: the worker did it beside its solve;
  // a rules board solved here (no worker) is not checked on the page.
  std::optional<std::string> reference;
  if (rulesGameOf(doc.game())) {
    if (doc.workerReference()) reference = *doc.workerReference();
  } else {
    reference = doc.session().gameBoard().judge().referenceJudgeOutput();
  }
  referenceOutput_ = reference ? *reference : "";
  crossCheck_ = !reference ? "skipped" : *reference == doc.judgeOutput() ? "agrees" : "differs";
}

void App::handleKeyboard() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !doc.hasBoard()) return;  // typing into a box is not a replay command
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
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
  if (!focusVisible_ && !valuesHidden() &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false))
    doc.playBest();
}

void App::handleAutoplay() {
  if (!ui.autoplay || !doc.hasBoard()) return;
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
// in docs/games.md).
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
  widgets_.clear();
  draggable_.clear();
  textFields_.clear();
  values_.clear();
  zoomable_.clear();
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
  runCrossCheck();
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
  if (postImageFrames_ > 0 && doc.hasBoard()) {
    // The picture for a post: the board alone at a phone's width, on frames of its own (the
    // dialog that asked for it is not drawn on them, and comes back after).
    const float width = kPostImageWidth - 2 * ImGui::GetStyle().WindowPadding.x;
    ImGui::BeginChild("post-image", ImVec2(width, 0), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    drawBoard(*this, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
  } else {
    drawLayout();
    drawPopups(*this);
  }
  ImGui::End();
  drawZoomHint();
  drawToasts();
  handleFocus();
  drawFocusRing();
  setTouchRegions(draggable_, textFields_);
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
  setWheelRegions(std::move(regions), zoomable_);
}

// The one-line hint a guest shows the first time the plain wheel passes over a zoomable board.
void App::drawZoomHint() {
  if (nowMilliseconds() > zoomHintUntil_ || zoomable_.empty()) return;
  const ImVec4& board = zoomable_.front();
  const std::string hint = zoomHintText();
  const ImVec2 size = ImGui::CalcTextSize(hint.c_str());
  const ImVec2 center((board.x + board.z) / 2, (board.y + board.w) / 2);
  const ImVec2 min(center.x - size.x / 2 - 12, center.y - size.y / 2 - 8);
  const ImVec2 max(center.x + size.x / 2 + 12, center.y + size.y / 2 + 8);
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  draw->AddRectFilled(min, max, IM_COL32(20, 22, 26, 230), 6);
  draw->AddText(ImVec2(min.x + 12, min.y + 8), IM_COL32(240, 242, 246, 255), hint.c_str());
  recordRect("zoom-hint", min, max);
}

std::string App::zoomHintText() const {
  return std::string(zoomModifierName()) + " + " + tr("scroll to zoom the board");
}

void App::drawLayout() {
  const ImGuiWindowFlags boardFlags =
      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  const ImGuiStyle& style = ImGui::GetStyle();
  if (layout_ == Layout::kEmbed) {
    drawEmbed();
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
      record(ids[k]);
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
  if (doc.hasBoard()) {
    drawStatus(*this);
    drawReplayControls(*this);  // (with the comment field)
    ImGui::Separator();
  }
  panelTabs();
  ImGui::EndChild();
}

// Compact (embedded): the board, its value and the replay controls, each in a slot as tall as
// the tallest the line needs (measureEmbed), so the frame asks its host for one height per
// board and the controls stay put while the line plays. A frame shorter than that (a host
// without the snippet's script) gets a smaller board.
void App::drawEmbed() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const ImGuiWindowFlags boardFlags =
      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  if (!doc.hasBoard()) {
    drawBoard(*this, ImGui::GetContentRegionAvail());
    contentBottom_ = ImGui::GetItemRectMax().y;
    contentHeight_ = 0;
    return;
  }
  measureEmbed(width);
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float bottom = viewport->Pos.y + viewport->Size.y - style.WindowPadding.y;
  const float below = embed_.status + embed_.controls;
  const float boardSlot = std::max(std::min(embed_.boardPart, bottom - origin.y - below),
                                   std::min(embed_.boardPart, 160.0f));
  embedBoardScale_ = embed_.boardPart > 0 ? boardSlot / embed_.boardPart : 1;
  ImGui::BeginChild("board", ImVec2(0, boardSlot), false, boardFlags);
  drawBoard(*this, ImVec2(width, boardSlot));
  ImGui::EndChild();
  const float statusTop = ImGui::GetCursorScreenPos().y;
  drawStatus(*this);
  if (ImGui::GetCursorScreenPos().y < statusTop + embed_.status)
    ImGui::SetCursorScreenPos(ImVec2(origin.x, statusTop + embed_.status));
  drawReplayControls(*this);
  contentBottom_ = ImGui::GetItemRectMax().y;
  // The frame's height: the window's padding around the slots; the controls' slot ends with
  // the spacing after the last line, so that line is never cut.
  contentHeight_ =
      std::ceil(2 * style.WindowPadding.y + embed_.boardPart + embed_.status + embed_.controls);
}

std::size_t App::lineHash() {
  if (lineHashVersion_ == doc.version() || !doc.hasBoard()) return lineHash_;
  lineHashVersion_ = doc.version();
  const Session& session = doc.session();
  std::size_t hash = session.history().size();
  for (const Move& move : session.history())
    hash = hash * 1000003u ^ std::hash<std::string>{}(session.gameBoard().texts().moveCode(move));
  // The comments too: the status slot holds the tallest.
  for (const std::string& comment : session.comments())
    hash = hash * 1000003u ^ std::hash<std::string>{}(comment);
  lineHash_ = hash;
  return hash;
}

void App::noteEmbedCaption(float height) {
  measuredCaption_ = std::max(measuredCaption_, height);
}

float App::embedCaptionSlot() const {
  return layout_ == Layout::kEmbed && !measuring_ ? embed_.caption : 0;
}

// Lays out every step of the line (at most kSteps of them, spread over it) without drawing
// anything, and keeps the tallest caption, board and status, and the replay controls' height.
// Done when the board, the width, the language, the quiz or the line changes; for the same
// board the slots only grow (a line explored by the reader can need more room than the
// optimal one, never less than what the frame already has).
void App::measureEmbed(float width) {
  const std::size_t line = lineHash();
  const bool hidden = valuesHidden();
  const Language shown = language();
  if (embed_.board == doc.boardVersion() && embed_.width == width && embed_.language == shown &&
      embed_.hidden == hidden && embed_.line == line)
    return;
  const bool sameBoard = embed_.board == doc.boardVersion() && embed_.width == width &&
                         embed_.language == shown && embed_.hidden == hidden;
  EmbedMeasure measure;
  measure.board = doc.boardVersion();
  measure.width = width;
  measure.language = shown;
  measure.hidden = hidden;
  measure.line = line;

  const std::size_t widgets = widgets_.size(), draggable = draggable_.size(),
                    textFields = textFields_.size(), values = values_.size(),
                    zoomable = zoomable_.size();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 boardMin = ui.boardMin, boardMax = ui.boardMax;
  const float naturalBoard = naturalBoardHeight_;
  ImGui::PushID("embed-measure");
  ImGui::PushClipRect(origin, origin, false);  // nothing of it is drawn, nothing is hit
  measuring_ = true;
  Session& session = doc.session();
  const int cursor = session.step();
  const int length = static_cast<int>(session.history().size());
  constexpr int kSteps = 240;
  // drawBoard keeps a line of room under the board.
  const float extra = ImGui::GetTextLineHeightWithSpacing() + 4;
  float boardOnly = 0;
  for (int k = 0; k <= std::min(length, kSteps); ++k) {
    const int step =
        length <= kSteps ? k : static_cast<int>(static_cast<long long>(k) * length / kSteps);
    session.goToStep(step);
    measuredCaption_ = 0;
    ImGui::SetCursorScreenPos(origin);
    drawBoard(*this, ImVec2(width, 100000.0f));
    measure.caption = std::max(measure.caption, measuredCaption_);
    const float boardBottom = ImGui::GetCursorScreenPos().y;
    boardOnly = std::max(boardOnly, boardBottom - origin.y - measuredCaption_);
    drawStatus(*this);
    measure.status = std::max(measure.status, ImGui::GetCursorScreenPos().y - boardBottom);
  }
  session.goToStep(cursor);
  // Every caption gets the tallest caption's slot, the board under it.
  measure.boardPart = measure.caption + boardOnly + extra;
  // A move off the line is judged under the value (one more wrapped line, or two): its room is
  // kept whenever the reader can play.
  if (!doc.view().readOnly) {
    const std::string verdict = trText(std::string(session.info().players[1]) +
                                       " (10, 10): a blunder: it changes who wins");
    measure.status += ImGui::CalcTextSize(verdict.c_str(), nullptr, false, width).y +
                      ImGui::GetStyle().ItemSpacing.y;
  }
  ImGui::SetCursorScreenPos(origin);
  drawReplayControls(*this);
  measure.controls = ImGui::GetCursorScreenPos().y - origin.y;
  measuring_ = false;
  ImGui::PopClipRect();
  ImGui::PopID();
  ImGui::SetCursorScreenPos(origin);
  widgets_.resize(widgets);
  draggable_.resize(draggable);
  textFields_.resize(textFields);
  values_.resize(values);
  zoomable_.resize(zoomable);
  ui.boardMin = boardMin;
  ui.boardMax = boardMax;
  naturalBoardHeight_ = naturalBoard;
  if (sameBoard) {
    measure.caption = std::max(measure.caption, embed_.caption);
    measure.boardPart = std::max(measure.boardPart, embed_.boardPart);
    measure.status = std::max(measure.status, embed_.status);
  }
  embed_ = measure;
}

void App::drawToasts() {
  const double now = nowMilliseconds();
  toasts_.erase(std::remove_if(toasts_.begin(), toasts_.end(),
                               [now](const Toast& toast) { return toast.until < now; }),
                toasts_.end());
  if (toasts_.empty()) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(viewport->Pos.x + viewport->Size.x / 2, viewport->Pos.y + viewport->Size.y - 24),
      ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(viewport->Size.x - 32, FLT_MAX));
  ImGui::Begin("##toasts", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                   ImGuiWindowFlags_NoSavedSettings);
  for (const Toast& toast : toasts_) {
    const std::string text = trText(toast.text);
    textWrappedWidth(std::min(ImGui::CalcTextSize(text.c_str()).x + 1, viewport->Size.x - 48),
                     text.c_str());
  }
  record("toast", false);
  ImGui::End();
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
  if (imageRequested_) {
    imageRequested_ = false;
    saveCanvasImage(ui.boardMin, ui.boardMax,
                    std::string("gamesolver-") + doc.game().id() + ".png");
    toast("Saved the board as an image");
  }
  if (postImageFrames_ > 0 && --postImageFrames_ == 0 && doc.hasBoard()) {
    const ImVec2 padding = ImGui::GetStyle().WindowPadding;
    saveCanvasImage(ImVec2(ui.boardMin.x - padding.x, ui.boardMin.y - padding.y),
                    ImVec2(ui.boardMin.x - padding.x + kPostImageWidth, ui.boardMax.y + padding.y),
                    std::string("gamesolver-") + doc.game().id() + ".png", kPostImageWidth);
    toast("Saved the board as an image");
  }
  syncUrl();
  postContentHeight();
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
