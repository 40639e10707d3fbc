// The GIF writer (core/tools/gif.h): every frame written is read back with giflib's decoder
// (DGifSlurp), composited as a browser does (each frame's rectangle drawn over the canvas,
// transparent pixels left alone, then the frame's disposal), and compared with its input
// pixels: exactly when the colours fit a palette, within a small error when they were
// quantised.
#include "tools/gif.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gif_lib.h"

namespace {

using Pixels = std::vector<std::uint8_t>;  // RGBA

struct Reader {
  const std::string* bytes;
  std::size_t offset = 0;
};

int readFromString(GifFileType* file, GifByteType* out, int length) {
  auto* reader = static_cast<Reader*>(file->UserData);
  const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(length),
                                              reader->bytes->size() - reader->offset);
  std::memcpy(out, reader->bytes->data() + reader->offset, n);
  reader->offset += n;
  return static_cast<int>(n);
}

struct DecodedFrame {
  Pixels rgba;  // the canvas after this frame, as shown
  int delay = 0;
  int left = 0, top = 0, width = 0, height = 0;
  bool localTable = false;
  int disposal = 0;
  int transparent = NO_TRANSPARENT_COLOR;
};

struct Decoded {
  int width = 0, height = 0;
  int loopCount = -1;  // -1: no NETSCAPE2.0 extension
  bool globalTable = false;
  std::vector<DecodedFrame> frames;
};

// Reads a GIF with DGifSlurp and composites its frames; fails the test on a decoding error.
Decoded decode(const std::string& bytes) {
  Decoded result;
  Reader reader{&bytes};
  int error = 0;
  GifFileType* gif = DGifOpen(&reader, readFromString, &error);
  EXPECT_NE(gif, nullptr) << GifErrorString(error);
  if (!gif) return result;
  if (DGifSlurp(gif) != GIF_OK) {
    ADD_FAILURE() << "DGifSlurp: " << GifErrorString(gif->Error);
    DGifCloseFile(gif, &error);
    return result;
  }
  result.width = gif->SWidth;
  result.height = gif->SHeight;
  result.globalTable = gif->SColorMap != nullptr;
  // A sentinel that no test frame holds: a pixel never drawn shows up in comparisons.
  Pixels canvas(static_cast<std::size_t>(gif->SWidth) * gif->SHeight * 4, 0);
  for (std::size_t k = 0; k < canvas.size(); k += 4)
    canvas[k] = 1, canvas[k + 1] = 2, canvas[k + 2] = 3;
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& image = gif->SavedImages[i];
    for (int e = 0; e < image.ExtensionBlockCount; ++e) {
      const ExtensionBlock& block = image.ExtensionBlocks[e];
      if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
          std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0 && e + 1 < image.ExtensionBlockCount) {
        const ExtensionBlock& data = image.ExtensionBlocks[e + 1];
        EXPECT_EQ(data.Function, CONTINUE_EXT_FUNC_CODE);
        EXPECT_EQ(data.ByteCount, 3);
        result.loopCount = data.Bytes[1] | (data.Bytes[2] << 8);
      }
    }
    GraphicsControlBlock control{DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    DGifSavedExtensionToGCB(gif, i, &control);
    const GifImageDesc& desc = image.ImageDesc;
    const ColorMapObject* table = desc.ColorMap ? desc.ColorMap : gif->SColorMap;
    EXPECT_NE(table, nullptr);
    EXPECT_GE(desc.Left, 0);
    EXPECT_GE(desc.Top, 0);
    EXPECT_LE(desc.Left + desc.Width, gif->SWidth);
    EXPECT_LE(desc.Top + desc.Height, gif->SHeight);
    const Pixels before = canvas;
    for (int y = 0; y < desc.Height; ++y)
      for (int x = 0; x < desc.Width; ++x) {
        const int index = image.RasterBits[y * desc.Width + x];
        if (index == control.TransparentColor) continue;
        EXPECT_LT(index, table->ColorCount);
        const GifColorType colour = table->Colors[index];
        const std::size_t at =
            (static_cast<std::size_t>(desc.Top + y) * gif->SWidth + desc.Left + x) * 4;
        canvas[at] = colour.Red, canvas[at + 1] = colour.Green, canvas[at + 2] = colour.Blue;
        canvas[at + 3] = 255;
      }
    DecodedFrame frame;
    frame.rgba = canvas;
    frame.delay = control.DelayTime;
    frame.left = desc.Left, frame.top = desc.Top, frame.width = desc.Width,
    frame.height = desc.Height;
    frame.localTable = desc.ColorMap != nullptr;
    frame.disposal = control.DisposalMode;
    frame.transparent = control.TransparentColor;
    result.frames.push_back(std::move(frame));
    // Disposal, before the next frame.
    if (control.DisposalMode == DISPOSE_PREVIOUS) {
      canvas = before;
    } else if (control.DisposalMode == DISPOSE_BACKGROUND) {
      for (int y = 0; y < desc.Height; ++y)
        for (int x = 0; x < desc.Width; ++x) {
          const std::size_t at =
              (static_cast<std::size_t>(desc.Top + y) * gif->SWidth + desc.Left + x) * 4;
          canvas[at] = 1, canvas[at + 1] = 2, canvas[at + 2] = 3, canvas[at + 3] = 0;
        }
    }
  }
  DGifCloseFile(gif, &error);
  return result;
}

