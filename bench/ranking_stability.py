#!/usr/bin/env python3
"""Do rankings hold from run to run? (issue #11, "Evidence")

Runs one cryptauditor command RUNS times for each --order value, optionally while a load generator competes
for every CPU, and reports for every pair of backends in every comparison how stable their ranking is.

Coverage (issue #32): with --keep-reports, or afterwards with --reports FILE..., the summary also gives how
often each run's 95 % CI of a pair's ratio contains the median ratio of all the runs ("pair-runs"):
    python3 bench/ranking_stability.py --runs 6 --orders interleaved --keep-reports DIR
    python3 bench/ranking_stability.py --reports DIR/interleaved-*.json

Rerun (the issue's "Done when" case, on a 2-vCPU machine; about 2 x 8 runs of the default command):
    python3 bench/ranking_stability.py --runs 8 --load --json stability-load.json
    python3 bench/ranking_stability.py --runs 8 --json stability-quiet.json
    python3 bench/ranking_stability.py --runs 3 --no-order-flag -- build/cryptauditor --hash SHA2-256 -d 1KB -b openssl,botan
The command after `--` gets `--order ORDER --format json -o TMPFILE` appended (no `--order` with
--no-order-flag, for programs that predate it; those runs are labelled "current"). Runs of the different
orders alternate (run 1 of each order, then run 2, ...), so every order sees the same stretch of host noise.

What the numbers mean. A *comparison* is (algorithm, key bits, operation, data bytes); within it, for each
pair of backends A, B, a run gives the ratio of A's time per operation to B's: the paired ratio from the
report's "pairwise_ratios" when present (schema_version 2), else the ratio of the two medians. Per pair:
  ratio      the median of the per-run ratios, shown as "slower / faster" (>= 1);
  apart      that ratio is >= --apart (1.10): the issue's "at least 1.10x apart" pairs;
  flips      runs in the minority order (0 = the same backend was faster in every run);
  spread     max / min of the per-run ratios (1.000 = identical in every run);
  med.spread max / min of each backend's own absolute median across the runs (what the host did);
  CI ovl     with paired intervals: do the intervals of every two runs overlap?
Per order, the summary checks the issue's criteria: no apart pair flips, every apart pair's spread is
<= --max-spread (1.05), and the intervals overlap across all runs for >= 90 % of pairs.
Exit status: 0 when every run produced a report (the criteria are printed, not enforced), 1 when a run of
the program failed without a report, 2 for bad usage (including a program that rejects --order).
"""
import argparse
import contextlib
import itertools
import json
import multiprocessing
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

DEFAULT_COMMAND = ["build/cryptauditor", "-c", "AES-GCM,CHACHA20-POLY1305", "-d", "16KB",
                   "--operations", "encrypt"]


# ---------------------------------------------------------------------------------------------- load generator
def _load_worker(seed, stop):
    """Alternate busy-looping and sleeping, each phase 0.2-1.5 s long, until `stop` is set."""
    rng = random.Random(seed)
    busy = rng.random() < 0.5  # workers start in random states, so the load is not in lockstep at the start
    try:
        while not stop.is_set():
            phase_end = time.monotonic() + rng.uniform(0.2, 1.5)
            if busy:
                x = 0
                while time.monotonic() < phase_end and not stop.is_set():
                    for _ in range(20000):  # ~1 ms of arithmetic between clock and stop checks
                        x = (x * 1103515245 + 12345) & 0xFFFFFFFF
            else:
                stop.wait(max(0.0, phase_end - time.monotonic()))
            busy = not busy
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group; the parent does the cleanup
        pass


class LoadGenerator:
    """One competing CPU-bound process per CPU, each switched on and off at random (context manager)."""

    def __init__(self, seed, processes=None):
        self.seed, self.count = seed, processes or os.cpu_count() or 1
        self.stop, self.procs = multiprocessing.Event(), []

    def __enter__(self):
        for i in range(self.count):
            p = multiprocessing.Process(target=_load_worker, args=(self.seed * 1000 + i, self.stop), daemon=True)
            p.start()
            self.procs.append(p)
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for p in self.procs:
            p.join(timeout=3)
            if p.is_alive():  # should not happen; never leave a busy loop behind
                p.terminate()
                p.join()
        return False


