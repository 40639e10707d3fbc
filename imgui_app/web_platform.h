// The page around the canvas, seen from C++: canvas size and pixel ratio, clipboard, the
// wheel, touch gestures, the keyboard proxy that opens a phone's on-screen keyboard, Tab focus,
// dropped and pasted files, the URL fragment, the accessible status line and the test hook.
// All of it is JavaScript glue (EM_JS) behind plain functions, so the app code stays portable.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "imgui.h"

namespace gs::app {

// What the page tells the app: the events that do not come through ImGui's input.
class PageEvents {
 public:
  virtual ~PageEvents() = default;
  // A dropped file or a paste (`name`: the file's, or "" for a paste); too large to take.
  virtual void onPageText(const std::string& name, const std::string& text) = 0;
  virtual void onPageTextTooLarge(const std::string& name, std::uint64_t size) = 0;
  virtual void onFragmentChanged() = 0;  // back/forward, a link typed into the address bar
  virtual void onCopyFailed(const std::string& reason) = 0;  // the browser refused a write
  virtual void onPinch(float scale, ImVec2 center) = 0;      // a pinch, or Ctrl + wheel
  // A guest's plain wheel over a zoomable board went to the host page.
  virtual void onGuestWheelOverZoom() = 0;
  // A frame of GIF `job` the page rendered (renderGifFrame), or why it could not.
  virtual void onGifFrame(int job, const std::uint8_t* rgba, int width, int height, int delay) = 0;
  virtual void onGifFailed(int job, const std::string& problem) = 0;
};

struct CanvasSize {
  int width = 1;  // drawing-buffer pixels
  int height = 1;
  float pixelRatio = 1;  // device pixels per CSS pixel
};

// Sizes the canvas drawing buffer to its CSS size times devicePixelRatio (when they differ).
CanvasSize syncCanvasSize();

// Installs the page's listeners (clipboard, wheel, touch, keyboard proxy, Tab, drops, pastes,
// the URL); what they hear that is not ImGui's input goes to `events`.
void installPlatform(PageEvents& events);

// Feeds the page's input of this frame to ImGui, between the GLFW backend's new frame and
// ImGui::NewFrame(): wheel deltas in the platform's pixels, touch gestures (a tap clicks, a
// swipe scrolls, a drag on a draggable region drags, two fingers pinch), clicks synthesised by
// the keyboard focus, and characters typed into the keyboard proxy.
void applyInput(ImGuiIO& io);

// Regions where a one-finger drag should drag (a zoomed board, a slider) rather than scroll,
// and the text fields a tap should open the on-screen keyboard for; set every frame.
void setTouchRegions(std::vector<ImVec4> draggable, std::vector<ImVec4> textFields);

// --- A guest's manners (an embed, or any page inside a frame): the plain wheel and vertical
// swipes belong to the host page, unless a panel under the pointer can still scroll that way
// (the wheel then scrolls it first, as nested scrolling areas do in any page); zooming takes
// Ctrl/Cmd + wheel or a pinch; taps, horizontal drags and pinches stay the app's.
struct ScrollRegion {
  ImVec4 rect;  // min x, min y, max x, max y (CSS pixels)
  bool canScrollUp = false, canScrollDown = false;
};
// The DOM mirror of the dialog the canvas shows, for assistive technology: a role=dialog element
// named `title` with `lines` as its paragraphs, the canvas described by it; "" removes it.
void dialogMirror(const std::string& title, const std::vector<std::string>& lines);

// Whether the page runs inside a frame of another page.
bool inFrame();
// Whether the site's guides are beside the page (not in the standalone file), and opening them
// in a new tab: false when the browser refused to open one.
bool guidesAvailable();
bool openGuides();
// Whether at least half of the app is in the reader's viewport (the host page's, in a frame).
bool inView();
// Turns the guest's manners on or off (the canvas's touch-action follows).
void setGuest(bool guest);
// The panels that scroll, and the regions a Ctrl/Cmd + wheel or a pinch zooms; set every frame.
void setWheelRegions(std::vector<ScrollRegion> scrollable, std::vector<ImVec4> zoomable);
// "⌘" on a Mac, "Ctrl" elsewhere: the key that turns the wheel into a zoom.
const char* zoomModifierName();
// The font of more CJK glyphs (fonts/cjk.ttf beside the page, make_font.py --more): fetched once,
// on the first call; null until it has arrived (and for good where it cannot be fetched: a page
// opened from a file).
void requestMoreGlyphs();
const std::vector<unsigned char>* moreGlyphsFont();

// Whether ImGui has a text field active this frame (shows or hides the keyboard proxy). A
// field that takes free text (a comment) calls takeComposedText() in the frames it is active:
// it then reads the proxy with a mouse and keyboard too, so an input method (pinyin) composes
// its words there; other fields take the canvas's keys as they come.
void takeComposedText();
void setTextInputActive(bool active);
bool lastInputWasTouch();
// Whether the device's primary pointer is a finger (the CSS media query pointer: coarse): a
// phone or a tablet, whose keys, if any, are not named on screen.
bool coarsePointer();
// Whether a panel is still gliding after a swipe (its momentum).
bool touchGliding();

// Tab presses since the last call: +1 per Tab, -1 per Shift+Tab.
int takeTabPresses();
// A guest in a frame must not trap the keyboard: a Tab on its last control (a Shift+Tab on its
// first) is left to the browser, which moves the focus on into the host page. Set every frame.
void setTabEnds(bool leavesForward, bool leavesBackward);
// Whether the text field being edited takes Tab as a character (the rules editor), set each
// frame: the page then types a tab there instead of moving the app's focus.
void setTextTakesTab(bool takes);
// Whether the canvas lost the browser's focus since the last call (the focus ring then goes).
bool takeBlur();
// A click at a point on the next two frames (the keyboard focus activating a control).
void synthesizeClick(ImVec2 point);
bool isSynthesizedClick();

std::string urlFragment();  // "#g=…" or ""
void setUrlFragment(const std::string& fragment, bool pushHistory);
std::string pageAddressWithoutFragment();  // for "Copy link"
std::string browserLanguage();             // navigator.language ("zh-CN"), or ""
// The page's <html lang> (screen readers pick their voice by it): "en" or "zh-CN"; the page's
// own texts (its heading and description, the canvas's label) follow it (shell.html).
void setDocumentLanguage(const std::string& code);
// After the first frame is drawn: the page's "Loading" line goes.
void pageReady();
// WebGL 2 could not be had: the page says so, in its language, in DOM text (shell.html).
void reportNoWebGl();
void copyToClipboard(const std::string& text);
bool clipboardAvailable();

// Downloads a text file (an SVG, a Markdown export).
void downloadText(const std::string& fileName, const std::string& mimeType,
                  const std::string& text);
void downloadBytes(const std::string& fileName, const std::string& mimeType,
                   const std::string& bytes);
// Renders one SVG picture into pixels, asynchronously (the page draws it through an <img>),
// at width x height (0 x 0: its own size), and hands them to PageEvents::onGifFrame(job, ...), or
// the reason to PageEvents::onGifFailed(job, ...).
void renderGifFrame(int job, const std::string& svg, int width, int height, int delay);
// In a frame: tells the host page the content's height ({type: "gamesolver:height", height}).
void postHeightToHost(int height);

// Downloads a PNG of a rectangle of the canvas (CSS pixels), as drawn this frame; at most
// maxWidth pixels wide when maxWidth > 0 (scaled down, e.g. to fit a phone), else at the
// canvas's own resolution.
void saveCanvasImage(ImVec2 min, ImVec2 max, const std::string& fileName, int maxWidth = 0);

// The read-only test hook: window.gameSolverState() returns JSON.parse(json).
void publishState(const std::string& json);
// The visually hidden aria-live status line for screen readers.
void announce(const std::string& text);
double nowMilliseconds();
// When the last input event (pointer, touch, wheel, key, resize, paste, drop) reached the page,
// on the nowMilliseconds() clock.
double lastInputMilliseconds();

// The largest text the app takes from a drop or a paste (the largest judge input the memory
// budget allows, with room to spare); larger ones are refused with a message.
constexpr std::size_t kMaxPageText = std::size_t{96} << 20;

}  // namespace gs::app
