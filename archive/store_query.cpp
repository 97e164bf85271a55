// Reading the archive: one record, searches (full text, game, type, years, distance,
// confidence), places, games and the summary; and how rows become records and games.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "archive/coords.h"
#include "archive/dates.h"
#include "archive/sqlite.h"
#include "archive/store.h"
#include "archive/store_rows.h"
#include "common/suggest.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

std::vector<Source> source_list(const std::string& text) {
  std::vector<Source> out;
  if (text.empty()) return out;
  for (const auto& item : Json::parse(text)) {
    std::vector<std::string> same;
    if (item.size() > 2)
      for (const Json& other : item[2]) same.push_back(other.get<std::string>());
    out.emplace_back(item[0].get<std::string>(), item[1], std::move(same));
  }
  return out;
}

// Turns the user's search text into an FTS5 query: each word or "quoted phrase" becomes a
// phrase (so punctuation such as "anti-clockwise" cannot break the syntax), a trailing * makes
// a prefix search, and the bare words AND, OR, NOT and parentheses stay operators. `terms`
// counts the words and phrases (not the operators).
std::string fts_query(const std::string& text, size_t& terms) {
  std::string out;
  size_t i = 0;
  terms = 0;
  auto add = [&](const std::string& term) {
    if (!out.empty()) out += ' ';
    out += term;
    if (term.front() == '"') ++terms;
  };
  auto phrase = [](const std::string& words) {
    std::string q = "\"";
    for (char c : words) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      ++i;
    } else if (c == '(' || c == ')') {
      add(std::string(1, c));
      ++i;
    } else if (c == '"') {
      const size_t end = text.find('"', i + 1);
      const size_t stop = end == std::string::npos ? text.size() : end;
      add(phrase(text.substr(i + 1, stop - i - 1)));
      i = stop + 1;
    } else {
      size_t end = i;
      while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '\n' &&
             text[end] != '(' && text[end] != ')' && text[end] != '"') {
        ++end;
      }
      std::string word = text.substr(i, end - i);
      i = end;
      if (word == "AND" || word == "OR" || word == "NOT") {
        add(word);
      } else if (word.size() > 1 && word.back() == '*') {
        add(phrase(word.substr(0, word.size() - 1)) + "*");
      } else {
        add(phrase(word));
      }
    }
  }
  return out;
}

}  // namespace

std::string list_json(const std::vector<std::string>& list) { return Json(list).dump(); }

std::vector<std::string> json_list(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  for (const auto& item : Json::parse(text)) out.push_back(item.get<std::string>());
  return out;
}

EvidenceRecord read_record(const Statement& s) {
  EvidenceRecord r;
  r.id = s.text(0);
  r.game = s.text(1);
  r.type = s.text(2);
  r.location = s.text(3);
  r.latitude = s.optional_real(4);
  r.longitude = s.optional_real(5);
  if (!s.is_null(6)) r.date_from = parse_date(s.text(6));
  if (!s.is_null(7)) r.date_to = parse_date(s.text(7));
  r.rules = s.text(8);
  r.content = s.text(9);
  if (auto c = s.optional_integer(10)) r.confidence = static_cast<int>(*c);
  r.spaces = json_list(s.text(11));
  r.ages = json_list(s.text(12));
  r.social_status = json_list(s.text(13));
  r.genders = json_list(s.text(14));
  r.notes = s.text(15);
  r.sources = source_list(s.text(16));
  r.description = s.text(17);
  r.origin = s.text(18);
  r.classification = s.text(19);
  if (const std::string board = s.text(20); !board.empty() && board != "{}")
    r.board = board_from_json(Json::parse(board));
  if (auto id = s.optional_integer(21)) r.dlp_ruleset = static_cast<int>(*id);
  r.portal_url = s.text(22);
  if (!s.is_null(23)) r.accessed = parse_date(s.text(23));
  r.credit = s.text(24);
  if (const std::string variants = s.text(25); !variants.empty() && variants != "[]") {
    // Written by to_json's dlp_variants: read back through the record reader's checks.
    Json doc = Json::object();
    doc["id"] = "x";
    doc["game"] = "x";
    doc["type"] = "x";
    doc["dlp_variants"] = Json::parse(variants);
    r.dlp_variants = record_from_json(doc).dlp_variants;
  }
  r.author_doubts = s.text(26);
  r.see_also = json_list(s.text(27));
  return r;
}

