// Per-command help comes from the option table the parser reads: each command's help lists exactly what it accepts.

import { describe, expect, it } from "vitest";
import { rejectForeignOptions } from "../../cli/command-options.js";
import { commandHelp, HELP } from "../../cli/help-text.js";
import { runCli } from "../../cli/main.js";
import { type OptionCommand, RUN_OPTIONS, type RunValues } from "../../cli/options.js";
import { NOT_FOR_SERVE, SERVE_OPTIONS } from "../../cli/serve/serve-options.js";
import { fakeIo } from "../support/fake-cli-io.js";

async function cli(argv: string[]) {
  const { io, stdout, stderr, stdin } = fakeIo();
  const status = await runCli(argv, io);
  return { status, stdout: stdout.text(), stderr: stderr.text(), reads: stdin.reads };
}

/** The options section of a help text (usage lines may mention other commands' options). */
function optionsSection(text: string): string {
  return text.slice(text.indexOf("\noptions:\n"));
}

function mentions(text: string, name: string): boolean {
  return new RegExp(`(^|[^-\\w])--${name}(?![-\\w])`, "m").test(text);
}

function accepts(command: OptionCommand, name: string): boolean {
  if (command === "serve") return !(NOT_FOR_SERVE as readonly string[]).includes(name);
  try {
    rejectForeignOptions(command, { [name]: "x" } as RunValues);
    return true;
  } catch {
    return false;
  }
}

describe("elwood per-command help (issue 38, C-CLI-02)", () => {
  it("C-CLI-02: elwood <command> --help and elwood help <command> print that command's help, read no stdin and launch nothing", async () => {
    for (const command of ["resume", "interactive", "sessions", "models", "serve"] as const) {
      const flag = await cli([command, "--help"]);
      expect(flag, command).toMatchObject({ status: 0, stdout: commandHelp(command), stderr: "", reads: 0 });
      expect(flag.stdout).not.toBe(HELP);
      expect(flag.stdout.startsWith(`usage: elwood ${command}`), command).toBe(true);
      expect((await cli(["help", command])).stdout, command).toBe(commandHelp(command));
    }
    expect((await cli(["sessions", "rm", "-h"])).stdout).toBe(commandHelp("sessions"));
    expect((await cli(["--help"])).stdout).toBe(HELP);
    expect((await cli(["run", "--help"])).stdout).toBe(HELP);
    expect((await cli(["help", "config"])).stdout).toContain("usage: elwood config path");
  });

  it("C-CLI-02: each command's help lists exactly the options the parser lets it take (help and parser cannot drift)", () => {
    const commands: Array<[OptionCommand, string]> = [
      ["run", HELP.slice(0, HELP.indexOf("\nserve options"))],
      ["interactive", commandHelp("interactive")],
      ["sessions", commandHelp("sessions")],
      ["models", commandHelp("models")],
      ["serve", commandHelp("serve")],
    ];
    for (const [command, help] of commands) {
      const section = optionsSection(help);
      for (const name of Object.keys(RUN_OPTIONS)) expect(mentions(section, name), `${command} --${name}`).toBe(accepts(command, name));
      for (const name of Object.keys(SERVE_OPTIONS)) expect(mentions(section, name), `${command} --${name}`).toBe(command === "serve");
    }
  });

  it("C-CLI-02: a command given an option its help does not list fails with status 2 before anything runs", async () => {
    for (const argv of [["sessions", "--model", "x"], ["models", "--persona", "p"], ["interactive", "--trust"], ["sessions", "--no-keep"]]) {
      const r = await cli(argv);
      expect(r, argv.join(" ")).toMatchObject({ status: 2, stdout: "", stderr: `elwood: elwood ${argv[0]} does not take ${argv[1]}\n` });
    }
  });
});
