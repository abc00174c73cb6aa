# Codex hook client in bash builtins only: POSTs the hook input to the session's loopback HTTP listener over /dev/tcp
# and prints the answer, so a hook costs one bash start instead of a Node start (npm run bench: "hook clients").
#
# usage: bash bridge.bash <Event> <bridge-http.conf> <node> <bridge.mjs> <bridge.json> [observe]
# `observe` marks an event nobody answers (no caller handler, nothing Elwood waits on): the call is made and the client
# exits without waiting for the (always empty) answer, so the CLI waits only for the send.
# bridge-http.conf is the server's private 0600 file, one line "port token maxBytes deadlineSeconds": the token never
# travels through the environment (the CLI hands that to every tool) nor the command line (visible to `ps`).
#
# Whatever this script cannot do itself before it has read stdin (bash older than 4, no /dev/tcp, no config, a refused
# connection) it hands to bridge.mjs with stdin untouched, which then makes the call over the Unix socket with its
# retries and fail-open rules. Once stdin is read, every failure exits 0 with empty stdout (fail open).
export LC_ALL=C
trap '' PIPE

handoff() { exec "$3" "$4" "$1" "$5"; }

# read -N and fractional read -t need bash 4.
[ "${BASH_VERSINFO[0]:-0}" -ge 4 ] 2>/dev/null || handoff "$@"
# A missing or unreadable file leaves the fields empty, which the check below hands off.
{ IFS=' ' read -r port tok max deadline < "$2"; } 2>/dev/null
[[ $1 =~ ^[A-Za-z][A-Za-z0-9]*$ && $port =~ ^[0-9]+$ && -n $tok && $max =~ ^[0-9]+$ && $deadline =~ ^[0-9]+(\.[0-9]+)?$ ]] || handoff "$@"
{ exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || handoff "$@"

# At most one byte over the ceiling is buffered (the OOM guard); LC_ALL=C makes ${#body} a byte count.
IFS= read -r -d '' -N "$((max + 1))" body
if [ "${#body}" -gt "$max" ]; then
  # Declared too big and sent without a body: the listener refuses it (413) before reading and reports it.
  printf 'POST /hook/%s HTTP/1.0\r\nHost: 127.0.0.1\r\nx-elwood-hook-token: %s\r\nContent-Length: %d\r\n\r\n' "$1" "$tok" "$((max + 1))" >&3 || exit 0
  exit 0
fi
printf 'POST /hook/%s HTTP/1.0\r\nHost: 127.0.0.1\r\nx-elwood-hook-token: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s' \
  "$1" "$tok" "${#body}" "$body" >&3 || exit 0
[ "${6:-}" = observe ] && exit 0

# The handler's deadline plus a margin for the status line; the rest of a reply is already on its way.
IFS=' ' read -r -t "$deadline" _ status _ <&3 || exit 0
len=
while IFS= read -r -t 2 line <&3; do
  line=${line%$'\r'}
  [ -z "$line" ] && break
  case ${line,,} in
    content-length:*) len=${line#*:} && len=${len//[!0-9]/} ;;
  esac
done
# Anything but a 200 with a body of known, bounded size is no decision.
[ "$status" = 200 ] && [[ $len =~ ^[0-9]{1,8}$ ]] && [ "$len" -gt 0 ] && [ "$len" -le 16777216 ] || exit 0
IFS= read -r -d '' -N "$len" -t 2 out <&3
[ "${#out}" -eq "$len" ] || exit 0
printf '%s' "$out"
exit 0
