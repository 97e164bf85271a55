#include "archive/listing.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "archive/cite.h"
#include "archive/dates.h"
#include "archive/similar.h"
#include "common/csv.h"
#include "common/error.h"
#include "common/suggest.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

namespace fs = std::filesystem;

std::string pad(const std::string& text, size_t width) {
  const size_t w = display_width(text);
  return text + std::string(w < width ? width - w : 0, ' ');
}

std::string pad_left(const std::string& text, size_t width) {
  const size_t w = display_width(text);
  return std::string(w < width ? width - w : 0, ' ') + text;
}

std::string confidence_text(const EvidenceRecord& r) {
  return r.confidence ? std::to_string(*r.confidence) : "-";
}

// How a hit is placed: "exact", "approximate, ±150 km", "approximate: outline of South Sudan",
// "uncertain: Russia or Iran".
std::string position_words(const SearchHit& hit) {
  if (!hit.place) return "exact";
  const Place& p = *hit.place;
  if (!p.candidates.empty()) return "uncertain: one of " + join(p.candidates, ", ");
  if (!p.polygon.empty()) return "approximate: the region " + p.name;
  return "approximate, \u00b1" + fixed_text(p.radius_km, 0) + " km";
}

}  // namespace

std::string count_of(size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : separator) + p;
  return out;
}

std::string date_range_text(const EvidenceRecord& r) {
  if (!r.date_from) return "";
  const std::string from = display_date(*r.date_from);
  const std::string to = display_date(*r.date_to);
  return from == to ? from : from + " - " + to;
}

std::string years_text(const EvidenceRecord& r) {
  if (!r.date_from) return "";
  const HistoricalDate& from = *r.date_from;
  const HistoricalDate& to = *r.date_to;
  const bool starts_a_year = from.month <= 1 && from.day <= 1;
  const bool ends_a_year = to.month == 0 || (to.month == 12 && (to.day == 0 || to.day == 31));
  if (!starts_a_year || !ends_a_year) return date_range_text(r);
  const auto year = [](int y) { return y < 0 ? std::to_string(-y) + " BCE" : std::to_string(y); };
  return from.year == to.year ? year(from.year) : year(from.year) + "\xE2\x80\x93" + year(to.year);
}

std::string fixed_text(double value, int precision) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(precision) << value;
  return out.str();
}

std::string text_table(const std::vector<std::vector<std::string>>& raw,
                       const std::vector<bool>& right) {
  // Each cell one line, its control characters escaped (common/text.h): a field cannot retitle
  // or clear the reader's terminal, nor break the table's lines.
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : raw) {
    rows.emplace_back();
    for (const std::string& cell : row) rows.back().push_back(printable_line(cell));
  }
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], display_width(row[c]));
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      const bool align_right = c < right.size() && right[c];
      const bool last = c + 1 == row.size();
      line += align_right ? pad_left(row[c], widths[c]) : (last ? row[c] : pad(row[c], widths[c]));
      if (!last) line += "  ";
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

Json hits_json(const std::vector<SearchHit>& hits) {
  Json doc;
  doc["records"] = Json::array();
  Json positions = Json::object();
  for (const SearchHit& hit : hits) {
    doc["records"].push_back(to_json(hit.record));
    if (hit.place) {
      Json& at = positions[hit.record.id];
      at = {{"place", hit.place->name},
            {"latitude", hit.place->latitude},
            {"longitude", hit.place->longitude},
            {"radius_km", hit.place->radius_km},
            {"approximate", true},
            {"within_region", hit.within_region},
            {"source", hit.place->source}};
      if (!hit.alternatives.empty()) {
        // An uncertain place: each alternative where it lies, no position between them.
        at.erase("latitude");
        at.erase("longitude");
        at["alternatives"] = Json::array();
        for (const Place& a : hit.alternatives)
          at["alternatives"].push_back({{"place", a.name},
                                        {"latitude", a.latitude},
                                        {"longitude", a.longitude},
                                        {"radius_km", a.radius_km}});
      }
    }
  }
  if (!positions.empty()) doc["positions"] = positions;
  return doc;
}

