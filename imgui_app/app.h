// The browser app's state and its per-frame UI. The UI is a function of this state, drawn every
// frame (immediate mode); the views (editor, board, analysis) know geometry and widgets, while
// rules, values and lines all come from the core's Session.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game.h"
#include "imgui.h"
#include "session.h"
#include "share_link.h"

namespace gs::app {

// A control or board cell whose screen rectangle the test hook reports (CSS pixels).
struct WidgetRect {
  std::string name;
  ImVec2 min, max;
};

class App {
 public:
  // Opens the board in the URL fragment, or the first game's judge sample, solved, its optimal
  // line ready to replay.
  void start();
  void ensureFonts(float pixelRatio);
  void frame();
  void afterRender();
  void onPageText(const std::string& name, const std::string& text);
  void onFragmentChanged();
  void recordFrameTime(double milliseconds);

  // --- actions the views call ---
  // Parses and solves judge text; on an error the message is shown and the board stays.
  bool loadJudgeText(const Game& game, const std::string& text);
  bool loadRecipe(const Recipe& recipe);
  // Plays a move at the cursor; when it leaves the line, the optimal continuation is appended.
  void playMove(const Move& move);
  void playBest();
  void stepTo(int step);
  void stepBy(int delta);
  void setError(const std::string& message) { error = message; }
  void copyJudgeInput();
  void copyLink();
  // The <iframe> snippet for the current state with the embed options below.
  std::string embedSnippet() const;
  // Asks for a PNG of the board region after the next frame is drawn.
  void requestImage() { imageRequested_ = true; }
  // Play against the solver: which sides the computer plays.
  void setComputer(int player, bool computer);
  void swapSides();

  // The best move at the cursor, worked out once per change of the line (on a large board
  // finding it can mean scanning the board).
  const std::optional<Move>& best();

  // Records the last ImGui item (or a rectangle) for the test hook.
  void record(const std::string& name);
  void recordRect(const std::string& name, ImVec2 min, ImVec2 max);

  // --- state (read by the views; changed through the actions above) ---
  std::optional<Session> session;
  std::optional<Recipe> recipe;       // set when the board came from a seeded recipe
  const Game* game = games().front();
  int boardVersion = 0;               // counts the boards loaded (views cache per board)
  std::string error;                  // the last message shown (empty when none)
  // Per board (a 2000 x 2000 board's texts are megabytes: made once, not every frame).
  std::string judgeOutput;
  std::size_t judgeInputBytes = 0;
  std::string notice;                 // a passing confirmation ("Copied")

  // Editor fields (each game's view keeps its own size fields).
  std::uint64_t seed = 1;
  std::vector<char> judgeText = std::vector<char>(1 << 16, '\0');

  // How the board is shown (from the link: embed=1, autoplay=1, ro=1, p=hc).
  ViewOptions view;
  // Embed dialog choices.
  bool embedCompact = true, embedAutoplay = false, embedReadOnly = false;
  std::string linkShown;        // the link, shown selectable when the clipboard is unavailable
  ImVec2 boardMin, boardMax;    // the board's rectangle this frame (for Save image)

  // Replay.
  bool autoplay = false;
  float movesPerSecond = 2.0f;
  double lastAutoStep = 0;

  // Line caches, rebuilt when lineVersion changes.
  int lineVersion = 0;
  std::vector<double> chartValues;  // the value after each step of the line
  int chartVersion = -1;

  std::vector<WidgetRect> widgets;

 private:
  void adopt(Session loaded, std::optional<Recipe> fromRecipe);
  bool openFragment(const std::string& fragment);
  void loadDefault();
  void syncUrl();
  void handleComputer();
  void syncEditorFromSession();
  void handleKeyboard();
  void handleAutoplay();
  void publish();
  std::string stateJson() const;

  float fontRatio_ = 0;
  std::string lastAnnouncement_;
  // URL sync: the state the fragment was last written for, and whether the next write is a new
  // history entry (a move) or replaces the current one (edits, steps).
  std::string lastFragment_;
  int urlVersion_ = -1;
  bool urlPush_ = false;
  int computerVersion_ = -1;
  double computerDueAt_ = 0;
  bool imageRequested_ = false;
  std::vector<double> frameTimes_;  // the last 120 frames' CPU times, a ring
  std::size_t frameCount_ = 0;
  std::optional<Move> best_;
  int bestVersion_ = -1;
  const Session* bestSession_ = nullptr;
};

// The views: each draws one part of the window from the app's state.
void drawEditor(App& app);
void drawBoard(App& app, ImVec2 size);
void drawAnalysis(App& app);
// The replay controls and the current value: the whole of the analysis an embedded board shows.
void drawReplayControls(App& app);
void drawSharing(App& app);

// A numeric value of a position for the chart: the score for score games; for win/loss games
// +1 / -1 as the first player wins, scaled by the moves left when the metric counts them.
double chartValue(const Session& session);

}  // namespace gs::app
