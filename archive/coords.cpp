#include "archive/coords.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "archive/error.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

enum class Mark { kNumber, kDegrees, kMinutes, kSeconds, kHemisphere, kSeparator };

struct Token {
  Mark mark;
  double value = 0;     // kNumber
  char hemisphere = 0;  // kHemisphere: N, S, E or W
  bool negative = false;
  bool fraction = false;
};

bool is_degree(char32_t c) { return c == 0xB0 || c == 0xBA || c == 0x2DA; }
bool is_minute(char32_t c) {
  return c == '\'' || c == 0x2032 || c == 0x2019 || c == 0x2018 || c == 0x2B9 || c == 0xB4 ||
         c == '`';
}
bool is_second(char32_t c) {
  return c == '"' || c == 0x2033 || c == 0x201D || c == 0x201C || c == 0x2BA;
}
bool is_blank(char32_t c) {
  return c == ' ' || c == '\t' || c == 0xA0 || c == 0x202F || (c >= 0x2000 && c <= 0x200A);
}

std::string quoted(std::string_view text) { return "'" + trim(text) + "'"; }

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t start = pos;
    const char32_t c = next_code_point(text, pos);
    if (is_blank(c)) continue;
    if (std::isdigit(static_cast<int>(c < 0x80 ? c : 0)) || c == '-' || c == '+' || c == 0x2212) {
      Token t{Mark::kNumber};
      size_t p = start;
      if (c == '-' || c == '+' || c == 0x2212) {
        t.negative = c != '+';
        p = pos;
      }
      std::string digits;
      while (p < text.size() &&
             (std::isdigit(static_cast<unsigned char>(text[p])) || text[p] == '.')) {
        t.fraction = t.fraction || text[p] == '.';
        digits += text[p++];
      }
      if (digits.empty() || digits == "." || digits.find('.') != digits.rfind('.')) {
        throw ArchiveError("coordinates " + quoted(text) + ": malformed number");
      }
      t.value = std::stod(digits);
      pos = p;
      tokens.push_back(t);
    } else if (is_degree(c)) {
      tokens.push_back({Mark::kDegrees});
    } else if (is_minute(c)) {
      // Two minute marks in a row are a seconds mark (a common way to type ″).
      size_t peek = pos;
      if (peek < text.size() && is_minute(next_code_point(text, peek))) {
        pos = peek;
        tokens.push_back({Mark::kSeconds});
      } else {
        tokens.push_back({Mark::kMinutes});
      }
    } else if (is_second(c)) {
      tokens.push_back({Mark::kSeconds});
    } else if (c == 'N' || c == 'S' || c == 'E' || c == 'W' || c == 'n' || c == 's' || c == 'e' ||
               c == 'w') {
      Token t{Mark::kHemisphere};
      t.hemisphere = static_cast<char>(std::toupper(static_cast<int>(c)));
      tokens.push_back(t);
    } else if (c == ',' || c == ';' || c == '/') {
      tokens.push_back({Mark::kSeparator});
    } else {
      throw ArchiveError("coordinates " + quoted(text) + ": unexpected character '" +
                         std::string(text.substr(start, pos - start)) + "'");
    }
  }
  return tokens;
}

// One coordinate read from the tokens: its value, and the axis its hemisphere letter names
// ('N' for latitude, 'E' for longitude, 0 when no letter was given).
struct Coordinate {
  double value = 0;
  char axis = 0;
};

