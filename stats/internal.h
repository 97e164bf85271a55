// Helpers the stats sources share (not part of the library's interface): one definition each, so
// that the sources can also be compiled together (CMAKE_UNITY_BUILD, scripts/build.sh).
#pragma once

#include <boost/math/distributions/normal.hpp>
#include <cmath>

#include "common/format.h"

namespace mancala::stats::internal {

using mancala::kNaN;  // common/format.h's, one definition for every module

// Two-sided p-value of a standard normal statistic: 0 for an infinite one, 1 for NaN.
inline double normal_two_sided(double z) {
  if (!std::isfinite(z)) return std::isnan(z) ? 1.0 : 0.0;
  return 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::fabs(z)));
}

}  // namespace mancala::stats::internal
