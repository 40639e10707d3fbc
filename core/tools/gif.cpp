// Animated GIFs: palettes and rectangles here, LZW and blocks by giflib (see gif.h).
#include "tools/gif.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <unordered_map>
#include <utility>

#include "gif_lib.h"

namespace gs {
namespace {

ParseError gifError(std::string message) {
  return ParseError{0, 0, Message(std::move(message))};
}

// "12.3 MiB"
std::string mebibytes(std::size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return text;
}

std::string giflibError(int code) {
  const char* text = GifErrorString(code);
  return std::string("the GIF encoder failed: ") + (text ? text : "unknown giflib error");
}

// giflib's output function: appends to the std::string in UserData.
int appendToString(GifFileType* file, const GifByteType* data, int length) {
  static_cast<std::string*>(file->UserData)
      ->append(reinterpret_cast<const char*>(data), static_cast<std::size_t>(length));
  return length;
}

struct MapDeleter {
  void operator()(ColorMapObject* map) const { GifFreeMapObject(map); }
};
using ColourTable = std::unique_ptr<ColorMapObject, MapDeleter>;

// The smallest power of two that holds `colours` colours and the transparent slot (GIF tables
// have 2, 4, ..., 256 entries).
int tableSizeFor(std::size_t colours) {
  int size = 2;
  while (static_cast<std::size_t>(size) < colours + 1) size *= 2;
  return size;
}

// A giflib colour table of `size` entries: the colours, then black (the transparent slot and
// the padding).
ColourTable makeTable(const std::vector<std::uint32_t>& colours, int size) {
  std::vector<GifColorType> entries(static_cast<std::size_t>(size), GifColorType{0, 0, 0});
  for (std::size_t k = 0; k < colours.size(); ++k)
    entries[k] = GifColorType{static_cast<GifByteType>(colours[k] >> 16),
                              static_cast<GifByteType>(colours[k] >> 8),
                              static_cast<GifByteType>(colours[k])};
  return ColourTable(GifMakeMapObject(size, entries.data()));
}

int channel(std::uint32_t rgb, int axis) {
  return static_cast<int>((rgb >> (16 - 8 * axis)) & 0xFF);
}

std::uint32_t squaredDistance(std::uint32_t a, std::uint32_t b) {
  std::uint32_t sum = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const int d = channel(a, axis) - channel(b, axis);
    sum += static_cast<std::uint32_t>(d * d);
  }
  return sum;
}

std::size_t nearestEntry(const std::vector<std::uint32_t>& palette, std::uint32_t rgb) {
  std::size_t best = 0;
  std::uint32_t bestDistance = std::numeric_limits<std::uint32_t>::max();
  for (std::size_t k = 0; k < palette.size() && bestDistance > 0; ++k) {
    const std::uint32_t distance = squaredDistance(palette[k], rgb);
    if (distance < bestDistance) bestDistance = distance, best = k;
  }
  return best;
}

// Count-weighted sums of a set of colours, for means and squared errors.
struct Moments {
  double weight = 0;
  std::array<double, 3> sum{};
  std::array<double, 3> squares{};

