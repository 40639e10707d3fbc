#include "cgt/cgt.h"

#include <algorithm>
#include <cstring>

namespace gs::cgt {

namespace {

using Wide = __int128;
constexpr std::int64_t kLargest = std::int64_t{1} << 62;  // |num| stays below it
constexpr int kDeepest = 62;                              // and exp at most this

constexpr const char* kPastRange =
    "a value needs a numerator or a denominator past 2^62, past the exact range";
thread_local bool overflow = false;

// v * 2^k, k <= 124 (a product: shifting a negative number left is undefined).
Wide scaled(std::int64_t v, int k) {
  return static_cast<Wide>(v) * (Wide{1} << k);
}

Dyadic pastRange() {
  overflow = true;
  return Dyadic{};
}

Dyadic normalised(Wide num, int exp) {
  if (num == 0) exp = 0;
  while (exp > 0 && (num & 1) == 0) num /= 2, --exp;
  if (exp > kDeepest || num >= kLargest || num <= -kLargest) return pastRange();
  Dyadic out;
  out.num = static_cast<std::int64_t>(num);
  out.exp = exp;
  return out;
}

}  // namespace

bool Dyadic::overflowed() {
  return overflow;
}
void Dyadic::clearOverflow() {
  overflow = false;
}

Dyadic Dyadic::integer(std::int64_t n) {
  return normalised(n, 0);
}
Dyadic Dyadic::of(std::int64_t num, int exp) {
  if (exp < 0) return normalised(scaled(num, -exp), 0);
  return normalised(num, exp);
}

Dyadic operator+(const Dyadic& a, const Dyadic& b) {
  const int exp = std::max(a.exp, b.exp);
  const Wide sum = scaled(a.num, exp - a.exp) + scaled(b.num, exp - b.exp);
  return normalised(sum, exp);
}

int compare(const Dyadic& a, const Dyadic& b) {
  const int exp = std::max(a.exp, b.exp);
  const Wide x = scaled(a.num, exp - a.exp);
  const Wide y = scaled(b.num, exp - b.exp);
  return x < y ? -1 : x > y ? 1 : 0;
}

std::int64_t Dyadic::floor() const {
  if (exp == 0) return num;
  const std::int64_t unit = std::int64_t{1} << exp;
  std::int64_t q = num / unit;
  if (num < 0 && q * unit != num) --q;
  return q;
}

std::int64_t Dyadic::ceil() const {
  return -(-*this).floor();
}

std::string Dyadic::text() const {
  if (exp == 0) return std::to_string(num);
  return std::to_string(num) + "/" + std::to_string(std::uint64_t{1} << exp);
}

Dyadic simplestBetween(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi) {
  const Dyadic zero;
  if ((!lo || *lo < zero) && (!hi || zero < *hi)) return zero;
  if (!hi) return Dyadic::integer(lo->floor() + 1);  // lo >= 0
  if (!lo) return Dyadic::integer(hi->ceil() - 1);   // hi <= 0
  if (zero <= *lo) {
    const Dyadic n = Dyadic::integer(lo->floor() + 1);
    if (n < *hi) return n;
  } else {
    const Dyadic n = Dyadic::integer(hi->ceil() - 1);
    if (*lo < n) return n;
  }
  // No integer strictly between: the one of the smallest denominator (there is one alone).
  for (int k = 1; k <= kDeepest; ++k) {
    const Dyadic scaled = Dyadic::of(lo->num, lo->exp - k);  // lo * 2^k
    const Dyadic candidate = Dyadic::of(scaled.floor() + 1, k);
    if (candidate < *hi) return candidate;
  }
  return pastRange();
}

Dyadic Trajectory::at(const Dyadic& t) const {
  std::size_t k = 0;
  while (k + 1 < pieces.size() && pieces[k + 1].start <= t) ++k;
  const Piece& piece = pieces[k];
  Dyadic value = piece.value;
  const Dyadic run = t - piece.start;
  for (int s = 0; s < std::abs(piece.slope); ++s)
    value = piece.slope > 0 ? value + run : value - run;
  return value;
}

namespace {

const Dyadic kColdest = Dyadic::integer(-1);

Trajectory constant(const Dyadic& x) {
  Trajectory out;
  out.pieces.push_back({kColdest, x, 0});
  return out;
}

int slopeAt(const Trajectory& f, const Dyadic& t) {
  std::size_t k = 0;
  while (k + 1 < f.pieces.size() && f.pieces[k + 1].start <= t) ++k;
  return f.pieces[k].slope;
}

// d / s for a slope difference s of 1 or 2 (a wall's slopes are -1, 0 and 1; any power of 2
// divides exactly, and nothing else is ever asked).
Dyadic divided(const Dyadic& d, int s) {
  Dyadic out = s < 0 ? -d : d;
  for (int k = s < 0 ? -s : s; k > 1; k /= 2) {
    if (k % 2 != 0) return pastRange();
    out = out.half();
  }
  return out;
}

std::vector<Dyadic> breakpoints(const Trajectory& f, const Trajectory& g) {
  std::vector<Dyadic> out;
  for (const auto& piece : f.pieces) out.push_back(piece.start);
  for (const auto& piece : g.pieces) out.push_back(piece.start);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void push(Trajectory& out, const Dyadic& start, const Dyadic& value, int slope) {
  if (!out.pieces.empty()) {
    const auto& last = out.pieces.back();
    if (last.slope == slope) return;  // the same line goes on (the walls are continuous)
  }
  out.pieces.push_back({start, value, slope});
}

// The larger (or smaller) of f and g at every temperature.
Trajectory combine(const Trajectory& f, const Trajectory& g, bool larger) {
  const std::vector<Dyadic> points = breakpoints(f, g);
  Trajectory out;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const Dyadic& t = points[k];
    const Dyadic fv = f.at(t), gv = g.at(t);
    const int fs = slopeAt(f, t), gs = slopeAt(g, t);
    const int sign = larger ? 1 : -1;
    const int d0 = compare(fv, gv) * sign;  // > 0: f is the one taken at t
    const int ds = (fs - gs) * sign;
    const bool fFirst = d0 > 0 || (d0 == 0 && ds >= 0);
    push(out, t, fFirst ? fv : gv, fFirst ? fs : gs);
    // Where the other one takes over within [t, next).
    if (d0 != 0 && ((d0 > 0) != (ds > 0)) && ds != 0) {
      const Dyadic cross = t + divided(gv - fv, fs - gs);
      if (k + 1 == points.size() || cross < points[k + 1])
        push(out, cross, fFirst ? g.at(cross) : f.at(cross), fFirst ? gs : fs);
    }
  }
  return out;
}

Trajectory tilted(Trajectory f, int k) {  // f(t) + k t
  for (auto& piece : f.pieces) {
    for (int s = 0; s < std::abs(k); ++s)
      piece.value = k > 0 ? piece.value + piece.start : piece.value - piece.start;
    piece.slope += k;
  }
  return f;
}

// f up to t, then the mast x from t on.
Trajectory cutAt(const Trajectory& f, const Dyadic& t, const Dyadic& x) {
  Trajectory out;
  for (const auto& piece : f.pieces)
    if (piece.start < t) out.pieces.push_back(piece);
  out.pieces.push_back({t, x, 0});
  return out;
}

}  // namespace

const char* outcomeClassText(OutcomeClass outcome) {
  switch (outcome) {
    case OutcomeClass::kLeft:
      return "L";
    case OutcomeClass::kRight:
      return "R";
    case OutcomeClass::kPrevious:
      return "P";
    case OutcomeClass::kNext:
      return "N";
  }
  return "?";
}

GameStore::GameStore(std::size_t maxGames) : maxGames_(maxGames) {
  Dyadic::clearOverflow();
  zero_ = number(Dyadic{});
}

std::string GameStore::error() const {
  if (error_.empty() && Dyadic::overflowed()) return kPastRange;
  return error_;
}

GameId GameStore::addNode(Node node) {
  if (nodes_.size() >= maxGames_ && !nodes_.empty()) {
    fail("the game needs more than " + std::to_string(maxGames_) +
         " canonical forms of its followers, past the store's cap");
    return zero_;
  }
  optionCount_ += node.left.size() + node.right.size();
  nodes_.push_back(std::move(node));
  return static_cast<GameId>(nodes_.size() - 1);
}

GameId GameStore::number(const Dyadic& x) {
  const auto key = std::make_pair(x.num, x.exp);
  const auto found = numbers_.find(key);
  if (found != numbers_.end()) return found->second;
  Node node;
  node.isNumber = true;
  node.number = x;
  const GameId id = addNode(std::move(node));
  numbers_.emplace(key, id);
  return id;
}

GameId GameStore::nimber(std::uint32_t m) {
  // *k = {0, *, ..., *(k-1) | the same}, canonical as it stands (no option dominates another, none
  // reverses).
  std::vector<GameId> stars;
  for (std::uint32_t k = 0; k < m; ++k) stars.push_back(k == 0 ? zero_ : intern(stars, stars));
  return m == 0 ? zero_ : intern(stars, stars);
}

GameId GameStore::up() {
  return make({zero_}, {nimber(1)});
}

std::vector<GameId> GameStore::leftOptions(GameId g) {
  if (!nodes_[g].isNumber) return nodes_[g].left;
  const Dyadic x = nodes_[g].number;
  if (x.isInteger()) {
    if (x.num > 0) return {integer(x.num - 1)};
    return {};
  }
  return {number(Dyadic::of(x.num - 1, x.exp))};
}

std::vector<GameId> GameStore::rightOptions(GameId g) {
  if (!nodes_[g].isNumber) return nodes_[g].right;
  const Dyadic x = nodes_[g].number;
  if (x.isInteger()) {
    if (x.num < 0) return {integer(x.num + 1)};
    return {};
  }
  return {number(Dyadic::of(x.num + 1, x.exp))};
}

namespace {
void sortUnique(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}
}  // namespace

GameId GameStore::intern(std::vector<GameId> lefts, std::vector<GameId> rights) {
  sortUnique(lefts);
  sortUnique(rights);
  std::string key;
  key.reserve(4 * (lefts.size() + rights.size()) + 4);
  const auto put = [&key](GameId id) {
    char bytes[sizeof id];
    std::memcpy(bytes, &id, sizeof id);
    key.append(bytes, sizeof id);
  };
  put(static_cast<GameId>(lefts.size()));
  for (GameId id : lefts) put(id);
  for (GameId id : rights) put(id);
  const auto found = forms_.find(key);
  if (found != forms_.end()) return found->second;
  Node node;
  node.left = std::move(lefts);
  node.right = std::move(rights);
  const GameId id = addNode(std::move(node));
  forms_.emplace(std::move(key), id);
  return id;
}

bool GameStore::leq(GameId g, GameId h) {
  if (g == h) return true;
  if (nodes_[g].isNumber && nodes_[h].isNumber) return nodes_[g].number <= nodes_[h].number;
  const std::uint64_t key = (std::uint64_t{g} << 32) | h;
  const auto found = leq_.find(key);
  if (found != leq_.end()) return found->second;
  bool result = true;
  for (GameId gl : leftOptions(g))
    if (leq(h, gl)) {
      result = false;
      break;
    }
  if (result)
    for (GameId hr : rightOptions(h))
      if (leq(hr, g)) {
        result = false;
        break;
      }
  leq_.emplace(key, result);
  return result;
}

bool GameStore::formLeq(const Form& g, GameId h) {
  for (GameId gl : g.left)
    if (leq(h, gl)) return false;
  for (GameId hr : rightOptions(h))
    if (leqForm(hr, g)) return false;
  return true;
}

bool GameStore::leqForm(GameId g, const Form& h) {
  for (GameId gl : leftOptions(g))
    if (formLeq(h, gl)) return false;
  for (GameId hr : h.right)
    if (leq(hr, g)) return false;
  return true;
}

void GameStore::removeDominated(std::vector<GameId>& options, bool left) {
  std::vector<GameId> kept;
  for (GameId a : options) {
    bool dominated = false;
    for (GameId b : options)
      if (b != a && (left ? leq(a, b) : leq(b, a))) {
        dominated = true;
        break;
      }
    if (!dominated) kept.push_back(a);
  }
  options.swap(kept);
}

GameId GameStore::make(std::vector<GameId> lefts, std::vector<GameId> rights) {
  Form form{std::move(lefts), std::move(rights)};
  sortUnique(form.left);
  sortUnique(form.right);
  for (;;) {
    if (failed()) return zero_;  // (what follows a refusal means nothing)
    removeDominated(form.left, true);
    removeDominated(form.right, false);
    bool changed = false;
    // A Left option G^L with a Right option G^LR <= G: G^L is replaced by G^LR's Left options.
    for (std::size_t i = 0; i < form.left.size() && !changed; ++i) {
      for (GameId reverse : rightOptions(form.left[i])) {
        if (!leqForm(reverse, form)) continue;
        form.left.erase(form.left.begin() + static_cast<std::ptrdiff_t>(i));
        for (GameId replacement : leftOptions(reverse)) form.left.push_back(replacement);
        sortUnique(form.left);
        changed = true;
        break;
      }
    }
    for (std::size_t i = 0; i < form.right.size() && !changed; ++i) {
      for (GameId reverse : leftOptions(form.right[i])) {
        if (!formLeq(form, reverse)) continue;
        form.right.erase(form.right.begin() + static_cast<std::ptrdiff_t>(i));
        for (GameId replacement : rightOptions(reverse)) form.right.push_back(replacement);
        sortUnique(form.right);
        changed = true;
        break;
      }
    }
    if (!changed) break;
  }
  // A form whose options are numbers, each Left one below each Right one, is a number.
  bool numbers = true;
  std::optional<Dyadic> lo, hi;
  for (GameId l : form.left) {
    if (!nodes_[l].isNumber)
      numbers = false;
    else if (!lo || *lo < nodes_[l].number)
      lo = nodes_[l].number;
  }
  for (GameId r : form.right) {
    if (!nodes_[r].isNumber)
      numbers = false;
    else if (!hi || nodes_[r].number < *hi)
      hi = nodes_[r].number;
  }
  if (numbers && (!lo || !hi || *lo < *hi)) return number(simplestBetween(lo, hi));
  return intern(std::move(form.left), std::move(form.right));
}

GameId GameStore::negate(GameId g) {
  if (nodes_[g].isNumber) return number(-nodes_[g].number);
  const auto found = negatives_.find(g);
  if (found != negatives_.end()) return found->second;
  std::vector<GameId> lefts, rights;
  for (GameId r : std::vector<GameId>(nodes_[g].right)) lefts.push_back(negate(r));
  for (GameId l : std::vector<GameId>(nodes_[g].left)) rights.push_back(negate(l));
  const GameId out = intern(std::move(lefts), std::move(rights));  // still canonical
  negatives_.emplace(g, out);
  negatives_.emplace(out, g);
  return out;
}

GameId GameStore::add(GameId g, GameId h) {
  if (failed()) return zero_;
  if (nodes_[g].isNumber && nodes_[h].isNumber) return number(nodes_[g].number + nodes_[h].number);
  if (g == zero_) return h;
  if (h == zero_) return g;
  if (h < g) std::swap(g, h);
  const std::uint64_t key = (std::uint64_t{g} << 32) | h;
  const auto found = sums_.find(key);
  if (found != sums_.end()) return found->second;
  std::vector<GameId> lefts, rights;
  // A number added to a game that is not one: x + H = {x + H^L | x + H^R} (number
  // translation; Siegel II.3), with no move on x.
  const bool gNumber = nodes_[g].isNumber, hNumber = nodes_[h].isNumber;
  if (!gNumber)
    for (GameId gl : leftOptions(g)) lefts.push_back(add(gl, h));
  if (!hNumber)
    for (GameId hl : leftOptions(h)) lefts.push_back(add(g, hl));
  if (!gNumber)
    for (GameId gr : rightOptions(g)) rights.push_back(add(gr, h));
  if (!hNumber)
    for (GameId hr : rightOptions(h)) rights.push_back(add(g, hr));
  const GameId out = make(std::move(lefts), std::move(rights));
  sums_.emplace(key, out);
  return out;
}

OutcomeClass GameStore::outcome(GameId g) {
  const bool atLeastZero = leq(zero_, g), atMostZero = leq(g, zero_);
  if (atLeastZero && atMostZero) return OutcomeClass::kPrevious;
  if (atLeastZero) return OutcomeClass::kLeft;
  if (atMostZero) return OutcomeClass::kRight;
  return OutcomeClass::kNext;
}

Dyadic GameStore::leftStop(GameId g) {
  if (nodes_[g].isNumber) return nodes_[g].number;
  const auto found = leftStops_.find(g);
  if (found != leftStops_.end()) return found->second;
  std::optional<Dyadic> best;
  for (GameId gl : std::vector<GameId>(nodes_[g].left)) {
    const Dyadic s = rightStop(gl);
    if (!best || *best < s) best = s;
  }
  if (!best) return Dyadic{};  // (a failed store's zero)
  leftStops_.emplace(g, *best);
  return *best;
}

Dyadic GameStore::rightStop(GameId g) {
  if (nodes_[g].isNumber) return nodes_[g].number;
  const auto found = rightStops_.find(g);
  if (found != rightStops_.end()) return found->second;
  std::optional<Dyadic> best;
  for (GameId gr : std::vector<GameId>(nodes_[g].right)) {
    const Dyadic s = leftStop(gr);
    if (!best || s < *best) best = s;
  }
  if (!best) return Dyadic{};
  rightStops_.emplace(g, *best);
  return *best;
}

const Thermograph& GameStore::thermograph(GameId g) {
  const auto found = thermographs_.find(g);
  if (found != thermographs_.end()) return *found->second;
  Thermograph made = computeThermograph(g);
  return *thermographs_.emplace(g, std::make_unique<Thermograph>(std::move(made))).first->second;
}

Thermograph GameStore::computeThermograph(GameId g) {
  if (nodes_[g].isNumber && nodes_[g].number.isInteger()) {
    const Dyadic x = nodes_[g].number;
    return {constant(x), constant(x), x, kColdest};
  }
  // x + an infinitesimal has the thermograph of x*, x^ or xv (CGSuite's reduction: ^9*8's is ^'s).
  if (!nodes_[g].isNumber) {
    if (const std::optional<Nus> n = nus(g)) {
      const GameId x = number(n->number), xStar = make({x}, {x});
      GameId basic = xStar;
      if (!(n->ups == 0 || (n->nimber == 1 && std::abs(n->ups) == 1)))
        basic = n->ups > 0 ? make({x}, {xStar}) : make({xStar}, {x});
      if (basic != g) return thermograph(basic);
    }
  }
  std::optional<Trajectory> left, right;
  for (GameId gl : leftOptions(g)) {
    const Trajectory wall = thermograph(gl).rightWall;
    left = left ? combine(*left, wall, true) : wall;
  }
  for (GameId gr : rightOptions(g)) {
    const Trajectory wall = thermograph(gr).leftWall;
    right = right ? combine(*right, wall, false) : wall;
  }
  if (!left || !right)
    return {constant(Dyadic{}), constant(Dyadic{}), Dyadic{}, kColdest};  // failed
  const Trajectory l = tilted(*left, -1), r = tilted(*right, 1);
  // l - r never grows (l's slopes are -1 or 0, r's 0 or 1): the walls meet once.
  const std::vector<Dyadic> points = breakpoints(l, r);
  Dyadic meet = kColdest;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const Dyadic& t = points[k];
    const Dyadic d = l.at(t) - r.at(t);
    if (d <= Dyadic{}) {
      meet = t;
      break;
    }
    const int ds = slopeAt(l, t) - slopeAt(r, t);
    if (ds < 0) {
      const Dyadic cross = t + divided(d, -ds);
      if (k + 1 == points.size() || cross <= points[k + 1]) {
        meet = cross;
        break;
      }
    }
  }
  const Dyadic mast = l.at(meet);
  return {cutAt(l, meet, mast), cutAt(r, meet, mast), mast, meet};
}

