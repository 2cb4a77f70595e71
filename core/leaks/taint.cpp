#include "leaks/taint.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "plugin/call.hpp"
#include "util/bytes.hpp"
#include "util/input_file.hpp"

#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define CA_HAVE_MEMCHECK 1
#else
#define CA_HAVE_MEMCHECK 0
#define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)(p), (void)(n))
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#define RUNNING_ON_VALGRIND 0
#endif

extern char** environ;

namespace ca::leaks {
namespace {

namespace fs = std::filesystem;

bool raw_private_key(const AlgorithmInfo& a) {
  return a.name == "X25519" || a.name == "X448" || a.name == "EDDSA";
}

// Text between <tag> and </tag> from `from` on, or "" (and npos) when absent before `limit`.
std::string element(const std::string& xml, const std::string& tag, size_t from, size_t limit, size_t* end) {
  const std::string open = "<" + tag + ">", close = "</" + tag + ">";
  const size_t a = xml.find(open, from);
  if (a == std::string::npos || a >= limit) {
    if (end != nullptr) *end = std::string::npos;
    return {};
  }
  const size_t b = xml.find(close, a);
  if (b == std::string::npos || b > limit) {
    if (end != nullptr) *end = std::string::npos;
    return {};
  }
  if (end != nullptr) *end = b + close.size();
  return xml.substr(a + open.size(), b - a - open.size());
}

std::string unescape(std::string s) {
  const std::pair<const char*, const char*> entities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
  for (const auto& [from, to] : entities)
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + 1))
      s.replace(at, std::string_view(from).size(), to);
  return s;
}

bool system_object(const std::string& obj) {
  const std::string base = fs::path(obj).filename().string();
  for (const char* prefix : {"libc.so", "libc-", "ld-linux", "ld64.so", "libstdc++", "libm.so", "libgcc_s",
                             "vgpreload", "libpthread"})
    if (base.rfind(prefix, 0) == 0) return true;
  return false;
}

// Runs argv with standard output and error into `log`; the exit status, or -1 when it could not start.
int run(const std::vector<std::string>& args, const std::string& log) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

// The text of a file, or "" when it cannot be read (a worker's result line and log; their absence is
// reported by the caller).
std::string text_or_empty(const std::string& path) {
  Result<std::string> text = read_input_file(path);
  return text ? std::move(*text) : std::string();
}

std::string last_lines(const std::string& text, size_t n) {
  size_t at = text.size();
  for (size_t i = 0; i < n && at > 0; ++i) {
    const size_t nl = text.rfind('\n', at - 1);
    at = nl == std::string::npos ? 0 : nl;
  }
  std::string tail = text.substr(at);
  std::replace(tail.begin(), tail.end(), '\n', ' ');
  return tail;
}

