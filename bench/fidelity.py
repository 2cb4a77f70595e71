#!/usr/bin/env python3
"""Fidelity benchmark: cryptauditor's openssl backend side by side with `openssl speed -evp` and with a
minimal hand-written loop (bench/handloop_openssl.cpp) that makes exactly the backend's library calls.

The programs are run alternately, ROUNDS times, in one invocation; each round gives a ratio
cryptauditor / reference (throughput; 1.0 = same speed, < 1 = the harness reports slower). The machine is
shared and noisy, so the summary is the median of the per-round ratios and the ratio of the best figures.

Like with like (docs/FIDELITY.md):
- stream: `cryptauditor --cipher-mode stream` (one EVP_EncryptUpdate per operation on a running context)
  against `openssl speed -evp NAME` (OpenSSL 3.0 times AEADs with the same update-only loop unless -aead is
  given) and against the hand loop in stream mode;
- per message (the harness's default: nonce, whole message, final, tag) against the hand loop in message
  mode, which makes the same calls; `openssl speed` has no exact per-message equivalent (-aead adds 13 bytes
  of associated data);
- SHA2-256: every program hashes one whole message per operation.

Statistics: cryptauditor reports the median of short samples, which a preempting neighbour does not move;
the hand loop reports the median of 64-operation chunks likewise. `openssl speed` divides total work by CPU
time (its default), which also leaves out time spent preempted; with -elapsed it would divide by wall time
and, on a busy machine, report less than the library can do.

usage: bench/fidelity.py [--build build] [--rounds 5] [--seconds 1] [--sizes 16384,16] [--cpu N]
                         [--with BACKENDS]

--with BACKENDS measures openssl interleaved with these other backends (e.g. gcrypt,botan,cryptopp: in
every round each backend takes one sample, in a shuffled order) and reads openssl's figure from the report:
the harness-versus-hand-loop ratio then includes whatever another library's turn leaves behind.

--cpu N runs all three programs under `taskset -c N`: on a VM whose vCPUs are slowed by their neighbours
at different times, a ratio between programs that ran on different vCPUs measures the neighbours.
"""
import argparse
import json
import statistics
import subprocess
import sys

# (label, cryptauditor flags, openssl speed name or None, hand loop mode, hand loop name)
CASES = [
    ("AES-256-GCM stream", ["-c", "AES-GCM", "-k", "256", "--cipher-mode", "stream"], "aes-256-gcm", "stream",
     "aes-256-gcm"),
    ("ChaCha20-Poly1305 stream", ["-c", "CHACHA20-POLY1305", "--cipher-mode", "stream"], "chacha20-poly1305",
     "stream", "chacha20-poly1305"),
    ("SHA2-256", ["--hash", "SHA2-256"], "sha256", "message", "sha256"),
    ("AES-256-GCM per message", ["-c", "AES-GCM", "-k", "256"], None, "message", "aes-256-gcm"),
    ("ChaCha20-Poly1305 per message", ["-c", "CHACHA20-POLY1305"], None, "message", "chacha20-poly1305"),
]


PREFIX = []  # ["taskset", "-c", N] with --cpu N
WITH = []  # other backends measured interleaved with openssl (--with)


def ours(build, flags, size, seconds):
    out = subprocess.run([*PREFIX, f"{build}/cryptauditor", "-b", ",".join(["openssl", *WITH]), *flags, "-d", f"{size}B", "--format", "json",
                          "--budget", str(seconds), "--ci-target", "0.1", "--quiet"],
                         check=True, capture_output=True, text=True).stdout
    for r in json.loads(out)["results"]:
        if (r["backend"] == "openssl" and r["operation"] in ("encrypt", "encrypt-stream", "hash")
                and r["status"] == "ok"):
            return r["throughput_mib_s"] * 1048576
    raise RuntimeError("no result")


def speed(name, size, seconds):
    out = subprocess.run([*PREFIX, "openssl", "speed", "-mr", "-seconds", str(max(1, int(seconds))), "-bytes",
                          str(size), "-evp", name], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("+F:"):
            return float(line.split(":")[-1])
    raise RuntimeError("no +F line from openssl speed")


def handloop(build, mode, name, size, seconds):
    out = subprocess.run([*PREFIX, f"{build}/bench/handloop_openssl", mode, name, str(size), str(seconds)], check=True,
                         capture_output=True, text=True).stdout
    return float(out.strip())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--sizes", default="16384,16")
    ap.add_argument("--cpu", help="run every program pinned to this CPU (taskset -c)")
    ap.add_argument("--with", dest="with_", default="", help="other backends measured interleaved with openssl")
    a = ap.parse_args()
    WITH[:] = [b for b in a.with_.split(",") if b]
    if a.cpu is not None:
        PREFIX[:] = ["taskset", "-c", a.cpu]
    sizes = [int(x) for x in a.sizes.split(",")]
    print(f"{'case':36} {'vs openssl speed -evp':>28} {'vs hand loop':>28}")
    print(f"{'':36} {'median ratio':>14}{'best/best':>14} {'median ratio':>14}{'best/best':>14}")
    for label, flags, speed_name, loop_mode, loop_name in CASES:
        for size in sizes:
            o, s, h = [], [], []
            for _ in range(a.rounds):
                o.append(ours(a.build, flags, size, a.seconds))
                if speed_name:
                    s.append(speed(speed_name, size, a.seconds))
                h.append(handloop(a.build, loop_mode, loop_name, size, a.seconds))
            rh = statistics.median(x / y for x, y in zip(o, h))
            vs_speed = (f"{statistics.median(x / y for x, y in zip(o, s)):14.3f}{max(o) / max(s):14.3f}"
                        if s else f"{'-':>14}{'-':>14}")
            best = f"ours {max(o) / 1048576:.0f}, " + (f"speed {max(s) / 1048576:.0f}, " if s else "") + \
                f"loop {max(h) / 1048576:.0f}"
            print(f"{label + ' ' + str(size) + 'B':36} {vs_speed} {rh:14.3f}{max(o) / max(h):14.3f}"
                  f"   (MiB/s best: {best})")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