# -------------------------------------------------------------------------------------------- report parsing
def comparison_of(rec):
    return (rec["algorithm"], rec["key_bits"], rec["operation"], rec["data_bytes"])


def report_medians(report):
    """{comparison: {backend: median_ns}} over the records measured successfully."""
    out = {}
    for rec in report.get("results", []):
        if rec.get("status") == "ok" and rec.get("median_ns"):
            out.setdefault(comparison_of(rec), {})[rec["backend"]] = rec["median_ns"]
    return out


def report_ratios(report, medians):
    """{(comparison, a, b): (ratio, ci_low, ci_high)} with a < b by name, ratio = time(a) / time(b).

    Reads the paired ratios of a schema-2 report from a top-level "pairwise_ratios" array of
    {"a", "b", "algorithm", "key_bits", "operation", "data_bytes", "ratio", "ci_low", "ci_high"} where ratio is
    a's time per operation over b's (core/stats/paired.hpp). Pairs it lacks fall back to the ratio of the two
    medians, without an interval (ci_low = ci_high = None). Adapt here if the report's layout changes."""
    out = {}
    for e in report.get("pairwise_ratios", []):
        a, b, r, lo, hi = e["a"], e["b"], e["ratio"], e.get("ci_low"), e.get("ci_high")
        if not r or r <= 0:
            continue
        if a > b:  # one orientation per pair: invert the ratio and its interval
            a, b, r = b, a, 1 / r
            lo, hi = (1 / hi if hi else None), (1 / lo if lo else None)
        out[(comparison_of(e), a, b)] = (r, lo, hi)
    for comp, by_backend in medians.items():
        for a, b in itertools.combinations(sorted(by_backend), 2):
            out.setdefault((comp, a, b), (by_backend[a] / by_backend[b], None, None))
    return out


# ------------------------------------------------------------------------------------------------- analysis
def spread(values):
    """max / min, or None without values (a backend missing from every run's report)."""
    return max(values) / min(values) if values and min(values) > 0 else None