// The largest difference of a colour channel between two RGBA pictures (alpha ignored).
int maxChannelError(const Pixels& a, const Pixels& b) {
  EXPECT_EQ(a.size(), b.size());
  int worst = 0;
  for (std::size_t k = 0; k < std::min(a.size(), b.size()); ++k)
    if (k % 4 != 3) worst = std::max(worst, std::abs(int{a[k]} - int{b[k]}));
  return worst;
}

double meanChannelError(const Pixels& a, const Pixels& b) {
  double sum = 0;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (k % 4 != 3) sum += std::abs(int{a[k]} - int{b[k]});
  return sum / (static_cast<double>(a.size()) * 3 / 4);
}

std::size_t distinctColours(const Pixels& rgba) {
  std::set<std::uint32_t> colours;
  for (std::size_t k = 0; k < rgba.size(); k += 4)
    colours.insert((std::uint32_t{rgba[k]} << 16) | (std::uint32_t{rgba[k + 1]} << 8) |
                   rgba[k + 2]);
  return colours.size();
}

// Encodes, decodes and checks that every frame shows its input (within `tolerance`).
Decoded roundTrip(int width, int height, const std::vector<gs::GifFrame>& frames, int tolerance = 0,
                  int loopCount = 0) {
  auto bytes = gs::encodeAnimatedGif(width, height, frames, loopCount);
  EXPECT_TRUE(bytes.ok()) << bytes.error().message.english();
  if (!bytes) return {};
  Decoded decoded = decode(bytes.value());
  EXPECT_EQ(decoded.width, width);
  EXPECT_EQ(decoded.height, height);
  EXPECT_EQ(decoded.frames.size(), frames.size());
  for (std::size_t k = 0; k < std::min(frames.size(), decoded.frames.size()); ++k) {
    EXPECT_LE(maxChannelError(decoded.frames[k].rgba, frames[k].rgba), tolerance)
        << "frame " << k + 1;
    EXPECT_EQ(decoded.frames[k].delay, frames[k].delayCentiseconds) << "frame " << k + 1;
    EXPECT_EQ(decoded.frames[k].disposal, DISPOSE_DO_NOT) << "frame " << k + 1;
  }
  return decoded;
}

Pixels filled(int width, int height, std::uint32_t rgb) {
  Pixels rgba(static_cast<std::size_t>(width) * height * 4);
  for (std::size_t k = 0; k < rgba.size(); k += 4)
    rgba[k] = rgb >> 16, rgba[k + 1] = (rgb >> 8) & 0xFF, rgba[k + 2] = rgb & 0xFF,
    rgba[k + 3] = 255;
  return rgba;
}

void setPixel(Pixels& rgba, int width, int x, int y, std::uint32_t rgb) {
  const std::size_t at = (static_cast<std::size_t>(y) * width + x) * 4;
  rgba[at] = rgb >> 16, rgba[at + 1] = (rgb >> 8) & 0xFF, rgba[at + 2] = rgb & 0xFF,
  rgba[at + 3] = 255;
}

std::uint32_t blend(std::uint32_t a, std::uint32_t b, double t) {
  std::uint32_t out = 0;
  for (int shift = 16; shift >= 0; shift -= 8) {
    const double v = ((a >> shift) & 0xFF) * (1 - t) + ((b >> shift) & 0xFF) * t;
    out |= static_cast<std::uint32_t>(std::lround(v)) << shift;
  }
  return out;
}

// An antialiased disc: pixel coverage from the distance to the edge.
void disc(Pixels& rgba, int width, int height, double cx, double cy, double r, std::uint32_t rgb) {
  for (int y = std::max(0, int(cy - r - 1)); y < std::min(height, int(cy + r + 2)); ++y)
    for (int x = std::max(0, int(cx - r - 1)); x < std::min(width, int(cx + r + 2)); ++x) {
      const double d = std::hypot(x + 0.5 - cx, y + 0.5 - cy);
      const double coverage = std::clamp(r - d + 0.5, 0.0, 1.0);
      if (coverage <= 0) continue;
      const std::size_t at = (static_cast<std::size_t>(y) * width + x) * 4;
      const std::uint32_t under =
          (std::uint32_t{rgba[at]} << 16) | (rgba[at + 1] << 8) | rgba[at + 2];
      setPixel(rgba, width, x, y, blend(under, rgb, coverage));
    }
}