// The worker's body once its arguments are read; the result line.
std::string taint_one(const std::string& plugin, const std::string& name, const AlgorithmInfo& a,
                      uint32_t bits, const std::string& operation, size_t bytes) {
  if (!RUNNING_ON_VALGRIND) return "failed\tnot running under valgrind";
  auto loaded = load_plugin(plugin, name);
  if (!loaded) return "failed\t" + loaded.error().message;
  const Backend& backend = **loaded;
  if (auto why = backend.unsupported_reason(std::string(a.name), bits)) return "unsupported\t" + *why;
  const int op = op_code(operation);
  const bool agree = a.family == Family::KeyAgreement;
  Bytes secret = agree || raw_private_key(a) ? random_bytes(a.name == "X448" ? 56 : 32)
                                             : random_bytes(a.key_bytes(bits));
  const Bytes nonce = random_bytes(a.nonce_bytes);
  const Bytes no_aad;
  Bytes input = agree ? Bytes{} : random_bytes(bytes);
  if (agree) {  // the peer's public key, from a key pair of the same backend (public)
    auto peer = make_context(backend, a, bits);
    if (!peer) return (peer.error().unsupported ? "unsupported\t" : "failed\t") + peer.error().message;
    auto pub = (*peer)->export_key(CA_KEY_PUBLIC);
    if (!pub) return "failed\tthe peer's public key could not be exported";
    input = *pub;
  }
  if (op == CA_OP_DECRYPT) {  // a ciphertext made under an unmarked copy of the key: the ciphertext is public
    auto helper = backend.create(key_spec(a, bits, secret));
    if (!helper) return (helper.error().unsupported ? "unsupported\t" : "failed\t") + helper.error().message;
    Call made = call(**helper, CA_OP_ENCRYPT, input, nonce, no_aad, {}, a.output_capacity(bits, bytes));
    if (!made.ok()) return "failed\tpreparing a ciphertext: " + status_text(**helper, made.status);
    input = made.output;
  }
  // The secrets: the key before create (so that the key schedule counts), the plaintext of an encryption.
  VALGRIND_MAKE_MEM_UNDEFINED(secret.data(), secret.size());
  if (op == CA_OP_ENCRYPT) VALGRIND_MAKE_MEM_UNDEFINED(input.data(), input.size());
  auto ctx = backend.create(key_spec(a, bits, secret));
  if (!ctx) return (ctx.error().unsupported ? "unsupported\t" : "failed\t") + ctx.error().message;
  const ca_operation_fn fn = (*ctx)->operation(op);
  if (fn == nullptr) return "unsupported\tthe backend does not offer " + operation + " here";
  Bytes output(std::max<size_t>(a.output_capacity(bits, bytes), 1024));
  for (int i = 0; i < 2; ++i) {  // twice: the second call takes the paths a first call's lazy set-up skips
    ca_io io{};
    io.nonce = nonce.data();
    io.nonce_len = nonce.size();
    io.input = input.data();
    io.input_len = input.size();
    io.output = output.data();
    io.output_cap = output.size();
    int status = fn((*ctx)->raw(), &io);
    // Public by design: the output, its length and the status (an AEAD's "tag ok?").
    VALGRIND_MAKE_MEM_DEFINED(&status, sizeof status);
    VALGRIND_MAKE_MEM_DEFINED(&io, sizeof io);
    VALGRIND_MAKE_MEM_DEFINED(output.data(), output.size());
    if (status == CA_UNSUPPORTED) return "unsupported\t" + (*ctx)->last_error();
    if (status != CA_OK) return "failed\t" + status_text(**ctx, status);
  }
  return "screened";
}

}  // namespace

size_t TaintResult::count(std::string_view kind) const {
  return static_cast<size_t>(
      std::count_if(sites.begin(), sites.end(), [&](const TaintSite& s) { return s.kind == kind; }));
}

size_t TaintResult::ours() const {
  // In a verdict operation (an AEAD decrypt) the adapter must branch on the library's verdict, which depends
  // on the key: that site is the verdict check, not a finding. A core site is a finding everywhere.
  return static_cast<size_t>(std::count_if(sites.begin(), sites.end(), [&](const TaintSite& s) {
    return s.where == "core" || (s.where == "adapter" && !op.verdict);
  }));
}

std::vector<TaintOperation> taint_operations(const AlgorithmInfo& a) {
  const std::string parsed =
      "the private key is parsed from DER inside create, where lengths branch "
      "legitimately; the secret is not marked apart from its encoding";
  switch (a.family) {
    case Family::Cipher:
      if (a.primitive == "RSA") return {{"decrypt", "private key", true, parsed}};
      // An AEAD's (or SIV's) decrypt must branch on its verdict; a plain mode's decrypt is judged like
      // encrypt.
      return {{"encrypt", "key and plaintext", false, ""}, {"decrypt", "key", a.tag_bytes > 0, ""}};
    case Family::Mac:
      return {{"mac", "key", false, ""}};
    case Family::Signature:
      if (a.name == "EDDSA") return {{"sign", "private key (raw seed)", false, ""}};
      return {{"sign", "private key", false, parsed}};
    case Family::KeyAgreement:
      if (a.name == "X25519" || a.name == "X448") return {{"agree", "private scalar (raw)", false, ""}};
      return {{"agree", "private key", false, parsed}};
    case Family::Hash:
    case Family::Kdf:
      break;
  }
  return {};
}

