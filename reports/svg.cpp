#include "reports/svg.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>
#include <utility>

#include "common/error.h"
#include "reports/html.h"
#include "reports/table.h"

namespace mancala::reports {
namespace {

// Okabe & Ito (2008) colour-blind-safe palette.
constexpr double kCharWidth = 7.0;  // rough advance of one character at 12px sans-serif
constexpr double kTitleRow = 26;
constexpr double kLegendRow = 18;
constexpr double kAxisLabelRow = 18;
// A bar chart of more categories than this repeats its x axis above the bars, in a row this tall.
constexpr std::size_t kTopAxisCategories = 8;
constexpr double kTopAxisRow = 20;
// A tall chart repeats its axis's labels after every this many categories, so that a reader
// scrolling through a hundred rulesets has a scale in view.
constexpr std::size_t kRepeatAxisEvery = 20;
constexpr std::string_view kAxisColour = "#444";
constexpr std::string_view kGridColour = "#e3e3e3";
constexpr std::string_view kErrorColour = "#222";

std::string_view colour(std::size_t series) { return series_colour(series); }

// A bar chart's category label on as many lines as it takes: a label longer than `chars` wraps
// at its last space within them (a word longer than a line is broken). Never cut: the whole
// label is read (issue 39, item 1: "Chart labels end in '...'"); its bar group is as tall as
// its lines.
constexpr double kLabelLineHeight = 13;

std::vector<std::string> wrapped_label(const std::string& label, std::size_t chars) {
  chars = std::max<std::size_t>(chars, 4);
  // Byte offsets of each character, so the UTF-8 sequences stay whole.
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < label.size(); ++i)
    if ((static_cast<unsigned char>(label[i]) & 0xC0) != 0x80) starts.push_back(i);
  starts.push_back(label.size());
  const std::size_t n = starts.size() - 1;
  std::vector<std::string> lines;
  std::size_t from = 0;  // in characters
  while (from < n) {
    while (from < n && label[starts[from]] == ' ') ++from;
    if (from >= n) break;
    std::size_t to = std::min(n, from + chars);
    if (to < n) {
      std::size_t space = to;
      while (space > from && label[starts[space]] != ' ') --space;
      if (space > from) to = space;
    }
    lines.push_back(label.substr(starts[from], starts[to] - starts[from]));
    from = to;
  }
  if (lines.empty()) lines.push_back("");
  return lines;
}

// A pixel coordinate.
std::string px(double value) { return format_number(value, 1); }

// A value for a tooltip or description: integers in full, others with 4 significant digits.
std::string compact(double value) {
  if (!std::isfinite(value)) return format_number(value, 0);
  if (value == std::round(value) && std::fabs(value) < 1e15) return format_number(value, 0);
  char buffer[64];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 4);
  return std::string(buffer, result.ptr);
}

std::string show_value(double value, bool percent) {
  return percent && std::isfinite(value) ? format_number(value * 100, 1) + "%" : compact(value);
}

std::string show_interval(double low, double high, bool percent) {
  if (!std::isfinite(low) || !std::isfinite(high)) return "";
  return " (interval " + show_value(low, percent) + " to " + show_value(high, percent) + ")";
}

// An axis: its value range, the ticks inside it and how their labels are written.
struct Axis {
  double lo = 0;
  double hi = 1;
  std::vector<double> ticks;
  int decimals = 0;
  bool percent = false;

  std::string label(double value) const {
    return percent ? format_number(value * 100, decimals) + "%" : format_number(value, decimals);
  }
  std::size_t widest_label() const {
    std::size_t widest = 0;
    for (double tick : ticks) widest = std::max(widest, label(tick).size());
    return widest;
  }
};

