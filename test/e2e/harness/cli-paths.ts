// Absolute paths of the pinned real CLIs installed as dev dependencies (npm aliases claude215/332, codex144/171, qwen0244).
import { createRequire } from "node:module";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Repository root (this file lives in test/e2e/harness). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const NODE_MODULES = path.join(REPO_ROOT, "node_modules");

export interface ClaudeVersion {
  /** Version the binary reports with --version. */
  readonly version: string;
  /** The Bun-compiled native ELF that postinstall hard-linked over the npm stub. */
  readonly executable: string;
}

export interface CodexVersion {
  readonly version: string;
  /** The native musl binary (the npm wrapper bin/codex.js only locates and execs it). */
  readonly executable: string;
  /** Package root of the @openai/codex alias; the wrapper exports it as CODEX_MANAGED_PACKAGE_ROOT. */
  readonly packageRoot: string;
  /** A model slug from this version's built-in catalog (catalog slugs give a clean footer and code-mode tools). */
  readonly model: string;
  /** Env the npm wrapper would have added; spread it into the CLI's env for a faithful launch. */
  readonly wrapperEnv: Readonly<Record<string, string>>;
}

export interface QwenVersion {
  readonly version: string;
  /**
   * The package's `qwen` bin script (`#!/usr/bin/env node`, a pure JS bundle that re-spawns node itself). Its vendored
   * rg is installed mode 0644 (packaging bug in 0.24.4), so launches set tools.useRipgrep:false rather than chmod it.
   */
  readonly executable: string;
  /** Package root of the @qwen-code/qwen-code alias. */
  readonly packageRoot: string;
}

function claude(version: string, alias: string): ClaudeVersion {
  return { version, executable: path.join(NODE_MODULES, alias, "bin", "claude.exe") };
}

/**
 * Resolves the platform package the way bin/codex.js does (require.resolve from the alias's own directory),
 * because npm hoists one alias's platform package and nests the other's under the alias.
 */
function codexNative(packageRoot: string): string {
  const triple = process.arch === "arm64" ? "aarch64-unknown-linux-musl" : "x86_64-unknown-linux-musl";
  const platformPkg = process.arch === "arm64" ? "@openai/codex-linux-arm64" : "@openai/codex-linux-x64";
  try {
    const req = createRequire(path.join(packageRoot, "package.json"));
    const pkgJson = req.resolve(`${platformPkg}/package.json`);
    return path.join(path.dirname(pkgJson), "vendor", triple, "bin", "codex");
  } catch {
    return path.join(packageRoot, "vendor", triple, "bin", "codex");
  }
}

function codex(version: string, alias: string, model: string): CodexVersion {
  const raw = path.join(NODE_MODULES, alias);
  const packageRoot = existsSync(raw) ? realpathSync(raw) : raw;
  return {
    version,
    executable: codexNative(packageRoot),
    packageRoot,
    model,
    wrapperEnv: { CODEX_MANAGED_BY_NPM: "1", CODEX_MANAGED_PACKAGE_ROOT: packageRoot },
  };
}

/** The `qwen` entry of the package's bin field (read, not assumed, so a repackaged bin path is followed). */
function qwenBin(packageRoot: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(packageRoot, "package.json"), "utf8")) as { bin?: string | Record<string, string> };
    const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin?.["qwen"];
    if (bin !== undefined) return path.join(packageRoot, bin);
  } catch {
    // Not installed: the path below names what is missing.
  }
  return path.join(packageRoot, "cli-entry.js");
}

function qwen(version: string, alias: string): QwenVersion {
  const raw = path.join(NODE_MODULES, alias);
  const packageRoot = existsSync(raw) ? realpathSync(raw) : raw;
  return { version, executable: qwenBin(packageRoot), packageRoot };
}

export const CLAUDE_VERSIONS: readonly ClaudeVersion[] = [claude("2.1.215", "claude215"), claude("2.1.332", "claude332")];

export const CODEX_VERSIONS: readonly CodexVersion[] = [
  codex("0.144.6", "codex144", "gpt-5.6-sol"),
  codex("0.171.0", "codex171", "gpt-6.2-sol"),
];

export const QWEN_VERSIONS: readonly QwenVersion[] = [qwen("0.24.4", "qwen0244")];