std::optional<std::string> find_valgrind() {
  if (const char* forced = std::getenv("CRYPTAUDITOR_VALGRIND")) {
    if (*forced == '\0') return std::nullopt;
    return ::access(forced, X_OK) == 0 ? std::optional<std::string>(forced) : std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/valgrind";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

bool taint_built_in() { return CA_HAVE_MEMCHECK != 0; }

std::vector<TaintSite> parse_memcheck_xml(const std::string& xml, const std::string& plugin,
                                          const std::string& program) {
  std::vector<TaintSite> sites;
  const std::string plugin_canon = fs::weakly_canonical(plugin).string();
  const std::string program_canon = fs::weakly_canonical(program).string();
  for (size_t at = xml.find("<error>"); at != std::string::npos; at = xml.find("<error>", at + 1)) {
    const size_t end = xml.find("</error>", at);
    if (end == std::string::npos) break;
    // Only values our client request made undefined (--track-origins=yes says where each came from).
    if (xml.find("created by a client request", at) > end) continue;
    const std::string kind = element(xml, "kind", at, end, nullptr);
    TaintSite site;
    site.kind = kind == "UninitCondition" ? "branch" : kind == "UninitValue" ? "index" : "other";
    // The first stack is where the value was used; its innermost frame outside the runtime is the site.
    size_t stack_end = 0;
    const std::string stack = element(xml, "stack", at, end, &stack_end);
    bool chosen = false;
    for (size_t f = stack.find("<frame>"); f != std::string::npos; f = stack.find("<frame>", f + 1)) {
      const size_t fend = stack.find("</frame>", f);
      const std::string obj = unescape(element(stack, "obj", f, fend, nullptr));
      if (!chosen || (site.where == "system" && !system_object(obj))) {
        site.object = obj;
        site.function = unescape(element(stack, "fn", f, fend, nullptr));
        const std::string file = element(stack, "file", f, fend, nullptr);
        const std::string line = element(stack, "line", f, fend, nullptr);
        site.location = !file.empty() ? unescape(file) + ":" + line : element(stack, "ip", f, fend, nullptr);
        const std::string canon = obj.empty() ? "" : fs::weakly_canonical(obj).string();
        site.where = system_object(obj)       ? "system"
                     : canon == plugin_canon  ? "adapter"
                     : canon == program_canon ? "core"
                                              : "library";
        chosen = true;
        if (site.where != "system") break;
      }
    }
    sites.push_back(std::move(site));
  }
  return sites;
}

std::vector<TaintResult> taint_screen(const TaintPlan& plan,
                                      const std::function<void(const std::string&)>& progress) {
  std::vector<TaintResult> results;
  std::error_code ec;
  char pattern[] = "/tmp/cryptauditor-taint-XXXXXX";
  const char* made = ::mkdtemp(pattern);
  const fs::path tmp = made != nullptr ? fs::path(made) : fs::path();
  for (const Job& job : plan.jobs)
    for (const TaintOperation& op : taint_operations(*job.algorithm))
      for (const Backend* backend : plan.backends) {
        TaintResult r;
        r.backend = backend->name();
        r.library = backend->library();
        r.library_version = backend->library_version();
        r.algorithm = std::string(job.algorithm->name);
        r.key_bits = job.key_bits;
        r.data_bytes = job.algorithm->family == Family::KeyAgreement
                           ? 0
                           : std::min(plan.data_bytes, job.algorithm->message_limit(job.key_bits));
        r.op = op;
        auto not_screened = [&](std::string why) {
          r.outcome = TaintResult::Outcome::NotScreened;
          r.reason = std::move(why);
          results.push_back(r);
        };
        if (auto why = backend->unsupported_reason(r.algorithm, r.key_bits)) {
          r.outcome = TaintResult::Outcome::Unsupported;
          r.reason = *why;
          results.push_back(r);
          continue;
        }
        if (!op.not_screened.empty()) {
          not_screened(op.not_screened);
          continue;
        }
        if (!taint_built_in()) {
          not_screened("this build has no <valgrind/memcheck.h> (install valgrind and rebuild)");
          continue;
        }
        if (plan.valgrind.empty()) {
          not_screened("valgrind not found");
          continue;
        }
        if (tmp.empty()) {
          not_screened("no temporary folder for valgrind's report");
          continue;
        }
        if (progress) progress(r.backend + ": " + r.algorithm + " " + op.operation);
        const std::string stem = std::to_string(results.size());
        const fs::path xml = tmp / (stem + ".xml"), log = tmp / (stem + ".log"),
                       result = tmp / (stem + ".result");
        const std::vector<std::string> args = {plan.valgrind,
                                               "--tool=memcheck",
                                               "--track-origins=yes",
                                               "--error-limit=no",
                                               "--num-callers=16",
                                               "--xml=yes",
                                               "--xml-file=" + xml.string(),
                                               plan.program,
                                               "__taint",
                                               backend->path(),
                                               backend->name(),
                                               r.algorithm,
                                               std::to_string(r.key_bits),
                                               op.operation,
                                               std::to_string(r.data_bytes),
                                               result.string()};
        const int status = run(args, log.string());
        std::string line = text_or_empty(result.string());
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        const Result<std::string> report = read_input_file(xml.string());
        if (status != 0 || line.empty()) {
          r.outcome = TaintResult::Outcome::Failed;
          r.reason = status < 0 ? "valgrind could not be started"
                                : "valgrind exited with status " + std::to_string(status) + ": " +
                                      last_lines(text_or_empty(log.string()), 3);
        } else if (line == "screened" && !report) {
          // No report is not a clean result.
          r.outcome = TaintResult::Outcome::Failed;
          r.reason = "valgrind's report could not be read: " + report.error().message;
        } else if (line == "screened") {
          r.sites = parse_memcheck_xml(*report, backend->path(), plan.program);
        } else {
          const size_t tab = line.find('\t');
          const std::string what = line.substr(0, tab);
          r.outcome =
              what == "unsupported" ? TaintResult::Outcome::Unsupported : TaintResult::Outcome::Failed;
          r.reason = tab == std::string::npos ? line : line.substr(tab + 1);
        }
        results.push_back(std::move(r));
      }
  if (!tmp.empty()) fs::remove_all(tmp, ec);
  return results;
}

int serve_taint(int argc, char** argv) {
  // argv: program __taint PLUGIN NAME ALGORITHM BITS OPERATION BYTES RESULT_FILE
  if (argc != 9) {
    std::fprintf(stderr, "__taint: expected PLUGIN NAME ALGORITHM BITS OPERATION BYTES RESULT_FILE\n");
    return 2;
  }
  const AlgorithmInfo* a = find_algorithm(argv[4]);
  const std::string operation = argv[6];
  std::string line;
  if (a == nullptr) {
    line = std::string("failed\tunknown algorithm ") + argv[4];
  } else {
    try {
      line = taint_one(argv[2], argv[3], *a, static_cast<uint32_t>(std::stoul(argv[5])), operation,
                       static_cast<size_t>(std::stoull(argv[7])));
    } catch (const std::exception& e) {
      line = std::string("failed\t") + e.what();
    }
  }
  std::ofstream out(argv[8], std::ios::trunc);
  out << line << '\n';
  return out ? 0 : 2;
}

}  // namespace ca::leaks
