// The App's routes over the archive: a ruleset's page, the evidence search and records, maps,
// play-tests (saving, listing, replaying) and replays of traces.
#include <filesystem>

#include "archive/cite.h"
#include "archive/listing.h"
#include "archive/playtests.h"
#include "archive/store.h"
#include "common/paths.h"
#include "reports/evidence_report.h"
#include "reports/map.h"
#include "reports/rules_text.h"
#include "server/app.h"
#include "server/live_game.h"
#include "server/replay.h"
#include "server/request.h"
#include "simulator/describe.h"
#include "simulator/ruleset_io.h"

namespace mancala::server {

using nlohmann::json;
namespace ar = mancala::archive;

namespace {

std::string db_path(const AppOptions& options) { return default_db_path(options.db); }

// The archive for reading. A missing file is a 503 naming the command that makes it.
ar::Store open_archive(const AppOptions& options) {
  const std::string path = db_path(options);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    throw HttpError{503,
                    "the server's archive does not exist yet: run `mancala evidence import "
                    "data/evidence` (scripts/run.sh does)"};
  }
  return ar::Store::open(path, ar::Store::Mode::kExisting);
}

// A search of the archive: its own mistakes (a search text FTS5 cannot read, "NEAR(", too many
// words, an unknown game) are the request's, 400; the archive busy or failing is not (App::handle).
template <class Search>
auto searched(Search search) {
  try {
    return search();
  } catch (const ar::ArchiveError& e) {
    if (archive_busy(e)) throw;
    throw HttpError{400, e.what()};
  }
}

Response svg_response(std::string svg) {
  Response r;
  r.content_type = "image/svg+xml";
  r.body = std::move(svg);
  return r;
}

// The search the query names (the options of `mancala evidence search`).
ar::SearchQuery search_query(const std::map<std::string, std::string>& q) {
  ar::SearchQuery query;
  auto get = [&](const char* key) {
    auto it = q.find(key);
    return it == q.end() ? std::string() : it->second;
  };
  for (const auto& [key, value] : q) {
    static const std::vector<std::string> known = {"q",     "game", "type",      "from",
                                                   "to",    "near", "radius_km", "min_confidence",
                                                   "limit", "rows", "holes"};
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      throw HttpError{400, "unknown search parameter '" + key +
                               "' (q, game, type, from, to, near, radius_km, min_confidence, "
                               "limit, rows, holes)"};
    }
  }
  query.text = get("q");
  query.game = get("game");
  query.type = get("type");
  if (!get("from").empty()) query.from_year = ar::parse_year(get("from"), "--from", "search");
  if (!get("to").empty()) query.to_year = ar::parse_year(get("to"), "--to", "search");
  // As the command refuses it: a range that ends before it begins finds nothing, silently.
  if (query.from_year && query.to_year && *query.from_year > *query.to_year)
    throw HttpError{400, "from " + get("from") + " is after to " + get("to")};
  if (!get("near").empty()) {
    // As `evidence search --near` takes it: a place's name (the place itself, or within
    // radius_km of it) or LAT,LON (with radius_km, 100 km when the page gives none).
    std::optional<double> radius;
    if (!get("radius_km").empty()) {
      try {
        size_t used = 0;
        radius = std::stod(get("radius_km"), &used);
        if (used != get("radius_km").size()) throw std::invalid_argument("rest");
      } catch (const std::exception&) {
        throw HttpError{
            400, "radius_km: expected a number of kilometres, not '" + get("radius_km") + "'"};
      }
    } else if (ar::is_coordinate_pair(get("near"))) {
      radius = 100;
    }
    ar::set_near(query, get("near"), radius, "search");
  }
  if (!get("min_confidence").empty())
    query.min_confidence = parse_count(get("min_confidence"), "min_confidence");
  // The board, as `evidence search --rows/--holes` takes it: rows of holes, holes per row.
  for (const auto& [key, field] :
       {std::pair{"rows", &ar::SearchQuery::rows}, std::pair{"holes", &ar::SearchQuery::holes}}) {
    if (get(key).empty()) continue;
    const int n = parse_count(get(key), key);
    if (n < 1 || n > 100)
      throw HttpError{400, std::string(key) + ": must be 1 to 100, not " + get(key)};
    query.*field = n;
  }
  query.limit = get("limit").empty() ? 500 : parse_count(get("limit"), "limit");
  return query;
}

