// Samples for the statistics tests, built from lists of values.
#pragma once

#include <cstdint>
#include <vector>

#include "stats/histogram.h"
#include "stats/moments.h"

namespace mancala::stats::testing_util {

inline IntHistogram histogram_of(const std::vector<std::int64_t>& values) {
  IntHistogram h;
  for (std::int64_t v : values) h.add(v);
  return h;
}

inline Moments moments_of(const std::vector<double>& values) {
  Moments m;
  for (double v : values) m.add(v);
  return m;
}

}  // namespace mancala::stats::testing_util
