// Archive(path): the evidence archive, searched, read and cited as `mancala evidence search`,
// `show`, `cite` and `similar` do, through the same archive functions (archive/listing.h).
#include <memory>
#include <optional>

#include "archive/cite.h"
#include "archive/listing.h"
#include "archive/store.h"
#include "common/error.h"
#include "python/bindings.h"

namespace mancala::python {
namespace {

namespace ar = mancala::archive;
using nlohmann::json;

class Archive {
 public:
  // Opened to read, as the search commands open it (open_store_to_read).
  explicit Archive(const std::string& path)
      : store_(std::make_unique<ar::Store>(ar::Store::open(path, ar::Store::Mode::kExisting))) {}

  std::string path() const { return store_->path(); }
  std::string warning() const { return store_->warning(); }

  // {"records": [record JSON, with "distance_km" in a place search and "position" for a record
  // placed by its region], "unplaced": n, "undated": n}.
  std::string search(const std::string& filters_json) {
    const json f = parse(filters_json);
    ar::SearchFilters filters;
    filters.text = f.value("text", "");
    filters.game = f.value("game", "");
    filters.type = f.value("type", "");
    const auto optional_text = [&](const char* key) -> std::optional<std::string> {
      if (!f.contains(key) || f[key].is_null()) return std::nullopt;
      return f[key].get<std::string>();
    };
    const auto optional_int = [&](const char* key) -> std::optional<int> {
      if (!f.contains(key) || f[key].is_null()) return std::nullopt;
      return f[key].get<int>();
    };
    filters.from = optional_text("from");
    filters.to = optional_text("to");
    filters.near = optional_text("near");
    if (f.contains("radius_km") && !f["radius_km"].is_null())
      filters.radius_km = f["radius_km"].get<double>();
    filters.rows = optional_int("rows");
    filters.holes = optional_int("holes");
    filters.min_confidence = optional_int("min_confidence");
    if (f.contains("limit") && !f["limit"].is_null()) filters.limit = f["limit"].get<int64_t>();
    const ar::SearchQuery query = ar::search_query(filters, "Archive.search");
    ar::SearchCounts counts;
    const std::vector<ar::SearchHit> hits = store_->search(query, &counts);
    json records = json::array();
    for (const ar::SearchHit& hit : hits) {
      json r = ar::to_json(hit.record);
      if (hit.distance_km) r["distance_km"] = *hit.distance_km;
      if (hit.place) r["position"] = hit.place->name;
      records.push_back(std::move(r));
    }
    return text({{"records", records},
                 {"unplaced", counts.unplaced},
                 {"undated", counts.undated},
                 {"notes", ar::search_counts_text(counts) + ar::see_also_text(*store_, hits)}});
  }

  // One record whole (`evidence show ID --format json`); KeyError for an id the archive lacks.
  std::string record(const std::string& id) {
    const std::optional<ar::EvidenceRecord> found = store_->get(id);
    if (!found)
      throw ar::UnknownRecordError(
          where(store_->path(), id, "no evidence record of that name (see Archive.search)"));
    return text(ar::to_json(*found));
  }

  // `evidence show ID` as text.
  std::string record_text(const std::string& id) {
    const std::optional<ar::EvidenceRecord> found = store_->get(id);
    if (!found)
      throw ar::UnknownRecordError(
          where(store_->path(), id, "no evidence record of that name (see Archive.search)"));
    return ar::record_text(*store_, *found);
  }

  // `evidence cite ID... --format text|bibtex|csl-json`.
  std::string cite(const std::vector<std::string>& ids, const std::string& format) {
    if (format != "text" && format != "bibtex" && format != "csl-json")
      throw UsageError("Archive.cite: format must be text|bibtex|csl-json, not '" + format + "'");
    if (ids.empty()) throw UsageError("Archive.cite: give at least one evidence id");
    const auto records = ar::cited_records(*store_, ids);
    if (format == "csl-json") return text(ar::csl_items(records));
    if (format == "bibtex") return ar::bibtex(ar::csl_items(records));
    return ar::citations_text(records);
  }

  // `evidence similar GAME --format json`.
  std::string similar(const std::string& game, int64_t limit) {
    if (limit < 1) throw UsageError("Archive.similar: limit must be 1 or more");
    const auto found = store_->similar(game, static_cast<size_t>(limit));
    return text(ar::similar_json(*store_, game, found));
  }

  // `evidence games` as JSON rows: key, name, aliases.
  std::string games() {
    json out = json::array();
    for (const ar::Game& g : store_->games())
      out.push_back({{"key", g.key}, {"name", g.name}, {"aliases", g.aliases}});
    return text(out);
  }

 private:
  std::unique_ptr<ar::Store> store_;
};

}  // namespace

void add_archive(py::module_& m) {
  py::class_<Archive>(m, "_Archive")
      .def(py::init<const std::string&>())
      .def_property_readonly("path", &Archive::path)
      .def_property_readonly("warning", &Archive::warning)
      .def("search", &Archive::search)
      .def("record", &Archive::record)
      .def("record_text", &Archive::record_text)
      .def("cite", &Archive::cite)
      .def("similar", &Archive::similar)
      .def("games", &Archive::games);
}

}  // namespace mancala::python
