// The text form of verify's results: per file a table of backends and counts, one line per failure naming
// file, tcId and backend, and a summary; for interop an algorithm x pair grid.
#include <algorithm>
#include <map>

#include "text_table.hpp"
#include "verify_report.hpp"

namespace ca::verify {
namespace {

// Reasons that differ only in their first number ("IV size 64 bits: ...", "IV size 128 bits: ...") print
// as one line listing the numbers; the JSON report keeps every reason apart.
void print_reasons(const ReasonCounts& reasons, const std::string& indent, std::ostream& out) {
  struct Line {
    std::string before, after;
    std::vector<long long> numbers;
    size_t tests = 0;
  };
  std::vector<Line> lines;
  for (const auto& [reason, n] : reasons.items) {
    const size_t start = reason.find_first_of("0123456789");
    Line key;
    if (start == std::string::npos) {
      key.before = reason;
    } else {
      const size_t end = reason.find_first_not_of("0123456789", start);
      key.before = reason.substr(0, start);
      key.after = end == std::string::npos ? "" : reason.substr(end);
      key.numbers.push_back(std::stoll(reason.substr(start, end - start)));
    }
    auto it = std::find_if(lines.begin(), lines.end(), [&](const Line& l) {
      return l.before == key.before && l.after == key.after && l.numbers.empty() == key.numbers.empty();
    });
    if (it == lines.end())
      it = lines.insert(lines.end(), key);
    else if (!key.numbers.empty() &&
             std::find(it->numbers.begin(), it->numbers.end(), key.numbers[0]) == it->numbers.end())
      it->numbers.push_back(key.numbers[0]);
    it->tests += n;
  }
  for (Line& l : lines) {
    std::sort(l.numbers.begin(), l.numbers.end());
    std::string numbers;
    for (size_t i = 0; i < l.numbers.size(); ++i) numbers += (i ? ", " : "") + std::to_string(l.numbers[i]);
    out << indent << l.tests << (l.tests == 1 ? " test: " : " tests: ") << l.before << numbers << l.after
        << '\n';
  }
}

std::string annotation(const TestOutcome& t) {
  std::string s;
  if (!t.comment.empty()) s += t.comment;
  if (!t.flags.empty()) {
    s += s.empty() ? "flags " : "; flags ";
    for (size_t i = 0; i < t.flags.size(); ++i) s += (i ? "," : "") + t.flags[i];
  }
  return s.empty() ? "" : " [" + s + "]";
}

std::string tc_list(const std::vector<const TestOutcome*>& v) {
  std::string s;
  for (const TestOutcome* t : v) s += (s.empty() ? "" : ", ") + std::to_string(t->tc_id);
  return s.empty() ? "none" : "tcId " + s;
}

// Libraries that do not offer the file's algorithm: one line (wrapped), the libraries grouped by reason.
void print_not_offered(const FileResult& f, std::ostream& out) {
  if (f.not_offered.empty()) return;
  std::vector<std::pair<std::string, std::string>> by_reason;  // reason -> "a, b"
  for (const auto& n : f.not_offered) {
    auto it = std::find_if(by_reason.begin(), by_reason.end(), [&](const auto& g) { return g.first == n.reason; });
    if (it == by_reason.end())
      by_reason.emplace_back(n.reason, n.backend);
    else
      it->second += ", " + n.backend;
  }
  std::string line = "not offered by ";
  for (size_t i = 0; i < by_reason.size(); ++i)
    line += (i == 0 ? "" : "; ") + by_reason[i].second + " (" + by_reason[i].first + ")";
  for (const std::string& part : wrap_text(line + ": no tally", 118, "  ", "    ")) out << part << '\n';
}

void print_file(const FileResult& f, bool verbose, std::ostream& out) {
  if (!f.error.empty()) {
    out << "ERROR " << f.error << '\n';
    return;
  }
  out << f.file << ": " << f.algorithm << ", " << f.tests << (f.tests == 1 ? " test" : " tests");
  if (f.backends.empty() && !f.not_offered.empty() && f.error.empty()) {
    out << '\n';
    print_not_offered(f, out);
    return;
  }
  if (f.backends.empty()) {
    if (f.skipped.items.size() == 1) {
      out << ", not run: " << f.skipped.items[0].first << '\n';
    } else {
      out << ", not run:\n";
      print_reasons(f.skipped, "    ", out);
    }
    return;
  }
  out << '\n';
  print_not_offered(f, out);
  if (!f.skipped.empty()) {
    const size_t n = f.skipped.total();
    out << "  not run on any backend: " << n << (n == 1 ? " test\n" : " tests\n");
    print_reasons(f.skipped, "    ", out);
  }
  // The backend column keeps two blanks more than its longest name (and is at least 9 wide).
  size_t name_width = 9;
  for (const auto& b : f.backends) name_width = std::max(name_width, b.backend.size() + 2);
  TextTable counts({{Align::Left, name_width},
                    {Align::Right},
                    {Align::Right},
                    {Align::Right},
                    {Align::Right},
                    {Align::Right}});
  counts.indent("  ");
  counts.add_row({"backend", "passed", "failed", "skipped", "acceptable", "deviations"});
  for (const auto& b : f.backends)
    counts.add_row({b.backend, std::to_string(b.passed), std::to_string(b.failed), std::to_string(b.skipped),
                    std::to_string(b.acceptable), std::to_string(b.deviations)});
  counts.print(out);
  for (const auto& b : f.backends) {
    ReasonCounts own;
    for (const auto& [reason, n] : b.skip_reasons.items)
      if (!f.skipped.contains(reason)) own.add(reason, n);
    if (!own.empty()) {
      out << "    " << b.backend << " skipped:\n";
      print_reasons(own, "      ", out);
    }
    if (b.acceptable > 0 && verbose) {
      std::vector<const TestOutcome*> yes, no;
      for (const auto& t : b.acceptable_outcomes) (t.accepted ? yes : no).push_back(&t);
      out << "    " << b.backend << " acceptable tests: accepted " << tc_list(yes) << "; rejected "
          << tc_list(no) << '\n';
    }
  }
  for (const auto& b : f.backends) {
    for (const auto& t : b.failures)
      out << "  FAIL " << f.file << " tcId " << t.tc_id << ' ' << b.backend << " ("
          << expected_name(t.expected) << "): " << t.detail << annotation(t) << '\n';
    if (!verbose) continue;
    for (const auto& t : b.deviation_outcomes)
      out << "  deviation (documented) " << f.file << " tcId " << t.tc_id << ' ' << b.backend << " ("
          << expected_name(t.expected) << "): " << t.detail << annotation(t) << '\n';
  }
}

// Shortest prefixes (at least 3 characters) that tell the backends apart, for narrow column headings.
std::map<std::string, std::string> abbreviations(const std::vector<std::string>& names) {
  std::map<std::string, std::string> out;
  for (const auto& n : names) {
    size_t len = std::min<size_t>(3, n.size());
    auto clashes = [&](size_t l) {
      return std::any_of(names.begin(), names.end(),
                         [&](const std::string& m) { return m != n && m.substr(0, l) == n.substr(0, l); });
    };
    while (len < n.size() && clashes(len)) ++len;
    out[n] = n.substr(0, len);
  }
  return out;
}

}  // namespace

void write_vector_table(const VectorReportInput& in, std::ostream& out) {
  out << "Wycheproof vectors: " << in.vectors << " (" << in.run.files.size()
      << (in.run.files.size() == 1 ? " file)\n" : " files)\n");
  out << "Backends:";
  for (const auto& b : in.backends) out << ' ' << b.name << " (" << b.library << ' ' << b.version << ')';
  out << (in.backends.empty() ? " none\n\n" : "\n\n");

  size_t run_files = 0;
  for (const FileResult& f : in.run.files) {
    print_file(f, in.verbose, out);
    if (!f.backends.empty()) ++run_files;
  }
  const auto [passed, failed, skipped, acceptable, deviations] = vector_totals(in.run);
  const size_t errors = in.run.file_errors();
  out << "\nSummary: " << in.run.files.size() << (in.run.files.size() == 1 ? " file, " : " files, ")
      << run_files << " run on a backend, " << in.run.files.size() - run_files - errors << " not run, "
      << errors << " malformed\n";
  out << "Tests x backends: passed " << passed << ", failed " << failed << ", skipped " << skipped
      << ", acceptable " << acceptable << ", deviations (documented) " << deviations << '\n';
  if (!in.verbose && acceptable + deviations > 0)
    out << "The tcIds of the acceptable tests and documented deviations: verify -v, or --format json\n";
  if (in.run.ok())
    out << "Result: OK\n";
  else if (failed == 0 && errors == 0)
    out << "Result: NOTHING RUN (no test of these files could be run on any backend)\n";
  else
    out << "Result: FAILED (" << failed << (failed == 1 ? " failure, " : " failures, ") << errors
        << (errors == 1 ? " malformed file)\n" : " malformed files)\n");
}

void write_interop_table(const InteropReportInput& in, std::ostream& out) {
  const auto abbr = abbreviations(in.run.backends);
  // Columns: the ordered pairs that occur, in backend order.
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& a : in.run.backends)
    for (const auto& b : in.run.backends) {
      if (a == b) continue;
      bool used = std::any_of(in.run.checks.begin(), in.run.checks.end(),
                              [&](const InteropCheck& c) { return c.from == a && c.to == b; });
      if (used) pairs.emplace_back(a, b);
    }
  out << "Interop: A produces, B consumes (encrypt/decrypt, sign/verify, same digest or tag)\n";
  out << "Backends:";
  for (const auto& b : in.backends)
    out << ' ' << abbr.at(b.name) << " = " << b.name << " (" << b.library << ' ' << b.version << ')';
  out << "\n\n";

