#!/usr/bin/env python3
"""Where does the run-to-run variation of a paired ratio come from? (issue #32, item 1)

Measures one command's paired ratios (every pair of backends of every comparison) at several levels, from
the raw samples of JSON reports, and splits the variance of a pair's log-ratio into components:

  rounds       the noise inside one measurement: the variance of the pair's estimate from its rounds
               (the squared standard error of the trimmed mean (a third cut at each end) of its per-round log-ratios, as the
               printed interval uses);
  host (s)     what changes between back-to-back repetitions in one process (`--repetitions N`): the host's
               phases of a second or so; nothing else changes (same process, key, buffers, warm-up);
  process      what changes between fresh exec'd worker processes of one run (`--processes N`) beyond the
               host term: key (a new random key per process), heap and library load addresses (ASLR),
               buffer placement, warm-up, and the CPU each lane runs on;
    of which ASLR: the process term with ASLR on minus the process term under `setarch -R` (no
               randomisation: the same addresses in every process);
  run          what changes between separate runs beyond the process term: the host's longer phases.

Each term is an excess of variance over the level below (floored at 0), computed per pair and then
summarised as the median over pairs of its standard deviation in percent (exp(sd) - 1).

    python3 bench/ratio_variance.py --binary build/cryptauditor --runs 6 --units 6 --json out.json
    python3 bench/ratio_variance.py --binary /work/main/build/cryptauditor ...   (before issue #32)
The command is the issue's: -c AES-GCM,CHACHA20-POLY1305 -d 16KB --operations encrypt (change with
--args "..."). Cost: one run with --repetitions N, two with --processes N (ASLR on, off), and --runs runs.
"""
import argparse
import itertools
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

DEFAULT_ARGS = "-c AES-GCM,CHACHA20-POLY1305 -d 16KB --operations encrypt"


# ------------------------------------------------------------------------------------------ the estimator
def t_quantile_975(df):
    """Student's t 0.975 quantile (table values; the normal limit beyond 30 degrees of freedom)."""
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
             10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042}
    if df >= 30:
        return 1.96 + 2.4 / df  # within 0.3 % of the table from 30 on
    return table.get(df) or table[max(k for k in table if k <= df)]


def trimmed_mean_se(xs, trim=1 / 3):
    """(trimmed mean, its Tukey-McLaughlin standard error): the estimator of core/stats/paired.hpp (a third
    trimmed at each end, kRatioTrim)."""
    v = sorted(xs)
    n = len(v)
    g = int(math.floor(trim * n + 1e-9))
    h = n - 2 * g
    tm = sum(v[g:n - g]) / h
    if h < 2:
        return tm, float("nan")
    w = [v[g]] * g + v[g:n - g] + [v[n - 1 - g]] * g
    wm = sum(w) / n
    ss = sum((x - wm) ** 2 for x in w)
    return tm, math.sqrt(ss / h / (h - 1))


# --------------------------------------------------------------------------------------------- reports
def comparison_of(rec):
    return (rec["algorithm"], rec["key_bits"], rec["operation"], rec["data_bytes"])


def split(rec, counts_field):
    """The record's (samples, rounds) per unit (repetition or process): a list of dicts round -> sample."""
    samples, rounds = rec.get("samples_ns", []), rec.get("sample_rounds", [])
    counts = rec.get(counts_field) or [len(samples)]
    units, at = [], 0
    for c in counts:
        units.append(dict(zip(rounds[at:at + c], samples[at:at + c])))
        at += c
    return units


def unit_log_ratios(report, counts_field):
    """{(comparison, a, b): [(estimate, se) per unit]} from the raw samples: a's and b's samples of the same
    round, within each unit (repetition, process, or the whole run)."""
    by_comp = {}
    for rec in report.get("results", []):
        if rec.get("status") == "ok" and rec.get("sample_rounds"):
            by_comp.setdefault(comparison_of(rec), {})[rec["backend"]] = split(rec, counts_field)
    out = {}
    for comp, backends in by_comp.items():
        for a, b in itertools.combinations(sorted(backends), 2):
            ua, ub = backends[a], backends[b]
            if len(ua) != len(ub):
                continue
            per_unit = []
            for xa, xb in zip(ua, ub):
                logs = [math.log(xa[r] / xb[r]) for r in xa if r in xb and xa[r] > 0 and xb[r] > 0]
                if len(logs) >= 2:
                    per_unit.append(trimmed_mean_se(logs))
            out[(comp, a, b)] = per_unit
    return out