def analyse(runs, apart, max_spread, ci_overlap_target):
    """Per-pair figures and the summary for one order; `runs` is a list of (medians, ratios) per run."""
    pairs = []
    for key in sorted({k for _, ratios in runs for k in ratios}):
        comp, a, b = key
        per_run = [ratios[key] for _, ratios in runs if key in ratios]
        rs = [r for r, _, _ in per_run]
        med = statistics.median(rs)
        # Shown as "slower / faster": orient so the median ratio is >= 1.
        slower, faster = (a, b) if med >= 1 else (b, a)
        above, below = sum(r > 1 for r in rs), sum(r < 1 for r in rs)
        cis = [(lo, hi) for _, lo, hi in per_run if lo is not None and hi is not None]
        # Coverage (issue #32): does each run's interval contain the median of all runs' ratios?
        covered = [lo <= med <= hi for r, lo, hi in per_run if lo is not None and hi is not None]
        half_widths = [(hi / lo) ** 0.5 - 1 for _, lo, hi in per_run if lo is not None and hi is not None and lo > 0]
        overlap = None
        if cis and len(cis) == len(per_run):  # every two runs' intervals share a point
            overlap = all(l1 <= h2 and l2 <= h1 for (l1, h1), (l2, h2) in itertools.combinations(cis, 2))
        pairs.append({
            "algorithm": comp[0], "key_bits": comp[1], "operation": comp[2], "data_bytes": comp[3],
            "slower": slower, "faster": faster, "runs": len(rs),
            "ratio_median": max(med, 1 / med), "ratios": [r if slower == a else 1 / r for r in rs],
            "ratio_cis": [[lo, hi] if slower == a else [1 / hi, 1 / lo] for lo, hi in cis],  # as "slower / faster"
            "apart": max(med, 1 / med) >= apart, "flips": min(above, below),
            "ratio_spread": spread(rs),
            "median_spread": {be: spread([m[comp][be] for m, _ in runs if be in m.get(comp, {})])
                              for be in (slower, faster)},
            "ci_overlap": overlap,
            "runs_covering_median": sum(covered), "runs_with_ci": len(covered),
            "ci_half_widths": half_widths,
        })
    apart_pairs = [p for p in pairs if p["apart"]]
    flipped = [p for p in apart_pairs if p["flips"]]
    worst = max((p["ratio_spread"] for p in apart_pairs), default=None)
    with_ci = [p for p in pairs if p["ci_overlap"] is not None]
    overlap_frac = sum(p["ci_overlap"] for p in with_ci) / len(with_ci) if with_ci else None
    pair_runs = sum(p["runs_with_ci"] for p in pairs)
    covering = sum(p["runs_covering_median"] for p in pairs)
    widths = [w for p in pairs for w in p["ci_half_widths"]]
    spreads = [p["ratio_spread"] for p in pairs if p["ratio_spread"] is not None]
    return pairs, {
        "pairs": len(pairs), "apart_pairs": len(apart_pairs), "apart_flipped": len(flipped),
        "all_pairs_flipped": sum(1 for p in pairs if p["flips"]),
        "worst_apart_ratio_spread": worst,
        "no_flip_ok": not flipped, "spread_ok": worst is None or worst <= max_spread,
        "pairs_with_ci": len(with_ci), "ci_overlap_fraction": overlap_frac,
        "ci_overlap_ok": None if overlap_frac is None else overlap_frac >= ci_overlap_target,
        "pair_runs_with_ci": pair_runs, "pair_runs_covering_median": covering,
        "coverage_of_median": covering / pair_runs if pair_runs else None,
        "median_ci_half_width": statistics.median(widths) if widths else None,
        "median_ratio_spread": statistics.median(spreads) if spreads else None,
        "worst_ratio_spread": max(spreads) if spreads else None,
    }


def fmt(x):
    return "-" if x is None else f"{x:.3f}"


def print_order(label, pairs, summary, walls, args):
    print(f"\n=== order: {label}  ({len(walls)} runs, wall time per run {min(walls):.1f}-{max(walls):.1f} s"
          f"{', load generator on' if args.load else ''})")
    current = None
    for p in pairs:
        comp = (p["algorithm"], p["key_bits"], p["operation"], p["data_bytes"])
        if comp != current:
            current = comp
            bits = f"-{comp[1]}" if comp[1] else ""
            print(f"\n{comp[0]}{bits} {comp[2]} {comp[3]} B")
            print(f"  {'slower / faster':<28}{'ratio':>7}{'min':>7}{'max':>7}{'spread':>8}{'flips':>7}"
                  f"  {'med.spread slower, faster':<26}{'CI ovl':>7}")
        ci = {None: "-", True: "yes", False: "NO"}[p["ci_overlap"]]
        ms = p["median_spread"]
        print(f"  {p['slower'] + ' / ' + p['faster']:<28}{p['ratio_median']:>7.3f}{min(p['ratios']):>7.3f}"
              f"{max(p['ratios']):>7.3f}{p['ratio_spread']:>8.3f}{p['flips']:>4}/{p['runs']:<2}"
              f"  {fmt(ms[p['slower']]):>6}, {fmt(ms[p['faster']]):<18}{ci:>7}"
              f"{'  >=%.2fx apart' % args.apart if p['apart'] else ''}")
    s = summary
    worst = "n/a" if s["worst_apart_ratio_spread"] is None else f"{s['worst_apart_ratio_spread']:.3f}"
    ci = ("n/a (no paired intervals in the reports)" if s["ci_overlap_fraction"] is None else
          f"{100 * s['ci_overlap_fraction']:.0f} % of {s['pairs_with_ci']} pairs "
          f"({'ok' if s['ci_overlap_ok'] else 'FAILS'} >= {100 * args.ci_overlap:.0f} %)")
    print(f"\nsummary [{label}]: {s['apart_pairs']} of {s['pairs']} pairs >= {args.apart:.2f}x apart, "
          f"{s['apart_flipped']} of them flipped (of all pairs, {s['all_pairs_flipped']} flipped); worst ratio "
          f"spread among them {worst}; criteria: no flip {'ok' if s['no_flip_ok'] else 'FAILS'}, spread <= "
          f"{args.max_spread:.2f} {'ok' if s['spread_ok'] else 'FAILS'}; CI overlap across runs: {ci}")
    if s["coverage_of_median"] is not None:
        print(f"coverage [{label}]: each run's 95 % CI contains the {len(walls) or 'given'} runs' median ratio in "
              f"{s['pair_runs_covering_median']} of {s['pair_runs_with_ci']} pair-runs "
              f"({100 * s['coverage_of_median']:.1f} %); median CI half-width "
              f"±{100 * s['median_ci_half_width']:.2f} %, median ratio spread across runs "
              f"{100 * (s['median_ratio_spread'] - 1):.2f} %, worst pair's spread {s['worst_ratio_spread']:.3f}")


