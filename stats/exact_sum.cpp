#include "stats/exact_sum.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "common/error.h"

namespace mancala::stats {
namespace {

using u64 = std::uint64_t;
using u128 = __uint128_t;

// Largest window from_json accepts: sums of squares of doubles reach limb 34 down to limb -34.
constexpr std::int64_t kMaxJsonBase = 64;
constexpr std::size_t kMaxJsonLimbs = 128;

u64 sign_limb(u64 word) { return (word >> 63) != 0 ? ~u64{0} : u64{0}; }

std::int64_t floor_div64(std::int64_t value) {
  return value >= 0 ? value / 64 : -((-value + 63) / 64);
}

// x = +-mantissa * 2^exponent, mantissa < 2^53.
struct Decomposed {
  u64 mantissa;
  std::int64_t exponent;
};

Decomposed decompose(double x) {
  const u64 bits = std::bit_cast<u64>(x);
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  const u64 fraction = bits & ((u64{1} << 52) - 1);
  if (biased == 0) return {fraction, -1074};
  return {fraction | (u64{1} << 52), biased - 1075};
}

std::string describe_non_finite(double x) {
  if (std::isnan(x)) return "nan";
  return x > 0 ? "inf" : "-inf";
}

// A non-negative integer words * 2^(64 * base), words little-endian.
struct Magnitude {
  std::vector<u64> words;
  std::int64_t base = 0;
};

void trim_top(Magnitude& m) {
  while (!m.words.empty() && m.words.back() == 0) m.words.pop_back();
}

bool is_zero(const Magnitude& m) {
  return std::all_of(m.words.begin(), m.words.end(), [](u64 w) { return w == 0; });
}

// Pads with zero words at the bottom (the value is unchanged) until there are at least `count`
// words, so a later integer division keeps enough quotient bits.
void pad_bottom(Magnitude& m, std::size_t count) {
  if (m.words.size() >= count) return;
  const std::size_t extra = count - m.words.size();
  m.words.insert(m.words.begin(), extra, 0);
  m.base -= static_cast<std::int64_t>(extra);
}

Magnitude multiply(const Magnitude& a, const Magnitude& b) {
  Magnitude out;
  out.base = a.base + b.base;
  out.words.assign(a.words.size() + b.words.size(), 0);
  for (std::size_t i = 0; i < a.words.size(); ++i) {
    u64 carry = 0;
    for (std::size_t j = 0; j < b.words.size(); ++j) {
      const u128 t = static_cast<u128>(a.words[i]) * b.words[j] + out.words[i + j] + carry;
      out.words[i + j] = static_cast<u64>(t);
      carry = static_cast<u64>(t >> 64);
    }
    out.words[i + b.words.size()] = carry;
  }
  trim_top(out);
  return out;
}

// a - b, or false if the result would be negative.
bool subtract(Magnitude a, Magnitude b, Magnitude& out) {
  const std::int64_t base = std::min(a.base, b.base);
  pad_bottom(a, a.words.size() + static_cast<std::size_t>(a.base - base));
  pad_bottom(b, b.words.size() + static_cast<std::size_t>(b.base - base));
  const std::size_t size = std::max(a.words.size(), b.words.size());
  a.words.resize(size, 0);
  b.words.resize(size, 0);
  out.base = base;
  out.words.assign(size, 0);
  u64 borrow = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const u64 x = a.words[i];
    const u64 y = b.words[i];
    out.words[i] = x - y - borrow;
    borrow = (x < y || x - y < borrow) ? 1 : 0;
  }
  trim_top(out);
  return borrow == 0;
}

// Divides in place by divisor (> 0) and returns the remainder.
u64 divide(Magnitude& m, u64 divisor) {
  u64 remainder = 0;
  for (std::size_t i = m.words.size(); i-- > 0;) {
    const u128 current = (static_cast<u128>(remainder) << 64) | m.words[i];
    m.words[i] = static_cast<u64>(current / divisor);
    remainder = static_cast<u64>(current % divisor);
  }
  trim_top(m);
  return remainder;
}

// Rounds m (plus an infinitesimal when sticky) to the nearest double, ties to even, including
// subnormal results.
double round_to_double(const Magnitude& m, bool sticky, bool negative) {
  std::int64_t top_word = static_cast<std::int64_t>(m.words.size()) - 1;
  while (top_word >= 0 && m.words[static_cast<std::size_t>(top_word)] == 0) --top_word;
  if (top_word < 0) return negative ? -0.0 : 0.0;
  const u64 word = m.words[static_cast<std::size_t>(top_word)];
  const std::int64_t top = 64 * (m.base + top_word) + (63 - std::countl_zero(word));
  const double infinity = std::numeric_limits<double>::infinity();
  if (top > 1023) return negative ? -infinity : infinity;
  const std::int64_t lsb = top >= -1022 ? top - 52 : -1074;

  const std::int64_t origin = 64 * m.base;
  auto bit = [&](std::int64_t position) -> u64 {
    const std::int64_t rel = position - origin;
    if (rel < 0 || rel >= static_cast<std::int64_t>(64 * m.words.size())) return 0;
    return (m.words[static_cast<std::size_t>(rel / 64)] >> (rel % 64)) & 1;
  };
  auto any_below = [&](std::int64_t position) {
    const std::int64_t rel =
        std::min<std::int64_t>(position - origin, static_cast<std::int64_t>(64 * m.words.size()));
    if (rel <= 0) return false;
    const std::size_t full = static_cast<std::size_t>(rel / 64);
    for (std::size_t i = 0; i < full; ++i) {
      if (m.words[i] != 0) return true;
    }
    const int bits = static_cast<int>(rel % 64);
    return bits != 0 && (m.words[full] & ((u64{1} << bits) - 1)) != 0;
  };

  u64 mantissa = 0;
  for (std::int64_t position = top; position >= lsb; --position) {
    mantissa = (mantissa << 1) | bit(position);
  }
  const bool guard = bit(lsb - 1) != 0;
  const bool rest = sticky || any_below(lsb - 1);
  if (guard && (rest || (mantissa & 1) != 0)) ++mantissa;
  const double result = std::ldexp(static_cast<double>(mantissa), static_cast<int>(lsb));
  return negative ? -result : result;
}

Magnitude magnitude_of(const std::vector<u64>& limbs, std::int64_t base, bool& negative) {
  Magnitude m{limbs, base};
  negative = !limbs.empty() && (limbs.back() >> 63) != 0;
  if (negative) {
    u64 carry = 1;
    for (u64& w : m.words) {
      w = ~w + carry;
      carry = (carry != 0 && w == 0) ? 1 : 0;
    }
  }
  trim_top(m);
  return m;
}

}  // namespace

