#!/usr/bin/env python3
"""The functions a typed key and a resize run, for the linker to lay out side
by side (bench/hot-functions.txt, passed to ld.lld as --symbol-ordering-file).

    python3 bench/hot_functions.py [--binary PATH] [--list FILE]
    python3 bench/hot_functions.py --check [--binary PATH] [--list FILE]

Between two keys a person types, the machine runs other programs, and the
code a key needs is no longer in the processor's caches: a key's CPU follows
how many code pages and lines it touches more than how many instructions it
runs. Compiled as it comes, a key's code is spread over about 180 pages of the
executable; laid out together it takes half as many, and a key costs about
15 % less CPU (docs/performance.md).

The list is what callgrind sees a warmed-up chat-tui run while the benchmark's
200 keys are typed and the window is resized, in the order it first saw each
function. Without --check it is written to the list file. With --check, the
list is compared with the symbols of the binary, and fails (exit 1) when more
than a tenth of the functions it names are gone (renamed or removed): then
`make hot-functions` writes it again.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import instructions  # noqa: E402  (chat-tui under callgrind, the keys it types)

LIST = os.path.join(HERE, "hot-functions.txt")
# The share of the functions listed that may be missing from the binary.
ALLOWED_MISSING = 0.10
HEADER = """\
# The functions a typed key and a resize run, in the order callgrind first saw
# them, for ld.lld to lay out side by side (--symbol-ordering-file; see the
# Makefile's RELEASE). Written by `make hot-functions` (bench/hot_functions.py);
# `make bench-instructions` fails when more than a tenth of them are gone.
"""


def traced_functions(binary, folder):
    """The symbols of the functions run while keys are typed and the window
    resized, after a first run of the same keys warmed chat-tui up."""
    control = os.path.join(folder, "vgdb")
    counted = instructions.Counted(folder, "hot", binary, options=(
        "--instr-atstart=no", "--demangle=no", "--vgdb=yes", "--vgdb-prefix=" + control))

    def instrument(state):
        # callgrind_control finds the process by the user name valgrind saw.
        subprocess.run(["callgrind_control", "--vgdb-prefix=" + control, "--instr=" + state,
                        str(counted.program.proc.pid)], env=dict(os.environ, USER=counted.env["USER"]),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    for key in instructions.KEYS:
        counted.answer(key.encode())
    counted.answer(b"\x15")  # Ctrl-U: the draft is emptied, to be typed again
    instrument("on")
    for key in instructions.KEYS:
        counted.answer(key.encode())
    for n in range(4):
        counted.program.resize(*((60, 20) if n % 2 == 0 else (80, 24)))
        counted.answer(b"")
    instrument("off")
    counted.stop()
    names, order = {}, []
    with open(counted.out) as f:
        for line in f:
            match = re.match(r"c?fn=\((\d+)\)(?: (\S+))?", line)
            if not match:
                continue
            if match.group(2):
                names[match.group(1)] = match.group(2).split("'")[0]  # f'2 is f called recursively
            name = names.get(match.group(1))
            # Symbols only: callgrind names code it has no symbol for by its address.
            if name and not name.startswith("0x") and name not in order:
                order.append(name)
    return order


def listed(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def symbols(binary):
    output = subprocess.run(["nm", "--defined-only", binary], check=True, capture_output=True, text=True).stdout
    return {parts[2] for parts in (line.split() for line in output.splitlines()) if len(parts) == 3}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/chat-tui"))
    parser.add_argument("--list", default=LIST, help="the list passed to the linker (bench/hot-functions.txt)")
    parser.add_argument("--check", action="store_true", help="fail when the list names functions the binary lacks")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit("hot-functions: no chat-tui at %s: build it first" % args.binary)
    if args.check:
        names = listed(args.list)
        missing = [name for name in names if name not in symbols(args.binary)]
        print("hot-functions: %d of the %d functions in %s are in the binary"
              % (len(names) - len(missing), len(names), os.path.relpath(args.list, ROOT)))
        if not names or len(missing) > len(names) * ALLOWED_MISSING:
            sys.exit("hot-functions: %d are gone (more than %d %%), so a key's code is spread out again; "
                     "write the list again with make hot-functions" % (len(missing), ALLOWED_MISSING * 100))
        return
    folder = tempfile.mkdtemp(prefix="chat-tui-hot-functions-")
    try:
        order = traced_functions(os.path.abspath(args.binary), folder)
    finally:
        subprocess.run(["rm", "-rf", folder])
    if not order:
        sys.exit("hot-functions: callgrind saw no function run")
    with open(args.list, "w") as f:
        f.write(HEADER)
        f.writelines(name + "\n" for name in order)
    print("hot-functions: %d functions written to %s" % (len(order), os.path.relpath(args.list, ROOT)))


if __name__ == "__main__":
    main()
