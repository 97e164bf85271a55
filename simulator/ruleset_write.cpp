// Writing rulesets: the resolved keys as JSON, their hash, and a ruleset as one standalone file.
#include <optional>
#include <string_view>

#include "common/hash.h"
#include "simulator/ruleset_internal.h"
#include "simulator/ruleset_io.h"
#include "simulator/witness.h"

namespace mancala::sim {

using nlohmann::json;

json rules_to_json(const RuleSet& r) {
  json out = json::object();
  for (const auto& f : rule_fields()) out[f.key] = f.get(r);
  return out;
}

namespace {

// The rule keys there were when the hash was first defined: always hashed, so that every hash
// stored in runs and play-tests before a key was added still names its ruleset. Any key added
// since is hashed only when it acts (its acting value differs from its default), so adding a key
// changes no hash of the rulesets that do not use it (issue 37). Never add a key to this list.
constexpr std::string_view kFirstKeys =
    "rows_per_player holes_per_row counters_per_hole start_layout stores direction circuit "
    "first_into_origin single_counter_moves_on skip_origin_on_laps min_counters_to_sow "
    "singletons_last_resort single_into_empty_only reverse_privilege relay max_sowings_per_move "
    "store_extra_move relay_skips_store capture_extra_move capture capture_facing capture_fours "
    "fours_scope fours_last_to_mover capture_empty_facing capture_takes_last capture_counts "
    "capture_rows capture_taker capture_chain capture_outer capture_resow tuzdyk tuzdyk_count "
    "tuzdyk_forbid_last_hole tuzdyk_symmetry turns resolution opening_hole opening_captures "
    "opening_holes opening_for must_feed grand_slam no_move end_on_majority end_on_empty_side "
    "empty_side_wins end_on_captures end_on_singletons end_when_left no_progress_turns "
    "max_plies match max_rounds stop_after_rounds refill_from burn_unfilled holes_out remainder "
    "next_starter match_end tribute bha_hole extra_number toll_hole winner_takes_remainder_hole";

bool first_key(const std::string& key) {
  // Each key of kFirstKeys is followed by a space or the end.
  for (size_t at = kFirstKeys.find(key); at != std::string_view::npos;
       at = kFirstKeys.find(key, at + 1)) {
    const size_t end = at + key.size();
    if ((at == 0 || kFirstKeys[at - 1] == ' ') &&
        (end == kFirstKeys.size() || kFirstKeys[end] == ' '))
      return true;
  }
  return false;
}

}  // namespace

json acting_value(const FieldInfo& f, const RuleSet& r) {
  if (f.key == "store_side") {
    if (r.stores != StoreMode::kSown) return f.default_value;
    return r.store_at == StoreSide::kLeft ? "left" : "right";
  }
  if (f.key == "stop_winner" && !key_acts(r, f.key)) return f.default_value;
  return f.get(r);
}

json hashed_rules(const RuleSet& r) {
  json out = json::object();
  for (const auto& f : rule_fields()) {
    if (first_key(f.key)) {
      out[f.key] = f.get(r);
      continue;
    }
    json value = acting_value(f, r);
    if (value != f.default_value) out[f.key] = std::move(value);
  }
  return out;
}

std::string rules_hash(const RuleSet& r) {
  // FNV-1a 64 over the canonical JSON text of the hashed keys.
  return fnv1a_hex(hashed_rules(r).dump());
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
    // The witness first, then what names it, then how a reader is shown it (not read back:
    // loading derives it again) and the note.
    nlohmann::ordered_json entry = nlohmann::ordered_json::object();
    if (const std::optional<Witness> w = witness_from_entry(it->second)) {
      entry[w->kind] = w->text;
      if (!w->record.empty()) entry["record"] = w->record;
      if (!w->page.empty()) entry["page"] = w->page;
      entry["shown_as"] = witness_label(*w);
      if (!w->note.empty()) entry["note"] = w->note;
    } else {
      for (const auto& [k, v] : it->second) entry[k] = v;
    }
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
