#include "archive/record.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "archive/error.h"
#include "archive/geo.h"
#include "archive/record_fields.h"
#include "common/file_write.h"
#include "common/strict_json.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

namespace fs = std::filesystem;

const std::set<std::string, std::less<>>& record_keys() {
  static const std::set<std::string, std::less<>> keys = {
      "id",        "game",           "type",          "location",    "latitude",   "longitude",
      "date_from", "date_to",        "rules",         "content",     "confidence", "spaces",
      "ages",      "social_status",  "genders",       "sources",     "notes",      "description",
      "origin",    "classification", "board",         "dlp_ruleset", "portal_url", "accessed",
      "credit",    "dlp_variants",   "author_doubts", "see_also"};
  return keys;
}

std::string number_text(double value) {
  std::ostringstream out;
  out.precision(12);
  out << value;
  return out.str();
}

bool valid_id(const std::string& id) {
  if (id.empty() || id.size() > 200 || !std::isalnum(static_cast<unsigned char>(id[0])))
    return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
  });
}

bool valid_key(const std::string& key) {
  if (key.empty() || !(key[0] >= 'a' && key[0] <= 'z')) return false;
  return std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

std::vector<std::string> get_list(const Json& object, const char* key) {
  std::vector<std::string> out;
  auto it = object.find(key);
  if (it == object.end()) return out;
  if (!it->is_array()) {
    throw ArchiveError(std::string("field '") + key + "' must be an array of strings, not " +
                       json_type(*it));
  }
  for (const Json& item : *it) {
    if (!item.is_string() || trim(item.get<std::string>()).empty()) {
      throw ArchiveError(std::string("field '") + key + "' must hold only non-empty strings");
    }
    out.push_back(item.get<std::string>());
  }
  return out;
}

std::optional<double> get_number(const Json& object, const char* key) {
  auto it = object.find(key);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (!it->is_number()) {
    throw ArchiveError(std::string("field '") + key + "' must be a number, not " + json_type(*it));
  }
  return it->get<double>();
}

std::optional<HistoricalDate> get_date(const Json& object, const char* key) {
  const std::string text = get_string(object, key);
  if (object.find(key) == object.end()) return std::nullopt;
  try {
    return parse_date(text);
  } catch (const ArchiveError& e) {
    throw ArchiveError(std::string("field '") + key + "': " + e.what());
  }
}

// `j` is a JSON object (`what`: "a record") with no field outside `known` and every `required`.
void check_fields(const Json& j, const char* what, const std::set<std::string, std::less<>>& known,
                  std::initializer_list<const char*> required) {
  if (!j.is_object())
    throw ArchiveError(std::string(what) + " must be a JSON object, not " + json_type(j));
  for (const auto& [key, value] : j.items()) {
    if (!known.contains(key)) throw ArchiveError("unknown field '" + key + "'");
  }
  for (const char* key : required) require(j, key);
}

// The id of a JSON record if it has a string one, for labels in messages.
std::string peek_id(const Json& value) {
  if (value.is_object()) {
    auto it = value.find("id");
    if (it != value.end() && it->is_string()) return it->get<std::string>();
  }
  return "";
}

std::string parse_error_reason(const std::string& what) {
  // nlohmann's text is "[json.exception...] parse error at line L, column C: REASON".
  const size_t column = what.find("column ");
  if (column != std::string::npos) {
    const size_t colon = what.find(": ", column);
    if (colon != std::string::npos) return what.substr(colon + 2);
  }
  const size_t colon = what.find("] ");
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

}  // namespace

namespace {

// One field of a record for comparisons: its JSON name, whether it differs, whether `after`
// dropped it.
struct FieldDiff {
  const char* name;
  bool changed, removed;
};

template <class T>
FieldDiff diff(const char* name, const T& before, const T& after) {
  auto empty = [](const auto& v) {
    if constexpr (requires { v.has_value(); })
      return !v.has_value();
    else
      return v.empty();
  };
  return {name, !(before == after), !empty(before) && empty(after)};
}

std::vector<FieldDiff> diff_fields(const EvidenceRecord& b, const EvidenceRecord& a) {
  return {diff("game", b.game, a.game),
          diff("type", b.type, a.type),
          diff("location", b.location, a.location),
          diff("latitude", b.latitude, a.latitude),
          diff("longitude", b.longitude, a.longitude),
          diff("date_from", b.date_from, a.date_from),
          diff("date_to", b.date_to, a.date_to),
          diff("rules", b.rules, a.rules),
          diff("content", b.content, a.content),
          diff("confidence", b.confidence, a.confidence),
          diff("spaces", b.spaces, a.spaces),
          diff("ages", b.ages, a.ages),
          diff("social_status", b.social_status, a.social_status),
          diff("genders", b.genders, a.genders),
          diff("sources", b.sources, a.sources),
          diff("notes", b.notes, a.notes),
          diff("author_doubts", b.author_doubts, a.author_doubts),
          diff("see_also", b.see_also, a.see_also),
          diff("description", b.description, a.description),
          diff("origin", b.origin, a.origin),
          diff("classification", b.classification, a.classification),
          diff("board", b.board, a.board),
          diff("dlp_ruleset", b.dlp_ruleset, a.dlp_ruleset),
          diff("portal_url", b.portal_url, a.portal_url),
          diff("accessed", b.accessed, a.accessed),
          diff("credit", b.credit, a.credit),
          diff("dlp_variants", b.dlp_variants, a.dlp_variants)};
}

}  // namespace

std::vector<std::string> changed_fields(const EvidenceRecord& before, const EvidenceRecord& after) {
  std::vector<std::string> out;
  for (const FieldDiff& d : diff_fields(before, after))
    if (d.changed) out.push_back(d.name);
  return out;
}

std::vector<std::string> removed_fields(const EvidenceRecord& before, const EvidenceRecord& after) {
  std::vector<std::string> out;
  for (const FieldDiff& d : diff_fields(before, after))
    if (d.removed) out.push_back(d.name);
  return out;
}

std::string item_label(const std::string& list, size_t index, const std::string& id) {
  std::string label = list + "[" + std::to_string(index) + "]";
  if (!id.empty()) label += " (" + id + ")";
  return label;
}

void validate(const EvidenceRecord& r) {
  if (r.id.empty()) throw ArchiveError("missing required field 'id'");
  if (!valid_id(r.id)) {
    throw ArchiveError("id '" + r.id + "' may only hold letters, digits, '.', '_' and '-'");
  }
  if (trim(r.game).empty()) throw ArchiveError("missing required field 'game'");
  if (trim(r.type).empty()) throw ArchiveError("missing required field 'type'");
  if (r.latitude.has_value() != r.longitude.has_value()) {
    throw ArchiveError(r.latitude ? "latitude without longitude" : "longitude without latitude");
  }
  if (r.latitude && !(std::abs(*r.latitude) <= 90)) {
    throw ArchiveError("latitude " + number_text(*r.latitude) + " is beyond 90 degrees");
  }
  if (r.longitude && !(std::abs(*r.longitude) <= 180)) {
    throw ArchiveError("longitude " + number_text(*r.longitude) + " is beyond 180 degrees");
  }
  if (r.date_from.has_value() != r.date_to.has_value()) {
    throw ArchiveError(r.date_from ? "date_from without date_to" : "date_to without date_from");
  }
  if (r.date_from) check_date_order(*r.date_from, *r.date_to);
  if (r.confidence && (*r.confidence < 0 || *r.confidence > 100)) {
    throw ArchiveError("confidence " + std::to_string(*r.confidence) + " is not in 0-100");
  }
  auto in_range = [](const std::optional<int>& v, const char* name, int low, int high) {
    if (v && (*v < low || *v > high)) {
      throw ArchiveError(std::string("board: ") + name + " " + std::to_string(*v) + " is not in " +
                         std::to_string(low) + "-" + std::to_string(high));
    }
  };
  in_range(r.board.rows, "rows", 1, 20);
  in_range(r.board.holes_per_row, "holes_per_row", 1, 100);
  in_range(r.board.stores, "stores", 0, 10);
  in_range(r.board.counters_per_hole, "counters_per_hole", 0, 1000);
  if (r.dlp_ruleset && *r.dlp_ruleset < 1)
    throw ArchiveError("dlp_ruleset " + std::to_string(*r.dlp_ruleset) + " is not a ruleset id");
  for (const std::string* url : {&r.portal_url}) {
    if (!url->empty() && !url->starts_with("https://") && !url->starts_with("http://"))
      throw ArchiveError("portal_url '" + *url + "' is not an http(s) address");
  }
  if (r.accessed && r.accessed->day == 0)
    throw ArchiveError("accessed: give the day the record was taken (YYYY-MM-DD)");
  for (const std::string& other : r.see_also) {
    if (!valid_id(other))
      throw ArchiveError("see_also: '" + other + "' is not a record id (e.g. DLP.Evidence.693)");
    if (other == r.id) throw ArchiveError("see_also: a record is not its own see-also");
  }
  for (size_t i = 0; i < r.dlp_variants.size(); ++i) {
    const DlpVariant& v = r.dlp_variants[i];
    const std::string at = "dlp_variants[" + std::to_string(i) + "]: ";
    if (trim(v.name).empty()) throw ArchiveError(at + "missing required field 'name'");
    if (!v.portal_url.empty() && !v.portal_url.starts_with("https://") &&
        !v.portal_url.starts_with("http://"))
      throw ArchiveError(at + "portal_url '" + v.portal_url + "' is not an http(s) address");
  }
}

void validate(const Game& g) {
  if (!valid_key(g.key)) {
    throw ArchiveError("game key '" + g.key +
                       "' must be snake_case (a-z, 0-9 and _, starting with a letter)");
  }
  if (trim(g.name).empty()) throw ArchiveError("missing required field 'name'");
  for (const std::string& alias : g.aliases) {
    if (fold_name(alias).empty()) throw ArchiveError("empty alias");
  }
}

Json to_json(const EvidenceRecord& r) {
  Json j;
  j["id"] = r.id;
  j["game"] = r.game;
  j["type"] = r.type;
  if (!r.location.empty()) j["location"] = r.location;
  if (r.latitude) j["latitude"] = *r.latitude;
  if (r.longitude) j["longitude"] = *r.longitude;
  if (r.date_from) j["date_from"] = format_date(*r.date_from);
  if (r.date_to) j["date_to"] = format_date(*r.date_to);
  if (!r.rules.empty()) j["rules"] = r.rules;
  if (!r.content.empty()) j["content"] = r.content;
  if (r.confidence) j["confidence"] = *r.confidence;
  if (!r.spaces.empty()) j["spaces"] = r.spaces;
  if (!r.ages.empty()) j["ages"] = r.ages;
  if (!r.social_status.empty()) j["social_status"] = r.social_status;
  if (!r.genders.empty()) j["genders"] = r.genders;
  if (!r.sources.empty()) {
    j["sources"] = Json::array();
    for (const Source& source : r.sources) j["sources"].push_back(to_json(source));
  }
  if (!r.notes.empty()) j["notes"] = r.notes;
  if (!r.author_doubts.empty()) j["author_doubts"] = r.author_doubts;
  if (!r.see_also.empty()) j["see_also"] = r.see_also;
  if (!r.description.empty()) j["description"] = r.description;
  if (!r.origin.empty()) j["origin"] = r.origin;
  if (!r.classification.empty()) j["classification"] = r.classification;
  if (!r.board.empty()) j["board"] = to_json(r.board);
  if (r.dlp_ruleset) j["dlp_ruleset"] = *r.dlp_ruleset;
  if (!r.portal_url.empty()) j["portal_url"] = r.portal_url;
  if (r.accessed) j["accessed"] = format_date(*r.accessed);
  if (!r.credit.empty()) j["credit"] = r.credit;
  if (!r.dlp_variants.empty()) {
    j["dlp_variants"] = Json::array();
    for (const DlpVariant& v : r.dlp_variants) {
      Json item;
      item["name"] = v.name;
      if (v.dlp_ruleset) item["dlp_ruleset"] = *v.dlp_ruleset;
      if (!v.portal_url.empty()) item["portal_url"] = v.portal_url;
      if (!v.rules.empty()) item["rules"] = v.rules;
      if (!v.sources.empty()) item["sources"] = v.sources;
      j["dlp_variants"].push_back(std::move(item));
    }
  }
  return j;
}

Json to_json(const BoardFacts& b) {
  Json j = Json::object();
  if (b.rows) j["rows"] = *b.rows;
  if (b.holes_per_row) j["holes_per_row"] = *b.holes_per_row;
  if (b.stores) j["stores"] = *b.stores;
  if (b.counters_per_hole) j["counters_per_hole"] = *b.counters_per_hole;
  if (!b.start.empty()) j["start"] = b.start;
  if (!b.open.empty()) j["open"] = b.open;
  if (!b.from.empty()) j["from"] = b.from;
  return j;
}

BoardFacts board_from_json(const Json& j) {
  static const std::set<std::string, std::less<>> keys = {
      "rows", "holes_per_row", "stores", "counters_per_hole", "start", "open", "from"};
  check_fields(j, "board", keys, {});
  BoardFacts b;
  auto integer = [&](const char* key) -> std::optional<int> {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return std::nullopt;
    // Within a million either way: validate() then checks the range on an int.
    if (!json_int_within(*it, -1000000, 1000000)) {
      throw ArchiveError(std::string("field '") + key + "' must be an integer" +
                         (it->is_number_integer() ? " (not " + it->dump() + ")" : ""));
    }
    return static_cast<int>(it->get<int64_t>());
  };
  b.rows = integer("rows");
  b.holes_per_row = integer("holes_per_row");
  b.stores = integer("stores");
  b.counters_per_hole = integer("counters_per_hole");
  b.start = get_string(j, "start");
  b.open = get_string(j, "open");
  b.from = get_string(j, "from");
  return b;
}

Json to_json(const Game& g) {
  Json j;
  j["key"] = g.key;
  j["name"] = g.name;
  if (!g.aliases.empty()) j["aliases"] = g.aliases;
  if (g.dlp_ruleset) j["dlp_ruleset"] = *g.dlp_ruleset;
  return j;
}

EvidenceRecord record_from_json(const Json& j) {
  check_fields(j, "a record", record_keys(), {"id", "game", "type"});
  EvidenceRecord r;
  r.id = get_string(j, "id");
  r.game = get_string(j, "game");
  r.type = get_string(j, "type");
  r.location = get_string(j, "location");
  r.latitude = get_number(j, "latitude");
  r.longitude = get_number(j, "longitude");
  r.date_from = get_date(j, "date_from");
  r.date_to = get_date(j, "date_to");
  if (r.date_from && !r.date_to) r.date_to = r.date_from;  // one date stands for both ends
  r.rules = get_string(j, "rules");
  r.content = get_string(j, "content");
  if (auto it = j.find("confidence"); it != j.end() && !it->is_null()) {
    if (!it->is_number_integer()) {
      throw ArchiveError(std::string("field 'confidence' must be an integer, not ") +
                         json_type(*it));
    }
    const std::optional<int64_t> value = json_int_within(*it, 0, 100);
    if (!value) throw ArchiveError("confidence " + it->dump() + " is not in 0-100");
    r.confidence = static_cast<int>(*value);
  }
  r.spaces = get_list(j, "spaces");
  r.ages = get_list(j, "ages");
  r.social_status = get_list(j, "social_status");
  r.genders = get_list(j, "genders");
  if (auto it = j.find("sources"); it != j.end()) {
    if (!it->is_array())
      throw ArchiveError(std::string("field 'sources' must be an array, not ") + json_type(*it));
    for (size_t i = 0; i < it->size(); ++i) {
      try {
        r.sources.push_back(source_from_json((*it)[i]));
      } catch (const ArchiveError& e) {
        throw ArchiveError("sources[" + std::to_string(i) + "]: " + e.what());
      }
    }
  }
  r.notes = get_string(j, "notes");
  r.author_doubts = get_string(j, "author_doubts");
  r.see_also = get_list(j, "see_also");
  r.description = get_string(j, "description");
  r.origin = get_string(j, "origin");
  r.classification = get_string(j, "classification");
  if (auto it = j.find("board"); it != j.end()) {
    try {
      r.board = board_from_json(*it);
    } catch (const ArchiveError& e) {
      throw ArchiveError(std::string("board: ") + e.what());
    }
  }
  if (auto it = j.find("dlp_ruleset"); it != j.end() && !it->is_null()) {
    const std::optional<int64_t> id = json_int_within(*it, 1, 1000000000);
    if (!id)
      throw ArchiveError("field 'dlp_ruleset' must be a positive integer, not " + it->dump());
    r.dlp_ruleset = static_cast<int>(*id);
  }
  r.portal_url = get_string(j, "portal_url");
  r.accessed = get_date(j, "accessed");
  r.credit = get_string(j, "credit");
  if (auto it = j.find("dlp_variants"); it != j.end()) {
    if (!it->is_array())
      throw ArchiveError(std::string("field 'dlp_variants' must be an array, not ") +
                         json_type(*it));
    static const std::set<std::string, std::less<>> keys = {"name", "dlp_ruleset", "portal_url",
                                                            "rules", "sources"};
    for (size_t i = 0; i < it->size(); ++i) {
      const Json& item = (*it)[i];
      try {
        check_fields(item, "a DLP ruleset", keys, {"name"});
        DlpVariant v;
        v.name = get_string(item, "name");
        if (auto id = item.find("dlp_ruleset"); id != item.end() && !id->is_null()) {
          const std::optional<int64_t> number = json_int_within(*id, 1, 1000000000);
          if (!number) {
            throw ArchiveError("field 'dlp_ruleset' must be a positive integer, not " + id->dump());
          }
          v.dlp_ruleset = static_cast<int>(*number);
        }
        v.portal_url = get_string(item, "portal_url");
        v.rules = get_string(item, "rules");
        v.sources = get_list(item, "sources");
        r.dlp_variants.push_back(std::move(v));
      } catch (const ArchiveError& e) {
        throw ArchiveError("dlp_variants[" + std::to_string(i) + "]: " + e.what());
      }
    }
  }
  validate(r);
  return r;
}

std::vector<Place> read_places_file(const std::string& path) {
  const std::string text = read_file(path);
  Json doc;
  try {
    doc = parse_strict<Json>(text);
  } catch (const StrictJsonError& e) {
    throw ArchiveError(where(path, e.location(), e.what()));
  } catch (const Json::parse_error& e) {
    throw ArchiveError(where(path, "", "malformed JSON: " + parse_error_reason(e.what())));
  }
  if (!doc.is_object() || !doc.contains("places") || !doc["places"].is_array())
    throw ArchiveError(where(path, "", "must be an object {\"places\": [...]}"));
  std::vector<Place> out;
  for (size_t i = 0; i < doc["places"].size(); ++i) {
    const Json& j = doc["places"][i];
    const std::string item = item_label("places", i, j.is_object() ? get_string(j, "name") : "");
    try {
      if (!j.is_object()) throw ArchiveError("a place must be a JSON object");
      for (const auto& [key, value] : j.items()) {
        if (key != "name" && key != "aliases" && key != "latitude" && key != "longitude" &&
            key != "radius_km" && key != "source" && key != "note" && key != "kind" &&
            key != "polygon" && key != "candidates" && key != "today" && key != "from" &&
            key != "to")
          throw ArchiveError("unknown field '" + key + "'");
      }
      for (const char* key : {"name", "latitude", "longitude", "radius_km", "source"})
        require(j, key);
      Place p;
      p.name = get_string(j, "name");
      p.aliases = get_list(j, "aliases");
      p.latitude = get_number(j, "latitude").value_or(1000);
      p.longitude = get_number(j, "longitude").value_or(1000);
      p.radius_km = get_number(j, "radius_km").value_or(-1);
      p.source = get_string(j, "source");
      if (fold_name(p.name).empty()) throw ArchiveError("a place needs a name");
      if (!(std::abs(p.latitude) <= 90)) throw ArchiveError("latitude is beyond 90 degrees");
      if (!(std::abs(p.longitude) <= 180)) throw ArchiveError("longitude is beyond 180 degrees");
      if (!(p.radius_km >= 0 && p.radius_km <= 20000))
        throw ArchiveError("radius_km must be 0 to 20000");
      if (trim(p.source).empty()) throw ArchiveError("a place needs a source for its position");
      p.kind = get_string(j, "kind");
      static const std::set<std::string, std::less<>> kinds = {
          "",          "circle",    "country",   "region", "world_region",
          "countries", "uncertain", "historical"};
      if (!kinds.contains(p.kind))
        throw ArchiveError("kind '" + p.kind +
                           "' is not one of circle, country, region, world_region, countries, "
                           "uncertain, historical");
      p.polygon = get_list(j, "polygon");
      parse_rings(p.polygon);  // checked here, so a bad ring names its file
      p.candidates = get_list(j, "candidates");
      if ((p.kind == "uncertain") != !p.candidates.empty())
        throw ArchiveError("an uncertain place lists its candidates, and only it does");
      p.today = get_list(j, "today");
      for (const auto& [key, year] :
           {std::pair<const char*, std::optional<int>*>{"from", &p.from_year},
            {"to", &p.to_year}}) {
        if (!j.contains(key)) continue;
        if (!j[key].is_number_integer() || j[key].get<int64_t>() == 0 ||
            std::abs(j[key].get<int64_t>()) > kMaxYear)
          throw ArchiveError(std::string(key) + " must be a year (a whole number, not 0)");
        *year = j[key].get<int>();
      }
      const bool historical = !p.today.empty() || p.from_year || p.to_year;
      if ((p.kind == "historical") != historical)
        throw ArchiveError(
            "a historical place gives today's places it held and its years (today, from, to), "
            "and only it does");
      if (historical && (p.today.empty() || !p.from_year || !p.to_year))
        throw ArchiveError("a historical place needs today, from and to");
      if (historical && *p.from_year > *p.to_year)
        throw ArchiveError("from " + std::to_string(*p.from_year) + " is after to " +
                           std::to_string(*p.to_year));
      out.push_back(std::move(p));
    } catch (const ArchiveError& e) {
      throw ArchiveError(where(path, item, e.what()));
    }
  }
  return out;
}

Game game_from_json(const Json& j) {
  static const std::set<std::string, std::less<>> game_keys = {"key", "name", "aliases",
                                                               "dlp_ruleset"};
  check_fields(j, "a game", game_keys, {"key", "name"});
  Game g;
  g.key = get_string(j, "key");
  g.name = get_string(j, "name");
  g.aliases = get_list(j, "aliases");
  if (auto it = j.find("dlp_ruleset"); it != j.end() && !it->is_null()) {
    const std::optional<int64_t> id = json_int_within(*it, 1, 1000000000);
    if (!id)
      throw ArchiveError("field 'dlp_ruleset' must be a positive integer, not " + it->dump());
    g.dlp_ruleset = static_cast<int>(*id);
  }
  validate(g);
  return g;
}

namespace {

// Adds `item` (named `name`) to a batch's list once: the same item again is ignored, another
// with the same name is an error naming where the first came from.
template <class T>
void add_once(std::vector<T>& items, std::vector<Origin>& origins,
              std::unordered_map<std::string, size_t>& index, const std::string& name, T item,
              Origin origin, const char* what) {
  if (auto it = index.find(name); it != index.end()) {
    const size_t i = it->second;
    if (items[i] == item) return;
    throw ArchiveError(where(origin.file, origin.item,
                             std::string("duplicate ") + what +
                                 " with different content (first in " + origins[i].file + ": " +
                                 origins[i].item + ")"));
  }
  index.emplace(name, items.size());
  items.push_back(std::move(item));
  origins.push_back(std::move(origin));
}

}  // namespace

void ImportBatch::add(EvidenceRecord record, Origin origin) {
  const std::string id = record.id;
  add_once(records, record_origins, record_index_, id, std::move(record), std::move(origin), "id");
}

void ImportBatch::add(Game game, Origin origin) {
  // A game declared in several files (a seed game and the DLP's description of it) is one game:
  // the same name, the aliases of both, the DLP ruleset id where one gives it.
  if (auto it = game_index_.find(game.key); it != game_index_.end()) {
    Game& first = games[it->second];
    const Origin& where_first = game_origins[it->second];
    auto conflict = [&](const std::string& what) {
      throw ArchiveError(where(origin.file, origin.item,
                               "game key '" + game.key + "' declared again with another " + what +
                                   " (first in " + where_first.file + ": " + where_first.item +
                                   ")"));
    };
    if (first.name != game.name) conflict("name");
    if (first.dlp_ruleset && game.dlp_ruleset && *first.dlp_ruleset != *game.dlp_ruleset)
      conflict("DLP ruleset");
    if (!first.dlp_ruleset) first.dlp_ruleset = game.dlp_ruleset;
    for (const std::string& alias : game.aliases) {
      const bool known =
          std::any_of(first.aliases.begin(), first.aliases.end(),
                      [&](const std::string& a) { return fold_name(a) == fold_name(alias); });
      if (!known) first.aliases.push_back(alias);
    }
    return;
  }
  const std::string key = game.key;
  add_once(games, game_origins, game_index_, key, std::move(game), std::move(origin), "game key");
}

std::string read_file(const std::string& path) {
  try {
    return read_input_file(path);
  } catch (const ArchiveError&) {
    throw;
  } catch (const Error& e) {
    throw ArchiveError(e.what());
  }
}

void write_file(const std::string& path, const std::string& text) {
  try {
    files::write_whole_file(path, text);
  } catch (const ArchiveError&) {
    throw;
  } catch (const Error& e) {
    throw ArchiveError(e.what());
  }
}

// One item of a file parsed by `parse`, its error naming the file and the item.
template <class Parse>
auto parse_item(const std::string& file, const std::string& label, Parse&& parse) {
  try {
    return parse();
  } catch (const ArchiveError& e) {
    throw ArchiveError(where(file, label, e.what()));
  }
}

void read_evidence_text(const std::string& text, const std::string& file, ImportBatch& batch) {
  if (auto bad = find_invalid_utf8(text)) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[*bad]));
    throw ArchiveError(where(file, "line " + std::to_string(line_of(text, *bad)),
                             std::string("invalid UTF-8 (byte ") + byte + ")"));
  }
  Json doc;
  try {
    doc = parse_strict<Json>(text);
  } catch (const DuplicateKeyError& e) {
    throw ArchiveError(where(file, e.path, e.what()));
  } catch (const StrictJsonError& e) {  // a number out of range, nesting too deep
    throw ArchiveError(where(file, e.location(), e.what()));
  } catch (const Json::parse_error& e) {
    const size_t offset = e.byte == 0 ? 0 : e.byte - 1;
    throw ArchiveError(where(file, "line " + std::to_string(line_of(text, offset)),
                             "malformed JSON: " + parse_error_reason(e.what())));
  }
  auto add_record = [&](const Json& item, const std::string& label) {
    batch.add(parse_item(file, label, [&] { return record_from_json(item); }), Origin{file, label});
  };
  auto add_records = [&](const Json& list) {
    if (!list.is_array()) throw ArchiveError(where(file, "records", "must be an array of records"));
    for (size_t i = 0; i < list.size(); ++i)
      add_record(list[i], item_label("records", i, peek_id(list[i])));
  };
  if (doc.is_array()) {
    add_records(doc);
    return;
  }
  if (!doc.is_object())
    throw ArchiveError(where(file, "", "expected a JSON object or array of records"));
  if (doc.contains("id")) {
    add_record(doc, "record (" + peek_id(doc) + ")");
    return;
  }
  for (const auto& [key, value] : doc.items()) {
    // "positions" is what `search --format json` adds (the approximate positions of named
    // regions, derived from data/places): read back, it is not evidence and is left aside.
    if (key != "games" && key != "records" && key != "positions") {
      throw ArchiveError(where(
          file, "", "unknown top-level field '" + key + "' (expected 'games' and 'records')"));
    }
  }
  if (auto games = doc.find("games"); games != doc.end()) {
    if (!games->is_array()) throw ArchiveError(where(file, "games", "must be an array of games"));
    for (size_t i = 0; i < games->size(); ++i) {
      const Json& item = (*games)[i];
      std::string key;
      if (item.is_object() && item.contains("key") && item["key"].is_string()) key = item["key"];
      const std::string label = item_label("games", i, key);
      batch.add(parse_item(file, label, [&] { return game_from_json(item); }), Origin{file, label});
    }
  }
  if (auto records = doc.find("records"); records != doc.end()) add_records(*records);
}

void read_evidence_paths(const std::vector<std::string>& paths, ImportBatch& batch) {
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
      read_evidence_text(read_file(path), path, batch);
      continue;
    }
    std::vector<std::string> files;
    for (fs::recursive_directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->is_regular_file() && it->path().extension() == ".json")
        files.push_back(it->path().string());
    }
    if (ec) throw ArchiveError(where(path, "", "cannot read folder: " + ec.message()));
    if (files.empty()) throw ArchiveError(where(path, "", "no .json files in this folder"));
    // A folder's own files before its subfolders' (the curated seed files before
    // data/evidence/dlp), each in name order: the first declaration of a game gives its aliases'
    // order.
    std::sort(files.begin(), files.end(), [](const std::string& a, const std::string& b) {
      const auto depth_a = std::count(a.begin(), a.end(), '/');
      const auto depth_b = std::count(b.begin(), b.end(), '/');
      return depth_a != depth_b ? depth_a < depth_b : a < b;
    });
    for (const std::string& file : files) read_evidence_text(read_file(file), file, batch);
  }
}

}  // namespace mancala::archive
