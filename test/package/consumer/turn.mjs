// Run inside the consumer project: one real offline turn against the simulated agent, then the inspector page.
import { startClaude } from "elwood";
import { inspect } from "elwood/inspector";

const [executable, cwd, log] = process.argv.slice(2);
const session = await startClaude({ cwd, executable, env: { ELWOOD_SIM_LOG: log } });
try {
  await session.waitForStatus((s) => s === "ready");
  await session.sendMessage("hello from the tarball");
  const reply = await session.waitForActivity((a) => a.kind === "assistant_message");
  const inspector = await inspect(session);
  const page = await fetch(inspector.url);
  const html = await page.text();
  const app = await fetch(new URL(`/app.js${new URL(inspector.url).search}`, inspector.url));
  const js = await app.text();
  await inspector.close();
  console.log(JSON.stringify({ reply: `${reply.label} ${reply.text ?? ""}`, pageStatus: page.status, title: /<title>([^<]*)</.exec(html)?.[1], appStatus: app.status, appBytes: js.length }));
} finally {
  await session.teardown();
}
