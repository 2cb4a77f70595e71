// Inline SVG charts for the HTML report, as small pure functions: scales, tick choice, escaping, and two
// chart shapes (grouped bars with confidence-interval whiskers; lines over a log-scale x axis). Each
// function maps plain values to text and reads nothing else, so each is unit-tested on its own.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ca::svg {

/// The CSS the charts are drawn with (sizes of titles, ticks, values and legends; lines and whiskers): every
/// page that holds a chart puts it in its <style>, since the layout (legend wrapping, label fits) assumes it.
inline constexpr const char* kChartStyle = R"(svg.chart { max-width: 100%; height: auto; font-size: 12px; }
svg .chart-title { font-size: 14px; font-weight: 600; }
svg .grid { stroke: #e4e4e4; } svg .axis { stroke: #555; }
svg .whisker { stroke: #222; stroke-width: 1.4; fill: none; }
svg .line { stroke-width: 2; }
svg .value { font-size: 10px; fill: #333; }
svg .axis-label { font-size: 11px; }
svg .tick, svg .legend text { fill: #333; }
)";

/// Escapes the five characters XML and HTML give meaning to (& < > " '), for text and attribute values.
std::string escape(std::string_view text);

/// Maps [domain_lo, domain_hi] linearly onto [range_lo, range_hi] (a range may run backwards, as SVG's y
/// axis does). A degenerate domain maps everything to range_lo.
struct LinearScale {
  double domain_lo, domain_hi, range_lo, range_hi;
  double operator()(double v) const;
};

/// Maps [domain_lo, domain_hi] (both > 0) onto the range in proportion to the logarithm.
struct LogScale {
  double domain_lo, domain_hi, range_lo, range_hi;
  double operator()(double v) const;
};

/// A chart's y axis: linear, or logarithmic (domain > 0) when the values span more than 10x.
struct YScale {
  bool log = false;
  double domain_lo, domain_hi, range_lo, range_hi;
  double operator()(double v) const;
};

/// Ticks of a log-scale axis covering [lo, hi] (both > 0): whole powers of ten from the largest <= lo to
/// the smallest >= hi; when they span at most two decades, 2x and 5x within each decade too.
std::vector<double> log_ticks(double lo, double hi);

/// Evenly spaced "nice" ticks (steps of 1, 2 or 5 times a power of ten) with at most max_ticks + 1 values,
/// the first <= lo and the last >= hi, so the axis covers the data. lo == hi still gives two ticks.
std::vector<double> nice_ticks(double lo, double hi, int max_ticks);

/// Powers of two from the largest <= lo to the smallest >= hi (lo, hi > 0), every k-th power so that at
/// most max_ticks + 1 remain: for a log-scale axis of data sizes.
std::vector<double> log2_ticks(double lo, double hi, int max_ticks);

/// A short tick label: "0", "250", "1.5", "12k", "3.2M" (%.3g below 10 000, then k/M/G).
std::string tick_label(double v);

/// One series colour from a fixed palette of 8 (Okabe-Ito's 8, readable with the common colour-vision
/// deficiencies, yellow darkened for white paper), cycling.
std::string_view series_color(size_t index);
inline constexpr size_t kPaletteSize = 8;

/// The marker shape of a series, so that colour and shape together tell 64 series apart even where
/// colours are hard to tell apart: shape (index + index / 8) % 8, so the pair (colour, shape) of index i
/// is unique for i < 64.
size_t series_marker(size_t index);
inline constexpr size_t kMarkerCount = 8;
/// "circle", "square", "triangle-up", "diamond", "triangle-down", "plus", "cross", "star".
std::string_view marker_name(size_t shape);
/// One marker as an SVG element centred on (cx, cy), radius r, filled with `fill`.
std::string marker(size_t shape, double cx, double cy, double r, std::string_view fill);
/// Black or white, whichever reads better on the series colour (for markers and labels drawn on it).
std::string_view contrast_color(size_t index);

/// A bar: one series (a library) in one group (a data size), with its CI as a whisker (at the level the
/// report names).
struct Bar {
  size_t series = 0;  // index into the chart's series names (and colours)
  double value = 0, low = 0, high = 0;
  std::string tooltip;  // becomes the bar's <title>
};
struct BarGroup {
  std::string label;  // x-axis label under the group
  std::vector<Bar> bars;
};
struct BarChart {
  std::string title;  // also the SVG's aria-label
  std::string x_label, y_label;
  std::vector<std::string> series;
  std::vector<size_t> colors;  // palette index per series, so a library keeps its colour; default: position
  std::vector<BarGroup> groups;
};
/// One <svg> element: y axis (from 0 with nice ticks, or log-scale where values span more than 10x), bars
/// side by side per group with their series' marker near the top, whiskers, value labels where they fit
/// (above the bar, else turned upright inside it, else left out: labels never overlap), a legend that
/// wraps.
std::string bar_chart(const BarChart& chart);

struct Point {
  double x = 0, y = 0, low = 0, high = 0;
  std::string tooltip;
};
struct Line {
  size_t series = 0;
  std::vector<Point> points;  // sorted by x
};
struct LineChart {
  std::string title;
  std::string x_label, y_label;
  std::vector<std::string> series;
  std::vector<size_t> colors;  // as BarChart::colors
  std::vector<Line> lines;
  std::function<std::string(double)> x_tick_label;  // e.g. a data size printer
};
/// One <svg> element: log2-scale x axis, y axis as bar_chart's, one polyline, markers and CI whiskers per
/// series.
std::string line_chart(const LineChart& chart);

}  // namespace ca::svg
