// The examples that end each command's --help (issue 27, "Help with examples"). They are run as
// written by tests/cli/help_examples_test.cpp, from a folder laid out like the repository's top
// after `bash scripts/run.sh` (data/, an archive ./mancala.db with the evidence and run 1): keep
// them quick, and give what an example needs in an earlier example of the same command.
#include <map>

#include "cli/options.h"

namespace mancala::cli {
namespace {

using Examples = std::vector<std::pair<std::string, std::vector<std::string>>>;

const Examples& examples() {
  static const Examples table = {
      {"evidence",
       {"mancala evidence search four --from 1900 --to 1950",
        "mancala evidence show DLP.Evidence.1450",
        "mancala evidence cite DLP.Evidence.693 --format bibtex"}},
      {"evidence import",
       {"mancala evidence import data/evidence --dry-run",
        "mancala evidence import data/evidence"}},
      {"evidence import-portal",
       {"mancala evidence import-portal tests/archive/fixtures/sonka_dlp693.txt --to-json "
        "portal-records",
        "mancala evidence import-portal tests/archive/fixtures/otep_dlp1880.txt --dry-run"}},
      {"evidence search",
       {"mancala evidence search four --from 1900 --to 1950",
        "mancala evidence search --near 32.5,71.5 --radius-km 100 --format csv",
        "mancala evidence search --game sonka --min-confidence 80 --format json"}},
      {"evidence show", {"mancala evidence show DLP.Evidence.1450", "mancala evidence show Sonka"}},
      {"evidence cite",
       {"mancala evidence cite DLP.Evidence.693 --format bibtex",
        "mancala evidence cite DLP.Evidence.1450 DLP.Evidence.741",
        "mancala evidence cite khutka_boia --format csl-json"}},
      {"evidence map",
       {"mancala evidence map --out evidence.svg --to 1929",
        "mancala evidence map --out sonka.svg --game sonka --link 'evidence/{id}.html'"}},
      {"evidence similar",
       {"mancala evidence similar Sonka",
        "mancala evidence similar Sonka --limit 3 --format json"}},
      {"evidence places", {"mancala evidence places", "mancala evidence places --db mancala.db"}},
      {"evidence summary",
       {"mancala evidence summary", "mancala evidence summary --db mancala.db"}},
      {"evidence games", {"mancala evidence games", "mancala evidence games --db mancala.db"}},
      {"rules",
       {"mancala rules list --game otep", "mancala rules show khutka_boia",
        "mancala rules check data/rulesets"}},
      {"rules check",
       {"mancala rules check data/rulesets",
        "mancala rules check data/rulesets/otep/beaton_1939.json"}},
      {"rules list",
       {"mancala rules list", "mancala rules list --game otep --format json",
        "mancala rules list --rows 4 --near \"East Africa\""}},
      {"rules show",
       {"mancala rules show khutka_boia", "mancala rules show otep/beaton_1939 --format json"}},
      {"rules export",
       {"mancala rules export khutka_boia/tribute_own_turns", "mancala rules export sonka"}},
      {"rules keys", {"mancala rules keys"}},
      {"trace",
       {"mancala trace toguz_kumalak --seed 3", "mancala trace khutka_boia --seed 2 --agent greedy",
        "mancala trace sonka --seed 1 --format json"}},
      {"replay",
       {"mancala replay toguz_kumalak --moves \"7 5 1\"",
        "mancala replay sonka --moves \"2/2 3/2\" --format json",
        "mancala replay toguz_kumalak --togyz-notation \"1. 76 98 2. 66 87\""}},
      {"simulate",
       {"mancala simulate toguz_kumalak khutka_boia --games 2000 --seed 7",
        "mancala simulate sonka --games 1000 --agent greedy --format json --no-store",
        "mancala simulate kalah --games 2000 --agents alphabeta:2,random --format csv -o "
        "kalah.csv"}},
      {"merge",
       {"mancala simulate otep --games 2000 --shard 1/2 --format json -o part1.json",
        "mancala simulate otep --games 2000 --shard 2/2 --format json -o part2.json",
        "mancala merge part1.json part2.json --format table"}},
      {"runs", {"mancala runs list", "mancala runs show 1 --format table"}},
      {"runs list",
       {"mancala runs list", "mancala runs list --ruleset toguz_kumalak/standard --format json"}},
      {"runs show", {"mancala runs show 1", "mancala runs show 1 --format table"}},
      {"bench",
       {"mancala bench toguz_kumalak --games 20000",
        "mancala bench kalah --games 2000 --agent greedy --format json"}},
      {"report",
       {"mancala report kalah --games 2000 --out kalah-report",
        "mancala report --game sonka --games 200 --no-extras --out sonka-report --print md"}},
      {"compare",
       {"mancala compare khutka_boia khutka_boia/opposite_capture --games 2000",
        "mancala compare --game sonka --games 500 --format md"}},
      {"handicap",
       {"mancala handicap khutka_boia --games 300",
        "mancala handicap mawkar_katiya --levels 0,5 --games 300 --format csv"}},
      {"reconstruct",
       {"mancala reconstruct otep --games 40 --top 5",
        "mancala reconstruct kalah/standard --hide capture --games 40"}},
      {"solve",
       {"mancala solve kalah/standard --moves \"3 6 2 4 1 5 4 4 5 3 4 5 6 6 4 4\"",
        "mancala solve kalah/standard --moves \"3 6 2 4 1 5 4 4 5 3 4 5 6 6 4 4\" --format json"}},
      {"ladder",
       {"mancala ladder kalah --agents random,greedy,alphabeta:2 --games 100",
        "mancala ladder toguz_kumalak --games 40 --format html -o ladder.html",
        "mancala ladder otep --games 40 --shard 1/2 --format json -o l1.json"}},
      {"serve",
       {"mancala serve", "mancala serve --port 8000 --db mancala.db",
        "mancala serve --host 0.0.0.0 --port 0 --max-games 8"}},
      {"playtests",
       {"mancala playtests list", "mancala playtests show 1",
        "mancala playtests export --format csv"}},
      {"playtests list",
       {"mancala playtests list", "mancala playtests list --ruleset kalah --format json"}},
      {"playtests show", {"mancala playtests show 1", "mancala playtests show 1 --format json"}},
      {"playtests export",
       {"mancala playtests export", "mancala playtests export --ruleset kalah --format csv"}},
  };
  return table;
}

}  // namespace

const std::vector<std::string>& help_examples(const std::string& command) {
  static const std::vector<std::string> none;
  for (const auto& [name, lines] : examples()) {
    if (name == command) return lines;
  }
  return none;
}

std::vector<std::string> commands_with_examples() {
  std::vector<std::string> out;
  for (const auto& entry : examples()) out.push_back(entry.first);
  return out;
}

std::string examples_text(const std::string& command) {
  const std::vector<std::string>& lines = help_examples(command);
  if (lines.empty()) return "";
  std::string out = "\nexamples:\n";
  for (const std::string& line : lines) out += "  " + line + "\n";
  return out;
}

}  // namespace mancala::cli
