#!/usr/bin/env python3
"""Calibrates `cryptauditor compare` on this machine (docs/COMPARE.md, "Calibration").

A/A: PAIRS pairs of separate runs of the same build, each pair compared; a pair that `compare` flags
(exit 1) is a false positive. A/B: TRIES pairs in which the new run's backend does 7 % and 15 % more work
(the calibration backend, tests/plugins/calibration_plugin.cpp: SHA2-256 through OpenSSL x 100, plus
CA_CALIBRATION_SLOWDOWN_PERCENT more rounds); a pair flagged SLOWER is a detection. Also the issue's
"four runs, all six pairwise compares" checks, with 1 process (the default) and with --processes.
Prints each compare's exit status and its row's change and p, then the false-positive and detection rates
and the wall time of one run with 1 and with N processes.

--in-one-run measures the same rates for A/B in one run instead (docs/COMPARE.md): each try is ONE run that
loads the calibration plugin twice, the second time from a copy under the name calib-b
(`--plugin COPY=calib-b`), with CA_CALIBRATION_SLOWDOWN_FILE naming the copy so that only it is slowed. The
verdict is the run's paired ratio (`pairwise_ratios`): calib-b is flagged SLOWER when its slowdown over calib
exceeds the practical threshold (5 %) and the ratio's 95 % interval excludes 1, as `compare` flags a row.

--many-rows measures the same rates on a report of many rows (the issue #24 case): each run measures
SHA2-256 in every default library plus the calibration backend at several sizes (--sizes, default
64B,256B,1KB,4KB: 9 backends x 4 sizes = 36 rows), so the calibration backend's rows are 4 of 36 and a compare
is decided over all of them (Welch's t per row, Benjamini-Hochberg across rows). `compare --format json` gives
each row's verdict: an A/A pair is a false alarm when ANY row is flagged (SLOWER or faster); an A/B pair is a
detection when compare exits 1 with the calibration backend's rows SLOWER (how many of them, and any other
row flagged, is printed). --cost 3,5,10 also times one run at each of those process counts.

usage: bench/aa_calibration.py [--build build] [--processes 5] [--pairs 20] [--tries 5] [--budget 0.05]
                               [--size 1KB] [--slowdowns 7,15] [--quick] [--in-one-run]
                               [--many-rows [--sizes 64B,256B,1KB,4KB] [--cost 3,5,10]]

Needs the build's calibration plugin (build/calibration-plugins/ca-backend-calib.so, built where OpenSSL 3
is found). Runs are one after another; nothing else of this script runs while one is measured.
"""
import argparse
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--processes", type=int, default=5)
    ap.add_argument("--pairs", type=int, default=20, help="A/A pairs with --processes")
    ap.add_argument("--tries", type=int, default=5, help="A/B pairs per slowdown")
    ap.add_argument("--budget", default="0.05")
    ap.add_argument("--size", default="1KB")
    ap.add_argument("--slowdowns", default="7,15", help="percent, comma-separated")
    ap.add_argument("--quick", action="store_true", help="skip the four-runs checks")
    ap.add_argument("--in-one-run", action="store_true",
                    help="A/B in one run (the plugin loaded twice, paired ratio) instead of compare across runs")
    ap.add_argument("--many-rows", action="store_true",
                    help="every default library plus the calibration backend, SHA2-256 at --sizes (>= 36 rows)")
    ap.add_argument("--sizes", default="64B,256B,1KB,4KB", help="--many-rows: the sizes measured")
    ap.add_argument("--cost", default="", help="--many-rows: also time one run at each of these --processes")
    args = ap.parse_args()

    binary = os.path.join(args.build, "cryptauditor")
    plugin = os.path.join(args.build, "calibration-plugins", "ca-backend-calib.so")
    if not os.path.exists(plugin):
        sys.exit(f"{plugin} is missing: build the tests (it needs OpenSSL 3)")
    work = tempfile.mkdtemp(prefix="aa_calibration_")
    counter = itertools.count()
    if args.in_one_run:
        return in_one_run(args, binary, plugin, work)
    if args.many_rows:
        return many_rows(args, binary, plugin, work)

    def run(processes, slowdown=0):
        path = os.path.join(work, f"run{next(counter)}.json")
        env = dict(os.environ, CA_CALIBRATION_SLOWDOWN_PERCENT=str(slowdown))
        start = time.monotonic()
        subprocess.run([binary, "--no-default-plugins", "--plugin", plugin, "--hash", "SHA2-256", "-d", args.size,
                        "--budget", args.budget, "--processes", str(processes), "--quiet", "--format", "json",
                        "-o", path], check=True, env=env)
        return path, time.monotonic() - start

    def compare(base, new, label):
        r = subprocess.run([binary, "compare", base, new], capture_output=True, text=True)
        if r.returncode not in (0, 1):
            sys.exit(f"compare failed ({r.returncode}): {r.stderr}")
        row = next((l for l in r.stdout.splitlines() if l.startswith("calib")), "")
        print(f"  {label}: exit {r.returncode}  {re.sub(' +', ' ', row)}")
        return r.returncode

    seconds = {}

    def timed_run(processes, slowdown=0):
        path, s = run(processes, slowdown)
        seconds.setdefault(processes, []).append(s)
        return path

    if not args.quick:
        for processes in (1, args.processes):
            print(f"four runs of the same build, --processes {processes}: all six pairwise compares")
            runs = [timed_run(processes) for _ in range(4)]
            codes = [compare(a, b, f"{os.path.basename(a)} -> {os.path.basename(b)}")
                     for a, b in itertools.combinations(runs, 2)]
            print(f"  {sum(c == 0 for c in codes)} of 6 exit 0")

    flagged, slowdowns, detected = pairs(
        args, lambda pct, label: compare(timed_run(args.processes), timed_run(args.processes, pct), label) == 1)

    print()
    print(f"false positives (A/A pairs flagged): {flagged} of {args.pairs} = {100 * flagged / args.pairs:.0f} %")
    for pct in slowdowns:
        print(f"detected {pct} % slower: {detected[pct]} of {args.tries}")
    print_wall_times(seconds, work)


