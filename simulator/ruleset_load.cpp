// Loading rulesets: strict JSON, the metadata and provenance of each file, "extends" chains
// (cycles, parents beside the file or among the project's rulesets), ids and defaults by game.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "common/file_write.h"
#include "common/paths.h"
#include "common/strict_json.h"
#include "common/suggest.h"
#include "simulator/ruleset_internal.h"
#include "simulator/ruleset_io.h"
#include "simulator/witness.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

// Function-local statics: a ruleset may be loaded while other files' statics are initialised
// (the benchmarks register one benchmark per ruleset that way), before a namespace-scope set here
// would exist.
const std::set<std::string>& meta_keys() {
  static const std::set<std::string> keys = {
      "name",  "status",     "evidence",      "summary",     "default", "extends",
      "rules", "provenance", "exported_from", "dlp_ruleset", "plays_as"};
  return keys;
}
const std::set<std::string>& statuses() {
  static const std::set<std::string> names = {"observed", "described", "reconstructed"};
  return names;
}

std::string id_from_path(const std::filesystem::path& file, const std::filesystem::path& root) {
  std::filesystem::path rel = std::filesystem::weakly_canonical(file).lexically_relative(
      std::filesystem::weakly_canonical(root));
  rel.replace_extension();
  std::string id = rel.generic_string();
  if (id.empty() || id.rfind("..", 0) == 0) {
    rel = file.parent_path().filename() / file.stem();
    id = rel.generic_string();
  }
  return id;
}

// Applies one file's layer over `r` (already holding the parent's resolved values).
void apply_layer(RuleSet& r, const json& j, const std::string& file, bool is_root) {
  if (!j.is_object()) throw RuleError(file + ": the file must hold a JSON object");
  for (const auto& [key, value] : j.items()) {
    if (!meta_keys().count(key)) throw RuleError(file + ": " + key + ": unknown key");
  }
  auto str = [&](const char* key, std::string& out) {
    if (!j.contains(key)) return;
    if (!j[key].is_string()) throw RuleError(file + ": " + key + ": expected a string");
    out = j[key].get<std::string>();
  };
  str("name", r.name);
  str("summary", r.summary);
  str("status", r.status);
  if (j.contains("status") && !statuses().count(r.status)) {
    throw RuleError(file + ": status: '" + r.status +
                    "' is not one of observed|described|reconstructed");
  }
  if (j.contains("evidence")) {
    const json& ev = j["evidence"];
    if (!ev.is_array() || ev.empty()) {
      throw RuleError(file + ": evidence: expected a non-empty array of evidence record ids");
    }
    r.evidence.clear();
    for (const auto& id : ev) {
      if (!id.is_string()) throw RuleError(file + ": evidence: expected strings");
      r.evidence.push_back(id.get<std::string>());
    }
  }
  if (j.contains("dlp_ruleset")) {
    const json& d = j["dlp_ruleset"];
    const std::optional<int64_t> id = json_int_within(d, 1, 1000000);
    if (!id)
      throw RuleError(file + ": dlp_ruleset: expected the DLP's ruleset id, a positive integer");
    r.dlp_ruleset = static_cast<int>(*id);
  }
  if (j.contains("default") && !j["default"].is_boolean()) {
    throw RuleError(file + ": default: expected true or false");
  }
  r.exported_from.clear();  // a file's own record of where it came from, never its parent's
  r.exported_hash.clear();
  if (j.contains("exported_from")) {
    const json& e = j["exported_from"];
    const bool ok = e.is_object() && e.size() == 2 && e.contains("id") && e["id"].is_string() &&
                    !e["id"].get<std::string>().empty() && e.contains("hash") &&
                    e["hash"].is_string();
    if (!ok) {
      throw RuleError(file +
                      ": exported_from: expected {\"id\": ruleset id, \"hash\": its rules hash}");
    }
    r.exported_from = e["id"].get<std::string>();
    r.exported_hash = e["hash"].get<std::string>();
  }
  r.plays_as = {};  // a file's own statement, never its parent's
  if (j.contains("plays_as")) {
    const json& p = j["plays_as"];
    const auto text = [&](const char* key) {
      return p.contains(key) && p[key].is_string() && !p[key].get<std::string>().empty();
    };
    if (!p.is_object() || p.size() != 2 || !text("id") || !text("reason")) {
      throw RuleError(file +
                      ": plays_as: expected {\"id\": the ruleset it plays exactly as, \"reason\": "
                      "why both are kept}");
    }
    r.plays_as = {p["id"].get<std::string>(), p["reason"].get<std::string>()};
  }
  std::set<std::string> set_here;
  if (j.contains("rules")) {
    if (!j["rules"].is_object()) throw RuleError(file + ": rules: expected an object");
    for (const auto& [key, value] : j["rules"].items()) {
      const FieldInfo* field = find_field(key);
      if (!field) throw RuleError(file + ": rules." + key + ": unknown rule key");
      field->set(r, value, file + ": rules." + key);
      set_here.insert(key);
    }
  }
  if (j.contains("provenance")) {
    if (!j["provenance"].is_object()) throw RuleError(file + ": provenance: expected an object");
    for (const auto& [key, value] : j["provenance"].items()) {
      const std::string where = file + ": provenance." + key;
      if (!find_field(key)) throw RuleError(where + ": not a rule key");
      check_witness_shape(value, where);
      std::map<std::string, std::string> entry;
      for (const auto& [k, v] : value.items()) {
        if (k != "shown_as") entry[k] = v.get<std::string>();  // derived again when shown
      }
      r.provenance[key] = entry;
    }
  }
  for (const auto& key : set_here) {
    const bool here = j.contains("provenance") && j["provenance"].contains(key);
    if (!here) {
      throw RuleError(file + ": provenance." + key +
                      ": missing: every rule set in a file names its witness: the phrase it "
                      "implements (source, paraphrase), a reading or the assumption it makes");
    }
  }
  if (is_root) {
    if (r.status.empty())
      throw RuleError(file + ": status: missing (observed|described|reconstructed)");
    if (r.evidence.empty()) throw RuleError(file + ": evidence: missing (the evidence record ids)");
    if (r.name.empty()) throw RuleError(file + ": name: missing");
  }
}

