#include "svg_chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace ca::svg {
namespace {

// Layout of every chart, in SVG user units; the HTML scales the whole drawing to the page width. The
// height grows by one legend row (kLegendRow) per row the legend needs beyond the first.
constexpr double kWidth = 720;
constexpr double kLeft = 78, kRight = 20, kTop = 46;  // room above the plot for a value label under the title
constexpr double kPlotW = kWidth - kLeft - kRight, kPlotH = 216;
constexpr double kLegendTop = kTop + kPlotH + 62;  // baseline of the legend's first row
constexpr double kLegendRow = 20;
// Estimated text widths, generous for the sans-serif fonts browsers pick (about 0.55 em per character):
// used to wrap the legend and to decide whether a value label fits its bar.
constexpr double kLegendCharW = 7.2;  // 12px legend text
constexpr double kValueCharW = 6.0;   // 10px value labels
constexpr double kValueFont = 10;

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

bool finite_positive_span(double low, double high) {
  return std::isfinite(low) && std::isfinite(high) && low < high;
}

std::string svg_open(const std::string& title, double height) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 " + num(kWidth) + " " +
         num(height) + "\" width=\"" + num(kWidth) + "\" height=\"" + num(height) +
         "\" role=\"img\" aria-label=\"" + escape(title) + "\">\n<title>" + escape(title) + "</title>\n" +
         "<text class=\"chart-title\" x=\"" + num(kWidth / 2) + "\" y=\"22\" text-anchor=\"middle\">" +
         escape(title) + "</text>\n";
}

// Horizontal grid lines with their labels, and the rotated y-axis label.
std::string y_axis(const std::vector<double>& ticks, const YScale& y, const std::string& label) {
  std::string s;
  for (double t : ticks) {
    const std::string py = num(y(t));
    s += "<line class=\"grid\" x1=\"" + num(kLeft) + "\" x2=\"" + num(kLeft + kPlotW) + "\" y1=\"" + py +
         "\" y2=\"" + py + "\"/>\n";
    s += "<text class=\"tick\" x=\"" + num(kLeft - 6) + "\" y=\"" + py +
         "\" text-anchor=\"end\" dominant-baseline=\"middle\">" + escape(tick_label(t)) + "</text>\n";
  }
  s += "<text class=\"axis-label\" transform=\"translate(16 " + num(kTop + kPlotH / 2) +
       ") rotate(-90)\" text-anchor=\"middle\">" + escape(y.log ? label + ", log scale" : label) +
       "</text>\n";
  s += "<line class=\"axis\" x1=\"" + num(kLeft) + "\" x2=\"" + num(kLeft) + "\" y1=\"" + num(kTop) +
       "\" y2=\"" + num(kTop + kPlotH) + "\"/>\n";
  s += "<line class=\"axis\" x1=\"" + num(kLeft) + "\" x2=\"" + num(kLeft + kPlotW) + "\" y1=\"" +
       num(kTop + kPlotH) + "\" y2=\"" + num(kTop + kPlotH) + "\"/>\n";
  return s;
}

// A vertical confidence-interval whisker with caps, from low to high (in data units).
std::string whisker(double x, double low, double high, const YScale& y) {
  if (!finite_positive_span(low, high) || (y.log && !(low > 0))) return "";
  const std::string lo = num(y(low)), hi = num(y(high));
  return "<path class=\"whisker\" d=\"M" + num(x) + " " + lo + "V" + hi + "M" + num(x - 4) + " " + hi + "H" +
         num(x + 4) + "M" + num(x - 4) + " " + lo + "H" + num(x + 4) + "\"/>\n";
}

std::string x_axis_label(const std::string& label) {
  return "<text class=\"axis-label\" x=\"" + num(kLeft + kPlotW / 2) + "\" y=\"" + num(kTop + kPlotH + 40) +
         "\" text-anchor=\"middle\">" + escape(label) + "</text>\n";
}

struct LegendEntry {
  double x, y;  // swatch's left edge, row baseline
};
// Places the entries left to right, wrapping to a new row before one would cross the right margin.
std::vector<LegendEntry> legend_layout(const std::vector<std::string>& series) {
  std::vector<LegendEntry> at;
  double x = kLeft, y = kLegendTop;
  for (const auto& name : series) {
    const double w = 16 + kLegendCharW * static_cast<double>(name.size()) + 18;
    if (x > kLeft && x + w - 18 > kWidth - kRight) {
      x = kLeft;
      y += kLegendRow;
    }
    at.push_back({x, y});
    x += w;
  }
  return at;
}