  void add(const ColourCount& colour) {
    const double w = static_cast<double>(colour.count);
    weight += w;
    for (int axis = 0; axis < 3; ++axis) {
      const double v = channel(colour.rgb, axis);
      sum[axis] += w * v;
      squares[axis] += w * v * v;
    }
  }
  Moments minus(const Moments& other) const {
    Moments result = *this;
    result.weight -= other.weight;
    for (int axis = 0; axis < 3; ++axis) {
      result.sum[axis] -= other.sum[axis];
      result.squares[axis] -= other.squares[axis];
    }
    return result;
  }
  double error(int axis) const {
    return weight > 0 ? std::max(0.0, squares[axis] - sum[axis] * sum[axis] / weight) : 0.0;
  }
  double error() const { return error(0) + error(1) + error(2); }
  std::uint32_t mean() const {
    std::uint32_t rgb = 0;
    for (int axis = 0; axis < 3; ++axis) {
      const double v = weight > 0 ? std::round(sum[axis] / weight) : 0.0;
      rgb = (rgb << 8) | static_cast<std::uint32_t>(std::clamp(v, 0.0, 255.0));
    }
    return rgb;
  }
};

// The pixels of a frame as 0xRRGGBB (alpha ignored).
std::uint32_t colourAt(const std::uint8_t* rgba, std::size_t pixel) {
  const std::uint8_t* p = rgba + 4 * pixel;
  return (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
}

struct Rect {
  int left = 0, top = 0, width = 0, height = 0;
};

// Colours are counted exactly up to kMaxExactGifColours distinct ones; past that, on cells of 5
// bits a channel, each standing for the colour at its centre.
constexpr std::uint32_t kExactKey = 0xFFFFFF;
constexpr std::uint32_t kCellKey = 0xF8F8F8;
std::uint32_t keyOf(std::uint32_t rgb, std::uint32_t keyMask) {
  return keyMask == kExactKey ? rgb : (rgb & kCellKey) | 0x040404;
}

// A palette for some colours, and where each of those colours goes in it.
struct Palette {
  std::vector<std::uint32_t> colours;                     // at most 255
  std::unordered_map<std::uint32_t, GifPixelType> index;  // every colour key written -> entry
  std::uint32_t keyMask = kExactKey;                      // the keys of `index`: keyOf()
  int tableSize() const { return tableSizeFor(colours.size()); }
  GifPixelType transparent() const { return static_cast<GifPixelType>(colours.size()); }
  // The entry of a colour written (every one has one).
  GifPixelType entryOf(std::uint32_t rgb) const {
    const auto found = index.find(keyOf(rgb, keyMask));
    return found != index.end() ? found->second : 0;
  }
  bool holds(std::uint32_t rgb) const { return index.count(keyOf(rgb, keyMask)) > 0; }
};

constexpr std::size_t kMaxPaletteColours = 255;  // and one transparent slot

// Takes `units` of work from a budget (down to 0).
void spend(std::size_t& budget, std::size_t units) {
  budget = budget > units ? budget - units : 0;
}

// The palette for some colours (medianCutPalette's steps, then every colour sent to its nearest
// entry), built a part at a time: run(budget) does about `budget` units of work (a colour
// sorted, summed or compared with one entry) and says whether it is done. Its parts, in order:
//   kSort    the colours, most frequent first (at once: one sort)
//   kSplit   one box split (at most 254 of them; a split sorts one box)
//   kMeans   three k-means rounds, a colour at a time
//   kIndex   the entry of each colour, a colour at a time (the writer's palettes; not for
//   medianCutPalette)
class PaletteJob {
 public:
  PaletteJob(std::vector<ColourCount> colours, std::size_t maxColours, bool index,
             std::uint32_t keyMask)
      : colours_(std::move(colours)),
        maxColours_(std::max<std::size_t>(maxColours, 1)),
        index_(index) {
    palette_.keyMask = keyMask;
  }

  bool run(std::size_t& budget) {
    while (budget > 0) {
      switch (phase_) {
        case Phase::kSort:
          sortColours(budget);
          break;
        case Phase::kSplit:
          splitOrFinish(budget);
          break;
        case Phase::kMeans:
          meansRound(budget);
          break;
        case Phase::kIndex:
          if (indexColours(budget)) return true;
          break;
      }
    }
    return false;
  }

  Palette& palette() { return palette_; }

 private:
  enum class Phase { kSort, kSplit, kMeans, kIndex };
  static constexpr int kMeansRounds = 3;
  struct Box {
    std::size_t begin, end;
    Moments moments;
  };

  void sortColours(std::size_t& budget) {
    colours_.erase(std::remove_if(colours_.begin(), colours_.end(),
                                  [](const ColourCount& c) { return c.count == 0; }),
                   colours_.end());
    // Most frequent first; the order only makes the result independent of the input's.
    std::sort(colours_.begin(), colours_.end(), [](const ColourCount& a, const ColourCount& b) {
      return a.count != b.count ? a.count > b.count : a.rgb < b.rgb;
    });
    spend(budget, sortCost(colours_.size()));
    if (colours_.size() <= maxColours_) {
      for (const ColourCount& colour : colours_) palette_.colours.push_back(colour.rgb);
      phase_ = Phase::kIndex;
      return;
    }
    boxes_.push_back(boxOf(0, colours_.size()));
    phase_ = Phase::kSplit;
  }

  void splitOrFinish(std::size_t& budget) {
    // 1. Median cut: split the box of largest squared error where the halves' error is least.
    std::size_t worst = 0;
    for (std::size_t k = 1; k < boxes_.size(); ++k)
      if (boxes_[k].moments.error() > boxes_[worst].moments.error()) worst = k;
    const Box& box = boxes_[worst];
    if (boxes_.size() >= maxColours_ || box.end - box.begin < 2 || box.moments.error() <= 0) {
      // 2. Each box's weighted mean.
      for (const Box& b : boxes_) palette_.colours.push_back(b.moments.mean());
      phase_ = Phase::kMeans;
      members_.assign(palette_.colours.size(), Moments{});
      return;
    }
    split(worst);
    spend(budget, sortCost(boxes_[worst].end - boxes_[worst].begin) + boxes_.size());
  }

  void meansRound(std::size_t& budget) {
    // 3. k-means rounds over the distinct colours.
    for (; next_ < colours_.size() && budget > 0; ++next_) {
      members_[nearestEntry(palette_.colours, colours_[next_].rgb)].add(colours_[next_]);
      spend(budget, palette_.colours.size());
    }
    if (next_ < colours_.size()) return;
    for (std::size_t k = 0; k < palette_.colours.size(); ++k)
      if (members_[k].weight > 0) palette_.colours[k] = members_[k].mean();
    next_ = 0;
    if (++round_ < kMeansRounds) {
      members_.assign(palette_.colours.size(), Moments{});
      return;
    }
    phase_ = Phase::kIndex;
  }

  // The entry of each colour; true once done (at once when no index is wanted).
  bool indexColours(std::size_t& budget) {
    if (!index_) return true;
    const bool exact = colours_.size() <= kMaxPaletteColours;
    if (next_ == 0) palette_.index.reserve(colours_.size());
    for (; next_ < colours_.size() && budget > 0; ++next_) {
      const std::uint32_t rgb = colours_[next_].rgb;
      const std::size_t entry = exact ? next_ : nearestEntry(palette_.colours, rgb);
      palette_.index.emplace(rgb, static_cast<GifPixelType>(entry));
      spend(budget, exact ? 1 : palette_.colours.size());
    }
    return next_ >= colours_.size();
  }

  static std::size_t sortCost(std::size_t n) {
    std::size_t log = 1;
    while ((std::size_t{1} << log) < n) ++log;
    return n * log;
  }

  Box boxOf(std::size_t begin, std::size_t end) const {
    Box box{begin, end, Moments{}};
    for (std::size_t k = begin; k < end; ++k) box.moments.add(colours_[k]);
    return box;
  }

  // Splits boxes_[worst] along its widest channel (by error) where the halves' error is least.
  void split(std::size_t worst) {
    const Box box = boxes_[worst];
    int axis = 0;
    for (int a = 1; a < 3; ++a)
      if (box.moments.error(a) > box.moments.error(axis)) axis = a;
    std::sort(colours_.begin() + static_cast<std::ptrdiff_t>(box.begin),
              colours_.begin() + static_cast<std::ptrdiff_t>(box.end),
              [axis](const ColourCount& a, const ColourCount& b) {
                const int ca = channel(a.rgb, axis), cb = channel(b.rgb, axis);
                return ca != cb ? ca < cb : a.rgb < b.rgb;
              });
    prefix_.assign(1, Moments{});
    for (std::size_t k = box.begin; k < box.end; ++k) {
      prefix_.push_back(prefix_.back());
      prefix_.back().add(colours_[k]);
    }
    std::size_t at = box.begin + 1;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t k = box.begin + 1; k < box.end; ++k) {
      const Moments& left = prefix_[k - box.begin];
      const double error = left.error() + box.moments.minus(left).error();
      if (error < best) best = error, at = k;
    }
    boxes_[worst] = boxOf(box.begin, at);
    boxes_.push_back(boxOf(at, box.end));
  }

  std::vector<ColourCount> colours_;
  std::size_t maxColours_;
  bool index_;
  Phase phase_ = Phase::kSort;
  std::vector<Box> boxes_;
  std::vector<Moments> prefix_, members_;
  int round_ = 0;
  std::size_t next_ = 0;
  Palette palette_;
};

std::vector<ColourCount> colourList(
    const std::unordered_map<std::uint32_t, std::uint64_t>& counts) {
  std::vector<ColourCount> list;
  list.reserve(counts.size());
  for (const auto& [rgb, count] : counts) list.push_back(ColourCount{rgb, count});
  return list;
}

}  // namespace

