#!/usr/bin/env python3
"""Checks that a `fairy batch` report says what `fairy solve` says, file by file.

usage: scripts/batch-matches-solve.py [--fairy BIN] [--max-time S] [--jobs N] REPORT

For every file of the report, runs `fairy solve --json --max-time S FILE` and compares
each twin's row with it: help play line by line (set play first, in order), battle play
by its keys and tries with their refutations. Rows or twins that ran out of time on
either side are counted apart (a search cut short may stop at different places), as are
failed rows, whose error must be the one `fairy solve` reports. Prints the mismatches and
a closing line `N twins match, N differ, N timed out, N failed rows agree`; exits 1 on any
difference.
"""
import argparse
import concurrent.futures
import json
import re
import subprocess
import sys
from collections import defaultdict

# `?!?` marks a reflex move forced to reach the goal, listed with the tries in JSON.
ROOT = re.compile(r"^   1\.(.*?)\s*(\?!\?|[!?])(?:\s+threat:|\s+zugzwang\.)?$")
REFUTATION = re.compile(r"^      1\.\.\.(.*?)\s*!$")


def battle_summary_from_row(lines):
    keys, tries, current = set(), {}, None
    for line in lines:
        m = ROOT.match(line)
        if m:
            move = " ".join(m.group(1).split())
            if m.group(2) == "!":
                keys.add(move)
                current = None
            else:
                current = move
                tries[move] = set()
            continue
        m = REFUTATION.match(line)
        if m and current is not None:
            tries[current].add(" ".join(m.group(1).split()))
    return keys, {k: frozenset(v) for k, v in tries.items()}


def battle_summary_from_json(solutions):
    keys, tries = set(), {}
    for s in solutions:
        for k in s["keys"]:
            keys.add(" ".join(k["move"].split()))
        for t in s["tries"]:
            tries[" ".join(t["move"].split())] = frozenset(" ".join(r.split()) for r in t["refutations"])
    return keys, tries


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fairy", default="target/release/fairy")
    ap.add_argument("--max-time", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=1, help="files solved at once")
    ap.add_argument("report")
    args = ap.parse_args()

    rows = defaultdict(list)
    with open(args.report) as f:
        for line in f:
            line = line.strip()
            if line:
                r = json.loads(line)
                rows[r["file"]].append(r)

    def solve(file):
        return subprocess.run([args.fairy, "solve", "--json", "--max-time", str(args.max_time), file],
                              capture_output=True, text=True)

    files = sorted(rows)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        outputs = dict(zip(files, pool.map(solve, files)))

    match = differ = timed_out = failed_ok = 0
    for file in files:
        file_rows = rows[file]
        out = outputs[file]
        problems = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
        by_index = {p["index"]: p for p in problems}
        twins_seen = defaultdict(int)
        for r in file_rows:
            if r["status"] == "failed":
                # The failure must show in solve's errors too (same line and column).
                err = r.get("error") or {}
                where = f":{err.get('line')}:{err.get('column')}:"
                if where in out.stderr or r["problem"] not in by_index:
                    failed_ok += 1
                else:
                    differ += 1
                    print(f"DIFF  {file} #{r['problem']}: batch failed ({err.get('message')}), solve did not")
                continue
            p = by_index.get(r["problem"])
            i = twins_seen[r["problem"]]
            twins_seen[r["problem"]] += 1
            if p is None or i >= len(p["twins"]):
                differ += 1
                print(f"DIFF  {file} #{r['problem']} twin {i}: missing in solve's output")
                continue
            t = p["twins"][i]
            solve_partial = t.get("partial") or any(
                isinstance(s, dict) and s.get("partial") for s in t.get("solutions") or [])
            if r["status"] == "timed_out" or r["partial"] or solve_partial:
                timed_out += 1
                continue
            if t.get("play") == "help":
                want = (t.get("set_play") or []) + t["solutions"]
                same = r["solutions"] == want
            else:
                same = battle_summary_from_row(r["solutions"]) == battle_summary_from_json(t["solutions"])
            if same:
                match += 1
            else:
                differ += 1
                print(f"DIFF  {file} #{r['problem']} twin {i}")
    print(f"{match} twins match, {differ} differ, {timed_out} timed out, {failed_ok} failed rows agree")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
