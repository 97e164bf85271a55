// Rulesets that are the same game: the play hash over the acting keys, the shipped pairs and
// what `rules check` asks of them.
#include "simulator/plays_as.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "common/hash.h"
#include "simulator/ruleset_internal.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {

using nlohmann::json;

json played_rules(const RuleSet& r) {
  json out = json::object();
  for (const FieldInfo& f : rule_fields())
    if (key_acts(r, f.key)) out[f.key] = acting_value(f, r);
  return out;
}

namespace {

std::string difference(const json& a, const json& b, const std::string& b_id) {
  for (const FieldInfo& f : rule_fields()) {
    const bool in_a = a.contains(f.key), in_b = b.contains(f.key);
    if (!in_a && !in_b) continue;
    if (in_a != in_b)
      return f.key + ": acts " + (in_a ? "here, not in " : "in " + b_id + ", not here") +
             (in_a ? b_id : "");
    if (a[f.key] != b[f.key])
      return f.key + ": " + a[f.key].dump() + " here, " + b[f.key].dump() + " in " + b_id;
  }
  return "";
}

// One shipped ruleset as the pairs need it.
struct Shipped {
  std::string hash;
  json played;
  PlaysAs plays_as;
};
using Table = std::map<std::string, Shipped>;  // by id

Table read_table() {
  Table table;
  for (const std::string& id : list_ruleset_ids()) {
    try {
      const RuleSet r = load_ruleset(id);
      table[id] = {play_hash(r), played_rules(r), r.plays_as};
    } catch (const Error&) {
      // a file that does not load is reported by its own check
    }
  }
  return table;
}

const Table& shipped() {
  static std::mutex mutex;
  static std::map<std::string, Table> by_folder;
  const std::string dir = rulesets_dir().string();
  const std::lock_guard<std::mutex> lock(mutex);
  auto it = by_folder.find(dir);
  if (it == by_folder.end()) it = by_folder.emplace(dir, read_table()).first;
  return it->second;
}

// The shipped rulesets joined to `id` by a chain of plays_as pairs, each pair playing alike.
std::set<std::string> paired_with(const Table& table, const std::string& id) {
  std::set<std::string> seen = {id};
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [other, s] : table) {
      const auto named = table.find(s.plays_as.id);
      if (named == table.end() || named->second.hash != s.hash) continue;
      const bool joins = seen.count(other) != seen.count(named->first);
      if (joins) {
        seen.insert(other);
        seen.insert(named->first);
        grew = true;
      }
    }
  }
  return seen;
}

}  // namespace

std::string play_hash(const RuleSet& r) { return fnv1a_hex(played_rules(r).dump()); }

std::string first_play_difference(const RuleSet& a, const RuleSet& b) {
  return difference(played_rules(a), played_rules(b), b.id);
}

std::vector<SamePlay> plays_exactly_as(const RuleSet& r) {
  const Table& table = shipped();
  const std::string hash = play_hash(r);
  std::map<std::string, std::string> found;
  if (const auto it = table.find(r.plays_as.id);
      it != table.end() && it->first != r.id && it->second.hash == hash)
    found[it->first] = r.plays_as.reason;
  for (const auto& [id, s] : table) {
    if (id != r.id && s.plays_as.id == r.id && s.hash == hash) found.emplace(id, s.plays_as.reason);
  }
  std::vector<SamePlay> out;
  for (auto& [id, reason] : found) out.push_back({id, reason});
  return out;
}

std::string plays_as_sentence(const SamePlay& same) {
  return "plays exactly as " + same.id + " (every key that acts is the same): " + same.reason;
}

std::vector<std::string> plays_as_problems(const RuleSet& r, const std::string& file,
                                           const std::set<std::string>& ruleset_ids) {
  std::vector<std::string> problems;
  const Table& table = shipped();
  const json played = played_rules(r);
  const std::string hash = fnv1a_hex(played.dump());
  const std::string& named = r.plays_as.id;
  if (!named.empty()) {
    const auto it = table.find(named);
    if (named == r.id) {
      problems.push_back(file + ": plays_as: names this ruleset itself");
    } else if (!ruleset_ids.count(named) || it == table.end()) {
      problems.push_back(file + ": plays_as: no ruleset '" + named +
                         "' (see 'mancala rules list')");
    } else if (it->second.hash != hash) {
      problems.push_back(file + ": plays_as: " + named +
                         " does not play exactly as this ruleset: " +
                         difference(played, it->second.played, named));
    }
  }
  // The pairs among the shipped files: only a project file is one of them.
  std::error_code ec;
  const bool is_shipped = std::filesystem::equivalent(file, rulesets_dir() / (r.id + ".json"), ec);
  if (!is_shipped || !table.count(r.id)) return problems;
  const std::set<std::string> paired = paired_with(table, r.id);
  for (const auto& [id, s] : table) {
    if (id == r.id || s.hash != hash || paired.count(id)) continue;
    problems.push_back(file + ": plays exactly as " + id +
                       " (every key that acts is the same), and neither file says so: keep one, "
                       "or give one of them \"plays_as\": {\"id\": the other, \"reason\": why "
                       "both are kept}");
  }
  return problems;
}

}  // namespace mancala::sim