void ExactSum::add(double x, std::uint64_t times) {
  if (!std::isfinite(x)) {
    throw Error("non-finite value " + describe_non_finite(x) + " cannot be summed");
  }
  if (x == 0 || times == 0) return;
  const Decomposed d = decompose(x);
  const u128 product = static_cast<u128>(d.mantissa) * times;
  const u64 words[2] = {static_cast<u64>(product), static_cast<u64>(product >> 64)};
  add_magnitude(words, 2, d.exponent, x < 0);
}

void ExactSum::add_square(double x, std::uint64_t times) {
  if (!std::isfinite(x)) {
    throw Error("non-finite value " + describe_non_finite(x) + " cannot be summed");
  }
  if (x == 0 || times == 0) return;
  const Decomposed d = decompose(x);
  const u128 square = static_cast<u128>(d.mantissa) * d.mantissa;
  const u128 low = static_cast<u128>(static_cast<u64>(square)) * times;
  const u128 high = static_cast<u128>(static_cast<u64>(square >> 64)) * times + (low >> 64);
  const u64 words[3] = {static_cast<u64>(low), static_cast<u64>(high),
                        static_cast<u64>(high >> 64)};
  add_magnitude(words, 3, 2 * d.exponent, false);
}

void ExactSum::add_magnitude(const std::uint64_t* words, int count, std::int64_t exponent,
                             bool negative) {
  std::int64_t q = floor_div64(exponent);
  const int r = static_cast<int>(exponent - 64 * q);
  u64 buffer[5] = {0, 0, 0, 0, 0};
  for (int i = 0; i < count; ++i) {
    buffer[i] |= words[i] << r;
    if (r != 0) buffer[i + 1] |= words[i] >> (64 - r);
  }
  // Only the nonzero span of the term touches the sum (a small integer is one word), which
  // keeps the window, and so the work per value, as small as the data allow.
  int n = count + 1;
  while (n > 1 && buffer[n - 1] == 0) --n;
  int first = 0;
  while (first < n - 1 && buffer[first] == 0) ++first;
  const u64* shifted = buffer + first;
  n -= first;
  q += first;
  // One limb of headroom above the term keeps the two's-complement sum from overflowing.
  if (limbs_.empty()) {
    base_ = static_cast<std::int32_t>(q);
    limbs_.assign(static_cast<std::size_t>(n + 1), 0);
  } else {
    if (q < base_) {
      limbs_.insert(limbs_.begin(), static_cast<std::size_t>(base_ - q), 0);
      base_ = static_cast<std::int32_t>(q);
    }
    const auto need = static_cast<std::size_t>(q + n + 1 - base_);
    if (limbs_.size() < need) limbs_.resize(need, sign_limb(limbs_.back()));
  }
  auto i = static_cast<std::size_t>(q - base_);
  if (!negative) {
    u64 carry = 0;
    for (int k = 0; k < n; ++k, ++i) {
      const u128 s = static_cast<u128>(limbs_[i]) + shifted[k] + carry;
      limbs_[i] = static_cast<u64>(s);
      carry = static_cast<u64>(s >> 64);
    }
    for (; carry != 0 && i < limbs_.size(); ++i) {
      limbs_[i] += 1;
      carry = limbs_[i] == 0 ? 1 : 0;
    }
  } else {
    u64 borrow = 0;
    for (int k = 0; k < n; ++k, ++i) {
      const u64 a = limbs_[i];
      const u64 b = shifted[k];
      limbs_[i] = a - b - borrow;
      borrow = (a < b || a - b < borrow) ? 1 : 0;
    }
    for (; borrow != 0 && i < limbs_.size(); ++i) {
      borrow = limbs_[i] == 0 ? 1 : 0;
      limbs_[i] -= 1;
    }
  }
  // Restore the canonical form; the full normalize() only when a cheap test says it is needed.
  if (limbs_.back() != sign_limb(limbs_[limbs_.size() - 2])) {
    limbs_.push_back(sign_limb(limbs_.back()));
  }
  const std::size_t size = limbs_.size();
  if (limbs_[0] == 0 || (size >= 3 && limbs_[size - 2] == sign_limb(limbs_[size - 3]))) {
    normalize();
  }
}