// Ticks at 1-2-5 steps (about `target` of them) over [data_lo, data_hi]; a fixed end is kept as
// given, a free end is rounded out to a tick. Non-finite data (no data) gives [0, 1].
Axis make_axis(double data_lo, double data_hi, std::optional<double> fixed_lo,
               std::optional<double> fixed_hi, bool percent, bool integer_steps, int target = 5) {
  for (const std::optional<double>& end : {fixed_lo, fixed_hi}) {
    if (end && !std::isfinite(*end)) throw Error("chart: an axis end is not a finite number");
  }
  double lo = fixed_lo.value_or(data_lo);
  double hi = fixed_hi.value_or(data_hi);
  if (!std::isfinite(lo)) lo = (fixed_hi && std::isfinite(hi)) ? hi - 1 : 0;
  if (!std::isfinite(hi)) hi = lo + 1;
  if (fixed_lo && fixed_hi && !(*fixed_lo < *fixed_hi)) {
    throw Error("chart: the axis minimum " + compact(*fixed_lo) + " is not below its maximum " +
                compact(*fixed_hi));
  }
  if (lo > hi) {
    if (fixed_lo) {
      hi = lo + 1;
    } else {
      lo = hi - 1;
    }
  }
  if (lo == hi) {
    const double span = lo == 0 ? 1 : std::fabs(lo) * 0.1;
    if (!fixed_lo) lo -= span;
    if (!fixed_hi) hi += span;
  }
  double step = 1;
  const double raw = (hi - lo) / target;
  const double magnitude = std::pow(10, std::floor(std::log10(raw)));
  const double normalized = raw / magnitude;
  step = (normalized < 1.5 ? 1 : normalized < 3 ? 2 : normalized < 7 ? 5 : 10) * magnitude;
  if (integer_steps && step < 1) step = 1;
  if (!fixed_lo) lo = std::floor(lo / step) * step;
  if (!fixed_hi) hi = std::ceil(hi / step) * step;
  Axis axis;
  axis.lo = lo;
  axis.hi = hi;
  axis.percent = percent;
  const double first = std::ceil(lo / step - 1e-9);
  const double last = std::floor(hi / step + 1e-9);
  for (double k = first; k <= last && axis.ticks.size() < 100; ++k) axis.ticks.push_back(k * step);
  const double shown_step = percent ? step * 100 : step;
  axis.decimals = std::max(0, static_cast<int>(std::ceil(-std::log10(shown_step) - 1e-9)));
  return axis;
}

// The plot area in pixels.
struct Frame {
  double left = 0;
  double top = 0;
  double right = 0;
  double bottom = 0;
};

// Maps values to pixels, clamped to the plot area; `inset` keeps points off the frame edges.
struct Scale {
  double value_lo;
  double value_hi;
  double pixel_lo;
  double pixel_hi;
  double operator()(double value) const {
    const double t = (value - value_lo) / (value_hi - value_lo);
    const double pixel = pixel_lo + std::clamp(t, 0.0, 1.0) * (pixel_hi - pixel_lo);
    return pixel;
  }
};

// Builds the SVG text; every caller text passes through xml_escape.
class SvgWriter {
 public:
  SvgWriter(double width, double height, const std::string& title, const std::string& description)
      : width_(width) {
    out_ = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + px(width) + "\" height=\"" +
           px(height) + "\" viewBox=\"0 0 " + px(width) + " " + px(height) +
           "\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\">\n";
    out_ += "<title>" + xml_escape(title) + "</title>\n";
    out_ += "<desc>" + xml_escape(description) + "</desc>\n";
    out_ += "<rect x=\"0\" y=\"0\" width=\"" + px(width) + "\" height=\"" + px(height) +
            "\" fill=\"#ffffff\"/>\n";
    if (!title.empty()) {
      text(width / 2, 19, title, "middle", " font-size=\"14\" font-weight=\"bold\"");
    }
  }

  void line(double x1, double y1, double x2, double y2, std::string_view stroke,
            double stroke_width = 1) {
    out_ += "<line x1=\"" + px(x1) + "\" y1=\"" + px(y1) + "\" x2=\"" + px(x2) + "\" y2=\"" +
            px(y2) + "\" stroke=\"" + std::string(stroke) + "\" stroke-width=\"" +
            px(stroke_width) + "\"/>\n";
  }

  void rect(double x, double y, double w, double h, std::string_view fill,
            const std::string& tooltip) {
    out_ += "<rect x=\"" + px(x) + "\" y=\"" + px(y) + "\" width=\"" + px(std::max(w, 0.0)) +
            "\" height=\"" + px(std::max(h, 0.0)) + "\" fill=\"" + std::string(fill) + "\"";
    close_with_tooltip("rect", tooltip);
  }

