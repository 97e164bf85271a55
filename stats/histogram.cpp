#include "stats/histogram.h"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/error.h"

namespace mancala::stats {
namespace {

constexpr std::uint64_t kMaxCount = std::numeric_limits<std::uint64_t>::max();

void check_probability(double p, const char* function) {
  if (!(p >= 0 && p <= 1)) {
    std::ostringstream shown;
    shown << p;
    throw Error(std::string(function) + ": probability must be in [0, 1], got " + shown.str());
  }
}

}  // namespace

void IntHistogram::add(std::int64_t value, std::uint64_t times) {
  if (value < 0 || value > kMaxValue) {
    throw Error("histogram value " + std::to_string(value) + " is outside 0.." +
                std::to_string(kMaxValue));
  }
  if (times == 0) return;
  if (times > kMaxCount - total_) throw Error("histogram total would overflow 2^64 - 1");
  const auto index = static_cast<std::size_t>(value);
  if (index >= counts_.size()) counts_.resize(index + 1, 0);
  counts_[index] += times;
  if (total_ == 0 || value < min_) min_ = value;
  total_ += times;
}

void IntHistogram::merge(const IntHistogram& other) {
  if (other.total_ == 0) return;
  if (other.total_ > kMaxCount - total_) throw Error("histogram total would overflow 2^64 - 1");
  if (other.counts_.size() > counts_.size()) counts_.resize(other.counts_.size(), 0);
  for (std::size_t v = static_cast<std::size_t>(other.min_); v < other.counts_.size(); ++v) {
    counts_[v] += other.counts_[v];
  }
  if (total_ == 0 || other.min_ < min_) min_ = other.min_;
  total_ += other.total_;
}

std::uint64_t IntHistogram::count(std::int64_t value) const {
  if (value < 0 || static_cast<std::uint64_t>(value) >= counts_.size()) return 0;
  return counts_[static_cast<std::size_t>(value)];
}

std::int64_t IntHistogram::min() const {
  if (total_ == 0) throw Error("an empty histogram has no minimum");
  return min_;
}

std::int64_t IntHistogram::max() const {
  if (total_ == 0) throw Error("an empty histogram has no maximum");
  return static_cast<std::int64_t>(counts_.size()) - 1;
}

Moments IntHistogram::moments() const {
  Moments out;
  for (std::size_t v = 0; v < counts_.size(); ++v) {
    if (counts_[v] != 0) out.add(static_cast<double>(v), counts_[v]);
  }
  return out;
}

std::int64_t IntHistogram::order_statistic(std::uint64_t k) const {
  if (k < 1 || k > total_) {
    throw Error("order statistic " + std::to_string(k) + " is outside 1.." +
                std::to_string(total_));
  }
  std::uint64_t cumulative = 0;
  for (std::size_t v = static_cast<std::size_t>(min_); v < counts_.size(); ++v) {
    cumulative += counts_[v];
    if (cumulative >= k) return static_cast<std::int64_t>(v);
  }
  return max();  // not reached: the counts add up to total_
}

double IntHistogram::quantile(double p) const {
  check_probability(p, "quantile");
  if (total_ == 0) throw Error("quantile: the histogram is empty");
  // R's type 7 written as R writes it, so the doubles agree with quantile(x, p).
  const double index = 1 + static_cast<double>(total_ - 1) * p;
  const double lo = std::floor(index);
  const double hi = std::ceil(index);
  const double h = index - lo;
  const auto at_lo = static_cast<double>(order_statistic(static_cast<std::uint64_t>(lo)));
  if (h == 0) return at_lo;
  const auto at_hi = static_cast<double>(order_statistic(static_cast<std::uint64_t>(hi)));
  if (at_hi == at_lo) return at_lo;
  return (1 - h) * at_lo + h * at_hi;
}

std::int64_t IntHistogram::nearest_rank(double p) const {
  check_probability(p, "nearest_rank");
  if (total_ == 0) throw Error("nearest_rank: the histogram is empty");
  const double rank = std::ceil(p * static_cast<double>(total_));
  if (rank < 1) return min_;
  if (rank >= static_cast<double>(total_)) return max();
  return order_statistic(static_cast<std::uint64_t>(rank));
}

DistributionSummary IntHistogram::summary() const {
  DistributionSummary s;
  s.count = total_;
  if (total_ == 0) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    s.mean = s.sd = s.min = s.p5 = s.median = s.p95 = s.max = nan;
    return s;
  }
  const Moments m = moments();
  s.mean = m.mean();
  s.sd = m.sd();
  s.min = static_cast<double>(min_);
  s.p5 = quantile(0.05);
  s.median = quantile(0.5);
  s.p95 = quantile(0.95);
  s.max = static_cast<double>(max());
  return s;
}

std::vector<HistogramBin> IntHistogram::bins(int max_bins) const {
  if (max_bins < 1)
    throw Error("histogram bins: need at least 1 bin, got " + std::to_string(max_bins));
  std::vector<HistogramBin> out;
  if (total_ == 0) return out;
  const std::int64_t range = max() - min_ + 1;
  const std::int64_t width = (range + max_bins - 1) / max_bins;
  for (std::int64_t low = min_; low <= max(); low += width) {
    HistogramBin bin{low, low + width - 1, 0};
    for (std::int64_t v = low; v <= bin.high && v <= max(); ++v) {
      bin.count += counts_[static_cast<std::size_t>(v)];
    }
    out.push_back(bin);
  }
  return out;
}

nlohmann::json IntHistogram::to_json() const {
  nlohmann::json counts = nlohmann::json::array();
  if (total_ == 0) return {{"first", 0}, {"counts", counts}};
  for (std::size_t v = static_cast<std::size_t>(min_); v < counts_.size(); ++v) {
    counts.push_back(counts_[v]);
  }
  return {{"first", min_}, {"counts", counts}};
}

IntHistogram IntHistogram::from_json(const nlohmann::json& json, const std::string& context) {
  if (!json.is_object()) throw Error(where(context, "", "a histogram must be a JSON object"));
  if (!json.contains("first") || !json.at("first").is_number_integer() ||
      json.at("first").get<std::int64_t>() < 0 ||
      json.at("first").get<std::int64_t>() > kMaxValue) {
    throw Error(
        where(context, "first", "must be an integer from 0 to " + std::to_string(kMaxValue)));
  }
  if (!json.contains("counts") || !json.at("counts").is_array()) {
    throw Error(where(context, "counts", "must be an array of non-negative integers"));
  }
  const auto first = json.at("first").get<std::int64_t>();
  const nlohmann::json& counts = json.at("counts");
  IntHistogram out;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const std::string key = "counts[" + std::to_string(i) + "]";
    const bool is_count = counts[i].is_number_unsigned() ||
                          (counts[i].is_number_integer() && counts[i].get<std::int64_t>() >= 0);
    if (!is_count) {
      throw Error(where(context, key, "must be a non-negative integer"));
    }
    const auto times = counts[i].get<std::uint64_t>();
    if (times == 0) continue;
    const std::int64_t value = first + static_cast<std::int64_t>(i);
    if (value > kMaxValue) {
      throw Error(
          where(context, key,
                "value " + std::to_string(value) + " is above " + std::to_string(kMaxValue)));
    }
    if (times > kMaxCount - out.total_) {
      throw Error(where(context, key, "makes the total overflow 2^64 - 1"));
    }
    out.add(value, times);
  }
  return out;
}

}  // namespace mancala::stats