std::string hits_csv(const std::vector<SearchHit>& hits, bool with_distance) {
  CsvWriter csv;
  for (const char* name : {"id",
                           "game",
                           "type",
                           "location",
                           "latitude",
                           "longitude",
                           "date_from",
                           "date_to",
                           "confidence",
                           "spaces",
                           "ages",
                           "social_status",
                           "genders",
                           "sources",
                           "rules",
                           "content",
                           "notes",
                           "position",
                           "position_latitude",
                           "position_longitude",
                           "position_radius_km"})
    csv.text(name);
  if (with_distance) csv.text("distance_km");
  csv.end_row();
  for (const SearchHit& hit : hits) {
    const EvidenceRecord& r = hit.record;
    std::vector<std::string> citations;
    for (const Source& source : r.sources) citations.push_back(source.citation);
    const bool exact = r.latitude.has_value();
    // An uncertain place has no one position (its alternatives are in the JSON).
    const std::optional<Place> place =
        hit.alternatives.empty() ? hit.place : std::optional<Place>();
    const std::vector<std::string> fields = {
        r.id,
        r.game,
        r.type,
        r.location,
        r.latitude ? fixed_text(*r.latitude, 6) : "",
        r.longitude ? fixed_text(*r.longitude, 6) : "",
        r.date_from ? format_date(*r.date_from) : "",
        r.date_to ? format_date(*r.date_to) : "",
        r.confidence ? std::to_string(*r.confidence) : "",
        join(r.spaces, "; "),
        join(r.ages, "; "),
        join(r.social_status, "; "),
        join(r.genders, "; "),
        join(citations, "; "),
        r.rules,
        r.content,
        r.notes,
        exact       ? "exact"
        : place     ? "approximate"
        : hit.place ? "uncertain: one of " + join(hit.place->candidates, ", ")
                    : "",
        exact   ? fixed_text(*r.latitude, 6)
        : place ? fixed_text(place->latitude, 6)
                : "",
        exact   ? fixed_text(*r.longitude, 6)
        : place ? fixed_text(place->longitude, 6)
                : "",
        exact   ? "0"
        : place ? fixed_text(place->radius_km, 0)
                : ""};
    // Text guarded against spreadsheet formulas, numbers (BCE years too) left as they are.
    for (const std::string& field : fields) csv.text(field);
    if (with_distance) csv.number(hit.distance_km ? fixed_text(*hit.distance_km, 1) : "");
    csv.end_row();
  }
  return csv.str();
}

std::string hits_table(const std::vector<SearchHit>& hits, const std::vector<Game>& games,
                       bool with_distance) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"id", "game", "type", "date", "location", "board", "confidence"});
  if (with_distance) {
    rows[0].push_back("km");
    rows[0].push_back("position");
  }
  std::map<std::string, std::string> names;
  for (const Game& g : games) names[g.key] = g.name;
  for (const SearchHit& hit : hits) {
    const EvidenceRecord& r = hit.record;
    rows.push_back({r.id, names.contains(r.game) ? names[r.game] : r.game,
                    truncate_display(r.type, 24), years_text(r), truncate_display(r.location, 32),
                    board_text(r.board), confidence_text(r)});
    if (with_distance) {
      rows.back().push_back(hit.within_region ? "within the region"
                            : hit.distance_km ? fixed_text(*hit.distance_km, 1)
                                              : "");
      rows.back().push_back(position_words(hit));
    }
  }
  return text_table(rows, {false, false, false, false, false, false, true, true, false});
}

