// The `elwood` command: dispatches argv to help, version, run, sessions, models or config, and returns the exit status.

import { CliError, EXIT, usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { AgentName } from "./config-keys.js";
import { configCommand } from "./config-command.js";
import { configPath, readConfig } from "./config-file.js";
import { asCliError } from "./exit-status.js";
import { relativePaths } from "./display-paths.js";
import { failureFormat } from "./failure-format.js";
import { checkHead, HeadAttachment } from "./head-attach.js";
import { rejectForeignOptions } from "./command-options.js";
import { CONFIG_HELP, commandHelp, HELP, isHelpTopic } from "./help-text.js";
import { planInteractive, runInteractive } from "./interactive-command.js";
import { planLaunch } from "./launch-plan.js";
import { modelsCommand } from "./models-command.js";
import { OutputSink } from "./output-sink.js";
import { OutputWriter } from "./output-writer.js";
import { type Invocation, parseInvocation } from "./parse-invocation.js";
import { readPrompt } from "./read-prompt.js";
import { type ErrorDocument, SCHEMA_VERSION } from "./output-documents.js";
import { runTurn } from "./run-turn.js";
import { serveCommand } from "./serve/serve-command.js";
import type { ServeValues } from "./serve/serve-options.js";
import { sessionsCommand } from "./sessions-command.js";
import { type RunSettings, resolveSettings } from "./settings.js";
import { packageVersion } from "./version.js";

async function loadSettings(invocation: Invocation, io: CliIo): Promise<RunSettings> {
  const path = configPath(io.env);
  const { doc } = invocation.values["no-defaults"] ? { doc: {} } : await readConfig(path);
  return resolveSettings(invocation.values, io.env, doc, path, io.cwd);
}

async function dispatch(invocation: Invocation, io: CliIo, stdout: OutputWriter, stderr: OutputWriter, state: { settings?: RunSettings; agent?: AgentName }): Promise<number> {
  const { command, values } = invocation;
  // A bare `elwood` shows help only at a terminal: piped into (`git diff | elwood`), stdin is the prompt.
  if (command === "help" || (invocation.bare && io.stdin.isTTY === true) || (values.help && command !== "config")) {
    // `elwood <command> --help` and `elwood help <command>`: that command's own help (run's is the top-level one).
    const topic = invocation.viaResume ? "resume" : command === "help" ? invocation.positionals[0] : command;
    if (topic === "config") await stdout.write(CONFIG_HELP);
    else await stdout.write(isHelpTopic(topic) ? commandHelp(topic) : HELP);
    return EXIT.ok;
  }
  if (values.version) {
    await stdout.write(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  if (command === "config") {
    if (values.help || invocation.positionals[0] === "help") {
      await stdout.write(CONFIG_HELP);
      return EXIT.ok;
    }
    return configCommand(invocation, io, stdout);
  }
  // serve checks its own (with its own message); every other command takes exactly what its help lists.
  if (command !== "serve") rejectForeignOptions(command === "resume" ? "run" : command, values);
  const settings = await loadSettings(invocation, io);
  state.settings = settings;
  if (command === "serve") {
    if (invocation.positionals.length > 0) throw usageError(`elwood serve takes no prompt words (got '${invocation.positionals[0]}')`);
    return serveCommand(values as typeof values & ServeValues, settings, { io, stdout });
  }
  if (command === "interactive") return runInteractive(await planInteractive(values, invocation.positionals, settings, io), io);
  if (command === "sessions" || command === "models") {
    if (settings.output.value === "jsonl") throw usageError(`elwood ${command} writes text or json, not jsonl (jsonl from ${settings.output.source})`);
    if (command === "sessions") {
      const agent = values.agent === undefined ? undefined : settings.agent?.value;
      const request = { stateDir: settings.stateDir.value, output: settings.output.value, positionals: invocation.positionals, olderThan: values["older-than"], agent };
      return sessionsCommand(request, stdout, stderr);
    }
    return modelsCommand(
      {
        agent: values.agent === undefined ? undefined : settings.agent?.value,
        cwd: io.cwd,
        stateDir: settings.stateDir.value,
        output: settings.output.value,
        timeoutMs: settings.timeoutMs.value,
        positionals: invocation.positionals,
      },
      stdout,
      stderr,
    );
  }
  if (values.keep && values["no-keep"]) throw usageError("--keep and --no-keep cannot be used together");
  // --no-keep is --ephemeral by its other name: the run's session is torn down instead of kept.
  const ephemeral = values.ephemeral === true || values["no-keep"] === true;
  const startedAt = Date.now();
  // Invocation-only (no env or config form); checked before stdin is read or any session exists.
  const headSize = values.head ? checkHead(settings, io) : undefined;
  const prompt = await readPrompt(invocation.positionals, io.stdin, { notice: (line) => stderr.write(`elwood: ${line}\n`) });
  const plan = await planLaunch(values, settings, io.cwd, io.env, headSize);
  state.agent = plan.agent;
  const sink = new OutputSink(settings.output.value, stdout, settings.stream.value, startedAt);
  const head = headSize === undefined ? undefined : new HeadAttachment(io, plan.session);
  // A raw Ctrl-C byte on the head terminal goes through the same lifecycle as SIGINT.
  const runIo: CliIo = head
    ? {
        ...io,
        onInterrupt(listener) {
          const offSignal = io.onInterrupt(listener);
          const offByte = head.onCtrlC(listener);
          return () => {
            offSignal();
            offByte();
          };
        },
      }
    : io;
  try {
    return await runTurn(
      plan,
      {
        prompt,
        images: plan.images,
        persona: settings.persona.value,
        timeoutMs: settings.timeoutMs.value,
        ephemeral,
        verbose: settings.verbose.value,
        debug: settings.debug,
        showSessionId: values["show-session-id"] === true,
        displayPaths: (message: string) => relativePaths(message, io.cwd, settings.stateDir.value),
        text: settings.output.value === "text",
        jsonl: settings.output.value === "jsonl",
        startedAt,
        head,
      },
      runIo,
      sink,
      stderr,
    );
  } finally {
    await head?.restore();
  }
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const stdout = new OutputWriter(io.stdout);
  const stderr = new OutputWriter(io.stderr);
  const startedAt = Date.now();
  let invocation: Invocation | undefined;
  const state: { settings?: RunSettings; agent?: AgentName } = {};
  try {
    invocation = parseInvocation(argv);
    return await dispatch(invocation, io, stdout, stderr, state);
  } catch (error) {
    const raw = asCliError(error);
    const e = new CliError(raw.code, relativePaths(raw.message, io.cwd, state.settings?.stateDir.value), raw.exitCode);
    const format = failureFormat(argv, io.env, invocation, state.settings);
    const selected = state.agent ?? state.settings?.agent?.value ?? null;
    // One rule for every failure: json/jsonl also get the error document on stdout; stderr always gets one line.
    if (format !== "text") {
      const doc: ErrorDocument = {
        schemaVersion: SCHEMA_VERSION,
        type: "error",
        agent: selected,
        response: "",
        sessionId: null,
        durationMs: Date.now() - startedAt,
        cleanup: { action: "none", status: "skipped" },
        error: { code: e.code, message: e.message },
      };
      // A jsonl consumer gets the same record as a run's last one: stamped as the first and only record.
      const record = format === "jsonl" ? { ...doc, sequence: 0, elapsedMs: Date.now() - startedAt } : doc;
      await stdout.write(`${JSON.stringify(record)}\n`);
    }
    await stderr.write(`elwood: ${e.message}\n`);
    return e.exitCode;
  }
}
