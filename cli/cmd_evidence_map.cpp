// `mancala evidence map --out FILE.svg [search filters]`: the records a search finds on an SVG
// world map (docs/archive.md, "Maps").
#include "archive/listing.h"
#include "archive/record.h"
#include "cli/evidence_commands.h"
#include "cli/run_support.h"
#include "common/file_write.h"
#include "common/paths.h"
#include "reports/evidence_report.h"

namespace mancala::cli {

namespace ar = mancala::archive;

int evidence_map(const Args& args, Io& io) {
  po::options_description desc("options");
  SearchOptions so;
  std::string out, link;
  int width = 960;
  add_search_options(desc, so);
  desc.add_options()("out,o", po::value(&out), "the SVG file to write (required)")(
      "width", po::value(&width), "width in pixels (default 960)")(
      "link", po::value(&link),
      "each record links to LINK with {id} replaced by the record id (default: none)");
  po::variables_map vm;
  if (!parse_options("evidence map",
                     "--out FILE.svg [TEXT] [--game G] [--type T] [--from YEAR] [--to YEAR] "
                     "[--rows N] [--holes N] [--near LAT,LON --radius-km R | --near PLACE] "
                     "[--min-confidence N] [--link URL{id}]",
                     desc, {"text", -1}, glue_search_values(args), vm, io)) {
    return 0;
  }
  if (out.empty()) throw UsageError("evidence map: give the SVG file to write with --out FILE.svg");
  if (width < 240 || width > 10000)
    throw UsageError("evidence map: --width must be 240 to 10000 pixels");
  const ar::SearchQuery q = search_query(so, vm, "evidence map");
  files::WholeFile file(out, "map");  // an unwritable path fails before the search
  ar::Store store = open_store_to_read(default_db_path(so.db), io);
  ar::SearchCounts counts;
  const std::vector<ar::SearchHit> hits = store.search(q, &counts);
  const int64_t unplaced = counts.unplaced;
  std::string prefix, suffix;
  if (const size_t at = link.find("{id}"); at != std::string::npos) {
    prefix = link.substr(0, at);
    suffix = link.substr(at + 4);
  } else if (!link.empty()) {
    throw UsageError("evidence map: --link must hold {id}, e.g. 'evidence/{id}.html'");
  }
  const std::vector<reports::MapPoint> points = reports::map_points(store, hits, prefix, suffix);
  // Records drawn (a record of an uncertain place is drawn at each of its alternatives), and
  // those at an approximate position.
  size_t drawn = 0, approximate = 0;
  for (const ar::SearchHit& hit : hits) {
    if (!hit.record.latitude && !hit.place) continue;
    ++drawn;
    approximate += hit.record.latitude ? 0 : 1;
  }
  const std::string records_drawn = std::to_string(drawn) + (drawn == 1 ? " record" : " records");
  reports::MapOptions options;
  options.width = width;
  options.title = "Evidence: " + records_drawn + " on the map";
  // The heading says which search made the map: the command's filters as given.
  std::string search = "mancala evidence map";
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool valued = a == "--out" || a == "-o" || a == "--width" || a == "--link" || a == "--db";
    if (valued) {
      ++i;
      continue;
    }
    if (a.starts_with("--out=") || a.starts_with("--width=") || a.starts_with("--link=") ||
        a.starts_with("--db="))
      continue;
    search += " " + (a.find(' ') == std::string::npos ? a : "'" + a + "'");
  }
  options.heading = search + ": " + records_drawn + " on the map";
  options.legend_title = reports::kRowsLegend;
  file.commit("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" +
              reports::svg_world_map(reports::world_outline(), points, options) + "\n");
  const size_t without = hits.size() - drawn + static_cast<size_t>(unplaced);
  io.err << "wrote " << out << ": " << records_drawn << " (" << approximate
         << " at an approximate position)";
  if (without > 0)
    io.err << "; " << without << (without == 1 ? " record" : " records")
           << " without a position not drawn";
  io.err << "\n";
  // What else the search could not test (the records left out by the date filter), and the
  // historical place a place of today was searched as.
  ar::SearchCounts rest = counts;
  rest.unplaced = 0;
  io.err << ar::search_counts_text(rest);
  return 0;
}

}  // namespace mancala::cli