json game_names(const std::vector<ar::Game>& games) {
  json out = json::object();
  for (const ar::Game& g : games) out[g.key] = g.name;
  return out;
}

}  // namespace

Response App::api_ruleset(const std::string& id) {
  const auto game = game_for(id);
  const sim::RuleSet& r = game->rules();
  json rules = json::array();
  for (const sim::FieldInfo& f : sim::rule_fields()) {
    json entry = {{"key", f.key},
                  {"group", f.group},
                  {"doc", f.doc},
                  {"value", f.get(r)},
                  {"acts", sim::key_acts(r, f.key)}};
    if (const std::optional<sim::Witness> w = sim::witness_of(r, f.key)) {
      entry["provenance"] = sim::witness_json(*w);
    } else {
      entry["provenance"] = nullptr;
    }
    rules.push_back(entry);
  }
  json out = {{"id", r.id},
              {"game", r.game},
              {"name", r.name},
              {"status", r.status},
              {"extends", r.extends},
              {"summary", r.summary},
              {"evidence", r.evidence},
              {"rules_hash", sim::rules_hash(r)},
              {"differs", reports::differs_from_default_line(r)},
              {"plays_exactly_as", reports::plays_exactly_as_json(r)},
              {"seat_words", seat_words_json(r)},
              {"rules", rules}};
  return json_response(200, out);
}

Response App::api_archive() {
  const std::string path = db_path(options_);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return json_response(200, json{{"exists", false}});
  ar::Store store = open_archive(options_);
  const ar::ArchiveSummary summary = store.summary();
  json games = json::array(), types = json::array();
  std::set<std::string> seen;
  for (const auto& row : summary.games) {
    games.push_back({{"key", row.key}, {"name", row.name}, {"records", row.records}});
    for (const auto& [type, count] : row.types) {
      if (seen.insert(type).second) types.push_back(type);
    }
  }
  return json_response(200, json{{"exists", true},
                                 {"records", summary.records},
                                 {"rulesets", summary.rulesets},
                                 {"runs", summary.runs},
                                 {"games", games},
                                 {"types", types}});
}

Response App::api_evidence_search(const std::map<std::string, std::string>& query) {
  const ar::SearchQuery q = search_query(query);
  ar::Store store = open_archive(options_);
  int64_t unplaced = 0;
  const std::vector<ar::SearchHit> hits = searched([&] { return store.search(q, &unplaced); });
  json out = ar::hits_json(hits);
  out["unplaced"] = unplaced;
  out["game_names"] = game_names(store.games());
  return json_response(200, out);
}

Response App::api_evidence(const std::string& id) {
  ar::Store store = open_archive(options_);
  const std::optional<ar::EvidenceRecord> record = store.get(id);
  if (!record) throw HttpError{404, "no evidence record '" + id + "' in the archive"};
  const std::optional<ar::Game> game = store.find_game(record->game);
  json out = {{"record", ar::to_json(*record)},
              {"game_name", game ? game->name : record->game},
              {"date", ar::date_range_text(*record)}};
  if (const std::optional<ar::Place> place = store.place_of(*record)) {
    out["place"] = {{"name", place->name},
                    {"latitude", place->latitude},
                    {"longitude", place->longitude},
                    {"radius_km", place->radius_km},
                    {"source", place->source}};
  }
  json rulesets = json::array();
  for (const ar::RulesetLink& link : store.rulesets_for_evidence(id))
    rulesets.push_back({{"id", link.ruleset}, {"name", link.name}, {"status", link.status}});
  out["rulesets"] = rulesets;
  out["see_also_of"] = store.see_also_of(id);  // the records naming this one as the same game
  const ar::Json items =
      ar::csl_items(ar::with_same_works(*record, store.same_work_sources()), game);
  out["cite"] = {{"text", ar::text_references(items)}, {"bibtex", ar::bibtex(items)}};
  return json_response(200, out);
}

