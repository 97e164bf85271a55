#include "reports/readings_words.h"

#include <algorithm>

namespace mancala::reports {

std::string readings_id_in_words(const std::string& id) {
  std::string out = id;
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

std::string reading_in_words(const analysis::Readings& readings, const analysis::Pick& pick) {
  std::string out;
  for (size_t c = 0; c < readings.choices.size(); ++c) {
    const analysis::Choice& choice = readings.choices[c];
    if (pick[c] == choice.reference) continue;
    out += (out.empty() ? "" : "; ") + readings_id_in_words(choice.id) + ": " +
           readings_id_in_words(choice.alternatives[pick[c]].name);
  }
  return out.empty() ? "the base's reading" : out;
}

}  // namespace mancala::reports
