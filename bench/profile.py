#!/usr/bin/env python3
"""chat-tui's build profile: how often each branch of its code ran while a
profiling build did what the benchmark measures, for the compiler to lay each
function out by (bench/chat-tui.profdata; `make profile` writes it).

    python3 bench/profile.py --binary PATH [--output FILE] [--profdata TOOL]

Between two keys a person types, the processor's caches lose chat-tui's code,
and a key's CPU follows how many lines and pages of code it touches more than
how many instructions it runs (docs/performance.md). Functions that do many
things, the run loop first, hold the few blocks a key runs among many that run
only on a resize, a message from the network or an error. Given the counts of
a run (`-ir-profile-use`), the compiler puts the blocks that ran in the order
they ran and moves those that never ran out to a section of their own
(`-enable-split-machine-functions`), so that what a key runs is packed into
fewer pages; bench/hot-functions.txt then lays those functions side by side.

The run takes bench/instructions.py's steps (the 200 keys typed in one room
and with ten open, the resizes, the incoming messages) and the benchmark's on
small data (bench.py --quick --no-peers: a large room, Page Up, a replay, a
big draft, the saves), so that everything the benchmark measures counts as run.
Each process writes its counts (LLVM_PROFILE_FILE); llvm-profdata-19 merges
them, less the functions that never ran (--sparse: a function the profile does
not name is compiled as it would be without one), into bench/chat-tui.profdata.
The toolchain's own llvm-profdata reads only an older format of counts than its
profile runtime writes; its compiler reads what llvm-profdata-19 writes. The
text form is not used: its reader takes a function's name that begins with `$`,
as Swift's do, for a count of bitmap bytes.
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import instructions  # noqa: E402  (the steps of the CPU budget, run without counting)

PROFILE = os.path.join(HERE, "chat-tui.profdata")


def run_steps(binary, folder):
    instructions.measure(binary, os.path.join(folder, "steps"), run=instructions.Uncounted)
    subprocess.run([sys.executable, os.path.join(HERE, "bench.py"), "--quick", "--no-peers", "--binary", binary],
                   check=True, stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="chat-tui built with -ir-profile-generate (make profile)")
    parser.add_argument("--output", default=PROFILE)
    parser.add_argument("--profdata", default="llvm-profdata-19", help="the llvm-profdata that merges the counts")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit("profile: no chat-tui at %s: make profile builds it" % args.binary)
    folder = tempfile.mkdtemp(prefix="chat-tui-profile-")
    try:
        os.makedirs(os.path.join(folder, "steps"))
        os.environ["LLVM_PROFILE_FILE"] = os.path.join(folder, "counts", "%p.profraw")
        run_steps(binary, folder)
        counts = glob.glob(os.path.join(folder, "counts", "*.profraw"))
        if not counts:
            sys.exit("profile: %s wrote no counts: is it a build with -ir-profile-generate?" % args.binary)
        subprocess.run([args.profdata, "merge", "--sparse", "-o", args.output] + counts, check=True)
    finally:
        subprocess.run(["rm", "-rf", folder])
    print("profile: the counts of %d runs written to %s" % (len(counts), os.path.relpath(args.output, ROOT)))


if __name__ == "__main__":
    main()