// --- medianCutPalette ---

std::vector<std::uint32_t> medianCutPalette(std::vector<ColourCount> colours,
                                            std::size_t maxColours) {
  PaletteJob job(std::move(colours), maxColours, false, kExactKey);
  constexpr std::size_t kUnbounded = std::numeric_limits<std::size_t>::max();
  for (std::size_t budget = kUnbounded; !job.run(budget); budget = kUnbounded) {
  }
  return std::move(job.palette().colours);
}

// --- GifWriter ---

// A frame being encoded a part at a time (GifWriter::beginFrame / encodeSome): its pixels and
// where each step of addFrame's recipe stands. The steps, in order (each a member of
// GifWriter::Impl below, run by Impl::step):
//   kRect      the rectangle that changed since the previous frame (all of frame 1), row by row
//   kCount     the colours of its changed pixels, row by row
//   kPalette   the palette(s) to try (PaletteJob: a colour or a box split at a time)
//   kEncode    each palette tried: the rectangle's indices and their LZW coding, row by row
//   kWrite     the shorter block kept, written after its graphic control extension
//   kRemember  the rectangle copied into the previous frame, row by row
//   kDone      the frame is written
struct FrameJob {
  enum class Phase { kRect, kCount, kPalette, kEncode, kWrite, kRemember, kDone };
  std::vector<std::uint8_t> rgba;
  int delay = 0;
  bool whole = false;
  Phase phase = Phase::kRect;
  int row = 0;  // the next row of the current step
  Rect rect;

