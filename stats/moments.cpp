#include "stats/moments.h"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "common/error.h"
#include "stats/internal.h"

namespace mancala::stats {
namespace {

using internal::kNaN;

nlohmann::json number_or_null(double value) {
  if (std::isnan(value)) return nullptr;
  return value;
}

// Reads an optional number that may be null; returns NaN for null or absence.
double optional_number(const nlohmann::json& json, const char* key, const std::string& context) {
  if (!json.contains(key) || json.at(key).is_null()) return kNaN;
  if (!json.at(key).is_number()) throw Error(where(context, key, "must be a number or null"));
  return json.at(key).get<double>();
}

// A non-negative integer, whether the JSON value was parsed (unsigned) or built from an int.
bool is_count(const nlohmann::json& json) {
  return json.is_number_unsigned() || (json.is_number_integer() && json.get<std::int64_t>() >= 0);
}

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

}  // namespace

void Moments::add(double x, std::uint64_t times) {
  if (!std::isfinite(x)) {
    throw Error("non-finite value " +
                std::string(std::isnan(x) ? "nan"
                            : x > 0       ? "inf"
                                          : "-inf") +
                " cannot be added to a statistic");
  }
  if (times == 0) return;
  if (times > std::numeric_limits<std::uint64_t>::max() - count_) {
    throw Error("statistic count would overflow 2^64 - 1 values");
  }
  x += 0.0;  // turns -0.0 into +0.0
  sum_.add(x, times);
  sum_squares_.add_square(x, times);
  if (count_ == 0) {
    min_ = x;
    max_ = x;
  } else {
    if (x < min_) min_ = x;
    if (x > max_) max_ = x;
  }
  count_ += times;
}

void Moments::merge(const Moments& other) {
  if (other.count_ == 0) return;
  if (other.count_ > std::numeric_limits<std::uint64_t>::max() - count_) {
    throw Error("statistic count would overflow 2^64 - 1 values");
  }
  sum_.merge(other.sum_);
  sum_squares_.merge(other.sum_squares_);
  if (count_ == 0) {
    min_ = other.min_;
    max_ = other.max_;
  } else {
    if (other.min_ < min_) min_ = other.min_;
    if (other.max_ > max_) max_ = other.max_;
  }
  count_ += other.count_;
}

double Moments::mean() const { return count_ == 0 ? kNaN : sum_.divided_by(count_); }

double Moments::variance() const { return exact_variance(sum_, sum_squares_, count_, 1); }

double Moments::population_variance() const {
  return exact_variance(sum_, sum_squares_, count_, 0);
}

double Moments::sd() const { return std::sqrt(variance()); }

double Moments::standard_error() const { return sd() / std::sqrt(static_cast<double>(count_)); }

double Moments::min() const { return count_ == 0 ? kNaN : min_; }

double Moments::max() const { return count_ == 0 ? kNaN : max_; }

nlohmann::json Moments::to_json() const {
  return {{"count", count_},
          {"mean", number_or_null(mean())},
          {"sd", number_or_null(sd())},
          {"min", number_or_null(min())},
          {"max", number_or_null(max())},
          {"sum", sum_.to_json()},
          {"sum_squares", sum_squares_.to_json()}};
}

Moments Moments::from_json(const nlohmann::json& json, const std::string& context) {
  if (!json.is_object()) throw Error(where(context, "", "statistics must be a JSON object"));
  if (!json.contains("count") || !is_count(json.at("count"))) {
    throw Error(where(context, "count", "must be a non-negative integer"));
  }
  for (const char* key : {"sum", "sum_squares"}) {
    if (!json.contains(key)) throw Error(where(context, key, "is missing"));
  }
  Moments out;
  out.count_ = json.at("count").get<std::uint64_t>();
  out.sum_ = ExactSum::from_json(json.at("sum"), where(context, "sum", ""));
  out.sum_squares_ = ExactSum::from_json(json.at("sum_squares"), where(context, "sum_squares", ""));
  const double min = optional_number(json, "min", context);
  const double max = optional_number(json, "max", context);
  if (out.count_ == 0) {
    if (!out.sum_.is_zero() || !out.sum_squares_.is_zero()) {
      throw Error(where(context, "count", "is 0 but the sums are not"));
    }
    if (!std::isnan(min) || !std::isnan(max)) {
      throw Error(where(context, "count", "is 0 but min or max is set"));
    }
    return out;
  }
  if (std::isnan(min) || std::isnan(max)) {
    throw Error(where(context, std::isnan(min) ? "min" : "max", "is missing"));
  }
  if (min > max) throw Error(where(context, "min", "is greater than max"));
  out.min_ = min + 0.0;
  out.max_ = max + 0.0;
  try {
    static_cast<void>(out.population_variance());  // throws when no set of values has these sums
  } catch (const Error& e) {
    throw Error(where(context, "sum_squares", e.what()));
  }
  const double sd = out.sd();
  if (json.contains("mean") && !same(optional_number(json, "mean", context), out.mean())) {
    throw Error(where(context, "mean", "does not match the exact sums"));
  }
  if (json.contains("sd") && !same(optional_number(json, "sd", context), sd)) {
    throw Error(where(context, "sd", "does not match the exact sums"));
  }
  return out;
}

}  // namespace mancala::stats
