#include "common/suggest.h"

#include <algorithm>
#include <set>

#include "common/text.h"

namespace mancala {
namespace {

// Levenshtein distance over bytes of folded names, stopping once every cell exceeds `cap`.
size_t edit_distance(const std::string& a, const std::string& b, size_t cap) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    size_t best = row[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
      best = std::min(best, row[j]);
    }
    if (best > cap) return cap + 1;
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> nearest_spellings(const std::string& wanted,
                                           const std::vector<std::string>& known, size_t limit) {
  const std::string w = fold_name(wanted);
  if (w.empty()) return {};
  const size_t cap = std::max<size_t>(2, display_width(w) / 3);
  std::vector<std::pair<size_t, size_t>> found;  // (distance, index)
  for (size_t i = 0; i < known.size(); ++i) {
    const std::string k = fold_name(known[i]);
    if (k.empty() || k == w) continue;
    size_t d = edit_distance(w, k, cap);
    if (d > cap && k.starts_with(w) && w.size() >= 3) d = cap;  // a prefix of a longer name
    if (d <= cap) found.emplace_back(d, i);
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& [d, i] : found) {
    if (out.size() >= limit) break;
    if (seen.insert(fold_name(known[i])).second) out.push_back(known[i]);
  }
  return out;
}

std::string did_you_mean(const std::string& wanted, const std::vector<std::string>& known) {
  const std::vector<std::string> near = nearest_spellings(wanted, known);
  if (near.empty()) return "";
  return "; did you mean " + or_list(near) + "?";
}

}  // namespace mancala
