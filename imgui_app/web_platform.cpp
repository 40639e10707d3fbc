#include "web_platform.h"

#include <emscripten.h>
#include <emscripten/html5.h>

#include <string>

#include "app.h"
#include "imgui.h"

namespace gs::app {
namespace {

App* theApp = nullptr;
std::string clipboardCache;

// The first touch, fed to ImGui as the left mouse button. A quick tap starts and ends between
// two frames, so the press is latched: ImGui sees the button down for one frame, then up.
struct TouchState {
  bool active = false;
  bool down = false;
  bool pressLatched = false;
  int releaseFrames = 0;
  float x = 0, y = 0;
} touch;

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

EM_JS(void, js_install, (), {
  // Pastes and dropped files reach the app as text; the paste also fills the clipboard cache
  // that ImGui's Ctrl+V reads.
  document.addEventListener('paste', function(event) {
    var text = (event.clipboardData || window.clipboardData).getData('text');
    Module.ccall('gsAppClipboardCache', null, ['string'], [text || ""]);
  });
  var canvas = Module['canvas'];
  canvas.addEventListener('dragover', function(event) { event.preventDefault(); }, true);
  canvas.addEventListener('drop', function(event) {
    event.preventDefault();
    event.stopPropagation();
    var file = event.dataTransfer && event.dataTransfer.files && event.dataTransfer.files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function() { Module.ccall('gsAppDroppedText', null, ['string', 'string'], [file.name, String(reader.result)]); };
    reader.readAsText(file);
  }, true);
  window.addEventListener('hashchange', function() {
    Module.ccall('gsAppHashChanged', null, [], []);
  });
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

EM_JS(void, js_copy, (const char* text), {
  var value = UTF8ToString(text);
  if (navigator.clipboard && navigator.clipboard.writeText)
    navigator.clipboard.writeText(value).catch(function() {});
});

EM_JS(int, js_clipboard_available, (), {
  return (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) ? 1 : 0;
});

EM_JS(void, js_save_canvas, (double x, double y, double width, double height, const char* name), {
  // Called right after the frame is drawn, while the WebGL drawing buffer still holds it.
  var canvas = Module['canvas'];
  var scale = canvas.width / Math.max(1, canvas.clientWidth);
  var w = Math.max(1, Math.round(width * scale)), h = Math.max(1, Math.round(height * scale));
  var crop = document.createElement('canvas');
  crop.width = w;
  crop.height = h;
  crop.getContext('2d').drawImage(canvas, Math.round(x * scale), Math.round(y * scale), w, h, 0, 0, w, h);
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

EM_JS(void, js_publish_state, (const char* json), {
  window.__gameSolverStateJson = UTF8ToString(json);
});

EM_JS(void, js_announce, (const char* text), {
  var status = document.getElementById('gs-status');
  var value = UTF8ToString(text);
  if (status && status.textContent !== value) status.textContent = value;
});

std::string takeString(char* pointer) {
  std::string text = pointer ? pointer : "";
  free(pointer);
  return text;
}

const char* getClipboard(void*) { return clipboardCache.c_str(); }
void setClipboard(void*, const char* text) {
  clipboardCache = text ? text : "";
  js_copy(clipboardCache.c_str());
}

EM_BOOL onTouch(int type, const EmscriptenTouchEvent* event, void*) {
  if (event->numTouches < 1) return EM_FALSE;
  const EmscriptenTouchPoint& point = event->touches[0];
  touch.active = true;
  touch.x = static_cast<float>(point.targetX);
  touch.y = static_cast<float>(point.targetY);
  touch.down = type == EMSCRIPTEN_EVENT_TOUCHSTART || type == EMSCRIPTEN_EVENT_TOUCHMOVE;
  if (type == EMSCRIPTEN_EVENT_TOUCHSTART) touch.pressLatched = true;
  return EM_TRUE;  // no synthetic mouse events: ImGui gets the touch once
}

}  // namespace

CanvasSize syncCanvasSize() {
  CanvasSize size;
  double ratio = 1;
  js_canvas_size(&size.width, &size.height, &ratio);
  size.pixelRatio = static_cast<float>(ratio > 0 ? ratio : 1);
  return size;
}

void installPlatform(App* app) {
  theApp = app;
  js_install();
  ImGuiIO& io = ImGui::GetIO();
  io.GetClipboardTextFn = getClipboard;
  io.SetClipboardTextFn = setClipboard;
  emscripten_set_touchstart_callback("#canvas", nullptr, true, onTouch);
  emscripten_set_touchmove_callback("#canvas", nullptr, true, onTouch);
  emscripten_set_touchend_callback("#canvas", nullptr, true, onTouch);
  emscripten_set_touchcancel_callback("#canvas", nullptr, true, onTouch);
}

void applyTouch(ImGuiIO& io) {
  if (!touch.active) return;
  io.MousePos = ImVec2(touch.x, touch.y);
  if (touch.pressLatched) {
    io.MouseDown[0] = true;  // the press, even if the finger has already lifted
    touch.pressLatched = false;
    touch.releaseFrames = 2;
    return;
  }
  io.MouseDown[0] = touch.down;
  // A released touch stays at its place for two frames (so the click lands), then is forgotten.
  if (!touch.down && --touch.releaseFrames <= 0) touch.active = false;
}

std::string urlFragment() { return takeString(js_url_fragment()); }
void setUrlFragment(const std::string& fragment, bool pushHistory) {
  js_set_url_fragment(fragment.c_str(), pushHistory ? 1 : 0);
}
std::string pageAddressWithoutFragment() { return takeString(js_page_address()); }
void copyToClipboard(const std::string& text) { setClipboard(nullptr, text.c_str()); }
bool clipboardAvailable() { return js_clipboard_available() != 0; }
void saveCanvasImage(ImVec2 min, ImVec2 max, const std::string& fileName) {
  js_save_canvas(min.x, min.y, max.x - min.x, max.y - min.y, fileName.c_str());
}
void publishState(const std::string& json) { js_publish_state(json.c_str()); }
void announce(const std::string& text) { js_announce(text.c_str()); }
double nowMilliseconds() { return emscripten_get_now(); }

}  // namespace gs::app

extern "C" {
EMSCRIPTEN_KEEPALIVE void gsAppClipboardCache(const char* text) {
  gs::app::clipboardCache = text ? text : "";
}
EMSCRIPTEN_KEEPALIVE void gsAppDroppedText(const char* name, const char* text) {
  if (gs::app::theApp) gs::app::theApp->onPageText(name ? name : "", text ? text : "");
}
EMSCRIPTEN_KEEPALIVE void gsAppHashChanged() {
  if (gs::app::theApp) gs::app::theApp->onFragmentChanged();
}
}