  // kRect: the bounds of the changed pixels so far (right < 0 while none changed).
  struct Bounds {
    int left = 0, right = -1, top = 0, bottom = -1;
  };
  Bounds changed;

  // kCount: the colours counted so far, and the run of equal keys not yet added.
  struct Count {
    std::unordered_map<std::uint32_t, std::uint64_t> counts;
    std::uint32_t keyMask = kExactKey;  // colours counted exactly, or on cells past too many
    std::uint32_t run = 0;
    std::uint64_t runLength = 0;
  };
  Count count;

  // kPalette: the frame's palette being built, the one made, and the tables chosen.
  std::optional<PaletteJob> palette;
  Palette local;
  ColourTable globalTable, localTable;
  const ColorMapObject* screenTable = nullptr;
  bool useGlobal = false;

  // kEncode: the palettes tried, the first into the writer's block, the second into its other
  // block.
  struct Pass {
    const Palette* palette = nullptr;
    const ColorMapObject* table = nullptr;  // a local colour table, or null for the global one
    std::string* block = nullptr;
    GifFileType* file = nullptr;  // the scratch file the block is cut from, while open
    bool transparent = false;
    bool haveLast = false;
    std::uint32_t lastColour = 0;
    GifPixelType lastIndex = 0;
  };
  Pass passes[2];
  int passCount = 0, pass = 0;
  std::vector<GifPixelType> line;  // one row of indices

  ~FrameJob() {
    for (Pass& p : passes)
      if (p.file) EGifCloseFile(p.file, nullptr);
  }

  int rectEnd() const { return rect.top + rect.height; }
  Rect rectRow(int y) const { return Rect{rect.left, y, rect.width, 1}; }
  // Moves to `next`, whose rows start at the rectangle's top.
  void startPhase(Phase next) {
    phase = next;
    row = rect.top;
  }

  // Runs rowStep(y) for the rows from `row` to end - 1 while the budget lasts, each costing
  // `cost`; rowStep returns false to stop after its row. True once every row is done.
  template <class F>
  bool forRows(int end, std::size_t cost, std::size_t& budget, F&& rowStep) {
    for (; row < end && budget > 0; ++row) {
      const bool goOn = rowStep(row);
      spend(budget, cost);
      if (!goOn) {
        ++row;
        return false;
      }
    }
    return row >= end;
  }
};

struct GifWriter::Impl {
  int width = 0, height = 0, loopCount = 0;
  std::size_t maxBytes = kMaxGifBytes;
  std::unique_ptr<FrameJob> job;  // the frame being encoded, if any
  std::string bytes;
  GifFileType* file = nullptr;  // the output: header, extensions and trailer; blocks appended
  std::vector<std::uint32_t> previous;  // the last frame as 0xRRGGBB
  std::string block, otherBlock;        // scratch: encoded image blocks
  Palette global;
  ColourTable globalTable;
  int frames = 0;
  bool finished = false;
  std::string broken;  // giflib failed while writing the output: every later call says so

  ~Impl() {
    if (file) EGifCloseFile(file, nullptr);
  }

  std::size_t pixels() const { return static_cast<std::size_t>(width) * height; }

  // Calls f(pixel index, changed) for every pixel of `rect`, row by row.
  template <class F>
  void forEachPixel(const std::uint8_t* rgba, const Rect& rect, bool whole, F&& f) const {
    for (int y = rect.top; y < rect.top + rect.height; ++y) {
      const std::size_t row = static_cast<std::size_t>(y) * width;
      for (int x = rect.left; x < rect.left + rect.width; ++x) {
        const std::size_t pixel = row + x;
        f(pixel, whole || colourAt(rgba, pixel) != previous[pixel]);
      }
    }
  }

  // Writes the header, the global table (`palette`) and the loop extension.
  std::string writeHeader() {
    EGifSetGifVersion(file, true);
    if (EGifPutScreenDesc(file, width, height, 8, 0, globalTable.get()) != GIF_OK)
      return giflibError(file->Error);
    if (loopCount >= 0) {
      const GifByteType loop[3] = {1, static_cast<GifByteType>(loopCount & 0xFF),
                                   static_cast<GifByteType>(loopCount >> 8)};
      if (EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
          EGifPutExtensionBlock(file, 11, "NETSCAPE2.0") != GIF_OK ||
          EGifPutExtensionBlock(file, 3, loop) != GIF_OK || EGifPutExtensionTrailer(file) != GIF_OK)
        return giflibError(file->Error);
    }
    return "";
  }