def run(binary, args, extra, prefix=None):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    cmd = (prefix or []) + [binary] + args.split() + extra + ["--quiet", "--format", "json", "-o", path]
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode not in (0, 1) or os.path.getsize(path) == 0:
        sys.exit(f"ratio_variance: {' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.strip()}")
    with open(path) as f:
        report = json.load(f)
    os.unlink(path)
    return report


# -------------------------------------------------------------------------------------------- analysis
def between_and_within(units):
    """(variance of the unit estimates, mean squared standard error inside a unit)."""
    est = [e for e, _ in units]
    se2 = [s * s for _, s in units if not math.isnan(s)]
    if len(est) < 2 or not se2:
        return None, None
    return statistics.variance(est), statistics.mean(se2)


def pct(var):
    return 100 * (math.exp(math.sqrt(var)) - 1) if var is not None else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--binary", default="build/cryptauditor")
    ap.add_argument("--args", default=DEFAULT_ARGS, help=f"the command's arguments (default: {DEFAULT_ARGS})")
    ap.add_argument("--units", type=int, default=6, help="repetitions and processes per run (default 6)")
    ap.add_argument("--runs", type=int, default=6, help="separate runs (default 6)")
    ap.add_argument("--json", metavar="OUT", help="also write the per-pair figures as JSON")
    args = ap.parse_args()
    if args.units < 2 or args.runs < 2:
        ap.error("--units and --runs: at least 2")
    n = str(args.units)
    print(f"ratio_variance: {args.binary} {args.args}", file=sys.stderr)
    levels = {
        "repetitions": unit_log_ratios(run(args.binary, args.args, ["--repetitions", n]), "repetition_samples"),
        "processes": unit_log_ratios(run(args.binary, args.args, ["--processes", n]), "process_samples"),
        "processes_no_aslr": unit_log_ratios(
            run(args.binary, args.args, ["--processes", n], ["setarch", os.uname().machine, "-R"]),
            "process_samples"),
    }
    runs = {}
    for _ in range(args.runs):
        for key, units in unit_log_ratios(run(args.binary, args.args, []), None).items():
            runs.setdefault(key, []).extend(units)
    levels["runs"] = runs

    rows = []
    for key in sorted(set.intersection(*(set(v) for v in levels.values()))):
        v = {lvl: between_and_within(levels[lvl][key]) for lvl in levels}
        if any(b is None for b, _ in v.values()):
            continue
        within = v["runs"][1]  # a default run's own squared standard error
        rep, proc, noaslr, runs_v = (v[k][0] for k in ("repetitions", "processes", "processes_no_aslr", "runs"))
        # Each level's between-unit variance holds its units' own noise (their se^2) too: remove it first.
        rep_x = max(0.0, rep - v["repetitions"][1])
        proc_x = max(0.0, proc - v["processes"][1])
        noaslr_x = max(0.0, noaslr - v["processes_no_aslr"][1])
        runs_x = max(0.0, runs_v - within)
        rows.append({
            "comparison": list(key[0]), "a": key[1], "b": key[2],
            "rounds": within, "host_seconds": rep_x, "process": max(0.0, proc_x - rep_x),
            "aslr": max(0.0, proc_x - noaslr_x), "run": max(0.0, runs_x - proc_x),
            "between_runs_total": runs_v,
        })
    if not rows:
        sys.exit("ratio_variance: no pair was measured at every level")
    print(f"{len(rows)} pairs; median over pairs of each component's standard deviation of the log-ratio, as %"
          f" (an excess over the level below, floored at 0; * = share of pairs where it is > 0):")
    for name, label in (("rounds", "rounds (inside one run: the printed CI's source)"),
                        ("host_seconds", "host, seconds (between repetitions of one process)"),
                        ("process", "process (key, heap, ASLR, placement, warm-up, CPU)"),
                        ("aslr", "  of which ASLR (on minus setarch -R)"),
                        ("run", "run (between runs, beyond processes)"),
                        ("between_runs_total", "total between runs")):
        vals = [r[name] for r in rows]
        positive = sum(x > 0 for x in vals) / len(vals)
        print(f"  {label:<56} {pct(statistics.median(vals)):6.2f} %   p90 {pct(sorted(vals)[int(0.9 * (len(vals) - 1))]):6.2f} %"
              f"   * {100 * positive:3.0f} %")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"binary": args.binary, "args": args.args, "units": args.units, "runs": args.runs,
                       "pairs": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
