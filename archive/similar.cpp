#include "archive/similar.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace mancala::archive {
namespace {

constexpr double kDaysPerYear = 365.2425;

std::string board_part(const BoardFacts& a, const BoardFacts& b, double& score) {
  if (!a.rows || !b.rows || !a.holes_per_row || !b.holes_per_row) {
    score += 1.5;
    return b.rows ? "board " + board_text(b) + " (the other's unknown)" : "board unknown";
  }
  std::string out;
  if (*a.rows == *b.rows && *a.holes_per_row == *b.holes_per_row) {
    out = "same board " + board_text(b);
  } else {
    out = "board " + board_text(b);
    if (*a.rows != *b.rows) score += 2;
    const int holes = std::abs(*a.holes_per_row - *b.holes_per_row);
    score += std::min(0.25 * holes, 2.0);
  }
  if (a.counters_per_hole && b.counters_per_hole) {
    if (*a.counters_per_hole == *b.counters_per_hole) {
      out += ", " + std::to_string(*b.counters_per_hole) + " counters a hole as well";
    } else {
      score += 0.25;
    }
  }
  return out;
}

double place_distance_km(const GameProfile& a, const GameProfile& b, PlaceDistances* cache) {
  if (!cache || a.place.empty() || b.place.empty())
    return distance_between_areas_km(*a.area, *b.area);
  const auto key =
      a.place < b.place ? std::make_pair(a.place, b.place) : std::make_pair(b.place, a.place);
  if (const auto it = cache->find(key); it != cache->end()) return it->second;
  const double km = distance_between_areas_km(*a.area, *b.area);
  cache->emplace(key, km);
  return km;
}

std::string place_part(const GameProfile& a, const GameProfile& b, double& score,
                       PlaceDistances* cache) {
  if (!a.area || !b.area) {
    score += 2;
    return "place unknown";
  }
  if (!a.place.empty() && a.place == b.place) return "same place (" + b.place + ")";
  const double km = place_distance_km(a, b, cache);
  score += std::min(km / 2000, 5.0);
  if (km < 1) return "overlapping places (" + b.place + ")";
  char text[64];
  std::snprintf(text, sizeof text, "%.0f km", km);
  return std::string(text) + " (" + b.place + ")";
}

std::string date_part(const GameProfile& a, const GameProfile& b, double& score) {
  if (!a.day_from || !b.day_from) {
    score += 1;
    return "undated";
  }
  const int64_t gap = std::max(*a.day_from - *b.day_to, *b.day_from - *a.day_to);
  if (gap <= 0) return "overlapping dates";
  const double years = static_cast<double>(gap) / kDaysPerYear;
  score += std::min(years / 200, 5.0);
  char text[64];
  std::snprintf(text, sizeof text, "dates %.0f years apart", std::max(1.0, std::round(years)));
  return text;
}

}  // namespace

std::string board_text(const BoardFacts& board) {
  if (!board.rows) return "";
  return std::to_string(*board.rows) + "x" +
         (board.holes_per_row ? std::to_string(*board.holes_per_row) : std::string("?"));
}

std::vector<SimilarGame> similar_games(const GameProfile& target,
                                       const std::vector<GameProfile>& others, size_t limit,
                                       PlaceDistances* cache) {
  std::vector<SimilarGame> out;
  for (const GameProfile& other : others) {
    if (other.key == target.key) continue;
    SimilarGame s{other, 0, ""};
    s.reason = board_part(target.board, other.board, s.score) + ", " +
               place_part(target, other, s.score, cache) + ", " + date_part(target, other, s.score);
    out.push_back(std::move(s));
  }
  std::stable_sort(out.begin(), out.end(), [](const SimilarGame& a, const SimilarGame& b) {
    if (a.score != b.score) return a.score < b.score;
    return a.game.name < b.game.name;
  });
  if (out.size() > limit) out.resize(limit);
  return out;
}

}  // namespace mancala::archive
