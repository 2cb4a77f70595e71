// `cryptauditor leaks --method taint`: deterministic constant-time evidence under Valgrind's memcheck, in the
// manner of ctgrind (Langley, 2010) and SUPERCOP's TIMECOP. The secret inputs of one operation are marked
// *undefined* (VALGRIND_MAKE_MEM_UNDEFINED from <valgrind/memcheck.h>) before the call; memcheck then reports
// every conditional branch ("Conditional jump or move depends on uninitialised value(s)") and every memory
// address ("Use of uninitialised value of size N") computed from them. The outputs, and the status an AEAD
// decrypt returns, are marked defined again after the call: they are public by design.
//
// Each (backend, algorithm, operation) runs in its own process: this program re-executed under valgrind as
// `cryptauditor __taint ...` (serve_taint), which loads the one plugin, marks, calls and writes a result
// line; the parent reads valgrind's XML and keeps only the errors whose uninitialised value was created by
// our client request (--track-origins=yes), so uninitialised memory that has nothing to do with the secret is
// not counted. docs/LEAKS.md ("Taint screen") says what it sees and what it cannot.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "exec/runner.hpp"
#include "plugin/backend.hpp"

namespace ca::leaks {

/// One operation the taint screen can run for an algorithm, or the reason it cannot.
struct TaintOperation {
  std::string operation;     // "encrypt", "decrypt", "mac", "sign", "agree"
  std::string secrets;       // what is marked, for the report: "key and plaintext"
  bool verdict = false;      // decrypt / verify: must branch once on its public verdict (sites listed apart)
  std::string not_screened;  // non-empty: why this operation cannot be screened (said, never "clean")
};
/// The operations of an algorithm (none for hashes and KDFs).
std::vector<TaintOperation> taint_operations(const AlgorithmInfo& algorithm);

/// One report of memcheck, attributed to the innermost frame outside the C and C++ runtime.
struct TaintSite {
  std::string kind;      // "branch" (UninitCondition), "index" (UninitValue: an address or size), "other"
  std::string object;    // the shared object's path, as valgrind names it
  std::string function;  // the symbol, or "" when valgrind could not name it
  std::string where;     // "library", "adapter" (the backend plugin), "core" (this program), "system"
  std::string location;  // "file:line" when the object has line information, else the address
};

struct TaintResult {
  enum class Outcome { Screened, NotScreened, Unsupported, Failed };
  std::string backend, library, library_version, algorithm;
  uint32_t key_bits = 0;
  size_t data_bytes = 0;
  TaintOperation op;
  Outcome outcome = Outcome::Screened;
  std::string reason;  // NotScreened / Unsupported / Failed: why
  std::vector<TaintSite> sites;

  size_t count(std::string_view kind) const;
  /// Sites in this project's code: core, and the adapter except in a verdict operation, where the adapter's
  /// branch on the library's verdict ("tag ok?") is the expected verdict check. Findings against us.
  size_t ours() const;
};

struct TaintPlan {
  std::vector<Job> jobs;
  std::vector<const Backend*> backends;
  size_t data_bytes = 64;
  std::string program;   // this program (re-executed under valgrind)
  std::string valgrind;  // the valgrind executable; empty: not found
};

/// valgrind on PATH (or $CRYPTAUDITOR_VALGRIND when set, "" meaning none), or nullopt.
std::optional<std::string> find_valgrind();

/// True when this build has <valgrind/memcheck.h> (the client requests); without it every row is "not
/// screened".
bool taint_built_in();

/// Runs every (job, backend, operation) under valgrind; `progress` is told before each.
std::vector<TaintResult> taint_screen(const TaintPlan& plan,
                                      const std::function<void(const std::string&)>& progress = {});

/// Parses valgrind's XML (protocol 4) into the sites whose uninitialised value came from a client request.
/// `plugin` and `program` classify the objects (adapter, core); the C/C++ runtime is "system".
std::vector<TaintSite> parse_memcheck_xml(const std::string& xml, const std::string& plugin,
                                          const std::string& program);

/// The worker: `cryptauditor __taint PLUGIN NAME ALGORITHM BITS OPERATION BYTES RESULT_FILE`, run under
/// valgrind. Writes "screened", "unsupported\t<why>" or "failed\t<why>" to RESULT_FILE; returns 0 unless
/// its arguments are wrong (2).
int serve_taint(int argc, char** argv);

}  // namespace ca::leaks