  // The steps of the frame being encoded (*job), each doing at most about `budget` pixels of
  // work: "" to go on, or the problem refusing the frame.
  std::string step(std::size_t& budget);
  std::string findRect(std::size_t& budget);
  void widenToChanges(int y);
  std::string countColours(std::size_t& budget);
  void countRow(int y, bool& counted);
  std::string choosePalettes(std::size_t& budget);
  std::string planPasses();
  std::string encodePass(std::size_t& budget);
  std::string openPass(FrameJob::Pass& pass);
  std::string encodeRow(FrameJob::Pass& pass, int y);
  std::string cutBlock(FrameJob::Pass& pass);
  std::string writeFrame();
  bool keepShorterBlock();
  std::string writeBlock(bool transparent);
  std::string remember(std::size_t& budget);
};

std::string GifWriter::Impl::step(std::size_t& budget) {
  using Phase = FrameJob::Phase;
  switch (job->phase) {
    case Phase::kRect:
      return findRect(budget);
    case Phase::kCount:
      return countColours(budget);
    case Phase::kPalette:
      return choosePalettes(budget);
    case Phase::kEncode:
      return encodePass(budget);
    case Phase::kWrite:
      return writeFrame();
    case Phase::kRemember:
      return remember(budget);
    case Phase::kDone:
      break;
  }
  return "";
}

// 1. The rectangle to write: all of frame 1, then what changed (one pixel if nothing did).
std::string GifWriter::Impl::findRect(std::size_t& budget) {
  FrameJob& f = *job;
  if (f.whole) {
    f.rect = Rect{0, 0, width, height};
  } else {
    const bool all = f.forRows(height, static_cast<std::size_t>(width), budget, [&](int y) {
      widenToChanges(y);
      return true;
    });
    if (!all) return "";
    const FrameJob::Bounds& b = f.changed;
    f.rect = b.right < 0 ? Rect{0, 0, 1, 1}
                         : Rect{b.left, b.top, b.right - b.left + 1, b.bottom - b.top + 1};
  }
  f.startPhase(FrameJob::Phase::kCount);
  return "";
}

// Widens the changed bounds to the changed pixels of row y.
void GifWriter::Impl::widenToChanges(int y) {
  FrameJob& f = *job;
  const std::uint8_t* rgba = f.rgba.data();
  const std::size_t row = static_cast<std::size_t>(y) * width;
  int first = -1, last = -1;
  for (int x = 0; x < width; ++x)
    if (colourAt(rgba, row + x) != previous[row + x]) {
      first = x;
      break;
    }
  if (first < 0) return;
  for (int x = width - 1; x >= first; --x)
    if (colourAt(rgba, row + x) != previous[row + x]) {
      last = x;
      break;
    }
  FrameJob::Bounds& b = f.changed;
  b.left = std::min(b.left, first);
  b.right = std::max(b.right, last);
  b.top = std::min(b.top, y);
  b.bottom = y;
}

// 2. The colours of its changed pixels: exactly, or on colour cells when there are too many to
// count in little memory (counting starts again on cells).
std::string GifWriter::Impl::countColours(std::size_t& budget) {
  FrameJob& f = *job;
  FrameJob::Count& c = f.count;
  bool counted = true;
  const bool all =
      f.forRows(f.rectEnd(), static_cast<std::size_t>(f.rect.width), budget, [&](int y) {
        countRow(y, counted);
        return counted;
      });
  if (!counted) {
    c.counts.clear();
    c.keyMask = kCellKey;
    c.runLength = 0;
    f.row = f.rect.top;
    return "";
  }
  if (!all) return "";
  if (c.runLength > 0) c.counts[c.run] += c.runLength;
  f.phase = FrameJob::Phase::kPalette;
  return "";
}

// Counts the changed pixels of row y; clears `counted` past kMaxExactGifColours colours.
void GifWriter::Impl::countRow(int y, bool& counted) {
  FrameJob& f = *job;
  FrameJob::Count& c = f.count;
  const std::uint8_t* rgba = f.rgba.data();
  forEachPixel(rgba, f.rectRow(y), f.whole, [&](std::size_t pixel, bool changed) {
    if (!changed || !counted) return;
    const std::uint32_t key = keyOf(colourAt(rgba, pixel), c.keyMask);
    if (c.runLength > 0 && key != c.run) {
      c.counts[c.run] += c.runLength, c.runLength = 0;
      if (c.counts.size() > kMaxExactGifColours) counted = false;  // (cells: 32,768)
    }
    c.run = key;
    ++c.runLength;
  });
}

