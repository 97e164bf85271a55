// Which rulesets a comparison sets side by side (those of a game, those citing an evidence
// record, default rulesets first) and how their rules differ, key by key.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "analysis/compare_builder.h"
#include "archive/store.h"
#include "common/error.h"
#include "common/strict_json.h"
#include "common/suggest.h"
#include "simulator/ruleset_io.h"
#include "simulator/witness.h"

namespace mancala::analysis {
namespace {

using nlohmann::json;

// Default rulesets first, then by id.
void order_rulesets(std::vector<sim::RuleSet>& rulesets) {
  std::map<std::string, bool> is_default;
  for (const auto& r : rulesets) is_default[r.id] = is_default_ruleset(r.id);
  std::stable_sort(rulesets.begin(), rulesets.end(),
                   [&](const sim::RuleSet& x, const sim::RuleSet& y) {
                     if (is_default[x.id] != is_default[y.id]) return is_default[x.id];
                     return x.id < y.id;
                   });
}

}  // namespace

bool is_default_ruleset(const std::string& id) {
  const std::filesystem::path path = sim::rulesets_dir() / (id + ".json");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  try {
    const json j = parse_strict<json>(read_input_file(path.string()));
    return j.is_object() && j.value("default", false) == true;
  } catch (const std::exception&) {  // not a ruleset this question can be asked of
    return false;
  }
}

std::string instead_of(const std::string& b_phrase, const std::string& a_phrase) {
  const auto words = [](const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
  };
  const std::vector<std::string> wa = words(a_phrase), wb = words(b_phrase);
  std::size_t common = 0;
  while (common + 1 < wa.size() && common + 1 < wb.size() && wa[common] == wb[common]) ++common;
  // Keep the little words that lead into the difference: "taken by the sower instead of by the
  // holder".
  static const std::set<std::string> kLeading = {"a",  "an",   "the",  "at", "by", "of",
                                                 "in", "into", "from", "to", "on"};
  while (common > 0 && kLeading.count(wa[common - 1])) --common;
  std::string rest;
  for (std::size_t i = common; i < wa.size(); ++i) rest += (rest.empty() ? "" : " ") + wa[i];
  return b_phrase + " instead of " + rest;
}

std::vector<RuleDiffRow> rule_diff(const std::vector<sim::RuleSet>& rulesets) {
  std::vector<json> values;
  for (const auto& r : rulesets) values.push_back(sim::rules_to_json(r));
  std::vector<RuleDiffRow> rows;
  for (const sim::FieldInfo& field : sim::rule_fields()) {
    bool differs = false;
    for (const json& v : values) differs = differs || v[field.key] != values.front()[field.key];
    if (!differs) continue;
    RuleDiffRow row{field.key, field.group, field.doc, {}};
    for (std::size_t i = 0; i < rulesets.size(); ++i) {
      RuleValue rv;
      rv.value = values[i][field.key];
      rv.basis = "default";
      if (const std::optional<sim::Witness> w = sim::witness_of(rulesets[i], field.key)) {
        rv.basis = w->kind;
        rv.text = w->text;
        rv.record = w->record;
        rv.shown_as = sim::witness_label(*w);
        rv.note = w->note;
      }
      row.values.push_back(rv);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<sim::RuleSet> rulesets_of_game(const std::string& game) {
  const std::filesystem::path dir = sim::rulesets_dir() / game;
  if (game.empty() || !std::filesystem::is_directory(dir)) {
    std::set<std::string> games;
    for (const std::string& id : sim::list_ruleset_ids()) games.insert(sim::game_of_ruleset_id(id));
    throw Error("compare: --game " + game + ": no such game" +
                did_you_mean(game, {games.begin(), games.end()}) +
                " ('mancala rules list' names them all)");
  }
  std::vector<sim::RuleSet> out;
  for (const std::string& id : sim::list_ruleset_ids()) {
    if (sim::game_of_ruleset_id(id) == game) out.push_back(sim::load_ruleset(id));
  }
  order_rulesets(out);
  return out;
}

std::vector<sim::RuleSet> rulesets_of_evidence(
    const std::string& evidence_id, const std::string& db_path,
    const std::function<void(const std::string&)>& warn) {
  std::set<std::string> ids;
  std::map<std::string, sim::RuleSet> loaded;
  for (const std::string& id : sim::list_ruleset_ids()) {
    try {
      sim::RuleSet r = sim::load_ruleset(id);
      if (std::find(r.evidence.begin(), r.evidence.end(), evidence_id) != r.evidence.end()) {
        ids.insert(id);
        loaded.emplace(id, std::move(r));
      }
    } catch (const Error& e) {
      if (warn)
        warn("compare: --evidence " + evidence_id + ": skipped ruleset " + id +
             ", which does not load: " + e.what());
    }
  }
  bool in_archive = false;
  if (!db_path.empty() && std::filesystem::is_regular_file(db_path)) {
    archive::Store store = archive::Store::open(db_path, archive::Store::Mode::kExisting);
    in_archive = store.get(evidence_id).has_value();
    for (const archive::RulesetLink& link : store.rulesets_for_evidence(evidence_id)) {
      if (ids.count(link.ruleset)) continue;
      try {
        loaded.emplace(link.ruleset, sim::load_ruleset(link.ruleset));
        ids.insert(link.ruleset);
      } catch (const Error& e) {
        if (warn)
          warn("compare: --evidence " + evidence_id + ": skipped ruleset " + link.ruleset +
               ", linked in " + db_path + " but not loadable: " + e.what());
      }
    }
  }
  if (ids.empty() && !in_archive && !db_path.empty() && std::filesystem::is_regular_file(db_path)) {
    throw Error("compare: --evidence " + evidence_id + ": no such evidence record in " + db_path +
                ", and no ruleset cites it");
  }
  if (ids.empty())
    throw Error("compare: --evidence " + evidence_id +
                ": no ruleset is linked to this evidence record");
  std::vector<sim::RuleSet> out;
  for (const std::string& id : ids) out.push_back(loaded.at(id));
  order_rulesets(out);
  return out;
}

Comparison compare_checked(const std::vector<sim::RuleSet>& rulesets,
                           const CompareOptions& options) {
  Comparison comparison = compare_rulesets(rulesets, options);
  if (options.agents.label() != "random" && !comparison.interrupted) {
    // Skilled play: say where a verdict under random play (same rulesets, seed, N) fails.
    CompareOptions random_play = options;
    random_play.agents = sim::AgentPair();
    const Comparison random = compare_rulesets(rulesets, random_play);
    if (random.interrupted) {
      comparison.notes.insert(comparison.notes.begin(),
                              "Interrupted: the verdicts under random play were not checked.");
    } else {
      add_random_play_verdicts(comparison, random);
    }
  }
  return comparison;
}

}  // namespace mancala::analysis