# ------------------------------------------------------------------------------------------------- running
def run_once(command, order, report_path):
    """Run the program once; returns (report, wall seconds). Exits 2 on a usage error, 1 without a report."""
    cmd = command + (["--order", order] if order else []) + ["--format", "json", "-o", report_path]
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    if proc.returncode == 2:
        if order and "order" in proc.stderr:
            no_flag = any(w in proc.stderr.lower() for w in ("not exist", "unknown", "unrecognized"))
            print(f"ranking_stability: the program rejects '--order {order}' (exit 2): {proc.stderr.strip()}"
                  + ("\n  (this program has no --order: rerun with --no-order-flag)" if no_flag else ""),
                  file=sys.stderr)
        else:
            print(f"ranking_stability: usage error (exit 2) from {' '.join(cmd)}: {proc.stderr.strip()}",
                  file=sys.stderr)
        sys.exit(2)
    # Exit 1 with a report means some backend failed: its rows are "failed" and are skipped.
    if not os.path.exists(report_path) or os.path.getsize(report_path) == 0:
        print(f"ranking_stability: {' '.join(cmd)} exited {proc.returncode} without a report:\n"
              f"{proc.stderr.strip()}", file=sys.stderr)
        sys.exit(1)
    with open(report_path) as f:
        return json.load(f), wall


def write_json_atomically(path, doc):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=2, allow_nan=False)
        f.write("\n")
    os.replace(tmp, path)  # never a half-written file


def parse_args():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--runs", type=int, default=8, help="runs per order (default 8)")
    ap.add_argument("--orders", default="interleaved,sequential",
                    help="comma-separated --order values to pass (default interleaved,sequential)")
    ap.add_argument("--no-order-flag", action="store_true",
                    help="pass no --order (programs that predate it); the runs are labelled 'current'")
    ap.add_argument("--load", action="store_true",
                    help="run a load generator meanwhile: one CPU-bound process per CPU, each switched on "
                         "and off at random in phases of 0.2-1.5 s")
    ap.add_argument("--seed", type=int, default=1, help="seed of the load generator's phases (default 1)")
    ap.add_argument("--apart", type=float, default=1.10,
                    help="pairs whose median ratio is at least this are 'apart' (default 1.10)")
    ap.add_argument("--max-spread", type=float, default=1.05,
                    help="criterion: max/min of an apart pair's ratio across runs (default 1.05)")
    ap.add_argument("--ci-overlap", type=float, default=0.90,
                    help="criterion: fraction of pairs whose paired intervals overlap across runs (default 0.90)")
    ap.add_argument("--json", metavar="OUT", help="also write the figures as JSON to OUT")
    ap.add_argument("--keep-reports", metavar="DIR", help="keep each run's report as DIR/<order>-<run>.json")
    ap.add_argument("--reports", nargs="+", metavar="REPORT",
                    help="run nothing: analyse these JSON reports (--format json -o) as the runs of one order")
    ap.add_argument("command", nargs=argparse.REMAINDER,
                    help="after '--': the cryptauditor command (default: " + " ".join(DEFAULT_COMMAND) + ")")
    args = ap.parse_args()
    if args.command[:1] == ["--"]:
        args.command = args.command[1:]
    args.command = args.command or list(DEFAULT_COMMAND)
    if args.reports:
        return args
    if args.runs < 2:
        ap.error(f"--runs {args.runs}: at least 2 runs are needed to compare runs")
    for flag in ("--format", "-o", "--output", "--order"):
        if flag in args.command:
            ap.error(f"the command must not contain {flag}: the script adds it")
    if not shutil.which(args.command[0]):
        ap.error(f"program '{args.command[0]}' not found or not executable")
    args.order_list = [None] if args.no_order_flag else [o for o in args.orders.split(",") if o]
    if not args.order_list:
        ap.error("--orders: give at least one value, e.g. interleaved,sequential")
    return args