  void circle(double cx, double cy, double r, std::string_view fill, const std::string& tooltip) {
    out_ += "<circle cx=\"" + px(cx) + "\" cy=\"" + px(cy) + "\" r=\"" + px(r) + "\" fill=\"" +
            std::string(fill) + "\" stroke=\"#ffffff\" stroke-width=\"1\"";
    close_with_tooltip("circle", tooltip);
  }

  void polyline(const std::vector<std::pair<double, double>>& points, std::string_view stroke) {
    if (points.size() < 2) return;
    out_ += "<polyline fill=\"none\" stroke=\"" + std::string(stroke) +
            "\" stroke-width=\"2\" points=\"";
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (i > 0) out_ += ' ';
      out_ += px(points[i].first) + "," + px(points[i].second);
    }
    out_ += "\"/>\n";
  }

  void text(double x, double y, const std::string& content, std::string_view anchor,
            std::string_view extra = "") {
    out_ += "<text x=\"" + px(x) + "\" y=\"" + px(y) + "\" text-anchor=\"" + std::string(anchor) +
            "\"" + std::string(extra) + ">" + xml_escape(content) + "</text>\n";
  }

  // A vertical axis title, rotated to read bottom to top.
  void vertical_text(double x, double y, const std::string& content) {
    out_ += "<text x=\"" + px(x) + "\" y=\"" + px(y) +
            "\" text-anchor=\"middle\" transform=\"rotate(-90 " + px(x) + " " + px(y) + ")\">" +
            xml_escape(content) + "</text>\n";
  }

  // A legend: one swatch and name per series, wrapped into rows under the title.
  void legend(const std::vector<std::string>& names, double top, double left, double right) {
    double x = left;
    double y = top;
    for (std::size_t i = 0; i < names.size(); ++i) {
      const double entry = 12 + 5 + static_cast<double>(display_width(names[i])) * kCharWidth + 16;
      if (x > left && x + entry > right) {
        x = left;
        y += kLegendRow;
      }
      out_ += "<rect x=\"" + px(x) + "\" y=\"" + px(y + 2) +
              "\" width=\"12\" height=\"12\" fill=\"" + std::string(colour(i)) + "\"/>\n";
      text(x + 17, y + 12, names[i], "start");
      x += entry;
    }
  }

  double width() const { return width_; }
  std::string finish() { return out_ + "</svg>\n"; }

 private:
  void close_with_tooltip(std::string_view element, const std::string& tooltip) {
    if (tooltip.empty()) {
      out_ += "/>\n";
      return;
    }
    out_ += "><title>" + xml_escape(tooltip) + "</title></" + std::string(element) + ">\n";
  }

  double width_;
  std::string out_;
};

// How many legend rows the names need between left and right.
int legend_rows(const std::vector<std::string>& names, double left, double right) {
  if (names.empty()) return 0;
  int rows = 1;
  double x = left;
  for (const std::string& name : names) {
    const double entry = 12 + 5 + static_cast<double>(display_width(name)) * kCharWidth + 16;
    if (x > left && x + entry > right) {
      x = left;
      ++rows;
    }
    x += entry;
  }
  return rows;
}

void draw_x_axis(SvgWriter& svg, const Axis& axis, const Scale& scale, const Frame& frame,
                 const std::string& label) {
  for (double tick : axis.ticks) {
    const double x = scale(tick);
    svg.line(x, frame.top, x, frame.bottom, kGridColour);
    svg.line(x, frame.bottom, x, frame.bottom + 5, kAxisColour);
    svg.text(x, frame.bottom + 18, axis.label(tick), "middle");
  }
  svg.line(frame.left, frame.bottom, frame.right, frame.bottom, kAxisColour);
  if (!label.empty()) {
    svg.text((frame.left + frame.right) / 2, frame.bottom + 18 + kAxisLabelRow, label, "middle");
  }
}

void draw_y_axis(SvgWriter& svg, const Axis& axis, const Scale& scale, const Frame& frame,
                 const std::string& label) {
  for (double tick : axis.ticks) {
    const double y = scale(tick);
    svg.line(frame.left, y, frame.right, y, kGridColour);
    svg.line(frame.left - 5, y, frame.left, y, kAxisColour);
    svg.text(frame.left - 8, y + 4, axis.label(tick), "end");
  }
  svg.line(frame.left, frame.top, frame.left, frame.bottom, kAxisColour);
  if (!label.empty()) {
    svg.vertical_text(frame.left - 14 - static_cast<double>(axis.widest_label()) * kCharWidth,
                      (frame.top + frame.bottom) / 2, label);
  }
}