std::string see_also_text(Store& store, const std::vector<SearchHit>& hits) {
  std::set<std::string> found;
  for (const SearchHit& hit : hits) found.insert(hit.record.id);
  std::set<std::pair<std::string, std::string>> pairs;
  for (const SearchHit& hit : hits) {
    std::vector<std::string> others = hit.record.see_also;
    for (const std::string& other : store.see_also_of(hit.record.id)) others.push_back(other);
    for (const std::string& other : others)
      if (found.contains(other)) pairs.insert(std::minmax(hit.record.id, other));
  }
  std::string out;
  for (const auto& [a, b] : pairs) out += a + " and " + b + " are records of the same game\n";
  return out;
}

std::string search_counts_text(const SearchCounts& c) {
  std::string out = c.searched_as.empty() ? "" : c.searched_as + "\n";
  if (c.unplaced > 0) {
    out += (c.unplaced == 1 ? std::string("1 record without a position was")
                            : std::to_string(c.unplaced) + " records without a position were") +
           " not searched\n";
  }
  if (c.undated > 0) {
    out += (c.undated == 1 ? std::string("1 record without a date was")
                           : std::to_string(c.undated) + " records without a date were") +
           " left out by the date filter\n";
  }
  return out;
}

namespace {

// "2x7, 4 counters a hole" / "board unknown": a profile's board in words.
std::string board_words(const BoardFacts& b) {
  std::string out = board_text(b);
  if (out.empty()) return "board unknown";
  if (b.counters_per_hole) out += ", " + std::to_string(*b.counters_per_hole) + " a hole";
  return out;
}

std::string days_text(const GameProfile& p) {
  if (!p.day_from) return "undated";
  auto year = [](int64_t day) {
    const int h = year_of_day(day);
    return h < 0 ? std::to_string(-h) + " BCE" : std::to_string(h);
  };
  const std::string a = year(*p.day_from), b = year(*p.day_to);
  return a == b ? a : a + " - " + b;
}

const GameProfile* profile_of(const std::vector<GameProfile>& profiles, const std::string& key) {
  for (const GameProfile& p : profiles)
    if (p.key == key) return &p;
  return nullptr;
}

}  // namespace

std::string similar_text(Store& store, const std::string& game,
                         const std::vector<SimilarGame>& found) {
  const std::vector<GameProfile> profiles = store.game_profiles();
  const std::optional<Game> g = store.find_game(game);
  const GameProfile* self = g ? profile_of(profiles, g->key) : nullptr;
  std::string out;
  if (self) {
    out += self->name + ": " + board_words(self->board) + ", " +
           (self->place.empty() ? std::string("place unknown") : self->place) + ", " +
           days_text(*self) + "\n\n";
  }
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"game", "board", "place", "date", "why"});
  for (const SimilarGame& s : found) {
    rows.push_back({s.game.name, board_words(s.game.board), truncate_display(s.game.place, 28),
                    days_text(s.game), s.reason});
  }
  return printable(out + text_table(rows));
}

Json similar_json(Store& store, const std::string& game, const std::vector<SimilarGame>& found) {
  const std::optional<Game> g = store.find_game(game);
  auto profile_json = [](const GameProfile& p) {
    Json j;
    j["key"] = p.key;
    j["name"] = p.name;
    j["record"] = p.record_id;
    j["board"] = to_json(p.board);
    if (!p.place.empty()) j["place"] = p.place;
    return j;
  };
  Json doc;
  const std::vector<GameProfile> profiles = store.game_profiles();
  if (const GameProfile* self = g ? profile_of(profiles, g->key) : nullptr)
    doc["game"] = profile_json(*self);
  doc["similar"] = Json::array();
  for (const SimilarGame& s : found) {
    Json j = profile_json(s.game);
    j["score"] = std::round(s.score * 1000) / 1000;
    j["reason"] = s.reason;
    doc["similar"].push_back(std::move(j));
  }
  return doc;
}