Game read_game(const Statement& s) {
  Game g{s.text(0), s.text(1), json_list(s.text(2)), std::nullopt};
  if (auto id = s.optional_integer(3)) g.dlp_ruleset = static_cast<int>(*id);
  return g;
}

std::optional<Game> Store::find_game(const std::string& name) {
  const std::vector<Game> games = find_games(name);
  if (games.size() != 1) return std::nullopt;
  return games[0];
}

std::vector<Game> Store::find_games(const std::string& name) {
  Statement s(
      db_.get(), path_,
      "SELECT g.key, g.name, g.aliases, g.dlp_ruleset, n.alias FROM game_names n JOIN games "
      "g ON g.key = n.game_key WHERE n.folded = ? ORDER BY n.alias, g.key");
  s.bind(1, fold_name(name));
  std::vector<Game> out;
  while (s.step()) {
    out.push_back(read_game(s));
    if (s.integer(4) == 0) break;  // the game's own key or name: that game alone
  }
  return out;
}

std::string Store::unknown_game_message(const std::string& name) {
  // The nearest of every spelling, each given as its game's key (what --game and show take).
  std::vector<std::string> spellings;
  std::map<std::string, std::string> key_of;
  for (const Game& g : games()) {
    std::vector<std::string> all = {g.key, g.name};
    all.insert(all.end(), g.aliases.begin(), g.aliases.end());
    for (const std::string& spelling : all) {
      spellings.push_back(spelling);
      key_of.emplace(spelling, g.key);
    }
  }
  std::vector<std::string> keys;
  for (const std::string& spelling : nearest_spellings(name, spellings, 6)) {
    const std::string& key = key_of[spelling];
    if (std::find(keys.begin(), keys.end(), key) == keys.end() && keys.size() < 3)
      keys.push_back(key);
  }
  std::string out = "no game '" + name + "' in the archive";
  for (size_t i = 0; i < keys.size(); ++i)
    out += (i == 0 ? "; did you mean " : i + 1 == keys.size() ? " or " : ", ") + keys[i];
  return out + (keys.empty() ? "" : "?") + " (see 'mancala evidence games')";
}

std::vector<Game> Store::games() {
  Statement s(db_.get(), path_, "SELECT key, name, aliases, dlp_ruleset FROM games ORDER BY key");
  std::vector<Game> out;
  while (s.step()) out.push_back(read_game(s));
  return out;
}

std::optional<EvidenceRecord> Store::get(const std::string& evidence_id) {
  Statement s(db_.get(), path_,
              std::string("SELECT ") + kRecordColumns + " FROM evidence e WHERE e.id = ?");
  s.bind(1, evidence_id);
  if (!s.step()) return std::nullopt;
  return read_record(s);
}

std::vector<Source> Store::same_work_sources() {
  Statement s(db_.get(), path_,
              "SELECT json_group_array(json_array(citation, json(csl), json(same_work))) FROM "
              "(SELECT citation, csl, same_work FROM sources WHERE same_work <> '[]' ORDER BY id)");
  return s.step() ? source_list(s.text(0)) : std::vector<Source>{};
}

std::vector<std::string> Store::see_also_of(const std::string& evidence_id) {
  Statement s(db_.get(), path_,
              "SELECT e.id FROM evidence e, json_each(e.see_also) j WHERE j.value = ? "
              "ORDER BY e.id");
  s.bind(1, evidence_id);
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.text(0));
  return out;
}

