#include "archive/portal.h"

#include <array>
#include <cctype>
#include <cstdio>
#include <map>
#include <optional>

#include "archive/coords.h"
#include "archive/error.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

// A URL query value: unreserved bytes as they are, every other byte as %XX.
std::string percent_encode(const std::string& text) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += c;
    } else {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

// The field names of a portal record, longest first so "Sources" wins over "Source".
constexpr std::array<const char*, 14> kFields = {
    "Social status", "Confidence", "Location", "Content", "Genders", "Sources", "Source",
    "Spaces",        "Rules",      "Type",     "Game",    "Date",    "Ages",    "Id"};

// One record's raw fields as read from the page, with the line each started on.
struct RawRecord {
  std::map<std::string, std::string> fields;
  std::vector<std::string> sources;
  size_t line = 0;
};

// If `line` starts with a field name followed by a space (or is the name alone), returns the
// name and puts the rest in `value`.
std::optional<std::string> field_of(const std::string& line, std::string& value) {
  for (const char* name : kFields) {
    const std::string_view n(name);
    if (!line.starts_with(n)) continue;
    if (line.size() == n.size()) {
      value.clear();
      return std::string(n);
    }
    if (line[n.size()] == ' ' || line[n.size()] == '\t') {
      value = trim(std::string_view(line).substr(n.size()));
      return std::string(n);
    }
  }
  return std::nullopt;
}

// "1 pieces of evidence found." gives 1.
std::optional<int> evidence_count(const std::string& line) {
  size_t pos = 0;
  int count = 0;
  while (pos < line.size() && std::isdigit(static_cast<unsigned char>(line[pos]))) {
    count = count * 10 + (line[pos++] - '0');
    if (count > 1000000) return std::nullopt;
  }
  if (pos == 0) return std::nullopt;
  const std::string rest = line.substr(pos);
  if (rest == " pieces of evidence found." || rest == " piece of evidence found." ||
      rest == " pieces of evidence found" || rest == " piece of evidence found") {
    return count;
  }
  return std::nullopt;
}

EvidenceRecord build(const RawRecord& raw, const std::string& title_game, const std::string& region,
                     const std::string& file) {
  EvidenceRecord r;
  auto get = [&](const char* name) -> std::string {
    auto it = raw.fields.find(name);
    return it == raw.fields.end() ? std::string() : it->second;
  };
  r.id = get("Id");
  const std::string label = r.id.empty() ? "line " + std::to_string(raw.line) : r.id;
  auto fail = [&](const std::string& field, const std::string& what) -> ArchiveError {
    return ArchiveError(where(file, label, field.empty() ? what : field + ": " + what));
  };
  if (r.id.empty()) throw fail("Id", "empty id");
  r.game = get("Game").empty() ? title_game : get("Game");
  if (!title_game.empty() && fold_name(r.game) != fold_name(title_game)) {
    throw fail("Game", "'" + r.game + "' is not the game of the page's title 'Evidence for " +
                           title_game + "'");
  }
  if (r.game.empty()) throw fail("", "no Game field and no 'Evidence for GAME' title");
  // The game's page on the portal, which lists its evidence (the page text gives no address of
  // its own, and no date of access: none is invented).
  r.portal_url = "https://ludii.games/details.php?keyword=" + percent_encode(r.game);
  r.type = get("Type");
  r.location = get("Location").empty() ? region : get("Location");
  try {
    if (auto point = parse_coordinates(r.location)) {
      r.latitude = point->latitude;
      r.longitude = point->longitude;
    }
  } catch (const ArchiveError& e) {
    throw fail("Location", e.what());
  }
  if (const std::string date = get("Date"); !date.empty()) {
    try {
      const DateRange range = parse_date_range(date);
      r.date_from = range.from;
      r.date_to = range.to;
    } catch (const ArchiveError& e) {
      throw fail("Date", e.what());
    }
  }
  r.rules = get("Rules");
  r.content = get("Content");
  if (const std::string confidence = get("Confidence"); !confidence.empty()) {
    const bool digits =
        confidence.size() <= 3 && confidence.find_first_not_of("0123456789") == std::string::npos;
    if (!digits || std::stoi(confidence) > 100) {
      throw fail("Confidence", "'" + confidence + "' is not a whole number from 0 to 100");
    }
    r.confidence = std::stoi(confidence);
  }
  r.spaces = split_list(get("Spaces"), ',');
  r.ages = split_list(get("Ages"), ',');
  r.social_status = split_list(get("Social status"), ',');
  r.genders = split_list(get("Genders"), ',');
  r.sources.assign(raw.sources.begin(), raw.sources.end());
  try {
    validate(r);
  } catch (const ArchiveError& e) {
    throw fail("", e.what());
  }
  return r;
}

}  // namespace

std::vector<EvidenceRecord> parse_portal_page(const std::string& text, const std::string& file) {
  if (auto bad = find_invalid_utf8(text)) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[*bad]));
    throw ArchiveError(where(file, "line " + std::to_string(line_of(text, *bad)),
                             std::string("invalid UTF-8 (byte ") + byte + ")"));
  }
  std::string title_game;
  std::string region;
  std::optional<int> expected;
  std::vector<RawRecord> raws;
  bool open = false;       // inside a record's field lines
  std::string last_field;  // the field a continuation line extends
  size_t line_number = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = trim(std::string_view(text).substr(start, end - start));
    start = end + 1;
    ++line_number;
    if (line.empty()) {
      open = false;
      continue;
    }
    std::string value;
    const std::optional<std::string> field = field_of(line, value);
    if (field == "Id") {
      raws.push_back(RawRecord{});
      raws.back().line = line_number;
      raws.back().fields["Id"] = value;
      open = true;
      last_field = "Id";
      continue;
    }
    if (open && field) {
      RawRecord& raw = raws.back();
      if (*field == "Source" || *field == "Sources") {
        if (!value.empty()) raw.sources.push_back(value);
      } else if (raw.fields.contains(*field)) {
        throw ArchiveError(
            where(file, raw.fields["Id"],
                  *field + ": field given twice (line " + std::to_string(line_number) + ")"));
      } else {
        raw.fields[*field] = value;
      }
      last_field = *field;
      continue;
    }
    if (open) {
      RawRecord& raw = raws.back();
      std::string& target =
          (last_field == "Source" || last_field == "Sources")
              ? (raw.sources.empty() ? raw.sources.emplace_back() : raw.sources.back())
              : raw.fields[last_field];
      target += (target.empty() ? "" : "\n") + line;
      continue;
    }
    // Outside a record: only the title and the count matter; the rest is page furniture.
    if (raws.empty()) {
      if (line.starts_with("Evidence for ")) title_game = trim(line.substr(13));
      if (line.starts_with("Evidence in ")) region = trim(line.substr(12));
    }
    if (auto count = evidence_count(line)) expected = *count;
  }
  std::vector<EvidenceRecord> records;
  for (const RawRecord& raw : raws) records.push_back(build(raw, title_game, region, file));
  if (expected && static_cast<size_t>(*expected) != records.size()) {
    throw ArchiveError(where(file, "",
                             "the page says " + std::to_string(*expected) +
                                 " pieces of evidence were found but holds " +
                                 std::to_string(records.size())));
  }
  if (records.empty())
    throw ArchiveError(where(file, "", "no evidence records found (no line starting with 'Id ')"));
  return records;
}

}  // namespace mancala::archive
