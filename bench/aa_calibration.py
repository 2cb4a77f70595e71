#!/usr/bin/env python3
"""Calibrates `cryptauditor compare` on this machine (docs/COMPARE.md, "Calibration").

A/A: PAIRS pairs of separate runs of the same build, each pair compared; a pair that `compare` flags
(exit 1) is a false positive. A/B: TRIES pairs in which the new run's backend does 7 % and 15 % more work
(the calibration backend, tests/plugins/calibration_plugin.cpp: SHA2-256 through OpenSSL x 100, plus
CA_CALIBRATION_SLOWDOWN_PERCENT more rounds); a pair flagged SLOWER is a detection. Also the issue's
"four runs, all six pairwise compares" checks, with 1 process (the default) and with --processes.
Prints each compare's exit status and its row's change and p, then the false-positive and detection rates
and the wall time of one run with 1 and with N processes.

usage: bench/aa_calibration.py [--build build] [--processes 5] [--pairs 20] [--tries 5] [--budget 0.05]
                               [--size 1KB] [--slowdowns 7,15] [--quick]

Needs the build's calibration plugin (build/calibration-plugins/ca-backend-calib.so, built where OpenSSL 3
is found). Runs are one after another; nothing else of this script runs while one is measured.
"""
import argparse
import itertools
import os
import re
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
    args = ap.parse_args()

    binary = os.path.join(args.build, "cryptauditor")
    plugin = os.path.join(args.build, "calibration-plugins", "ca-backend-calib.so")
    if not os.path.exists(plugin):
        sys.exit(f"{plugin} is missing: build the tests (it needs OpenSSL 3)")
    work = tempfile.mkdtemp(prefix="aa_calibration_")
    counter = itertools.count()

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

    print(f"A/A: {args.pairs} pairs of separate runs, --processes {args.processes}")
    flagged = 0
    for i in range(args.pairs):
        base, new = timed_run(args.processes), timed_run(args.processes)
        flagged += compare(base, new, f"pair {i + 1}") == 1
    slowdowns = [int(s) for s in args.slowdowns.split(",") if s]
    detected = {}
    for pct in slowdowns:
        print(f"A/B: {args.tries} pairs, the new run's backend {pct} % slower, --processes {args.processes}")
        detected[pct] = 0
        for i in range(args.tries):
            base, new = timed_run(args.processes), timed_run(args.processes, pct)
            detected[pct] += compare(base, new, f"try {i + 1}") == 1

    print()
    print(f"false positives (A/A pairs flagged): {flagged} of {args.pairs} = {100 * flagged / args.pairs:.0f} %")
    for pct in slowdowns:
        print(f"detected {pct} % slower: {detected[pct]} of {args.tries}")
    for processes, s in sorted(seconds.items()):
        print(f"wall time of one run with --processes {processes}: median {sorted(s)[len(s) // 2]:.2f} s "
              f"over {len(s)} runs")
    print(f"(reports kept in {work})")


if __name__ == "__main__":
    main()