RuleSet load_resolved(const std::filesystem::path& file, const std::filesystem::path& root,
                      std::vector<std::string>& chain) {
  const std::string id = id_from_path(file, root);
  if (std::find(chain.begin(), chain.end(), id) != chain.end()) {
    std::string cycle;
    for (const auto& link : chain) cycle += link + " -> ";
    throw RuleError(file.string() + ": extends: cycle " + cycle + id);
  }
  chain.push_back(id);
  const json j = read_json_file(file);
  RuleSet r;
  if (j.is_object() && j.contains("extends")) {
    if (!j["extends"].is_string())
      throw RuleError(file.string() + ": extends: expected a ruleset id");
    const std::string parent = j["extends"].get<std::string>();
    // A ruleset id is a short relative path ("game/name"): anything else cannot name a file, and
    // asking the file system about it could fail for reasons unrelated to the ruleset.
    const bool id_ok = !parent.empty() && parent.size() <= 200 &&
                       parent.find("..") == std::string::npos && parent.front() != '/' &&
                       std::all_of(parent.begin(), parent.end(), [](unsigned char c) {
                         return std::isalnum(c) || c == '_' || c == '-' || c == '/' || c == '.';
                       });
    if (!id_ok)
      throw RuleError(
          file.string() + ": extends: '" + parent.substr(0, 80) +
          (parent.size() > 80 ? "...'" : "'") +
          " is not a ruleset id (letters, digits, _ - . and /, at most 200 characters)");
    // The parent is looked up beside the file (its game folder's root), then among the project's
    // rulesets, so a reconstruction kept outside data/rulesets can extend a shipped one.
    std::filesystem::path parent_root = root;
    std::error_code ec;  // the non-throwing overloads: an unreadable folder reads as "no ruleset"
    if (!std::filesystem::is_regular_file(parent_root / (parent + ".json"), ec))
      parent_root = rulesets_dir();
    const auto parent_file = parent_root / (parent + ".json");
    if (!std::filesystem::is_regular_file(parent_file, ec)) {
      throw RuleError(file.string() + ": extends: no ruleset '" + parent + "'");
    }
    r = load_resolved(parent_file, parent_root, chain);
    r.extends = parent;
    apply_layer(r, j, file.string(), false);
  } else {
    apply_layer(r, j, file.string(), true);
  }
  r.id = id;
  r.game = game_of_ruleset_id(id);
  if (r.game.empty()) r.game = id;
  return r;
}

}  // namespace

