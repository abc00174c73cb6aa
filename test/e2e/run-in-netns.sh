#!/bin/sh
# Runs a command inside a fresh loopback-only network namespace, so real CLIs under test cannot reach the internet.
# Usage: test/e2e/run-in-netns.sh npx vitest run -c vitest.e2e.config.ts [files...]
set -eu
if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi
if ! command -v unshare >/dev/null 2>&1; then
  echo "run-in-netns: 'unshare' (util-linux) not found" >&2
  exit 127
fi
if ! command -v ip >/dev/null 2>&1; then
  echo "run-in-netns: 'ip' (iproute2) not found; apt-get install -y iproute2" >&2
  exit 127
fi
if [ "$(id -u)" -eq 0 ]; then
  exec unshare --net sh -c 'ip link set lo up && exec "$@"' sh "$@"
fi
# Unprivileged fallback: a user namespace maps us to root so we may create the network namespace.
exec unshare --map-root-user --net sh -c 'ip link set lo up && exec "$@"' sh "$@"