def print_wall_times(seconds, work):
    for processes, s in sorted(seconds.items()):
        print(f"wall time of one run with --processes {processes}: median {sorted(s)[len(s) // 2]:.2f} s "
              f"over {len(s)} runs")
    print(f"(reports kept in {work})")


def pairs(args, judge):
    """A/A then A/B pairs of separate runs: judge(slowdown_percent, label) runs one pair (the new run slowed by
    that much, 0 for A/A), compares it and says whether it was flagged (A/A) or detected (A/B)."""
    print(f"A/A: {args.pairs} pairs of separate runs, --processes {args.processes}")
    flagged = sum(judge(0, f"pair {i + 1}") for i in range(args.pairs))
    slowdowns = [int(s) for s in args.slowdowns.split(",") if s]
    detected = {}
    for pct in slowdowns:
        print(f"A/B: {args.tries} pairs, the new run's backend {pct} % slower, --processes {args.processes}")
        detected[pct] = sum(judge(pct, f"try {i + 1}") for i in range(args.tries))
    return flagged, slowdowns, detected


def in_one_run(args, binary, plugin, work):
    copy = os.path.join(work, "ca-backend-calib-b.so")
    shutil.copy2(plugin, copy)
    seconds = []

    def one_run(slowdown, label):
        path = os.path.join(work, f"ab{len(seconds)}.json")
        env = dict(os.environ, CA_CALIBRATION_SLOWDOWN_PERCENT=str(slowdown), CA_CALIBRATION_SLOWDOWN_FILE=copy)
        start = time.monotonic()
        subprocess.run([binary, "--no-default-plugins", "--plugin", plugin, "--plugin", f"{copy}=calib-b",
                        "--hash", "SHA2-256", "-d", args.size, "--budget", args.budget, "--processes",
                        str(args.processes), "--quiet", "--format", "json", "-o", path], check=True, env=env)
        seconds.append(time.monotonic() - start)
        with open(path) as f:
            pair = json.load(f)["pairwise_ratios"][0]
        # ratio = calib / calib-b (times); calib-b's slowdown over calib is its inverse.
        if pair["a"] == "calib":
            slow, low, high = 1 / pair["ratio"], 1 / pair["ci_high"], 1 / pair["ci_low"]
        else:
            slow, low, high = pair["ratio"], pair["ci_low"], pair["ci_high"]
        verdict = "SLOWER" if slow > 1.05 and low > 1 else "faster" if slow < 1 / 1.05 and high < 1 else "-"
        print(f"  {label}: calib-b / calib {slow:.3f} (95 % CI {low:.3f}..{high:.3f}, {pair['pairs']} pairs) "
              f"{verdict}")
        return verdict

    print(f"A/A in one run: {args.pairs} runs, the same build loaded twice, --processes {args.processes}")
    flagged = sum(one_run(0, f"run {i + 1}") != "-" for i in range(args.pairs))
    slowdowns = [int(s) for s in args.slowdowns.split(",") if s]
    detected = {}
    for pct in slowdowns:
        print(f"A/B in one run: {args.tries} runs, calib-b {pct} % slower, --processes {args.processes}")
        detected[pct] = sum(one_run(pct, f"try {i + 1}") == "SLOWER" for i in range(args.tries))
    print()
    print(f"false positives (A/A runs flagged either way): {flagged} of {args.pairs} = "
          f"{100 * flagged / args.pairs:.0f} %")
    for pct in slowdowns:
        print(f"detected {pct} % slower: {detected[pct]} of {args.tries}")
    print(f"wall time of one run: median {sorted(seconds)[len(seconds) // 2]:.2f} s over {len(seconds)} runs")
    print(f"(reports kept in {work})")


