// The page around the canvas, seen from C++: canvas size and pixel ratio, clipboard, touch,
// dropped files, the URL fragment, the accessible status line and the test hook. All of it is
// JavaScript glue (EM_JS) behind plain functions, so the app code stays portable C++.
#pragma once

#include <string>

#include "imgui.h"

namespace gs::app {

class App;

struct CanvasSize {
  int width = 1;          // drawing-buffer pixels
  int height = 1;
  float pixelRatio = 1;   // device pixels per CSS pixel
};

// Sizes the canvas drawing buffer to its CSS size times devicePixelRatio (when they differ).
CanvasSize syncCanvasSize();

// Clipboard (through the page: GLFW's clipboard does nothing in this Emscripten), touch input,
// file drops and pastes; the app receives dropped or pasted text through App::onPageText.
void installPlatform(App* app);
// Feeds an active touch to ImGui as the mouse (GLFW loses the first tap on touch screens).
void applyTouch(ImGuiIO& io);

std::string urlFragment();                                // "#g=…" or ""
void setUrlFragment(const std::string& fragment, bool pushHistory);
std::string pageAddressWithoutFragment();                 // for "Copy link"
void copyToClipboard(const std::string& text);
bool clipboardAvailable();

// Downloads a PNG of a rectangle of the canvas (CSS pixels), as drawn this frame.
void saveCanvasImage(ImVec2 min, ImVec2 max, const std::string& fileName);

// The read-only test hook: window.gameSolverState() returns JSON.parse(json).
void publishState(const std::string& json);
// The visually hidden aria-live status line (game, value, best move) for screen readers.
void announce(const std::string& text);
double nowMilliseconds();

}  // namespace gs::app
