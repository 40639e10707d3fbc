// Animated GIFs from RGBA frames (the app's "Save GIF": one frame per position of a line of
// play). Generic: it knows pixels, not games. The LZW coding and the GIF blocks are giflib's
// (Debian's giflib 5.2.1 sources, MIT licence, fetched by .ci/deps.sh into third_party/giflib);
// this file chooses palettes and rectangles.
//
// What a file holds (GIF89a):
//
//   header + logical screen (width x height) + global colour table (frame 1's palette)
//   NETSCAPE2.0 loop extension (unless loopCount is -1)
//   per frame: graphic control extension (delay, disposal "leave in place", transparent index)
//              image block: the changed rectangle, an optional local colour table, LZW data
//   trailer
//
// Size choices, in the order they matter for a line of play (one stone and a caption change per
// frame):
//   1. Frame 1 is written whole; every later frame only as the bounding rectangle of the pixels
//      that differ from the previous frame, drawn over it (disposal 1, "do not dispose").
//      Pixels of that rectangle that did not change are written as the transparent index, so
//      the untouched board between a new stone and the caption is long runs of one code,
//      which LZW packs into a few bits a pixel-run. An unchanged frame is one transparent pixel
//      (its delay is kept).
//   2. Palettes: frame 1's colours form the global table. A later frame uses the global table
//      when it holds every colour the frame adds, or its own local table of just those colours
//      when that table is smaller in bits a pixel: both are encoded and the shorter one is kept
//      (a 30-colour local table costs 96 bytes and saves up to 3 bits on every code).
//   3. Tables are the smallest power of two that holds the colours plus the transparent slot.
//
// Colours (quantisation): a palette holds at most 255 colours (one slot is the transparent
// index). When the colours to write number 255 or fewer, the palette is exactly those colours
// and the frame decodes to its input bit for bit. Otherwise medianCutPalette() below chooses
// 255 colours and every pixel takes the nearest (squared RGB distance); no dithering, which
// would add noise to flat UI colours and cost size. giflib's own GifQuantizeBuffer is not used:
// it rounds every colour to 5 bits a channel before choosing (white comes out as 248,248,248),
// so even the flat background of a UI frame would shift.
//
// Alpha is ignored: frames are opaque pictures (a canvas read back from the screen). GIF delays
// are in hundredths of a second; browsers show delays below 2 (0 and 1) as 10.
//
// Errors are values: a refused frame leaves the writer as it was; nothing throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/expected.h"

namespace gs {

// Limits: the GIF format's (16-bit delays and repeat counts), and ours on memory, so that a
// writer never needs more than the module's share of the page's memory (kBrowserMemoryBudget,
// 768 MiB) and refuses a frame rather than abort (issue 18: 4096 x 4096 frames aborted the
// module at about 712 MB of output). What a writer holds at most:
//   - the previous frame, 4 bytes a pixel, and the changed rectangle's indices, 1 a pixel
//     (80 MiB at 4096 x 4096; the module adds its own copy of the frame, 64 MiB);
//   - two encoded blocks of the rectangle (LZW: at most about 1.5 bytes a pixel each);
//   - the colours of the changed pixels, counted exactly up to kMaxExactGifColours distinct ones
//     (a few MB); a frame with more (a photograph) is counted on 32,768 colour cells (5 bits a
//     channel) instead, which is as fine as its 255-colour palette can be anyway;
//   - the GIF so far, at most kMaxGifBytes (its buffer grows to at most that).
// All of it stays under 400 MiB.
constexpr int kMaxGifSide = 4096;
constexpr std::int64_t kMaxGifPixels = std::int64_t{kMaxGifSide} * kMaxGifSide;
constexpr std::size_t kMaxGifBytes = std::size_t{128} << 20;
constexpr std::size_t kMaxExactGifColours = std::size_t{1} << 16;
constexpr int kMaxGifDelay = 65535;  // centiseconds
constexpr int kMaxGifLoopCount = 65535;

struct GifFrame {
  std::vector<std::uint8_t> rgba;  // width * height * 4 bytes, rows top to bottom; alpha ignored
  int delayCentiseconds = 10;
};

// Writes a GIF frame by frame, holding only the previous frame and the bytes so far (a 100-frame
// line of 600 x 640 frames would be 150 MB as a vector of frames; it is a few hundred KB here).
//
//   auto writer = GifWriter::begin(600, 640);   // Expected<GifWriter>
//   writer->addFrame(pixels, size, 80);         // "" or the sentence refusing the frame
//   auto bytes = writer->finish();              // Expected<std::string>
class GifWriter {
 public:
  // A width x height animation (each 1..kMaxGifSide). loopCount:
  // 0 loops forever; n in 1..kMaxGifLoopCount is written as the NETSCAPE2.0 repeat count
  // (browsers differ on whether that plays the line n or n + 1 times); -1 plays it once (no
  // loop extension).
  // maxBytes: the GIF's size limit (kMaxGifBytes at most; tests use smaller ones).
  static Expected<GifWriter> begin(int width, int height, int loopCount = 0,
                                   std::size_t maxBytes = kMaxGifBytes);