// 3. The palette: frame 1's is the global table; later frames take the global table when it
// holds all their colours, or a local table of their own when that codes in fewer bits and
// comes out shorter.
std::string GifWriter::Impl::choosePalettes(std::size_t& budget) {
  FrameJob& f = *job;
  if (!f.palette) {
    f.count.counts.rehash(0);
    f.palette.emplace(colourList(f.count.counts), kMaxPaletteColours, true, f.count.keyMask);
    spend(budget, f.count.counts.size());
  }
  if (!f.palette->run(budget)) return "";
  f.local = std::move(f.palette->palette());
  f.palette.reset();
  if (f.whole) {
    f.globalTable = makeTable(f.local.colours, f.local.tableSize());
    if (!f.globalTable) return "the GIF encoder ran out of memory";
  }
  f.screenTable = f.whole ? f.globalTable.get() : globalTable.get();
  return planPasses();
}

// The palettes to try, in order: the global table when it holds every colour, a local table
// when there is no global one to use or it codes in fewer bits.
std::string GifWriter::Impl::planPasses() {
  FrameJob& f = *job;
  const auto& counts = f.count.counts;
  // Keys compare only within one kind: exact colours, or cells.
  f.useGlobal = f.whole || (f.count.keyMask == global.keyMask &&
                            std::all_of(counts.begin(), counts.end(),
                                        [&](const auto& e) { return global.holds(e.first); }));
  f.passCount = 0;
  if (f.useGlobal) f.passes[f.passCount++] = {f.whole ? &f.local : &global, nullptr, &block};
  if (!f.whole && (!f.useGlobal || f.local.tableSize() < global.tableSize())) {
    f.localTable = makeTable(f.local.colours, f.local.tableSize());
    if (!f.localTable) return "the GIF encoder ran out of memory";
    f.passes[f.passCount++] = {&f.local, f.localTable.get(), &otherBlock};
  }
  f.pass = 0;
  f.startPhase(FrameJob::Phase::kEncode);
  return "";
}

// Each palette tried: the rectangle's indices (unchanged pixels transparent) and their LZW
// coding by giflib into a scratch file, whose image block is cut out at the end:
//   "GIF87a" (6) + screen descriptor (7) + global table (3 per entry) + block + ';'.
std::string GifWriter::Impl::encodePass(std::size_t& budget) {
  FrameJob& f = *job;
  FrameJob::Pass& pass = f.passes[f.pass];
  if (!pass.file) {
    const std::string problem = openPass(pass);
    if (!problem.empty()) return problem;
  }
  std::string problem;
  const bool all =
      f.forRows(f.rectEnd(), static_cast<std::size_t>(f.rect.width), budget, [&](int y) {
        problem = encodeRow(pass, y);
        return problem.empty();
      });
  if (!problem.empty()) return problem;
  if (!all) return "";
  problem = cutBlock(pass);
  if (!problem.empty()) return problem;
  f.row = f.rect.top;
  if (++f.pass == f.passCount) f.phase = FrameJob::Phase::kWrite;
  return "";
}

// Opens the scratch file of a pass and writes its screen and image descriptors.
std::string GifWriter::Impl::openPass(FrameJob::Pass& pass) {
  FrameJob& f = *job;
  pass.block->clear();
  int error = 0;
  pass.file = EGifOpen(pass.block, appendToString, &error);
  if (!pass.file) return giflibError(error);
  if (EGifPutScreenDesc(pass.file, width, height, 8, 0, f.screenTable) != GIF_OK ||
      EGifPutImageDesc(pass.file, f.rect.left, f.rect.top, f.rect.width, f.rect.height, false,
                       pass.table) != GIF_OK)
    return giflibError(pass.file->Error);
  f.line.resize(static_cast<std::size_t>(f.rect.width));
  return "";
}

// The indices of row y in the pass's palette, LZW-coded into its scratch file.
std::string GifWriter::Impl::encodeRow(FrameJob::Pass& pass, int y) {
  FrameJob& f = *job;
  const std::uint8_t* rgba = f.rgba.data();
  const Palette& palette = *pass.palette;
  std::size_t out = 0;
  forEachPixel(rgba, f.rectRow(y), f.whole, [&](std::size_t pixel, bool changed) {
    if (!changed) {
      f.line[out++] = palette.transparent();
      pass.transparent = true;
      return;
    }
    const std::uint32_t rgb = colourAt(rgba, pixel);
    if (!pass.haveLast || rgb != pass.lastColour) {
      pass.lastColour = rgb;
      pass.lastIndex = palette.entryOf(rgb);  // every changed colour is there
      pass.haveLast = true;
    }
    f.line[out++] = pass.lastIndex;
  });
  if (EGifPutLine(pass.file, f.line.data(), f.rect.width) != GIF_OK)
    return giflibError(pass.file->Error);
  return "";
}

