// The top-level and config help texts (printed without reading stdin or config, and without launching anything).

export const HELP = `usage: elwood [options] [prompt...]        one turn with Claude Code or Codex, in its real interactive TUI
       elwood run [options] [prompt...]    the same, as an explicit run (needs prompt words or piped stdin)
       elwood resume <id> [options] [prompt...]   continue a stored session (= run --resume <id>)
       elwood interactive [id] [options]   the agent's own TUI in this terminal (nothing recorded); [id] resumes it
       elwood sessions [rm <id> | prune --older-than <age>] [--state-dir <path>] [--output text|json]
       elwood models [options] [--output text|json]   starts each agent briefly to list its models
       elwood serve [--agent claude|codex] [--port N] [--host H] [server options]   sessions over HTTP + SSE
       elwood config path|show|effective|get <key>|set <key> <value>|unset <key>
       elwood help | --help | --version

Piped stdin is appended to the prompt words after a blank line (8 MiB at most).

options:
  --agent <claude|codex>          default: first available of claude, codex (auto-detected)
  --model <id>                    the agent's model
  --reasoning-effort <level>      claude: low|medium|high|xhigh|max; codex: none|minimal|low|medium|high|xhigh|max
  --persona <prompt>              a setup turn before the prompt (new sessions only; its reply is discarded)
  -C, --cwd <path>                workspace (default: current directory; not with a resume)
  --image <path>                  attach an image to the turn (repeatable, in order)
  --timeout <duration>            bound the whole run: <N>ms|s|m|h (default: none); exit 124
  --trust / --no-trust            answer workspace trust prompts (default: trust)
  --high-trust / --no-high-trust  never ask: claude bypassPermissions, codex danger-full-access + never
  --claude-permission-mode <mode> default|acceptEdits|plan|auto|dontAsk|bypassPermissions (default: dontAsk)
  --codex-sandbox <mode>          read-only|workspace-write|danger-full-access (default: workspace-write)
  --codex-approval-policy <p>     untrusted|on-request|never (default: never)
  --keep                          keep the session's state after the run (the default)
  --no-keep, --ephemeral          tear the session's state down after the run
  --resume <id>                   continue a stored session in its own workspace
  --show-session-id               print the resumable session id on stderr (text output)
  --output <text|json|jsonl>      stdout format (default: text); --format is the same option
  --stream / --no-stream          write text as it arrives (text output only)
  --verbose / --no-verbose        progress and warnings on stderr
  --debug                         full event detail on stderr
  --head                          show the agent's TUI on stderr (a terminal) while it runs; view-only, Ctrl-C
                                  interrupts; not with --stream, --verbose, --debug or jsonl (this run only)
  --state-dir <path>              session state (default: $XDG_STATE_HOME/elwood or ~/.local/state/elwood)
  --no-defaults                   ignore the config file and ELWOOD_* settings
  -h, --help                      this help
  -V, --version                   the version

serve options (elwood serve; also takes --agent, --model, --reasoning-effort, --cwd, trust, posture and --state-dir):
  --port <n>                      listen port (default: 3284; 0 picks a free one, printed on stdout)
  --host <addr>                   listen address (default: 127.0.0.1)
  --token <t>                     bearer token (default: $ELWOOD_SERVE_TOKEN, else generated and printed on stdout)
  --no-auth                       no token (refused unless the host is loopback)
  --allowed-hosts <a,b>           accepted Host headers (default: localhost, 127.0.0.1, [::1], --host; with the port)
  --allowed-origins <a,b>         accepted Origin headers (default: none; requests without Origin are accepted)
  --max-sessions <n>              live sessions at most (default: 8); more answer 429 session_limit
  --max-body <bytes>              largest JSON request body (default: 1048576)
  --max-upload <bytes>            largest file POST /upload takes (default: 16777216)
  --ephemeral                     remove the sessions' stored state at shutdown (default: keep it resumable)
  With --agent, the server starts one default session that agentapi's routes (/status, /messages, /message,
  /events, /upload) serve. It prints one JSON line {type:"listening",url,port,token?} and runs until SIGTERM/SIGINT.

exit status: 0 success, 1 agent or runtime failure, 2 usage or config error, 124 timeout, 130 interrupted.
`;

export const CONFIG_HELP = `usage: elwood config path                 where the config file is ($ELWOOD_CONFIG, $XDG_CONFIG_HOME/elwood/config.json, ~/.config/elwood/config.json)
       elwood config show                 the saved document
       elwood config effective [run options]   the resolved settings and their sources (launches nothing)
       elwood config get <key>
       elwood config set <key> <value>
       elwood config unset <key>
       elwood config -h | --help | help

keys: agent, output, timeout, trust, highTrust, stateDir, verbose, stream, persona,
      claude.model, claude.reasoningEffort, claude.permissionMode,
      codex.model, codex.reasoningEffort, codex.sandbox, codex.approvalPolicy
`;
