// The module's GifWriter (a JsGifWriter): an animated GIF written a frame at a time, over
// core/tools/gif.h.
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>

#include "js_values.h"
#include "tools/gif.h"

namespace gs::web {

// Animated GIFs (core/tools/gif.h) for the app's "Save GIF" and for embedders: a long-lived handle
// that takes frames one at a time, so only the previous frame and the bytes so far are held.
//   const w = new gs.GifWriter();
//   w.begin(600, 640)                      -> {ok} | {ok: false, error}; loopCount: 0 forever
//   w.addFrame(imageData.data, 80)         -> {ok} | {ok: false, error}; RGBA, centiseconds
//   w.finish()                             -> {ok, bytes: Uint8Array} | {ok: false, error}
//   w.delete()
// Pixels (a Uint8Array or Uint8ClampedArray, e.g. ImageData.data) are copied once into a heap
// buffer allocated by begin() and reused for every frame; their length is checked first.
class JsGifWriter {
 public:
  JsGifWriter() = default;
  JsGifWriter(const JsGifWriter&) = delete;
  JsGifWriter& operator=(const JsGifWriter&) = delete;
  ~JsGifWriter() { std::free(frame_); }

  val begin(val width, val height, val loopCount);

  val addFrame(val rgba, val delay);

  val finish();

  int frameCount() const { return writer_ ? writer_->frameCount() : 0; }
  double byteLength() const { return writer_ ? static_cast<double>(writer_->byteCount()) : 0; }

 private:
  void reset();

  std::optional<gs::GifWriter> writer_;
  std::uint8_t* frame_ = nullptr;  // the frame being added, copied from JS
  std::size_t frameBytes_ = 0;
};

}  // namespace gs::web
