// The page's static assets: HTML shell, stylesheet, xterm.css and the browser bundle (built offline with esbuild).

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export interface PageAssets {
  readonly html: string;
  readonly css: string;
  readonly xtermCss: string;
  readonly js: string;
}

const require = createRequire(import.meta.url);

/** The page sources live in inspector/public; from a compiled dist/inspector they are two levels up. */
function publicFile(name: string): string {
  const candidates = [new URL(`./public/${name}`, import.meta.url), new URL(`../../inspector/public/${name}`, import.meta.url)];
  for (const url of candidates) {
    const file = fileURLToPath(url);
    if (existsSync(file)) return file;
  }
  throw new Error(`inspector page file ${name} not found`);
}

async function bundle(): Promise<string> {
  // Imported lazily: only an inspector that is actually opened pays for loading esbuild.
  const esbuild = await import("esbuild");
  let result: Awaited<ReturnType<typeof esbuild.build>>;
  try {
    result = await esbuild.build({
      entryPoints: [publicFile("main.ts")],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
      logLevel: "silent",
      legalComments: "none",
    });
  } finally {
    // The bundle is built once and cached: esbuild's service process has nothing left to do, and left running it
    // would outlive inspector.close() as a child of the embedder.
    await esbuild.stop();
  }
  const out = result.outputFiles?.[0];
  if (!out) throw new Error("esbuild produced no output");
  return out.text;
}

let cached: Promise<PageAssets> | undefined;

/** Built once per process; a failed build is retried on the next call. */
export function pageAssets(): Promise<PageAssets> {
  cached ??= (async () => {
    const [html, css, xtermCss, js] = await Promise.all([
      readFile(publicFile("index.html"), "utf8"),
      readFile(publicFile("style.css"), "utf8"),
      readFile(require.resolve("@xterm/xterm/css/xterm.css"), "utf8"),
      bundle(),
    ]);
    return { html, css, xtermCss, js };
  })();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
