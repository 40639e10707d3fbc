#include "web_platform.h"

#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>
#include <string>

#include "backends/imgui_impl_glfw.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "tools/analysis.h"
#include "ui_phrases.h"

namespace gs::app {
namespace {

PageEvents* pageEvents = nullptr;  // the app, once installPlatform has run
std::string clipboardCache;
bool textInputActive = false;
bool touchInput = false;

// Wheel deltas in CSS pixels since the last frame.
float wheelX = 0, wheelY = 0;

// Touch: one finger is a tap (a click where it lifts), a swipe (scrolls the panel under it, with
// momentum) or, on a draggable region, a drag (the mouse held down); two fingers pinch. A guest
// leaves a vertical swipe to the host page (kHost: the browser scrolls it, the app ignores it).
enum class Gesture { kNone, kPending, kScroll, kDrag, kPinch, kHost };
struct TouchState {
  Gesture gesture = Gesture::kNone;
  float startX = 0, startY = 0;  // where the finger went down
  float x = 0, y = 0;            // where it is
  float lastX = 0, lastY = 0;    // at the previous event, for the scroll delta
  double lastTime = 0;
  float velocityY = 0, velocityX = 0;  // px per ms, for the momentum after a swipe
  bool momentum = false;
  ImVec4 flingPanel;    // the panel that momentum scrolls (the innermost under the swipe)
  bool caught = false;  // this finger went down on a panel still moving: it stops it, no tap
  int tapFrames = 0;    // a tap: the press and the release on the next frames
  bool dragDown = false;
  float pinchDistance = 0;
} touch;
std::vector<ImVec4> draggableRegions, textFieldRegions;
bool guest = false;
std::vector<ScrollRegion> scrollRegions;
std::vector<ImVec4> zoomRegions;

// A click synthesised by the keyboard focus: down on one frame, up on the next.
struct SyntheticClick {
  int frames = 0;
  ImVec2 point;
} synthetic;

int tabPresses = 0;
bool textTakesTab = false;  // the active text field takes Tab as a character
bool tabLeavesForward = false, tabLeavesBackward = false;
bool blurred = false;
std::vector<int> repeatKeys;  // held canvas keys the browser repeated since the last frame

// The input of the canvas and of the keyboard proxy, as the browser reported it, waiting for its
// frame. ImGui 1.86 reads the state of a key or button once a frame, so a press and its release
// between two frames would never be seen: each frame takes, in the order they happened, at most
// one transition of each key and button and one key press (modifiers aside: a text field handles
// its keys as one chain of cases, so of Backspace and Enter pressed in the same frame only one
// would count); characters typed after a key press wait for the next frame (a field takes a
// frame's characters before its keys), and so do characters and modifiers after each other. So a
// press lasts at least one frame, and six quick presses are six presses, whatever the frame rate
// (what ImGui 1.87's input queue does). The keys of plain typing (acts(): no ImGui key, no Ctrl)
// act through their characters and take no frame: a burst of typing is one frame's characters.
struct InputEvent {
  enum Kind { kKey, kMouse, kText, kProxyKey, kPaste } kind;
  int code = 0;    // the GLFW key or button
  int action = 0;  // GLFW_PRESS or GLFW_RELEASE (a proxy key is pressed, then released a frame on)
  int scancode = 0, mods = 0;  // a proxy key's mods: 1 Ctrl (or Cmd), 2 Shift
  double x = 0, y = 0;         // a mouse event's position, in drawing-buffer pixels
  std::string text;  // the proxy's characters or a paste, UTF-8 (the canvas's: one, in code)
};
std::deque<InputEvent> inputQueue;
constexpr std::size_t kMaxQueuedInput = 8192;  // a page without frames (hidden) keeps the last
bool queuedMouseDown[3] = {false, false, false};
bool mouseQueueActive = false;   // a queued button is down or its release waits
std::vector<int> proxyKeysDown;  // pressed through the proxy last frame, released in this one
bool proxyModifiers = false;     // Ctrl or Shift set for them

void queueInput(InputEvent event) {
  if (inputQueue.size() >= kMaxQueuedInput) inputQueue.pop_front();
  inputQueue.push_back(std::move(event));
}

void queueKey(GLFWwindow*, int key, int scancode, int action, int mods) {
  if (action == GLFW_REPEAT) return;  // repeats come as the browser's (repeatKeys)
  // Tab is the page's (js_install): it moves the app's focus, or comes as a '\t' character to a
  // field that takes it; ImGui must not insert a second one.
  if (key == GLFW_KEY_TAB) return;
  // A paste is the browser's paste event's (kPaste, in its place in the queue): ImGui's own
  // Ctrl+V would paste what the app last held.
  if (key == GLFW_KEY_V && (mods & (GLFW_MOD_CONTROL | GLFW_MOD_SUPER)) && action == GLFW_PRESS)
    return;
  queueInput({InputEvent::kKey, key, action, scancode, mods, 0, 0, {}});
}

void queueChar(GLFWwindow*, unsigned int c) {
  queueInput({InputEvent::kText, static_cast<int>(c), 0, 0, 0, 0, 0, {}});
}

void queueMouseButton(GLFWwindow* window, int button, int action, int mods) {
  if (button < 0 || button >= 3) return;
  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);
  queueInput({InputEvent::kMouse, button, action, 0, mods, x, y, {}});
}

bool isModifier(int key) {
  return key == GLFW_KEY_LEFT_CONTROL || key == GLFW_KEY_RIGHT_CONTROL ||
         key == GLFW_KEY_LEFT_SHIFT || key == GLFW_KEY_RIGHT_SHIFT || key == GLFW_KEY_LEFT_ALT ||
         key == GLFW_KEY_RIGHT_ALT || key == GLFW_KEY_LEFT_SUPER || key == GLFW_KEY_RIGHT_SUPER;
}

// Whether ImGui or the app acts on a press of the key: the keys of ImGui's key map (arrows,
// Home, End, Backspace, Enter, Space, Escape…), its letters only with Ctrl or Cmd. The keys of
// plain typing act through their characters, so a burst of them is typed in one frame.
bool acts(const ImGuiIO& io, int key) {
  if (isModifier(key)) return false;
  const bool command = io.KeyCtrl || io.KeySuper;
  for (int k = 0; k < ImGuiKey_COUNT; ++k) {
    if (io.KeyMap[k] != key) continue;
    const bool letter = k == ImGuiKey_A || k == ImGuiKey_C || k == ImGuiKey_V || k == ImGuiKey_X ||
                        k == ImGuiKey_Y || k == ImGuiKey_Z;
    return !letter || command;
  }
  return false;
}

// This frame's share of the queue (above).
void applyQueuedInput(ImGuiIO& io) {
  std::vector<int> released;
  released.swap(proxyKeysDown);
  for (int key : released) io.KeysDown[key] = false;
  if (proxyModifiers) io.KeyCtrl = io.KeyShift = proxyModifiers = false;
  std::vector<int> changed = released;
  bool pressed = false;           // a key other than a modifier went down this frame
  bool typed = false;             // characters were typed this frame
  bool modified = false;          // a modifier went down or up this frame
  std::optional<ImVec2> mouseAt;  // where this frame's button event happened
  while (!inputQueue.empty()) {
    if (inputQueue.front().kind == InputEvent::kPaste) {
      // A paste, in its place after the clicks and keys before it (one may open a field), in a
      // frame after theirs: into the field being edited, through ImGui's paste (one insertion,
      // whatever its size: a Ctrl+V held for this frame), or else loaded as the page's text (the
      // judge input). Ctrl would hide this frame's characters; a frame takes one key press.
      if (typed || pressed || mouseAt) break;
      const ImGuiContext& g = *ImGui::GetCurrentContext();
      const ImGuiInputTextState* field =
          g.ActiveId ? ImGui::GetInputTextState(g.ActiveId) : nullptr;
      if (!field || (field->Flags & ImGuiInputTextFlags_ReadOnly)) {
        const std::string text = std::move(inputQueue.front().text);
        inputQueue.pop_front();
        if (pageEvents) pageEvents->onPageText("the pasted text", text);
        continue;
      }
      clipboardCache = std::move(inputQueue.front().text);
      inputQueue.front() = {InputEvent::kProxyKey, GLFW_KEY_V, GLFW_PRESS, 0, 1, 0, 0, {}};
    }
    const InputEvent& event = inputQueue.front();
    const int id = event.kind == InputEvent::kMouse ? -1 - event.code : event.code;
    // Characters and a change of Ctrl, Alt or Shift never share a frame: a text field ignores
    // the characters of a frame in which Ctrl is down.
    const bool modifier = event.kind == InputEvent::kKey && isModifier(event.code);
    if ((event.kind == InputEvent::kText && modified) || (modifier && typed)) break;
    typed = typed || event.kind == InputEvent::kText;
    modified = modified || modifier;
    if (event.kind == InputEvent::kText) {
      if (pressed) break;
      if (event.text.empty())
        io.AddInputCharacter(static_cast<unsigned int>(event.code));  // the canvas's character
      else
        io.AddInputCharactersUTF8(event.text.c_str());  // the proxy's text
    } else if (event.kind == InputEvent::kKey && !modifier && !acts(io, event.code)) {
      // A key of plain typing (a letter, a digit) acts through its character: its transitions
      // take no frame of their own, so a burst of typing is a frame's characters, however often
      // a key repeats in it (each taking a frame made fast typing outrun the queue).
      ImGui_ImplGlfw_KeyCallback(glfwGetCurrentContext(), event.code, event.scancode, event.action,
                                 event.mods);
    } else {
      if (std::find(changed.begin(), changed.end(), id) != changed.end()) break;
      const bool keyPress =
          event.kind == InputEvent::kProxyKey ||
          (event.kind == InputEvent::kKey && event.action == GLFW_PRESS && acts(io, event.code));
      if (keyPress && pressed) break;
      pressed = pressed || keyPress;
      changed.push_back(id);
      if (event.kind == InputEvent::kMouse) {
        queuedMouseDown[event.code] = event.action == GLFW_PRESS;
        mouseAt = ImVec2(static_cast<float>(event.x), static_cast<float>(event.y));
      } else if (event.kind == InputEvent::kKey) {
        ImGui_ImplGlfw_KeyCallback(glfwGetCurrentContext(), event.code, event.scancode,
                                   event.action, event.mods);
      } else if (event.code >= 0 && event.code < IM_ARRAYSIZE(io.KeysDown)) {
        io.KeysDown[event.code] = true;  // a proxy key: down for this frame
        proxyKeysDown.push_back(event.code);
        if (event.mods) {
          io.KeyCtrl = (event.mods & 1) != 0;
          io.KeyShift = (event.mods & 2) != 0;
          proxyModifiers = true;
        }
      }
    }
    inputQueue.pop_front();
  }
  const bool pending = std::any_of(inputQueue.begin(), inputQueue.end(), [](const InputEvent& e) {
    return e.kind == InputEvent::kMouse;
  });
  const bool down = queuedMouseDown[0] || queuedMouseDown[1] || queuedMouseDown[2];
  if (down || pending || mouseQueueActive) {
    // The buttons as queued, not as they are now (the backend read them live); a press or a
    // release is seen where it happened.
    for (int button = 0; button < 3; ++button) io.MouseDown[button] = queuedMouseDown[button];
    if (mouseAt) {
      const float ratio = io.DisplayFramebufferScale.x > 0 ? io.DisplayFramebufferScale.x : 1;
      io.MousePos = ImVec2(mouseAt->x / ratio, mouseAt->y / ratio);
    }
  }
  mouseQueueActive = down || pending;
}

bool inside(const ImVec4& r, float x, float y) {
  return x >= r.x && x <= r.z && y >= r.y && y <= r.w;
}
bool inside(const std::vector<ImVec4>& regions, float x, float y) {
  for (const ImVec4& r : regions)
    if (inside(r, x, y)) return true;
  return false;
}
// The smallest scrollable panel under the point (nullptr where there is none).
const ScrollRegion* innermostPanel(float x, float y) {
  const ScrollRegion* best = nullptr;
  float bestArea = FLT_MAX;
  for (const ScrollRegion& region : scrollRegions) {
    const ImVec4& r = region.rect;
    const float area = (r.z - r.x) * (r.w - r.y);
    if (inside(r, x, y) && area < bestArea) {
      best = &region;
      bestArea = area;
    }
  }
  return best;
}

// Whether a panel under the point can still scroll in the wheel's direction (dy > 0: down).
bool panelTakesWheel(float x, float y, float dy) {
  for (const ScrollRegion& region : scrollRegions)
    if (inside(region.rect, x, y) && (dy > 0   ? region.canScrollDown
                                      : dy < 0 ? region.canScrollUp
                                               : false))
      return true;
  return false;
}

// The JavaScript glue below is JavaScript, not C++: clang-format leaves it as written.
// clang-format off
EM_JS(void, js_canvas_size, (int* width, int* height, double* ratio), {
  var canvas = Module['canvas'];
  var dpr = window.devicePixelRatio || 1;
  var cssWidth = Math.max(1, canvas.clientWidth), cssHeight = Math.max(1, canvas.clientHeight);
  var w = Math.max(1, Math.round(cssWidth * dpr)), h = Math.max(1, Math.round(cssHeight * dpr));
  if (canvas.width != w || canvas.height != h) Browser.setCanvasSize(w, h);
  HEAP32[width >> 2] = w;
  HEAP32[height >> 2] = h;
  HEAPF64[ratio >> 3] = w / cssWidth;
});

EM_JS(void, js_install, (int maxText), {
  var canvas = Module['canvas'];
  // Whether the reader can see the app: at least half of the canvas in the viewport of the page
  // (of the host page too, for a frame: the observer's implicit root is the top-level viewport).
  if (typeof IntersectionObserver === 'function') {
    Module['_gsAppInView'](0);
    new IntersectionObserver(function(entries) {
      var entry = entries[entries.length - 1];
      Module['_gsAppInView'](entry.isIntersecting && entry.intersectionRatio >= 0.5 ? 1 : 0);
    }, {threshold: [0, 0.5, 1]}).observe(canvas);
  }
  // Text from the page (a dropped file, a large paste) reaches the app as bytes copied into the
  // wasm heap: never through the stack, whatever its size.
  function sendBytes(name, bytes, size) {
    var nameSize = lengthBytesUTF8(name) + 1;
    var namePointer = _malloc(nameSize);
    stringToUTF8(name, namePointer, nameSize);
    var pointer = bytes && size <= maxText ? _malloc(size + 1) : 0;
    if (pointer) HEAPU8.set(bytes, pointer);
    Module['_gsAppPageText'](namePointer, pointer, size);
    if (pointer) _free(pointer);
    _free(namePointer);
  }
  function sendString(name, text) {
    var bytes = new TextEncoder().encode(text);
    sendBytes(name, bytes, bytes.length);
  }
  document.addEventListener('paste', function(event) {
    var text = (event.clipboardData || window.clipboardData).getData('text') || "";
    event.preventDefault();
    // A paste larger than the paste box is loaded as the judge input at once. Another waits in
    // the input queue behind the clicks and keys before it (the click that opens a field may not
    // have had its frame yet): in its frame it goes into the field being edited or is loaded.
    // Its line ends ("\r\n", a lone "\r") are line breaks, as the proxy's (proxyText).
    if (text.length >= 60000) {
      sendString('the pasted text', text);
      return;
    }
    text = proxyText(text);
    var size = lengthBytesUTF8(text) + 1;
    var pointer = _malloc(size);
    stringToUTF8(text, pointer, size);
    Module['_gsAppPaste'](pointer);
    _free(pointer);
  });
  canvas.addEventListener('dragover', function(event) { event.preventDefault(); }, true);
  canvas.addEventListener('drop', function(event) {
    event.preventDefault();
    event.stopPropagation();
    var file = event.dataTransfer && event.dataTransfer.files && event.dataTransfer.files[0];
    if (!file) return;
    if (file.size > maxText) { sendBytes(file.name, null, file.size); return; }
    var reader = new FileReader();
    reader.onload = function() {
      var bytes = new Uint8Array(reader.result);
      sendBytes(file.name, bytes, bytes.length);
    };
    reader.readAsArrayBuffer(file);
  }, true);
  window.addEventListener('hashchange', function() { Module['_gsAppHashChanged'](); });
  // When the person last did anything (App::skipFrame draws fewer frames while a board solves
  // and nobody touches the page).
  Module.gsLastInput = performance.now();
  ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'keyup', 'touchstart',
   'touchmove', 'touchend', 'resize', 'paste', 'drop']
      .forEach(function(type) {
        window.addEventListener(type, function() { Module.gsLastInput = performance.now(); },
                                {capture: true, passive: true});
      });
  // The wheel in the platform's units: pixels (lines and pages converted), so a notch scrolls
  // what the page would scroll and a trackpad's small ticks scroll a little.
  // The app says whether it takes the event (a guest leaves the plain wheel to the host page,
  // whose scrolling then goes on as over any other part of it).
  canvas.addEventListener('wheel', function(event) {
    var scale = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? canvas.clientHeight : 1;
    var rect = canvas.getBoundingClientRect();
    var zoom = event.ctrlKey || event.metaKey;
    if (Module['_gsAppWheel'](event.deltaX * scale, event.deltaY * scale, zoom ? 1 : 0,
                              event.clientX - rect.left, event.clientY - rect.top))
      event.preventDefault();
  }, {passive: false});
  // Tab and Shift+Tab move the app's own keyboard focus (the canvas keeps the browser's). (A
  // guest's Tab past its last control never gets here: shell.html lets the browser have it.)
  // A field that takes Tab (the rules editor) gets it as a character: Tab indents there, and
  // Escape then Tab leaves it.
  window.addEventListener('keydown', function(event) {
    if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!event.shiftKey && Module['_gsAppTextTakesTab']()) sendProxyText('\t');
      else Module['_gsAppTab'](event.shiftKey ? -1 : 1);
    }
  }, true);
  canvas.addEventListener('blur', function() { Module['_gsAppBlur'](); });
  // The keyboard proxy: a real text field, invisible, that takes the focus when a canvas text
  // field is tapped, so a phone opens its on-screen keyboard; what is typed goes to ImGui.
  var proxy = document.createElement('textarea');
  proxy.id = 'gs-keyboard-proxy';
  // Out of the Tab order (Tab moves the app's own focus) but named, since it holds the focus
  // while a text field of the app is being edited.
  proxy.tabIndex = -1;
  proxy.setAttribute('aria-label', document.documentElement.lang.indexOf('zh') === 0
                                       ? '正在编辑的文本框' : 'Text of the field being edited');
  proxy.setAttribute('autocomplete', 'off');
  proxy.setAttribute('autocapitalize', 'off');
  proxy.setAttribute('spellcheck', 'false');
  proxy.style.cssText = 'position:fixed;left:0;bottom:0;width:1px;height:1px;opacity:0;' +
                        'font-size:16px;border:0;padding:0;margin:0;resize:none;';
  (document.getElementById('gs-main') || document.body).appendChild(proxy);
  var keys = {Backspace: 259, Enter: 257, Delete: 261, ArrowLeft: 263, ArrowRight: 262,
              ArrowUp: 265, ArrowDown: 264, Home: 268, End: 269, PageUp: 266, PageDown: 267,
              Escape: 256};
  // A held key repeats at the browser's pace (its repeat events, the reader's own settings), not
  // at ImGui's timer: a frame that comes late never turns one press into several.
  window.addEventListener('keydown', function(event) {
    if (event.repeat && event.key in keys) Module['_gsAppKeyRepeat'](keys[event.key]);
  });
  function sendProxyText(text) {
    var size = lengthBytesUTF8(text) + 1;
    var pointer = _malloc(size);
    stringToUTF8(text, pointer, size);
    Module['_gsAppProxyText'](pointer);
    _free(pointer);
  }
  // Text typed, pasted or chosen keeps its line breaks (a pasted judge input or rules file is
  // many lines; a multi-line field of the app takes them, a one-line field drops them, as ImGui
  // does), "\r\n" and a lone "\r" each one line break.
  function proxyText(text) {
    return text.split(String.fromCharCode(13, 10)).join(String.fromCharCode(10))
        .split(String.fromCharCode(13)).join(String.fromCharCode(10));
  }
  proxy.addEventListener('input', function(event) {
    // An input method composing a word (pinyin, kana) keeps its text in the field until the
    // word is chosen: only the chosen word is typed (compositionend).
    if (event.isComposing) return;
    var text = proxy.value;
    proxy.value = "";
    if (event.inputType === 'deleteContentBackward') Module['_gsAppProxyKey'](259, 0);
    else if (event.inputType === 'insertLineBreak') Module['_gsAppProxyKey'](257, 0);
    else if (text) sendProxyText(proxyText(text));
  });
  proxy.addEventListener('compositionend', function() {
    var text = proxy.value;
    proxy.value = "";
    if (text) sendProxyText(proxyText(text));
  });
  // Called by the page's early key listener (shell.html) for keys pressed in the proxy; the
  // characters themselves arrive as input events.
  // Ctrl (or Cmd) and Shift go with the key: selection, select all, copy, cut, undo, redo. A
  // paste is the browser's (its text arrives as input); keys of an input method's composition
  // are the input method's.
  window.gsProxyKeydown = function(event) {
    if (event.isComposing || event.keyCode === 229) return;
    var mods = (event.ctrlKey || event.metaKey ? 1 : 0) | (event.shiftKey ? 2 : 0);
    if (event.key === 'Tab') {
      event.preventDefault();
      if (!event.shiftKey && Module['_gsAppTextTakesTab']()) sendProxyText('\t');
      else Module['_gsAppTab'](event.shiftKey ? -1 : 1);
    } else if (event.key in keys) {
      event.preventDefault();
      Module['_gsAppProxyKey'](keys[event.key], mods);
    } else if ((mods & 1) && /^[acxyz]$/i.test(event.key)) {
      event.preventDefault();
      Module['_gsAppProxyKey'](event.key.toUpperCase().charCodeAt(0), mods);
    }
  };
});

