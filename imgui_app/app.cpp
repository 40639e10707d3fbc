#include "app.h"

#include <algorithm>
#include <cstdio>

#include "analysis.h"
#include "backends/imgui_impl_opengl3.h"
#include "ui_font.h"
#include "web_platform.h"

namespace gs::app {
namespace {

constexpr float kEditorWidth = 360.0f;
constexpr float kAnalysisWidth = 340.0f;

std::string rectJson(const WidgetRect& rect) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "{\"x\": %.1f, \"y\": %.1f, \"w\": %.1f, \"h\": %.1f}",
                rect.min.x, rect.min.y, rect.max.x - rect.min.x, rect.max.y - rect.min.y);
  return buffer;
}

}  // namespace

double chartValue(const Session& session) {
  const Value value = session.value();
  if (session.info().metric == Metric::kScoreDifference) return static_cast<double>(value.score);
  // Win/loss games: +1 / -1 as the first player wins or loses, scaled by the moves left when
  // the metric counts them, so the chart shows the game running down.
  const bool firstWins = value.win == (session.sideToMove() == 0);
  const double moves = session.info().metric == Metric::kWinLossRemoteness ? std::max(1, value.remoteness) : 1;
  return firstWins ? moves : -moves;
}

void App::start() {
  const std::string fragment = urlFragment();
  if (fragment.size() > 1 && openFragment(fragment)) return;
  const std::string keep = error;
  loadDefault();
  error = keep;
}

void App::loadDefault() {
  view = ViewOptions{};
  loadJudgeText(*games().front(), games().front()->sample());
}

// Opens a share link; a malformed one shows its message and falls back to the default board.
bool App::openFragment(const std::string& fragment) {
  auto link = parseLink(fragment);
  std::string problem;
  if (link) {
    auto opened = openLink(link.value(), SolveLimits{kBrowserMemoryBudget});
    if (opened) {
      view = link->view;
      adopt(std::move(opened.value()), link->recipe);
      autoplay = view.autoplay;
      lastFragment_ = fragment;
      return true;
    }
    problem = opened.error().toString();
  } else {
    problem = link.error().toString();
  }
  loadDefault();
  error = "The link could not be opened: " + problem + ". Showing the default board.";
  return false;
}

void App::ensureFonts(float pixelRatio) {
  if (pixelRatio == fontRatio_) return;
  fontRatio_ = pixelRatio;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  // DejaVu Sans for the text, merged with the CJK glyphs of the games' names; rasterised at
  // the device resolution and laid out in CSS pixels.
  const float size = 15.0f * pixelRatio;
  ImFontConfig latin;
  latin.FontDataOwnedByAtlas = false;
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kLatinFont), sizeof kLatinFont, size,
                                 &latin, io.Fonts->GetGlyphRangesDefault());
  static ImVector<ImWchar> cjkRanges;
  if (cjkRanges.empty()) {
    ImFontGlyphRangesBuilder builder;
    builder.AddText(kCjkText);
    builder.BuildRanges(&cjkRanges);
  }
  ImFontConfig cjk;
  cjk.FontDataOwnedByAtlas = false;
  cjk.MergeMode = true;
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kCjkFont), sizeof kCjkFont, size, &cjk,
                                 cjkRanges.Data);
  io.FontGlobalScale = 1.0f / pixelRatio;
  // Frames can be slow (software rendering, a busy machine): a key held over two of them must
  // not count as a repeat.
  io.KeyRepeatDelay = 0.5f;
  io.Fonts->Build();
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  style.FrameRounding = 3;
  style.WindowRounding = 0;
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 6);
}

bool App::loadJudgeText(const Game& id, const std::string& text) {
  auto loaded = Session::fromJudgeInput(id, text, SolveLimits{kBrowserMemoryBudget});
  if (!loaded) {
    error = loaded.error().toString();
    return false;
  }
  adopt(std::move(loaded.value()), std::nullopt);
  return true;
}

bool App::loadRecipe(const Recipe& made) {
  auto loaded = sessionFromRecipe(made, SolveLimits{kBrowserMemoryBudget});
  if (!loaded) {
    error = loaded.error().toString();
    return false;
  }
  adopt(std::move(loaded.value()), made);
  return true;
}

