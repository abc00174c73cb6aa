// One line per agent folder: adding an agent is its folder under adapters/ plus its line here. Each folder's
// index.ts exports its definition and nothing else.

export * from "./claude/index.js";
export * from "./codex/index.js";
export * from "./qwen/index.js";
