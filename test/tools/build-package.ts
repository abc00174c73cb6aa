// `npm run build`: compiles the package into dist and pre-builds the inspector page there (nothing is built at run time).

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { BUILT_PAGE } from "../../inspector/page-assets.js";
import { bundlePage, PAGE_SOURCES } from "../../inspector/page-bundle.js";

const root = resolve(import.meta.dirname, "../..");
// ELWOOD_BUILD_DIR (inside the repository, so node_modules resolves) lets a test build its own copy.
const dist = process.env["ELWOOD_BUILD_DIR"] ? resolve(process.env["ELWOOD_BUILD_DIR"]) : join(root, "dist");
const require = createRequire(import.meta.url);

// A clean dist: files of a removed or renamed module must not linger in the package.
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(root, "tsconfig.build.json"), "--outDir", dist], { cwd: root, stdio: "inherit" });
// The hook bridge is plain JS that the CLI's hook command runs with node; it is copied, not compiled.
copyFileSync(join(root, "effects/hook-bridge/bridge.mjs"), join(dist, "effects/hook-bridge/bridge.mjs"));
copyFileSync(join(root, "effects/hook-bridge/bridge.bash"), join(dist, "effects/hook-bridge/bridge.bash"));
// So is the supervisor the embedder starts detached (a /bin/sh script).
mkdirSync(join(dist, "effects/supervisor"), { recursive: true });
copyFileSync(join(root, "effects/supervisor/embedder-supervisor.sh"), join(dist, "effects/supervisor/embedder-supervisor.sh"));

// The elwood command's record schema ships next to the command, for consumers that validate its output.
copyFileSync(join(root, "cli/output.schema.json"), join(dist, "cli/output.schema.json"));

const page = join(dist, "inspector/public");
mkdirSync(page, { recursive: true });
copyFileSync(PAGE_SOURCES.html, join(page, BUILT_PAGE.html));
copyFileSync(PAGE_SOURCES.css, join(page, BUILT_PAGE.css));
copyFileSync(PAGE_SOURCES.xtermCss, join(page, BUILT_PAGE.xtermCss));
writeFileSync(join(page, BUILT_PAGE.js), await bundlePage());
console.error(`built ${dist}`);