Dyadic GameStore::mean(GameId g) {
  if (const std::optional<Nus> n = nus(g)) return n->number;
  return thermograph(g).mast;
}

Dyadic GameStore::temperature(GameId g) {
  if (const std::optional<Nus> n = nus(g)) {
    if (!nodes_[g].isNumber) return Dyadic{};
    return Dyadic::of(-1, n->number.exp);
  }
  return thermograph(g).temperature;
}

std::optional<Nus> GameStore::nus(GameId g) {
  const auto found = nus_.find(g);
  if (found != nus_.end()) return found->second;
  const std::optional<Nus> out = findNus(g);
  nus_.emplace(g, out);
  return out;
}

std::optional<Nus> GameStore::findNus(GameId g) {
  if (nodes_[g].isNumber) return Nus{nodes_[g].number, 0, 0};
  const std::vector<GameId> lefts = nodes_[g].left, rights = nodes_[g].right;
  // x + *m = {x, x*, ..., x*(m-1) | x, x*, ..., x*(m-1)}.
  if (!lefts.empty() && lefts == rights) {
    std::vector<bool> seen(lefts.size(), false);
    std::optional<Dyadic> x;
    for (GameId option : lefts) {
      const std::optional<Nus> n = nus(option);
      if (!n || n->ups != 0 || n->nimber >= lefts.size() || seen[n->nimber]) return std::nullopt;
      if (x && *x != n->number) return std::nullopt;
      x = n->number;
      seen[n->nimber] = true;
    }
    return Nus{*x, 0, static_cast<std::uint32_t>(lefts.size())};
  }
  // x^* = {x, x* | x}, and xv* = {x | x, x*}.
  const auto starred = [&](const std::vector<GameId>& two,
                           const std::vector<GameId>& one) -> std::optional<Dyadic> {
    if (two.size() != 2 || one.size() != 1 || !nodes_[one[0]].isNumber) return std::nullopt;
    const GameId x = one[0];
    const GameId other = two[0] == x ? two[1] : two[1] == x ? two[0] : x;
    if (other == x) return std::nullopt;
    const std::optional<Nus> n = nus(other);
    if (!n || n->number != nodes_[x].number || n->ups != 0 || n->nimber != 1) return std::nullopt;
    return nodes_[x].number;
  };
  if (const auto x = starred(lefts, rights)) return Nus{*x, 1, 1};
  if (const auto x = starred(rights, lefts)) return Nus{*x, -1, 1};
  // x + {0 | G} with G = k.^ + *m, k >= 0 (not a number): x + (k+1).^ + *(m xor 1); and the
  // negative.
  if (lefts.size() == 1 && rights.size() == 1) {
    if (nodes_[lefts[0]].isNumber && !nodes_[rights[0]].isNumber) {
      const std::optional<Nus> n = nus(rights[0]);
      if (n && n->number == nodes_[lefts[0]].number && n->ups >= 0)
        return Nus{n->number, n->ups + 1, n->nimber ^ 1u};
    }
    if (nodes_[rights[0]].isNumber && !nodes_[lefts[0]].isNumber) {
      const std::optional<Nus> n = nus(lefts[0]);
      if (n && n->number == nodes_[rights[0]].number && n->ups <= 0)
        return Nus{n->number, n->ups - 1, n->nimber ^ 1u};
    }
  }
  return std::nullopt;
}