def analyse_reports(args):
    """--reports: the given reports as the runs of one order, labelled "reports"."""
    runs = []
    for path in args.reports:
        with open(path) as f:
            report = json.load(f)
        medians = report_medians(report)
        runs.append((medians, report_ratios(report, medians)))
    pairs, summary = analyse(runs, args.apart, args.max_spread, args.ci_overlap)
    args.load = False
    print_order("reports", pairs, summary, [0.0] * len(runs), args)
    if args.json:
        write_json_atomically(args.json, {"reports": args.reports, "summary": summary, "pairs": pairs})
    return 0


def main():
    args = parse_args()
    if args.reports:
        return analyse_reports(args)
    labels = ["current" if o is None else o for o in args.order_list]
    runs = {label: [] for label in labels}
    walls = {label: [] for label in labels}
    report_dir = args.keep_reports or tempfile.mkdtemp(prefix="ranking_stability.")
    os.makedirs(report_dir, exist_ok=True)
    schedule = list(zip(args.order_list, labels))
    try:
        # The load generator stops on the way out of the with block, also on Ctrl-C or an error.
        with LoadGenerator(args.seed) if args.load else contextlib.nullcontext():
            if args.load:
                time.sleep(0.5)  # let the workers get going before the first run
            for i in range(args.runs):
                k = i % len(schedule)  # rotate which order goes first, so neither always follows the other
                for order, label in schedule[k:] + schedule[:k]:
                    print(f"run {i + 1}/{args.runs} [{label}] ...", file=sys.stderr, flush=True)
                    path = os.path.join(report_dir, f"{label}-{i + 1}.json")
                    report, wall = run_once(args.command, order, path)
                    medians = report_medians(report)
                    runs[label].append((medians, report_ratios(report, medians)))
                    walls[label].append(wall)
    finally:
        if not args.keep_reports:
            shutil.rmtree(report_dir, ignore_errors=True)

    print(f"command: {' '.join(args.command)}  (+ {'--order ORDER ' if not args.no_order_flag else ''}"
          f"--format json -o FILE); {args.runs} runs per order; load generator: "
          f"{f'on, {os.cpu_count()} processes, seed {args.seed}' if args.load else 'off'}")
    results = {}
    for label in labels:
        pairs, summary = analyse(runs[label], args.apart, args.max_spread, args.ci_overlap)
        print_order(label, pairs, summary, walls[label], args)
        results[label] = {"wall_s": walls[label], "summary": summary, "pairs": pairs}
    if args.json:
        write_json_atomically(args.json, {
            "command": args.command, "runs": args.runs, "load": args.load, "seed": args.seed,
            "cpus": os.cpu_count(), "apart": args.apart, "max_spread": args.max_spread,
            "ci_overlap_target": args.ci_overlap, "orders": results})
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("ranking_stability: interrupted")
