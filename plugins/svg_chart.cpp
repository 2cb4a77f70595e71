#include "svg_chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace ca::svg {
namespace {

// Layout of every chart, in SVG user units; the HTML scales the whole drawing to the page width.
constexpr double kWidth = 720, kHeight = 340;
constexpr double kLeft = 78, kRight = 20, kTop = 40, kBottom = 78;
constexpr double kPlotW = kWidth - kLeft - kRight, kPlotH = kHeight - kTop - kBottom;

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

bool finite_positive_span(double low, double high) {
  return std::isfinite(low) && std::isfinite(high) && low < high;
}

std::string svg_open(const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 " + num(kWidth) + " " +
         num(kHeight) + "\" width=\"" + num(kWidth) + "\" height=\"" + num(kHeight) +
         "\" role=\"img\" aria-label=\"" + escape(title) + "\">\n<title>" + escape(title) + "</title>\n" +
         "<text class=\"chart-title\" x=\"" + num(kWidth / 2) + "\" y=\"22\" text-anchor=\"middle\">" +
         escape(title) + "</text>\n";
}

// Horizontal grid lines with their labels, and the rotated y-axis label.
std::string y_axis(const std::vector<double>& ticks, const LinearScale& y, const std::string& label) {
  std::string s;
  for (double t : ticks) {
    const std::string py = num(y(t));
    s += "<line class=\"grid\" x1=\"" + num(kLeft) + "\" x2=\"" + num(kLeft + kPlotW) + "\" y1=\"" + py +
         "\" y2=\"" + py + "\"/>\n";
    s += "<text class=\"tick\" x=\"" + num(kLeft - 6) + "\" y=\"" + py +
         "\" text-anchor=\"end\" dominant-baseline=\"middle\">" + escape(tick_label(t)) + "</text>\n";
  }
  s += "<text class=\"axis-label\" transform=\"translate(16 " + num(kTop + kPlotH / 2) +
       ") rotate(-90)\" text-anchor=\"middle\">" + escape(label) + "</text>\n";
  s += "<line class=\"axis\" x1=\"" + num(kLeft) + "\" x2=\"" + num(kLeft) + "\" y1=\"" + num(kTop) +
       "\" y2=\"" + num(kTop + kPlotH) + "\"/>\n";
  s += "<line class=\"axis\" x1=\"" + num(kLeft) + "\" x2=\"" + num(kLeft + kPlotW) + "\" y1=\"" +
       num(kTop + kPlotH) + "\" y2=\"" + num(kTop + kPlotH) + "\"/>\n";
  return s;
}

// A vertical confidence-interval whisker with caps, from low to high (in data units).
std::string whisker(double x, double low, double high, const LinearScale& y) {
  if (!finite_positive_span(low, high)) return "";
  const std::string lo = num(y(low)), hi = num(y(high));
  return "<path class=\"whisker\" d=\"M" + num(x) + " " + lo + "V" + hi + "M" + num(x - 4) + " " + hi + "H" +
         num(x + 4) + "M" + num(x - 4) + " " + lo + "H" + num(x + 4) + "\"/>\n";
}

std::string x_axis_label(const std::string& label) {
  return "<text class=\"axis-label\" x=\"" + num(kLeft + kPlotW / 2) + "\" y=\"" + num(kTop + kPlotH + 40) +
         "\" text-anchor=\"middle\">" + escape(label) + "</text>\n";
}

std::string legend(const std::vector<std::string>& series, const std::vector<size_t>& colors) {
  std::string s = "<g class=\"legend\">\n";
  double x = kLeft;
  const double y = kHeight - 16;
  for (size_t i = 0; i < series.size(); ++i) {
    s += "<rect x=\"" + num(x) + "\" y=\"" + num(y - 9) + "\" width=\"12\" height=\"12\" fill=\"" +
         std::string(series_color(colors[i])) + "\"/>\n";
    s += "<text x=\"" + num(x + 16) + "\" y=\"" + num(y + 1) + "\">" + escape(series[i]) + "</text>\n";
    x += 16 + 7.0 * static_cast<double>(series[i].size()) + 18;
  }
  return s + "</g>\n";
}

std::vector<size_t> colors_of(const std::vector<std::string>& series, const std::vector<size_t>& given) {
  std::vector<size_t> colors = given;
  for (size_t i = colors.size(); i < series.size(); ++i) colors.push_back(i);
  return colors;
}

// The y axis of both chart shapes: from 0 to a nice value above the largest whisker end.
LinearScale y_scale(double max_value, std::vector<double>& ticks) {
  if (!(max_value > 0) || !std::isfinite(max_value)) max_value = 1;
  ticks = nice_ticks(0, max_value, 5);
  return {ticks.front(), ticks.back(), kTop + kPlotH, kTop};
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

std::string_view series_color(size_t index) {
  // Okabe & Ito (2008), "Color Universal Design": distinguishable with the common colour-vision deficiencies.
  static constexpr std::array<std::string_view, 7> kPalette{"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                                            "#D55E00", "#56B4E9", "#000000"};
  return kPalette[index % kPalette.size()];
}

std::string bar_chart(const BarChart& chart) {
  const std::vector<size_t> colors = colors_of(chart.series, chart.colors);
  double max_value = 0;
  for (const auto& g : chart.groups)
    for (const auto& b : g.bars) max_value = std::max(max_value, top_of(b.value, b.high));
  std::vector<double> ticks;
  const LinearScale y = y_scale(max_value, ticks);

  std::string s = svg_open(chart.title) + y_axis(ticks, y, chart.y_label);
  const size_t n_groups = std::max<size_t>(chart.groups.size(), 1);
  const size_t n_series = std::max<size_t>(chart.series.size(), 1);
  const double group_w = kPlotW / static_cast<double>(n_groups);
  const double bar_w = std::min(56.0, group_w * 0.8 / static_cast<double>(n_series));
  for (size_t gi = 0; gi < chart.groups.size(); ++gi) {
    const auto& g = chart.groups[gi];
    const double center = kLeft + group_w * (static_cast<double>(gi) + 0.5);
    const double start = center - bar_w * static_cast<double>(n_series) / 2;
    s += "<g class=\"group\">\n";
    for (const auto& b : g.bars) {
      if (!std::isfinite(b.value) || b.series >= chart.series.size()) continue;
      const double x = start + bar_w * static_cast<double>(b.series);
      const double top = y(std::max(b.value, 0.0)), bottom = y(0);
      s += "<rect class=\"bar\" x=\"" + num(x + 1) + "\" y=\"" + num(top) + "\" width=\"" + num(bar_w - 2) +
           "\" height=\"" + num(bottom - top) + "\" fill=\"" + std::string(series_color(colors[b.series])) +
           "\"><title>" + escape(b.tooltip) + "</title></rect>\n";
      s += whisker(x + bar_w / 2, b.low, b.high, y);
      s += "<text class=\"value\" x=\"" + num(x + bar_w / 2) + "\" y=\"" +
           num(y(top_of(b.value, b.high)) - 4) + "\" text-anchor=\"middle\">" + escape(tick_label(b.value)) +
           "</text>\n";
    }
    s += "<text class=\"tick\" x=\"" + num(center) + "\" y=\"" + num(kTop + kPlotH + 18) +
         "\" text-anchor=\"middle\">" + escape(g.label) + "</text>\n</g>\n";
  }
  return s + x_axis_label(chart.x_label) + legend(chart.series, colors) + "</svg>\n";
}

std::string line_chart(const LineChart& chart) {
  const std::vector<size_t> colors = colors_of(chart.series, chart.colors);
  double x_lo = INFINITY, x_hi = 0, max_value = 0;
  for (const auto& l : chart.lines)
    for (const auto& p : l.points) {
      if (!(p.x > 0)) continue;
      x_lo = std::min(x_lo, p.x);
      x_hi = std::max(x_hi, p.x);
      max_value = std::max(max_value, top_of(p.y, p.high));
    }
  if (!(x_hi > 0)) x_lo = x_hi = 1;
  const std::vector<double> x_ticks = log2_ticks(x_lo, x_hi, 8);
  const LogScale x{x_ticks.front(), x_ticks.back(), kLeft, kLeft + kPlotW};
  std::vector<double> ticks;
  const LinearScale y = y_scale(max_value, ticks);

  std::string s = svg_open(chart.title) + y_axis(ticks, y, chart.y_label);
  for (double t : x_ticks)
    s += "<text class=\"tick\" x=\"" + num(x(t)) + "\" y=\"" + num(kTop + kPlotH + 18) +
         "\" text-anchor=\"middle\">" + escape(chart.x_tick_label ? chart.x_tick_label(t) : tick_label(t)) +
         "</text>\n";
  s += x_axis_label(chart.x_label);
  for (const auto& l : chart.lines) {
    if (l.series >= chart.series.size()) continue;
    const std::string color(series_color(colors[l.series]));
    std::string points;
    for (const auto& p : l.points)
      if (p.x > 0 && std::isfinite(p.y))
        points += (points.empty() ? "" : " ") + num(x(p.x)) + "," + num(y(p.y));
    s += "<g class=\"series\">\n<polyline class=\"line\" fill=\"none\" stroke=\"" + color + "\" points=\"" +
         points + "\"/>\n";
    for (const auto& p : l.points) {
      if (!(p.x > 0) || !std::isfinite(p.y)) continue;
      s += whisker(x(p.x), p.low, p.high, y);
      s += "<circle class=\"point\" cx=\"" + num(x(p.x)) + "\" cy=\"" + num(y(p.y)) + "\" r=\"3.5\" fill=\"" +
           color + "\"><title>" + escape(p.tooltip) + "</title></circle>\n";
    }
    s += "</g>\n";
  }
  return s + legend(chart.series, colors) + "</svg>\n";
}

}  // namespace ca::svg