std::string places_table(Store& store) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"place", "kind", "centre", "radius km", "outline", "aliases"});
  for (const Place& p : store.places()) {
    rows.push_back({truncate_display(p.name, 40), p.kind.empty() ? "circle" : p.kind,
                    fixed_text(p.latitude, 2) + ", " + fixed_text(p.longitude, 2),
                    fixed_text(p.radius_km, 0),
                    p.polygon.empty() ? "-" : count_of(p.polygon.size(), "ring"),
                    truncate_display(!p.candidates.empty() ? "one of " + join(p.candidates, ", ")
                                     : !p.today.empty()    ? std::to_string(*p.from_year) + "-" +
                                                              std::to_string(*p.to_year) +
                                                              ": today's " + join(p.today, ", ")
                                                        : join(p.aliases, ", "),
                                     48)});
  }
  return text_table(rows, {false, false, false, true, false, false});
}

std::string game_records_text(const Game& game, const std::vector<SearchHit>& hits) {
  std::string out = game.name + " (" + game.key + ")";
  if (!game.aliases.empty()) out += ", also " + join(game.aliases, ", ");
  out += ": " + count_of(hits.size(), "evidence record") + "\n\n";
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"id", "type", "date", "location", "confidence"});
  for (const SearchHit& hit : hits) {
    const EvidenceRecord& r = hit.record;
    rows.push_back({r.id, truncate_display(r.type, 24), years_text(r),
                    truncate_display(r.location, 32), confidence_text(r)});
  }
  return printable(out + text_table(rows, {false, false, false, false, true}));
}

Json game_records_json(const Game& game, const std::vector<SearchHit>& hits) {
  Json doc;
  doc["games"] = Json::array({to_json(game)});
  doc["records"] = Json::array();
  for (const SearchHit& hit : hits) doc["records"].push_back(to_json(hit.record));
  return doc;
}

