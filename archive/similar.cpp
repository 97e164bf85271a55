#include "archive/similar.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "archive/dates.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

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
  if (!a.counters_per_hole || !b.counters_per_hole) {
    score += 0.05;  // a board whose counters are not known matches less surely
  } else if (*a.counters_per_hole == *b.counters_per_hole) {
    out += ", " + std::to_string(*b.counters_per_hole) + " counters a hole as well";
  } else {
    score += 0.5;
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
  // Years as a reader counts them: 1927 and 1939 are 12 years apart, whatever the days.
  const int gap = std::max(years_between(year_of_day(*a.day_to), year_of_day(*b.day_from)),
                           years_between(year_of_day(*b.day_to), year_of_day(*a.day_from)));
  if (gap <= 0) return "overlapping dates";
  score += std::min(gap / 200.0, 5.0);
  return "dates " + std::to_string(gap) + (gap == 1 ? " year" : " years") + " apart";
}

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80;
}

// Whether text[at, at + length) is whole words: no letter or digit just before or after it.
bool whole_words(const std::string& text, size_t at, size_t length) {
  return (at == 0 || !word_char(text[at - 1])) &&
         (at + length >= text.size() || !word_char(text[at + length]));
}

// The names of `named` not also names of `other` (an alias two games share says nothing of which).
std::vector<std::string> own_names(const GameProfile& named, const GameProfile& other) {
  std::vector<std::string> out;
  for (const std::string& n : named.names) {
    if (n.empty() || std::find(other.names.begin(), other.names.end(), n) != other.names.end())
      continue;
    out.push_back(n);
  }
  return out;
}

// The first record of `of` whose source compares its game with `with` in its own words, as
// 'Beaton 1939 (DLP.Evidence.1880): "set out in the same way as for Ryakati"'; "" when none does.
std::string statement_between(const GameProfile& of, const GameProfile& with) {
  const std::vector<std::string> names = own_names(with, of);
  for (const GameProfile::Quote& quote : of.quotes) {
    const std::string words = comparison_in(quote.text, names);
    if (!words.empty()) return quote.author_year + " (" + quote.record_id + "): \"" + words + "\"";
  }
  return "";
}

std::string statement_part(const GameProfile& a, const GameProfile& b, double& score) {
  std::string said = statement_between(a, b);
  if (said.empty()) said = statement_between(b, a);
  if (!said.empty()) score -= 4;
  return said;
}

}  // namespace

std::string comparison_in(const std::string& text, const std::vector<std::string>& names) {
  static const char* const kPhrases[] = {"same way as", "same as",    "similar to", "identical to",
                                         "variant of",  "version of", "like"};
  const std::string lower = ascii_lower(text);
  for (const char* phrase : kPhrases) {
    const std::string p = phrase;
    for (size_t at = lower.find(p); at != std::string::npos; at = lower.find(p, at + 1)) {
      if (!whole_words(lower, at, p.size())) continue;
      // The next few words after the phrase ("as for Ryakati": the name within five words).
      size_t window_end = at + p.size();
      for (int w = 0; w < 5 && window_end < lower.size(); ++w) {
        window_end = lower.find(' ', window_end + 1);
        if (window_end == std::string::npos) window_end = lower.size();
      }
      for (const std::string& name : names) {
        const std::string n = ascii_lower(name);
        const size_t found = lower.find(n, at + p.size());
        if (found == std::string::npos || found + n.size() > window_end ||
            !whole_words(lower, found, n.size()))
          continue;
        // From up to four words before the phrase, within its sentence, to the end of the name.
        size_t start = at;
        for (int w = 0; w < 4; ++w) {
          size_t end = start;
          while (end > 0 && lower[end - 1] == ' ') --end;
          size_t begin = end;
          while (begin > 0 && lower[begin - 1] != ' ') --begin;
          if (begin == end ||
              lower.substr(begin, end - begin).find_first_of(".\"") != std::string::npos)
            break;  // the text's start, a sentence's end or a quotation mark
          start = begin;
        }
        return text.substr(start, found + n.size() - start);
      }
    }
  }
  return "";
}

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
    const std::string said = statement_part(target, other, s.score);
    s.reason = (said.empty() ? "" : said + "; ") + board_part(target.board, other.board, s.score) +
               ", " + place_part(target, other, s.score, cache) + ", " +
               date_part(target, other, s.score);
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