double chart_height(const std::vector<std::string>& series) {
  const auto at = legend_layout(series);
  return (at.empty() ? kLegendTop : at.back().y) + 16;
}

std::string legend(const std::vector<std::string>& series, const std::vector<size_t>& colors) {
  std::string s = "<g class=\"legend\">\n";
  const auto at = legend_layout(series);
  for (size_t i = 0; i < series.size(); ++i) {
    const auto [x, y] = at[i];
    s += "<g class=\"legend-entry\" data-color=\"" + std::string(series_color(colors[i])) +
         "\" data-marker=\"" + std::string(marker_name(series_marker(colors[i]))) + "\">\n";
    s += "<rect x=\"" + num(x) + "\" y=\"" + num(y - 10) + "\" width=\"14\" height=\"14\" fill=\"" +
         std::string(series_color(colors[i])) + "\"/>\n";
    s += marker(series_marker(colors[i]), x + 7, y - 3, 4.5, contrast_color(colors[i]));
    s += "<text x=\"" + num(x + 18) + "\" y=\"" + num(y + 1) + "\">" + escape(series[i]) + "</text>\n</g>\n";
  }
  return s + "</g>\n";
}

std::vector<size_t> colors_of(const std::vector<std::string>& series, const std::vector<size_t>& given) {
  std::vector<size_t> colors = given;
  for (size_t i = colors.size(); i < series.size(); ++i) colors.push_back(i);
  return colors;
}

// The y axis of both chart shapes: linear from 0 to a nice value above the largest whisker end, or, when
// the values span more than 10x, logarithmic over whole decades (so small sizes are not flattened).
YScale y_scale(double min_value, double max_value, std::vector<double>& ticks) {
  if (!(max_value > 0) || !std::isfinite(max_value)) max_value = 1;
  if (min_value > 0 && std::isfinite(min_value) && max_value / min_value > 10) {
    ticks = log_ticks(min_value, max_value);
    return {true, ticks.front(), ticks.back(), kTop + kPlotH, kTop};
  }
  ticks = nice_ticks(0, max_value, 5);
  return {false, ticks.front(), ticks.back(), kTop + kPlotH, kTop};
}

double top_of(double value, double high) {
  double m = std::isfinite(value) ? value : 0;
  if (std::isfinite(high)) m = std::max(m, high);
  return m;
}

}  // namespace

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

double LinearScale::operator()(double v) const {
  if (domain_hi == domain_lo) return range_lo;
  return range_lo + (v - domain_lo) / (domain_hi - domain_lo) * (range_hi - range_lo);
}

double YScale::operator()(double v) const {
  if (!log) return LinearScale{domain_lo, domain_hi, range_lo, range_hi}(v);
  return LogScale{domain_lo, domain_hi, range_lo, range_hi}(std::max(v, domain_lo));
}

std::vector<double> log_ticks(double lo, double hi) {
  if (!(lo > 0) || !(hi > 0) || !std::isfinite(lo) || !std::isfinite(hi)) return {1, 10};
  if (hi < lo) std::swap(lo, hi);
  const int e0 = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
  int e1 = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
  if (e1 == e0) ++e1;
  std::vector<double> ticks;
  for (int e = e0; e <= e1; ++e) {
    const double decade = std::pow(10.0, e);
    ticks.push_back(decade);
    if (e1 - e0 <= 2 && e < e1) {
      ticks.push_back(2 * decade);
      ticks.push_back(5 * decade);
    }
  }
  return ticks;
}

double LogScale::operator()(double v) const {
  if (!(domain_lo > 0) || !(domain_hi > domain_lo) || !(v > 0)) return range_lo;
  return range_lo + std::log(v / domain_lo) / std::log(domain_hi / domain_lo) * (range_hi - range_lo);
}