EM_JS(void, js_fetch_more_glyphs, (), {
  if (typeof fetch !== 'function' || !/^https?:$/.test(location.protocol)) return;
  fetch('fonts/cjk.ttf').then(function(response) {
    return response.ok ? response.arrayBuffer() : null;
  }).then(function(buffer) {
    if (!buffer) return;
    var pointer = _malloc(buffer.byteLength);
    if (!pointer) return;
    HEAPU8.set(new Uint8Array(buffer), pointer);
    Module['_gsAppMoreGlyphs'](pointer, buffer.byteLength);
    _free(pointer);
  }).catch(function() {});
});

EM_JS(void, js_focus_proxy, (int focus), {
  var proxy = document.getElementById('gs-keyboard-proxy');
  if (!proxy) return;
  if (focus && document.activeElement !== proxy) proxy.focus({preventScroll: true});
  if (!focus && document.activeElement === proxy) Module['canvas'].focus({preventScroll: true});
});

EM_JS(char*, js_url_fragment, (), {
  var hash = window.location.hash || "";
  var size = lengthBytesUTF8(hash) + 1;
  var pointer = _malloc(size);
  stringToUTF8(hash, pointer, size);
  return pointer;
});

EM_JS(void, js_set_url_fragment, (const char* fragment, int push), {
  var hash = UTF8ToString(fragment);
  if (window.location.hash === hash) return;
  try {
    var url = window.location.href.split('#')[0] + hash;
    if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
  } catch (error) {
    // Pages from file:// or sandboxed frames may refuse history changes; the state stays.
  }
});

