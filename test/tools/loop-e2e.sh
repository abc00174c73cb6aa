#!/bin/sh
# Runs one real-CLI e2e file (optionally a test-name filter) N times, each run in its own loopback-only netns, and
# prints the pass count; the output of every failing run is kept for diagnosis.
# Usage: test/tools/loop-e2e.sh <runs> <test file> [vitest -t name filter]
#   LOOP_LOG_DIR=<dir> keeps the logs there (default: a new dir under ${TMPDIR:-/tmp}).
set -u
if [ "$#" -lt 2 ]; then
  echo "usage: $0 <runs> <test file> [test-name filter]" >&2
  exit 2
fi
runs=$1 file=$2 filter=${3:-}
case $runs in '' | *[!0-9]*) echo "loop-e2e: <runs> must be a number" >&2; exit 2 ;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
logs=${LOOP_LOG_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/loop-e2e-XXXXXX")}
mkdir -p "$logs"
cd "$root" || exit 2

passed=0 failed=0 i=1
while [ "$i" -le "$runs" ]; do
  log="$logs/run-$i.log"
  start=$(date +%s)
  if [ -n "$filter" ]; then
    bash test/e2e/run-in-netns.sh npx vitest run -c vitest.e2e.config.ts "$file" -t "$filter" >"$log" 2>&1
  else
    bash test/e2e/run-in-netns.sh npx vitest run -c vitest.e2e.config.ts "$file" >"$log" 2>&1
  fi
  rc=$?
  # Vitest may colour its summary even into a file: read it without escape sequences.
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ +Tests ' | tail -n 1 | sed 's/^ *//')
  if [ "$rc" -eq 0 ] && printf '%s' "$summary" | grep -q 'passed' && ! printf '%s' "$summary" | grep -q 'failed'; then
    passed=$((passed + 1)); verdict=pass
    rm -f "$log"
  else
    failed=$((failed + 1)); verdict="FAIL (log: $log)"
  fi
  echo "run $i/$runs: $verdict, $(($(date +%s) - start)) s, ${summary:-no test summary}"
  i=$((i + 1))
done
echo "loop-e2e: $file${filter:+ -t \"$filter\"}: $passed/$runs runs passed, $failed failed"
[ "$failed" -eq 0 ]
