// Bundles the inspector page (inspector/public) with esbuild: at build time into dist, or on the fly from a source checkout.

import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const source = (name: string): string => fileURLToPath(new URL(`./public/${name}`, import.meta.url));

/** The page's source files; only a source checkout has them (the package ships the built page instead). */
export const PAGE_SOURCES = {
  html: source("index.html"),
  css: source("style.css"),
  xtermCss: createRequire(import.meta.url).resolve("@xterm/xterm/css/xterm.css"),
} as const;

/** The browser bundle's JavaScript; esbuild (a build-time tool, not a dependency of the package) is loaded here only. */
export async function bundlePage(): Promise<string> {
  const esbuild = await import("esbuild");
  let result: Awaited<ReturnType<typeof esbuild.build>>;
  try {
    result = await esbuild.build({
    entryPoints: [source("main.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
    legalComments: "none",
    // elkjs alone is megabytes of generated code: minified, the page loads at once even from a packed install.
    minify: true,
    });
  } finally {
    // esbuild's service process has nothing left to do once the page is built; left running it would outlive
    // inspector.close() as a child of the embedder.
    await esbuild.stop();
  }
  const out = result.outputFiles?.[0];
  if (!out) throw new Error("esbuild produced no output");
  return out.text;
}
