// SVG charts drawn by the project: histogram, horizontal bars with error bars, points and lines
// with error bars. Each is one self-contained inline <svg> string.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stats/histogram.h"

namespace mancala::reports {

// What every chart shares. The title is drawn at the top and is also the chart's accessible name
// (the first child <title>); the description is its <desc> (when empty, a text listing every
// value drawn, so a screen reader gets the data, not just a picture).
struct ChartOptions {
  // (Every member has a default initializer, so designated initializers such as
  // {.title = "Plies", .y_min = 0.0} compile cleanly under -Wextra.)
  std::string title = {};
  std::string description = {};
  std::string x_label = {};
  std::string y_label = {};
  int width = 640;  // pixels, at least 240
  int height = 0;   // 0: 360, or for bar charts enough for every bar; else at least 160
  // Fixed axis ends (e.g. 0 and 1 for rates); unset ends are chosen from the data, rounded out to
  // a tick. Values outside a fixed range are clipped at its edge.
  std::optional<double> x_min = {};
  std::optional<double> x_max = {};
  std::optional<double> y_min = {};
  std::optional<double> y_max = {};
  // Tick labels as percentages of 1 (0.25 -> "25%").
  bool x_percent = false;
  bool y_percent = false;
};

// A value with an optional interval; NaN low and high draw no error bar, a NaN value no bar.
struct Estimate {
  double value = 0;
  double low = std::numeric_limits<double>::quiet_NaN();
  double high = std::numeric_limits<double>::quiet_NaN();
};

// One series of a bar chart (e.g. "P1 wins"): one Estimate per category, in category order.
struct BarSeries {
  std::string name = {};
  std::vector<Estimate> values = {};
};

// One point of a line chart with an optional vertical interval (NaN low/high: none).
struct ChartPoint {
  double x = 0;
  double y = 0;
  double low = std::numeric_limits<double>::quiet_NaN();
  double high = std::numeric_limits<double>::quiet_NaN();
};

// One curve of a line chart; points are joined in the order given. Non-finite points are skipped.
struct LineSeries {
  std::string name = {};
  std::vector<ChartPoint> points = {};
};

// The charts below share these properties:
//   * output is one <svg xmlns="http://www.w3.org/2000/svg" ... role="img"> element, well-formed
//     XML, with <title> and <desc> first; no script, no link, no external font or image, so it
//     can be inlined in an HTML page that opens offline;
//   * axes with tick marks and labels at 1-2-5 steps, light grid lines, axis labels, a legend
//     when there are several named series, and a <title> tooltip on every bar and point;
//   * every text from the caller is escaped with xml_escape;
//   * the colours (Okabe-Ito palette) stay distinguishable for colour-blind readers;
//   * output depends only on the arguments (no ids, no clock), so golden tests can compare it;
//   * empty data draws the axes and "no data" rather than failing.

// Vertical bars of a binned histogram (stats::IntHistogram::bins): x the values, y the counts. Bins
// must be in increasing order without overlap; throws mancala::Error otherwise.
// The colour of the series-th series (or group) of a chart or map, cycling through eight.
std::string_view series_colour(std::size_t series);

std::string svg_histogram(const std::vector<stats::HistogramBin>& bins,
                          const ChartOptions& options);
std::string svg_histogram(const stats::IntHistogram& histogram, int max_bins,
                          const ChartOptions& options);

// Horizontal grouped bars: one group per category (top to bottom), one bar per series, each with
// its interval as an error bar. The value axis is x (x_min, x_max, x_percent apply), e.g. win
// rates of P1 / P2 / draw per reconstruction with 95% intervals. Throws mancala::Error if a
// series does not have one value per category.
std::string svg_bar_chart(const std::vector<std::string>& categories,
                          const std::vector<BarSeries>& series, const ChartOptions& options);

// Points joined by lines, each with a vertical error bar, e.g. x = handicap level and y = win rate
// with its interval; several series are dodged sideways by a few pixels so their bars stay apart.
std::string svg_line_chart(const std::vector<LineSeries>& series, const ChartOptions& options);

}  // namespace mancala::reports