std::vector<double> nice_ticks(double lo, double hi, int max_ticks) {
  if (max_ticks < 1) max_ticks = 1;
  if (!std::isfinite(lo) || !std::isfinite(hi)) return {0, 1};
  if (hi < lo) std::swap(lo, hi);
  if (hi == lo) hi = lo == 0 ? 1 : lo + std::fabs(lo) * 0.1;
  const double raw = (hi - lo) / max_ticks;
  double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  static constexpr std::array<double, 3> kSteps{1, 2, 5};
  for (size_t i = 0;; ++i) {
    const double step = kSteps[i % 3] * magnitude * std::pow(10.0, static_cast<double>(i / 3));
    if (step < raw * (1 - 1e-12)) continue;
    const double first = std::floor(lo / step + 1e-9), last = std::ceil(hi / step - 1e-9);
    if (last - first > max_ticks) continue;
    std::vector<double> ticks;
    for (double k = first; k <= last; ++k) ticks.push_back(k * step == 0 ? 0.0 : k * step);
    return ticks;
  }
}

std::vector<double> log2_ticks(double lo, double hi, int max_ticks) {
  if (!(lo > 0) || !(hi > 0)) return {1, 2};
  if (hi < lo) std::swap(lo, hi);
  if (max_ticks < 1) max_ticks = 1;
  const int e0 = static_cast<int>(std::floor(std::log2(lo)));
  int e1 = static_cast<int>(std::ceil(std::log2(hi)));
  if (e1 == e0) ++e1;
  const int every = (e1 - e0 + max_ticks - 1) / max_ticks;
  std::vector<double> ticks;
  for (int e = e0;; e += every) {
    ticks.push_back(std::ldexp(1.0, e));
    if (e >= e1) break;
  }
  return ticks;
}

