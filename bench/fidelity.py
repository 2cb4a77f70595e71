#!/usr/bin/env python3
"""Fidelity benchmark: cryptauditor's openssl backend side by side with `openssl speed -evp` and with a
minimal hand-written loop (bench/handloop_openssl.cpp) that makes exactly the backend's library calls.

The three are run alternately, ROUNDS times, in one invocation; each round gives a ratio
cryptauditor / reference (throughput; 1.0 = same speed, < 1 = the harness reports slower). The machine is
shared and noisy, so the summary is the median of the per-round ratios and the ratio of the best figures.

Like with like: for SHA2-256 all three hash one whole message per operation. For the AEADs, cryptauditor
and the hand loop process one whole message per operation (new nonce, final, tag); `openssl speed -evp`
streams updates through one context with no per-message init or tag, so that ratio also contains the
per-message cost an application pays.

Statistics: cryptauditor reports the median of short samples, which a preempting neighbour does not move;
the hand loop reports the median of 64-operation chunks likewise. `openssl speed` divides total work by CPU
time (its default), which also leaves out time spent preempted; with -elapsed it would divide by wall time
and, on a busy machine, report less than the library can do.

usage: bench/fidelity.py [--build build] [--rounds 5] [--seconds 1]
"""
import argparse
import json
import statistics
import subprocess
import sys

CASES = [
    # (cryptauditor flags, openssl speed name, hand loop name)
    (["-c", "AES-GCM", "-k", "256"], "aes-256-gcm", "aes-256-gcm"),
    (["-c", "CHACHA20-POLY1305"], "chacha20-poly1305", "chacha20-poly1305"),
    (["--hash", "SHA2-256"], "sha256", "sha256"),
]
SIZES = [16384, 16]


def ours(build, flags, size, seconds):
    out = subprocess.run([f"{build}/cryptauditor", "-b", "openssl", *flags, "-d", f"{size}B", "--format", "json",
                          "--budget", str(seconds), "--ci-target", "0.1"],
                         check=True, capture_output=True, text=True).stdout
    for r in json.loads(out)["results"]:
        if r["operation"] in ("encrypt", "hash"):
            return r["throughput_mib_s"] * 1048576
    raise RuntimeError("no result")


def speed(name, size, seconds):
    out = subprocess.run(["openssl", "speed", "-mr", "-seconds", str(max(1, int(seconds))), "-bytes",
                          str(size), "-evp", name], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("+F:"):
            return float(line.split(":")[-1])
    raise RuntimeError("no +F line from openssl speed")


def handloop(build, name, size, seconds):
    out = subprocess.run([f"{build}/bench/handloop_openssl", name, str(size), str(seconds)], check=True,
                         capture_output=True, text=True).stdout
    return float(out.strip())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    a = ap.parse_args()
    print(f"{'case':32} {'vs openssl speed':>28} {'vs hand loop':>28}")
    print(f"{'':32} {'median ratio':>14}{'best/best':>14} {'median ratio':>14}{'best/best':>14}")
    for flags, speed_name, loop_name in CASES:
        for size in SIZES:
            o, s, h = [], [], []
            for _ in range(a.rounds):
                o.append(ours(a.build, flags, size, a.seconds))
                s.append(speed(speed_name, size, a.seconds))
                h.append(handloop(a.build, loop_name, size, a.seconds))
            rs = statistics.median(x / y for x, y in zip(o, s))
            rh = statistics.median(x / y for x, y in zip(o, h))
            label = f"{flags[-1] if flags[0] != '-c' or len(flags) == 2 else flags[1]} {size}B"
            print(f"{label:32} {rs:14.3f}{max(o) / max(s):14.3f} {rh:14.3f}{max(o) / max(h):14.3f}"
                  f"   (MiB/s best: ours {max(o) / 1048576:.0f}, speed {max(s) / 1048576:.0f}, "
                  f"loop {max(h) / 1048576:.0f})")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
