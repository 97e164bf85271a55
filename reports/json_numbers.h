// Numbers in the JSON the renderers write: a finite number as itself, anything else as null (JSON
// has no NaN or infinity).
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>

namespace mancala::reports {

inline nlohmann::ordered_json number_json(double x) {
  return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json(nullptr);
}

}  // namespace mancala::reports
