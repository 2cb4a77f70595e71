#include "util/units.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace ca {

std::optional<size_t> parse_size(std::string_view text) {
  size_t i = 0;
  uint64_t value = 0;
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return std::nullopt;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    uint64_t digit = static_cast<uint64_t>(text[i] - '0');
    if (value > (std::numeric_limits<uint64_t>::max() - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
    ++i;
  }
  std::string suffix;
  for (; i < text.size(); ++i) suffix += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
  uint64_t scale = 0;
  if (suffix.empty() || suffix == "B")
    scale = 1;
  else if (suffix == "KB" || suffix == "K" || suffix == "KIB")
    scale = 1024;
  else if (suffix == "MB" || suffix == "M" || suffix == "MIB")
    scale = 1024 * 1024;
  else
    return std::nullopt;
  if (value == 0 || value > std::numeric_limits<size_t>::max() / scale) return std::nullopt;
  return static_cast<size_t>(value * scale);
}

std::string format_size(size_t bytes) {
  auto render = [](double v, const char* suffix) {
    char buf[64];
    if (v == std::floor(v))
      std::snprintf(buf, sizeof buf, "%.0f%s", v, suffix);
    else
      std::snprintf(buf, sizeof buf, "%.2g%s", v, suffix);
    return std::string(buf);
  };
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024 / 4) == 0) return render(bytes / 1048576.0, "MB");
  if (bytes >= 1024 && bytes % 256 == 0) return render(bytes / 1024.0, "KB");
  return std::to_string(bytes) + "B";
}

std::optional<TimeUnit> parse_unit(std::string_view text) {
  std::string t;
  for (char c : text) t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "ns") return TimeUnit::Ns;
  if (t == "us") return TimeUnit::Us;
  if (t == "ms") return TimeUnit::Ms;
  if (t == "s") return TimeUnit::S;
  return std::nullopt;
}

std::string_view unit_name(TimeUnit u) {
  switch (u) {
    case TimeUnit::Ns:
      return "ns";
    case TimeUnit::Us:
      return "us";
    case TimeUnit::Ms:
      return "ms";
    case TimeUnit::S:
      return "s";
  }
  return "";
}

double from_ns(double ns, TimeUnit u) {
  switch (u) {
    case TimeUnit::Ns:
      return ns;
    case TimeUnit::Us:
      return ns / 1e3;
    case TimeUnit::Ms:
      return ns / 1e6;
    case TimeUnit::S:
      return ns / 1e9;
  }
  return ns;
}

std::string format_duration(double ns, TimeUnit u) {
  double v = from_ns(ns, u);
  char buf[64];
  // Three decimals as cryptauditor printed, widened to three significant digits for small values.
  int decimals = 3;
  if (v != 0.0) {
    double mag = std::fabs(v);
    while (decimals < 12 && mag < std::pow(10.0, 2 - decimals)) ++decimals;
  }
  std::snprintf(buf, sizeof buf, "%.*f%s", decimals, v, std::string(unit_name(u)).c_str());
  return buf;
}

TimeUnit readable_unit(const std::vector<double>& ns) {
  std::vector<double> v;
  for (double x : ns)
    if (std::isfinite(x) && x > 0) v.push_back(x);
  if (v.empty()) return TimeUnit::Ms;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  const double median = v[v.size() / 2];
  if (median >= 1e6) return TimeUnit::Ms;
  if (median >= 1e3) return TimeUnit::Us;
  return TimeUnit::Ns;
}

RateUnit readable_rate_unit(const std::vector<double>& bytes_per_s) {
  static constexpr RateUnit kUnits[] = {
      {1024.0 * 1024 * 1024, "GiB/s"}, {1024.0 * 1024, "MiB/s"}, {1024.0, "KiB/s"}, {1.0, "B/s"}};
  std::vector<double> v;
  for (double x : bytes_per_s)
    if (std::isfinite(x) && x > 0) v.push_back(x);
  if (v.empty()) return kUnits[1];
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  const double median = v[v.size() / 2];
  for (const RateUnit& u : kUnits)
    if (median >= u.bytes_per_s) return u;
  return kUnits[3];
}

std::string format_significant(double v, int digits) {
  char buf[64];
  if (!std::isfinite(v)) {
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
  }
  int decimals = 0;
  if (v != 0.0) {
    // Decimals so that `digits` significant digits show; an integer part longer than that stays whole.
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(v))));
    decimals = std::clamp(digits - 1 - magnitude, 0, 15);
    // Rounding can carry into the next power of ten (99.96 -> "100.0"): one decimal fewer then.
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    const double shown = std::fabs(std::strtod(buf, nullptr));
    if (decimals > 0 && shown >= std::pow(10.0, magnitude + 1)) --decimals;
  }
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string format_duration_3(double ns, TimeUnit u) {
  return format_significant(from_ns(ns, u), 3) + std::string(unit_name(u));
}

std::string format_delta(double ns, TimeUnit u) {
  // cryptauditor's "(+0.0ms)" for the fastest entry; else three significant digits.
  if (ns == 0.0) return "0.0" + std::string(unit_name(u));
  return format_significant(from_ns(ns, u), 3) + std::string(unit_name(u));
}

std::string python_float_repr(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  // The shortest round-trip digits, from to_chars in scientific form: "1.0222690105438232e+00".
  char sci[64];
  const auto res = std::to_chars(sci, sci + sizeof sci, value, std::chars_format::scientific);
  const std::string text(sci, res.ptr);
  const size_t e = text.find('e');
  const int exponent = std::stoi(text.substr(e + 1));
  std::string mantissa = text.substr(0, e);
  const bool negative = mantissa[0] == '-';
  if (negative) mantissa.erase(0, 1);
  std::string digits;
  for (char c : mantissa)
    if (c != '.') digits += c;
  std::string out;
  if (exponent < -4 || exponent >= 16) {
    // Python: 1e-05, 1.5e+16 (at least two exponent digits, a sign always).
    out = digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "");
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    out += exp;
  } else if (exponent < 0) {
    out = "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
  } else {
    const size_t point = static_cast<size_t>(exponent) + 1;
    if (digits.size() <= point)
      out = digits + std::string(point - digits.size(), '0') + ".0";
    else
      out = digits.substr(0, point) + "." + digits.substr(point);
  }
  return negative ? "-" + out : out;
}

}  // namespace ca
