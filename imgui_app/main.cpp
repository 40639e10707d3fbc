// The platform loop of the browser app and nothing else: a GLFW window on the page's canvas,
// the ImGui context and its GLFW + OpenGL ES 3 backends, and the frame loop handed to
// emscripten_set_main_loop. Everything the user sees lives in app.cpp and the views.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>

#include <cstdint>
#include <cstring>

#include "app.h"
#include "backends/imgui_impl_glfw.h"
#include "backends/imgui_impl_opengl3.h"
#include "imgui.h"
#include "web_platform.h"

namespace {

// What a frame would put on the canvas: its size and every vertex, index, command and texture
// of the draw data (FNV-1a over the bytes, 64 bits at a time), with the textures' epoch (an
// upload changes what the same texture shows).
std::uint64_t pictureHash(const ImDrawData* data, const gs::app::CanvasSize& canvas) {
  std::uint64_t hash = 1469598103934665603ull;
  const auto mix = [&hash](const void* bytes, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(bytes);
    std::size_t k = 0;
    for (; k + 8 <= size; k += 8) {
      std::uint64_t word;
      std::memcpy(&word, p + k, 8);
      hash = (hash ^ word) * 1099511628211ull;
    }
    for (; k < size; ++k) hash = (hash ^ p[k]) * 1099511628211ull;
  };
  const std::uint64_t head[4] = {
      static_cast<std::uint64_t>(canvas.width), static_cast<std::uint64_t>(canvas.height),
      static_cast<std::uint64_t>(data->CmdListsCount), gs::app::textureEpoch()};
  mix(head, sizeof head);
  for (int n = 0; n < data->CmdListsCount; ++n) {
    const ImDrawList* list = data->CmdLists[n];
    mix(list->VtxBuffer.Data, static_cast<std::size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    mix(list->IdxBuffer.Data, static_cast<std::size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& command : list->CmdBuffer) {
      mix(&command.ClipRect, sizeof command.ClipRect);
      mix(&command.TextureId, sizeof command.TextureId);
      const unsigned counts[3] = {command.VtxOffset, command.IdxOffset, command.ElemCount};
      mix(counts, sizeof counts);
      mix(&command.UserCallback, sizeof command.UserCallback);
    }
  }
  return hash;
}
std::uint64_t presentedHash = 0;
bool presentedOnce = false;
// The interface's first frames settle (windows fit their contents, the board's answer lands), and
// under a software renderer the browser reads each drawn frame back on the main thread (50-150 ms
// of a phone's CPU a frame, most of the start-up's blocking time): the first picture is drawn
// once it holds for a frame, or at the fifth frame, and the ones before it are not.
constexpr int kSettlingFrames = 4;
std::uint64_t settlingHash = 0;
int settlingFrames = 0;

void frame(void* context) {
  gs::app::App* app = static_cast<gs::app::App*>(context);
  const double start = emscripten_get_now();
  if (app->skipFrame(start)) {  // an undrawn frame keeps the canvas as it was
    app->times.task(emscripten_get_now() - start);
    return;
  }
  // The canvas fills the page: match the drawing buffer to its CSS size times the device pixel
  // ratio, so text and lines stay crisp on high-DPI screens.
  const gs::app::CanvasSize canvas = gs::app::syncCanvasSize();
  glfwPollEvents();
  // A frame that builds the font atlas (the first; a new pixel ratio; glyphs fetched for a
  // comment) does only that: the interface comes in the next, so that no task of the page's
  // main thread does both (start-up stays in tasks of a few tens of milliseconds).
  // A touch device's controls are a finger's size (from the first touch on, if its pointer is
  // not coarse), for the page's life.
  if (app->touchDevice()) app->fonts.useTouchTargets();
  if (app->fonts.ensure(canvas.pixelRatio)) {
    app->times.task(emscripten_get_now() - start);
    return;
  }
  // So are the renderer's shaders, buffers and font texture (a software WebGL compiles shaders
  // slowly: 10-30 ms here), before the first frame of the interface.
  static bool deviceReady = false;
  if (!deviceReady) {
    ImGui_ImplOpenGL3_CreateDeviceObjects();  // on failure NewFrame tries again, as before
    deviceReady = true;
    app->times.task(emscripten_get_now() - start);
    return;
  }
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // The GLFW backend measures in drawing-buffer pixels; the UI is laid out in CSS pixels and
  // rendered at the device resolution.
  ImGuiIO& io = ImGui::GetIO();
  const float ratio = canvas.pixelRatio;
  io.DisplaySize = ImVec2(canvas.width / ratio, canvas.height / ratio);
  io.DisplayFramebufferScale = ImVec2(ratio, ratio);
  if (io.MousePos.x > -FLT_MAX) io.MousePos = ImVec2(io.MousePos.x / ratio, io.MousePos.y / ratio);
  gs::app::applyInput(io);

  ImGui::NewFrame();
  app->frame();
  ImGui::Render();

  // A frame that would draw the same picture as the one on the canvas draws nothing: the canvas
  // keeps it (a still page costs the browser no drawing, which under a software renderer is most
  // of a frame's time). A frame whose pixels are read back (Save image) always draws.
  const std::uint64_t picture = pictureHash(ImGui::GetDrawData(), canvas);
  bool settling = false;
  if (!presentedOnce && !app->images.readsCanvas()) {
    settling = settlingFrames < kSettlingFrames && (settlingFrames == 0 || picture != settlingHash);
    settlingHash = picture;
    ++settlingFrames;
  }
  if (!settling && (!presentedOnce || picture != presentedHash || app->images.readsCanvas())) {
    presentedHash = picture;
    presentedOnce = true;
    glViewport(0, 0, canvas.width, canvas.height);
    glClearColor(0.11f, 0.12f, 0.14f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    app->times.presented();
  }
  // The CPU time of a frame (UI, solver queries, GL submission); the test hook reports it.
  app->times.frame(emscripten_get_now() - start);
  app->afterRender();
  // The whole animation-frame callback, drawn or not (the test hook reports it as taskMs).
  app->times.task(emscripten_get_now() - start);
}

}  // namespace

int main() {
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  // Dear ImGui draws 2-D triangles: no depth or stencil buffer, no multisampling (each costs the
  // context's creation and every frame under a software renderer).
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  glfwWindowHint(GLFW_SAMPLES, 0);
  const gs::app::CanvasSize canvas = gs::app::syncCanvasSize();
  GLFWwindow* window =
      glfwCreateWindow(canvas.width, canvas.height, "Game Solver", nullptr, nullptr);
  if (!window) {  // no WebGL 2 context: the page says so in words
    gs::app::reportNoWebGl();
    return 1;
  }
  glfwMakeContextCurrent(window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // nothing is written to storage
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  // The app and its events live as long as the page (the main loop never returns).
  auto* app = new gs::app::App();
  gs::app::installPlatform(gs::app::pageEventsOf(*app));
  app->start();
  emscripten_set_main_loop_arg(frame, app, 0, true);
  return 0;
}