std::string tick_label(double v) {
  char buf[32];
  const double a = std::fabs(v);
  if (v == 0) return "0";
  if (a >= 1e9)
    std::snprintf(buf, sizeof buf, "%.3gG", v / 1e9);
  else if (a >= 1e6)
    std::snprintf(buf, sizeof buf, "%.3gM", v / 1e6);
  else if (a >= 1e4)
    std::snprintf(buf, sizeof buf, "%.3gk", v / 1e3);
  else if (a >= 1000)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// Okabe & Ito (2008), "Color Universal Design": distinguishable with the common colour-vision deficiencies.
// Their yellow (#F0E442) is darkened so bars and lines stand out on white.
constexpr std::array<std::string_view, kPaletteSize> kPalette{"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                                              "#D55E00", "#56B4E9", "#000000", "#C9B800"};
// Per palette entry: the marker and label colour that reads on it.
constexpr std::array<std::string_view, kPaletteSize> kOnPalette{"#fff", "#000", "#fff", "#000",
                                                                "#fff", "#000", "#fff", "#000"};

std::string_view series_color(size_t index) { return kPalette[index % kPalette.size()]; }

std::string_view contrast_color(size_t index) { return kOnPalette[index % kOnPalette.size()]; }

size_t series_marker(size_t index) { return (index + index / kPaletteSize) % kMarkerCount; }

std::string_view marker_name(size_t shape) {
  static constexpr std::array<std::string_view, kMarkerCount> kNames{
      "circle", "square", "triangle-up", "diamond", "triangle-down", "plus", "cross", "star"};
  return kNames[shape % kNames.size()];
}

std::string marker(size_t shape, double cx, double cy, double r, std::string_view fill) {
  const std::string f = "\" fill=\"" + std::string(fill) + "\"/>\n";
  auto polygon = [&](const std::vector<std::pair<double, double>>& unit_points, double rotate_deg) {
    const double a = rotate_deg * std::numbers::pi / 180;
    std::string points;
    for (auto [px, py] : unit_points) {
      const double x = px * std::cos(a) - py * std::sin(a), y = px * std::sin(a) + py * std::cos(a);
      points += (points.empty() ? "" : " ") + num(cx + r * x) + "," + num(cy + r * y);
    }
    return "<polygon class=\"marker\" points=\"" + points + f;
  };
  const std::vector<std::pair<double, double>> plus{
      {-0.35, -1}, {0.35, -1}, {0.35, -0.35}, {1, -0.35}, {1, 0.35},   {0.35, 0.35},
      {0.35, 1},   {-0.35, 1}, {-0.35, 0.35}, {-1, 0.35}, {-1, -0.35}, {-0.35, -0.35}};
  switch (shape % kMarkerCount) {
    case 0:
      return "<circle class=\"marker\" cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + f;
    case 1:
      return "<rect class=\"marker\" x=\"" + num(cx - 0.85 * r) + "\" y=\"" + num(cy - 0.85 * r) +
             "\" width=\"" + num(1.7 * r) + "\" height=\"" + num(1.7 * r) + f;
    case 2:
      return polygon({{0, -1.1}, {1, 0.8}, {-1, 0.8}}, 0);
    case 3:
      return polygon({{0, -1.15}, {1.15, 0}, {0, 1.15}, {-1.15, 0}}, 0);
    case 4:
      return polygon({{0, 1.1}, {1, -0.8}, {-1, -0.8}}, 0);
    case 5:
      return polygon(plus, 0);
    case 6:
      return polygon(plus, 45);
    default: {
      std::vector<std::pair<double, double>> star;
      for (int k = 0; k < 10; ++k) {
        const double a = -std::numbers::pi / 2 + k * std::numbers::pi / 5, rr = k % 2 ? 0.45 : 1.15;
        star.emplace_back(rr * std::cos(a), rr * std::sin(a));
      }
      return polygon(star, 0);
    }
  }
}

std::string bar_chart(const BarChart& chart) {
  const std::vector<size_t> colors = colors_of(chart.series, chart.colors);
  double max_value = 0, min_value = INFINITY;
  for (const auto& g : chart.groups)
    for (const auto& b : g.bars) {
      max_value = std::max(max_value, top_of(b.value, b.high));
      if (b.value > 0 && std::isfinite(b.value)) min_value = std::min(min_value, b.value);
      if (b.low > 0 && std::isfinite(b.low)) min_value = std::min(min_value, b.low);
    }
  std::vector<double> ticks;
  const YScale y = y_scale(min_value, max_value, ticks);

  std::string s = svg_open(chart.title, chart_height(chart.series)) + y_axis(ticks, y, chart.y_label);
  const size_t n_groups = std::max<size_t>(chart.groups.size(), 1);
  const size_t n_series = std::max<size_t>(chart.series.size(), 1);
  const double group_w = kPlotW / static_cast<double>(n_groups);
  const double bar_w = std::min(56.0, group_w * 0.8 / static_cast<double>(n_series));
  const double bottom = kTop + kPlotH;
  for (size_t gi = 0; gi < chart.groups.size(); ++gi) {
    const auto& g = chart.groups[gi];
    const double center = kLeft + group_w * (static_cast<double>(gi) + 0.5);
    const double start = center - bar_w * static_cast<double>(n_series) / 2;
    s += "<g class=\"group\">\n";
    for (const auto& b : g.bars) {
      if (!std::isfinite(b.value) || b.series >= chart.series.size()) continue;
      const double x = start + bar_w * static_cast<double>(b.series), mid = x + bar_w / 2;
      const double top = y(std::max(b.value, y.log ? y.domain_lo : 0.0));
      const size_t color = colors[b.series];
      s += "<rect class=\"bar\" x=\"" + num(x + 1) + "\" y=\"" + num(top) + "\" width=\"" + num(bar_w - 2) +
           "\" height=\"" + num(bottom - top) + "\" fill=\"" + std::string(series_color(color)) +
           "\"><title>" + escape(b.tooltip) + "</title></rect>\n";
      // The series' marker near the top of the bar, where the bar is wide and tall enough to hold it, so a
      // bar tells its library by shape as well as by colour.
      const double marker_r = std::min(4.0, (bar_w - 2) / 2 - 1);
      const bool has_marker = marker_r >= 2.5 && bottom - top >= 2 * marker_r + 4;
      if (has_marker)
        s += marker(series_marker(color), mid, top + marker_r + 2, marker_r, contrast_color(color));
      s += whisker(mid, b.low, b.high, y);
      // The value: above the bar when it fits the bar's width; else upright inside the bar when the bar is
      // tall enough; else left out (the tooltip and the tables keep it). Labels so never overlap.
      const std::string label = tick_label(b.value);
      const double label_w = kValueCharW * static_cast<double>(label.size()) + 2;
      const double inside_from = top + (has_marker ? 2 * marker_r + 6 : 4);
      if (label_w <= bar_w) {
        s += "<text class=\"value\" x=\"" + num(mid) + "\" y=\"" + num(y(top_of(b.value, b.high)) - 4) +
             "\" text-anchor=\"middle\">" + escape(label) + "</text>\n";
      } else if (bar_w - 2 >= kValueFont + 1 && bottom - inside_from >= label_w + 2) {
        s += "<text class=\"value\" style=\"fill:" + std::string(contrast_color(color)) +
             "\" transform=\"translate(" + num(mid + kValueFont * 0.35) + " " + num(inside_from) +
             ") rotate(-90)\" text-anchor=\"end\">" + escape(label) + "</text>\n";
      }
    }
    s += "<text class=\"tick\" x=\"" + num(center) + "\" y=\"" + num(kTop + kPlotH + 18) +
         "\" text-anchor=\"middle\">" + escape(g.label) + "</text>\n</g>\n";
  }
  return s + x_axis_label(chart.x_label) + legend(chart.series, colors) + "</svg>\n";
}

std::string line_chart(const LineChart& chart) {
  const std::vector<size_t> colors = colors_of(chart.series, chart.colors);
  double x_lo = INFINITY, x_hi = 0, max_value = 0, min_value = INFINITY;
  for (const auto& l : chart.lines)
    for (const auto& p : l.points) {
      if (!(p.x > 0)) continue;
      x_lo = std::min(x_lo, p.x);
      x_hi = std::max(x_hi, p.x);
      max_value = std::max(max_value, top_of(p.y, p.high));
      if (p.y > 0 && std::isfinite(p.y)) min_value = std::min(min_value, p.y);
      if (p.low > 0 && std::isfinite(p.low)) min_value = std::min(min_value, p.low);
    }
  if (!(x_hi > 0)) x_lo = x_hi = 1;
  // The sizes measured: the x ticks when they are few (a tick where nothing was measured suggests a value
  // there), and the neighbours a line may join.
  std::vector<double> measured;
  for (const auto& l : chart.lines)
    for (const auto& p : l.points)
      if (p.x > 0 && std::isfinite(p.y)) measured.push_back(p.x);
  std::sort(measured.begin(), measured.end());
  measured.erase(std::unique(measured.begin(), measured.end()), measured.end());
  const std::vector<double> x_ticks =
      measured.size() >= 2 && measured.size() <= 12 ? measured : log2_ticks(x_lo, x_hi, 8);
  const LogScale x{x_ticks.front(), x_ticks.back(), kLeft, kLeft + kPlotW};
  std::vector<double> ticks;
  const YScale y = y_scale(min_value, max_value, ticks);

  std::string s = svg_open(chart.title, chart_height(chart.series)) + y_axis(ticks, y, chart.y_label);
  for (double t : x_ticks)
    s += "<text class=\"tick\" x=\"" + num(x(t)) + "\" y=\"" + num(kTop + kPlotH + 18) +
         "\" text-anchor=\"middle\">" + escape(chart.x_tick_label ? chart.x_tick_label(t) : tick_label(t)) +
         "</text>\n";
  s += x_axis_label(chart.x_label);
  for (const auto& l : chart.lines) {
    if (l.series >= chart.series.size()) continue;
    const std::string color(series_color(colors[l.series]));
    const size_t shape = series_marker(colors[l.series]);
    // A line joins two points only when no size measured for another series lies between them: where this
    // series has no value, its line breaks.
    s += "<g class=\"series\">\n";
    std::string points;
    double previous = 0;
    auto flush = [&] {
      if (points.find(' ') != std::string::npos)
        s += "<polyline class=\"line\" fill=\"none\" stroke=\"" + color + "\" points=\"" + points + "\"/>\n";
      points.clear();
    };
    for (const auto& p : l.points) {
      if (!(p.x > 0) || !std::isfinite(p.y)) continue;
      const auto at = std::lower_bound(measured.begin(), measured.end(), p.x);
      if (previous > 0 && (at == measured.begin() || *(at - 1) != previous)) flush();
      points += (points.empty() ? "" : " ") + num(x(p.x)) + "," + num(y(p.y));
      previous = p.x;
    }
    flush();
    for (const auto& p : l.points) {
      if (!(p.x > 0) || !std::isfinite(p.y)) continue;
      s += whisker(x(p.x), p.low, p.high, y);
      s += "<g class=\"point\"><title>" + escape(p.tooltip) + "</title>" +
           marker(shape, x(p.x), y(p.y), 4.5, color) + "</g>\n";
    }
    s += "</g>\n";
  }
  return s + legend(chart.series, colors) + "</svg>\n";
}

}  // namespace ca::svg