void App::adopt(Session loaded, std::optional<Recipe> fromRecipe) {
  const bool hasLine = !loaded.history().empty();
  session.emplace(std::move(loaded));
  recipe = fromRecipe;
  game = &session->game();
  ++boardVersion;
  error.clear();
  autoplay = false;
  if (!hasLine) {
    // A fresh board: its optimal line is ready to replay from the first move.
    session->setLine(session->principalLine(), 0);
  } else if (session->step() == static_cast<int>(session->history().size())) {
    const int step = session->step();
    std::vector<Move> line = session->history();
    for (const Move& move : session->principalLine()) line.push_back(move);
    session->setLine(line, step);
  }
  syncEditorFromSession();
  ++lineVersion;
}

void App::syncEditorFromSession() {
  if (recipe) seed = recipe->seed;
  // The paste box shows the current board as judge input, when it is small enough to edit
  // there (a 2000 x 2000 board is 31 MB of text: it is not formatted at all then).
  const bool small = session->gameBoard().judgeInputNumbers() <= 20000;
  const std::string text = small ? session->judgeInput() : std::string();
  judgeInputBytes = small ? text.size() : static_cast<std::size_t>(-1);
  judgeOutput = session->judgeOutput();
  if (small && text.size() + 1 < judgeText.size()) {
    std::copy(text.begin(), text.end(), judgeText.begin());
    judgeText[text.size()] = '\0';
  } else {
    judgeText[0] = '\0';
  }
}

void App::playMove(const Move& move) {
  if (!session) return;
  if (view.readOnly) {
    notice = "This board is read-only: use the replay controls";
    return;
  }
  const std::string reason = session->play(move);
  if (!reason.empty()) {
    error = reason;
    return;
  }
  error.clear();
  if (session->step() == static_cast<int>(session->history().size())) {
    const int step = session->step();
    std::vector<Move> line = session->history();
    for (const Move& next : session->principalLine()) line.push_back(next);
    session->setLine(line, step);
  }
  ++lineVersion;
  urlPush_ = true;
}

const std::optional<Move>& App::best() {
  if (bestVersion_ != lineVersion || bestSession_ != &*session) {
    best_ = session ? session->bestMove() : std::nullopt;
    bestVersion_ = lineVersion;
    bestSession_ = session ? &*session : nullptr;
  }
  return best_;
}

void App::playBest() {
  if (!session) return;
  if (const auto move = best()) playMove(*move);
}

void App::stepTo(int step) {
  if (session && session->goToStep(std::clamp(step, 0, static_cast<int>(session->history().size()))))
    ++lineVersion;
}

void App::stepBy(int delta) {
  if (!session) return;
  if (delta > 0 && session->step() == static_cast<int>(session->history().size())) {
    playBest();
    return;
  }
  stepTo(session->step() + delta);
}

void App::copyJudgeInput() {
  if (!session) return;
  copyToClipboard(session->judgeInput());
  notice = "Copied the board as judge input";
}

void App::onPageText(const std::string& name, const std::string& text) {
  if (loadJudgeText(*game, text)) {
    notice = "Loaded " + name;
  } else {
    error = name + ": " + error;
  }
}

void App::onFragmentChanged() {
  // Back/forward, or a link typed into the address bar. Our own writes do not come here
  // (history.pushState does not fire hashchange), but compare anyway.
  const std::string fragment = urlFragment();
  if (fragment == lastFragment_ || fragment.size() <= 1) return;
  openFragment(fragment);
  urlVersion_ = lineVersion;  // the fragment is the state: nothing to write back
}

void App::copyLink() {
  if (!session) return;
  auto link = makeLink(*session, recipe, view);
  if (!link) {
    error = link.error().toString();
    return;
  }
  linkShown = pageAddressWithoutFragment() + link.value();
  copyToClipboard(linkShown);
  notice = clipboardAvailable() ? "Copied the link" : "Select the link below and copy it";
}