// Closes the pass's scratch file and cuts its image block out.
std::string GifWriter::Impl::cutBlock(FrameJob::Pass& pass) {
  EGifCloseFile(pass.file, nullptr);  // writes the trailer and frees the file
  pass.file = nullptr;
  std::string& cut = *pass.block;
  const std::size_t prefix = 13 + 3 * static_cast<std::size_t>(job->screenTable->ColorCount);
  if (cut.size() < prefix + 2 || cut[prefix] != ',' || cut.back() != ';')
    return "the GIF encoder wrote an unexpected image block";
  cut.pop_back();
  cut.erase(0, prefix);
  return "";
}

std::string GifWriter::Impl::writeFrame() {
  const bool transparent = keepShorterBlock();
  const std::string problem = writeBlock(transparent);
  if (!problem.empty()) return problem;
  FrameJob& f = *job;
  if (f.whole) previous.resize(pixels());
  f.startPhase(FrameJob::Phase::kRemember);
  return "";
}

// The shorter of the two blocks when both were made (left in `block`); a frame with colours
// the global table lacks has only its local one. Whether the block kept has transparent pixels.
bool GifWriter::Impl::keepShorterBlock() {
  FrameJob& f = *job;
  bool transparent = f.passes[0].transparent;
  if (f.passCount == 2 || !f.useGlobal) {
    const FrameJob::Pass& localPass = f.passes[f.passCount - 1];
    if (!f.useGlobal || otherBlock.size() < block.size()) {
      block.swap(otherBlock);
      f.useGlobal = false;
      transparent = localPass.transparent;
    }
  }
  return transparent;
}

// 4. Write: (header,) graphic control extension, image block, within the size limit: the
// header and global table (at most 800 bytes), the extension (8), the block and the trailer.
std::string GifWriter::Impl::writeBlock(bool transparent) {
  FrameJob& f = *job;
  const std::size_t grown = bytes.size() + (f.whole ? 800 : 0) + 8 + block.size() + 1;
  if (grown > maxBytes)
    return "this frame would make the GIF larger than " + mebibytes(maxBytes) + " (it holds " +
           std::to_string(frames) + " frames in " + mebibytes(bytes.size()) +
           "); finish() it, or use fewer or smaller frames";
  // The buffer grows by doubling, but never past the limit.
  if (grown > bytes.capacity())
    bytes.reserve(std::min(std::max(grown, 2 * bytes.capacity()), maxBytes));
  // Only giflib failing to allocate can stop these; the output is then unusable.
  if (f.whole) {
    global = std::move(f.local);
    globalTable = std::move(f.globalTable);
    const std::string problem = writeHeader();
    if (!problem.empty()) return broken = problem;
  }
  GraphicsControlBlock control{};
  control.DisposalMode = DISPOSE_DO_NOT;
  control.UserInputFlag = false;
  control.DelayTime = f.delay;
  control.TransparentColor = transparent
                                 ? (f.useGlobal ? global.transparent() : f.local.transparent())
                                 : NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  EGifGCBToExtension(&control, extension);
  if (EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, extension) != GIF_OK)
    return broken = giflibError(file->Error);
  bytes += block;
  return "";
}

// 5. This frame is the next one's reference.
std::string GifWriter::Impl::remember(std::size_t& budget) {
  FrameJob& f = *job;
  const std::uint8_t* rgba = f.rgba.data();
  const bool all =
      f.forRows(f.rectEnd(), static_cast<std::size_t>(f.rect.width), budget, [&](int y) {
        forEachPixel(rgba, f.rectRow(y), true,
                     [&](std::size_t pixel, bool) { previous[pixel] = colourAt(rgba, pixel); });
        return true;
      });
  if (all) f.phase = FrameJob::Phase::kDone;
  return "";
}

GifWriter::GifWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
GifWriter::GifWriter(GifWriter&&) noexcept = default;
GifWriter& GifWriter::operator=(GifWriter&&) noexcept = default;
GifWriter::~GifWriter() = default;