Store::PlaceCache& Store::place_cache() {
  const int64_t version = pragma_integer(db_.get(), path_, "data_version");
  if (places_ && places_->data_version == version) return *places_;
  auto cache = std::make_shared<PlaceCache>();
  cache->data_version = version;
  Statement s(db_.get(), path_,
              "SELECT folded, name, latitude, longitude, radius_km, source, kind, polygon, "
              "candidates, aliases, history FROM places ORDER BY name, folded");
  while (s.step()) {
    const std::string name = s.text(1);
    cache->name_of[s.text(0)] = name;
    if (cache->by_name.contains(name)) continue;
    Place p{name,      json_list(s.text(9)), s.real(2),           s.real(3), s.real(4), s.text(5),
            s.text(6), json_list(s.text(7)), json_list(s.text(8))};
    if (const Json history = Json::parse(s.text(10)); history.contains("today")) {
      for (const Json& t : history["today"]) p.today.push_back(t.get<std::string>());
      p.from_year = history["from"].get<int>();
      p.to_year = history["to"].get<int>();
    }
    cache->areas[name] = make_area(parse_rings(p.polygon), p.latitude, p.longitude, p.radius_km);
    cache->by_name.emplace(name, std::move(p));
  }
  places_ = cache;
  return *places_;
}

std::optional<Place> Store::find_place(const std::string& name) {
  const PlaceCache& cache = place_cache();
  const auto it = cache.name_of.find(fold_name(name));
  if (it == cache.name_of.end()) return std::nullopt;
  return cache.by_name.at(it->second);
}

std::vector<std::string> Store::place_names() {
  std::vector<std::string> out;
  for (const auto& [name, place] : place_cache().by_name) {
    out.push_back(name);
    out.insert(out.end(), place.aliases.begin(), place.aliases.end());
  }
  return out;
}

GeoArea Store::area_of(const Place& place) {
  const PlaceCache& cache = place_cache();
  if (const auto it = cache.areas.find(place.name); it != cache.areas.end()) return it->second;
  return make_area(parse_rings(place.polygon), place.latitude, place.longitude, place.radius_km);
}

namespace {

// "a", "a and b", "a, b and c".
std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return out;
}

// The centre of a ring's area (for an uncertain place, each candidate's ring).
std::pair<double, double> ring_centre(const GeoRing& ring) {
  double a = 0, cx = 0, cy = 0;
  for (size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
    const double cross = ring[j].first * ring[i].second - ring[i].first * ring[j].second;
    a += cross;
    cx += (ring[j].first + ring[i].first) * cross;
    cy += (ring[j].second + ring[i].second) * cross;
  }
  if (std::abs(a) < 1e-12) return ring.front();
  return {cx / (3 * a), cy / (3 * a)};
}

// How far a place lies from a searched area, or nullopt when it is not found by the search: in
// the area (its centre inside; for an uncertain place, a candidate's), or within `radius` km of
// it when a radius is given. `within` is set when, with a radius, the place holds the searched
// one's centre (centre_lat, centre_lon) rather than lying in it: its distance 0 then says only
// that the searched place is somewhere inside it.
std::optional<double> place_in_area(const Place& place, const GeoArea& area,
                                    const GeoArea& searched, const std::string& searched_name,
                                    double radius, double centre_lat, double centre_lon,
                                    bool& within) {
  within = false;
  if (place.name == searched_name) return 0.0;
  if (!place.candidates.empty()) {
    for (const GeoRing& ring : area.rings) {
      const auto [lon, lat] = ring_centre(ring);
      if (area_contains(searched, lat, lon)) return 0.0;
    }
  } else if (area_contains(searched, place.latitude, place.longitude)) {
    return 0.0;
  }
  // Without a radius the search is the place itself, which a larger region does not lie in.
  if (radius <= 0) return std::nullopt;
  within = area.has_outline() && area_contains(area, centre_lat, centre_lon);
  if (within) return 0.0;
  const double km = distance_between_areas_km(searched, area, radius);
  if (km <= radius) return km;
  return std::nullopt;
}

