#include "reports/readings_words.h"

#include <algorithm>

#include "simulator/agents.h"

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

std::string plural(size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string played_sentence(const analysis::Reconstruction& r, bool in_words) {
  std::string stages;
  for (const analysis::StageRuns& s : r.stages) {
    const std::string agent = in_words ? sim::agent_in_words(s.plan.agent) : s.plan.agent.name();
    const std::string who = s.plan.panel > 0    ? agent + (in_words ? ", of the panel" : " (panel)")
                            : s.plan.round == 0 ? std::string("random play")
                                                : agent + (in_words ? ", round " : " round ") +
                                                      std::to_string(s.plan.round);
    const std::string played = in_words
                                   ? plural(s.plan.candidates.size(), "candidate", "candidates") +
                                         ", " + plural(s.plan.games, "game", "games") + " each"
                                   : plural(s.plan.candidates.size(), "candidate", "candidates") +
                                         " x " + plural(s.plan.games, "game", "games");
    stages += (stages.empty() ? "" : "; ") + std::string("stage ") + std::to_string(s.plan.index) +
              (in_words ? ", " + who + ": " : " " + who + ", ") + played +
              (s.shard.count > 1 ? " (shard " + std::to_string(s.shard.index) + "/" +
                                       std::to_string(s.shard.count) + ")"
                                 : "") +
              (s.partial() ? " (partial)" : "");
  }
  if (in_words) {
    return "Played with random seed " + std::to_string(r.settings.seed) + ", at most " +
           plural(r.settings.games, "game", "games") +
           " a candidate in a stage; the skilled agent: " + sim::agent_in_words(r.settings.agent) +
           " (" + r.settings.agent_reason + "). " +
           (stages.empty() ? std::string("Nothing played yet") : "In " + stages) + ".";
  }
  return "Played (seed " + std::to_string(r.settings.seed) + ", --games " +
         std::to_string(r.settings.games) + "; skilled agent " + r.settings.agent.name() + ": " +
         r.settings.agent_reason + "): " + (stages.empty() ? "nothing yet" : stages) + ".";
}

}  // namespace mancala::reports