def many_rows(args, binary, plugin, work):
    counter = itertools.count()
    seconds = {}

    def run(processes, slowdown=0):
        path = os.path.join(work, f"many{next(counter)}.json")
        env = dict(os.environ, CA_CALIBRATION_SLOWDOWN_PERCENT=str(slowdown))
        start = time.monotonic()
        subprocess.run([binary, "--plugin", plugin, "--hash", "SHA2-256", "-d", args.sizes, "--budget",
                        args.budget, "--processes", str(processes), "--quiet", "--format", "json", "-o", path],
                       check=True, env=env)
        seconds.setdefault(processes, []).append(time.monotonic() - start)
        return path

    def compare(base, new, label):
        r = subprocess.run([binary, "compare", base, new, "--format", "json"], capture_output=True, text=True)
        if r.returncode not in (0, 1):
            sys.exit(f"compare failed ({r.returncode}): {r.stderr}")
        doc = json.loads(r.stdout)
        rows = doc["rows"]
        flagged = [x for x in rows if x["verdict"] in ("slower", "faster")]
        calib = [x for x in rows if x["backend"] == "calib"]
        calib_slower = sum(x["verdict"] == "slower" for x in calib)
        others = [f"{x['backend']} {x['data_bytes']}B {x['verdict']} {100 * x['change']:+.1f}%" for x in flagged
                  if x["backend"] != "calib"]
        changes = " ".join(f"{100 * x['change']:+.1f}%" for x in calib if x["change"] is not None)
        detectable = [x["detectable"] for x in rows if x["detectable"] is not None]
        print(f"  {label}: exit {r.returncode}, {doc['summary']['testable']} testable rows, "
              f"{len(flagged)} flagged; calib {calib_slower}/{len(calib)} SLOWER ({changes}); "
              f"detectable median {100 * sorted(detectable)[len(detectable) // 2]:.1f}%"
              + (f"; others flagged: {', '.join(others)}" if others else ""))
        return r.returncode, len(flagged), calib_slower, len(calib)

    print(f"many rows: SHA2-256 at {args.sizes}, every default library plus calib, --processes {args.processes}")
    def judge(pct, label):
        code, flagged, calib_slower, _ = compare(run(args.processes), run(args.processes, pct), label)
        return flagged > 0 if pct == 0 else code == 1 and calib_slower > 0

    alarms, slowdowns, detected = pairs(args, judge)
    for n in [int(x) for x in args.cost.split(",") if x]:
        if n != args.processes:
            print(f"cost: two runs at --processes {n}")
            run(n)
            run(n)
    print()
    rows = json.load(open(os.path.join(work, "many0.json")))["results"]
    print(f"rows per report: {len(rows)}")
    print(f"false alarms (A/A pairs with any row flagged): {alarms} of {args.pairs}")
    for pct in slowdowns:
        print(f"detected {pct} % slower (exit 1, calib rows SLOWER): {detected[pct]} of {args.tries}")
    print_wall_times(seconds, work)


if __name__ == "__main__":
    main()