// Issue 35, item 7: "searches show the pair together". A record found with its see-also
// partner (a curated record and the DLP's entry for the same game) is followed by it at once;
// the other hits keep their order.
std::vector<SearchHit> pair_same_game(std::vector<SearchHit> hits) {
  std::map<std::string, std::vector<std::string>> partners;
  for (const SearchHit& hit : hits) {
    for (const std::string& other : hit.record.see_also) {
      partners[hit.record.id].push_back(other);
      partners[other].push_back(hit.record.id);
    }
  }
  if (partners.empty()) return hits;
  std::vector<SearchHit> out;
  std::vector<bool> placed(hits.size(), false);
  for (size_t i = 0; i < hits.size(); ++i) {
    if (placed[i]) continue;
    placed[i] = true;
    out.push_back(std::move(hits[i]));
    const auto it = partners.find(out.back().record.id);
    if (it == partners.end()) continue;
    for (size_t j = i + 1; j < hits.size(); ++j) {
      if (placed[j] ||
          std::find(it->second.begin(), it->second.end(), hits[j].record.id) == it->second.end())
        continue;
      placed[j] = true;
      out.push_back(std::move(hits[j]));
    }
  }
  return out;
}

}  // namespace

std::vector<SearchHit> Store::search(const SearchQuery& q, int64_t* unplaced) {
  SearchCounts counts;
  std::vector<SearchHit> hits = search(q, &counts);
  if (unplaced != nullptr) *unplaced = counts.unplaced;
  return hits;
}

