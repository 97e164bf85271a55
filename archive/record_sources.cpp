// Sources of evidence records: a citation string, or an object with the citation and its
// CSL-JSON, each CSL field checked for its type (issue 41: name parts of any type imported, then
// vanished from the BibTeX and the text references and were written out as invalid CSL-JSON).
#include <array>
#include <set>
#include <utility>

#include "archive/record.h"
#include "archive/record_fields.h"
#include "common/strict_json.h"
#include "common/text.h"

namespace mancala::archive {

namespace {

// A CSL-JSON date ("issued", "accessed", "original-date"): {"date-parts": [[YEAR, MONTH, DAY]]},
// the month and day optional, each an integer in range (a year of -9999 to 9999).
bool is_csl_date(const Json& date) {
  if (!date.is_object() || date.size() != 1 || !date.contains("date-parts")) return false;
  const Json& parts = date["date-parts"];
  if (!parts.is_array() || parts.size() != 1 || !parts[0].is_array()) return false;
  const Json& d = parts[0];
  if (d.empty() || d.size() > 3) return false;
  const std::array<std::pair<int64_t, int64_t>, 3> range = {{{-9999, 9999}, {1, 12}, {1, 31}}};
  for (size_t i = 0; i < d.size(); ++i) {
    if (!json_int_within(d[i], range[i].first, range[i].second)) return false;
  }
  return true;
}

// The CSL-JSON fields a source's "csl" may hold, each of its type: text fields strings, the
// numbered ones (volume, issue, page, number) a string or an integer, dates as is_csl_date, and
// names ("author", "editor") arrays of objects whose every part is a string: "family" (with
// "given", the particles, "suffix") or "literal". A part of another type would import, then
// vanish from the BibTeX and the text references and be written out as invalid CSL-JSON.
void check_csl(const Json& csl) {
  for (const auto& [key, value] : csl.items()) {
    if (!is_csl_key(key)) throw ArchiveError("csl: unknown CSL-JSON field '" + key + "'");
  }
  if (auto type = csl.find("type"); type == csl.end() || !type->is_string())
    throw ArchiveError("csl: missing CSL-JSON field 'type' (a string)");
  for (const char* key : {"type", "title", "container-title", "URL", "DOI", "publisher", "note",
                          "publisher-place", "genre"}) {
    if (auto it = csl.find(key); it != csl.end() && !it->is_string())
      throw ArchiveError(std::string("csl: field '") + key + "' must be a string");
  }
  for (const char* key : {"volume", "issue", "page", "number"}) {
    if (auto it = csl.find(key); it != csl.end() && !it->is_string() && !json_int64(*it))
      throw ArchiveError(std::string("csl: field '") + key + "' must be a string or an integer");
  }
  for (const char* key : {"issued", "accessed", "original-date"}) {
    if (auto it = csl.find(key); it != csl.end() && !is_csl_date(*it)) {
      throw ArchiveError(std::string("csl: field '") + key +
                         "' must be {\"date-parts\": [[YEAR, MONTH, DAY]]} (month and day "
                         "optional)");
    }
  }
  static const std::set<std::string, std::less<>> parts = {
      "family", "given", "literal", "dropping-particle", "non-dropping-particle", "suffix"};
  for (const char* names : {"author", "editor"}) {
    auto list = csl.find(names);
    if (list == csl.end()) continue;
    if (!list->is_array())
      throw ArchiveError(std::string("csl: field '") + names + "' must be an array of names");
    for (size_t i = 0; i < list->size(); ++i) {
      const Json& name = (*list)[i];
      const std::string at = std::string("csl: ") + names + "[" + std::to_string(i) + "]";
      if (!name.is_object() || !(name.contains("family") || name.contains("literal"))) {
        throw ArchiveError(at + ": a name must be an object with 'family' (and 'given') or " +
                           "'literal'");
      }
      for (const auto& [part, value] : name.items()) {
        if (!parts.contains(part)) {
          throw ArchiveError(at + ": unknown name part '" + part +
                             "' (family, given, literal, dropping-particle, "
                             "non-dropping-particle, suffix)");
        }
        if (!value.is_string() || trim(value.get<std::string>()).empty())
          throw ArchiveError(at + ": '" + part + "' must be a non-empty string");
      }
    }
  }
}

}  // namespace

bool is_csl_key(const std::string& key) {
  static const std::set<std::string, std::less<>> keys = {"type",   "title",    "author",
                                                          "editor", "issued",   "container-title",
                                                          "volume", "issue",    "page",
                                                          "URL",    "DOI",      "publisher",
                                                          "note",   "accessed", "publisher-place",
                                                          "number", "genre",    "original-date"};
  return keys.contains(key);
}

Json to_json(const Source& s) {
  if (s.csl.empty() && s.same_work.empty()) return s.citation;
  Json j;
  j["citation"] = s.citation;
  if (!s.csl.empty()) j["csl"] = s.csl;
  if (!s.same_work.empty()) j["same_work"] = s.same_work;
  return j;
}

Source source_from_json(const Json& j) {
  if (j.is_string()) {
    if (trim(j.get<std::string>()).empty()) throw ArchiveError("an empty citation");
    return Source(j.get<std::string>());
  }
  if (!j.is_object()) {
    throw ArchiveError(std::string("a source must be a citation string or an object, not ") +
                       json_type(j));
  }
  for (const auto& [key, value] : j.items()) {
    if (key != "citation" && key != "csl" && key != "same_work")
      throw ArchiveError("unknown field '" + key + "'");
  }
  require(j, "citation");
  Source s(get_string(j, "citation"));
  if (trim(s.citation).empty()) throw ArchiveError("an empty citation");
  if (auto it = j.find("csl"); it != j.end()) {
    if (!it->is_object())
      throw ArchiveError(std::string("field 'csl' must be an object, not ") + json_type(*it));
    check_csl(*it);
    s.csl = *it;
  }
  if (auto it = j.find("same_work"); it != j.end()) {
    if (!it->is_array())
      throw ArchiveError(std::string("field 'same_work' must be an array of citations, not ") +
                         json_type(*it));
    for (const Json& other : *it) {
      if (!other.is_string() || trim(other.get<std::string>()).empty())
        throw ArchiveError("same_work: each entry must be a citation as another record writes it");
      if (other.get<std::string>() == s.citation)
        throw ArchiveError("same_work: '" + s.citation + "' is this source's own citation");
      s.same_work.push_back(other.get<std::string>());
    }
  }
  return s;
}

}  // namespace mancala::archive