void draw_no_data(SvgWriter& svg, const Frame& frame) {
  svg.text((frame.left + frame.right) / 2, (frame.top + frame.bottom) / 2, "no data", "middle",
           " fill=\"#777\"");
}

double chart_width(const ChartOptions& options) { return std::max(240, options.width); }

double chart_height(const ChartOptions& options) {
  return options.height == 0 ? 360 : std::max(160, options.height);
}

double top_margin(const ChartOptions& options, int legend_row_count) {
  return 14 + (options.title.empty() ? 0 : kTitleRow) + legend_row_count * kLegendRow;
}

double bottom_margin(const ChartOptions& options) {
  return 26 + (options.x_label.empty() ? 0 : kAxisLabelRow) + 6;
}

double left_margin(const ChartOptions& options, const Axis& y_axis) {
  return 16 + static_cast<double>(y_axis.widest_label()) * kCharWidth +
         (options.y_label.empty() ? 0 : kAxisLabelRow);
}

std::string bin_name(const stats::HistogramBin& bin) {
  if (bin.low == bin.high) return std::to_string(bin.low);
  return std::to_string(bin.low) + "\xE2\x80\x93" + std::to_string(bin.high);  // en dash
}

}  // namespace

std::string svg_histogram(const std::vector<stats::HistogramBin>& bins,
                          const ChartOptions& options) {
  for (std::size_t i = 0; i < bins.size(); ++i) {
    if (bins[i].high < bins[i].low || (i > 0 && bins[i].low <= bins[i - 1].high)) {
      throw Error("svg_histogram: bin " + std::to_string(i + 1) +
                  " overlaps the previous one or is reversed");
    }
  }
  std::uint64_t tallest = 0;
  std::uint64_t total = 0;
  for (const stats::HistogramBin& bin : bins) {
    tallest = std::max(tallest, bin.count);
    total += bin.count;
  }
  const double width = chart_width(options);
  const double height = chart_height(options);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double data_lo = bins.empty() ? nan : static_cast<double>(bins.front().low) - 0.5;
  const double data_hi = bins.empty() ? nan : static_cast<double>(bins.back().high) + 0.5;
  // The value axis ends at the outer bin edges (no rounding out), so bars touch the frame.
  std::optional<double> x_min = options.x_min;
  std::optional<double> x_max = options.x_max;
  if (!bins.empty() && !x_min) x_min = data_lo;
  if (!bins.empty() && !x_max) x_max = data_hi;
  const Axis x_axis = make_axis(data_lo, data_hi, x_min, x_max, options.x_percent, true);
  const Axis y_axis = make_axis(0, static_cast<double>(tallest), options.y_min.value_or(0),
                                options.y_max, options.y_percent, true);

  std::string description = options.description;
  if (description.empty()) {
    description = "Histogram of " + std::to_string(total) + " values in " +
                  std::to_string(bins.size()) + " bins.";
    for (std::size_t i = 0; i < bins.size(); ++i) {
      description +=
          (i == 0 ? " " : "; ") + bin_name(bins[i]) + ": " + std::to_string(bins[i].count);
    }
    if (!bins.empty()) description += ".";
  }

  Frame frame;
  frame.left = left_margin(options, y_axis);
  frame.top = top_margin(options, 0);
  frame.right = width - 20;
  frame.bottom = height - bottom_margin(options);
  const Scale sx{x_axis.lo, x_axis.hi, frame.left, frame.right};
  const Scale sy{y_axis.lo, y_axis.hi, frame.bottom, frame.top};

  SvgWriter svg(width, height, options.title, description);
  draw_y_axis(svg, y_axis, sy, frame, options.y_label);
  draw_x_axis(svg, x_axis, sx, frame, options.x_label);
  for (const stats::HistogramBin& bin : bins) {
    if (bin.count == 0) continue;
    const double x0 = sx(static_cast<double>(bin.low) - 0.5);
    const double x1 = sx(static_cast<double>(bin.high) + 0.5);
    const double y = sy(static_cast<double>(bin.count));
    const double gap = x1 - x0 > 3 ? 0.5 : 0;
    svg.rect(x0 + gap, y, x1 - x0 - 2 * gap, frame.bottom - y, colour(0),
             bin_name(bin) + ": " + std::to_string(bin.count));
  }
  svg.line(frame.left, frame.bottom, frame.right, frame.bottom, kAxisColour);  // over the bars
  if (bins.empty() || total == 0) draw_no_data(svg, frame);
  return svg.finish();
}