// Antialiased "text": a glyph per character, drawn as a few strokes (discs) placed by the
// character's code, so that every caption gives other pixels, as a font would.
void text(Pixels& rgba, int width, int height, double x, double y, const std::string& line,
          double size, std::uint32_t rgb) {
  for (const char c : line) {
    if (c != ' ') {
      const unsigned code = static_cast<unsigned char>(c);
      for (int stroke = 0; stroke < 5; ++stroke) {
        const unsigned bits = (code * 2654435761u) >> (stroke * 5);
        for (int dot = 0; dot < 4; ++dot) {
          const double px = x + size * 0.1 + ((bits >> dot) & 3) * size * 0.12 + dot * size * 0.04;
          const double py =
              y - size * (0.15 + 0.15 * ((bits >> (dot + 2)) & 3)) - dot * size * 0.05;
          disc(rgba, width, height, px, py, size * 0.07, rgb);
        }
      }
    }
    x += size * 0.6;
  }
}

// --- The tests ---

TEST(Gif, SingleFrameDecodesToItsPixels) {
  Pixels frame = filled(40, 30, 0xF5E6C8);
  disc(frame, 40, 30, 20, 15, 9, 0x202020);
  ASSERT_LE(distinctColours(frame), 255u);
  const Decoded decoded = roundTrip(40, 30, {{frame, 0}});
  ASSERT_EQ(decoded.frames.size(), 1u);
  EXPECT_TRUE(decoded.globalTable);
  EXPECT_FALSE(decoded.frames[0].localTable);
  EXPECT_EQ(decoded.frames[0].transparent, NO_TRANSPARENT_COLOR);
  EXPECT_EQ(decoded.loopCount, 0);
}

TEST(Gif, OddSizesRoundTripExactly) {
  std::mt19937 random(7);
  for (const auto [width, height] :
       std::vector<std::pair<int, int>>{{1, 1}, {1, 13}, {17, 1}, {3, 7}, {257, 3}, {31, 67}}) {
    // Three frames of up to 12 colours, a few pixels changed each time.
    std::vector<gs::GifFrame> frames;
    Pixels rgba = filled(width, height, 0x336699);
    for (int frame = 0; frame < 3; ++frame) {
      for (int k = 0; k < 1 + width * height / 10; ++k)
        setPixel(rgba, width, random() % width, random() % height, 0x101010 * (random() % 12));
      frames.push_back({rgba, 5 + frame});
    }
    roundTrip(width, height, frames);
  }
}

TEST(Gif, OnlyTheChangedRectangleIsWrittenAndTheRestIsTransparent) {
  Pixels first = filled(50, 40, 0xFFFFFF);
  Pixels second = first;
  setPixel(second, 50, 10, 20, 0x000000);
  setPixel(second, 50, 13, 22, 0x000000);
  const Pixels third = second;  // no change: one transparent pixel, its delay kept
  const Decoded decoded = roundTrip(50, 40, {{first, 10}, {second, 20}, {third, 300}});
  ASSERT_EQ(decoded.frames.size(), 3u);
  const DecodedFrame& changed = decoded.frames[1];
  EXPECT_EQ(changed.left, 10);
  EXPECT_EQ(changed.top, 20);
  EXPECT_EQ(changed.width, 4);
  EXPECT_EQ(changed.height, 3);
  EXPECT_NE(changed.transparent, NO_TRANSPARENT_COLOR);
  const DecodedFrame& same = decoded.frames[2];
  EXPECT_EQ(same.width * same.height, 1);
  EXPECT_NE(same.transparent, NO_TRANSPARENT_COLOR);
  EXPECT_EQ(same.delay, 300);
}

TEST(Gif, ManyFramesEachDecodeToTheirInput) {
  // 150 frames of a 64 x 48 picture: discs of a few colours appear, move and vanish; some
  // frames repeat the previous one; new colours keep arriving, so some frames need local tables.
  std::mt19937 random(11);
  std::vector<gs::GifFrame> frames;
  Pixels rgba = filled(64, 48, 0xDDCCAA);
  for (int frame = 0; frame < 150; ++frame) {
    if (random() % 5 != 0) {
      const std::uint32_t colour =
          (random() % 2) ? 0x111111 * (random() % 16) : random() & 0xFFFFFF;
      disc(rgba, 64, 48, random() % 64, random() % 48, 1 + random() % 6, colour);
    }
    frames.push_back({rgba, static_cast<int>(random() % 50)});
  }
  // Exact wherever the changed pixels of a frame have at most 255 colours, which they do here.
  const Decoded decoded = roundTrip(64, 48, frames);
  const auto locals = std::count_if(decoded.frames.begin(), decoded.frames.end(),
                                    [](const DecodedFrame& f) { return f.localTable; });
  EXPECT_GT(locals, 0);
}

