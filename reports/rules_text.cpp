#include "reports/rules_text.h"

#include <algorithm>
#include <array>
#include <iomanip>
#include <sstream>

#include "analysis/report_model.h"
#include "archive/listing.h"
#include "common/suggest.h"
#include "common/text.h"
#include "simulator/plays_as.h"
#include "simulator/ruleset_io.h"

namespace mancala::reports {

using archive::join;
using nlohmann::json;

std::vector<std::string> ruleset_games() {
  std::vector<std::string> games;
  for (const auto& id : sim::list_ruleset_ids()) {
    const std::string game = id.substr(0, id.find('/'));
    if (games.empty() || games.back() != game) games.push_back(game);
  }
  return games;
}

std::string differs_from_default_line(const sim::RuleSet& r) {
  const std::string source = r.exported_from.empty() ? r.id : r.exported_from;
  const std::string game = source.substr(0, source.find('/'));
  const auto games = ruleset_games();
  if (std::find(games.begin(), games.end(), game) == games.end()) return "";
  const sim::RuleSet base = sim::load_ruleset(game);
  if (base.id == r.id) return "the default reconstruction of " + game;
  std::vector<std::string> keys;
  for (const auto& f : sim::rule_fields()) {
    if (f.get(r) != f.get(base)) keys.push_back(f.key);
  }
  const std::string of = "the default of " + game + " (" + base.id + ")";
  if (keys.empty()) return "same rules as " + of;
  return "differs from " + of + " in " + std::to_string(keys.size()) +
         (keys.size() == 1 ? " key: " : " keys: ") + join(keys, ", ");
}

std::string ruleset_text(const sim::RuleSet& r) {
  std::ostringstream out;
  const std::string hash = sim::rules_hash(r);
  out << r.name << "  (" << r.id << ")\n"
      << "status: " << r.status << "    evidence: " << join(r.evidence, ", ")
      << (r.extends.empty() ? "" : "    extends: " + r.extends) << "    hash: " << hash << "\n";
  if (r.dlp_ruleset > 0) out << "DLP ruleset: " << r.dlp_ruleset << "\n";
  if (!r.exported_from.empty()) {
    out << "exported from " << r.exported_from << " (hash " << r.exported_hash << ")"
        << (r.exported_hash == hash ? "" : "; its rules were edited since") << "\n";
  }
  if (const std::string line = differs_from_default_line(r); !line.empty()) out << line << "\n";
  for (const sim::SamePlay& same : sim::plays_exactly_as(r))
    out << sim::plays_as_sentence(same) << "\n";
  out << "\n" << r.summary << "\n";
  std::string group;
  std::vector<std::string> inactive;
  for (const auto& f : sim::rule_fields()) {
    if (!sim::key_acts(r, f.key)) {
      inactive.push_back(f.key);
      continue;
    }
    if (f.group != group) {
      group = f.group;
      out << "\n" << group << "\n";
    }
    // A space after the padded value, so a long one never runs into its provenance.
    out << "  " << std::left << std::setw(28) << f.key << std::setw(25) << f.get(r).dump() << ' ';
    out << analysis::provenance_text(r, f.key);
    out << "\n";
  }
  if (!inactive.empty()) {
    out << "\nnot acting in this ruleset (the conditions of 'mancala rules keys'): "
        << join(inactive, ", ") << "\n";
  }
  return printable(out.str());  // the name, summary and provenance a file gives
}

json plays_exactly_as_json(const sim::RuleSet& r) {
  json out = json::array();
  for (const sim::SamePlay& same : sim::plays_exactly_as(r))
    out.push_back({{"id", same.id}, {"reason", same.reason}});
  return out;
}

std::string rulesets_table(const json& rulesets) {
  std::string out;
  // The last column only where a listed ruleset plays exactly as another.
  std::vector<std::array<std::string, 5>> rows = {
      {"ruleset", "game", "status", "evidence", "plays exactly as"}};
  bool twins = false;
  for (const auto& r : rulesets) {
    std::vector<std::string> same;
    for (const auto& s : r.value("plays_exactly_as", json::array()))
      same.push_back(s["id"].get<std::string>());
    twins = twins || !same.empty();
    rows.push_back({printable_line(r["id"].get<std::string>()),
                    printable_line(r["game"].get<std::string>()),
                    printable_line(r["status"].get<std::string>()),
                    printable_line(join(r["evidence"].get<std::vector<std::string>>(), ", ")),
                    printable_line(join(same, ", "))});
  }
  const size_t columns = twins ? 5 : 4;
  std::array<size_t, 5> width{};
  for (const auto& row : rows) {
    for (size_t c = 0; c < columns; ++c) width[c] = std::max(width[c], row[c].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < columns; ++c)
      line += c + 1 < columns ? row[c] + std::string(width[c] - row[c].size() + 2, ' ') : row[c];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

nlohmann::json rulesets_json(const std::string& game,
                             const std::optional<std::set<std::string>>& records) {
  using nlohmann::json;
  if (!game.empty()) {
    const auto games = ruleset_games();
    if (std::find(games.begin(), games.end(), game) == games.end()) {
      throw Error(where(
          sim::rulesets_dir().string(), "--game",
          "no game '" + game + "'" + did_you_mean(game, games) + " (see 'mancala rules list')"));
    }
  }
  json all = json::array();
  for (const auto& id : sim::list_ruleset_ids()) {
    if (!game.empty() && id.substr(0, id.find('/')) != game) continue;
    const sim::RuleSet r = sim::load_ruleset(id);
    if (records && std::none_of(r.evidence.begin(), r.evidence.end(),
                                [&](const std::string& e) { return records->contains(e); }))
      continue;
    all.push_back({{"id", r.id},
                   {"game", r.game},
                   {"name", r.name},
                   {"status", r.status},
                   {"evidence", r.evidence},
                   {"extends", r.extends},
                   {"dlp_ruleset", r.dlp_ruleset > 0 ? json(r.dlp_ruleset) : json(nullptr)},
                   {"plays_exactly_as", plays_exactly_as_json(r)}});
  }
  return all;
}

}  // namespace mancala::reports