json read_json_file(const std::filesystem::path& file) {
  std::string text;
  try {
    text = read_input_file(file.string());
  } catch (const Error& e) {
    throw RuleError(e.what());
  }
  try {
    return parse_strict<json>(text);
  } catch (const DuplicateKeyError& e) {
    throw RuleError(where(file.string(), e.path.empty() ? e.key : e.path + "." + e.key,
                          "the key is given twice"));
  } catch (const StrictJsonError& e) {  // a number out of range, nesting too deep
    throw RuleError(where(file.string(), e.location(), e.what()));
  } catch (const json::parse_error& e) {
    // Turn the byte offset into a line number for the message.
    const size_t upto = std::min<size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    const long line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(upto), '\n');
    throw RuleError(file.string() + ": line " + std::to_string(line) + ": malformed JSON");
  }
}

std::filesystem::path rulesets_dir() { return data_dir() / "rulesets"; }

RuleSet load_ruleset_file(const std::filesystem::path& file, const std::filesystem::path& root) {
  std::vector<std::string> chain;
  RuleSet r = load_resolved(file, root, chain);
  finalize(r, file.string());
  return r;
}

std::string game_of_ruleset_id(const std::string& id) {
  return std::filesystem::path(id).parent_path().generic_string();
}

std::vector<std::string> list_ruleset_ids() {
  std::vector<std::string> ids;
  const auto root = rulesets_dir();
  if (!std::filesystem::is_directory(root)) return ids;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    // The iterator's paths start with root: the id is lexical (no file system calls per file;
    // the test executables list the rulesets at every start).
    if (e.is_regular_file() && e.path().extension() == ".json") {
      std::filesystem::path rel = e.path().lexically_relative(root);
      rel.replace_extension();
      ids.push_back(rel.generic_string());
    }
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

RuleSet load_ruleset(const std::string& id_or_path) {
  const auto root = rulesets_dir();
  std::filesystem::path p(id_or_path);
  if (id_or_path.empty())
    throw RuleError(
        "'': no ruleset of that name (give a ruleset id such as kalah/standard, a "
        "game name such as kalah, or a JSON file)");
  std::error_code ec;
  const auto status = std::filesystem::status(p, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
      !std::filesystem::is_directory(status)) {
    // A device or fifo (/dev/zero) is never read: it could be endless.
    throw RuleError(id_or_path + ": not a ruleset file (" + files::file_kind(status) + ")");
  }
  if (std::filesystem::is_directory(status) && id_or_path.find('/') != std::string::npos) {
    throw RuleError(id_or_path +
                    ": a folder, not a ruleset (name a file, or a game by its folder's name "
                    "alone, e.g. kalah)");
  }
  if (p.extension() == ".json" && std::filesystem::is_regular_file(p)) {
    const bool inside = std::filesystem::weakly_canonical(p).string().rfind(
                            std::filesystem::weakly_canonical(root).string(), 0) == 0;
    return load_ruleset_file(p, inside ? root : p.parent_path().parent_path());
  }
  const auto file = root / (id_or_path + ".json");
  if (std::filesystem::is_regular_file(file)) return load_ruleset_file(file, root);
  // A game's folder directly under data/rulesets, named by the game ("kalah"), not a path.
  const bool game_name =
      id_or_path.find('/') == std::string::npos && id_or_path != "." && id_or_path != "..";
  if (game_name && std::filesystem::is_directory(root / id_or_path)) {
    for (const auto& e : std::filesystem::directory_iterator(root / id_or_path)) {
      if (e.path().extension() != ".json") continue;
      const json j = read_json_file(e.path());
      if (j.is_object() && j.value("default", false)) return load_ruleset_file(e.path(), root);
    }
    throw RuleError(id_or_path +
                    ": no default ruleset for this game (mark one with \"default\": true)");
  }
  // A path that names no file is said to be one (not a misspelt id).
  if (p.extension() == ".json" || id_or_path.starts_with('/') || id_or_path.starts_with("./") ||
      id_or_path.starts_with("../")) {
    throw RuleError(id_or_path + ": no such file");
  }
  // The nearest ruleset ids and game names (issue 27: "an unknown ruleset or game name suggests
  // the nearest ones").
  // A game's name first; the ids when no game name is near.
  std::vector<std::string> games, ids = list_ruleset_ids();
  for (const std::string& id : ids) {
    const std::string game = id.substr(0, id.find('/'));
    if (games.empty() || games.back() != game) games.push_back(game);
  }
  std::string suggestion = did_you_mean(id_or_path, games);
  if (suggestion.empty()) suggestion = did_you_mean(id_or_path, ids);
  throw RuleError(id_or_path + ": unknown ruleset" + suggestion +
                  " ('mancala rules list' names them all)");
}

}  // namespace mancala::sim
