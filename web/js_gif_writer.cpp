// The module's GifWriter, a JsGifWriter (js_gif_writer.h).
#include "js_gif_writer.h"

#include <emscripten/val.h>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "game.h"
#include "js_values.h"
#include "tools/gif.h"

namespace gs::web {

val JsGifWriter::begin(val width, val height, val loopCount) {
  const auto whole = [](const val& value, double fallback, bool& ok) {
    if (value.isUndefined()) return fallback;
    if (value.typeOf().as<std::string>() != "number") return ok = false, 0.0;
    const double x = value.as<double>();
    if (!(x >= -1e9 && x <= 1e9) || x != static_cast<double>(static_cast<long long>(x))) ok = false;
    return x;
  };
  bool ok = true;
  const double w = whole(width, -1, ok), h = whole(height, -1, ok), loops = whole(loopCount, 0, ok);
  if (!ok || width.isUndefined() || height.isUndefined())
    return errorResult(
        "begin(width, height, loopCount) takes whole numbers: the size in pixels "
        "and 0 to loop forever, -1 to play once or a repeat count");
  reset();
  auto writer =
      gs::GifWriter::begin(static_cast<int>(w), static_cast<int>(h), static_cast<int>(loops));
  if (!writer) return errorResult(writer.error().message.english());
  frameBytes_ = static_cast<std::size_t>(writer->width()) * writer->height() * 4;
  frame_ = static_cast<std::uint8_t*>(std::malloc(frameBytes_));
  if (!frame_)
    return errorResult("a " + std::to_string(writer->width()) + " x " +
                       std::to_string(writer->height()) + " frame needs " +
                       gs::formatBytes(frameBytes_) + " and the page's memory cannot hold it");
  writer_.emplace(std::move(writer.value()));
  return okResult();
}

val JsGifWriter::addFrame(val rgba, val delay) {
  if (!writer_) return errorResult("no GIF is begun: call begin(width, height) first");
  if (!rgba.instanceof (val::global("Uint8Array")) && !rgba.instanceof
      (val::global("Uint8ClampedArray")))
    return errorResult(
        "addFrame(rgba, delay) takes the pixels as a Uint8Array or "
        "Uint8ClampedArray of RGBA (e.g. ImageData.data)");
  if (delay.typeOf().as<std::string>() != "number")
    return errorResult(
        "addFrame(rgba, delay) takes the delay in hundredths of a second (a number)");
  const double length = rgba["length"].as<double>();
  if (length != static_cast<double>(frameBytes_))
    return errorResult("a frame of this " + std::to_string(writer_->width()) + " x " +
                       std::to_string(writer_->height()) + " GIF is " +
                       std::to_string(frameBytes_) + " bytes of RGBA (4 a pixel); this one has " +
                       std::to_string(static_cast<std::uint64_t>(length)));
  const double centiseconds = delay.as<double>();
  if (!(centiseconds >= 0 && centiseconds <= gs::kMaxGifDelay) ||
      centiseconds != static_cast<int>(centiseconds))
    return errorResult("a frame's delay must be a whole number of hundredths of a second, 0.." +
                       std::to_string(gs::kMaxGifDelay));
  // One copy, JS to the heap (HEAPU8 read now: memory may have grown since the last call).
  val::module_property("HEAPU8").call<void>("set", rgba,
                                            val(reinterpret_cast<std::uintptr_t>(frame_)));
  const std::string problem =
      writer_->addFrame(frame_, frameBytes_, static_cast<int>(centiseconds));
  return problem.empty() ? okResult() : errorResult(problem);
}

val JsGifWriter::finish() {
  if (!writer_) return errorResult("no GIF is begun: call begin(width, height) first");
  auto bytes = writer_->finish();
  reset();
  if (!bytes) return errorResult(bytes.error().message.english());
  val result = okResult();
  const std::string& data = bytes.value();
  result.set("bytes", val::global("Uint8Array")
                          .new_(emscripten::typed_memory_view(
                              data.size(), reinterpret_cast<const std::uint8_t*>(data.data())))
                          .call<val>("slice"));
  return result;
}

void JsGifWriter::reset() {
  writer_.reset();
  std::free(frame_);
  frame_ = nullptr;
  frameBytes_ = 0;
}
}  // namespace gs::web