Coordinate read_coordinate(const std::vector<Token>& tokens, size_t& i, std::string_view text) {
  Coordinate out;
  char hemisphere = 0;
  if (i < tokens.size() && tokens[i].mark == Mark::kHemisphere) hemisphere = tokens[i++].hemisphere;
  double parts[3] = {0, 0, 0};
  int count = 0;
  bool negative = false;
  while (i < tokens.size() && tokens[i].mark == Mark::kNumber) {
    const Token& number = tokens[i++];
    // An unmarked number takes the next unit in order (degrees, then minutes, then seconds).
    int unit = count;
    if (i < tokens.size()) {
      const Mark m = tokens[i].mark;
      if (m == Mark::kDegrees || m == Mark::kMinutes || m == Mark::kSeconds) {
        unit = m == Mark::kDegrees ? 0 : m == Mark::kMinutes ? 1 : 2;
        ++i;
      }
    }
    if (unit < count || unit > 2) {
      throw ArchiveError("coordinates " + quoted(text) +
                         ": degrees, minutes and seconds out of order");
    }
    if (number.negative && unit != 0) {
      throw ArchiveError("coordinates " + quoted(text) + ": only degrees may carry a sign");
    }
    if (count > 0 && (unit == 0 || parts[unit - 1] != std::floor(parts[unit - 1]))) {
      throw ArchiveError("coordinates " + quoted(text) + ": only the last part may have decimals");
    }
    negative = negative || number.negative;
    parts[unit] = number.value;
    count = unit + 1;
    if (unit == 2) break;
  }
  if (count == 0) throw ArchiveError("coordinates " + quoted(text) + ": missing degrees");
  if (parts[1] >= 60)
    throw ArchiveError("coordinates " + quoted(text) + ": minutes must be below 60");
  if (parts[2] >= 60)
    throw ArchiveError("coordinates " + quoted(text) + ": seconds must be below 60");
  if (i < tokens.size() && tokens[i].mark == Mark::kHemisphere) {
    if (hemisphere != 0) {
      throw ArchiveError("coordinates " + quoted(text) +
                         ": two hemisphere letters for one coordinate");
    }
    hemisphere = tokens[i++].hemisphere;
  }
  out.value = parts[0] + parts[1] / 60 + parts[2] / 3600;
  if (hemisphere != 0) {
    if (negative) {
      throw ArchiveError("coordinates " + quoted(text) +
                         ": a sign and a hemisphere letter together");
    }
    out.axis = hemisphere == 'N' || hemisphere == 'S' ? 'N' : 'E';
    if (hemisphere == 'S' || hemisphere == 'W') out.value = -out.value;
  } else if (negative) {
    out.value = -out.value;
  }
  return out;
}

}  // namespace

std::optional<LatLon> parse_coordinates(std::string_view text) {
  bool has_digit = false;
  bool has_degree = false;
  bool has_letter = false;
  size_t pos = 0;
  while (pos < text.size()) {
    const char32_t c = next_code_point(text, pos);
    has_digit = has_digit || (c >= '0' && c <= '9');
    has_degree = has_degree || is_degree(c);
    const bool hemisphere = c == 'N' || c == 'S' || c == 'E' || c == 'W' || c == 'n' || c == 's' ||
                            c == 'e' || c == 'w';
    has_letter = has_letter ||
                 (c >= 0x80 && !is_degree(c) && !is_minute(c) && !is_second(c) && !is_blank(c) &&
                  c != 0x2212) ||
                 (std::isalpha(static_cast<int>(c < 0x80 ? c : 0)) && !hemisphere);
  }
  // A place name (letters beyond hemisphere marks, or no digits) is a named region.
  if (!has_digit || (!has_degree && has_letter)) return std::nullopt;
  const std::vector<Token> tokens = tokenize(text);
  if (!has_degree) {
    // Only "signed decimal, signed decimal" is read as coordinates without a degree sign.
    const bool pair = tokens.size() == 3 && tokens[0].mark == Mark::kNumber &&
                      tokens[1].mark == Mark::kSeparator && tokens[2].mark == Mark::kNumber;
    if (!pair) return std::nullopt;
  }
  size_t i = 0;
  Coordinate first = read_coordinate(tokens, i, text);
  if (i < tokens.size() && tokens[i].mark == Mark::kSeparator) ++i;
  if (i >= tokens.size()) throw ArchiveError("coordinates " + quoted(text) + ": missing longitude");
  Coordinate second = read_coordinate(tokens, i, text);
  if (i != tokens.size())
    throw ArchiveError("coordinates " + quoted(text) + ": unexpected text after the longitude");
  if (first.axis != 0 && first.axis == second.axis) {
    throw ArchiveError("coordinates " + quoted(text) + ": both coordinates are " +
                       (first.axis == 'N' ? "latitudes" : "longitudes"));
  }
  if (first.axis == 'E' || second.axis == 'N') std::swap(first, second);
  if (std::abs(first.value) > 90) {
    throw ArchiveError("coordinates " + quoted(text) + ": latitude beyond 90 degrees");
  }
  if (std::abs(second.value) > 180) {
    throw ArchiveError("coordinates " + quoted(text) + ": longitude beyond 180 degrees");
  }
  return LatLon{first.value, second.value};
}

double great_circle_km(double lat1, double lon1, double lat2, double lon2) {
  constexpr double kRad = std::numbers::pi / 180.0;
  const double dlat = (lat2 - lat1) * kRad;
  const double dlon = (lon2 - lon1) * kRad;
  const double a =
      std::sin(dlat / 2) * std::sin(dlat / 2) +
      std::cos(lat1 * kRad) * std::cos(lat2 * kRad) * std::sin(dlon / 2) * std::sin(dlon / 2);
  return 2 * kEarthRadiusKm * std::asin(std::min(1.0, std::sqrt(a)));
}

}  // namespace mancala::archive
