// Issue 27, "Citations that render": `evidence cite` of every record, through pandoc's citeproc
// and BibTeX readers (moved from tests/archive/dlp_archive_test.cpp, issue 22: a test of a command
// is a cli test).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "archive/store.h"
#include "archive_cli_test_util.h"
#include "common/paths.h"

namespace mancala::archive {
namespace {

using testing::TempDir;

// An archive of data/evidence in `dir`: its path.
std::string imported_archive(const TempDir& dir) {
  const std::string db = dir / "a.db";
  EXPECT_EQ(
      testing::run_cli({"evidence", "import", (data_dir() / "evidence").string(), "--db", db}).code,
      0);
  return db;
}

// Every item of the bibliography file `refs` (CSL-JSON or BibTeX) as pandoc --citeproc prints
// it in plain text, one reference a line; "" (and a test failure) when pandoc refuses it.
std::string rendered_by_citeproc(const TempDir& dir, const std::string& refs) {
  testing::write_text(dir / "doc.md", "---\nnocite: \"@*\"\n---\n");
  const std::string rendered = (dir / "out.txt");
  const int code =
      std::system(("pandoc --citeproc --bibliography " + refs + " -t plain --wrap=none " +
                   (dir / "doc.md") + " -o " + rendered + " 2>" + (dir / "err.txt"))
                      .c_str());
  EXPECT_EQ(code, 0) << testing::read_text(dir / "err.txt");
  return code == 0 ? testing::read_text(rendered) : std::string();
}

// Issue 27, "Citations that render": every record's citation through pandoc's citeproc (CSL-JSON)
// and the BibTeX through real parsers (pandoc's BibTeX reader and python3-bibtexparser).
// scripts/setup.sh test installs pandoc and python3-bibtexparser.
TEST(Citations, EveryRecordRendersWithCiteprocAndItsBibtexParses) {
  if (std::system("pandoc --version >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "pandoc is not installed: run 'bash scripts/setup.sh test' (Debian's pandoc)";
  TempDir dir;
  const std::string db = imported_archive(dir);
  std::vector<std::string> args = {"evidence", "cite"};
  {
    Store store = Store::open(db, Store::Mode::kReadOnly);
    for (const SearchHit& h : store.search(SearchQuery{})) args.push_back(h.record.id);
  }
  ASSERT_EQ(args.size(), 257u);
  args.insert(args.end(), {"--db", db, "--format", "csl-json"});
  const testing::CliResult csl = testing::run_cli(args);
  ASSERT_EQ(csl.code, 0) << csl.err;
  testing::write_text(dir / "refs.json", csl.out);
  const std::string text = rendered_by_citeproc(dir, dir / "refs.json");
  // Issue 35: "no placeholder ever goes into a title or booktitle field": Vanoverbergh 1927,
  // whose title nobody recorded, is cited without one (its note names the pages); a source known
  // only as text is not a bare "n.d.".
  EXPECT_NE(text.find("Vanoverbergh. 1927."), std::string::npos) << text.substr(0, 2000);
  EXPECT_EQ(text.find("itle Not Given"), std::string::npos) << text.substr(0, 2000);
  EXPECT_EQ(text.find("itle not given"), std::string::npos) << text.substr(0, 2000);
  EXPECT_EQ(text.find("\nn.d.\n"), std::string::npos);
  EXPECT_FALSE(text.starts_with("n.d.\n"));
  // A DLP record carries its portal address and access date.
  EXPECT_NE(text.find("Accessed November 25, 2026. https://ludii.games/details.php?keyword=Otep."),
            std::string::npos);
  // A patent cited by its address is titled by its number, not by the address's "/en".
  EXPECT_NE(text.find("US2720362A"), std::string::npos);
  EXPECT_EQ(text.find("\"En.\""), std::string::npos);
  // Coordinates in a title keep their marks (primes, which citeproc leaves alone).
  EXPECT_NE(text.find("32\xC2\xB0"
                      "34\xE2\x80\xB2"
                      "58.69\xE2\x80\xB3N"),
            std::string::npos);

  args[args.size() - 1] = "bibtex";
  const testing::CliResult bib = testing::run_cli(args);
  ASSERT_EQ(bib.code, 0) << bib.err;
  const std::string bib_file = (dir / "refs.bib");
  testing::write_text(bib_file, bib.out);
  size_t entries = 0;
  for (size_t at = bib.out.find("\n@"); at != std::string::npos; at = bib.out.find("\n@", at + 1))
    ++entries;
  entries += bib.out.starts_with("@") ? 1 : 0;
  // pandoc's BibTeX reader: as many items as entries.
  ASSERT_EQ(std::system(("pandoc -f bibtex -t csljson " + bib_file + " -o " + (dir / "bib.json") +
                         " 2>" + (dir / "err.txt"))
                            .c_str()),
            0)
      << testing::read_text(dir / "err.txt");
  const Json parsed = Json::parse(testing::read_text(dir / "bib.json"));
  EXPECT_EQ(parsed.size(), entries);
  if (std::system("/usr/bin/python3 -c 'import bibtexparser' >/dev/null 2>&1") == 0) {
    const std::string count = (dir / "count.txt");
    ASSERT_EQ(std::system(("/usr/bin/python3 -c 'import bibtexparser,sys; "
                           "print(len(bibtexparser.load(open(sys.argv[1])).entries))' " +
                           bib_file + " > " + count)
                              .c_str()),
              0);
    EXPECT_EQ(std::stoul(testing::read_text(count)), entries);
  }
}

// Issue 35, "One bibliography entry per work": "`evidence cite DLP.Evidence.1450 DLP.Ruleset.713
// --format bibtex` through `pandoc --citeproc` prints Das-Gupta 1926 once and no placeholder
// title", and the DLP's name is not split at "and".
TEST(Citations, OneWorkCitedByTwoRecordsIsOneEntryAndNoNameSplitsAtAnd) {
  if (std::system("pandoc --version >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "pandoc is not installed: run 'bash scripts/setup.sh test' (Debian's pandoc)";
  TempDir dir;
  const std::string db = imported_archive(dir);
  const testing::CliResult bib =
      testing::run_cli({"evidence", "cite", "DLP.Evidence.1450", "DLP.Ruleset.713", "--db", db,
                        "--format", "bibtex"});
  ASSERT_EQ(bib.code, 0) << bib.err;
  EXPECT_EQ(bib.out.find("title not given"), std::string::npos) << bib.out;
  EXPECT_NE(bib.out.find("  organization = {{Digital Ludeme Project, Data Science and Knowledge "
                         "Engineering, Maastricht University}},\n"),
            std::string::npos)
      << bib.out;
  testing::write_text(dir / "refs.bib", bib.out);
  const std::string text = rendered_by_citeproc(dir, dir / "refs.bib");
  size_t das_gupta = 0;
  for (size_t at = text.find("Das-Gupta"); at != std::string::npos;
       at = text.find("Das-Gupta", at + 1))
    ++das_gupta;
  EXPECT_EQ(das_gupta, 1u) << text;
  EXPECT_NE(text.find("Das-Gupta, H. 1926. \u201cA Few Types of Sedentary Games Prevalent in the "
                      "Punjab.\u201d Journal and Proceedings of the Asiatic Society of Bengal 22 "
                      "(4): 143\u201348."),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("itle Not Given"), std::string::npos) << text;
  EXPECT_NE(text.find("Data Science and Knowledge Engineering"), std::string::npos) << text;
  EXPECT_EQ(text.find("Data Science; Knowledge"), std::string::npos) << text;
}

}  // namespace
}  // namespace mancala::archive