Response App::api_map(const std::map<std::string, std::string>& query, const std::string& record) {
  ar::Store store = open_archive(options_);
  if (record.empty()) {
    const std::vector<ar::SearchHit> hits =
        searched([&] { return store.search(search_query(query)); });
    reports::MapOptions view;
    view.title = "The records found, on a world map";
    view.id = "search-map";
    return svg_response(reports::svg_world_map(
        reports::world_outline(), reports::map_points(store, hits, "#/record/", ""), view));
  }
  const std::optional<ar::EvidenceRecord> r = store.get(record);
  if (!r) throw HttpError{404, "no evidence record '" + record + "' in the archive"};
  ar::SearchHit hit{*r, std::nullopt, store.place_of(*r)};
  const std::vector<reports::MapPoint> points = reports::map_points(store, {hit}, "", "");
  if (points.empty()) throw HttpError{404, record + ": the record has no position to map"};
  const double span = std::clamp(hit.place ? hit.place->radius_km / 111.0 * 8 : 40.0, 40.0, 360.0);
  reports::MapOptions view =
      reports::map_view_around(points[0].latitude, points[0].longitude, span);
  view.width = 640;
  view.id = "record-map";
  view.title = "Where: " + record;
  view.legend = false;
  return svg_response(reports::svg_world_map(reports::world_outline(), points, view));
}

Response App::api_save(const std::string& id, const std::string& body) {
  const json j = parse_body(body);
  check_keys(j, {"notes"});
  std::string notes;
  if (j.contains("notes")) {
    if (!j["notes"].is_string()) throw HttpError{400, "notes: expected text"};
    notes = j["notes"].get<std::string>();
    if (notes.size() > options_.limits.max_notes)
      throw HttpError{413, "notes: " + std::to_string(notes.size()) + " bytes; the limit is " +
                               std::to_string(options_.limits.max_notes)};
  }
  auto e = entry(id);
  ar::PlaytestRecord record;
  {
    std::lock_guard lock(e->mutex);
    const LiveGame& g = *e->game;
    if (g.move_count() == 0) throw HttpError{409, "nothing to save: no move has been played"};
    record = playtest_record(g, notes);
  }
  ar::Store store = ar::Store::open(db_path(options_));
  const int64_t saved = store.store_playtest(record);
  json out = ar::playtest_json(store.get_playtest(saved).value());
  return json_response(201, json{{"playtest", out}});
}

Response App::api_playtests(const std::map<std::string, std::string>& query) {
  std::string ruleset, format;
  for (const auto& [key, value] : query) {
    if (key == "ruleset")
      ruleset = value;
    else if (key == "format")
      format = value;
    else
      throw HttpError{400, "unknown parameter '" + key + "' (ruleset, format)"};
  }
  if (!format.empty() && format != "json" && format != "csv")
    throw HttpError{400, "format: expected json or csv, not '" + format + "'"};
  const std::string path = db_path(options_);
  std::error_code ec;
  std::vector<ar::PlaytestRecord> records;
  if (std::filesystem::exists(path, ec)) records = open_archive(options_).list_playtests(ruleset);
  Response r;
  if (format == "csv") {
    // What `mancala playtests export --format csv` writes, as a file to download.
    r.content_type = "text/csv; charset=utf-8";
    r.body = ar::playtests_csv(records);
  } else {
    json list = json::array();
    for (const ar::PlaytestRecord& p : records) list.push_back(json(ar::playtest_json(p)));
    r = json_response(200, json{{"playtests", list}});
  }
  // Asked for by format (the Play-tests page's export buttons): a download, named.
  if (!format.empty())
    r.headers.emplace_back("Content-Disposition",
                           "attachment; filename=\"playtests." + format + "\"");
  return r;
}

Response App::api_playtest(const std::string& id, bool replay) {
  const int64_t n = parse_count(id, "play-test id");
  ar::Store store = open_archive(options_);
  const std::optional<ar::PlaytestRecord> p = store.get_playtest(n);
  if (!p) throw HttpError{404, "no play-test " + id + " in the archive"};
  if (!replay) return json_response(200, json{{"playtest", ar::playtest_json(*p)}});
  const auto game = game_for(p->ruleset);
  json out = replay_playtest(game, *p);
  out["playtest"] = ar::playtest_json(*p);
  return json_response(200, out);
}

Response App::api_replay_trace(const std::string& body) {
  const json trace = parse_body(body);
  if (!trace.contains("ruleset") || !trace["ruleset"].is_string() || !trace.contains("moves") ||
      !trace["moves"].is_array()) {
    throw HttpError{400,
                    "expected a trace as `mancala trace RULESET --format json` writes it "
                    "(with \"ruleset\" and \"moves\")"};
  }
  const auto game = game_for(trace["ruleset"].get<std::string>());
  return json_response(200, replay_trace(game, trace));
}

}  // namespace mancala::server