Expected<GifWriter> GifWriter::begin(int width, int height, int loopCount, std::size_t maxBytes) {
  if (width < 1 || width > kMaxGifSide || height < 1 || height > kMaxGifSide)
    return gifError("a GIF's width and height must be 1.." + std::to_string(kMaxGifSide) +
                    " pixels; " + std::to_string(width) + " x " + std::to_string(height) +
                    " is not");
  if (loopCount < -1 || loopCount > kMaxGifLoopCount)
    return gifError("the loop count must be -1 (play once), 0 (loop forever) or 1.." +
                    std::to_string(kMaxGifLoopCount) + " repeats; " + std::to_string(loopCount) +
                    " is not");
  auto impl = std::make_unique<Impl>();
  impl->width = width;
  impl->height = height;
  impl->loopCount = loopCount;
  impl->maxBytes = std::min(maxBytes, kMaxGifBytes);
  int error = 0;
  impl->file = EGifOpen(&impl->bytes, appendToString, &error);  // writes nothing yet
  if (!impl->file) return gifError(giflibError(error));
  return GifWriter(std::move(impl));
}

std::string GifWriter::beginFrame(const std::uint8_t* rgba, std::size_t size,
                                  int delayCentiseconds) {
  if (!impl_) return "this GIF writer was moved from";
  Impl& s = *impl_;
  if (s.finished) return "the GIF is finished: begin a new one to add frames";
  if (!s.broken.empty()) return s.broken;
  if (s.job) return "a frame is still being encoded: call encodeSome() until it is written";
  const std::size_t expected = s.pixels() * 4;
  if (!rgba || size != expected)
    return "a frame of this " + std::to_string(s.width) + " x " + std::to_string(s.height) +
           " GIF is " + std::to_string(expected) + " bytes of RGBA (4 a pixel); this one has " +
           std::to_string(rgba ? size : 0);
  if (delayCentiseconds < 0 || delayCentiseconds > kMaxGifDelay)
    return "a frame's delay must be 0.." + std::to_string(kMaxGifDelay) +
           " hundredths of a second; " + std::to_string(delayCentiseconds) + " is not";
  auto job = std::make_unique<FrameJob>();
  job->rgba.assign(rgba, rgba + size);
  job->delay = delayCentiseconds;
  job->whole = s.frames == 0;
  job->changed.left = s.width;
  job->changed.top = s.height;
  s.job = std::move(job);
  return "";
}

bool GifWriter::encoding() const {
  return impl_ && impl_->job;
}

std::string GifWriter::encodeSome(std::size_t budget, bool& done) {
  done = false;
  if (!impl_) return "this GIF writer was moved from";
  Impl& s = *impl_;
  if (!s.job) return "no frame is being encoded: call beginFrame() first";
  while (budget > 0) {
    const std::string problem = s.step(budget);
    // A refused frame leaves the writer as it was (only giflib failing while the output itself
    // is written breaks it).
    if (!problem.empty()) {
      s.job.reset();
      return problem;
    }
    if (s.job->phase == FrameJob::Phase::kDone) {
      ++s.frames;
      s.job.reset();
      done = true;
      return "";
    }
  }
  return "";
}

std::string GifWriter::addFrame(const std::uint8_t* rgba, std::size_t size, int delayCentiseconds) {
  std::string problem = beginFrame(rgba, size, delayCentiseconds);
  bool done = false;
  while (problem.empty() && !done) problem = encodeSome(SIZE_MAX, done);
  return problem;
}

Expected<std::string> GifWriter::finish() {
  if (!impl_) return gifError("this GIF writer was moved from");
  Impl& s = *impl_;
  if (s.finished) return gifError("the GIF is already finished");
  if (!s.broken.empty()) return gifError(s.broken);
  if (s.job)
    return gifError("a frame is still being encoded: call encodeSome() until it is written");
  if (s.frames == 0) return gifError("a GIF needs at least one frame");
  int error = 0;
  const int closed = EGifCloseFile(s.file, &error);  // writes the trailer, frees the file
  s.file = nullptr;
  s.finished = true;
  if (closed != GIF_OK) return gifError(giflibError(error));
  std::string bytes = std::move(s.bytes);
  s.bytes.clear();
  s.previous = {};
  return bytes;
}

int GifWriter::width() const {
  return impl_ ? impl_->width : 0;
}
int GifWriter::height() const {
  return impl_ ? impl_->height : 0;
}
int GifWriter::frameCount() const {
  return impl_ ? impl_->frames : 0;
}
std::size_t GifWriter::byteCount() const {
  return impl_ ? impl_->bytes.size() : 0;
}

Expected<std::string> encodeAnimatedGif(int width, int height, const std::vector<GifFrame>& frames,
                                        int loopCount) {
  auto writer = GifWriter::begin(width, height, loopCount);
  if (!writer) return writer.error();
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const std::string problem =
        writer->addFrame(frames[k].rgba.data(), frames[k].rgba.size(), frames[k].delayCentiseconds);
    if (!problem.empty()) return gifError("frame " + std::to_string(k + 1) + ": " + problem);
  }
  return writer->finish();
}

}  // namespace gs
