#!/usr/bin/env python3
"""WC: how long the compiler takes to type-check one long Rill operator chain.

Generates a function whose body is a single expression of N operators with untyped closures,
type-checks it with `swiftc -typecheck` against an already-built Rill module, and reports the
seconds per N and the first N that fails, for each of five operator mixes.

    python3 Benchmarks/wc/wc.py                      # N = 4...32, all mixes, debug module
    python3 Benchmarks/wc/wc.py --quick              # N = 4, 8, 12: smoke test
    python3 Benchmarks/wc/wc.py --module-dir .build/release --time-limit 120 --mixes c,d
    RILL_MODULE_DIR=/path/to/.build/release python3 Benchmarks/wc/wc.py

Nothing is built: the module directory must already hold Rill.swiftmodule (under Modules/ or at
its top level), as `swift build` leaves it. Arguments after `--` go to swiftc, for example
`-- -Xfrontend -solver-scope-threshold=4000000`.

Besides wall-clock seconds, each run records the constraint solver's scope count
(Sema.NumConstraintScopes from -stats-output-dir). It does not depend on machine load, and the
compiler gives up with "unable to type-check this expression in reasonable time" when it passes
the solver's scope threshold (2^20 by default), so it is the number to compare across runs.
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_MODULE_DIR = PACKAGE_ROOT / ".build" / "debug"

# A stage is what one step of a mix appends. Every stage maps Signal<Int, Never> to
# Signal<Int, Never>, so a chain can stop after any stage and still match the declared result
# type; the combineLatest stage is therefore two calls (the pair is mapped back to an Int).
STAGES = {
    "map": ".map { $0 + 1 }",
    "filter": ".filter { $0 > 0 }",
    "scan": ".scan(0) { $0 + $1 }",
    # What the DocC article "Getting started" tells a user to write when (d) grows.
    "typedScan": ".scan(0) { (total: Int, value: Int) in total + value }",
    "removeDuplicates": ".removeDuplicates()",
    "skip": ".skip(1)",
    "take": ".take(100)",
    # Implicit member `.just` rather than `Signal.just`: the closure stays untyped and the
    # solver has to find the inner signal's type from flatMap's signature.
    "flatMap": ".flatMap(.merge) { .just($0) }",
    "combineLatest": ".combineLatest(with: other).map { $0 + $1 }",
    "catch": ".catch { _ in .empty }",
}

MIXES = {
    "a": ["map", "filter"],
    "b": ["map", "scan"],
    "c": ["map", "filter", "scan", "removeDuplicates", "skip", "take"],
    "d": ["map", "filter", "scan", "removeDuplicates", "skip", "take",
          "flatMap", "combineLatest", "catch"],
    "e": ["map", "filter", "typedScan", "removeDuplicates", "skip", "take",
          "flatMap", "combineLatest", "catch"],
}

MIX_DESCRIPTIONS = {
    "a": "map / filter",
    "b": "map / scan",
    "c": "map, filter, scan, removeDuplicates, skip, take",
    "d": "(c) + flatMap(.merge), combineLatest(with:)+map, catch",
    "e": "(d) with the scan closure's parameters typed",
}

FULL_NS = list(range(4, 33))
QUICK_NS = [4, 8, 12]

TOO_COMPLEX = "unable to type-check this expression in reasonable time"

# Errors that mean the module is missing or is being rewritten by a concurrent build, not
# that the chain failed: such a run is retried after a pause instead of being recorded.
MODULE_TROUBLE = re.compile(
    r"no such module 'Rill'|malformed compiled module|could not build module"
    r"|module file was created by|unable to load|truncated|cannot load underlying module"
)


def chain_source(mix, n, context):
    stages = MIXES[mix]
    body = "s" + "".join(STAGES[stages[i % len(stages)]] for i in range(n))
    params = "_ s: Signal<Int, Never>, _ other: Signal<Int, Never>"
    if context == "return":
        # The declared result type is the common case in an app, and it gives the solver the
        # type of the whole chain up front.
        return f"import Rill\n\nfunc f({params}) -> Signal<Int, Never> {{\n    {body}\n}}\n"
    # No contextual type: the solver has only the base to go on.
    return (f"import Rill\n\nfunc f({params}) {{\n    let r = {body}\n    _ = r\n}}\n")


def call_count(mix, n):
    stages = MIXES[mix]
    return sum(2 if stages[i % len(stages)] == "combineLatest" else 1 for i in range(n))


def run_swiftc(args, time_limit):
    """Runs swiftc in its own process group so that a time-out also ends the frontend job."""
    start = time.monotonic()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=time_limit)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        timed_out = True
    return time.monotonic() - start, proc.returncode, out + err, timed_out


def measure(mix, n, args, workdir):
    src = workdir / f"wc_{mix}_{n}.swift"
    src.write_text(chain_source(mix, n, args.context))
    stats_dir = workdir / f"stats_{mix}_{n}"
    # Rill imports its C module privately; its module map is in the package's sources, which
    # a build folder holds a copy of only after some builds.
    stack_pointer = Path(__file__).resolve().parents[2] / "Sources" / "RillStackPointer" / "include"
    cmd = [args.swiftc, "-typecheck", "-I", str(args.module_dir / "Modules"),
           "-I", str(args.module_dir), "-I", str(stack_pointer), str(src),
           "-Xfrontend", "-debug-time-function-bodies"]
    if not args.no_stats:
        # Solver scopes do not depend on how busy the machine is; seconds do.
        cmd += ["-stats-output-dir", str(stats_dir)]
    cmd += args.extra

    for attempt in range(args.retries + 1):
        shutil.rmtree(stats_dir, ignore_errors=True)
        stats_dir.mkdir()
        wall, rc, output, timed_out = run_swiftc(cmd, args.time_limit)
        if not timed_out and rc != 0 and MODULE_TROUBLE.search(output) and TOO_COMPLEX not in output:
            if attempt < args.retries:
                print(f"  [{mix} N={n}] module not usable right now; retrying in "
                      f"{args.retry_wait} s", file=sys.stderr)
                time.sleep(args.retry_wait)
                continue
        break

    result = {"mix": mix, "n": n, "calls": call_count(mix, n), "wall_s": round(wall, 3)}
    body_ms = re.search(r"^\s*([0-9.]+)ms\t.*global function", output, re.M)
    if body_ms:
        result["typecheck_s"] = round(float(body_ms.group(1)) / 1000, 3)
    for stats_file in stats_dir.glob("*.json"):
        counters = json.loads(stats_file.read_text())
        result["scopes"] = counters.get("Sema.NumConstraintScopes")
    if timed_out:
        result["status"] = "timeout"
    elif TOO_COMPLEX in output:
        result["status"] = "too-complex"
    elif rc != 0:
        result["status"] = "error"
        result["message"] = next((l for l in output.splitlines() if "error:" in l), output[:300])
    else:
        result["status"] = "ok"
    return result


def cell(r):
    if r is None:
        return "–"
    if r["status"] == "ok":
        return f"{r['wall_s']:.2f}"
    if r["status"] == "timeout":
        return f"fails (> {r['limit']:g} s)"
    if r["status"] == "too-complex":
        return f"fails ({r['wall_s']:.1f} s)"
    return "error"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--module-dir", type=Path,
                   default=Path(os.environ.get("RILL_MODULE_DIR", DEFAULT_MODULE_DIR)),
                   help="build folder holding Rill's module (default $RILL_MODULE_DIR or .build/debug)")
    p.add_argument("--mixes", default="a,b,c,d,e", help="comma-separated subset of a,b,c,d,e")
    p.add_argument("--ns", help="comma-separated N values (default 4...32)")
    p.add_argument("--quick", action="store_true", help=f"N = {QUICK_NS} only")
    p.add_argument("--time-limit", type=float, default=60, help="seconds per file (default 60)")
    p.add_argument("--expect-pass", action="store_true",
                   help="exit with an error if any chain fails to type-check (for CI)")
    p.add_argument("--context", choices=["return", "let"], default="return",
                   help="'return': body of a function declared -> Signal<Int, Never> (default); "
                        "'let': `let r = chain` with no type annotation")
    p.add_argument("--keep-going", action="store_true",
                   help="measure every N even after a mix's first failure")
    p.add_argument("--json", type=Path, help="also write the results to this file")
    p.add_argument("--keep-sources", type=Path, help="write the generated files to this folder")
    p.add_argument("--no-stats", action="store_true", help="do not collect solver scope counts")
    p.add_argument("--swiftc", default=os.environ.get("SWIFTC", "swiftc"))
    p.add_argument("--retries", type=int, default=10)
    p.add_argument("--retry-wait", type=float, default=30)
    p.add_argument("extra", nargs="*", help="extra swiftc arguments, after --")
    args = p.parse_args()
    args.module_dir = args.module_dir.absolute()

    if not any((args.module_dir / d / "Rill.swiftmodule").exists() for d in ("Modules", ".")):
        sys.exit(f"no Rill.swiftmodule under {args.module_dir}: build the package first")
    mixes = [m.strip() for m in args.mixes.split(",") if m.strip()]
    for m in mixes:
        if m not in MIXES:
            sys.exit(f"unknown mix {m!r}")
    ns = [int(x) for x in args.ns.split(",")] if args.ns else (QUICK_NS if args.quick else FULL_NS)

    workdir = args.keep_sources or Path(tempfile.mkdtemp(prefix="rill-wc-"))
    workdir.mkdir(parents=True, exist_ok=True)
    print(f"module dir: {args.module_dir}\ncontext: {args.context}, time limit {args.time_limit:.0f} s, "
          f"N = {ns}", file=sys.stderr)

    results = {m: {} for m in mixes}
    first_fail = {}
    for m in mixes:
        for n in ns:
            r = measure(m, n, args, workdir)
            r["limit"] = args.time_limit
            results[m][n] = r
            print(f"  {m} N={n:2d} calls={r['calls']:2d}: {r['status']} wall {r['wall_s']:.2f} s"
                  f" typecheck {r.get('typecheck_s', '?')} s scopes {r.get('scopes', '?')}"
                  + (f"  {r['message']}" if "message" in r else ""), file=sys.stderr, flush=True)
            if r["status"] != "ok" and m not in first_fail:
                first_fail[m] = n
                if not args.keep_going:
                    break
    if not args.keep_sources:
        shutil.rmtree(workdir, ignore_errors=True)

    # Markdown, so that the table can go straight into Benchmarks/README.md.
    print("\nSeconds (wall clock, whole swiftc process) and solver scopes per N; `fails` is the "
          "compiler's \"unable to type-check\" error or the time limit.\n")
    print("| N | " + " | ".join(f"({m}) s" for m in mixes) + " | "
          + " | ".join(f"({m}) scopes" for m in mixes) + " |")
    print("|---|" + "---|" * (2 * len(mixes)))
    for n in ns:
        row = [cell(results[m].get(n)) for m in mixes]
        row += [str(results[m][n].get("scopes", "–")) if n in results[m] else "–" for m in mixes]
        print(f"| {n} | " + " | ".join(row) + " |")
    print("\nFirst failing N:")
    for m in mixes:
        print(f"  ({m}) {MIX_DESCRIPTIONS[m]}: "
              + (str(first_fail[m]) if m in first_fail else f"none up to {max(ns)}"))

    if args.json:
        args.json.write_text(json.dumps({"module_dir": str(args.module_dir), "context": args.context,
                                         "time_limit": args.time_limit, "results": results,
                                         "first_fail": first_fail}, indent=1))
    # A check, not only a measurement: CI asks that the linear mixes stay linear.
    if args.expect_pass and first_fail:
        sys.exit(f"error: expected every chain to type-check; failed: "
                 + ", ".join(f"({m}) at N = {n}" for m, n in sorted(first_fail.items())))


if __name__ == "__main__":
    main()
