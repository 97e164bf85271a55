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

// Issue 27, "Citations that render": every record's citation through pandoc's citeproc (CSL-JSON)
// and the BibTeX through real parsers (pandoc's BibTeX reader and python3-bibtexparser).
// scripts/setup.sh test installs pandoc and python3-bibtexparser.
TEST(Citations, EveryRecordRendersWithCiteprocAndItsBibtexParses) {
  if (std::system("pandoc --version >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "pandoc is not installed: run 'bash scripts/setup.sh test' (Debian's pandoc)";
  TempDir dir;
  const std::string db = dir / "a.db";
  ASSERT_EQ(
      testing::run_cli({"evidence", "import", (data_dir() / "evidence").string(), "--db", db}).code,
      0);
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
  testing::write_text(dir / "doc.md", "---\nnocite: \"@*\"\n---\n");
  const std::string rendered = (dir / "out.txt");
  ASSERT_EQ(std::system(("pandoc --citeproc --bibliography " + (dir / "refs.json") +
                         " -t plain --wrap=none " + (dir / "doc.md") + " -o " + rendered + " 2>" +
                         (dir / "err.txt"))
                            .c_str()),
            0)
      << testing::read_text(dir / "err.txt");
  const std::string text = testing::read_text(rendered);
  // Vanoverbergh 1927 keeps its pages; a source known only as text is not a bare "n.d.".
  EXPECT_NE(text.find("Vanoverbergh. 1927. In [Title Not Given], 236\xE2\x80\x93"
                      "37."),
            std::string::npos)
      << text.substr(0, 2000);
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

}  // namespace
}  // namespace mancala::archive
