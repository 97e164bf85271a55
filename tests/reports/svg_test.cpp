// SVG charts, HTML page and escaping: well-formed XML, escaped text, self-contained output, and
// the drawn elements matching the data. Also checks the checker itself, so its verdicts mean
// something.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "common/error.h"
#include "reports/render.h"
#include "tests/test_support.h"
#include "xml_check.h"

namespace mancala::reports {
namespace {

using test_support::error_of;

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

// Checks what every chart promises: one well-formed <svg> root with the SVG namespace, <title>
// and <desc> first, nothing that would fetch or run anything.
xml_check::Element check_chart(const std::string& svg, const std::string& title) {
  const xml_check::Element root = xml_check::parse(svg);
  EXPECT_EQ(root.name, "svg");
  EXPECT_EQ(root.attributes.at("xmlns"), "http://www.w3.org/2000/svg");
  EXPECT_EQ(root.attributes.at("role"), "img");
  EXPECT_GE(root.children.size(), 2u);
  if (root.children.size() >= 2) {
    EXPECT_EQ(root.children[0].name, "title");
    EXPECT_EQ(root.children[0].text, title);
    EXPECT_EQ(root.children[1].name, "desc");
    EXPECT_FALSE(root.children[1].text.empty());
  }
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_EQ(svg.find("href"), std::string::npos);
  EXPECT_EQ(svg.find("<image"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "http"), 1u);  // the namespace name only
  return root;
}

// Elements of a kind that carry a tooltip: the data marks (bars, points), not the frame.
std::vector<const xml_check::Element*> marks(const xml_check::Element& root, const char* name) {
  std::vector<const xml_check::Element*> out;
  for (const xml_check::Element* e : xml_check::find_all(root, name)) {
    if (!e->children.empty() && e->children[0].name == "title") out.push_back(e);
  }
  return out;
}

TEST(XmlCheck, RejectsMalformedDocuments) {
  for (const char* bad :
       {"<a><b></a></b>", "<a>", "<a x=1/>", "<a>&bogus;</a>", "<a>1 < 2</a>", "<a/><b/>",
        "<a x=\"1\" x=\"2\"/>", "<a x=\"<\"/>", "text", "<a>&amp</a>"}) {
    EXPECT_THROW(xml_check::parse(bad), std::runtime_error) << bad;
  }
  const xml_check::Element ok =
      xml_check::parse("<!DOCTYPE html>\n<a x='1'><!-- c --><b>&lt;&#233;&#x4e2d;</b><c/></a>\n");
  EXPECT_EQ(ok.children.size(), 2u);
  EXPECT_EQ(ok.children[0].text, "<\xC3\xA9\xE4\xB8\xAD");
}

TEST(XmlEscape, EscapesMarkupAndReplacesWhatXmlForbids) {
  EXPECT_EQ(xml_escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
  EXPECT_EQ(xml_escape("tab\tnew\nline"), "tab\tnew\nline");
  EXPECT_EQ(xml_escape("\xC3\x98tep \xE2\x80\x93 \xF0\x9F\x8E\xB2"),
            "\xC3\x98tep \xE2\x80\x93 \xF0\x9F\x8E\xB2");
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(xml_escape(std::string("a\x01"
                                   "b",
                                   3)),
            "a" + fffd + "b");
  EXPECT_EQ(xml_escape("\xFF"), fffd);                          // not UTF-8
  EXPECT_EQ(xml_escape("\xC0\xAF"), fffd + fffd);               // overlong '/'
  EXPECT_EQ(xml_escape("\xED\xA0\x80"), fffd + fffd + fffd);    // a UTF-16 surrogate
  EXPECT_EQ(xml_escape("\xEF\xBF\xBF"), fffd);                  // U+FFFF
  EXPECT_EQ(xml_escape("cut \xE2\x80"), "cut " + fffd + fffd);  // truncated sequence
  EXPECT_EQ(html_escape("<&>"), "&lt;&amp;&gt;");
  // Whatever the input, the escaped text parses back to valid characters.
  std::string all_bytes;
  for (int b = 0; b < 256; ++b) all_bytes += static_cast<char>(b);
  EXPECT_NO_THROW(
      xml_check::parse("<t a=\"" + xml_escape(all_bytes) + "\">" + xml_escape(all_bytes) + "</t>"));
}

TEST(HtmlPage, IsSelfContainedAndWellFormed) {
  Table t({{"ruleset"}, {"P1 wins"}});
  t.add_row({"toguz", Cell::percent(0.51, 1)});
  stats::IntHistogram h;
  for (int v = 40; v < 60; ++v) h.add(v, static_cast<std::uint64_t>(v % 7 + 1));
  const std::string body = "<h1>" + html_escape("Report <1> & co") + "</h1>\n" + t.to_html() +
                           svg_histogram(h, 10, {.title = "Plies"});
  const std::string page = html_page("Report <1> & co", body);
  EXPECT_TRUE(
      page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />"));
  EXPECT_NE(page.find("<title>Report &lt;1&gt; &amp; co</title>"), std::string::npos);
  EXPECT_NE(page.find("<style>"), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(page.find("url("), std::string::npos);
  EXPECT_EQ(occurrences(page, "http"), 1u);  // the SVG namespace name only
  const xml_check::Element root = xml_check::parse(page);
  EXPECT_EQ(root.name, "html");
  EXPECT_EQ(xml_check::find_all(root, "svg").size(), 1u);
  EXPECT_EQ(xml_check::find_all(root, "table").size(), 1u);
  EXPECT_TRUE(page.ends_with("</body>\n</html>\n"));
}

TEST(SvgHistogram, OneBarPerNonEmptyBinWithHeightsInProportion) {
  const std::vector<stats::HistogramBin> bins = {
      {10, 19, 5}, {20, 29, 0}, {30, 39, 20}, {40, 49, 10}};
  const std::string svg =
      svg_histogram(bins, {.title = "Game length <plies>", .x_label = "plies", .y_label = "games"});
  const xml_check::Element root = check_chart(svg, "Game length <plies>");
  const auto bars = marks(root, "rect");
  ASSERT_EQ(bars.size(), 3u);
  EXPECT_EQ(bars[0]->children[0].text,
            "10\xE2\x80\x93"
            "19: 5");
  EXPECT_EQ(bars[1]->children[0].text,
            "30\xE2\x80\x93"
            "39: 20");
  const double h0 = std::stod(bars[0]->attributes.at("height"));
  const double h1 = std::stod(bars[1]->attributes.at("height"));
  const double h2 = std::stod(bars[2]->attributes.at("height"));
  EXPECT_NEAR(h1 / h0, 4.0, 0.05);
  EXPECT_NEAR(h1 / h2, 2.0, 0.05);
  // Bars share one bottom edge.
  const double bottom0 = std::stod(bars[0]->attributes.at("y")) + h0;
  const double bottom1 = std::stod(bars[1]->attributes.at("y")) + h1;
  EXPECT_NEAR(bottom0, bottom1, 0.11);
  // The y axis reaches a tick at or above the tallest count and labels it.
  std::vector<std::string> labels;
  for (const xml_check::Element* text : xml_check::find_all(root, "text"))
    labels.push_back(text->text);
  EXPECT_NE(std::find(labels.begin(), labels.end(), "20"), labels.end());
  EXPECT_NE(std::find(labels.begin(), labels.end(), "plies"), labels.end());
  EXPECT_NE(std::find(labels.begin(), labels.end(), "games"), labels.end());
  EXPECT_NE(root.children[1].text.find("30\xE2\x80\x93"
                                       "39: 20"),
            std::string::npos);
  EXPECT_EQ(svg, svg_histogram(bins, {.title = "Game length <plies>",
                                      .x_label = "plies",
                                      .y_label = "games"}));  // deterministic
}

TEST(SvgHistogram, EmptyDataStillDrawsAValidChart) {
  const std::string svg = svg_histogram(stats::IntHistogram(), 10, {.title = "Nothing yet"});
  const xml_check::Element root = check_chart(svg, "Nothing yet");
  EXPECT_TRUE(marks(root, "rect").empty());
  EXPECT_NE(svg.find(">no data</text>"), std::string::npos);
  EXPECT_EQ(error_of([] {
              svg_histogram({{5, 9, 1}, {8, 12, 1}}, {});
            }),
            "svg_histogram: bin 2 overlaps the previous one or is reversed");
}

TEST(SvgBarChart, OneBarAndOneErrorBarPerValue) {
  const std::vector<std::string> categories = {"Toguz Kumalak", "Khutka Boia & <variant>"};
  const std::vector<BarSeries> series = {{"P1 wins", {{0.52, 0.49, 0.55}, {0.61, 0.58, 0.64}}},
                                         {"P2 wins", {{0.45, 0.42, 0.48}, {0.30, 0.27, 0.33}}},
                                         {"draws", {{0.03, 0.02, 0.04}, {0.09, NAN, NAN}}}};
  const std::string svg = svg_bar_chart(categories, series,
                                        {.title = "Outcomes",
                                         .x_label = "share of games",
                                         .x_min = 0.0,
                                         .x_max = 1.0,
                                         .x_percent = true});
  const xml_check::Element root = check_chart(svg, "Outcomes");
  const auto bars = marks(root, "rect");
  ASSERT_EQ(bars.size(), 6u);
  EXPECT_EQ(bars[0]->children[0].text, "Toguz Kumalak, P1 wins: 52.0% (interval 49.0% to 55.0%)");
  EXPECT_EQ(bars[5]->children[0].text, "Khutka Boia & <variant>, draws: 9.0%");
  // Bars grow from the same baseline in proportion to the value.
  const double w0 = std::stod(bars[0]->attributes.at("width"));
  const double w4 = std::stod(bars[4]->attributes.at("width"));
  EXPECT_NEAR(w0 / w4, 0.52 / 0.30, 0.01);
  EXPECT_EQ(bars[0]->attributes.at("x"), bars[4]->attributes.at("x"));
  // Five intervals, three lines each (the bar and two caps), drawn in the error colour.
  std::size_t error_lines = 0;
  for (const xml_check::Element* line : xml_check::find_all(root, "line")) {
    if (line->attributes.at("stroke") == "#222") ++error_lines;
  }
  EXPECT_EQ(error_lines, 15u);
  // Legend and percent ticks.
  std::vector<std::string> labels;
  for (const xml_check::Element* text : xml_check::find_all(root, "text"))
    labels.push_back(text->text);
  for (const char* expected :
       {"P1 wins", "P2 wins", "draws", "0%", "40%", "100%", "Khutka Boia & <variant>"}) {
    EXPECT_NE(std::find(labels.begin(), labels.end(), expected), labels.end()) << expected;
  }
  EXPECT_NE(svg.find("Khutka Boia &amp; &lt;variant&gt;"), std::string::npos);
}

// Issue 27: "the bar charts of 36 (soon many more) rulesets keep ... their axis visible": a tall
// chart repeats its axis labels above the bars and after every 20 categories, in rows of their own
// that no bar overlaps.
TEST(SvgBarChart, ATallChartRepeatsItsAxisLabelsEveryTwentyCategories) {
  std::vector<std::string> categories;
  std::vector<Estimate> values;
  for (int i = 0; i < 45; ++i) {
    categories.push_back("ruleset " + std::to_string(i));
    values.push_back({0.5, 0.45, 0.55});
  }
  const std::string svg = svg_bar_chart(
      categories, {{"P1 wins", values}},
      {.title = "Tall", .x_label = "share", .x_min = 0.0, .x_max = 1.0, .x_percent = true});
  const xml_check::Element root = check_chart(svg, "Tall");
  std::vector<double> label_rows;  // y of every "100%" tick label
  for (const xml_check::Element* text : xml_check::find_all(root, "text")) {
    if (text->text == "100%") label_rows.push_back(std::stod(text->attributes.at("y")));
  }
  // Below the plot, above it, and before categories 20 and 40.
  ASSERT_EQ(label_rows.size(), 4u);
  const auto bars = marks(root, "rect");
  ASSERT_EQ(bars.size(), 45u);
  for (const double y : label_rows) {
    for (const xml_check::Element* bar : bars) {
      const double top = std::stod(bar->attributes.at("y"));
      const double bottom = top + std::stod(bar->attributes.at("height"));
      EXPECT_FALSE(y - 10 < bottom && y > top) << "a label row at " << y << " overlaps a bar";
    }
  }
}

// Issue 39, item 1: "Chart labels end in '...'": a long label wraps onto as many lines as it
// takes, never cut: its lines, read in order, are the whole label.
TEST(SvgBarChart, LongLabelsWrapWholeAndShapeErrorsReported) {
  const std::string long_name(200, 'x');
  std::string words;
  for (int i = 0; i < 30; ++i) words += (i ? " " : "") + std::string("word") + std::to_string(i);
  const std::string svg =
      svg_bar_chart({long_name, words, "short"}, {{"s", {{1.0}, {0.5}, {0.2}}}}, {.title = "t"});
  const xml_check::Element root = check_chart(svg, "t");
  std::string letters, said;
  for (const xml_check::Element* text : xml_check::find_all(root, "text")) {
    EXPECT_FALSE(text->text.ends_with("\xE2\x80\xA6")) << text->text;
    if (text->text.starts_with("x")) letters += text->text;
    if (text->text.starts_with("word")) said += (said.empty() ? "" : " ") + text->text;
  }
  EXPECT_EQ(letters, long_name);  // a word longer than a line broken, whole
  EXPECT_EQ(said, words);         // wrapped at spaces, whole
  EXPECT_NE(root.children[1].text.find(long_name), std::string::npos);  // full name in <desc>
  EXPECT_EQ(error_of([] {
              svg_bar_chart({"a", "b"}, {{"P1", {{0.5}}}}, {});
            }),
            "svg_bar_chart: series 'P1' has 1 values for 2 categories");
  EXPECT_EQ(error_of([] {
              svg_bar_chart({"a"}, {{"P1", {{0.5}}}}, {.x_min = 1.0, .x_max = 0.0});
            }),
            "chart: the axis minimum 1 is not below its maximum 0");
  const std::string empty = svg_bar_chart({}, {}, {.title = "none"});
  check_chart(empty, "none");
  EXPECT_NE(empty.find(">no data</text>"), std::string::npos);
}

TEST(SvgLineChart, PointsLinesAndErrorBarsPerSeries) {
  const std::vector<LineSeries> series = {
      {"stronger side", {{0, 0.50, 0.47, 0.53}, {1, 0.58, 0.55, 0.61}, {2, 0.66, 0.63, 0.69}}},
      {"weaker side", {{0, 0.50, 0.47, 0.53}, {1, 0.42, NAN, NAN}, {2, NAN, 0, 0}}}};
  const std::string svg = svg_line_chart(series, {.title = "Handicap curve",
                                                  .x_label = "handicap level",
                                                  .y_label = "win rate",
                                                  .y_min = 0.0,
                                                  .y_max = 1.0,
                                                  .y_percent = true});
  const xml_check::Element root = check_chart(svg, "Handicap curve");
  EXPECT_EQ(xml_check::find_all(root, "polyline").size(), 2u);
  const auto points = marks(root, "circle");
  ASSERT_EQ(points.size(), 5u);  // the NaN point is skipped
  EXPECT_EQ(points[1]->children[0].text,
            "stronger side, handicap level 1: 58.0% (interval 55.0% to 61.0%)");
  EXPECT_EQ(points[4]->children[0].text, "weaker side, handicap level 1: 42.0%");
  // Higher win rate is drawn higher (smaller y).
  EXPECT_LT(std::stod(points[2]->attributes.at("cy")), std::stod(points[1]->attributes.at("cy")));
  // The two series at the same x are dodged apart.
  EXPECT_NE(points[0]->attributes.at("cx"), points[3]->attributes.at("cx"));
  // Four intervals, three lines each, in the series colours.
  std::size_t error_lines = 0;
  for (const xml_check::Element* line : xml_check::find_all(root, "line")) {
    const std::string& stroke = line->attributes.at("stroke");
    if (stroke == "#0072B2" || stroke == "#D55E00") ++error_lines;
  }
  EXPECT_EQ(error_lines, 12u);
  EXPECT_NE(svg.find(">100%</text>"), std::string::npos);
  const std::string empty = svg_line_chart({}, {.title = "none"});
  check_chart(empty, "none");
  EXPECT_NE(empty.find(">no data</text>"), std::string::npos);
}

}  // namespace
}  // namespace mancala::reports