std::string record_text(Store& store, const EvidenceRecord& r) {
  const std::optional<Game> game = store.find_game(r.game);
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"id", r.id});
  rows.push_back({"game", game ? game->name + " (" + game->key + ")" : r.game});
  rows.push_back({"type", r.type});
  if (!r.location.empty()) rows.push_back({"location", r.location});
  if (r.latitude) {
    rows.push_back(
        {"coordinates", fixed_text(*r.latitude, 6) + ", " + fixed_text(*r.longitude, 6)});
  } else if (const std::optional<Place> place = store.place_of(r)) {
    std::string where =
        fixed_text(place->latitude, 2) + ", " + fixed_text(place->longitude, 2) + " approximate: ";
    if (!place->candidates.empty()) {
      // Each alternative where it lies, never a centre between them.
      where = "uncertain, one of ";
      for (size_t i = 0; i < place->candidates.size(); ++i) {
        const std::string& name = place->candidates[i];
        where += (i == 0 ? "" : " or ") + name;
        if (const std::optional<Place> c = store.find_place(name))
          where += " (" + fixed_text(c->latitude, 2) + ", " + fixed_text(c->longitude, 2) + ")";
      }
    } else if (!place->polygon.empty()) {
      where += "the region " + place->name + " (its outline; centre, within " +
               fixed_text(place->radius_km, 0) + " km)";
    } else {
      where += "the region " + place->name + ", within " + fixed_text(place->radius_km, 0) + " km";
    }
    rows.push_back({"position", where});
    rows.push_back({"position source", place->source});
  }
  if (r.date_from) rows.push_back({"date", date_range_text(r)});
  if (!r.origin.empty()) rows.push_back({"origin", r.origin});
  if (!r.board.empty()) {
    std::string board = board_text(r.board);
    if (r.board.stores) board += (board.empty() ? "" : ", ") + count_of(*r.board.stores, "store");
    if (!r.board.start.empty()) board += (board.empty() ? "" : ", ") + r.board.start;
    if (!r.board.open.empty()) board += "; open: " + r.board.open;
    if (!r.board.from.empty()) board += " (from the " + r.board.from + ")";
    rows.push_back({"board", board});
  }
  if (!r.classification.empty()) rows.push_back({"classification", r.classification});
  if (r.dlp_ruleset) rows.push_back({"DLP ruleset", std::to_string(*r.dlp_ruleset)});
  if (!r.portal_url.empty()) {
    rows.push_back(
        {"portal", r.portal_url + (r.accessed ? " (accessed " + format_date(*r.accessed) + ")"
                                              : std::string())});
  }
  if (!r.credit.empty()) rows.push_back({"credit", r.credit});
  if (r.confidence) {
    // Whose rating it is (issue 35): the DLP's, for its records; never the author's.
    rows.push_back({r.id.starts_with("DLP.") ? "DLP confidence" : "archive confidence",
                    std::to_string(*r.confidence)});
  }
  if (!r.author_doubts.empty()) rows.push_back({"author's doubts", r.author_doubts});
  for (const auto& [name, values] :
       {std::pair<const char*, const std::vector<std::string>&>{"spaces", r.spaces},
        {"ages", r.ages},
        {"social status", r.social_status},
        {"genders", r.genders}}) {
    if (!values.empty()) rows.push_back({name, join(values, ", ")});
  }
  for (size_t i = 0; i < r.sources.size(); ++i)
    rows.push_back({i == 0 ? "sources" : "", r.sources[i].citation});
  std::vector<std::string> same_game = r.see_also;
  for (const std::string& other : store.see_also_of(r.id))
    if (std::find(same_game.begin(), same_game.end(), other) == same_game.end())
      same_game.push_back(other);
  for (size_t i = 0; i < same_game.size(); ++i)
    rows.push_back({i == 0 ? "same game" : "", same_game[i] + " (another record of this game)"});
  const std::vector<RulesetLink> links = store.rulesets_for_evidence(r.id);
  for (size_t i = 0; i < links.size(); ++i) {
    rows.push_back({i == 0 ? "rulesets" : "", links[i].ruleset + " (" + links[i].status + ")"});
  }
  for (size_t i = 0; i < r.dlp_variants.size(); ++i) {
    const DlpVariant& v = r.dlp_variants[i];
    rows.push_back({i == 0 ? "DLP rulesets" : "",
                    v.name + (v.dlp_ruleset ? " (" + std::to_string(*v.dlp_ruleset) + ")" : "") +
                        (v.sources.empty() ? "" : ": " + join(v.sources, "; "))});
  }
  std::string out = text_table(rows);
  for (const auto& [title, text] :
       {std::pair<const char*, const std::string&>{"description", r.description},
        {"rules", r.rules},
        {"content", r.content},
        {"notes", r.notes}}) {
    if (text.empty()) continue;
    out += "\n" + std::string(title) + ":\n";
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) out += "  " + line + "\n";
  }
  return printable(out);
}

std::string summary_text(const std::string& path, const ArchiveSummary& s) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"game", "records", "rulesets", "runs", "types"});
  for (const auto& g : s.games) {
    std::vector<std::string> types;
    for (const auto& [type, count] : g.types) types.push_back(type + " " + std::to_string(count));
    rows.push_back({g.name, std::to_string(g.records), std::to_string(g.rulesets),
                    std::to_string(g.runs), join(types, ", ")});
  }
  rows.push_back(
      {"total", std::to_string(s.records), std::to_string(s.rulesets), std::to_string(s.runs),
       std::to_string(s.sources) + (s.sources == 1 ? " source cited" : " sources cited")});
  return printable("archive " + path + " (schema " + std::to_string(s.schema_version) + ")\n\n" +
                   text_table(rows, {false, true, true, true, false}));
}

std::string games_table(const std::vector<Game>& games) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"key", "name", "aliases"});
  for (const Game& g : games) rows.push_back({g.key, g.name, join(g.aliases, ", ")});
  return text_table(rows);
}