  GifWriter(GifWriter&&) noexcept;
  GifWriter& operator=(GifWriter&&) noexcept;
  ~GifWriter();

  // Appends a frame: `size` must be width * height * 4 bytes of RGBA, `delayCentiseconds` in
  // 0..kMaxGifDelay. Returns "" or the sentence refusing it (the writer is then unchanged), e.g.
  // after finish(), or when the GIF would grow past its size limit (finish() still gives the
  // frames added before).
  std::string addFrame(const std::uint8_t* rgba, std::size_t size, int delayCentiseconds);

  // The same a part at a time, for a single-threaded page that must not be held for the whole
  // of a large frame: beginFrame() checks the frame as addFrame() does and keeps a copy of its
  // pixels (nothing is encoded yet); each encodeSome(budget, done) then does about `budget`
  // pixels of work (every step of addFrame goes over the frame's rows: the changed rectangle,
  // its colours, its indices and LZW coding per palette tried, the copy kept for the next
  // frame), and sets `done` once the frame is written. The bytes are those addFrame() writes.
  // An error refuses the frame and leaves the writer as it was before beginFrame().
  std::string beginFrame(const std::uint8_t* rgba, std::size_t size, int delayCentiseconds);
  std::string encodeSome(std::size_t budget, bool& done);
  bool encoding() const;  // a frame is begun and not yet written

  // The GIF's bytes. Refused when no frame was added. The writer is spent afterwards.
  Expected<std::string> finish();

  int width() const;
  int height() const;
  int frameCount() const;
  // Bytes written so far (the trailer excluded).
  std::size_t byteCount() const;

 private:
  struct Impl;
  explicit GifWriter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The whole animation at once (frames held by the caller): begin, addFrame for each, finish.
// Errors name the frame ("frame 3: ...").
Expected<std::string> encodeAnimatedGif(int width, int height, const std::vector<GifFrame>& frames,
                                        int loopCount = 0);

// --- Quantisation, exposed for its tests ---

struct ColourCount {
  std::uint32_t rgb = 0;    // 0xRRGGBB
  std::uint64_t count = 0;  // pixels of that colour
};

// At most `maxColours` (>= 1) colours (0xRRGGBB) standing for `colours` (distinct, counts > 0):
// the colours themselves when there are few enough, otherwise a median cut weighted by pixel
// count, refined by a few rounds of k-means:
//   1. One box holds every colour. Repeatedly split the box with the largest squared error
//      (count-weighted, over R, G and B) along its widest channel (by error), at the position
//      that leaves the two halves the smallest total error, until there are maxColours boxes or
//      no box holds two colours.
//   2. Each box's colour is the count-weighted mean of its colours, rounded.
//   3. Three rounds of: give every colour to its nearest palette entry, move each entry to the
//      weighted mean of its colours.
// Weighting by count is what keeps a UI's flat colours exact: a box whose pixels are nearly all
// one colour has that colour as its mean, and the rare antialiasing shades are the ones merged.
std::vector<std::uint32_t> medianCutPalette(std::vector<ColourCount> colours,
                                            std::size_t maxColours);

}  // namespace gs
