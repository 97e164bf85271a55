#include "analysis/regional.h"

#include <filesystem>

#include "archive/listing.h"
#include "archive/record.h"
#include "archive/store.h"
#include "common/paths.h"

namespace mancala::analysis {
namespace {

namespace ar = mancala::archive;

RecordPlaces read_project_record_places() {
  RecordPlaces out;
  const std::filesystem::path evidence_dir = data_dir() / "evidence";
  std::error_code ec;
  if (!std::filesystem::is_directory(evidence_dir, ec)) return out;
  ar::ImportBatch batch;
  ar::read_evidence_paths({evidence_dir.string()}, batch);
  if (batch.records.empty()) return out;
  batch.places = ar::read_places_folder((data_dir() / "places").string());
  ar::Store store = ar::Store::open(":memory:");
  store.import(batch);
  for (const ar::EvidenceRecord& r : batch.records) {
    RecordPlace p;
    if (r.latitude && r.longitude) {
      p.place = r.location;
      p.area = ar::make_area({}, *r.latitude, *r.longitude, 0);
    } else if (const std::optional<ar::Place> place = store.place_of(r)) {
      p.approximate = true;
      // An uncertain place ("Russia? Iran?") is not measured: its outline joins places thousands
      // of kilometres apart, which would set it near half the world.
      if (place->candidates.empty()) p.area = store.area_of(*place);
      if (!place->candidates.empty()) {
        p.place = place->name + " (uncertain: " + ar::join(place->candidates, " or ") + ")";
      } else if (!place->polygon.empty()) {
        p.place = place->name + " (region)";
      } else {
        p.place = place->name + " (region, within " +
                  std::to_string(static_cast<long>(place->radius_km)) + " km of its centre)";
      }
    } else {
      p.place = r.location;  // empty, or a name no place of data/places gives
    }
    out[r.id] = std::move(p);
  }
  return out;
}

}  // namespace

const RecordPlaces& project_record_places() {
  static const RecordPlaces places = read_project_record_places();
  return places;
}

}  // namespace mancala::analysis