std::string citations_text(
    const std::vector<std::pair<EvidenceRecord, std::optional<Game>>>& records) {
  std::string out;
  for (size_t i = 0; i < records.size(); ++i) {
    const auto& [record, game] = records[i];
    const Json items = csl_items(record, game);
    Json works = Json::array();
    for (size_t k = 0; k + 1 < items.size(); ++k) works.push_back(items[k]);
    out += (i == 0 ? "" : "\n") + record.id + "\n";
    out += "  Works cited:\n";
    if (works.empty()) out += "    (none: the record cites no work)\n";
    const std::string text = text_references(works);
    for (size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos;
         start = end + 1)
      out += "    " + text.substr(start, end - start) + "\n";
    out += "  The record:\n    " + text_references(Json::array({items.back()}));
  }
  return out;
}

int parse_year(const std::string& text, const char* option, const std::string& command) {
  const std::string t = trim(text);
  if (t.starts_with("-") && t.size() > 1) {
    throw UsageError(command + ": " + option + ": write a year before the common era as '" +
                     t.substr(1) + " BCE', as in record files, not '" + t + "'");
  }
  HistoricalDate date;
  try {
    date = parse_date(t);
  } catch (const ArchiveError& e) {
    const std::string what = e.what();
    if (what.find("year 0") != std::string::npos)
      throw UsageError(command + ": " + option + ": there is no year 0 (use 1 or 1 BCE)");
    if (what.find("out of range") != std::string::npos || what.find("digits") != std::string::npos)
      throw UsageError(command + ": " + option + ": year out of range");
    throw UsageError(command + ": " + option +
                     " must be a whole year (e.g. 1939, or 500 BCE), not '" + text + "'");
  }
  if (date.month != 0) {
    throw UsageError(command + ": " + option +
                     " must be a whole year (e.g. 1939, or 500 BCE), not '" + text + "'");
  }
  return date.year;
}

bool is_coordinate_pair(const std::string& text) {
  // "LAT,LON" when a part of the only comma begins as a number does (a digit, a sign or a point:
  // "0x10,0" and "nan,0" are malformed pairs, refused, never places); "Yunnan, China" is a place.
  const size_t comma = text.find(',');
  if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos) return false;
  const auto numeric = [](const std::string& part) {
    const char c = part.empty() ? ' ' : part.front();
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
  };
  return numeric(trim(text.substr(0, comma))) || numeric(trim(text.substr(comma + 1)));
}

void set_near(SearchQuery& q, const std::string& near, std::optional<double> radius,
              const std::string& command) {
  if (radius && !(*radius >= 0 && std::isfinite(*radius))) {
    throw UsageError(command + ": --radius-km must be a distance of 0 km or more");
  }
  if (!is_coordinate_pair(near)) {
    if (fold_name(near).empty())
      throw UsageError(command + ": --near takes LAT,LON or a place's name, not '" + near + "'");
    q.near_place = trim(near);
    if (radius) q.radius_km = *radius;
    return;
  }
  // Each a plain decimal number (common/text.h, parse_decimal): no hexadecimal ("0x10" was read as
  // 16), no inf or nan, no space but after the comma ("32.5, 71.5").
  const size_t comma = near.find(',');
  const std::optional<double> lat = parse_decimal(std::string_view(near).substr(0, comma));
  std::string_view second = std::string_view(near).substr(comma + 1);
  while (!second.empty() && second.front() == ' ') second.remove_prefix(1);
  const std::optional<double> lon = parse_decimal(second);
  if (!lat || !lon)
    throw UsageError(command + ": --near must be LAT,LON in decimal degrees, not '" + near + "'");
  if (!(std::abs(*lat) <= 90 && std::abs(*lon) <= 180)) {
    throw UsageError(command + ": --near " + near +
                     ": latitude must be within 90 and longitude within 180");
  }
  if (!radius) {
    throw UsageError(command + ": --near LAT,LON needs --radius-km (a place's name does not)");
  }
  q.near_latitude = *lat;
  q.near_longitude = *lon;
  q.radius_km = *radius;
}

