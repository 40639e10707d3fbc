// The defaults the ImGui backend's per-frame state backup receives; see gl_state_shadow.h.
#include <GLES3/gl3.h>

extern "C" void gsShadowGetIntegerv(GLenum name, GLint* data) {
  switch (name) {
    case GL_ACTIVE_TEXTURE:
      *data = GL_TEXTURE0;
      return;
    case GL_CURRENT_PROGRAM:
    case GL_TEXTURE_BINDING_2D:
    case GL_SAMPLER_BINDING:
    case GL_ARRAY_BUFFER_BINDING:
    case GL_VERTEX_ARRAY_BINDING:
      *data = 0;
      return;
    case GL_VIEWPORT:
    case GL_SCISSOR_BOX:
      // Restored after drawing; main.cpp sets the viewport again before the next frame.
      data[0] = data[1] = data[2] = data[3] = 0;
      return;
    case GL_BLEND_SRC_RGB:
    case GL_BLEND_SRC_ALPHA:
      *data = GL_ONE;
      return;
    case GL_BLEND_DST_RGB:
    case GL_BLEND_DST_ALPHA:
      *data = GL_ZERO;
      return;
    case GL_BLEND_EQUATION_RGB:
    case GL_BLEND_EQUATION_ALPHA:
      *data = GL_FUNC_ADD;
      return;
    default:
      glGetIntegerv(name, data);
  }
}

// Blending, culling, depth, stencil, scissor and primitive restart are all off between frames.
extern "C" GLboolean gsShadowIsEnabled(GLenum) {
  return GL_FALSE;
}