  // Rows: algorithm and key size, in the order checked.
  std::vector<std::pair<std::string, uint32_t>> rows;
  for (const auto& c : in.run.checks)
    if (rows.empty() || rows.back() != std::pair{c.algorithm, c.key_bits})
      rows.emplace_back(c.algorithm, c.key_bits);
  // The first column is as wide as "NAME BITS" would be for every row, even those printed without a key size,
  // and at least 8; the pair columns are as wide as the widest heading, and at least 3.
  size_t first = 8;
  for (const auto& [name, bits] : rows)
    first = std::max(first, name.size() + 1 + std::to_string(bits).size());
  std::vector<std::string> headings;
  size_t col = 3;
  for (const auto& [a, b] : pairs) {
    headings.push_back(abbr.at(a) + ">" + abbr.at(b));
    col = std::max(col, headings.back().size());
  }
  std::vector<TableColumn> columns{{Align::Left, first}};
  columns.resize(1 + pairs.size(), {Align::Left, col});
  TextTable grid(std::move(columns));
  headings.insert(headings.begin(), "algorithm");
  grid.add_row(std::move(headings));
  for (const auto& [name, bits] : rows) {
    std::vector<std::string> cells{name + (bits ? " " + std::to_string(bits) : "")};
    for (const auto& [a, b] : pairs) {
      // Init-captures: clang 14 (the fuzzing build) cannot capture structured bindings directly.
      auto it = std::find_if(in.run.checks.begin(), in.run.checks.end(),
                             [&name = name, bits = bits, &a = a, &b = b](const InteropCheck& c) {
                               return c.algorithm == name && c.key_bits == bits && c.from == a && c.to == b;
                             });
      cells.push_back(it == in.run.checks.end() ? "-" : it->ok ? "ok" : "FAIL");
    }
    grid.add_row(std::move(cells));
  }
  grid.print(out);
  out << "('-': not offered by both backends of the pair; the number after a name is the key size in bits)\n";
  for (const auto& c : in.run.checks)
    if (!c.ok)
      out << "FAIL " << c.algorithm << (c.key_bits ? " " + std::to_string(c.key_bits) : "") << ' ' << c.from
          << " -> " << c.to << ": " << c.detail << '\n';
  const size_t failures = in.run.failures();
  out << "\nSummary: " << rows.size() << " algorithm/key sizes, " << in.run.checks.size() << " checks, "
      << failures << (failures == 1 ? " failure\n" : " failures\n");
  out << (failures == 0 ? "Result: OK\n" : "Result: FAILED\n");
}

}  // namespace ca::verify