std::vector<Place> read_places_folder(const std::string& folder) {
  const fs::path dir = folder;
  std::vector<Place> places;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return places;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    for (Place& p : read_places_file(f.string())) places.push_back(std::move(p));
  }
  return places;
}

Store open_for_import(const std::string& path, bool dry_run) {
  std::error_code ec;
  if (dry_run && !fs::exists(path, ec)) return Store::open(":memory:");
  return Store::open(path);
}

std::string changes_text(const ImportResult& r, bool dry_run) {
  std::string out;
  for (const RecordChange& c : r.changes) {
    if (dry_run && c.added) {
      out += "would add " + c.id + "\n";
    } else if (dry_run) {
      out += "would update " + c.id + ": " + join(c.changed, ", ") +
             (c.removed.empty() ? ""
                                : "; would remove " + join(c.removed, ", ") +
                                      " (refused without --allow-removals)") +
             "\n";
    } else if (!c.removed.empty()) {
      out += "updated " + c.id + ": removed " + join(c.removed, ", ") + "\n";
    }
  }
  return out;
}

std::string unsourced_warning(const ImportBatch& batch) {
  std::vector<std::string> named;
  size_t count = 0;
  for (size_t i = 0; i < batch.records.size(); ++i) {
    if (!batch.records[i].sources.empty()) continue;
    const Origin& o = batch.record_origins[i];
    if (++count <= 5) named.push_back(o.file + ": " + o.item);
  }
  if (count == 0) return "";
  return "mancala: warning: " +
         (count == 1 ? std::string("1 record cites") : std::to_string(count) + " records cite") +
         " no source: " + join(named, ", ") +
         (count > named.size() ? " and " + std::to_string(count - named.size()) + " more" : "") +
         "\n";
}

void write_record_files(const std::string& dir, const std::vector<EvidenceRecord>& records) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw Error(where(dir, "", "cannot create folder: " + ec.message()));
  for (const EvidenceRecord& record : records) {
    Json doc;
    doc["records"] = Json::array({to_json(record)});
    write_file((fs::path(dir) / (record.id + ".json")).string(), doc.dump(2) + "\n");
  }
}

std::string import_summary(const ImportBatch& batch, const ImportResult& r, const std::string& db,
                           bool dry_run, bool with_games) {
  return (dry_run ? "dry run: would import " : "imported ") +
         count_of(batch.records.size(), "record") + " into " + db + ": " +
         std::to_string(r.records_added) + " added, " + std::to_string(r.records_updated) +
         " updated, " + std::to_string(r.records_unchanged) + " unchanged" +
         (with_games ? "; games: " + std::to_string(r.games_added) + " added, " +
                           std::to_string(r.games_updated) + " updated"
                     : "") +
         "; rulesets linked: " + std::to_string(batch.ruleset_links.size()) +
         (dry_run ? "; nothing written" : "") + "\n";
}

SearchQuery search_query(const SearchFilters& filters, const std::string& command) {
  SearchQuery q;
  q.text = filters.text;
  q.game = filters.game;
  q.type = filters.type;
  if (filters.from) q.from_year = parse_year(*filters.from, "--from", command);
  if (filters.to) q.to_year = parse_year(*filters.to, "--to", command);
  if (q.from_year && q.to_year && *q.from_year > *q.to_year)
    throw UsageError(command + ": --from " + *filters.from + " is after --to " + *filters.to);
  if (filters.radius_km && !filters.near)
    throw UsageError(command + ": --radius-km goes with --near");
  if (filters.near) set_near(q, *filters.near, filters.radius_km, command);
  for (const auto& [option, value, target] :
       {std::tuple<const char*, std::optional<int>, std::optional<int>*>{"rows", filters.rows,
                                                                         &q.rows},
        {"holes", filters.holes, &q.holes}}) {
    if (!value) continue;
    if (*value < 1 || *value > 100)
      throw UsageError(command + ": --" + option + " must be 1 to 100");
    *target = value;
  }
  if (filters.min_confidence) {
    if (*filters.min_confidence < 0 || *filters.min_confidence > 100)
      throw UsageError(command + ": --min-confidence must be 0-100");
    q.min_confidence = filters.min_confidence;
  }
  if (filters.limit) {
    if (*filters.limit < 1) throw UsageError(command + ": --limit must be 1 or more");
    q.limit = *filters.limit;
  }
  return q;
}