EM_JS(char*, js_page_address, (), {
  var address = window.location.href.split('#')[0];
  var size = lengthBytesUTF8(address) + 1;
  var pointer = _malloc(size);
  stringToUTF8(address, pointer, size);
  return pointer;
});

// The browser's language ("zh-CN", "en-US"; "" when the page cannot tell).
EM_JS(char*, js_browser_language, (), {
  var language = navigator.language || (navigator.languages && navigator.languages[0]) || "";
  var size = lengthBytesUTF8(language) + 1;
  var pointer = _malloc(size);
  stringToUTF8(language, pointer, size);
  return pointer;
});

EM_JS(void, js_set_document_language, (const char* code), {
  var value = UTF8ToString(code);
  document.documentElement.lang = value;
  if (window.gsSetPageLanguage) window.gsSetPageLanguage(value);
});

EM_JS(int, js_in_frame, (), {
  try {
    return window.self !== window.top ? 1 : 0;
  } catch (error) {
    return 1;  // a cross-origin parent may not even be compared
  }
});

EM_JS(int, js_coarse_pointer, (), {
  return window.matchMedia && window.matchMedia('(pointer: coarse)').matches ? 1 : 0;
});

// A guest's canvas lets the browser pan vertically (the host page scrolls) and keeps
// horizontal drags and pinches; the app's own page keeps every gesture.
EM_JS(void, js_set_guest, (int on), {
  Module['canvas'].style.touchAction = on ? 'pan-y' : 'none';
});