namespace {

Uptimal trimmed(Uptimal u) {
  while (!u.coefficients.empty() && u.coefficients.back() == 0) u.coefficients.pop_back();
  return u;
}

Uptimal truncatedTo(Uptimal u, std::size_t n) {
  if (u.coefficients.size() > n) u.coefficients.resize(n);
  return trimmed(std::move(u));
}

Uptimal sharplyTruncatedTo(const Uptimal& u, std::size_t n) {
  Uptimal out = truncatedTo(u, n);
  if (out.length() == 0) out.nimber = 0;
  return out;
}

// Adds 1 to a_1 .. a_toLength (a coefficient past the end becomes 1), and * with withStar.
Uptimal incremented(Uptimal u, bool withStar, std::size_t toLength) {
  const std::size_t length = std::max(toLength, u.length());
  u.coefficients.resize(length, 0);
  for (std::size_t i = 0; i < toLength; ++i) u.coefficients[i] += 1;
  if (withStar) u.nimber ^= 1u;
  return trimmed(std::move(u));
}

// The largest i with a_i <= v, or 0.
std::size_t rightmostAtMost(const Uptimal& u, std::int64_t v) {
  for (std::size_t i = u.length(); i >= 1; --i)
    if (u.coefficient(i) <= v) return i;
  return 0;
}

// Whether x + *m + a_1.^ + ... is "confused" in CGSuite's sense (its star is not absorbed).
bool confused(const Uptimal& u) {
  if (u.nimber == 0) return false;
  if (u.length() == 0 || u.coefficients[0] == 0) return true;
  if (u.nimber >= 2) return false;
  const bool positive = u.coefficients[0] > 0;
  for (std::int64_t a : u.coefficients) {
    if ((!positive && a < -1) || (positive && a > 1)) return false;
    if ((!positive && a > -1) || (positive && a < 1)) return true;
  }
  return true;
}

bool isUnit(const Uptimal& u) {
  bool found = false;
  for (std::int64_t a : u.coefficients) {
    if (a == 0) continue;
    if (found || a > 1 || a < -1) return false;
    found = true;
  }
  return true;
}

bool isUnitSum(const Uptimal& u) {
  if (u.coefficients.empty()) return true;
  if (u.coefficients[0] != 1 && u.coefficients[0] != -1) return false;
  for (std::int64_t a : u.coefficients)
    if (a != u.coefficients[0]) return false;
  return true;
}

Uptimal negated(Uptimal u) {
  u.number = -u.number;
  for (std::int64_t& a : u.coefficients) a = -a;
  return u;
}

int compareUptimals(const Uptimal& a, const Uptimal& b) {
  if (const int c = compare(a.number, b.number)) return c;
  for (std::size_t n = 1; n <= a.length() && n <= b.length(); ++n)
    if (a.coefficient(n) != b.coefficient(n)) return a.coefficient(n) < b.coefficient(n) ? -1 : 1;
  if (a.length() != b.length()) return a.length() < b.length() ? -1 : 1;
  if (a.nimber != b.nimber) return a.nimber < b.nimber ? -1 : 1;
  return 0;
}

// Whether `u` (a_n > 0) has exactly these Left options (Siegel II.7 and CGSuite's
// uptimalExpansion: each case of u's coefficients fixes its Left options).
bool leftOptionsFit(const Uptimal& u, const std::vector<Uptimal>& lefts, const Uptimal& right) {
  int matching = -1;
  for (std::size_t i = 0; i < lefts.size(); ++i)
    if (lefts[i].nimber == right.nimber) {
      if (matching >= 0) return false;  // one Left option alone has the Right option's star
      matching = static_cast<int>(i);
    }
  const std::size_t k = u.length();
  const std::size_t cut = u.coefficient(k) == 1 ? k - 1 : rightmostAtMost(u, 0);
  const auto has = [&lefts](const Uptimal& wanted) {
    return std::any_of(lefts.begin(), lefts.end(),
                       [&wanted](const Uptimal& l) { return l == wanted; });
  };
  if (const std::size_t negative = rightmostAtMost(u, -1); negative >= 1) {
    if (lefts.size() != 2 || matching < 0) return false;
    const Uptimal first = incremented(truncatedTo(u, negative), true, negative);
    return lefts[static_cast<std::size_t>(matching)] == first &&
           lefts[1 - static_cast<std::size_t>(matching)] == truncatedTo(u, cut);
  }
  if (u.coefficient(1) == 0) {
    if (lefts.size() != u.nimber + 1u || !has(truncatedTo(u, cut))) return false;
    for (std::uint32_t m = 0; m < u.nimber; ++m)
      if (!has(Uptimal{u.number, m, {}})) return false;
    return true;
  }
  if (u.coefficient(1) == 1 && confused(u))
    return lefts.size() == 2 && has(Uptimal{u.number, 0, {}}) && has(truncatedTo(u, cut));
  return lefts.size() == 1 && lefts[0] == sharplyTruncatedTo(u, cut);
}

}  // namespace