namespace {

// The records `name` cites: the record of that id, else every record of the game it names (by
// date). Throws Error naming the record ids each game has when the name is an alias of several
// games, and the nearest ids and names when it names nothing.
std::vector<EvidenceRecord> records_named(Store& store, const std::string& name) {
  if (std::optional<EvidenceRecord> r = store.get(name)) return {std::move(*r)};
  const std::vector<Game> games = store.find_games(name);
  const auto records_of = [&](const Game& game) {
    SearchQuery q;
    q.game = game.key;
    std::vector<EvidenceRecord> out;
    for (SearchHit& hit : store.search(q)) out.push_back(std::move(hit.record));
    return out;
  };
  if (games.size() == 1) return records_of(games[0]);
  if (games.size() > 1) {
    std::string list;
    for (size_t i = 0; i < games.size(); ++i) {
      std::vector<std::string> ids;
      for (const EvidenceRecord& r : records_of(games[i])) ids.push_back(r.id);
      list += (i == 0                  ? ""
               : i + 1 == games.size() ? " and "
                                       : ", ") +
              games[i].key + " (" + join(ids, ", ") + ")";
    }
    throw Error("evidence cite: '" + name + "' names " + std::to_string(games.size()) + " games, " +
                list + ": give a game's key or a record's id");
  }
  // The nearest ids and spellings, each spelling given as its game's key (what cite takes).
  std::vector<std::string> known;
  std::map<std::string, std::string> key_of;
  for (const SearchHit& hit : store.search(SearchQuery{})) known.push_back(hit.record.id);
  for (const Game& g : store.games()) {
    for (const std::string& spelling : std::vector<std::string>{g.key, g.name}) {
      known.push_back(spelling);
      key_of.emplace(spelling, g.key);
    }
    for (const std::string& alias : g.aliases) {
      known.push_back(alias);
      key_of.emplace(alias, g.key);
    }
  }
  std::vector<std::string> near;
  for (const std::string& spelling : nearest_spellings(name, known, 6)) {
    const auto key = key_of.find(spelling);
    const std::string& shown = key == key_of.end() ? spelling : key->second;
    if (std::find(near.begin(), near.end(), shown) == near.end() && near.size() < 3)
      near.push_back(shown);
  }
  std::string hint;
  for (size_t i = 0; i < near.size(); ++i)
    hint += (i == 0 ? "; did you mean " : i + 1 == near.size() ? " or " : ", ") + near[i];
  throw UnknownRecordError("evidence cite: no evidence record or game '" + name + "'" + hint +
                           (near.empty() ? "" : "?") + " (see 'mancala evidence games')");
}

}  // namespace

std::vector<std::pair<EvidenceRecord, std::optional<Game>>> cited_records(
    Store& store, const std::vector<std::string>& ids) {
  std::vector<std::pair<EvidenceRecord, std::optional<Game>>> records;
  const std::vector<Source> works = store.same_work_sources();
  for (const std::string& id : ids) {
    for (EvidenceRecord& r : records_named(store, id)) {
      // A record named twice (by its id and by its game) is cited once.
      if (std::any_of(records.begin(), records.end(),
                      [&](const auto& cited) { return cited.first.id == r.id; }))
        continue;
      std::optional<Game> game = store.find_game(r.game);
      records.emplace_back(with_same_works(std::move(r), works), std::move(game));
    }
  }
  return records;
}

}  // namespace mancala::archive
