#!/bin/sh
# Per-session supervisor: outlives the embedding process and reaps the session's processes when it dies.
# Usage: session-supervisor.sh <owner-pid> <cli-pid> <cli-pgid> <tag-name> <tag-value>
#
# Runs detached (its own session, no terminal, no inherited tag), so neither the embedder's death nor a hangup of
# the CLI's terminal reaches it. Every 200 ms it checks both pids:
#   - the owner died (SIGKILL, crash): SIGKILL the CLI's process group, then every process carrying the tag;
#   - the CLI exited while the owner lives: reap the tagged processes (hooks, tool groups) it left running.
# Either way it then exits. Polling, because neither pid is this script's child.
owner=$1 cli=$2 pgid=$3 name=$4 value=$5

tagged() {
  if [ -d /proc/self ]; then
    # One grep over every environment (NUL-separated entries, whole-entry match) instead of two processes per
    # pid: the scan stays a few ms with hundreds of processes, so a reap is done well inside the 2 s promise.
    grep -lzxF -- "$name=$value" /proc/[0-9]*/environ 2>/dev/null | while read -r environ; do
      pid=${environ#/proc/}; pid=${pid%/environ}
      [ "$pid" = "$$" ] || echo "$pid"
    done
  else
    # macOS: ps -E appends the environment of this user's processes to their command.
    ps -E -ww -o pid= -o command= 2>/dev/null | grep -F " $name=$value" | while read -r pid _; do
      [ "$pid" = "$$" ] || echo "$pid"
    done
  fi
}

reap_tagged() {
  # A tagged process can fork while we scan; a few rounds catch the children of the first.
  for _round in 1 2 3 4 5; do
    pids=$(tagged)
    [ -z "$pids" ] && return 0
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null
    sleep 0.05
  done
}

while :; do
  if ! kill -0 "$owner" 2>/dev/null; then
    kill -KILL "-$pgid" 2>/dev/null
    reap_tagged
    exit 0
  fi
  if ! kill -0 "$cli" 2>/dev/null; then
    reap_tagged
    exit 0
  fi
  sleep 0.2
done