std::optional<Uptimal> GameStore::uptimal(GameId g) {
  const auto found = uptimals_.find(g);
  if (found != uptimals_.end()) return found->second;
  const std::optional<Uptimal> out = findUptimal(g);
  uptimals_.emplace(g, out);
  return out;
}

std::optional<Uptimal> GameStore::findUptimal(GameId g) {
  if (const std::optional<Nus> n = nus(g)) {
    Uptimal u{n->number, n->nimber, {}};
    if (n->ups != 0) u.coefficients.push_back(n->ups);
    return u;
  }
  if (std::optional<Uptimal> u = positiveUptimal(g)) return u;
  if (std::optional<Uptimal> u = positiveUptimal(negate(g))) return negated(*u);
  return std::nullopt;
}

std::optional<Uptimal> GameStore::positiveUptimal(GameId g) {
  const std::vector<GameId> lefts = nodes_[g].left, rights = nodes_[g].right;
  if (rights.size() != 1) return std::nullopt;
  const std::optional<Uptimal> right = uptimal(rights[0]);
  if (!right) return std::nullopt;
  std::vector<Uptimal> options;
  std::size_t longest = 0;
  for (GameId l : lefts) {
    std::optional<Uptimal> u = uptimal(l);
    if (!u || u->number != right->number) return std::nullopt;
    longest = std::max(longest, u->length());
    options.push_back(std::move(*u));
  }
  if (right->length() > 0 && right->coefficient(right->length()) > 0) {
    const Uptimal candidate = incremented(*right, true, right->length());
    if (leftOptionsFit(candidate, options, *right)) return candidate;
  }
  const Uptimal candidate = incremented(*right, true, std::max(right->length(), longest) + 1);
  if (leftOptionsFit(candidate, options, *right)) return candidate;
  return std::nullopt;
}

