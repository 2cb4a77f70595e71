// The HTML report's layout as a browser draws it (issue #15 item 7): headless Chromium renders the report
// with a small checking script added to a copy of it (the report itself has no script), which measures what
// was drawn and writes the findings into the DOM that --dump-dom prints. Checked: no two legend entries of
// a chart share colour and marker, no two texts of a chart overlap or leave it, no table is wider than the
// page and the page is no wider than the window; and the "Fastest per size" summary is there.
// Skips (with the reason) when Chromium is not installed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "plugins/report.hpp"
#include "plugins/scorecard_report.hpp"
#include "select/scorecard.hpp"
#include "tests/support/run_program.hpp"

namespace ca {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kChromium = "/usr/bin/chromium";

// Runs in the page after everything above it is laid out.
constexpr const char* kCheckScript = R"js(
<script>
(function () {
  const problems = [];
  const box = (e) => e.getBoundingClientRect();
  document.querySelectorAll('svg.chart').forEach((svg, i) => {
    const name = svg.getAttribute('aria-label');
    const seen = new Map();
    svg.querySelectorAll('.legend-entry').forEach((e) => {
      const swatch = e.querySelector('rect');
      const key = getComputedStyle(swatch).fill + ' / ' + e.getAttribute('data-marker');
      if (seen.has(key)) problems.push(name + ': legend entries "' + seen.get(key) + '" and "' + e.textContent.trim() + '" are both ' + key);
      seen.set(key, e.textContent.trim());
    });
    const frame = box(svg);
    const texts = Array.from(svg.querySelectorAll('text')).map((t) => [t.textContent, box(t)])
                       .filter(([, r]) => r.width > 0 && r.height > 0);
    for (const [t, r] of texts)
      if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5 || r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5)
        problems.push(name + ': "' + t + '" leaves the chart');
    for (let a = 0; a < texts.length; ++a)
      for (let b = a + 1; b < texts.length; ++b) {
        const [ta, ra] = texts[a], [tb, rb] = texts[b];
        const dx = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const dy = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (dx > 0.5 && dy > 0.5) problems.push(name + ': "' + ta + '" overlaps "' + tb + '"');
      }
  });
  document.querySelectorAll('table').forEach((t) => {
    if (t.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 || t.scrollWidth > t.clientWidth + 1)
      problems.push('a table is wider than the page: ' + t.rows[0].textContent.slice(0, 60));
  });
  const out = {
    problems: problems,
    page_width: document.documentElement.scrollWidth,
    window_width: window.innerWidth,
    charts: document.querySelectorAll('svg.chart').length,
    legend_entries: document.querySelectorAll('.legend-entry').length,
    summary_rows: document.querySelectorAll('#summary tr').length - 1,
  };
  const pre = document.createElement('pre');
  pre.id = 'layout-check';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
)js";

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Renders `html` at the window width and returns what the script found (or a "chromium" error field).
json check_layout(const std::string& html, int window_width, const std::string& tag) {
  const fs::path dir =
      fs::path(testing::TempDir()) / ("html_layout_" + tag + "_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string page = html;
  const size_t end = page.rfind("</body>");
  if (end == std::string::npos) return {{"chromium", "the report has no </body>"}};
  page.insert(end, kCheckScript);
  const fs::path file = dir / "page.html", dom = dir / "dom.html", log = dir / "chromium.log";
  std::ofstream(file, std::ios::binary) << page;
  const std::string browse = "timeout 120 " + std::string(kChromium) +
                             " --headless --no-sandbox --disable-gpu --disable-background-networking"
                             " --disable-component-update --disable-sync --no-first-run --hide-scrollbars"
                             " --window-size=" +
                             std::to_string(window_width) +
                             ",900 --user-data-dir=" + (dir / "profile").string() + " --dump-dom file://" +
                             file.string() + " >" + dom.string() + " 2>" + log.string();
  if (std::system(browse.c_str()) != 0) return {{"chromium", "chromium failed: " + read_file(log)}};
  const std::string rendered = read_file(dom);
  const std::string open = "<pre id=\"layout-check\">", close = "</pre>";
  const size_t at = rendered.find(open);
  if (at == std::string::npos) return {{"chromium", "no result in the DOM: " + rendered.substr(0, 500)}};
  std::string text = rendered.substr(at + open.size(), rendered.find(close, at) - at - open.size());
  for (auto [entity, c] : {std::pair{"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}})
    for (size_t p; (p = text.find(entity)) != std::string::npos;)
      text.replace(p, std::string(entity).size(), c);
  fs::remove_all(dir);
  return json::parse(text);
}

Record measured(const std::string& backend, const std::string& alg, uint32_t bits, const std::string& op,
                size_t bytes, double median) {
  Record r;
  r.backend = backend;
  r.algorithm = alg;
  r.key_bits = bits;
  r.operation = op;
  r.data_bytes = bytes;
  r.exact_rounds = true;
  r.rounds_requested = 100;
  for (double f : {-1.0, -0.5, 0.0, 0.0, 0.5, 1.0})
    r.measurement.sample_ns.push_back(median * (1 + f * 0.03));
  r.measurement.sample_ops.assign(r.measurement.sample_ns.size(), 10);
  r.measurement.timed_ops = 10 * r.measurement.sample_ns.size();
  r.summary = stats::summarize(r.measurement.sample_ns);
  return r;
}

// The issue's example: AES-GCM, ChaCha20-Poly1305 and SHA2-256 at 64B, 1KB and 16KB over the eight
// backends, with speeds as far apart as the real libraries' (wolfSSL's software AES ~40x slower).
std::string eight_backend_report() {
  const std::vector<std::pair<std::string, double>> backends{
      {"botan", 1.6},   {"cryptopp", 1.3}, {"gcrypt", 1.8},  {"libsodium", 1.1},
      {"mbedtls", 2.5}, {"nettle", 1.9},   {"openssl", 1.0}, {"wolfssl", 40.0}};
  std::vector<Record> rs;
  for (const auto& [backend, slow] : backends)
    for (size_t size : {64, 1024, 16384}) {
      const double bytes = static_cast<double>(size);
      rs.push_back(measured(backend, "AES-GCM", 256, "encrypt", size, (60 + 0.35 * bytes) * slow));
      rs.push_back(measured(backend, "AES-GCM", 256, "decrypt", size, (65 + 0.36 * bytes) * slow));
      const double chacha = backend == "wolfssl" ? 1.4 : slow;
      rs.push_back(measured(backend, "CHACHA20-POLY1305", 256, "encrypt", size, (90 + 0.9 * bytes) * chacha));
      rs.push_back(measured(backend, "CHACHA20-POLY1305", 256, "decrypt", size, (95 + 0.9 * bytes) * chacha));
      rs.push_back(measured(backend, "SHA2-256", 0, "hash", size, (120 + 2.1 * bytes) * std::sqrt(slow)));
    }
  Environment env;
  env.cpu_model = "Test CPU";
  env.logical_cpus = 2;
  for (const auto& [backend, _] : backends) env.backends.push_back({backend, backend, "1.0", "", ""});
  ReportSettings settings;
  std::ostringstream out;
  make_reporter("html")->write({rs, env, settings}, out);
  return out.str();
}

void expect_clean(const json& found, int window_width) {
  ASSERT_FALSE(found.contains("chromium")) << found["chromium"].get<std::string>();
  EXPECT_EQ(found["problems"], json::array()) << found["problems"].dump(1);
  EXPECT_LE(found["page_width"].get<int>(), window_width) << "the page scrolls sideways";
}

TEST(HtmlLayoutInBrowser, EightBackendsAtAGlance) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << kChromium << " is not installed (apt-get install chromium)";
  const std::string html = eight_backend_report();
  for (int width : {1280, 800}) {
    SCOPED_TRACE("window width " + std::to_string(width));
    const json found = check_layout(html, width, std::to_string(width));
    expect_clean(found, width);
    if (found.contains("chromium")) continue;
    // Bars and lines of AES-GCM and ChaCha20-Poly1305 encrypt and decrypt and of SHA2-256.
    EXPECT_EQ(found["charts"].get<int>(), 10);
    EXPECT_EQ(found["legend_entries"].get<int>(), 10 * 8);
    EXPECT_EQ(found["summary_rows"].get<int>(), 5) << "one per algorithm and operation";
  }
}

// The issue's command over every backend this build has (eight on the project's machine): a real run's
// report, drawn by Chromium, passes the same checks.
TEST(HtmlLayoutInBrowser, RealRunOverEveryBackend) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << kChromium << " is not installed (apt-get install chromium)";
  size_t backends = 0;
  for (const auto& e : fs::directory_iterator(CRYPTAUDITOR_PLUGIN_DIR_FOR_TESTS))
    backends += e.path().filename().string().rfind("ca-backend-", 0) == 0;
  if (backends < 2) GTEST_SKIP() << "fewer than two backend plugins were built";
  const fs::path dir = fs::path(testing::TempDir()) / ("html_layout_run_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path report = dir / "report.html", log = dir / "run.log";
  const std::string run =
      test::binary() +  // $CRYPTAUDITOR_TEST_BINARY when set: to see this fail on a build without the change
      " -c AES-GCM,CHACHA20-POLY1305 --hash SHA2-256 -d 64B,1KB,16KB -r 50 --format html -o " +
      report.string() + " >" + log.string() + " 2>&1";
  ASSERT_EQ(std::system(run.c_str()), 0) << read_file(log);
  const json found = check_layout(read_file(report), 1280, "run");
  expect_clean(found, 1280);
  if (!found.contains("chromium")) {
    EXPECT_EQ(found["summary_rows"].get<int>(), 5);
    EXPECT_GE(found["legend_entries"].get<int>(), 10 * 2) << "every chart has two libraries or more";
  }
  fs::remove_all(dir);
}

// The `select` scorecard's page (plugins/scorecard_html.cpp): eight libraries, AES-GCM encrypt and decrypt
// by size, wolfSSL a portable build and nettle failing the agreement check at 16 KB (passed over, marked in
// the legend). Same checks as the report's.
TEST(HtmlLayoutInBrowser, ScorecardOfEightBackends) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << kChromium << " is not installed (apt-get install chromium)";
  select::Evidence ev;
  for (const auto& [backend, slow] : std::vector<std::pair<std::string, double>>{{"botan", 1.6},
                                                                                 {"cryptopp", 1.3},
                                                                                 {"gcrypt", 1.8},
                                                                                 {"libsodium", 1.1},
                                                                                 {"mbedtls", 2.5},
                                                                                 {"nettle", 1.9},
                                                                                 {"openssl", 1.0},
                                                                                 {"wolfssl", 40.0}}) {
    ev.backends.push_back({backend, backend, "1.0", "AES-NI, PCLMULQDQ, AVX2", {}});
    for (size_t size : {16, 64, 256, 1024, 8192, 16384})
      for (const char* op : {"encrypt", "decrypt"}) {
        Record r =
            measured(backend, "AES-GCM", 256, op, size, (60 + 0.35 * static_cast<double>(size)) * slow);
        if (backend == "nettle" && size == 16384) {
          r.status = Status::Failed;
          r.error = "agreement check at 16KB: disagrees with openssl and botan";
        }
        ev.records.push_back(r);
      }
  }
  ev.backends.back().build_notes = {"portable build"};
  const select::Scorecard card = select::decide(ev);
  select::ScorecardContext ctx;
  ctx.study = "layout";
  const std::string html = select::scorecard_html(card, ctx);
  ASSERT_NE(html.find("nettle (passed over)"), std::string::npos);
  for (int width : {1280, 800}) {
    SCOPED_TRACE("window width " + std::to_string(width));
    const json found = check_layout(html, width, "scorecard" + std::to_string(width));
    expect_clean(found, width);
    if (found.contains("chromium")) continue;
    EXPECT_EQ(found["charts"].get<int>(), 2) << "encrypt and decrypt";
    EXPECT_EQ(found["legend_entries"].get<int>(), 2 * 8);
  }
}

// The check itself: a page built to break each rule must be caught, or the test above proves nothing.
TEST(HtmlLayoutInBrowser, TheCheckCatchesEachFault) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << kChromium << " is not installed (apt-get install chromium)";
  const std::string page =
      "<!DOCTYPE html><html><body><svg class=\"chart\" aria-label=\"bad\" width=\"300\" height=\"100\">"
      "<g class=\"legend-entry\" data-marker=\"circle\"><rect fill=\"#0072B2\" width=\"5\" height=\"5\"/>"
      "<text x=\"10\" y=\"20\">one</text></g>"
      "<g class=\"legend-entry\" data-marker=\"circle\"><rect fill=\"#0072B2\" width=\"5\" height=\"5\"/>"
      "<text x=\"14\" y=\"22\">two</text></g></svg>"
      "<table><tr><td style=\"white-space:nowrap\">" +
      std::string(400, 'x') + "</td></tr></table></body></html>";
  const json found = check_layout(page, 800, "fault");
  ASSERT_FALSE(found.contains("chromium")) << found["chromium"].get<std::string>();
  const std::string problems = found["problems"].dump();
  EXPECT_NE(problems.find("legend entries \\\"one\\\" and \\\"two\\\" are both"), std::string::npos)
      << problems;
  EXPECT_NE(problems.find("\\\"one\\\" overlaps \\\"two\\\""), std::string::npos) << problems;
  EXPECT_NE(problems.find("a table is wider than the page"), std::string::npos) << problems;
  EXPECT_GT(found["page_width"].get<int>(), 800);
}

}  // namespace
}  // namespace ca
