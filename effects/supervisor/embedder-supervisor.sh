#!/bin/sh
# One supervisor per embedding process: outlives it and reaps every session's processes when it dies.
# Usage: embedder-supervisor.sh   (its stdin is a pipe whose only writer is the embedding process)
#
# Runs detached (its own session, no terminal, no inherited tag), so neither the embedder's death nor a hangup of a
# CLI's terminal reaches it. It blocks in `read` on the pipe and so costs nothing while nothing happens; it spawns a
# process only to act. The embedder sends one line per event (keys are the embedder's own registration counters):
#   add <key> <cli-pgid> <tag-name>=<tag-value>   a session's CLI was spawned
#   exited <key>                                  its CLI exited on its own: reap the tagged processes it left, forget it
#   del <key>                                     the session closed through Elwood (which reaps on its own): forget it
# End of file means the embedder is gone (SIGKILL, crash, exit) or closed the pipe with no session left: SIGKILL every
# remaining session's process group, then every process carrying one of their tags, and exit.

# Entries "key:pgid:name=value", separated by spaces (the embedder only sends words of [A-Za-z0-9_.=-]).
table=

# Prints the pids of live processes whose environment holds one of the arguments (each a whole name=value entry).
tagged() {
  [ $# -eq 0 ] && return 0
  if [ -d /proc/self ]; then
    patterns=
    for tag in "$@"; do patterns="$patterns -e $tag"; done
    # One grep over every environment (NUL-separated entries, whole-entry match) instead of two processes per pid:
    # the scan stays a few ms with hundreds of processes, so a reap is done well inside the 2 s promise.
    # shellcheck disable=SC2086
    grep -lzxF $patterns /proc/[0-9]*/environ 2>/dev/null | while read -r environ; do
      pid=${environ#/proc/}; pid=${pid%/environ}
      [ "$pid" = "$$" ] || echo "$pid"
    done
  else
    # macOS: ps -E appends the environment of this user's processes to their command.
    ps -E -ww -o pid= -o command= 2>/dev/null | while read -r pid rest; do
      for tag in "$@"; do
        case " $rest " in *" $tag "*) [ "$pid" = "$$" ] || echo "$pid"; break ;; esac
      done
    done
  fi
}

reap_tagged() {
  # A tagged process can fork while we scan; a few rounds catch the children of the first.
  for _round in 1 2 3 4 5; do
    pids=$(tagged "$@")
    [ -z "$pids" ] && return 0
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null
    sleep 0.05
  done
}

# Sets `found` to the entry of key $1 (empty when none) and `rest` to the table without it.
take() {
  found= rest=
  for entry in $table; do
    if [ "${entry%%:*}" = "$1" ]; then found=$entry; else rest="$rest $entry"; fi
  done
}

while read -r verb key pgid tag; do
  case $verb in
    add) table="$table $key:$pgid:$tag" ;;
    exited)
      take "$key"; table=$rest
      [ -n "$found" ] && reap_tagged "${found#*:*:}"
      ;;
    del) take "$key"; table=$rest ;;
  esac
done

# The embedder is gone: groups first (the CLIs and their tools), then whatever escaped them carrying a tag.
tags=
for entry in $table; do
  pgid=${entry#*:}; pgid=${pgid%%:*}
  kill -KILL "-$pgid" 2>/dev/null
  tags="$tags ${entry#*:*:}"
done
# shellcheck disable=SC2086
reap_tagged $tags
exit 0
