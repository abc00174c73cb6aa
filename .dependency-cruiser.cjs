// Import boundaries of the layering (ARCHITECTURE.md): contracts at the bottom, machines pure, effects at the edge.
/** @type {import('dependency-cruiser').IConfiguration} */
const SHIPPED = "^(machines|adapters|effects|src|inspector|cli)/";
module.exports = {
  forbidden: [
    {
      name: "contracts-import-nothing",
      comment: "src/contracts/ is the shared vocabulary: it imports nothing else of the project.",
      severity: "error",
      from: { path: "^src/contracts/" },
      to: { path: "^(machines|adapters|effects|inspector|test)/|^src/(?!contracts/)" },
    },
    {
      name: "machines-pure",
      comment: "Machines import only the vocabulary, xstate, other machines and shared adapter data — no I/O, no facade, no specific CLI.",
      severity: "error",
      from: { path: "^machines/" },
      to: { path: "^(effects|inspector|test)/|^src/(?!contracts/)|^adapters/(claude|codex)/" },
    },
    {
      name: "machines-no-node-io",
      comment: "Machines are pure: no Node built-in modules.",
      severity: "error",
      from: { path: "^machines/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "effects-at-the-edge",
      comment: "Effects never import machines, the facade or the inspector.",
      severity: "error",
      from: { path: "^effects/" },
      to: { path: "^(machines|inspector|test)/|^src/(?!contracts/)" },
    },
    {
      name: "adapters-below-the-facade",
      comment: "Adapters (per-CLI knowledge) never import machines, the facade or the inspector.",
      severity: "error",
      from: { path: "^adapters/" },
      to: { path: "^(machines|inspector|test)/|^src/(?!contracts/)" },
    },
    {
      name: "cli-uses-the-public-api",
      comment:
        "The elwood command is the outermost layer: of the library it imports the public entry point only, and the raw-socket refusal effect every HTTP server of the package shares.",
      severity: "error",
      from: { path: "^cli/" },
      to: { path: "^(machines|adapters|inspector|test)/|^effects/(?!raw-socket-refusal\\.ts$)|^src/(?!index\\.ts$)" },
    },
    {
      name: "examples-use-the-public-api",
      comment: "The examples show what a caller writes: of the library they import the public entry point only.",
      severity: "error",
      from: { path: "^examples/" },
      to: { path: "^(machines|adapters|effects|inspector|cli|test)/|^src/(?!index\\.ts$)" },
    },
    {
      name: "shipped-code-never-imports-tests",
      comment: "Nothing that ships in the package imports test/.",
      severity: "error",
      from: { path: SHIPPED },
      to: { path: "^test/" },
    },
    {
      name: "no-circular",
      comment: "No import cycles.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".mjs", ".js"] },
  },
};
