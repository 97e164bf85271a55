#include "analysis/reconstruct_related.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>

#include "archive/store.h"
#include "common/error.h"
#include "simulator/ruleset_io.h"
#include "simulator/witness.h"

namespace mancala::analysis {
namespace {

using nlohmann::json;

// The ruleset a related game brings: its default reconstruction, else the record's first link.
std::optional<sim::RuleSet> ruleset_of(const std::string& game,
                                       const std::vector<archive::RulesetLink>& links) {
  try {
    return sim::load_ruleset(game);
  } catch (const Error&) {
    // no default in data/rulesets: fall back to what the archive links
  }
  for (const archive::RulesetLink& link : links) {
    try {
      return sim::load_ruleset(link.ruleset);
    } catch (const Error&) {
      continue;
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::vector<Commonness>> count_readings(const Space& space,
                                                    const std::vector<RelatedRuleset>& rulesets) {
  std::vector<std::vector<Commonness>> out;
  for (const Choice& choice : space.readings.choices) {
    std::vector<std::string> keys;  // every key the choice point sets
    for (const Alternative& a : choice.alternatives) {
      for (const auto& [key, value] : a.rules.items()) {
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
      }
    }
    std::vector<Commonness> row(choice.alternatives.size());
    for (size_t a = 0; a < choice.alternatives.size(); ++a) {
      for (const RelatedRuleset& r : rulesets) {
        // A ruleset is silent on the question when none of the choice's keys is traced to words
        // (a quoted phrase or another ruleset's reading) nor set off the vocabulary's default:
        // an assumption that keeps the default (the evidence says nothing of it) reads the
        // phrase neither way.
        const bool addresses = std::any_of(keys.begin(), keys.end(), [&](const std::string& k) {
          const std::optional<sim::Witness> w = sim::witness_of(r.rules, k);
          if (!w) return false;
          const sim::FieldInfo* field = nullptr;
          for (const sim::FieldInfo& f : sim::rule_fields())
            if (f.key == k) field = &f;
          return w->kind != "assumption" ||
                 (field && sim::rule_value(r.rules, k) != field->default_value);
        });
        if (!addresses) continue;
        ++row[a].related;
        bool reads = true;
        for (const std::string& key : keys) {
          const auto it = choice.alternatives[a].rules.find(key);
          const json value =
              it != choice.alternatives[a].rules.end() ? *it : sim::rule_value(space.base, key);
          reads = reads && sim::rule_value(r.rules, key) == value;
        }
        if (reads) ++row[a].matching;
      }
    }
    out.push_back(std::move(row));
  }
  return out;
}

Related find_related(const Space& space, const std::string& db_path, double radius_km, int years) {
  Related out;
  out.radius_km = radius_km;
  out.years = years;
  std::error_code ec;
  if (db_path.empty() || !std::filesystem::is_regular_file(db_path, ec)) {
    out.empty_because = "no archive at " + (db_path.empty() ? std::string("(none)") : db_path) +
                        " (mancala evidence import data/evidence makes one)";
    out.commonness = count_readings(space, {});
    return out;
  }
  try {
    archive::Store store = archive::Store::open(db_path, archive::Store::Mode::kExisting);
    std::map<std::string, RelatedRuleset> by_game;  // the closest record of each game
    bool placed = false;
    for (const std::string& id : space.base.evidence) {
      const std::optional<archive::EvidenceRecord> record = store.get(id);
      if (!record || !record->date_from || !record->date_to) continue;
      std::optional<double> lat = record->latitude, lon = record->longitude;
      if (!lat) {
        if (const std::optional<archive::Place> place = store.place_of(*record)) {
          lat = place->latitude;
          lon = place->longitude;
        }
      }
      if (!lat || !lon) continue;
      placed = true;
      archive::SearchQuery query;
      query.near_latitude = lat;
      query.near_longitude = lon;
      query.radius_km = radius_km;
      query.from_year = record->date_from->year - years;
      query.to_year = record->date_to->year + years;
      for (const archive::SearchHit& hit : store.search(query)) {
        if (hit.record.game == space.base.game) continue;
        const double km = hit.distance_km.value_or(0);
        const auto it = by_game.find(hit.record.game);
        if (it != by_game.end() && it->second.distance_km <= km) continue;
        const std::optional<sim::RuleSet> rules =
            ruleset_of(hit.record.game, store.rulesets_for_evidence(hit.record.id));
        if (!rules) continue;
        by_game[hit.record.game] = {hit.record.game, rules->id, hit.record.id, km, *rules};
      }
    }
    if (!placed) {
      out.empty_because = "the base's evidence has no place and date in the archive";
    } else if (by_game.empty()) {
      out.empty_because = "no related rulesets: no game with evidence within " +
                          std::to_string(static_cast<int>(radius_km)) + " km and " +
                          std::to_string(years) + " years has a ruleset";
    }
    for (auto& [game, r] : by_game) out.rulesets.push_back(std::move(r));
    std::sort(out.rulesets.begin(), out.rulesets.end(),
              [](const RelatedRuleset& a, const RelatedRuleset& b) {
                return a.distance_km != b.distance_km ? a.distance_km < b.distance_km
                                                      : a.game < b.game;
              });
  } catch (const Error& e) {
    out.empty_because = std::string("the archive could not be read: ") + e.what();
    out.rulesets.clear();
  }
  out.commonness = count_readings(space, out.rulesets);
  return out;
}

json related_to_json(const Related& related) {
  json rulesets = json::array();
  for (const RelatedRuleset& r : related.rulesets) {
    rulesets.push_back({{"game", r.game},
                        {"ruleset", r.ruleset},
                        {"evidence", r.evidence},
                        {"distance_km", std::round(r.distance_km * 10) / 10}});
  }
  return {{"radius_km", related.radius_km},
          {"years", related.years},
          {"empty_because",
           related.empty_because.empty() ? json(nullptr) : json(related.empty_because)},
          {"rulesets", rulesets}};
}

}  // namespace mancala::analysis