// CGSuite's order of options in text: numbers, then nimbers, then other uptimals, then the
// rest by their sorted Left options and then their sorted Right options.
int GameStore::orderCompare(GameId g, GameId h) {
  if (g == h) return 0;
  const auto kind = [this](GameId x) {
    if (nodes_[x].isNumber) return 0;
    const std::optional<Nus> n = nus(x);
    if (n && n->number.isZero() && n->ups == 0) return 1;
    return uptimal(x) ? 2 : 3;
  };
  const int a = kind(g), b = kind(h);
  if (a != b) return a < b ? -1 : 1;
  if (a == 0) return compare(nodes_[g].number, nodes_[h].number);
  if (a == 1) return nus(g)->nimber < nus(h)->nimber ? -1 : 1;
  if (a == 2) return compareUptimals(*uptimal(g), *uptimal(h));
  const auto lists = [this](const std::vector<GameId>& x, const std::vector<GameId>& y) {
    for (std::size_t i = 0; i < x.size() || i < y.size(); ++i) {
      if (i == x.size()) return -1;
      if (i == y.size()) return 1;
      if (const int c = orderCompare(x[i], y[i])) return c;
    }
    return 0;
  };
  if (const int c = lists(sorted(nodes_[g].left), sorted(nodes_[h].left))) return c;
  return lists(sorted(nodes_[g].right), sorted(nodes_[h].right));
}