TEST(Gif, LaterFramesWithNewColoursUseLocalTablesAndStayExact) {
  // Frame 1 has 2 colours; frame 2 adds a 16 x 16 square of 256 new ones (a quantised local
  // table); frame 3 goes back to frame 1's colours only (the global table).
  Pixels first = filled(32, 32, 0x000000);
  setPixel(first, 32, 0, 0, 0xFFFFFF);
  Pixels second = first;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) setPixel(second, 32, 8 + x, 8 + y, 0x010000 * (y * 16 + x) + 0x80);
  Pixels third = first;
  auto bytes = gs::encodeAnimatedGif(32, 32, {{first, 1}, {second, 1}, {third, 1}});
  ASSERT_TRUE(bytes.ok());
  const Decoded decoded = decode(bytes.value());
  ASSERT_EQ(decoded.frames.size(), 3u);
  EXPECT_EQ(maxChannelError(decoded.frames[0].rgba, first), 0);
  EXPECT_TRUE(decoded.frames[1].localTable);
  EXPECT_LE(maxChannelError(decoded.frames[1].rgba, second), 1);  // 256 reds in 255 entries
  EXPECT_FALSE(decoded.frames[2].localTable);
  EXPECT_EQ(maxChannelError(decoded.frames[2].rgba, third), 0);
}

TEST(Gif, ALaterFrameTakesTheShorterOfTheGlobalTableAndALocalOne) {
  // Frame 1: 200 colours (a 256-entry global table, 8 bits a pixel).
  Pixels first = filled(100, 100, 0x000000);
  for (int k = 0; k < 200; ++k) setPixel(first, 100, k % 100, k / 100, 0x010101 * k);
  // Frame 2 paints a 60 x 60 checkerboard of two of those colours: a 4-entry local table
  // (2 bits a pixel) is far shorter than 8-bit codes.
  Pixels second = first;
  for (int y = 20; y < 80; ++y)
    for (int x = 20; x < 80; ++x)
      setPixel(second, 100, x, y, (x + y) % 2 ? 0x010101 * 7 : 0x010101 * 9);
  // Frame 3 changes one pixel to a colour of the global table: a local table would cost more
  // than it saves.
  Pixels third = second;
  setPixel(third, 100, 50, 90, 0x010101 * 100);
  const Decoded decoded = roundTrip(100, 100, {{first, 1}, {second, 1}, {third, 1}});
  ASSERT_EQ(decoded.frames.size(), 3u);
  EXPECT_TRUE(decoded.frames[1].localTable);
  EXPECT_FALSE(decoded.frames[2].localTable);
}

TEST(Gif, MoreThan256ColoursAreQuantisedCloselyAndFlatColoursStayExact) {
  // A UI-like frame: a flat background, a flat panel, and a smooth gradient of 1,000 colours.
  const int width = 200, height = 120;
  Pixels rgba = filled(width, height, 0xFAFAFA);
  for (int y = 60; y < 120; ++y)
    for (int x = 0; x < 200; ++x) setPixel(rgba, width, x, y, 0x2E3440);
  for (int x = 0; x < 200; ++x)
    for (int y = 10; y < 50; ++y)
      setPixel(rgba, width, x, y, blend(0xFF0000, 0x0000FF, (x * 5 + y % 5) / 999.0));
  text(rgba, width, height, 10, 100, "Black 3-4 +12", 18, 0xECEFF4);
  ASSERT_GT(distinctColours(rgba), 300u);
  const Decoded decoded = roundTrip(width, height, {{rgba, 10}}, /*tolerance=*/12);
  ASSERT_EQ(decoded.frames.size(), 1u);
  EXPECT_LT(meanChannelError(decoded.frames[0].rgba, rgba), 1.0);
  // The flat colours come out exactly.
  for (const auto [x, y] :
       std::vector<std::pair<int, int>>{{0, 0}, {199, 119}, {0, 60}, {150, 5}}) {
    const std::size_t at = (static_cast<std::size_t>(y) * width + x) * 4;
    EXPECT_EQ(decoded.frames[0].rgba[at], rgba[at]);
    EXPECT_EQ(decoded.frames[0].rgba[at + 1], rgba[at + 1]);
    EXPECT_EQ(decoded.frames[0].rgba[at + 2], rgba[at + 2]);
  }
}