std::vector<SearchHit> Store::search(const SearchQuery& q, SearchCounts* counts) {
  const bool point = q.near_latitude.has_value();
  if (point != q.near_longitude.has_value() || (point && !q.radius_km.has_value())) {
    throw ArchiveError("search: a near search needs a latitude, a longitude and a radius");
  }
  const bool near = point || !q.near_place.empty();
  const PlaceCache& cache = place_cache();
  // The place search's state, for mancala_near(): the places found, with their distances.
  NearState& ns = *near_;
  ns = NearState{};
  std::string searched_name, searched_as;
  double searched_lat = 0, searched_lon = 0;
  std::vector<std::string> within_keys;  // folded spellings of the places holding the searched one
  std::set<std::string> within_names;
  if (near) {
    ns.point = point;
    ns.radius_km = q.radius_km.value_or(0);
    if (point) {
      ns.latitude = *q.near_latitude;
      ns.longitude = *q.near_longitude;
    } else {
      const std::optional<Place> place = find_place(q.near_place);
      if (!place) {
        throw ArchiveError(where(path_, "",
                                 "no place '" + q.near_place + "' in the archive" +
                                     did_you_mean(q.near_place, place_names()) +
                                     " (see 'mancala evidence places')"));
      }
      const Place* searched = &cache.by_name.at(place->name);
      // The place of those dates: a historical place holding it, its years meeting the search's.
      if (q.from_year || q.to_year) {
        for (const auto& [name, h] : cache.by_name) {
          if (std::find(h.today.begin(), h.today.end(), place->name) == h.today.end()) continue;
          if ((q.from_year && *q.from_year > *h.to_year) ||
              (q.to_year && *q.to_year < *h.from_year))
            continue;
          searched = &h;
          searched_as = place->name + ", at dates within " + std::to_string(*h.from_year) + "-" +
                        std::to_string(*h.to_year) + ": " + h.name + ", searched as today's " +
                        join_words(h.today);
          break;
        }
      }
      searched_name = searched->name;
      ns.area = cache.areas.at(searched->name);
      searched_lat = searched->latitude;
      searched_lon = searched->longitude;
    }
    std::map<std::string, std::optional<double>> by_name;
    for (const auto& [name, place] : cache.by_name) {
      const GeoArea& area = cache.areas.at(name);
      std::optional<double> km;
      bool within = false;
      if (point) {
        // A region with an outline: the distance to it (0 inside: the point is within the
        // region); a circle: to its centre, kept when the circle reaches within the radius.
        if (area.has_outline()) {
          const double d = distance_to_area_km(area, ns.latitude, ns.longitude);
          if (d <= ns.radius_km) km = d;
          within = d == 0;
        } else {
          const double d =
              great_circle_km(ns.latitude, ns.longitude, place.latitude, place.longitude);
          if (d - place.radius_km <= ns.radius_km) km = d;
        }
      } else if (!place.candidates.empty() &&
                 std::all_of(place.candidates.begin(), place.candidates.end(),
                             [&](const std::string& c) { return cache.by_name.contains(c); })) {
        // An uncertain place: found as its nearest alternative is, never by a centre between.
        for (const std::string& c : place.candidates) {
          bool w = false;
          const std::optional<double> d =
              place_in_area(cache.by_name.at(c), cache.areas.at(c), ns.area, searched_name,
                            ns.radius_km, searched_lat, searched_lon, w);
          if (d && (!km || *d < *km)) {
            km = d;
            within = w;
          }
        }
      } else {
        km = place_in_area(place, area, ns.area, searched_name, ns.radius_km, searched_lat,
                           searched_lon, within);
      }
      by_name[name] = km;
      if (km && within) within_names.insert(name);
    }
    for (const auto& [folded, name] : cache.name_of) {
      if (const std::optional<double>& km = by_name[name]) ns.place_km[folded] = *km;
      if (within_names.contains(name)) within_keys.push_back(folded);
    }
    ns.active = true;
  }
  struct Done {  // the state ends with this search, whatever happens
    NearState& ns;
    ~Done() { ns.active = false; }
  } done{ns};

  size_t terms = 0;
  const std::string match = q.text.empty() ? "" : fts_query(q.text, terms);
  // FTS5's ranking grows with the square of the terms that match (over the seed archive, 100,
  // 200 and 400 times "the" took 0.8, 2.3 and 8.8 s; 32 of them 0.09 s); a question needs a few
  // words.
  if (terms > kMaxSearchTerms) {
    throw ArchiveError(where(path_, "",
                             "the search text has " + std::to_string(terms) +
                                 " words and phrases; at most " + std::to_string(kMaxSearchTerms) +
                                 " are searched (keep the words that matter)"));
  }
  std::vector<std::string> game_keys;
  if (!q.game.empty()) {
    for (const Game& g : find_games(q.game)) game_keys.push_back(g.key);
    if (game_keys.empty()) throw ArchiveError(where(path_, "", unknown_game_message(q.game)));
  }
  // Every filter but the distance and the dates, shared by the search and its counts.
  std::string filters;
  if (!game_keys.empty()) filters += " AND e.game_key IN (SELECT value FROM json_each(?4))";
  if (!q.type.empty()) filters += " AND e.type = ?5 COLLATE NOCASE";
  if (q.min_confidence) filters += " AND e.confidence >= ?11";
  if (q.rows) filters += " AND e.board_rows = ?13";
  if (q.holes) filters += " AND e.board_holes = ?14";
  std::string dates;
  if (q.from_year) dates += " AND e.day_to >= ?6";
  if (q.to_year) dates += " AND e.day_from <= ?7";
  const std::string near_test =
      " AND mancala_near(e.latitude, e.longitude, e.place_key) IS NOT NULL";
  const std::string from_places =
      " LEFT JOIN places p ON e.latitude IS NULL AND p.folded = e.place_key";
  const std::string from = !match.empty()
                               ? " FROM evidence_fts f JOIN evidence e ON e.rid = f.rowid" +
                                     from_places + " WHERE evidence_fts MATCH ?3"
                               : " FROM evidence e" + from_places + " WHERE 1";

  std::string sql = std::string("SELECT ") + kRecordColumns;
  sql += near ? ", mancala_near(e.latitude, e.longitude, e.place_key) AS distance"
              : ", NULL AS distance";
  sql += ", p.name";
  sql += from + filters + dates;
  if (near) {
    // Records with coordinates in a latitude band first (the latitude index), and records placed
    // by a place the search found; then the exact test.
    sql +=
        " AND e.rid IN (SELECT rid FROM evidence WHERE latitude BETWEEN ?8 AND ?9 UNION ALL "
        "SELECT rid FROM evidence WHERE latitude IS NULL AND place_key IN (SELECT value FROM "
        "json_each(?10)))" +
        near_test;
  }
  if (!match.empty()) {
    sql += " ORDER BY f.rank, e.id";
  } else if (near) {
    // A record placed only in a region holding the searched place comes after every record
    // placed more exactly, whatever their distances.
    sql +=
        " ORDER BY (e.latitude IS NULL AND e.place_key IN (SELECT value FROM json_each(?15))), "
        "distance, e.day_from IS NULL, e.day_from, e.id";
  } else {
    sql += " ORDER BY e.day_from IS NULL, e.day_from, e.day_to, e.id";
  }
  if (q.limit > 0) sql += " LIMIT " + std::to_string(q.limit);

  constexpr double kKmPerDegree = kEarthRadiusKm * 3.14159265358979323846 / 180.0;
  auto bind_filters = [&](Statement& s, bool with_dates) {
    if (!match.empty()) s.bind(3, match);
    if (!game_keys.empty()) s.bind(4, list_json(game_keys));
    if (!q.type.empty()) s.bind(5, q.type);
    if (with_dates && q.from_year) s.bind(6, first_day_of_year(*q.from_year));
    if (with_dates && q.to_year) s.bind(7, last_day_of_year(*q.to_year));
    if (q.min_confidence) s.bind(11, *q.min_confidence);
    if (q.rows) s.bind(13, *q.rows);
    if (q.holes) s.bind(14, *q.holes);
  };
  auto bind_near = [&](Statement& s) {
    double lat_min = 0, lat_max = 0;
    const double band = ns.radius_km / kKmPerDegree;
    if (point) {
      lat_min = ns.latitude - band;
      lat_max = ns.latitude + band;
    } else if (ns.area.has_outline()) {
      lat_min = ns.area.min_lat - band;
      lat_max = ns.area.max_lat + band;
    } else {
      lat_min = ns.area.latitude - (ns.area.radius_km / kKmPerDegree) - band;
      lat_max = ns.area.latitude + (ns.area.radius_km / kKmPerDegree) + band;
    }
    std::vector<std::string> keys;
    for (const auto& [folded, km] : ns.place_km) keys.push_back(folded);
    s.bind(8, lat_min).bind(9, lat_max).bind(10, list_json(keys));
  };
  auto reading_text = [&](const ArchiveError& e) {
    const std::string what = e.what();
    if (!match.empty() &&
        (what.find("fts5") != std::string::npos || what.find("syntax") != std::string::npos)) {
      throw ArchiveError(where(path_, "",
                               "cannot read the search text '" + q.text + "' (" +
                                   what.substr(what.rfind(": ") + 2) + ")"));
    }
  };

  Statement s(db_.get(), path_, sql);
  if (near) bind_near(s);
  bind_filters(s, true);
  if (near && match.empty()) s.bind(15, list_json(within_keys));
  std::vector<SearchHit> hits;
  try {
    while (s.step()) {
      SearchHit hit{read_record(s), s.optional_real(kRecordColumnCount), std::nullopt};
      if (!s.is_null(kRecordColumnCount + 1)) {
        hit.place = cache.by_name.at(s.text(kRecordColumnCount + 1));
        hit.within_region = within_names.contains(hit.place->name);
        for (const std::string& c : hit.place->candidates) {
          if (const auto it = cache.by_name.find(c); it != cache.by_name.end())
            hit.alternatives.push_back(it->second);
        }
      }
      hits.push_back(std::move(hit));
    }
  } catch (const ArchiveError& e) {
    reading_text(e);
    throw;
  }
  if (counts != nullptr) {
    *counts = SearchCounts{};
    counts->searched_as = searched_as;
    if (near) {
      // A record with neither a position nor a date is one without a position: the date
      // filter must not hide it from this count (nor can the undated count see it).
      Statement count(db_.get(), path_,
                      "SELECT count(*)" + from + filters +
                          (dates.empty() ? "" : " AND (e.day_from IS NULL OR (1" + dates + "))") +
                          " AND e.latitude IS NULL AND p.latitude IS NULL");
      bind_filters(count, true);
      if (count.step()) counts->unplaced = count.integer(0);
    }
    if (q.from_year || q.to_year) {
      std::string undated = "SELECT count(*)" + from + filters + " AND e.day_from IS NULL";
      if (near) {
        undated +=
            " AND e.rid IN (SELECT rid FROM evidence WHERE latitude BETWEEN ?8 AND ?9 "
            "UNION ALL SELECT rid FROM evidence WHERE latitude IS NULL AND place_key IN "
            "(SELECT value FROM json_each(?10)))" +
            near_test;
      }
      Statement count(db_.get(), path_, undated);
      if (near) bind_near(count);
      bind_filters(count, false);
      if (count.step()) counts->undated = count.integer(0);
    }
  }
  return pair_same_game(std::move(hits));
}