std::string App::embedSnippet() const {
  if (!session) return "";
  ViewOptions options = view;
  options.embed = embedCompact;
  options.autoplay = embedAutoplay;
  options.readOnly = embedReadOnly;
  auto link = makeLink(*session, recipe, options);
  if (!link) return link.error().toString();
  return "<iframe src=\"" + pageAddressWithoutFragment() + link.value() +
         "\" width=\"640\" height=\"480\" style=\"border:0\" title=\"Game Solver: " +
         session->game().id() + "\" loading=\"lazy\"></iframe>";
}

void App::setComputer(int player, bool computer) {
  view.computer[player] = computer;
  computerVersion_ = -1;  // re-check whose turn it is
  urlVersion_ = -1;
}

void App::swapSides() {
  std::swap(view.computer[0], view.computer[1]);
  computerVersion_ = -1;
  urlVersion_ = -1;
}

// The computer plays its sides: the best move (tie-break as in GAMES.md) after a short,
// visible delay; it never moves while the user replays an earlier step of the line.
void App::handleComputer() {
  if (!session || !view.computer[session->sideToMove()] || view.readOnly) return;
  if (session->step() != static_cast<int>(session->history().size()) &&
      !(view.computer[0] && view.computer[1]))
    return;
  if (!best()) return;  // the game is over
  const double now = nowMilliseconds();
  if (computerVersion_ != lineVersion) {
    computerVersion_ = lineVersion;
    computerDueAt_ = now + 450;
    return;
  }
  if (now < computerDueAt_) return;
  if (session->step() < static_cast<int>(session->history().size())) {
    stepTo(session->step() + 1);  // the line already holds the optimal continuation
  } else {
    playBest();
  }
  urlPush_ = true;
}

// The fragment follows the state: a move pushes a history entry, anything else replaces it.
void App::syncUrl() {
  if (!session || urlVersion_ == lineVersion) return;
  urlVersion_ = lineVersion;
  // A pasted board too large for a link leaves the address without a fragment (and is not
  // formatted again just to find that out).
  const bool fits = recipe || judgeInputBytes <= 2 * kMaxLinkBoardChars;
  auto link = fits ? makeLink(*session, recipe, view) : Expected<std::string>(std::string());
  const std::string fragment = link ? link.value() : std::string();
  if (fragment == lastFragment_) return;
  setUrlFragment(fragment, urlPush_);
  lastFragment_ = fragment;
  urlPush_ = false;
}

void App::record(const std::string& name) {
  recordRect(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void App::recordRect(const std::string& name, ImVec2 min, ImVec2 max) {
  widgets.push_back({name, min, max});
}

void App::handleKeyboard() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !session) return;  // typing into a box is not a replay command
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) stepBy(-1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) stepBy(1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home), false)) stepTo(0);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_End), false))
    stepTo(static_cast<int>(session->history().size()));
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) playBest();
}

void App::handleAutoplay() {
  if (!autoplay || !session) return;
  const double now = nowMilliseconds();
  if (now - lastAutoStep < 1000.0 / movesPerSecond) return;
  lastAutoStep = now;
  if (session->step() < static_cast<int>(session->history().size())) {
    stepTo(session->step() + 1);
  } else {
    autoplay = false;  // the end of the line
  }
}