// Issue 18: a frame's colours were counted in a hash map of every distinct colour (a 4096 x 4096
// photograph: 16 million entries, more than a gigabyte with the palette's work). Past
// kMaxExactGifColours they are counted on 5-bit cells: the frame still comes out close.
TEST(Gif, AFrameWithMillionsOfColoursIsCountedOnCellsAndComesOutClose) {
  const int width = 1024, height = 1024;  // every pixel a colour of its own
  Pixels rgba(static_cast<std::size_t>(width) * height * 4);
  for (std::size_t pixel = 0; pixel < rgba.size() / 4; ++pixel) {
    const std::uint32_t rgb = static_cast<std::uint32_t>(pixel * 16 + (pixel % 16));
    rgba[4 * pixel] = rgb >> 16, rgba[4 * pixel + 1] = (rgb >> 8) & 0xFF,
             rgba[4 * pixel + 2] = rgb & 0xFF, rgba[4 * pixel + 3] = 255;
  }
  ASSERT_GT(distinctColours(rgba), 1000000u);
  // A second frame that changes a little: its colours are few, counted exactly, written exactly
  // (a local table: the global one was counted on cells).
  Pixels next = rgba;
  for (int x = 0; x < 40; ++x) setPixel(next, width, x, 7, 0x123456);
  const Decoded decoded = roundTrip(width, height, {{rgba, 10}, {next, 10}}, /*tolerance=*/96);
  ASSERT_EQ(decoded.frames.size(), 2u);
  EXPECT_LT(meanChannelError(decoded.frames[0].rgba, rgba), 24.0);
  for (int x = 0; x < 40; ++x) {
    const std::size_t at = (std::size_t{7} * width + x) * 4;
    EXPECT_EQ(decoded.frames[1].rgba[at], 0x12);
    EXPECT_EQ(decoded.frames[1].rgba[at + 1], 0x34);
    EXPECT_EQ(decoded.frames[1].rgba[at + 2], 0x56);
  }
}

// Frames that do not compress (200 greys of noise) stop at the size limit with a sentence; the
// writer keeps what it has and finishes it. (The module's test does this at kMaxGifBytes with
// 4096 x 4096 frames; here a 2 MiB limit keeps it quick.)
TEST(Gif, TheGifStopsGrowingAtItsByteLimit) {
  const int side = 256;
  const std::size_t limit = std::size_t{2} << 20;
  auto writer = gs::GifWriter::begin(side, side, 0, limit);
  ASSERT_TRUE(writer.ok());
  Pixels rgba(static_cast<std::size_t>(side) * side * 4);
  std::uint32_t state = 12345;
  std::string refused;
  int added = 0;
  for (int frame = 0; frame < 200 && refused.empty(); ++frame) {
    for (std::size_t pixel = 0; pixel < rgba.size() / 4; ++pixel) {
      state = state * 1664525u + 1013904223u;
      const auto level = static_cast<std::uint8_t>((state >> 24) % 200);
      rgba[4 * pixel] = rgba[4 * pixel + 1] = rgba[4 * pixel + 2] = level;
      rgba[4 * pixel + 3] = 255;
    }
    const std::size_t before = writer->byteCount();
    refused = writer->addFrame(rgba.data(), rgba.size(), 10);
    if (refused.empty())
      ++added;
    else
      EXPECT_EQ(writer->byteCount(), before) << "a refused frame leaves the writer as it was";
    EXPECT_LE(writer->byteCount(), limit);
  }
  char held[32];
  std::snprintf(held, sizeof held, "%.1f MiB", writer->byteCount() / 1048576.0);
  EXPECT_EQ(refused, "this frame would make the GIF larger than 2.0 MiB (it holds " +
                         std::to_string(added) + " frames in " + held +
                         "); finish() it, or use fewer or smaller frames");
  EXPECT_GT(added, 10);
  EXPECT_EQ(writer->frameCount(), added);
  auto bytes = writer->finish();
  ASSERT_TRUE(bytes.ok());
  EXPECT_LE(bytes.value().size(), limit);
  EXPECT_EQ(decode(bytes.value()).frames.size(), static_cast<std::size_t>(added));
  // Limits above kMaxGifBytes are lowered to it.
  EXPECT_TRUE(gs::GifWriter::begin(2, 2, 0, std::size_t{1} << 40).ok());
}

TEST(Gif, MedianCutKeepsDominantColoursExact) {
  std::vector<gs::ColourCount> colours{{0xFFFFFF, 100000}, {0x000000, 50000}, {0xE3B565, 80000}};
  for (std::uint32_t k = 0; k < 600; ++k)
    colours.push_back({blend(0xFFFFFF, 0x000000, k / 600.0) ^ (k & 1), 3});
  const std::vector<std::uint32_t> palette = gs::medianCutPalette(colours, 255);
  EXPECT_EQ(palette.size(), 255u);
  for (const std::uint32_t flat : {0xFFFFFFu, 0x000000u, 0xE3B565u})
    EXPECT_NE(std::find(palette.begin(), palette.end(), flat), palette.end()) << std::hex << flat;
  // Few colours: the colours themselves.
  EXPECT_EQ(gs::medianCutPalette({{0x123456, 1}, {0x654321, 2}}, 255),
            (std::vector<std::uint32_t>{0x654321, 0x123456}));
}