std::optional<Place> Store::place_of(const EvidenceRecord& record) {
  if (record.latitude) return std::nullopt;
  return find_place(record.location);
}

std::vector<Place> Store::places() {
  std::vector<Place> out;
  for (const auto& [name, place] : place_cache().by_name) out.push_back(place);
  return out;
}

namespace {

// "Beaton 1939" for a source given as [citation, csl]: the first author's family name and the
// year of its CSL item, else the citation as written ("" for none).
std::string author_year(const std::string& source) {
  if (source.empty()) return "";
  const Json s = Json::parse(source);
  const Json& csl = s[1];
  if (csl.is_object() && csl.contains("author") && !csl["author"].empty() &&
      csl["author"][0].contains("family") && csl.contains("issued") &&
      csl["issued"].contains("date-parts")) {
    return csl["author"][0]["family"].get<std::string>() + " " +
           csl["issued"]["date-parts"][0][0].dump();
  }
  return s[0].get<std::string>();
}

}  // namespace

std::vector<GameProfile> Store::game_profiles() {
  const PlaceCache& cache = place_cache();
  std::vector<GameProfile> out;
  std::map<std::string, size_t> index;
  for (const Game& g : games()) {
    index[g.key] = out.size();
    GameProfile p{g.key, g.name, "", {}, std::nullopt, "", std::nullopt, std::nullopt, {}, {}};
    p.names = {g.name};
    p.names.insert(p.names.end(), g.aliases.begin(), g.aliases.end());
    out.push_back(std::move(p));
  }
  // The curated records (not secondary descriptions) first, each game's in date order.
  Statement s(db_.get(), path_,
              "SELECT e.id, e.game_key, e.board, e.latitude, e.longitude, e.location, e.place_key, "
              "e.day_from, e.day_to, e.content, (SELECT json_array(s.citation, json(s.csl)) FROM "
              "evidence_sources es JOIN sources s ON s.id = es.source_id WHERE es.evidence_rid = "
              "e.rid ORDER BY es.position LIMIT 1) FROM evidence e ORDER BY e.type = 'Secondary "
              "description', e.day_from IS NULL, e.day_from, e.id");
  while (s.step()) {
    const auto it = index.find(s.text(1));
    if (it == index.end()) continue;
    GameProfile& p = out[it->second];
    if (p.record_id.empty()) p.record_id = s.text(0);
    if (p.board.empty() && s.text(2) != "{}" && !s.text(2).empty()) {
      p.board = board_from_json(Json::parse(s.text(2)));
      p.record_id = s.text(0);
    }
    if (!p.area) {
      if (!s.is_null(3)) {
        p.area = make_area({}, s.real(3), s.real(4), 0);
        p.place = s.text(5);
      } else if (const auto name = cache.name_of.find(s.text(6)); name != cache.name_of.end()) {
        p.area = cache.areas.at(name->second);
        p.place = name->second;
      }
    }
    if (!s.is_null(7)) {
      p.day_from = p.day_from ? std::min(*p.day_from, s.integer(7)) : s.integer(7);
      p.day_to = p.day_to ? std::max(*p.day_to, s.integer(8)) : s.integer(8);
    }
    if (!s.text(9).empty()) p.quotes.push_back({s.text(0), author_year(s.text(10)), s.text(9)});
  }
  return out;
}

