// The page's static assets: HTML shell, stylesheet, xterm.css and the browser bundle (pre-built into dist at build time).

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

export interface PageAssets {
  readonly html: string;
  readonly css: string;
  readonly xtermCss: string;
  readonly js: string;
}

/** File names of the built page inside dist/inspector/public (written by test/tools/build-package.ts). */
export const BUILT_PAGE = { html: "index.html", css: "style.css", xtermCss: "xterm.css", js: "app.js" } as const;

const builtDir = fileURLToPath(new URL("./public/", import.meta.url));

async function builtAssets(): Promise<PageAssets> {
  const read = (name: string): Promise<string> => readFile(`${builtDir}${name}`, "utf8");
  const [html, css, xtermCss, js] = await Promise.all([read(BUILT_PAGE.html), read(BUILT_PAGE.css), read(BUILT_PAGE.xtermCss), read(BUILT_PAGE.js)]);
  return { html, css, xtermCss, js };
}

/** A source checkout (tests, the demo) bundles the page on the fly, so an edit to inspector/public shows at once. */
async function sourceAssets(): Promise<PageAssets> {
  // The specifier is a variable so the compiler leaves the bundler (and esbuild) out of the package.
  const bundler: string = "./page-bundle.js";
  const { bundlePage, PAGE_SOURCES } = (await import(bundler)) as PageBundler;
  const [html, css, xtermCss, js] = await Promise.all([
    readFile(PAGE_SOURCES.html, "utf8"),
    readFile(PAGE_SOURCES.css, "utf8"),
    readFile(PAGE_SOURCES.xtermCss, "utf8"),
    bundlePage(),
  ]);
  return { html, css, xtermCss, js };
}

/** What inspector/page-bundle.ts exports (declared here so the type does not pull the file into the package). */
interface PageBundler {
  readonly PAGE_SOURCES: { readonly html: string; readonly css: string; readonly xtermCss: string };
  bundlePage(): Promise<string>;
}

let cached: Promise<PageAssets> | undefined;

/** Read (or bundled) once per process; a failure is retried on the next call. */
export function pageAssets(): Promise<PageAssets> {
  cached ??= existsSync(`${builtDir}${BUILT_PAGE.js}`) ? builtAssets() : sourceAssets();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
