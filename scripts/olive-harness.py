#!/usr/bin/env python3
"""Does the Olive GUI read fairy's output as it reads the reference solver's?

Olive (github.com/dturevski/olive-gui) runs its engine as `<engine> -maxmem 1024M <file>`
and reads what the engine printed with two parsers of its own: `legacy.popeye.parse_output`
(the "compact" view of the solution) and `p2w.parser` (the solution text its Edit button
stores). This script drives both parsers from an Olive checkout, nothing of which is
copied here, on the output of both engines for the same input, and reports where the
results differ.

Sources of problems:
  * an Olive collection (`--olv FILE`, e.g. collections/Broodings-50.olv): the input is
    written by Olive's own `legacy.popeye.create_input`, with its default sticky options
    `Variation NoBoard`, as its Start button writes it; both parsers are compared.
  * reference-solver problem files (`--inp FILE_OR_DIR ...`): each problem gets
    `option Variation NoBoard`; only `p2w.parser` applies (the legacy parser needs an
    Olive entry).

Usage:
  scripts/olive-harness.py --olive OLIVE_DIR --fairy target/release/fairy \\
      --popeye PATH/TO/py --olv OLIVE_DIR/collections/Broodings-50.olv \\
      [--inp ../shared/corpus/popeye-examples] [--timeout 30]

Olive's parsers need the `ply` and `PyYAML` packages (`pip install ply pyyaml`), not Qt.
Exit status 0 when every problem parses the same for both engines.
"""

import argparse
import copy
import os
import re
import subprocess
import sys
import tempfile


def run_engine(engine, text, timeout):
    """The engine's standard output for the problem `text`, as Olive runs it: from a
    file without extension, with `-maxmem 1024M`."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "problem")
        with open(path, "w", encoding="utf8") as f:
            f.write(text)
        try:
            done = subprocess.run([engine, "-maxmem", "1024M", path], capture_output=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        return done.stdout.decode("utf8", errors="replace")


def edit_text(output):
    """The solution text Olive's Edit button stores from raw output: the lines between
    the greeting and the footer, with their common indentation removed."""
    lines = output.strip().split("\n")
    if len(lines) < 2:
        return None
    body = lines[1:-2]
    indents = [len(l) - len(l.lstrip(" ")) for l in body if l.strip()]
    cut = min(indents) if indents else 0
    return "\n".join(l[cut:] if l.strip() else "" for l in body).strip()


def outcome(f):
    """What a parser makes of an output: its result, or the kind of its failure."""
    try:
        return ("ok", f())
    except Exception as e:  # the parsers raise several kinds; each is a result here
        return ("error", type(e).__name__)


class Olive:
    def __init__(self, olive_dir):
        sys.path.insert(0, olive_dir)
        # Olive reads its configuration relative to its folder.
        os.chdir(olive_dir)
        import board
        import legacy.chess
        import legacy.popeye
        import p2w.lexer
        import p2w.parser
        import yaml
        self.board, self.chess, self.popeye = board, legacy.chess, legacy.popeye
        self.lexer, self.parser, self.yaml = p2w.lexer, p2w.parser, yaml

    def entries(self, olv):
        with open(olv, encoding="utf8") as f:
            return [e for e in self.yaml.safe_load_all(f) if e]

    def input_for(self, entry):
        b = self.board.Board()
        b.fromAlgebraic(entry["algebraic"])
        return self.popeye.create_input(entry, False, ["Variation", "NoBoard"],
                                        b.toPopeyePiecesClause(),
                                        self.board.FairyHelper.instance)

    def legacy(self, entry, output):
        def parse():
            tree = self.popeye.parse_output(copy.deepcopy(entry), output)
            shown = self.chess.SolutionOutput(False)
            b = self.chess.Board()
            b.from_algebraic(entry["algebraic"])
            shown.create_output(tree, b)
            return shown.solution
        return outcome(parse)

    def p2w(self, output):
        def parse():
            text = edit_text(output)
            if text is None:
                raise ValueError("no solution text")
            return self.parser.parser.parse(text, debug=0, lexer=self.lexer.lexer).dump()
        return outcome(parse)


def inp_problems(paths):
    """(name, text) of each problem of the reference solver's files under `paths`, with
    `option Variation NoBoard` added."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, n) for n in os.listdir(p) if n.endswith(".inp"))
        else:
            files.append(p)
    for path in files:
        with open(path, encoding="latin-1") as f:
            text = f.read()
        text = re.sub(r"(?im)^\s*end\s*$", "option Variation NoBoard\nend", text, count=1)
        yield os.path.basename(path), text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--olive", required=True)
    ap.add_argument("--fairy", required=True)
    ap.add_argument("--popeye", required=True)
    ap.add_argument("--olv", action="append", default=[])
    ap.add_argument("--inp", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=30)
    args = ap.parse_args()
    fairy, popeye = os.path.abspath(args.fairy), os.path.abspath(args.popeye)
    olv = [os.path.abspath(p) for p in args.olv]
    inp = [os.path.abspath(p) for p in args.inp]
    olive = Olive(os.path.abspath(args.olive))
    same = differ = skipped = 0

    def compare(name, parser, a, b):
        nonlocal same, differ
        if a == b:
            same += 1
        else:
            differ += 1
            print(f"DIFFER {name} ({parser}): reference {a[0]}, fairy {b[0]}", flush=True)

    def outputs(name, text):
        """Both engines' output for `text`, or None when either runs out of time."""
        nonlocal skipped
        out_p = run_engine(popeye, text, args.timeout)
        out_f = run_engine(fairy, text, args.timeout)
        if out_p is None or out_f is None:
            skipped += 1
            print(f"SKIP   {name}: time limit", flush=True)
            return None
        return out_p, out_f

    for path in olv:
        for i, entry in enumerate(olive.entries(path), 1):
            name = f"{os.path.basename(path)}#{i}"
            both = outputs(name, olive.input_for(entry))
            if both:
                compare(name, "legacy", *(olive.legacy(entry, out) for out in both))
                compare(name, "p2w", *(olive.p2w(out) for out in both))
    for name, text in inp_problems(inp):
        both = outputs(name, text)
        if both:
            compare(name, "p2w", *(olive.p2w(out) for out in both))
    print(f"{same} same, {differ} differ, {skipped} skipped")
    return 0 if differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