void App::frame() {
  widgets.clear();
  handleKeyboard();
  handleAutoplay();
  handleComputer();

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(viewport->Size);
  ImGui::Begin("Game Solver", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const bool wide = available.x >= kEditorWidth + kAnalysisWidth + 320;
  const ImGuiWindowFlags boardFlags = ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  if (view.embed) {
    // Compact (embedded): the board, the value and the replay controls, fitted to the frame.
    const float controlsHeight = 150;
    ImGui::BeginChild("board", ImVec2(0, std::max(120.0f, available.y - controlsHeight)), false, boardFlags);
    drawBoard(*this, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
    drawReplayControls(*this);
  } else if (wide) {
    ImGui::BeginChild("editor", ImVec2(kEditorWidth, 0), true);
    drawEditor(*this);
    ImGui::EndChild();
    ImGui::SameLine();
    const float boardWidth = available.x - kEditorWidth - kAnalysisWidth - 2 * ImGui::GetStyle().ItemSpacing.x;
    ImGui::BeginChild("board", ImVec2(boardWidth, 0), true, boardFlags);
    drawBoard(*this, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("analysis", ImVec2(0, 0), true);
    drawAnalysis(*this);
    ImGui::EndChild();
  } else {
    // Narrow screens: board first, then the analysis and the editor below it.
    ImGui::BeginChild("scroll", ImVec2(0, 0), false);
    const float width = ImGui::GetContentRegionAvail().x;  // inside the scroll bar
    const float side = std::min(width, std::max(240.0f, available.y * 0.6f));
    ImGui::BeginChild("board", ImVec2(width, side), true, boardFlags);
    drawBoard(*this, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
    drawAnalysis(*this);
    ImGui::Separator();
    drawEditor(*this);
    ImGui::EndChild();
  }
  ImGui::End();
}

void App::recordFrameTime(double milliseconds) {
  constexpr std::size_t kKept = 120;
  if (frameTimes_.size() < kKept) frameTimes_.push_back(milliseconds);
  else frameTimes_[frameCount_ % kKept] = milliseconds;
  ++frameCount_;
}

void App::afterRender() {
  if (imageRequested_) {
    imageRequested_ = false;
    saveCanvasImage(boardMin, boardMax, std::string("gamesolver-") + game->id() + ".png");
  }
  syncUrl();
  publish();
}

std::string App::stateJson() const {
  std::string json = "{\"game\": " + jsonString(game->id());
  if (session) {
    // The answer in full up to 64 KB; a larger one (a 2000 x 2000 board lists up to 4 million
    // cells) is cut there, with its full size beside it.
    constexpr std::size_t kShown = 1 << 16;
    json += ", \"judgeOutput\": " + jsonString(judgeOutput.substr(0, kShown));
    json += ", \"judgeOutputBytes\": " + std::to_string(judgeOutput.size());
    json += ", \"judgeOutputTruncated\": " + std::string(judgeOutput.size() > kShown ? "true" : "false");
    json += ", \"summary\": " + jsonString(session->summary());
    json += ", \"value\": " + jsonString(session->describe(session->value(), session->sideToMove()));
    json += ", \"chartValue\": " + std::to_string(chartValue(*session));
    json += ", \"step\": " + std::to_string(session->step());
    json += ", \"lineLength\": " + std::to_string(session->history().size());
    json += ", \"movesPlayed\": [";
    for (int k = 0; k < session->step(); ++k)
      json += (k ? ", " : "") + jsonString(session->moveCode(session->history()[k]));
    json += "], \"positions\": " + std::to_string(session->stats().positions);
    if (judgeInputBytes != static_cast<std::size_t>(-1))
      json += ", \"judgeInputBytes\": " + std::to_string(judgeInputBytes);
  }
  json += ", \"error\": " + jsonString(error);
  if (!frameTimes_.empty()) {
    std::vector<double> sorted = frameTimes_;
    std::sort(sorted.begin(), sorted.end());
    char timing[128];
    std::snprintf(timing, sizeof timing, ", \"frameMs\": {\"median\": %.3f, \"p95\": %.3f, \"frames\": %zu}",
                  sorted[sorted.size() / 2], sorted[sorted.size() * 95 / 100], frameCount_);
    json += timing;
  }
  json += ", \"autoplay\": " + std::string(autoplay ? "true" : "false");
  json += ", \"widgets\": {";
  for (std::size_t k = 0; k < widgets.size(); ++k)
    json += (k ? ", " : "") + jsonString(widgets[k].name) + ": " + rectJson(widgets[k]);
  return json + "}}";
}

void App::publish() {
  publishState(stateJson());
  if (!session) return;
  std::string status = std::string(session->game().id()) + ": " + session->summary() + ". ";
  if (const auto& move = best())
    status += std::string(session->info().players[session->sideToMove()]) + " to move; best " +
              session->moveName(*move) + ".";
  if (status != lastAnnouncement_) {
    announce(status);
    lastAnnouncement_ = status;
  }
}

}  // namespace gs::app