void ExactSum::merge(const ExactSum& other) {
  if (other.limbs_.empty()) return;
  if (limbs_.empty()) {
    *this = other;
    return;
  }
  const std::int64_t low = std::min(base_, other.base_);
  const std::int64_t high =
      std::max<std::int64_t>(base_ + static_cast<std::int64_t>(limbs_.size()),
                             other.base_ + static_cast<std::int64_t>(other.limbs_.size())) +
      1;
  if (base_ > low) {
    limbs_.insert(limbs_.begin(), static_cast<std::size_t>(base_ - low), 0);
    base_ = static_cast<std::int32_t>(low);
  }
  limbs_.resize(static_cast<std::size_t>(high - low), sign_limb(limbs_.back()));
  const auto offset = static_cast<std::size_t>(other.base_ - base_);
  const u64 other_sign = sign_limb(other.limbs_.back());
  u64 carry = 0;
  for (std::size_t i = offset; i < limbs_.size(); ++i) {
    const std::size_t j = i - offset;
    const u64 b = j < other.limbs_.size() ? other.limbs_[j] : other_sign;
    const u128 s = static_cast<u128>(limbs_[i]) + b + carry;
    limbs_[i] = static_cast<u64>(s);
    carry = static_cast<u64>(s >> 64);
  }
  normalize();
}

void ExactSum::normalize() {
  std::size_t low = 0;
  while (low < limbs_.size() && limbs_[low] == 0) ++low;
  if (low == limbs_.size()) {
    limbs_.clear();
    base_ = 0;
    return;
  }
  if (low > 0) {
    limbs_.erase(limbs_.begin(), limbs_.begin() + static_cast<std::ptrdiff_t>(low));
    base_ += static_cast<std::int32_t>(low);
  }
  while (limbs_.size() >= 2 && limbs_.back() == sign_limb(limbs_[limbs_.size() - 2])) {
    limbs_.pop_back();
  }
  limbs_.push_back(sign_limb(limbs_.back()));
}

int ExactSum::sign() const {
  if (limbs_.empty()) return 0;
  return limbs_.back() != 0 ? -1 : 1;
}

