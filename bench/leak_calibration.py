#!/usr/bin/env python3
"""How often does the leak screen accuse constant-time code, and how often does it find leaks of known size?

Three sets of screens, each run RUNS times with the default budget and repetitions (issues #17 and #25),
optionally while the load generator of bench/ranking_stability.py competes for every CPU:

- calibration: the four plugins of tests/plugins/leak_plugin.cpp (leakytag, leakykey: leaks of about 10 %
  of a call; cttag, ctkey: their constant-time twins), `leaks --mac HMAC-SHA2-256`.
- graded: the plugins leak1pct, leak2pct, leak5pct (build/leak-plugins-graded: a constant-time tag check
  plus extra work when the forged tag's first byte matches, about 1, 2 and 5 % of a call): detection rates.
- reference: real implementations known to be constant time (docs/LEAKS.md, "Reference set"): OpenSSL and
  libsodium ChaCha20-Poly1305, OpenSSL AES-GCM (AES-NI), libsodium X25519. Every `leak` here is a false one.

Rerun (issue #25's "Done when"; a screen takes 5 to 25 s):
    python3 bench/leak_calibration.py --runs 20
    python3 bench/leak_calibration.py --runs 10 --load
    python3 bench/leak_calibration.py --runs 10 --set graded
Exit status: 0 when every expectation held (calibration: leakytag's tag test and leakykey's key test are
`leak` in every run and the twins' never; graded: leak2pct and leak5pct are `leak` in at least 90 % of runs;
reference: no `leak` at all), 1 otherwise, 2 for bad usage.
"""
import argparse
import collections
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ranking_stability import LoadGenerator  # noqa: E402

# set -> (plugin folder or None for the built-in backends, list of command argument lists, expectations)
# Expectations: (backend, algorithm, test) -> "leak" (every run), "detect" (>= 90 % of runs), "not leak" (never),
# or "rate" (reported only).
SETS = {
    "calibration": ("leak-plugins",
                    [["--mac", "HMAC-SHA2-256", "-b", "leakytag,cttag,leakykey,ctkey"]],
                    {("leakytag", "HMAC-SHA2-256", "tag-first-vs-last"): "leak",
                     ("leakykey", "HMAC-SHA2-256", "key-leading-zeros"): "leak",
                     ("cttag", "HMAC-SHA2-256", "tag-first-vs-last"): "not leak",
                     ("ctkey", "HMAC-SHA2-256", "key-leading-zeros"): "not leak"}),
    "graded": ("leak-plugins-graded",
               [["--mac", "HMAC-SHA2-256", "-b", "leak1pct,leak2pct,leak5pct"]],
               {("leak1pct", "HMAC-SHA2-256", "tag-first-vs-last"): "rate",
                ("leak2pct", "HMAC-SHA2-256", "tag-first-vs-last"): "detect",
                ("leak5pct", "HMAC-SHA2-256", "tag-first-vs-last"): "detect"}),
    "reference": (None,
                  [["-c", "CHACHA20-POLY1305", "-b", "openssl,libsodium"],
                   ["-c", "AES-GCM", "-b", "openssl"],
                   ["--kex", "X25519", "-b", "libsodium"]],
                  {("openssl", "CHACHA20-POLY1305", "fixed-vs-random"): "not leak",
                   ("openssl", "CHACHA20-POLY1305", "tag-first-vs-last"): "not leak",
                   ("libsodium", "CHACHA20-POLY1305", "fixed-vs-random"): "not leak",
                   ("libsodium", "CHACHA20-POLY1305", "tag-first-vs-last"): "not leak",
                   ("openssl", "AES-GCM", "fixed-vs-random"): "not leak",
                   ("openssl", "AES-GCM", "tag-first-vs-last"): "not leak",
                   ("libsodium", "X25519", "key-leading-zeros"): "not leak"}),
}


