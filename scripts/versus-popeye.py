#!/usr/bin/env python3
"""Side-by-side speed comparison of fairy and the reference solver Popeye.

For every problem file (.inp) given, or found directly in a given directory,
Popeye and fairy are each run --runs times, interleaved (one Popeye run, one
fairy run per thread count, then the next round, with the order rotated every
round), so that changes of the machine's load hit both solvers alike.  For each
solver the median wall-clock time is reported (time.perf_counter around the
child process), together with the peak resident memory of the solver process
(largest over the runs), measured by GNU time (`/usr/bin/time -f %M`, which
wraps every run of both solvers when it is there; it adds about a millisecond)
or else by ru_maxrss from os.wait4 (then each figure has Python's own resident
size, ~15 MB, as a floor, since a child inherits the high-water mark of the
process it was started from).  A run that has not
finished after --timeout seconds is killed and counted as taking --timeout
seconds; its time is marked with ">".

Commands run:

    POPEYE -maxtime T -regression FILE        (T = --timeout, rounded up)
    FAIRY --threads K solve FILE              (K from --threads)

If normalize.py of the conformance corpus is found (--normalize, default
../shared/corpus/normalize.py next to the repository), the solution of
Popeye's first run is compared with that of fairy's first run for every thread
count (`normalize.py --compare`, i.e. same keys, tries, solutions and messages
regardless of order); without it the agreement column is left out.

Output: one table row per problem (times in seconds, ratios fairy/Popeye, peak
memory in MB, agreement), then the sums per column with the total ratio, the
worst single-problem ratio, and for the problems where fairy with 1 thread
takes more than 1 s the speedup with more threads.  --json prints the rows
and the totals as one JSON object instead.

Reproducing the table
---------------------

1. Build Popeye outside this repository (its code never enters it), e.g.

       git clone https://github.com/thomas-maeder/popeye ../popeye-src
       cd ../popeye-src && nice make -f makefile.unx -j2      # gives ./py

   The corpus' reference outputs were made with Popeye 4.104 (the `develop`
   branch after "we are devloping for 4.105"; 4.104 is a developer version
   without a tag).  `py` prints its version when started without arguments.

2. Build fairy: `cargo build --release` (gives target/release/fairy).

3. From the repository root, on an otherwise idle machine:

       scripts/versus-popeye.py --runs 3 --timeout 60 ../shared/corpus/speed

Usage:

    scripts/versus-popeye.py [--popeye PATH] [--fairy PATH] [--runs N]
        [--timeout S] [--threads LIST] [--normalize PATH] [--json]
        FILES_OR_DIRS...

Defaults: --popeye ../popeye-src/py next to the repository (else `py` on the
PATH), --fairy target/release/fairy, --runs 3, --timeout 60, --threads 1,2,
--time-binary /usr/bin/time (an empty value or a non-GNU time: use wait4).

Only the Python 3 standard library is used (plus GNU time if present, see
--time-binary); it needs a POSIX system (os.wait4, process groups).
"""

import argparse
import json
import math
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---------------------------------------------------------------- running


def run_once(cmd, timeout, out_path, time_bin):
    """Run cmd with stdout and stderr going to out_path and out_path.err.

    Returns dict(time=seconds, timeout=bool, rc=exit code or None,
    maxrss_kb=peak resident set size of the solver in KB, or None).

    The peak memory comes from GNU time (time_bin -f %M) when available:
    ru_maxrss of a process started directly from Python counts Python's own
    resident size too (vfork, then exec keeps the high-water mark), which
    would be a floor of ~15 MB; GNU time forks from a ~1 MB process."""
    rss_path = out_path + ".rss"
    full = [time_bin, "-o", rss_path, "-f", "%M"] + cmd if time_bin else cmd
    with open(out_path, "wb") as out, open(out_path + ".err", "wb") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(full, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                start_new_session=True)
        try:
            timed_out = not wait_for_exit(proc.pid, timeout)
            if timed_out:
                kill_group(proc.pid)
            _, status, usage = os.wait4(proc.pid, 0)
        except BaseException:  # e.g. Ctrl-C: do not leave the solver running
            kill_group(proc.pid)
            proc.wait()
            raise
        elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped by us, not by Popen
    maxrss = None
    if time_bin:
        try:
            with open(rss_path) as f:
                lines = f.read().split()
            maxrss = int(lines[-1]) if lines else None
        except (OSError, ValueError):
            maxrss = None
    elif not timed_out:
        maxrss = usage.ru_maxrss
    return {
        "time": timeout if timed_out else elapsed,
        "timeout": timed_out,
        "rc": None if timed_out else proc.returncode,
        "maxrss_kb": maxrss,
    }


