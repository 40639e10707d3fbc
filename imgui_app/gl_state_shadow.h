// Force-included into Dear ImGui's OpenGL 3 backend only (see imgui_app/CMakeLists.txt).
//
// Every frame the backend saves and restores about twenty pieces of GL state with glGetIntegerv
// and glIsEnabled. In WebGL each such query is a synchronous round trip to the GPU process:
// measured in headless Chromium they took 98% of the frame time (75 ms a frame). The app owns
// its GL context and sets all the state it needs every frame, so the saved state is simply the
// default one: these replacements answer the per-frame queries with the defaults and pass any
// other query (the version and extension checks at start-up) through.
#pragma once

#include <GLES3/gl3.h>

#ifdef __cplusplus
extern "C" {
#endif
void gsShadowGetIntegerv(GLenum name, GLint* data);
GLboolean gsShadowIsEnabled(GLenum capability);
#ifdef __cplusplus
}
#endif

#define glGetIntegerv gsShadowGetIntegerv
#define glIsEnabled gsShadowIsEnabled