EM_JS(int, js_is_mac, (), {
  var platform = (navigator.userAgentData && navigator.userAgentData.platform) ||
                 navigator.platform || "";
  return /mac|iphone|ipad/i.test(platform) ? 1 : 0;
});

EM_JS(void, js_page_ready, (), {
  if (window.gsPageReady) window.gsPageReady();
});

EM_JS(void, js_report_no_webgl, (), {
  if (window.gsShowProblem) window.gsShowProblem('webgl', "");
});

// The clipboard's write is asynchronous; a refusal (a page without focus, a permission the
// browser withholds) comes back to the app, which says so, since its toast said "Copied".
EM_JS(void, js_copy, (const char* text), {
  var value = UTF8ToString(text);
  if (navigator.clipboard && navigator.clipboard.writeText)
    navigator.clipboard.writeText(value).catch(function(error) {
      var reason = String((error && (error.message || error.name)) || error).slice(0, 200);
      var size = lengthBytesUTF8(reason) + 1;
      var pointer = _malloc(size);
      stringToUTF8(reason, pointer, size);
      Module['_gsAppCopyFailed'](pointer);
      _free(pointer);
    });
});

EM_JS(int, js_guides_available, (), {
  return window.gsGuidesUrl ? 1 : 0;
});

// A tab of its own, the app's page left as it is; the new tab does not reach back (no opener).
EM_JS(int, js_open_guides, (), {
  var tab = window.open(new URL(window.gsGuidesUrl, document.baseURI).href, '_blank');
  if (!tab) return 0;
  tab.opener = null;
  return 1;
});