double ExactSum::to_double() const {
  bool negative = false;
  const Magnitude m = magnitude_of(limbs_, base_, negative);
  return round_to_double(m, false, negative);
}

double ExactSum::divided_by(std::uint64_t divisor) const {
  if (divisor == 0) throw Error("an exact sum cannot be divided by zero");
  bool negative = false;
  Magnitude m = magnitude_of(limbs_, base_, negative);
  if (m.words.empty()) return 0.0;
  // Four spare words below a quotient of at least one word leave it >= 129 significant bits.
  pad_bottom(m, m.words.size() + 4);
  const bool sticky = divide(m, divisor) != 0;
  return round_to_double(m, sticky, negative);
}

double exact_variance(const ExactSum& sum, const ExactSum& sum_squares, std::uint64_t n,
                      std::uint64_t ddof) {
  if (n <= ddof) return std::numeric_limits<double>::quiet_NaN();
  bool negative_sum = false;
  bool negative_squares = false;
  const Magnitude s1 = magnitude_of(sum.limbs_, sum.base_, negative_sum);
  const Magnitude s2 = magnitude_of(sum_squares.limbs_, sum_squares.base_, negative_squares);
  if (negative_squares) throw Error("inconsistent sums: the sum of squares is negative");
  const Magnitude scaled = multiply(s2, Magnitude{{n}, 0});
  const Magnitude square = multiply(s1, s1);
  Magnitude numerator;
  if (!subtract(scaled, square, numerator)) {
    throw Error("inconsistent sums: n * sum of squares is less than the squared sum");
  }
  if (is_zero(numerator)) return 0.0;
  // Two divisions by at most 2^64 each still leave >= 129 significant quotient bits.
  pad_bottom(numerator, numerator.words.size() + 5);
  bool sticky = divide(numerator, n) != 0;
  sticky = divide(numerator, n - ddof) != 0 || sticky;
  return round_to_double(numerator, sticky, false);
}

nlohmann::json ExactSum::to_json() const {
  static const char kHex[] = "0123456789abcdef";
  nlohmann::json limbs = nlohmann::json::array();
  for (u64 limb : limbs_) {
    std::string text(16, '0');
    for (int i = 15; i >= 0; --i, limb >>= 4) text[static_cast<std::size_t>(i)] = kHex[limb & 15];
    limbs.push_back(text);
  }
  return {{"base", base_}, {"limbs", limbs}};
}

ExactSum ExactSum::from_json(const nlohmann::json& json, const std::string& context) {
  if (!json.is_object()) throw Error(where(context, "", "an exact sum must be a JSON object"));
  if (!json.contains("base") || !json.at("base").is_number_integer()) {
    throw Error(where(context, "base", "must be an integer"));
  }
  const auto base = json.at("base").get<std::int64_t>();
  if (base < -kMaxJsonBase || base > kMaxJsonBase) {
    throw Error(where(context, "base", "must be between -64 and 64, got " + std::to_string(base)));
  }
  if (!json.contains("limbs") || !json.at("limbs").is_array()) {
    throw Error(where(context, "limbs", "must be an array of 16-digit hex strings"));
  }
  const nlohmann::json& limbs = json.at("limbs");
  if (limbs.size() > kMaxJsonLimbs) {
    throw Error(where(context, "limbs", "has more than 128 limbs"));
  }
  ExactSum out;
  out.base_ = static_cast<std::int32_t>(base);
  for (std::size_t i = 0; i < limbs.size(); ++i) {
    const std::string key = "limbs[" + std::to_string(i) + "]";
    const nlohmann::json& item = limbs[i];
    if (!item.is_string() || item.get_ref<const std::string&>().size() != 16) {
      throw Error(where(context, key, "must be a string of 16 hex digits"));
    }
    u64 limb = 0;
    for (char c : item.get_ref<const std::string&>()) {
      int digit = -1;
      if (c >= '0' && c <= '9') digit = c - '0';
      if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
      if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
      if (digit < 0) throw Error(where(context, key, "must be a string of 16 hex digits"));
      limb = (limb << 4) | static_cast<u64>(digit);
    }
    out.limbs_.push_back(limb);
  }
  // Sign-extend once, as in a canonical text, so normalize() reads the top limb as the sign.
  if (!out.limbs_.empty()) out.limbs_.push_back(sign_limb(out.limbs_.back()));
  out.normalize();
  return out;
}

}  // namespace mancala::stats
