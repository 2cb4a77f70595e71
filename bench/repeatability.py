#!/usr/bin/env python3
"""Do repeated runs agree? Runs the same cryptauditor command RUNS times, one after another, and checks that
every row's confidence intervals of the median (at the level each states) overlap across all runs (the issue's
criterion for `build/cryptauditor -c AES-GCM -d 16KB -b openssl`). Prints each run's median and CI per row,
the spread of the medians (max / min) and, per row, whether all intervals share a common point or at least
overlap pairwise. Exit status 1 when some pair of runs has disjoint intervals.

usage: bench/repeatability.py [--build build] [--runs 5] [-- extra cryptauditor flags]
       (default flags: -c AES-GCM -d 16KB -b openssl)
"""
import argparse
import json
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("flags", nargs="*", default=["-c", "AES-GCM", "-d", "16KB", "-b", "openssl"])
    args = ap.parse_args()

    rows = {}
    for i in range(args.runs):
        out = subprocess.run([f"{args.build}/cryptauditor", *args.flags, "--format", "json", "--quiet"],
                             check=True, capture_output=True, text=True).stdout
        for r in json.loads(out)["results"]:
            if r["status"] != "ok":
                continue
            key = (r["backend"], r["algorithm"], r["key_bits"], r["operation"], r["data_bytes"])
            ci = r["ci_ns"] if "ci_ns" in r else r["ci95_ns"]  # schema 5, or 1 to 4
            rows.setdefault(key, []).append((r["median_ns"], ci[0], ci[1], r["mdape"]))

    disjoint_rows = 0
    for key, runs in rows.items():
        print(" ".join(str(k) for k in key))
        for i, (med, lo, hi, mdape) in enumerate(runs, 1):
            print(f"  run {i}: median {med:10.1f} ns  CI [{lo:10.1f}, {hi:10.1f}]  MdAPE {100 * mdape:4.1f} %")
        medians = [m for m, _, _, _ in runs]
        common = max(lo for _, lo, _, _ in runs) <= min(hi for _, _, hi, _ in runs)
        pairs = [(a, b) for a in range(len(runs)) for b in range(a + 1, len(runs))
                 if runs[a][2] < runs[b][1] or runs[b][2] < runs[a][1]]
        print(f"  medians spread {max(medians) / min(medians):.3f}x; all intervals share a point: "
              f"{'yes' if common else 'no'}; disjoint pairs: {len(pairs)} of {len(runs) * (len(runs) - 1) // 2}")
        disjoint_rows += bool(pairs)
    print(f"{len(rows)} rows, {disjoint_rows} with some disjoint pair of intervals")
    return 1 if disjoint_rows else 0


if __name__ == "__main__":
    sys.exit(main())