TEST(Gif, DelaysAndLoopCountAreWritten) {
  const Pixels a = filled(8, 8, 0xFF0000), b = filled(8, 8, 0x00FF00);
  EXPECT_EQ(roundTrip(8, 8, {{a, 0}, {b, 65535}}, 0, 0).loopCount, 0);
  EXPECT_EQ(roundTrip(8, 8, {{a, 7}, {b, 9}}, 0, 3).loopCount, 3);
  EXPECT_EQ(roundTrip(8, 8, {{a, 7}, {b, 9}}, 0, 65535).loopCount, 65535);
  EXPECT_EQ(roundTrip(8, 8, {{a, 7}, {b, 9}}, 0, -1).loopCount, -1);  // plays once
}

TEST(Gif, StreamingEqualsTheWholeAnimationAtOnce) {
  std::vector<gs::GifFrame> frames;
  Pixels rgba = filled(30, 20, 0xEEEEEE);
  for (int k = 0; k < 6; ++k) {
    disc(rgba, 30, 20, 4 + 4 * k, 10, 3, k % 2 ? 0x000000 : 0xFFFFFF);
    frames.push_back({rgba, 50});
  }
  auto writer = gs::GifWriter::begin(30, 20);
  ASSERT_TRUE(writer.ok());
  for (const gs::GifFrame& frame : frames)
    ASSERT_EQ(writer->addFrame(frame.rgba.data(), frame.rgba.size(), frame.delayCentiseconds), "");
  EXPECT_EQ(writer->frameCount(), 6);
  EXPECT_GT(writer->byteCount(), 0u);
  auto streamed = writer->finish();
  ASSERT_TRUE(streamed.ok());
  EXPECT_EQ(streamed.value(), gs::encodeAnimatedGif(30, 20, frames).value());
  EXPECT_EQ(streamed.value().substr(0, 6), "GIF89a");
  EXPECT_EQ(streamed.value().back(), ';');
}

TEST(Gif, BadArgumentsAreRefusedWithASentence) {
  EXPECT_EQ(gs::GifWriter::begin(0, 10).error().message.english(),
            "a GIF's width and height must be 1..4096 pixels; 0 x 10 is not");
  EXPECT_FALSE(gs::GifWriter::begin(10, 70000).ok());
  EXPECT_EQ(gs::GifWriter::begin(65535, 65535).error().message.english(),
            "a GIF's width and height must be 1..4096 pixels; 65535 x 65535 is not");
  EXPECT_EQ(gs::GifWriter::begin(4097, 1).error().message.english(),
            "a GIF's width and height must be 1..4096 pixels; 4097 x 1 is not");
  EXPECT_TRUE(gs::GifWriter::begin(4096, 4096).ok());
  EXPECT_FALSE(gs::GifWriter::begin(10, 10, -2).ok());
  EXPECT_FALSE(gs::GifWriter::begin(10, 10, 65536).ok());

  auto writer = gs::GifWriter::begin(4, 2);
  ASSERT_TRUE(writer.ok());
  EXPECT_EQ(writer->finish().error().message.english(), "a GIF needs at least one frame");
  const Pixels frame = filled(4, 2, 0x123456);
  EXPECT_EQ(writer->addFrame(frame.data(), 31, 10),
            "a frame of this 4 x 2 GIF is 32 bytes of RGBA (4 a pixel); this one has 31");
  EXPECT_EQ(writer->addFrame(nullptr, 32, 10),
            "a frame of this 4 x 2 GIF is 32 bytes of RGBA (4 a pixel); this one has 0");
  EXPECT_EQ(writer->addFrame(frame.data(), 32, -1),
            "a frame's delay must be 0..65535 hundredths of a second; -1 is not");
  EXPECT_EQ(writer->addFrame(frame.data(), 32, 65536),
            "a frame's delay must be 0..65535 hundredths of a second; 65536 is not");
  EXPECT_EQ(writer->frameCount(), 0);  // refused frames leave the writer as it was
  EXPECT_EQ(writer->addFrame(frame.data(), 32, 10), "");
  auto bytes = writer->finish();
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(decode(bytes.value()).frames.size(), 1u);
  EXPECT_EQ(writer->addFrame(frame.data(), 32, 10),
            "the GIF is finished: begin a new one to add frames");
  EXPECT_EQ(writer->finish().error().message.english(), "the GIF is already finished");

  EXPECT_EQ(gs::encodeAnimatedGif(4, 2, {{frame, 1}, {Pixels(8), 1}}).error().message.english(),
            "frame 2: a frame of this 4 x 2 GIF is 32 bytes of RGBA (4 a pixel); this one has 8");
  EXPECT_EQ(gs::encodeAnimatedGif(4, 2, {}).error().message.english(),
            "a GIF needs at least one frame");
}