EM_JS(int, js_clipboard_available, (), {
  return (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) ? 1 : 0;
});

EM_JS(void, js_save_canvas, (double x, double y, double width, double height, const char* name,
                             int maxWidth), {
  // Called right after the frame is drawn, while the WebGL drawing buffer still holds it.
  var canvas = Module['canvas'];
  var scale = canvas.width / Math.max(1, canvas.clientWidth);
  var w = Math.max(1, Math.round(width * scale)), h = Math.max(1, Math.round(height * scale));
  // Scaled down to maxWidth pixels when asked (drawImage smooths the reduction).
  var shrink = maxWidth > 0 && w > maxWidth ? maxWidth / w : 1;
  var crop = document.createElement('canvas');
  crop.width = Math.max(1, Math.round(w * shrink));
  crop.height = Math.max(1, Math.round(h * shrink));
  var context = crop.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvas, Math.round(x * scale), Math.round(y * scale), w, h, 0, 0, crop.width,
                    crop.height);
  var fileName = UTF8ToString(name);
  crop.toBlob(function(blob) {
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    setTimeout(function() { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  }, 'image/png');
});

EM_JS(void, js_download_bytes, (const char* name, const char* type, const char* data, int size), {
  var blob = new Blob([HEAPU8.slice(data, data + size)], {type: UTF8ToString(type)});
  var link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = UTF8ToString(name);
  document.body.appendChild(link);
  link.click();
  setTimeout(function() { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
});

// The SVG is drawn into a canvas through an <img> (a blob URL, no network), read back as RGBA
// and copied into the heap for the app, which encodes it in a later frame of its own.
EM_JS(void, js_render_gif_frame,
      (int job, const char* text, int length, int width, int height, int delay), {
  function failed(problem) {
    var size = lengthBytesUTF8(problem) + 1;
    var pointer = _malloc(size);
    stringToUTF8(problem, pointer, size);
    Module['_gsAppGifFailed'](job, pointer);
    _free(pointer);
  }
  // The SVG's bytes straight from the heap (the Blob copies them): decoding 300 KB of them into
  // a string and encoding that again for the Blob took 40 ms of a frame, with its garbage.
  var url = URL.createObjectURL(new Blob([HEAPU8.subarray(text, text + length)],
                                         {type: 'image/svg+xml'}));
  var image = new Image();
  image.onload = function() {
    URL.revokeObjectURL(url);
    var w = width || image.naturalWidth || 600, h = height || image.naturalHeight || 600;
    // One canvas for every frame (a canvas a frame left their backing stores to the collector,
    // whose major collections then fell inside the app's frames).
    var canvas = Module.gsGifCanvas || (Module.gsGifCanvas = document.createElement('canvas'));
    if (canvas.width != w) canvas.width = w;
    if (canvas.height != h) canvas.height = h;
    var context = canvas.getContext('2d', {willReadFrequently: true});
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, w, h);
    context.drawImage(image, 0, 0, w, h);
    var pixels = context.getImageData(0, 0, w, h).data;
    var pointer = _malloc(pixels.length);
    if (!pointer) { failed("out of memory"); return; }
    HEAPU8.set(pixels, pointer);
    Module['_gsAppGifFrame'](job, pointer, w, h, delay);
    _free(pointer);
  };
  image.onerror = function() { URL.revokeObjectURL(url); failed("a frame could not be drawn"); };
  image.src = url;
});

EM_JS(double, js_last_input, (), {
  return Module.gsLastInput || 0;
});

EM_JS(void, js_post_height, (int height), {
  if (window.parent === window) return;
  try {
    window.parent.postMessage({type: 'gamesolver:height', height: height}, '*');
  } catch (error) {
    // A host that refuses messages keeps the frame's fixed size.
  }
});

EM_JS(void, js_publish_state, (const char* json), {
  window.__gameSolverStateJson = UTF8ToString(json);
});

// The open dialog's DOM mirror (dialogMirror): a visually hidden role=dialog element named by the
// dialog's title, holding its text as paragraphs, described to the canvas that has the focus.
EM_JS(void, js_dialog_mirror, (const char* title, const char* text), {
  var name = UTF8ToString(title);
  var mirror = document.getElementById('gs-dialog');
  var canvas = Module['canvas'];
  if (!name) {
    if (mirror) mirror.remove();
    if (canvas) canvas.removeAttribute('aria-describedby');
    return;
  }
  if (!mirror) {
    mirror = document.createElement('div');
    mirror.id = 'gs-dialog';
    mirror.setAttribute('role', 'dialog');
    mirror.className = 'gs-visually-hidden';
    (document.getElementById('gs-main') || document.body).appendChild(mirror);
  }
  mirror.setAttribute('aria-label', name);
  var heading = document.createElement('h2');
  heading.textContent = name;
  var parts = [heading];
  UTF8ToString(text).split(String.fromCharCode(10)).forEach(function(line) {
    var paragraph = document.createElement('p');
    paragraph.textContent = line;
    parts.push(paragraph);
  });
  mirror.replaceChildren.apply(mirror, parts);
  if (canvas) canvas.setAttribute('aria-describedby', 'gs-dialog');
});

EM_JS(void, js_announce, (const char* text), {
  var status = document.getElementById('gs-status');
  var value = UTF8ToString(text);
  if (status && status.textContent !== value) status.textContent = value;
});
// clang-format on

std::string takeString(char* pointer) {
  std::string text = pointer ? pointer : "";
  free(pointer);
  return text;
}

const char* getClipboard(void*) {
  return clipboardCache.c_str();
}
void setClipboard(void*, const char* text) {
  clipboardCache = text ? text : "";
  js_copy(clipboardCache.c_str());
}

float distance(const EmscriptenTouchPoint& a, const EmscriptenTouchPoint& b) {
  const float dx = static_cast<float>(a.targetX - b.targetX);
  const float dy = static_cast<float>(a.targetY - b.targetY);
  return std::sqrt(dx * dx + dy * dy);
}

// The return value: EM_TRUE cancels the event's default (the browser's scrolling and the mouse
// events it would make up after a tap). A guest lets the browser see a finger that may start
// a vertical swipe, and the whole of a swipe that turns out vertical: it scrolls the host page.
EM_BOOL onTouch(int type, const EmscriptenTouchEvent* event, void*) {
  touchInput = true;
  // The fingers still down after this event.
  const EmscriptenTouchPoint* down[2] = {nullptr, nullptr};
  int count = 0;
  for (int k = 0; k < event->numTouches; ++k) {
    const EmscriptenTouchPoint& point = event->touches[k];
    const bool lifted =
        (type == EMSCRIPTEN_EVENT_TOUCHEND || type == EMSCRIPTEN_EVENT_TOUCHCANCEL) &&
        point.isChanged;
    if (!lifted && count < 2) down[count++] = &point;
  }
  const double now = emscripten_get_now();
  if (count >= 2) {
    const float d = distance(*down[0], *down[1]);
    const ImVec2 center(static_cast<float>(down[0]->targetX + down[1]->targetX) / 2,
                        static_cast<float>(down[0]->targetY + down[1]->targetY) / 2);
    if (touch.gesture == Gesture::kPinch && touch.pinchDistance > 0 && pageEvents)
      pageEvents->onPinch(d / touch.pinchDistance, center);
    touch.gesture = Gesture::kPinch;
    touch.pinchDistance = d;
    touch.dragDown = false;
    touch.momentum = false;
    return EM_TRUE;
  }
  if (count == 1) {
    const float x = static_cast<float>(down[0]->targetX), y = static_cast<float>(down[0]->targetY);
    if (type == EMSCRIPTEN_EVENT_TOUCHSTART && touch.gesture != Gesture::kPinch) {
      // A finger put down on a panel still gliding after a swipe stops it, as on any phone, and
      // is not a tap: what was passing under it was not aimed at (a cell of a table would open
      // its game).
      const bool caught = touch.momentum && inside(touch.flingPanel, x, y);
      touch = TouchState{};
      touch.caught = caught;
      touch.gesture = Gesture::kPending;
      touch.startX = touch.x = touch.lastX = x;
      touch.startY = touch.y = touch.lastY = y;
      touch.lastTime = now;
      return guest ? EM_FALSE : EM_TRUE;
    }
    if (touch.gesture == Gesture::kPinch) return EM_TRUE;  // one finger left of a pinch
    if (touch.gesture == Gesture::kHost) return EM_FALSE;
    touch.x = x;
    touch.y = y;
    if (touch.gesture == Gesture::kPending &&
        std::hypot(x - touch.startX, y - touch.startY) > 8.0f) {
      if (guest && std::fabs(y - touch.startY) >= std::fabs(x - touch.startX)) {
        touch.gesture = Gesture::kHost;  // the browser scrolls the host page
        return EM_FALSE;
      }
      touch.gesture =
          inside(draggableRegions, touch.startX, touch.startY) ? Gesture::kDrag : Gesture::kScroll;
      touch.lastX = touch.startX;
      touch.lastY = touch.startY;
    }
    if (guest && touch.gesture == Gesture::kPending) return EM_FALSE;
    if (touch.gesture == Gesture::kScroll) {
      const float dt = static_cast<float>(std::max(1.0, now - touch.lastTime));
      // Moving the finger up scrolls the content up: a positive wheel delta.
      wheelY += touch.lastY - y;
      wheelX += touch.lastX - x;
      touch.velocityY = 0.7f * touch.velocityY + 0.3f * (touch.lastY - y) / dt;
      touch.velocityX = 0.7f * touch.velocityX + 0.3f * (touch.lastX - x) / dt;
      touch.lastTime = now;
    }
    if (touch.gesture == Gesture::kDrag) touch.dragDown = true;
    touch.lastX = x;
    touch.lastY = y;
    return EM_TRUE;
  }
  // The last finger lifted.
  const bool hostGesture = touch.gesture == Gesture::kHost;
  switch (touch.gesture) {
    case Gesture::kPending:
      if (touch.caught) {
        touch.gesture = Gesture::kNone;
        break;
      }
      touch.tapFrames = 2;  // press on the next frame, release on the one after
      // A tap on a text field focuses the keyboard proxy now, inside the touch event, so that
      // the phone opens its on-screen keyboard.
      if (inside(textFieldRegions, touch.startX, touch.startY)) js_focus_proxy(1);
      break;
    case Gesture::kScroll:
      touch.momentum = std::fabs(touch.velocityY) > 0.05f || std::fabs(touch.velocityX) > 0.05f;
      if (const ScrollRegion* panel = innermostPanel(touch.startX, touch.startY))
        touch.flingPanel = panel->rect;
      else
        touch.flingPanel = ImVec4(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX);
      touch.lastTime = now;
      break;
    default:
      break;
  }
  touch.dragDown = false;
  if (touch.gesture != Gesture::kPending) touch.gesture = Gesture::kNone;
  return hostGesture ? EM_FALSE : EM_TRUE;  // no synthetic mouse events: ImGui gets the touch once
}

EM_BOOL onMouse(int, const EmscriptenMouseEvent*, void*) {
  touchInput = false;
  return EM_FALSE;
}

}  // namespace

CanvasSize syncCanvasSize() {
  CanvasSize size;
  double ratio = 1;
  js_canvas_size(&size.width, &size.height, &ratio);
  size.pixelRatio = static_cast<float>(ratio > 0 ? ratio : 1);
  return size;
}

void installPlatform(PageEvents& events) {
  pageEvents = &events;
  js_install(static_cast<int>(kMaxPageText));
  ImGuiIO& io = ImGui::GetIO();
  io.GetClipboardTextFn = getClipboard;
  io.SetClipboardTextFn = setClipboard;
  io.KeyRepeatDelay = 1e9f;  // keys repeat with the browser's repeat events (js_install)
  // The wheel comes through js_install (in pixels), not through GLFW's scroll callback; keys and
  // mouse buttons wait in the input queue for their frame (applyQueuedInput).
  glfwSetScrollCallback(glfwGetCurrentContext(), nullptr);
  glfwSetKeyCallback(glfwGetCurrentContext(), queueKey);
  glfwSetCharCallback(glfwGetCurrentContext(), queueChar);
  glfwSetMouseButtonCallback(glfwGetCurrentContext(), queueMouseButton);
  emscripten_set_touchstart_callback("#canvas", nullptr, true, onTouch);
  emscripten_set_touchmove_callback("#canvas", nullptr, true, onTouch);
  emscripten_set_touchend_callback("#canvas", nullptr, true, onTouch);
  emscripten_set_touchcancel_callback("#canvas", nullptr, true, onTouch);
  emscripten_set_mousedown_callback("#canvas", nullptr, true, onMouse);
}

void applyInput(ImGuiIO& io) {
  applyQueuedInput(io);
  // A repeat is a fresh press to ImGui (its down-duration restarts at 0 in NewFrame).
  for (int key : repeatKeys)
    if (key >= 0 && key < IM_ARRAYSIZE(io.KeysDown) && io.KeysDown[key])
      io.KeysDownDuration[key] = -1.0f;
  repeatKeys.clear();
  // The wheel: ImGui scrolls 5 font heights per unit; a unit here is that many pixels.
  const float step = 5 * 15.0f;
  if (touch.momentum) {
    const double now = emscripten_get_now();
    const float dt = static_cast<float>(std::min(50.0, now - touch.lastTime));
    touch.lastTime = now;
    wheelY += touch.velocityY * dt;
    wheelX += touch.velocityX * dt;
    const float decay = std::pow(0.995f, dt);
    touch.velocityY *= decay;
    touch.velocityX *= decay;
    if (std::fabs(touch.velocityY) < 0.02f && std::fabs(touch.velocityX) < 0.02f)
      touch.momentum = false;
    // A vertical glide also ends where its panel can go no further that way (the top, the
    // end): nothing moves any more, so the next tap is a tap.
    const ScrollRegion* panel = innermostPanel(touch.startX, touch.startY);
    if (panel && std::fabs(touch.velocityY) >= std::fabs(touch.velocityX) &&
        !(touch.velocityY > 0 ? panel->canScrollDown : panel->canScrollUp))
      touch.momentum = false;
    io.MousePos = ImVec2(touch.startX, touch.startY);
  }
  if (wheelY != 0 || wheelX != 0) {
    io.MouseWheel -= wheelY / step;
    io.MouseWheelH -= wheelX / step;
    wheelX = wheelY = 0;
  }
  if (synthetic.frames > 0) {
    io.MousePos = synthetic.point;
    io.MouseDown[0] = synthetic.frames == 2;
    --synthetic.frames;
    return;
  }
  switch (touch.gesture) {
    case Gesture::kPending:
      io.MousePos = ImVec2(touch.startX, touch.startY);
      if (touch.tapFrames > 0) {
        io.MouseDown[0] = touch.tapFrames == 2;  // the press, then the release
        if (--touch.tapFrames == 0) touch.gesture = Gesture::kNone;
      } else {
        io.MouseDown[0] = false;
      }
      break;
    case Gesture::kScroll:
      io.MousePos = ImVec2(touch.startX, touch.startY);  // the panel under the finger scrolls
      io.MouseDown[0] = false;
      break;
    case Gesture::kDrag:
      io.MousePos = touch.dragDown ? ImVec2(touch.x, touch.y) : ImVec2(touch.startX, touch.startY);
      io.MouseDown[0] = touch.dragDown;
      break;
    case Gesture::kPinch:
      io.MouseDown[0] = false;
      break;
    case Gesture::kHost:
    case Gesture::kNone:
      if (touchInput) {
        io.MouseDown[0] = false;
        // No finger down: nothing is hovered (a touch screen has no pointer at rest).
        if (!touch.momentum) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      }
      break;
  }
}

void setTouchRegions(std::vector<ImVec4> draggable, std::vector<ImVec4> textFields) {
  draggableRegions = std::move(draggable);
  textFieldRegions = std::move(textFields);
}

bool inFrame() {
  return js_in_frame() != 0;
}

bool guidesAvailable() {
  static const bool available = js_guides_available() != 0;  // the page's, for its life
  return available;
}

bool openGuides() {
  return js_open_guides() != 0;
}

namespace {
bool canvasSeen = true;  // where no IntersectionObserver tells: seen
}  // namespace

bool inView() {
  return canvasSeen;
}

void setGuest(bool on) {
  if (on == guest) return;
  guest = on;
  js_set_guest(on ? 1 : 0);
}

void setWheelRegions(std::vector<ScrollRegion> scrollable, std::vector<ImVec4> zoomable) {
  scrollRegions = std::move(scrollable);
  zoomRegions = std::move(zoomable);
}

const char* zoomModifierName() {
  static const bool mac = js_is_mac() != 0;
  return mac ? "\xE2\x8C\x98" : "Ctrl";  // ⌘
}

void pageReady() {
  js_page_ready();
}

void reportNoWebGl() {
  js_report_no_webgl();
}

namespace {
bool composedField = false;      // takeComposedText() this frame
bool textInputComposed = false;  // the active field takes its text through the proxy
bool moreGlyphsAsked = false;
std::vector<unsigned char> moreGlyphs;  // empty until the font has arrived
}  // namespace

void requestMoreGlyphs() {
  if (moreGlyphsAsked) return;
  moreGlyphsAsked = true;
  js_fetch_more_glyphs();
}

const std::vector<unsigned char>* moreGlyphsFont() {
  return moreGlyphs.empty() ? nullptr : &moreGlyphs;
}

void takeComposedText() {
  composedField = true;
}

void setTextInputActive(bool active) {
  const bool composed = active && composedField;
  composedField = false;
  if (active == textInputActive && composed == textInputComposed) return;
  textInputActive = active;
  textInputComposed = composed;
  if (!active)
    js_focus_proxy(0);
  else if (touchInput || composed)
    js_focus_proxy(1);
}

bool touchGliding() {
  return touch.momentum;
}

bool lastInputWasTouch() {
  return touchInput;
}

bool coarsePointer() {
  static const bool coarse = js_coarse_pointer() != 0;  // (a device's, for the page's life)
  return coarse;
}

void setTabEnds(bool leavesForward, bool leavesBackward) {
  tabLeavesForward = leavesForward;
  tabLeavesBackward = leavesBackward;
}

bool takeBlur() {
  const bool was = blurred;
  blurred = false;
  return was;
}

void setTextTakesTab(bool takes) {
  textTakesTab = takes;
}

int takeTabPresses() {
  const int presses = tabPresses;
  tabPresses = 0;
  return presses;
}

void synthesizeClick(ImVec2 point) {
  synthetic.frames = 2;
  synthetic.point = point;
}

bool isSynthesizedClick() {
  return synthetic.frames > 0;
}

std::string urlFragment() {
  return takeString(js_url_fragment());
}
void setUrlFragment(const std::string& fragment, bool pushHistory) {
  js_set_url_fragment(fragment.c_str(), pushHistory ? 1 : 0);
}
std::string pageAddressWithoutFragment() {
  return takeString(js_page_address());
}
std::string browserLanguage() {
  return takeString(js_browser_language());
}
void setDocumentLanguage(const std::string& code) {
  js_set_document_language(code.c_str());
}
void copyToClipboard(const std::string& text) {
  setClipboard(nullptr, text.c_str());
}
bool clipboardAvailable() {
  return js_clipboard_available() != 0;
}
void saveCanvasImage(ImVec2 min, ImVec2 max, const std::string& fileName, int maxWidth) {
  js_save_canvas(min.x, min.y, max.x - min.x, max.y - min.y, fileName.c_str(), maxWidth);
}
void downloadText(const std::string& fileName, const std::string& mimeType,
                  const std::string& text) {
  downloadBytes(fileName, mimeType, text);  // UTF-8 bytes as they are
}
void postHeightToHost(int height) {
  js_post_height(height);
}
void downloadBytes(const std::string& fileName, const std::string& mimeType,
                   const std::string& bytes) {
  js_download_bytes(fileName.c_str(), mimeType.c_str(), bytes.data(),
                    static_cast<int>(bytes.size()));
}
void renderGifFrame(int job, const std::string& svg, int width, int height, int delay) {
  js_render_gif_frame(job, svg.data(), static_cast<int>(svg.size()), width, height, delay);
}
void publishState(const std::string& json) {
  js_publish_state(json.c_str());
}
void dialogMirror(const std::string& title, const std::vector<std::string>& lines) {
  static std::string shownTitle, shownText;
  std::string text;
  for (const std::string& line : lines) text += (text.empty() ? "" : "\n") + line;
  if (title == shownTitle && text == shownText) return;
  shownTitle = title;
  shownText = text;
  js_dialog_mirror(title.c_str(), text.c_str());
}

void announce(const std::string& text) {
  js_announce(text.c_str());
}
double lastInputMilliseconds() {
  return js_last_input();
}

double nowMilliseconds() {
  return emscripten_get_now();
}

}  // namespace gs::app

