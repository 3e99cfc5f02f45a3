#!/usr/bin/env python3
"""The functions a typed key and a resize run, for the linker to lay out side
by side (bench/hot-functions.txt, passed to ld.lld as --symbol-ordering-file).

    python3 bench/hot_functions.py [--binary PATH] [--list FILE] [--map FILE]
    python3 bench/hot_functions.py --check [--binary PATH] [--list FILE]

Between two keys a person types, the machine runs other programs, and the
code a key needs is no longer in the processor's caches: a key's CPU follows
how many code pages and lines it touches more than how many instructions it
runs. Compiled as it comes, a key's code is spread over about 176 pages of the
executable; laid out together, over about 100 (the standard library's own
functions, which come in large sections, stay where they are), and a key costs
about 19 % less CPU (docs/performance.md).

The list is what callgrind sees a warmed-up chat-tui run while the benchmark's
200 keys are typed and the window is resized, then while they are typed with
ten rooms open: the functions run at every key first, then the others; then
those run only from the start through the first keys and resizes, so that
start-up touches few pages (an idle chat-tui held 7.9 MB with start-up's code
spread out, 5.7 MB with it together: each page run maps its neighbours, up to
64 KiB, by the kernel's fault-around); last those inside large sections
(--map, the linker's map). Without --check it
is written to the list file. With --check, the list is compared with the
symbols of the binary, and fails (exit 1) when more than a tenth of the
functions it names are gone (renamed or removed): then `make hot-functions`
writes it again.
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
import bench  # noqa: E402  (the rooms generated)
import instructions  # noqa: E402  (chat-tui under callgrind, the keys it types)

LIST = os.path.join(HERE, "hot-functions.txt")
# ld.lld places a section where the first function of the list it holds is:
# a function inside a large section (the standard library's code that is not
# in a section per function, over a megabyte) is listed last, so that section
# does not split the functions listed after it from those before.
LARGE_SECTION = 64 * 1024
# The share of the functions listed that may be missing from the binary.
ALLOWED_MISSING = 0.10
HEADER = """\
# The functions a typed key (in one room and with ten open) and a resize run,
# for ld.lld to lay out side by side in this order (--symbol-ordering-file;
# see the Makefile's RELEASE): those run at every key first, then the others,
# then those start-up and the first keys and resizes run, then those in
# sections too large to move. Written by `make hot-functions`
# (bench/hot_functions.py); `make bench-instructions` fails when more than a
# tenth of them are gone.
"""


def traced_functions(binary, folder):
    """The symbols of the functions run while keys are typed and the window
    resized in one room, then while keys are typed with ten rooms open (as
    make bench does), each after a first run of the same keys warmed chat-tui
    up: those run at every key first, then the others; last, those run from
    the start through the first keys and resizes."""
    room = os.path.join(folder, "room.jsonl")
    bench.write_transcript(room, 10, last_marker=False)
    nine, rooms = instructions.ten_rooms(room)
    every_key, others = [], []
    # As make bench types: in an empty room, and in a room of ten messages with nine more open.
    for name, room_file, arguments, other_rooms, resizes in (("one", None, (), None, 4),
                                                              ("ten", room, rooms, nine, 0)):
        run_every_key, run_others = traced_run(binary, folder, name, room_file, arguments, other_rooms, resizes)
        every_key += [function for function in run_every_key if function not in every_key]
        others += run_others
    listed = every_key + [function for function in dict.fromkeys(others) if function not in every_key]
    known = set(listed)
    return listed + [function for function in started_functions(binary, folder) if function not in known]


def started_functions(binary, folder):
    """The functions callgrind saw run from chat-tui's start in an empty room
    through its first frame, the keys typed and the window resized for the
    first time, in the order it first saw them. Laid out together, they touch
    few pages of the executable; spread out, each page run maps its
    neighbours too (the kernel's fault-around maps up to 64 KiB at each
    fault), and an idle chat-tui holds them all."""
    counted = instructions.Counted(folder, "start", binary, options=("--demangle=no",))
    counted.type_keys()
    for n in range(bench.RESIZES):
        counted.program.resize(*bench.resized_size(n))
        counted.answer(b"")
    counted.stop()
    return list(functions_seen(counted.out))


def traced_run(binary, folder, name, room_file, arguments, other_rooms, resizes):
    """The functions callgrind saw run while the keys were typed again and the
    window resized `resizes` times: those run at every key, and the others."""
    control = os.path.join(folder, "vgdb-" + name)
    options = ("--instr-atstart=no", "--demangle=no", "--vgdb=yes", "--vgdb-prefix=" + control)
    counted = instructions.Counted(folder, name, binary, room_file=room_file, arguments=arguments,
                                   other_rooms=other_rooms, options=options)

    def instrument(state):
        # callgrind_control finds the process by the user name valgrind saw.
        subprocess.run(["callgrind_control", "--vgdb-prefix=" + control, "--instr=" + state,
                        str(counted.program.proc.pid)], env=dict(os.environ, USER=counted.env["USER"]),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    counted.type_keys()
    counted.answer(b"\x15")  # Ctrl-U: the draft is emptied, to be typed again
    instrument("on")
    counted.type_keys()
    for n in range(resizes):
        counted.program.resize(*bench.resized_size(n))
        counted.answer(b"")
    instrument("off")
    counted.stop()
    return functions_run(counted.out, len(instructions.KEYS))


def functions_run(path, keys):
    """The functions of a callgrind output file, in two lists: those run at
    every key (called at least `keys` times, or never called because they were
    running already, as the run loop was), and the others, each in the order
    callgrind first saw them. Listed first, a key's code is packed before the
    code of the odd key (a save, a wrapped word, an emoji) or of a resize."""
    calls = functions_seen(path)
    every_key = [name for name, count in calls.items() if count == 0 or count >= keys]
    others = [name for name, count in calls.items() if 0 < count < keys]
    return every_key, others


def functions_seen(path):
    """The functions of a callgrind output file, in the order callgrind first
    saw them, each with the number of times it was called."""
    names, calls, callee = {}, {}, None
    with open(path) as f:
        for line in f:
            match = re.match(r"(c?fn)=\((\d+)\)(?: (\S+))?", line)
            if match:
                if match.group(3):
                    names[match.group(2)] = match.group(3).split("'")[0]  # f'2 is f called recursively
                name = names.get(match.group(2))
                callee = name if match.group(1) == "cfn" else None
                # Symbols only: callgrind names code it has no symbol for by its address.
                if name and not name.startswith("0x") and name not in calls:
                    calls[name] = 0
            elif line.startswith("calls=") and callee in calls:
                calls[callee] += int(line.split("=")[1].split()[0])
    return calls


def large_section_symbols(map_path):
    """The symbols the linker's map (ld.lld -Map) shows in input sections
    larger than LARGE_SECTION: code compiled without a section per function,
    such as most of the standard library's."""
    symbols, section_size = set(), 0
    with open(map_path) as f:
        for line in f:
            # VMA, LMA, size and alignment in 49 columns, then an output
            # section, an input section (8 columns in) or a symbol (16 in).
            size = line[34:42].strip()
            if not re.fullmatch(r"[0-9a-f]+", size):
                continue
            if line[49:57].isspace() and not line[57:65].isspace():
                section_size = int(size, 16)
            elif line[49:65].isspace() and section_size > LARGE_SECTION:
                symbols.add(line[65:].strip())
    return symbols


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
    parser.add_argument("--map", help="the linker's map of the binary (ld.lld -Map), to list last the "
                                      "functions of large sections")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit("hot-functions: no chat-tui at %s: build it first" % args.binary)
    if args.check:
        names, present = listed(args.list), symbols(args.binary)
        missing = [name for name in names if name not in present]
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
    if args.map:
        large = large_section_symbols(args.map)
        order = [name for name in order if name not in large] + [name for name in order if name in large]
    with open(args.list, "w") as f:
        f.write(HEADER)
        f.writelines(name + "\n" for name in order)
    print("hot-functions: %d functions written to %s" % (len(order), os.path.relpath(args.list, ROOT)))


if __name__ == "__main__":
    main()
