// An animated GIF of the line on screen: one frame per position, each the board's SVG drawing
// with its caption, rendered by the page (web_platform.h: renderGifFrame) and encoded by
// core/tools/gif.h, then downloaded. Each frame of the app given to it does one step: build the
// next position's SVG and hand it to the page, or encode a few milliseconds of the frame the page
// rendered; so one SVG and one frame of pixels are held at a time, whatever the line's length.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "document.h"
#include "toasts.h"

namespace gs::app {

class GifMaker {
 public:
  GifMaker(Document& doc, Toasts& toasts);
  ~GifMaker();
  void start();  // the line at the cursor's board (a board too large to draw is refused)
  void cancel();
  struct Progress {
    int done = 0;   // frames encoded
    int total = 0;  // frames in all
  };
  std::optional<Progress> progress() const;  // nullopt while none is being made
  // A position's drawing to build, or a rendered frame to encode: advance() has work.
  bool workDue() const;
  void advance();
  // A frame of GIF `job` as the page rendered it, or why it could not.
  void onFrame(int job, const std::uint8_t* rgba, int width, int height, int delay);
  void onFailed(int job, const std::string& problem);
  // The longest work of the last GIF in one frame of the app (for the test hook: what the app
  // controls): encoding the rendered frames, and building a position's drawing.
  double longestEncodeMs() const { return longestEncodeMs_; }
  double longestDrawingMs() const { return longestDrawingMs_; }

 private:
  struct Job;  // gif_maker.cpp
  Document& doc_;
  Toasts& toasts_;
  std::unique_ptr<Job> job_;
  int jobs_ = 0;
  double longestEncodeMs_ = 0, longestDrawingMs_ = 0;
};

}  // namespace gs::app
