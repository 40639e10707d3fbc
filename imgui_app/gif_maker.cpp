#include "gif_maker.h"

#include <algorithm>

#include "solve_progress.h"
#include "tools/export.h"
#include "tools/gif.h"
#include "ui_phrases.h"
#include "web_platform.h"

namespace gs::app {
namespace {

constexpr double kGifFrameMs = 12;                // making a GIF in a frame of the app
constexpr std::size_t kGifSlicePixels = 1 << 14;  // ... checking the clock at most this often

}  // namespace

struct GifMaker::Job {
  int id = 0;
  int board = -1;          // the board version it shows; another board cancels it
  std::vector<Move> line;  // the line it shows; another line cancels it
  int first = 0, last = 0, next = 0;
  int encoded = 0;
  bool waiting = false;  // the page is rendering a frame
  int width = 0, height = 0;
  std::optional<GifWriter> writer;  // encoding the frame the page rendered
  Slicer slicer;                    // the encoding's pixels a step
};

GifMaker::GifMaker(Document& doc, Toasts& toasts) : doc_(doc), toasts_(toasts) {}
GifMaker::~GifMaker() = default;

bool GifMaker::workDue() const {
  return job_ && !job_->waiting;
}

void GifMaker::start() {
  if (!doc_.hasBoard() || job_) return;
  const Session& session = doc_.session();
  // The frames: each position of the line, at most kMaxFrames of them (the last ones: the end
  // of a long line, with the result).
  constexpr int kMaxFrames = 400;
  Job job;
  job.id = ++jobs_;
  job.slicer = Slicer(kGifSlicePixels, kGifSlicePixels / 16, kGifSlicePixels);
  job.board = doc_.boardVersion();
  job.line = session.history();
  job.last = static_cast<int>(job.line.size());
  job.first = std::max(0, job.last - kMaxFrames + 1);
  job.next = job.first;
  // A board too large to draw is refused at once.
  if (auto refusal = drawingRefusal(session.gameBoard())) {
    toasts_.show(refusal->what());
    return;
  }
  toasts_.show(Message(kMakingGif, {{"N", job.last - job.first + 1}}));
  longestEncodeMs_ = longestDrawingMs_ = 0;
  job_ = std::make_unique<Job>(std::move(job));
}

void GifMaker::cancel() {
  if (!job_) return;
  job_.reset();
  toasts_.show("Cancelled the GIF");
}

std::optional<GifMaker::Progress> GifMaker::progress() const {
  if (!job_) return std::nullopt;
  return Progress{job_->encoded, job_->last - job_->first + 1};
}

void GifMaker::advance() {
  if (!job_) return;
  Job& job = *job_;
  if (!doc_.hasBoard() || doc_.boardVersion() != job.board ||
      doc_.session().history() != job.line) {
    job_.reset();
    toasts_.show("Cancelled the GIF: the line on screen changed");
    return;
  }
  // In a frame of its own (skipFrame): within kGifFrameMs, encode the frame the page rendered;
  // or build the next position's drawing and hand it to the page.
  const double start = nowMilliseconds();
  if (job.waiting) return;
  if (job.writer && job.writer->encoding()) {
    bool done = false;
    std::string problem;
    job.slicer.runFor(kGifFrameMs, [&](std::uint64_t pixels) {
      problem = job.writer->encodeSome(static_cast<std::size_t>(pixels), done);
      return done || !problem.empty();
    });
    if (!problem.empty()) {
      onFailed(job.id, problem);
      return;
    }
    longestEncodeMs_ = std::max(longestEncodeMs_, nowMilliseconds() - start);
    if (!done) return;
    ++job.encoded;
    if (job.next > job.last) {
      auto bytes = job.writer->finish();
      job_.reset();
      if (!bytes) {
        toasts_.show(Message(kGifFailed, {{"MESSAGE", bytes.error().what()}}));
        return;
      }
      const std::string name = std::string("gamesolver-") + doc_.game().id() + ".gif";
      downloadBytes(name, "image/gif", bytes.value());
      toasts_.show(Message(kSavedSize,
                           {{"FILE", Message::verbatim(name)}, {"SIZE", byteSize(bytes->size())}}));
      return;
    }
    return;  // the next position's drawing: in the next frame of GIF work
  }
  ExportOptions options;
  options.format = ExportFormat::kSvg;
  options.step = job.next;
  options.sessionLine = true;
  auto svg = exportBoard(doc_.session(), options);
  if (!svg) {
    onFailed(job.id, svg.error().toString());
    return;
  }
  // The last frame stays longer, so the result can be read before the loop restarts.
  const int delay = job.next == job.last ? 250 : job.next == job.first ? 120 : 80;
  ++job.next;
  job.waiting = true;
  renderGifFrame(job.id, svg.value(), job.width, job.height, delay);
  longestDrawingMs_ = std::max(longestDrawingMs_, nowMilliseconds() - start);
}

void GifMaker::onFrame(int id, const std::uint8_t* rgba, int width, int height, int delay) {
  if (!job_ || job_->id != id || !job_->waiting) return;  // a cancelled GIF's frame
  Job& job = *job_;
  job.waiting = false;
  if (!job.writer) {
    auto writer = GifWriter::begin(width, height);
    if (!writer) {
      onFailed(id, writer.error().toString());
      return;
    }
    job.writer.emplace(std::move(writer.value()));
    job.width = width;
    job.height = height;
  }
  // Only checked and copied here; encoded by the next frames of the app (advanceGif).
  const std::string problem =
      job.writer->beginFrame(rgba, static_cast<std::size_t>(width) * height * 4, delay);
  if (!problem.empty()) onFailed(id, problem);
}

void GifMaker::onFailed(int id, const std::string& problem) {
  if (!job_ || job_->id != id) return;
  job_.reset();
  toasts_.show(Message(kGifFailed, {{"MESSAGE", problem}}));
}

}  // namespace gs::app
