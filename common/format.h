// Numbers as text, shared by every module that writes them (analysis' summaries, the renderers).
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace mancala {

// "Not a number": an undefined figure (a rate of no games), printed as format_number says.
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// value with exactly `decimals` digits after the point, locale-independent ("0.500", "-1.25"),
// never "-0.00" (a negative value that rounds to zero prints as zero), "NaN", "inf" or "-inf" when
// not finite. decimals is clamped to 0..17.
inline std::string format_number(double value, int decimals) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  decimals = std::clamp(decimals, 0, 17);
  char buffer[400];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
  std::string out(buffer, result.ptr);
  if (out.front() == '-' && out.find_first_not_of("-0.") == std::string::npos) out.erase(0, 1);
  return out;
}

// format_number with a '+' before a positive value that does not print as zero ("+1.5", "-0.3",
// "0.0"); not finite as format_number.
inline std::string format_signed(double value, int decimals) {
  const std::string text = format_number(value, decimals);
  return (std::isfinite(value) && text.front() != '-' && text != format_number(0.0, decimals))
             ? "+" + text
             : text;
}

}  // namespace mancala