std::vector<GameId> GameStore::sorted(std::vector<GameId> options) {
  std::sort(options.begin(), options.end(),
            [this](GameId a, GameId b) { return orderCompare(a, b) < 0; });
  return options;
}

bool GameStore::isNumberTiny(GameId g) {
  const std::vector<GameId> lefts = leftOptions(g), rights = rightOptions(g);
  if (lefts.size() != 1 || rights.size() != 1) return false;
  const GameId l = lefts[0], r = rights[0];
  if (nodes_[l].isNumber && !nodes_[r].isNumber) {
    const std::vector<GameId> rl = nodes_[r].left, rr = nodes_[r].right;
    return rl.size() == 1 && rr.size() == 1 && rl[0] == l && mean(rr[0]) < nodes_[l].number;
  }
  if (nodes_[r].isNumber && !nodes_[l].isNumber) {
    const std::vector<GameId> ll = nodes_[l].left, lr = nodes_[l].right;
    return ll.size() == 1 && lr.size() == 1 && lr[0] == r && nodes_[r].number < mean(ll[0]);
  }
  return false;
}

int GameStore::append(std::string& out, GameId g, bool forceBrackets, bool forceParens) {
  if (nodes_[g].isNumber) {
    out += nodes_[g].number.text();
    return 0;
  }
  if (const std::optional<Uptimal> u = uptimal(g);
      u && (u->length() <= 1 || isUnit(*u) || isUnitSum(*u))) {
    const bool nimberOnly = u->number.isZero() && u->length() == 0;
    const bool compact = nimberOnly || (u->number.isZero() && u->nimber == 0);
    if (forceParens && !compact) out += "(";
    if (!u->number.isZero()) out += u->number.text();
    if (u->length() == 1) {
      const std::int64_t c = u->coefficient(1);
      out += c == 2 ? "^^" : c == -2 ? "vv" : c > 0 ? "^" : "v";
      if (c > 2 || c < -2) out += std::to_string(c > 0 ? c : -c);
    } else if (u->length() > 1) {
      out += u->coefficient(u->length()) > 0 ? "^" : "v";
      out += isUnit(*u) ? "<" : "[";
      out += std::to_string(u->length());
      out += isUnit(*u) ? ">" : "]";
    }
    if (u->nimber != 0) {
      out += "*";
      if (u->nimber > 1) out += std::to_string(u->nimber);
    }
    if (forceParens && !compact) out += ")";
    return 0;
  }
  const std::vector<GameId> lefts = sorted(nodes_[g].left), rights = sorted(nodes_[g].right);
  if (negate(g) == g) {  // a switch: +-G
    out += "+-";
    if (lefts.size() > 1) out += "{";
    for (std::size_t i = 0; i < lefts.size(); ++i) {
      if (i > 0) out += ",";
      append(out, lefts[i], true, lefts.size() == 1);
    }
    if (lefts.size() > 1) out += "}";
    return 0;
  }
  if (isNumberTiny(g)) {
    const bool tiny = nodes_[lefts[0]].isNumber;
    const GameId translate = tiny ? lefts[0] : rights[0];
    const GameId subscript = tiny ? add(negate(rightOptions(rights[0])[0]), lefts[0])
                                  : add(leftOptions(lefts[0])[0], negate(rights[0]));
    if (forceParens) out += "(";
    if (translate != zero_) append(out, translate, false, false);
    out += tiny ? "Tiny(" : "Miny(";
    append(out, subscript, true, false);
    out += ")";
    if (forceParens) out += ")";
    return 0;
  }
  std::string leftText, rightText;
  int slashes = 0;
  for (std::size_t i = 0; i < lefts.size(); ++i) {
    if (i > 0) leftText += ",";
    slashes = std::max(slashes, append(leftText, lefts[i], lefts.size() > 1, false) + 1);
  }
  for (std::size_t i = 0; i < rights.size(); ++i) {
    if (i > 0) rightText += ",";
    slashes = std::max(slashes, append(rightText, rights[i], rights.size() > 1, false) + 1);
  }
  constexpr int kMostSlashes = 4;
  const bool braces = forceBrackets || slashes == kMostSlashes;
  if (braces) out += "{";
  out += leftText;
  out += std::string(static_cast<std::size_t>(slashes), '|');
  out += rightText;
  if (braces) {
    out += "}";
    return 0;
  }
  return slashes;
}

std::uint64_t GameStore::bytesUsed() const {
  const std::uint64_t options = optionCount_;
  // A node, its key in forms_ and its options; each memo entry a hash node of about 32 bytes.
  return nodes_.size() * (sizeof(Node) + 48) + options * sizeof(GameId) * 2 +
         (leq_.size() + sums_.size() + negatives_.size() + nus_.size() + uptimals_.size()) * 40 +
         thermographs_.size() * 256;
}

std::string GameStore::text(GameId g) {
  std::string out;
  append(out, g, true, false);
  return out;
}

}  // namespace gs::cgt