def wait_for_exit(pid, timeout):
    """True if process pid ended within timeout seconds (it is not reaped)."""
    if hasattr(os, "pidfd_open"):
        try:
            fd = os.pidfd_open(pid)
        except OSError:
            fd = None
        if fd is not None:
            try:
                ready, _, _ = select.select([fd], [], [], timeout)
                return bool(ready)
            finally:
                os.close(fd)
    # fallback: poll without reaping
    deadline = time.perf_counter() + timeout
    delay = 0.001
    while time.perf_counter() < deadline:
        try:
            info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        if info is not None:
            return True
        time.sleep(delay)
        delay = min(delay * 2, 0.02)
    return False


def kill_group(pid):
    """kill the process group led by pid (the solver, or GNU time and the solver)"""
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def gnu_time(path="/usr/bin/time"):
    """path if it is GNU time (supports -o and -f %M), else None"""
    if not os.access(path, os.X_OK):
        return None
    with tempfile.TemporaryDirectory() as d:
        o = os.path.join(d, "m")
        try:
            r = subprocess.run([path, "-o", o, "-f", "%M", "true"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            with open(o) as f:
                int(f.read().split()[-1])
        except (OSError, ValueError, IndexError):
            return None
    return path if r.returncode == 0 else None


# ---------------------------------------------------------------- helpers


def problem_files(args):
    files = []
    for a in args:
        if os.path.isdir(a):
            files.extend(os.path.join(a, f) for f in sorted(os.listdir(a)) if f.endswith(".inp"))
        elif os.path.isfile(a):
            files.append(a)
        else:
            sys.exit("versus-popeye: no such file or directory: %s" % a)
    return files


def default_popeye():
    cand = os.path.join(os.path.dirname(REPO), "popeye-src", "py")
    if os.access(cand, os.X_OK):
        return cand
    return shutil.which("py") or cand


def same_solution(normalize, a, b):
    """True/False from normalize.py --compare, None if it failed."""
    r = subprocess.run([sys.executable, normalize, "--compare", a, b],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return {0: True, 1: False}.get(r.returncode)


def max_mb(kbs):
    kbs = [k for k in kbs if k is not None]
    return round(max(kbs) / 1024.0, 1) if kbs else None


def fmt_mb(mb):
    return "-" if mb is None else "%.1f" % mb


def fmt_time(t, timed_out):
    return (">" if timed_out else "") + "%.2f" % t


def fmt_ratio(r):
    if r is None:
        return "-"
    return "%.2f" % r


def ratio(a, b):
    return a / b if b > 0 else None


# ---------------------------------------------------------------- measuring


def measure(path, opts, threads, workdir):
    name = os.path.splitext(os.path.basename(path))[0]
    maxtime = str(max(1, math.ceil(opts.timeout)))
    solvers = [("popeye", [opts.popeye, "-maxtime", maxtime, "-regression", path])]
    for k in threads:
        solvers.append(("fairy%d" % k, [opts.fairy, "--threads", str(k), "solve", path]))
    runs = {s: [] for s, _ in solvers}
    outputs = {}
    for r in range(opts.runs):
        order = solvers[r % len(solvers):] + solvers[:r % len(solvers)]
        for key, cmd in order:
            out = os.path.join(workdir, "%s.%s.%d.out" % (name, key, r))
            res = run_once(cmd, opts.timeout, out, opts.time_bin)
            runs[key].append(res)
            if key not in outputs and not res["timeout"]:
                outputs[key] = out
    row = {"problem": name, "file": path}
    for key, _ in solvers:
        rs = runs[key]
        row[key] = {
            "median_s": statistics.median(x["time"] for x in rs),
            "times_s": [round(x["time"], 4) for x in rs],
            "timeouts": sum(x["timeout"] for x in rs),
            "failed": sum(1 for x in rs if x["rc"] not in (0, None)),
            "maxrss_mb": max_mb(x["maxrss_kb"] for x in rs),
        }
    py = row["popeye"]["median_s"]
    for k in threads:
        row["fairy%d" % k]["ratio"] = ratio(row["fairy%d" % k]["median_s"], py)
    if opts.normalize:
        agree = {}
        for k in threads:
            a, b = outputs.get("popeye"), outputs.get("fairy%d" % k)
            agree[str(k)] = same_solution(opts.normalize, a, b) if a and b else None
        row["agree"] = agree
    return row


def agree_text(row, threads):
    if "agree" not in row:
        return ""
    vals = [row["agree"][str(k)] for k in threads]
    if all(v is True for v in vals):
        return "yes"
    bad = [str(k) for k, v in zip(threads, vals) if v is False]
    unknown = [str(k) for k, v in zip(threads, vals) if v is None]
    parts = []
    if bad:
        parts.append("NO(%st)" % ",".join(bad))
    if unknown:
        parts.append("n/a(%st)" % ",".join(unknown))
    return " ".join(parts)


def notes_text(row, keys):
    notes = []
    for key in keys:
        c = row[key]
        if c["timeouts"]:
            notes.append("%s timeout x%d" % (key, c["timeouts"]))
        if c["failed"]:
            notes.append("%s exit!=0 x%d" % (key, c["failed"]))
    return "; ".join(notes)


# ---------------------------------------------------------------- table


class Table:
    def __init__(self, threads, name_width, with_agree):
        self.threads = threads
        self.cols = [("problem", name_width, "<"), ("popeye s", 9, ">")]
        self.cols += [("fairy%dt s" % k, 10, ">") for k in threads]
        self.cols += [("f%dt/py" % k, 7, ">") for k in threads]
        self.cols += [("py MB", 7, ">")]
        self.cols += [("f%dt MB" % k, 7, ">") for k in threads]
        if with_agree:
            self.cols.append(("agree", 6, "<"))
        self.cols.append(("notes", 0, "<"))

    def line(self, cells):
        out = []
        for (_, w, a), c in zip(self.cols, cells):
            out.append(("%-*s" if a == "<" else "%*s") % (w, c))
        return "  ".join(out).rstrip()

    def header(self):
        h = self.line([c[0] for c in self.cols])
        return h + "\n" + "-" * len(h)

    def row(self, row, with_agree):
        t = self.threads
        fk = ["fairy%d" % k for k in t]
        cells = [row["problem"], fmt_time(row["popeye"]["median_s"], row["popeye"]["timeouts"])]
        cells += [fmt_time(row[f]["median_s"], row[f]["timeouts"]) for f in fk]
        cells += [fmt_ratio(row[f]["ratio"]) for f in fk]
        cells += [fmt_mb(row["popeye"]["maxrss_mb"])]
        cells += [fmt_mb(row[f]["maxrss_mb"]) for f in fk]
        if with_agree:
            cells.append(agree_text(row, t))
        cells.append(notes_text(row, ["popeye"] + fk))
        return self.line(cells)


def totals(rows, threads):
    fk = ["fairy%d" % k for k in threads]
    tot = {"problems": len(rows)}
    tot["popeye_s"] = sum(r["popeye"]["median_s"] for r in rows)
    tot["popeye_timeouts"] = sum(1 for r in rows if r["popeye"]["timeouts"])
    for k, f in zip(threads, fk):
        s = sum(r[f]["median_s"] for r in rows)
        worst = None
        for r in rows:
            q = r[f]["ratio"]
            if q is not None and (worst is None or q > worst[0]):
                worst = (q, r["problem"])
        tot[f] = {
            "sum_s": s,
            "ratio": ratio(s, tot["popeye_s"]),
            "timeouts": sum(1 for r in rows if r[f]["timeouts"]),
            "worst_ratio": worst[0] if worst else None,
            "worst_problem": worst[1] if worst else None,
            "max_rss_mb": max((r[f]["maxrss_mb"] for r in rows if r[f]["maxrss_mb"] is not None),
                              default=None),
        }
    if rows and "agree" in rows[0]:
        tot["agree"] = sum(1 for r in rows if all(v is True for v in r["agree"].values()))
        tot["disagree"] = [r["problem"] for r in rows if any(v is False for v in r["agree"].values())]
    if 1 in threads:
        slow = [r for r in rows if r["fairy1"]["median_s"] > 1.0]
        sp = {}
        for k in threads:
            if k == 1 or not slow:
                continue
            per = {r["problem"]: ratio(r["fairy1"]["median_s"], r["fairy%d" % k]["median_s"])
                   for r in slow}
            vals = [v for v in per.values() if v]
            sp[str(k)] = {
                "per_problem": per,
                "total": ratio(sum(r["fairy1"]["median_s"] for r in slow),
                               sum(r["fairy%d" % k]["median_s"] for r in slow)),
                "geomean": math.exp(statistics.fmean(math.log(v) for v in vals)) if vals else None,
            }
        tot["speedup_over_1s"] = {"problems": [r["problem"] for r in slow], "threads": sp}
    return tot


def print_totals(tab, tot, threads, with_agree):
    fk = ["fairy%d" % k for k in threads]
    print("-" * len(tab.header().splitlines()[0]))
    cells = ["total (%d)" % tot["problems"], "%.2f" % tot["popeye_s"]]
    cells += ["%.2f" % tot[f]["sum_s"] for f in fk]
    cells += [fmt_ratio(tot[f]["ratio"]) for f in fk]
    cells += ["", *[fmt_mb(tot[f]["max_rss_mb"]) for f in fk]]
    if with_agree:
        cells.append("%d/%d" % (tot["agree"], tot["problems"]))
    cells.append("")
    print(tab.line(cells))
    print()
    for k, f in zip(threads, fk):
        t = tot[f]
        print("fairy %d thread%s: total %.2f s vs Popeye %.2f s, ratio %s; worst problem %s (%s)%s"
              % (k, "" if k == 1 else "s", t["sum_s"], tot["popeye_s"], fmt_ratio(t["ratio"]),
                 fmt_ratio(t["worst_ratio"]), t["worst_problem"] or "-",
                 "; %d timed out" % t["timeouts"] if t["timeouts"] else ""))
    if tot["popeye_timeouts"]:
        print("Popeye timed out on %d problem(s)" % tot["popeye_timeouts"])
    if with_agree and tot["disagree"]:
        print("solutions differ: " + ", ".join(tot["disagree"]))
    sp = tot.get("speedup_over_1s")
    if sp is not None:
        if not sp["problems"]:
            print("no problem takes fairy more than 1 s with 1 thread (no speedup figures)")
        for k, s in sp["threads"].items():
            print("speedup 1 -> %s threads on the %d problem(s) where fairy 1t > 1 s: total %s, geomean %s"
                  % (k, len(sp["problems"]), fmt_ratio(s["total"]), fmt_ratio(s["geomean"])))
            print("    " + ", ".join("%s %s" % (p, fmt_ratio(v)) for p, v in s["per_problem"].items()))


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(
        description="Compare fairy's solving time with Popeye's, problem by problem.",
        epilog="See the module docstring (head of this file) for how to reproduce the table.")
    ap.add_argument("paths", nargs="+", metavar="FILES_OR_DIRS",
                    help=".inp files, or directories whose *.inp files are taken (not recursive)")
    ap.add_argument("--popeye", default=default_popeye(), help="Popeye binary (py)")
    ap.add_argument("--fairy", default=os.path.join(REPO, "target", "release", "fairy"),
                    help="fairy binary (default target/release/fairy)")
    ap.add_argument("--runs", type=int, default=3, help="runs per solver and problem (median taken)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds before a run is killed")
    ap.add_argument("--threads", default="1,2", help="comma separated fairy thread counts")
    ap.add_argument("--normalize", default=os.path.join(os.path.dirname(REPO), "shared", "corpus", "normalize.py"),
                    help="normalize.py for the agreement check (skipped if absent)")
    ap.add_argument("--time-binary", default="/usr/bin/time",
                    help="GNU time for the peak memory ('' to use os.wait4's ru_maxrss)")
    ap.add_argument("--json", action="store_true", help="print rows and totals as JSON")
    opts = ap.parse_args()

    try:
        threads = [int(x) for x in opts.threads.split(",") if x.strip()]
    except ValueError:
        ap.error("--threads takes a comma separated list of numbers")
    if not threads or min(threads) < 1 or opts.runs < 1 or opts.timeout <= 0:
        ap.error("need --threads >= 1, --runs >= 1, --timeout > 0")
    for b in (opts.popeye, opts.fairy):
        if not os.access(b, os.X_OK):
            ap.error("not an executable: %s" % b)
    opts.time_bin = gnu_time(opts.time_binary) if opts.time_binary else None
    if opts.time_binary and not opts.time_bin:
        print("versus-popeye: %s is not GNU time; memory from os.wait4 (~15 MB floor)"
              % opts.time_binary, file=sys.stderr)
    if opts.normalize and not os.path.isfile(opts.normalize):
        opts.normalize = None
    files = problem_files(opts.paths)
    if not files:
        ap.error("no .inp files found")

    with_agree = opts.normalize is not None
    names = [os.path.splitext(os.path.basename(f))[0] for f in files]
    tab = Table(threads, max(len("total (%d)" % len(files)), *map(len, names)), with_agree)
    rows = []
    with tempfile.TemporaryDirectory(prefix="versus-popeye-") as workdir:
        if not opts.json:
            print("popeye: %s\nfairy:  %s\nruns %d, timeout %g s, threads %s, memory by %s,\n"
                  "agreement %s\n"
                  % (opts.popeye, opts.fairy, opts.runs, opts.timeout, opts.threads,
                     opts.time_bin or "os.wait4",
                     "by " + opts.normalize if with_agree else "not checked (no normalize.py)"))
            print(tab.header(), flush=True)
        for i, f in enumerate(files):
            if opts.json:
                print("[%d/%d] %s" % (i + 1, len(files), f), file=sys.stderr, flush=True)
            row = measure(f, opts, threads, workdir)
            rows.append(row)
            if not opts.json:
                print(tab.row(row, with_agree), flush=True)
    tot = totals(rows, threads)
    if opts.json:
        json.dump({"popeye": opts.popeye, "fairy": opts.fairy, "runs": opts.runs,
                   "memory_by": opts.time_bin or "os.wait4",
                   "timeout_s": opts.timeout, "threads": threads,
                   "normalize": opts.normalize, "rows": rows, "totals": tot},
                  sys.stdout, indent=1)
        print()
    else:
        print_totals(tab, tot, threads, with_agree)


if __name__ == "__main__":
    main()
