// `mancala evidence cite ID|GAME... --format text|bibtex|csl-json`: the works each record cites
// and the record itself as a citable item (docs/archive.md, "Citing"); a game's name cites every
// record of the game, in date order.
#include "archive/cite.h"
#include "archive/listing.h"
#include "archive/store.h"
#include "cli/evidence_commands.h"
#include "cli/options.h"
#include "cli/run_support.h"
#include "common/paths.h"

namespace mancala::cli {

namespace ar = mancala::archive;

int evidence_cite(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db, format = "text";
  std::vector<std::string> ids;
  desc.add_options()("db", po::value(&db), "archive file (default $MANCALA_DB or ./mancala.db)")(
      "format", po::value(&format)->default_value("text"), "text|bibtex|csl-json")(
      "id", po::value(&ids), "evidence ids, or games (key, name or alias): all their records");
  po::variables_map vm;
  if (!parse_options("evidence cite", "ID|GAME... [--format text|bibtex|csl-json]", desc,
                     {"id", -1}, args, vm, io)) {
    return 0;
  }
  if (format != "text" && format != "bibtex" && format != "csl-json") {
    throw UsageError("evidence cite: --format must be text|bibtex|csl-json, not '" + format + "'");
  }
  if (ids.empty()) throw UsageError("evidence cite: give at least one evidence id or game");
  ar::Store store = open_store_to_read(default_db_path(db), io);
  const auto records = ar::cited_records(store, ids);
  if (format == "csl-json") {
    io.out << ar::csl_items(records).dump(2) << "\n";
  } else if (format == "bibtex") {
    io.out << ar::bibtex(ar::csl_items(records));
  } else {
    io.out << ar::citations_text(records);
  }
  return 0;
}

}  // namespace mancala::cli