// A 10 x 10 staircase line as the app draws it: a 600 x 640 frame per position, a wooden board
// with grid lines, stones with move numbers, a ring on the last move, values on the free cells
// and a caption that changes every frame.
Pixels boardFrame(int step, const std::vector<std::pair<int, int>>& line) {
  const int width = 600, height = 640, cell = 54, x0 = 30, y0 = 30;
  Pixels rgba = filled(width, height, 0xF7F3EA);
  for (int y = y0; y < y0 + 10 * cell; ++y)
    for (int x = x0; x < x0 + 10 * cell; ++x) setPixel(rgba, width, x, y, 0xE3B565);
  for (int k = 0; k <= 10; ++k)
    for (int t = x0; t <= x0 + 10 * cell; ++t) {
      setPixel(rgba, width, std::min(t, width - 1), y0 + k * cell, 0x5C4320);
      setPixel(rgba, width, x0 + k * cell, std::min(t, height - 1), 0x5C4320);
    }
  for (int row = 0; row < 10; ++row)
    for (int col = 0; col < 10; ++col)
      text(rgba, width, height, x0 + col * cell + 12, y0 + row * cell + 34,
           std::to_string((row * 7 + col * 3) % 19 - 9), 14, 0x7A6440);
  for (int k = 0; k < step; ++k) {
    const double cx = x0 + line[k].second * cell + cell / 2.0,
                 cy = y0 + line[k].first * cell + cell / 2.0;
    disc(rgba, width, height, cx, cy, cell * 0.42, 0xE3B565);  // covers the value under it
    disc(rgba, width, height, cx, cy, cell * 0.4, k % 2 ? 0xFAFAFA : 0x1E1E1E);
    text(rgba, width, height, cx - 10, cy + 6, std::to_string(k + 1), 16,
         k % 2 ? 0x1E1E1E : 0xFAFAFA);
  }
  if (step > 0) {
    const double cx = x0 + line[step - 1].second * cell + cell / 2.0,
                 cy = y0 + line[step - 1].first * cell + cell / 2.0;
    for (int a = 0; a < 64; ++a)
      disc(rgba, width, height, cx + 23 * std::cos(a * 0.098), cy + 23 * std::sin(a * 0.098), 1.2,
           0xD04040);
  }
  text(rgba, width, height, 30, 600,
       "Move " + std::to_string(step) + ": " + (step % 2 ? "Black" : "White") + " " +
           std::to_string(step * 7 % 10 + 1) + "-" + std::to_string(step * 3 % 10 + 1) +
           "  value " + std::to_string(step * 13 % 41 - 20),
       22, 0x2E3440);
  return rgba;
}

TEST(Gif, AHundredFrameBoardLineIsFarUnderTwoMegabytes) {
  std::vector<std::pair<int, int>> line;
  for (int d = 0; d < 19; ++d)
    for (int row = 0; row < 10; ++row)
      if (d - row >= 0 && d - row < 10) line.push_back({row, d - row});
  ASSERT_EQ(line.size(), 100u);
  auto writer = gs::GifWriter::begin(600, 640);
  ASSERT_TRUE(writer.ok());
  std::vector<Pixels> inputs;
  for (int step = 0; step < 100; ++step) {
    Pixels frame = boardFrame(step + 1, line);
    ASSERT_EQ(writer->addFrame(frame.data(), frame.size(), 80), "") << step;
    if (step % 10 == 0 || step == 99) inputs.push_back(std::move(frame));
  }
  auto bytes = writer->finish();
  ASSERT_TRUE(bytes.ok());
  std::printf(
      "[ size ] 100 frames of 600 x 640: %zu bytes (%.1f KB a frame); first frame %zu colours\n",
      bytes.value().size(), bytes.value().size() / 100.0 / 1024, distinctColours(inputs[0]));
  EXPECT_LT(bytes.value().size(), 2u * 1024 * 1024);
  const Decoded decoded = decode(bytes.value());
  ASSERT_EQ(decoded.frames.size(), 100u);
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const std::size_t step = k < 10 ? k * 10 : 99;
    EXPECT_LE(maxChannelError(decoded.frames[step].rgba, inputs[k]), 16) << step;
    EXPECT_LT(meanChannelError(decoded.frames[step].rgba, inputs[k]), 0.5) << step;
  }
}

}  // namespace