std::string svg_histogram(const stats::IntHistogram& histogram, int max_bins,
                          const ChartOptions& options) {
  return svg_histogram(histogram.bins(max_bins), options);
}

std::string svg_bar_chart(const std::vector<std::string>& categories,
                          const std::vector<BarSeries>& series, const ChartOptions& options) {
  for (const BarSeries& s : series) {
    if (s.values.size() != categories.size()) {
      throw Error("svg_bar_chart: series '" + s.name + "' has " + std::to_string(s.values.size()) +
                  " values for " + std::to_string(categories.size()) + " categories");
    }
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  double lo = nan;
  double hi = nan;
  for (const BarSeries& s : series) {
    for (const Estimate& e : s.values) {
      for (double v : {e.value, e.low, e.high}) {
        if (!std::isfinite(v)) continue;
        lo = std::isnan(lo) ? std::min(v, 0.0) : std::min(lo, v);
        hi = std::isnan(hi) ? std::max(v, 0.0) : std::max(hi, v);
      }
    }
  }
  const Axis x_axis = make_axis(lo, hi, options.x_min, options.x_max, options.x_percent, false);

  const double width = chart_width(options);
  std::vector<std::string> names;
  for (const BarSeries& s : series) names.push_back(s.name);
  if (series.size() < 2) names.clear();

  // Category labels get up to 40% of the width; longer ones wrap at spaces onto as many lines
  // as they take, never cut.
  const auto max_label_chars = static_cast<std::size_t>(width * 0.4 / kCharWidth);
  std::vector<std::vector<std::string>> labels;
  std::size_t widest = 0;
  std::size_t most_lines = 1;
  for (const std::string& category : categories) {
    labels.push_back(wrapped_label(category, max_label_chars));
    for (const std::string& line : labels.back()) widest = std::max(widest, display_width(line));
    most_lines = std::max(most_lines, labels.back().size());
  }

  Frame frame;
  frame.left =
      14 + static_cast<double>(widest) * kCharWidth + (options.y_label.empty() ? 0 : kAxisLabelRow);
  frame.right = width - 24;
  frame.top = top_margin(options, legend_rows(names, frame.left, frame.right));
  const double legend_y = frame.top - legend_rows(names, frame.left, frame.right) * kLegendRow - 6;
  // A tall chart (many categories) repeats its axis above the bars, so it is in view wherever one
  // reads it.
  const bool axis_on_top = categories.size() > kTopAxisCategories;
  if (axis_on_top) frame.top += kTopAxisRow;
  const double bar_gap = 2;
  const double group_gap = 12;
  const double rows = static_cast<double>(std::max<std::size_t>(series.size(), 1));
  // Rows of repeated axis labels inside the plot (charts of natural height only).
  const std::size_t repeats = axis_on_top && options.height == 0 && !categories.empty()
                                  ? (categories.size() - 1) / kRepeatAxisEvery
                                  : 0;
  const double repeat_rows = static_cast<double>(repeats) * kTopAxisRow;
  double bar = 14;
  double height = 0;
  if (options.height == 0) {
    const double group =
        std::max(rows * (bar + bar_gap) - bar_gap + group_gap,
                 static_cast<double>(most_lines) * kLabelLineHeight + group_gap / 2);
    height = frame.top + std::max(1.0, static_cast<double>(categories.size())) * group +
             repeat_rows + bottom_margin(options);
  } else {
    height = chart_height(options);
    const double plot = height - bottom_margin(options) - frame.top;
    const double group = plot / std::max(1.0, static_cast<double>(categories.size()));
    bar = std::max(1.0, (group - group_gap + bar_gap) / rows - bar_gap);
  }
  frame.bottom = height - bottom_margin(options);
  const double group = (frame.bottom - frame.top - repeat_rows) /
                       std::max(1.0, static_cast<double>(categories.size()));
  const Scale sx{x_axis.lo, x_axis.hi, frame.left, frame.right};
  const double baseline = sx(std::clamp(0.0, x_axis.lo, x_axis.hi));

  std::string description = options.description;
  if (description.empty()) {
    description = "Horizontal bar chart";
    if (categories.empty() || series.empty()) description += " with no data";
    description += ".";
    for (std::size_t c = 0; c < categories.size(); ++c) {
      description += " " + categories[c] + ":";
      for (std::size_t s = 0; s < series.size(); ++s) {
        const Estimate& e = series[s].values[c];
        description += (s == 0 ? " " : ", ") + series[s].name + " " +
                       show_value(e.value, options.x_percent) +
                       show_interval(e.low, e.high, options.x_percent);
      }
      description += ".";
    }
  }

  SvgWriter svg(width, height, options.title, description);
  if (!names.empty()) svg.legend(names, legend_y, frame.left, frame.right);
  draw_x_axis(svg, x_axis, sx, frame, options.x_label);
  if (axis_on_top) {
    for (double tick : x_axis.ticks) {
      svg.line(sx(tick), frame.top - 5, sx(tick), frame.top, kAxisColour);
      svg.text(sx(tick), frame.top - 9, x_axis.label(tick), "middle");
    }
    svg.line(frame.left, frame.top, frame.right, frame.top, kAxisColour);
  }
  for (std::size_t c = 0; c < categories.size(); ++c) {
    const std::size_t repeats_above = axis_on_top ? std::min(repeats, c / kRepeatAxisEvery) : 0;
    const double group_top = frame.top + static_cast<double>(c) * group +
                             static_cast<double>(repeats_above) * kTopAxisRow;
    if (repeats_above > 0 && c % kRepeatAxisEvery == 0) {
      // The axis's labels again, in a row of their own above this category.
      const double row_bottom = group_top;
      for (double tick : x_axis.ticks)
        svg.text(sx(tick), row_bottom - 6, x_axis.label(tick), "middle");
    }
    const double bars_height = rows * (bar + bar_gap) - bar_gap;
    const double first = group_top + (group - bars_height) / 2;
    const double lines = static_cast<double>(labels[c].size());
    for (std::size_t k = 0; k < labels[c].size(); ++k)
      svg.text(
          frame.left - 8,
          group_top + group / 2 + 4 + (static_cast<double>(k) - (lines - 1) / 2) * kLabelLineHeight,
          labels[c][k], "end");
    for (std::size_t s = 0; s < series.size(); ++s) {
      const Estimate& e = series[s].values[c];
      const double y = first + static_cast<double>(s) * (bar + bar_gap);
      const std::string tip =
          categories[c] + (series[s].name.empty() ? "" : ", " + series[s].name) + ": " +
          show_value(e.value, options.x_percent) + show_interval(e.low, e.high, options.x_percent);
      if (std::isfinite(e.value)) {
        const double x = sx(e.value);
        svg.rect(std::min(x, baseline), y, std::fabs(x - baseline), bar, colour(s), tip);
      }
      if (std::isfinite(e.low) && std::isfinite(e.high)) {
        const double mid = y + bar / 2;
        const double cap = std::max(2.0, bar * 0.3);
        svg.line(sx(e.low), mid, sx(e.high), mid, kErrorColour, 1.5);
        svg.line(sx(e.low), mid - cap, sx(e.low), mid + cap, kErrorColour, 1.5);
        svg.line(sx(e.high), mid - cap, sx(e.high), mid + cap, kErrorColour, 1.5);
      }
    }
  }
  svg.line(frame.left, frame.top, frame.left, frame.bottom, kAxisColour);
  if (!options.y_label.empty())
    svg.vertical_text(16, (frame.top + frame.bottom) / 2, options.y_label);
  if (categories.empty() || series.empty()) draw_no_data(svg, frame);
  return svg.finish();
}

std::string svg_line_chart(const std::vector<LineSeries>& series, const ChartOptions& options) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  double x_lo = nan;
  double x_hi = nan;
  double y_lo = nan;
  double y_hi = nan;
  std::size_t drawn = 0;
  auto extend = [](double& lo, double& hi, double v) {
    if (!std::isfinite(v)) return;
    lo = std::isnan(lo) ? v : std::min(lo, v);
    hi = std::isnan(hi) ? v : std::max(hi, v);
  };
  for (const LineSeries& s : series) {
    for (const ChartPoint& p : s.points) {
      if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
      ++drawn;
      extend(x_lo, x_hi, p.x);
      extend(y_lo, y_hi, p.y);
      if (std::isfinite(p.low) && std::isfinite(p.high)) {
        extend(y_lo, y_hi, p.low);
        extend(y_lo, y_hi, p.high);
      }
    }
  }
  const Axis x_axis = make_axis(x_lo, x_hi, options.x_min, options.x_max, options.x_percent, false);
  const Axis y_axis = make_axis(y_lo, y_hi, options.y_min, options.y_max, options.y_percent, false);

  const double width = chart_width(options);
  const double height = chart_height(options);
  std::vector<std::string> names;
  for (const LineSeries& s : series) names.push_back(s.name);
  if (series.size() < 2) names.clear();

  Frame frame;
  frame.left = left_margin(options, y_axis);
  frame.right = width - 20;
  const int legend_row_count = legend_rows(names, frame.left, frame.right);
  frame.top = top_margin(options, legend_row_count);
  frame.bottom = height - bottom_margin(options);
  // Points stay 12 px inside the frame so end points and their error bars are not cut.
  const Scale sx{x_axis.lo, x_axis.hi, frame.left + 12, frame.right - 12};
  const Scale sy{y_axis.lo, y_axis.hi, frame.bottom, frame.top};

  std::string description = options.description;
  if (description.empty()) {
    description = "Line chart";
    if (drawn == 0) description += " with no data";
    description += ".";
    for (const LineSeries& s : series) {
      description += " " + (s.name.empty() ? std::string("Series") : s.name) + ":";
      bool first = true;
      for (const ChartPoint& p : s.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
        description += std::string(first ? " " : "; ") + show_value(p.x, options.x_percent) + ": " +
                       show_value(p.y, options.y_percent) +
                       show_interval(p.low, p.high, options.y_percent);
        first = false;
      }
      description += ".";
    }
  }

  SvgWriter svg(width, height, options.title, description);
  if (!names.empty()) {
    svg.legend(names, frame.top - legend_row_count * kLegendRow - 6, frame.left, frame.right);
  }
  draw_y_axis(svg, y_axis, sy, frame, options.y_label);
  draw_x_axis(svg, x_axis, sx, frame, options.x_label);
  const double centre = (static_cast<double>(series.size()) - 1) / 2;
  for (std::size_t s = 0; s < series.size(); ++s) {
    const double dodge = (static_cast<double>(s) - centre) * 4;
    std::vector<std::pair<double, double>> line;
    for (const ChartPoint& p : series[s].points) {
      if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
      line.emplace_back(sx(p.x) + dodge, sy(p.y));
    }
    svg.polyline(line, colour(s));
    for (const ChartPoint& p : series[s].points) {
      if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
      const double x = sx(p.x) + dodge;
      if (std::isfinite(p.low) && std::isfinite(p.high)) {
        svg.line(x, sy(p.low), x, sy(p.high), colour(s), 1.5);
        svg.line(x - 3, sy(p.low), x + 3, sy(p.low), colour(s), 1.5);
        svg.line(x - 3, sy(p.high), x + 3, sy(p.high), colour(s), 1.5);
      }
      const std::string tip = (series[s].name.empty() ? "" : series[s].name + ", ") +
                              (options.x_label.empty() ? "x" : options.x_label) + " " +
                              show_value(p.x, options.x_percent) + ": " +
                              show_value(p.y, options.y_percent) +
                              show_interval(p.low, p.high, options.y_percent);
      svg.circle(x, sy(p.y), 3.5, colour(s), tip);
    }
  }
  if (drawn == 0) draw_no_data(svg, frame);
  return svg.finish();
}

std::string_view series_colour(std::size_t series) {
  // Okabe and Ito's palette, told apart by readers with any colour vision.
  static constexpr std::string_view kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                  "#E69F00", "#56B4E9", "#000000", "#F0E442"};
  return kPalette[series % (sizeof kPalette / sizeof kPalette[0])];
}

}  // namespace mancala::reports
