// Writing rulesets: the resolved keys as JSON, their hash, and a ruleset as one standalone file.
#include <cstdio>

#include "simulator/ruleset_io.h"

namespace mancala::sim {

using nlohmann::json;

json rules_to_json(const RuleSet& r) {
  json out = json::object();
  for (const auto& f : rule_fields()) out[f.key] = f.get(r);
  return out;
}

std::string rules_hash(const RuleSet& r) {
  // FNV-1a 64 over the canonical JSON text of the resolved keys.
  const std::string text = rules_to_json(r).dump();
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char ch : text) {
    h ^= ch;
    h *= 1099511628211ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

nlohmann::ordered_json standalone_ruleset_json(const RuleSet& r) {
  // Every key set anywhere along the extends chain has a provenance entry (loading requires it),
  // and every key not set keeps the vocabulary's default: those keys, resolved, are the ruleset.
  nlohmann::ordered_json rules = nlohmann::ordered_json::object();
  nlohmann::ordered_json provenance = nlohmann::ordered_json::object();
  for (const auto& f : rule_fields()) {
    const auto it = r.provenance.find(f.key);
    if (it == r.provenance.end()) continue;
    rules[f.key] = f.get(r);
    nlohmann::ordered_json entry = nlohmann::ordered_json::object();
    for (const auto& [k, v] : it->second) entry[k] = v;
    provenance[f.key] = entry;
  }
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  j["name"] = r.name;
  j["status"] = r.status;
  j["evidence"] = r.evidence;
  j["summary"] = r.summary;
  if (r.dlp_ruleset > 0) j["dlp_ruleset"] = r.dlp_ruleset;
  j["rules"] = rules;
  j["provenance"] = provenance;
  j["exported_from"] = {{"id", r.id}, {"hash", rules_hash(r)}};
  return j;
}

}  // namespace mancala::sim