// The page encodes a frame a part at a time (issue 18: one 1200 x 1300 frame took the page's
// main thread for tens of milliseconds). Any budget writes the bytes addFrame() writes, and a
// small budget takes many calls: no call does more than about its budget of work.
TEST(Gif, EncodingAPartAtATimeWritesTheSameBytes) {
  std::vector<std::pair<int, int>> line;
  for (int d = 0; d < 5; ++d)
    for (int row = 0; row <= d && row < 10; ++row) line.push_back({row, d - row});
  std::vector<Pixels> frames;
  for (int step = 0; step < 8; ++step) frames.push_back(boardFrame(step + 1, line));
  frames.push_back(frames.back());  // an unchanged frame
  Pixels many = frames.back();      // more than 255 colours: quantised, a local table
  for (std::size_t p = 0; p < many.size() / 4; p += 7) many[4 * p] = static_cast<std::uint8_t>(p);
  frames.push_back(many);
  auto whole = gs::GifWriter::begin(600, 640);
  ASSERT_TRUE(whole.ok());
  for (const Pixels& frame : frames) ASSERT_EQ(whole->addFrame(frame.data(), frame.size(), 80), "");
  const std::string expected = whole->finish().value();
  for (const std::size_t budget : {std::size_t{1}, std::size_t{4099}, std::size_t{100000}}) {
    auto writer = gs::GifWriter::begin(600, 640);
    ASSERT_TRUE(writer.ok());
    std::size_t calls = 0;
    for (const Pixels& frame : frames) {
      ASSERT_EQ(writer->beginFrame(frame.data(), frame.size(), 80), "");
      EXPECT_TRUE(writer->encoding());
      bool done = false;
      while (!done) {
        ASSERT_EQ(writer->encodeSome(budget, done), "");
        ++calls;
      }
      EXPECT_FALSE(writer->encoding());
    }
    auto bytes = writer->finish();
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(bytes.value(), expected) << "budget " << budget;
    // The first frame alone is 640 rows counted, coded and copied.
    if (budget == 1) EXPECT_GT(calls, 3u * 640);
    if (budget == 100000) EXPECT_LT(calls, 20u * frames.size());
  }
}

// The palette of a frame with many colours is built a part at a time too (issue 18: a 40 x 40
// manhattan board's frame took 46 ms of the page's CPU in one frame of the app; 40,000 colours
// take about 70 ms natively to quantise). Sliced with the app's budget, the frame takes many
// calls (the k-means rounds alone are 3 x 40,000 x 255 units) and writes the same bytes.
TEST(Gif, AManyColouredFramesPaletteIsBuiltAPartAtATime) {
  const int width = 200, height = 200;
  Pixels rgba(static_cast<std::size_t>(width) * height * 4);
  for (std::size_t pixel = 0; pixel < rgba.size() / 4; ++pixel) {
    const std::uint32_t rgb = static_cast<std::uint32_t>(pixel * 397 % 0x1000000);
    rgba[4 * pixel] = rgb >> 16, rgba[4 * pixel + 1] = (rgb >> 8) & 0xFF,
             rgba[4 * pixel + 2] = rgb & 0xFF, rgba[4 * pixel + 3] = 255;
  }
  ASSERT_EQ(distinctColours(rgba), 40000u);
  auto whole = gs::GifWriter::begin(width, height);
  ASSERT_TRUE(whole.ok());
  ASSERT_EQ(whole->addFrame(rgba.data(), rgba.size(), 10), "");
  const std::string expected = whole->finish().value();
  auto writer = gs::GifWriter::begin(width, height);
  ASSERT_TRUE(writer.ok());
  ASSERT_EQ(writer->beginFrame(rgba.data(), rgba.size(), 10), "");
  std::size_t calls = 0;
  for (bool done = false; !done; ++calls)
    ASSERT_EQ(writer->encodeSome(std::size_t{1} << 14, done), "");
  EXPECT_GT(calls, 1000u);
  EXPECT_EQ(writer->finish().value(), expected);
}

TEST(Gif, AFrameBeingEncodedIsFinishedBeforeAnythingElse) {
  const Pixels a = filled(8, 8, 0xFF0000);
  auto writer = gs::GifWriter::begin(8, 8);
  bool done = false;
  EXPECT_EQ(writer->encodeSome(100, done), "no frame is being encoded: call beginFrame() first");
  ASSERT_EQ(writer->beginFrame(a.data(), a.size(), 10), "");
  const std::string busy = "a frame is still being encoded: call encodeSome() until it is written";
  EXPECT_EQ(writer->beginFrame(a.data(), a.size(), 10), busy);
  EXPECT_EQ(writer->addFrame(a.data(), a.size(), 10), busy);
  EXPECT_EQ(writer->finish().error().message.english(), busy);
  while (!done) ASSERT_EQ(writer->encodeSome(1, done), "");
  EXPECT_EQ(writer->frameCount(), 1);
  EXPECT_TRUE(writer->finish().ok());
}