std::vector<SimilarGame> Store::similar(const std::string& game, size_t limit) {
  const std::vector<Game> found = find_games(game);
  if (found.empty()) throw ArchiveError(where(path_, "", unknown_game_message(game)));
  if (found.size() > 1) {
    std::string keys;
    for (const Game& g : found) keys += (keys.empty() ? "" : ", ") + g.key;
    throw ArchiveError(
        where(path_, "", "'" + game + "' names several games (" + keys + "); give one"));
  }
  const std::vector<GameProfile> profiles = game_profiles();
  for (const GameProfile& p : profiles) {
    if (p.key == found[0].key) return similar_games(p, profiles, limit);
  }
  return {};
}

ArchiveSummary Store::summary() {
  sqlite3* db = db_.get();
  ArchiveSummary out;
  out.schema_version = schema_version();
  std::map<std::string, size_t> row_of;
  {
    Statement s(db, path_, "SELECT key, name FROM games ORDER BY name COLLATE NOCASE, key");
    while (s.step()) {
      row_of[s.text(0)] = out.games.size();
      out.games.push_back({s.text(0), s.text(1), {}, 0, 0, 0});
    }
  }
  {
    Statement s(db, path_,
                "SELECT game_key, type, count(*) FROM evidence GROUP BY game_key, type ORDER BY "
                "game_key, type");
    while (s.step()) {
      auto& row = out.games[row_of.at(s.text(0))];
      row.types.emplace_back(s.text(1), s.integer(2));
      row.records += s.integer(2);
      out.records += s.integer(2);
    }
  }
  std::map<std::string, std::string> ruleset_game;
  {
    Statement s(db, path_, "SELECT id, game FROM rulesets ORDER BY id");
    while (s.step()) {
      ruleset_game[s.text(0)] = s.text(1);
      ++out.rulesets;
      if (auto game = find_game(s.text(1)); game && row_of.contains(game->key))
        ++out.games[row_of[game->key]].rulesets;
    }
  }
  {
    Statement s(db, path_, "SELECT ruleset, count(*) FROM runs GROUP BY ruleset");
    while (s.step()) {
      const std::string ruleset = s.text(0);
      out.runs += s.integer(1);
      // A run's game: its linked ruleset's, else the ruleset id's folder part.
      const std::string game = ruleset_game.contains(ruleset)
                                   ? ruleset_game[ruleset]
                                   : ruleset.substr(0, ruleset.find('/'));
      if (auto g = find_game(game); g && row_of.contains(g->key))
        out.games[row_of[g->key]].runs += s.integer(1);
    }
  }
  Statement sources(db, path_, "SELECT count(*) FROM sources");
  if (sources.step()) out.sources = sources.integer(0);
  return out;
}

}  // namespace mancala::archive
