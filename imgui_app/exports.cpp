// What leaves the page: the judge input and the link copied, the embed snippets, the SVG and
// Markdown exports, and the GIF made a slice per frame.
#include <algorithm>
#include <cstdio>

#include "app.h"
#include "tools/export.h"
#include "ui_phrases.h"
#include "web_platform.h"

namespace gs::app {
namespace {

constexpr double kGifFrameMs = 12;                // making a GIF in a frame of the app
constexpr std::size_t kGifSlicePixels = 1 << 14;  // ... checking the clock at most this often

}  // namespace

void App::copyJudgeInput() {
  if (!doc.hasBoard()) return;
  copyToClipboard(doc.session().gameBoard().judge().judgeInput());
  toast(clipboardAvailable() ? "Copied the board as judge input"
                             : "The clipboard is not available here");
}

void App::copyLink() {
  if (!doc.hasBoard()) return;
  const std::string& fragment = doc.fragment();
  if (fragment.empty()) {
    toast(doc.linkProblem());
    return;
  }
  ui.linkShown = pageAddressWithoutFragment() + fragment;
  copyToClipboard(ui.linkShown);
  toast(clipboardAvailable() ? "Copied the link" : "Select the link below and copy it");
}

std::string App::embedFrameAddress() const {
  if (!doc.hasBoard()) return "";
  ViewOptions options = doc.view();
  options.embed = ui.embedCompact;
  options.autoplay = ui.embedAutoplay;
  options.readOnly = ui.embedReadOnly;
  auto link = makeLink(doc.session(), doc.recipe(), options);
  if (!link) return "";
  return pageAddressWithoutFragment() + link.value();
}

std::string App::embedSnippet() const {
  if (!doc.hasBoard()) return "";
  const std::string address = embedFrameAddress();
  if (address.empty()) {  // the board has no link: say why
    ViewOptions options = doc.view();
    options.embed = ui.embedCompact;
    auto link = makeLink(doc.session(), doc.recipe(), options);
    return link ? std::string() : link.error().toString();
  }
  // The frame works at its fixed size; the script (optional, once per page) sets its height
  // to what the board asks for: a message {type: "gamesolver:height", height} is taken only
  // from a Game Solver frame of the page, from that frame's own origin, with a sane height.
  return "<iframe class=\"gamesolver\" src=\"" + address +
         "\" width=\"640\" height=\"480\" style=\"border:0;max-width:100%\" title=\"Game Solver: " +
         doc.game().id() +
         "\" loading=\"lazy\"></iframe>\n"
         "<script>(function(){if(window.gamesolverFrames)return;window.gamesolverFrames=1;"
         "addEventListener('message',function(e){var d=e.data,h=d&&d.type==='gamesolver:height'"
         "?d.height:0;if(typeof h!=='number'||!(h>=100&&h<=4000))return;document."
         "querySelectorAll('iframe.gamesolver').forEach(function(f){if(f.contentWindow===e."
         "source&&new URL(f.src,location.href).origin===e.origin)f.style.height=Math.round(h)+"
         "'px'})})})()</script>";
}

std::string App::embedHugoLine() const {
  const std::string address = embedFrameAddress();
  return address.empty() ? "" : "{{< gamesolver src=\"" + address + "\" >}}";
}

std::string App::embedImageSnippet(bool markdown) const {
  if (!doc.hasBoard()) return "";
  const std::string& fragment = doc.fragment();
  const std::string link = pageAddressWithoutFragment() + fragment;
  const std::string image = std::string("gamesolver-") + doc.game().id() + ".png";
  const GameBoard& board = doc.session().gameBoard();
  const std::string alt = std::string(doc.game().id()) + ": " +
                          board.texts().describe(board.value(), board.sideToMove()).english();
  if (markdown) return "[![" + alt + "](" + image + ")](" + link + ")";
  return "<a href=\"" + link + "\"><img src=\"" + image + "\" alt=\"" + alt +
         "\" style=\"max-width:100%\"></a>";
}

void App::saveExport(bool svg) {
  if (!doc.hasBoard()) return;
  Session& session = doc.session();
  ExportOptions options;
  options.format = svg ? ExportFormat::kSvg : ExportFormat::kMarkdown;
  options.step = session.step();
  options.sessionLine = true;
  auto text = exportBoard(session, options);
  if (!text) {
    toast(text.error().toString());
    return;
  }
  const std::string name = std::string("gamesolver-") + doc.game().id() + (svg ? ".svg" : ".md");
  downloadText(name, svg ? "image/svg+xml" : "text/markdown", text.value());
  toast(Message(kSaved, {{"FILE", Message::verbatim(name)}}));
}

void App::saveGif() {
  if (!doc.hasBoard() || gif_) return;
  const Session& session = doc.session();
  // The frames: each position of the line, at most kMaxFrames of them (the last ones: the end
  // of a long line, with the result).
  constexpr int kMaxFrames = 400;
  GifJob job;
  job.id = ++gifJobs_;
  job.slicer = Slicer(kGifSlicePixels, kGifSlicePixels / 16, kGifSlicePixels);
  job.board = doc.boardVersion();
  job.line = session.history();
  job.last = static_cast<int>(job.line.size());
  job.first = std::max(0, job.last - kMaxFrames + 1);
  job.next = job.first;
  // A board too large to draw is refused at once.
  if (auto refusal = drawingRefusal(session.gameBoard())) {
    toast(refusal->toString());
    return;
  }
  toast(Message(kMakingGif, {{"N", job.last - job.first + 1}}));
  gifLongestEncodeMs_ = gifLongestDrawingMs_ = 0;
  gif_.emplace(std::move(job));
}

void App::cancelGif() {
  if (!gif_) return;
  gif_.reset();
  toast("Cancelled the GIF");
}

std::optional<App::GifProgress> App::gifProgress() const {
  if (!gif_) return std::nullopt;
  return GifProgress{gif_->encoded, gif_->last - gif_->first + 1};
}

bool App::gifWorkDue() const {
  return gif_ && !gif_->waiting;
}

void App::advanceGif() {
  if (!gif_) return;
  GifJob& job = *gif_;
  if (!doc.hasBoard() || doc.boardVersion() != job.board || doc.session().history() != job.line) {
    gif_.reset();
    toast("Cancelled the GIF: the line on screen changed");
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
      onGifFailed(job.id, problem);
      return;
    }
    gifLongestEncodeMs_ = std::max(gifLongestEncodeMs_, nowMilliseconds() - start);
    if (!done) return;
    ++job.encoded;
    if (job.next > job.last) {
      auto bytes = job.writer->finish();
      gif_.reset();
      if (!bytes) {
        toast(Message(kGifFailed, {{"MESSAGE", bytes.error().what()}}));
        return;
      }
      const std::string name = std::string("gamesolver-") + doc.game().id() + ".gif";
      downloadBytes(name, "image/gif", bytes.value());
      toast(Message(kSavedSize,
                    {{"FILE", Message::verbatim(name)}, {"SIZE", byteSize(bytes->size())}}));
      return;
    }
    return;  // the next position's drawing: in the next frame of GIF work
  }
  ExportOptions options;
  options.format = ExportFormat::kSvg;
  options.step = job.next;
  options.sessionLine = true;
  auto svg = exportBoard(doc.session(), options);
  if (!svg) {
    onGifFailed(job.id, svg.error().toString());
    return;
  }
  // The last frame stays longer, so the result can be read before the loop restarts.
  const int delay = job.next == job.last ? 250 : job.next == job.first ? 120 : 80;
  ++job.next;
  job.waiting = true;
  renderGifFrame(job.id, svg.value(), job.width, job.height, delay);
  gifLongestDrawingMs_ = std::max(gifLongestDrawingMs_, nowMilliseconds() - start);
}

void App::onGifFrame(int id, const std::uint8_t* rgba, int width, int height, int delay) {
  if (!gif_ || gif_->id != id || !gif_->waiting) return;  // a cancelled GIF's frame
  GifJob& job = *gif_;
  job.waiting = false;
  if (!job.writer) {
    auto writer = GifWriter::begin(width, height);
    if (!writer) {
      onGifFailed(id, writer.error().toString());
      return;
    }
    job.writer.emplace(std::move(writer.value()));
    job.width = width;
    job.height = height;
  }
  // Only checked and copied here; encoded by the next frames of the app (advanceGif).
  const std::string problem =
      job.writer->beginFrame(rgba, static_cast<std::size_t>(width) * height * 4, delay);
  if (!problem.empty()) onGifFailed(id, problem);
}

void App::onGifFailed(int id, const std::string& problem) {
  if (!gif_ || gif_->id != id) return;
  gif_.reset();
  toast(Message(kGifFailed, {{"MESSAGE", problem}}));
}

}  // namespace gs::app