extern "C" {
// A dropped file or a paste, as bytes in the heap (null when it was over kMaxPageText).
EMSCRIPTEN_KEEPALIVE void gsAppPageText(const char* name, const char* data, double size) {
  if (!gs::app::pageEvents) return;
  const std::string origin = name ? name : "";
  if (!data) {
    gs::app::pageEvents->onPageTextTooLarge(origin, static_cast<std::uint64_t>(size));
    return;
  }
  gs::app::pageEvents->onPageText(origin, std::string(data, static_cast<std::size_t>(size)));
}
// The browser refused a clipboard write (js_copy).
EMSCRIPTEN_KEEPALIVE void gsAppCopyFailed(const char* reason) {
  if (gs::app::pageEvents) gs::app::pageEvents->onCopyFailed(reason ? reason : "");
}
EMSCRIPTEN_KEEPALIVE void gsAppHashChanged() {
  if (gs::app::pageEvents) gs::app::pageEvents->onFragmentChanged();
}
// A wheel event over the canvas; returns whether the app takes it (the page then cancels the
// browser's own scrolling or zooming). The app's own page takes every wheel; a guest takes
// Ctrl/Cmd + wheel over a zoomable board and the plain wheel over a panel that can still
// scroll that way, and leaves the rest to the host page (over a zoomable board, the first
// such wheel shows how to zoom).
EMSCRIPTEN_KEEPALIVE int gsAppWheel(double dx, double dy, int zoom, double x, double y) {
  using namespace gs::app;
  touchInput = false;
  const float fx = static_cast<float>(x), fy = static_cast<float>(y);
  if (guest) {
    if (zoom) {
      if (!inside(zoomRegions, fx, fy)) return 0;  // the browser's own zoom, as anywhere
    } else if (!panelTakesWheel(fx, fy, static_cast<float>(dy))) {
      if (pageEvents && inside(zoomRegions, fx, fy)) pageEvents->onGuestWheelOverZoom();
      return 0;
    }
  }
  if (zoom) {
    // A trackpad pinch arrives as a wheel with Ctrl held.
    if (pageEvents) pageEvents->onPinch(static_cast<float>(std::exp(-dy / 100.0)), ImVec2(fx, fy));
    return 1;
  }
  wheelX += static_cast<float>(dx);
  wheelY += static_cast<float>(dy);
  return 1;
}
EMSCRIPTEN_KEEPALIVE void gsAppGifFrame(int job, const std::uint8_t* rgba, int width, int height,
                                        int delay) {
  if (gs::app::pageEvents) gs::app::pageEvents->onGifFrame(job, rgba, width, height, delay);
}
EMSCRIPTEN_KEEPALIVE void gsAppGifFailed(int job, const char* problem) {
  if (gs::app::pageEvents) gs::app::pageEvents->onGifFailed(job, problem ? problem : "");
}
// Whether a Tab (direction +1) or Shift+Tab (-1) leaves the app for the host page.
EMSCRIPTEN_KEEPALIVE int gsAppTabLeaves(int direction) {
  return (direction > 0 ? gs::app::tabLeavesForward : gs::app::tabLeavesBackward) ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE void gsAppInView(int seen) {
  gs::app::canvasSeen = seen != 0;
}
EMSCRIPTEN_KEEPALIVE void gsAppBlur() {
  gs::app::blurred = true;
}
EMSCRIPTEN_KEEPALIVE int gsAppTextTakesTab() {
  return gs::app::textTakesTab ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE void gsAppTab(int direction) {
  gs::app::tabPresses += direction;
}
EMSCRIPTEN_KEEPALIVE void gsAppMoreGlyphs(const unsigned char* data, int size) {
  if (size > 0) gs::app::moreGlyphs.assign(data, data + size);
}
EMSCRIPTEN_KEEPALIVE void gsAppProxyText(const char* text) {
  if (text && *text) gs::app::queueInput({gs::app::InputEvent::kText, 0, 0, 0, 0, 0, 0, text});
}
EMSCRIPTEN_KEEPALIVE void gsAppPaste(const char* text) {
  gs::app::queueInput({gs::app::InputEvent::kPaste, 0, 0, 0, 0, 0, 0, text ? text : ""});
}
EMSCRIPTEN_KEEPALIVE void gsAppProxyKey(int key, int mods) {
  gs::app::queueInput({gs::app::InputEvent::kProxyKey, key, GLFW_PRESS, 0, mods, 0, 0, {}});
}
EMSCRIPTEN_KEEPALIVE void gsAppKeyRepeat(int key) {
  gs::app::repeatKeys.push_back(key);
}
}