def screen(program, build, plugin_dir, args, extra):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "leaks.json")
        cmd = [program, "leaks", *args, "--format", "json", "-o", out, "--quiet", *extra]
        if plugin_dir:
            cmd += ["--no-default-plugins", "--plugin-dir", os.path.join(build, plugin_dir)]
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr.strip()}")
        with open(out) as f:
            return json.load(f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10, help="runs of each set (default 10)")
    ap.add_argument("--build", default="build", help="build folder (default build)")
    ap.add_argument("--set", default="calibration,graded,reference",
                    help="comma-separated sets: calibration, graded, reference (default all three)")
    ap.add_argument("--load", action="store_true", help="run the load generator of ranking_stability.py")
    ap.add_argument("--seed", type=int, default=1, help="seed of the load generator (default 1)")
    ap.add_argument("--json", metavar="OUT", help="also write the counts as JSON to OUT")
    args, extra = ap.parse_known_args()  # anything else goes to `cryptauditor leaks` (--budget, --pin, ...)
    if args.runs < 1:
        ap.error(f"--runs {args.runs}: expected a whole number >= 1")
    sets = [s for s in args.set.split(",") if s]
    for s in sets:
        if s not in SETS:
            ap.error(f"--set {s}: expected calibration, graded or reference")
    program = os.path.join(args.build, "cryptauditor")
    counts = collections.defaultdict(collections.Counter)
    # Per run, % of the median: a leak's smallest effect over the repetitions; for no evidence, the largest
    # significant effect below the target, else the largest effect the screen could have missed.
    effects = collections.defaultdict(list)
    expect = {}
    started = time.monotonic()
    with LoadGenerator(args.seed) if args.load else contextlib.nullcontext():
        for run in range(args.runs):
            for s in sets:
                plugin_dir, commands, expectations = SETS[s]
                expect.update(expectations)
                for cmd in commands:
                    try:
                        report = screen(program, args.build, plugin_dir, cmd, extra)
                    except RuntimeError as e:
                        print(e, file=sys.stderr)
                        return 1
                    for r in report["results"]:
                        key = (r["backend"], r["algorithm"], r["test"])
                        if key not in expectations:
                            continue
                        counts[key][r["verdict"] or r["outcome"]] += 1
                        reps = r["repetitions"]
                        if r["verdict"] == "leak":
                            effects[key].append(min(abs(x["sized_effect_percent"]) for x in reps))
                        elif r["verdict"] == "no evidence":
                            effects[key].append(max(abs(x["effect_percent"]) if x["significant_below_target"]
                                                    else x["detectable_percent"] for x in reps))
    wall = time.monotonic() - started
    failures = []
    print(f"{args.runs} runs of {', '.join(sets)}, load generator {'on' if args.load else 'off'}, "
          f"{wall:.0f} s, load average at the end {os.getloadavg()[0]:.2f}")
    print(f"{'backend':10} {'algorithm':18} {'test':18} {'expected':9} verdicts; % of median (min..max): leak's effect, "
          f"or what no evidence could have missed")
    for key in sorted(counts):
        c = counts[key]
        want = expect[key]
        leaks = c.get("leak", 0)
        if want == "leak" and leaks != args.runs:
            failures.append(f"{key}: leak in {leaks} of {args.runs}")
        if want == "detect" and leaks < 0.9 * args.runs:
            failures.append(f"{key}: leak in {leaks} of {args.runs} (expected >= 90 %)")
        if want == "not leak" and leaks > 0:
            failures.append(f"{key}: a false leak in {leaks} of {args.runs}")
        e = effects[key]
        span = f"{min(e):.2g}..{max(e):.2g}" if e else "-"
        verdicts = ", ".join(f"{v} {n}/{args.runs}" for v, n in sorted(c.items()))
        print(f"{key[0]:10} {key[1]:18} {key[2]:18} {want:9} {verdicts}; {span}")
    reference = [k for k in counts if expect[k] == "not leak"]
    if reference:
        cells = sum(sum(counts[k].values()) for k in reference)
        false = sum(counts[k].get("leak", 0) for k in reference)
        print(f"false leak rate over the constant-time cells: {false} of {cells}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"runs": args.runs, "load": args.load, "sets": sets, "wall_s": wall,
                       "counts": {" ".join(k): dict(c) for k, c in counts.items()},
                       "effect_percent": {" ".join(k): v for k, v in effects.items()}}, f, indent=2)
    for line in failures:
        print("FAILED:", line)
    print("every expectation held" if not failures else f"{len(failures)} expectation(s) failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
