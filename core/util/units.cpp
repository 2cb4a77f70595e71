#include "util/units.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
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

std::string format_significant(double value, int digits) {
  if (value == 0.0 || !std::isfinite(value)) return value == 0.0 ? "0.0" : std::to_string(value);
  // Decimals so that `digits` significant digits show; one fewer when rounding carries into a new digit
  // (9.996 -> "10.0", not "10.00").
  auto decimals_for = [&](double v) {
    return std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(std::fabs(v)))));
  };
  int decimals = decimals_for(value);
  const double scale = std::pow(10.0, decimals);
  const double rounded = std::round(value * scale) / scale;
  if (rounded != 0.0) decimals = std::min(decimals, decimals_for(rounded));
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

std::string format_delta(double ns, TimeUnit u) {
  return format_significant(from_ns(ns, u)) + std::string(unit_name(u));
}

TimeUnit readable_unit(std::vector<double> ns) {
  std::erase_if(ns, [](double v) { return !(v > 0); });
  if (ns.empty()) return TimeUnit::Ns;
  std::nth_element(ns.begin(), ns.begin() + static_cast<std::ptrdiff_t>(ns.size() / 2), ns.end());
  const double typical = ns[ns.size() / 2];
  for (TimeUnit u : {TimeUnit::S, TimeUnit::Ms, TimeUnit::Us})
    if (from_ns(typical, u) >= 1) return u;
  return TimeUnit::Ns;
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
