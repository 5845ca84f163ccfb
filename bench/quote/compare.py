#!/usr/bin/env python3
"""Verity's quote engine against the difflib baseline on the same cases.

Builds verity, generates the benchmark's cases with `verity eval quotes
--cases-out` (SciFact when present, else the embedded fixture corpus), runs
`verity quote --batch` and difflib_locate.py over the same JSONL, scores both
with `verity eval quotes --cases --results`, and prints accuracy per kind and
the time ratios.

    python3 bench/quote/compare.py --split test --n 700
    python3 bench/quote/compare.py --split dev --n 350 --tune   # pick difflib's threshold on dev

Not part of `go test`: difflib takes minutes.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, check=True, **kw)


def timed(cmd, stdin_path, stdout_path):
    """Wall time of cmd over the JSONL, and what it printed on stderr."""
    with open(stdin_path, "rb") as fin, open(stdout_path, "wb") as fout:
        t0 = time.perf_counter()
        # The Go locator exits 1 only for malformed lines; answers are still written.
        p = subprocess.run(cmd, cwd=ROOT, stdin=fin, stdout=fout, stderr=subprocess.PIPE, check=False)
        return time.perf_counter() - t0, p.stderr.decode()


def go_locate_only(tools, args):
    """Seconds quote.Locate takes over the same cases in one goroutine, from
    `verity eval quotes` (no JSON decoding, no process start)."""
    p = run([os.path.join(tools, "verity"), "eval", "quotes", "--json", "--split", args.split, "--n", str(args.n),
             "--data", args.data], capture_output=True)
    return json.loads(p.stdout)["locate_seconds"]


def score(tools, cases, results):
    out = run([os.path.join(tools, "verity"), "eval", "quotes", "--json", "--cases", cases, "--results", results],
              capture_output=True)
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="test", choices=["dev", "test"])
    ap.add_argument("--n", type=int, default=700)
    ap.add_argument("--threshold", type=float, default=None,
                    help="difflib acceptance threshold (default: the value in difflib_threshold.txt, tuned on dev)")
    ap.add_argument("--tune", action="store_true", help="try thresholds and report each (use on dev only)")
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"),
                    help="folder holding scifact/ (the embedded fixture corpus is used when it is absent)")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="quotebench-")
    run(["go", "build", "-o", os.path.join(tmp, "verity"), "./cmd/verity"])
    verity = os.path.join(tmp, "verity")
    cases = os.path.join(tmp, "cases.jsonl")
    run([verity, "eval", "quotes", "--split", args.split, "--n", str(args.n), "--data", args.data,
         "--cases-out", cases])
    size = os.path.getsize(cases)

    go_cmd = [verity, "quote", "--batch"]
    go_out = os.path.join(tmp, "go.jsonl")
    go_secs = min(timed(go_cmd, cases, go_out)[0] for _ in range(3))
    go_rep = score(tmp, cases, go_out)
    go_only = min(go_locate_only(tmp, args) for _ in range(3))

    thresholds = [args.threshold]
    if args.tune:
        thresholds = [0.6, 0.7, 0.8, 0.85, 0.9, 0.95]
    elif args.threshold is None:
        with open(os.path.join(HERE, "difflib_threshold.txt")) as f:
            thresholds = [float(f.read().strip())]
    runs = []
    for th in thresholds:
        out = os.path.join(tmp, f"difflib-{th}.jsonl")
        secs, err = timed([sys.executable, os.path.join(HERE, "difflib_locate.py"), "--threshold", str(th)], cases, out)
        only = float(re.search(r"locate only ([0-9.]+)s", err).group(1))
        runs.append((th, secs, score(tmp, cases, out), only))

    print(f"split {args.split}: {go_rep['cases']} cases, {size / 1e6:.1f} MB of JSONL")
    print(f"go locator: {' '.join(os.path.relpath(c, tmp) if c.startswith(tmp) else c for c in go_cmd)}")
    header = f"{'kind':>12} {'verity':>8}" + "".join(f" {'difflib@' + str(th):>13}" for th, _, _, _ in runs)
    print(header)
    kinds = [k["kind"] for k in go_rep["kinds"]]
    for i, k in enumerate(kinds):
        row = f"{k:>12} {go_rep['kinds'][i]['accuracy']:8.4f}"
        for _, _, rep, _ in runs:
            row += f" {rep['kinds'][i]['accuracy']:13.4f}"
        print(row)
    row = f"{'overall':>12} {go_rep['accuracy']:8.4f}" + "".join(f" {rep['accuracy']:13.4f}" for _, _, rep, _ in runs)
    print(row)
    row = f"{'false acc.':>12} {go_rep['false_accepts']:8d}" + "".join(f" {rep['false_accepts']:13d}" for _, _, rep, _ in runs)
    print(row)
    row = f"{'seconds':>12} {go_secs:8.2f}" + "".join(f" {secs:13.1f}" for _, secs, _, _ in runs)
    print(row)
    row = f"{'locate s':>12} {go_only:8.3f}" + "".join(f" {only:13.2f}" for _, _, _, only in runs)
    print(row)
    for th, secs, rep, only in runs:
        print(f"difflib@{th}: {secs / go_secs:.0f}x the time of `{os.path.basename(go_cmd[0])}` end to end "
              f"(process start, JSON decoding, all cores); "
              f"{only / go_only:.0f}x the time of quote.Locate alone, both on one core")


if __name__ == "__main__":
    main()
