// `mancala evidence cite` and `mancala evidence map` (issue 14), kept apart from
// cmd_evidence.cpp, which dispatches to them, and what they share with `evidence search`.
#pragma once

#include <string>
#include <vector>

#include "archive/store.h"
#include "cli/cli.h"
#include "cli/options.h"

namespace mancala::cli {

int evidence_cite(const Args& args, Io& io);  // cmd_evidence_cite.cpp
int evidence_map(const Args& args, Io& io);   // cmd_evidence_map.cpp

// The filters of `evidence search` (and `evidence map`): --db, --game, --type, --from, --to,
// --near, --radius-km, --min-confidence, --limit and the positional text (cmd_evidence.cpp).
struct SearchOptions {
  std::string db, near, from, to;
  std::vector<std::string> words;
  archive::SearchQuery query;
  double radius = 0;
  int min_confidence = 0, rows = 0, holes = 0;
};
void add_search_options(po::options_description& desc, SearchOptions& options);
// The filters `rules list` shares with `evidence search`: --from, --to, --rows, --holes,
// --near and --radius-km (search_query reads them as it reads the search's).
void add_board_place_date_options(po::options_description& desc, SearchOptions& options);
inline constexpr const char* kBoardPlaceDateOptions[] = {"from",  "to",   "rows",
                                                         "holes", "near", "radius-km"};
// The query the options give; usage errors start with `command` ("evidence map: ...").
archive::SearchQuery search_query(SearchOptions& options, const po::variables_map& vm,
                                  const std::string& command);
// Lets "--near -33.9,18.4" and "--from 500 BCE" through the option parser.
Args glue_search_values(const Args& args);

}  // namespace mancala::cli
