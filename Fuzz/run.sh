#!/usr/bin/env bash
# Builds each libFuzzer target (Fuzz/*Fuzzer.swift, linked with chat-tui's
# modules TextWidth, ChatModel, IRC and ChatCore built under AddressSanitizer) and runs it for SECONDS seconds from the corpus
# kept in Fuzz/corpus. New inputs go to .build/fuzz/corpus-NAME (merge them into
# Fuzz/corpus with MERGE=1); a crash stops the run, is saved under
# .build/fuzz/crashes and fails the command.
#   Fuzz/run.sh [SECONDS]      (make fuzz FUZZ_SECONDS=60)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
export SWIFT_BACKTRACE=enable=no  # libFuzzer reports crashes itself
# Leaks are not looked for, as in `make sanitize`: what chat-tui makes once and
# keeps (the key table) and the runtime's caches read as leaks at exit.
export ASAN_OPTIONS=detect_leaks=0
mkdir -p .build/fuzz/crashes
status=0
# The modules the fuzzers use, instrumented, each a static library.
modules=.build/fuzz/modules
mkdir -p "$modules"
quiet() { { grep -v "ld.gold: warning: Cannot export local symbol" || true; }; }
for module in TextWidth ChatModel IRC ChatCore; do
    echo "== building $module"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name chat_tui -module-name "$module" \
        -I "$modules" -emit-module -emit-module-path "$modules/$module.swiftmodule" \
        -emit-library -static -o "$modules/lib$module.a" $(find "Sources/$module" -name '*.swift') 2>&1 | quiet
done
for source in Fuzz/*Fuzzer.swift; do
    name=$(basename "$source" Fuzzer.swift)
    lower=$(echo "$name" | tr 'A-Z' 'a-z')
    binary=.build/fuzz/$name
    echo "== $name: building"
    # The composer's fuzzer holds the state to the promises the tests check.
    swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name chat_tui -module-name "${name}Fuzzer" \
        -I "$modules" -L "$modules" -lChatCore -lIRC -lChatModel -lTextWidth \
        Tests/ChatCoreTests/InvariantCheck.swift "$source" -o "$binary" 2>&1 | quiet
    mkdir -p ".build/fuzz/corpus-$lower"
    echo "== $name: fuzzing for $seconds s from Fuzz/corpus/$lower"
    log=.build/fuzz/$name.log
    if "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -detect_leaks=0 \
        -artifact_prefix=".build/fuzz/crashes/$lower-" ".build/fuzz/corpus-$lower" "Fuzz/corpus/$lower" >"$log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
        echo "== $name: $runs executions, no crash"
    else
        status=1
        echo "== $name: FAILED; the input is in .build/fuzz/crashes; the end of $log:"
        tail -40 "$log"
    fi
    if [ "${MERGE:-0}" = 1 ]; then
        "$binary" -merge=1 -artifact_prefix=".build/fuzz/crashes/$lower-" "Fuzz/corpus/$lower" ".build/fuzz/corpus-$lower" >/dev/null 2>&1
        echo "== $name: corpus merged: $(ls "Fuzz/corpus/$lower" | wc -l) inputs"
    fi
done
exit $status
