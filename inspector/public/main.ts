// The inspector page: connects to the local server, keeps per-session state and renders every panel.

import type { ActorInfo, ClientCommand, CommandOp, DecisionRow, MachineCoverage, MachineGraph, ServerMessage, SessionInfo, TransitionInfo } from "../protocol.js";
import { $, clock, el, esc } from "./dom.js";
import { eventLabel } from "../labels.js";
import { layoutGraph, type GraphLayout } from "./graph-layout.js";
import { drawGraph } from "./graph-view.js";
import { NAMED_KEYS, unescapeKeys } from "./keys.js";
import { TermView } from "./term-view.js";
import { TimelineView } from "./timeline-view.js";

interface SessionState {
  readonly info: SessionInfo;
  readonly term: TermView;
  status: string;
  actors: ActorInfo[];
  decisions: DecisionRow[];
  readonly transitions: Map<string, TransitionInfo>;
}

const token = document.querySelector<HTMLMetaElement>('meta[name="elwood-token"]')?.content ?? "";
const graphs = new Map<string, MachineGraph>();
/** The test run's model coverage per machine (sent only when the inspector was given a report file). */
const coverage = new Map<string, MachineCoverage>();
/** Each machine is laid out once (its structure never changes); until ELK is done its graph is left out. */
const layouts = new Map<string, GraphLayout>();
const sessions = new Map<string, SessionState>();
let current: string | undefined;
let reqId = 0;
const pending = new Map<number, (ok: boolean, error?: string) => void>();
const timeline = new TimelineView($("#timeline"), $("#tl-toolbar"));

const ws = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
ws.addEventListener("open", () => setConn("connected", true));
ws.addEventListener("close", () => setConn("disconnected — reload to reconnect", false));
ws.addEventListener("message", (e) => onMessage(JSON.parse(String(e.data)) as ServerMessage));

function setConn(text: string, ok: boolean): void {
  const c = $("#conn");
  c.textContent = text;
  c.classList.toggle("down", !ok);
}

function onMessage(m: ServerMessage): void {
  switch (m.t) {
    case "hello":
      for (const info of m.sessions) addSession(info);
      break;
    case "graph": {
      const graph = m.graph;
      graphs.set(graph.machineId, graph);
      layoutGraph(graph)
        .then((layout) => {
          if (graphs.get(graph.machineId) !== graph) return; // a newer graph of the same machine arrived meanwhile
          layouts.set(graph.machineId, layout);
          scheduleRender();
        })
        .catch((error: unknown) => console.error(`layout of ${graph.machineId} failed`, error));
      break;
    }
    case "coverage":
      for (const machine of m.machines) coverage.set(machine.machineId, machine);
      $("#coverage-toggle").hidden = false;
      scheduleRender();
      break;
    case "term":
      sessions.get(m.sid)?.term.write(m.data);
      break;
    case "size": {
      sessions.get(m.sid)?.term.resize(m.cols, m.rows);
      if (m.sid === current) showSize();
      break;
    }
    case "status": {
      const s = sessions.get(m.sid);
      if (s) s.status = m.status;
      scheduleRender();
      break;
    }
    case "tree": {
      const s = sessions.get(m.sid);
      if (s) s.actors = [...m.actors];
      scheduleRender();
      break;
    }
    case "transition":
      sessions.get(m.sid)?.transitions.set(m.transition.actor, m.transition);
      scheduleRender();
      break;
    case "decisions": {
      const s = sessions.get(m.sid);
      if (s) s.decisions = [...m.rows];
      if (m.sid === current) renderDecisions();
      break;
    }
    case "timeline":
      timeline.add(m.entries);
      break;
    case "result":
      pending.get(m.reqId)?.(m.ok, m.error);
      pending.delete(m.reqId);
      break;
  }
}

function addSession(info: SessionInfo): void {
  if (sessions.has(info.sid)) return;
  const term = new TermView($("#terms"), (key) => {
    if ((document.getElementById("kbd") as HTMLInputElement).checked && info.sid === current) void command("keys", { text: key }, false);
  });
  sessions.set(info.sid, { info, term, status: "", actors: [], decisions: [], transitions: new Map() });
  const tab = el("button", { type: "button", "data-sid": info.sid }, `${info.agent} ${info.sid.slice(0, 8)}`);
  tab.title = info.cwd;
  tab.addEventListener("click", () => select(info.sid));
  $("#tabs").append(tab);
  if (current === undefined) select(info.sid);
}

function select(sid: string): void {
  current = sid;
  for (const [id, s] of sessions) s.term.element.hidden = id !== sid;
  for (const tab of document.querySelectorAll<HTMLElement>("#tabs button")) tab.classList.toggle("selected", tab.dataset["sid"] === sid);
  timeline.setSession(sessions.size > 1 ? sid : undefined);
  showSize();
  renderDecisions();
  scheduleRender();
}

function showSize(): void {
  const s = current === undefined ? undefined : sessions.get(current);
  if (!s) return;
  const { cols, rows } = s.term.size;
  $("#term-size").textContent = `${cols}×${rows}`;
  const colsInput = $("#cols") as HTMLInputElement;
  const rowsInput = $("#rows") as HTMLInputElement;
  if (document.activeElement !== colsInput) colsInput.value = String(cols);
  if (document.activeElement !== rowsInput) rowsInput.value = String(rows);
}

// ---- commands (each maps to one AgentSession method on the server) ----

function command(op: CommandOp, extra: Partial<Pick<ClientCommand, "text" | "cols" | "rows">> = {}, report = true): Promise<boolean> {
  if (current === undefined) return Promise.resolve(false);
  const id = ++reqId;
  const cmd: ClientCommand = { t: "cmd", reqId: id, sid: current, op, ...extra };
  ws.send(JSON.stringify(cmd));
  if (report) showResult(`${op}…`, "busy");
  return new Promise((resolve) => {
    pending.set(id, (ok, error) => {
      if (report || !ok) showResult(ok ? `${op} ✓` : `${op} failed: ${error ?? "unknown error"}`, ok ? "ok" : "error");
      resolve(ok);
    });
  });
}

function showResult(text: string, kind: "ok" | "error" | "busy"): void {
  const r = $("#result");
  r.textContent = text;
  r.dataset["kind"] = kind;
}

$("#send-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const box = $("#message") as HTMLTextAreaElement;
  const text = box.value;
  if (text.trim() === "") return;
  box.value = "";
  void command("send", { text });
});
$("#message").addEventListener("keydown", (e) => {
  // Enter sends, Shift+Enter adds a line (as in the agents' own composers).
  if (e.key === "Enter" && !e.shiftKey) {
    e.preventDefault();
    ($("#send-form") as HTMLFormElement).requestSubmit();
  }
});
$("#keys-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const box = $("#keys") as HTMLInputElement;
  if (box.value === "") return;
  void command("keys", { text: unescapeKeys(box.value) });
  box.value = "";
});
for (const [label, bytes] of NAMED_KEYS) {
  const b = el("button", { type: "button", class: "key" }, label);
  b.addEventListener("click", () => void command("keys", { text: bytes }));
  $("#named-keys").append(b);
}
$("#coverage").addEventListener("change", () => scheduleRender());
$("#interrupt").addEventListener("click", () => void command("interrupt"));
$("#resize").addEventListener("click", () => {
  const cols = Number(($("#cols") as HTMLInputElement).value);
  const rows = Number(($("#rows") as HTMLInputElement).value);
  void command("resize", { cols, rows });
});
for (const b of document.querySelectorAll<HTMLButtonElement>("button[data-op]")) {
  const op = b.dataset["op"] as CommandOp;
  b.addEventListener("click", () => {
    if (confirm(`${op} this session?`)) void command(op);
  });
}

// ---- rendering ----

let renderQueued = false;
function scheduleRender(): void {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    render();
  });
}

function render(): void {
  const s = current === undefined ? undefined : sessions.get(current);
  if (!s) return;
  const pill = $("#status");
  pill.textContent = s.status || "—";
  pill.dataset["status"] = s.status;
  renderActors(s);
  renderGraphs(s);
}

function renderActors(s: SessionState): void {
  const body = $("#actors tbody");
  body.replaceChildren(
    ...s.actors.map((a) => {
      const tr = el("tr", { "data-actor": a.path });
      const name = el("td", { style: `padding-left:${6 + a.depth * 14}px` }, a.path.split("/").pop() ?? a.path);
      tr.append(name, el("td", {}, a.machineId ?? "—"), el("td", { class: "state" }, a.state), el("td", {}, a.status));
      return tr;
    }),
  );
}

function renderGraphs(s: SessionState): void {
  const parts: string[] = [];
  for (const actor of s.actors) {
    const graph = actor.machineId === undefined ? undefined : graphs.get(actor.machineId);
    const layout = actor.machineId === undefined ? undefined : layouts.get(actor.machineId);
    if (!graph || !layout || graph.nodes.length < 2) continue; // a machine with no states of its own has no graph
    const last = s.transitions.get(actor.path);
    const showCoverage = ($("#coverage") as HTMLInputElement).checked;
    const drawing = drawGraph(layout, actor, last, showCoverage ? coverage.get(graph.machineId) : undefined);
    const lastText = last
      ? `last: <b>${esc(eventLabel(last.eventType))}</b> ${esc(short(last.source, graph))} → ${esc(last.targets.map((t) => short(t, graph)).join(", ") || "(self)")} <span class="ago">${clock(last.at)}</span>`
      : "no transition seen yet";
    const any = drawing.anyState.length
      ? `<div class="any">from any state: ${drawing.anyState.map((a) => `<span class="${a.last ? "last" : ""}">${esc(a.text)}</span>`).join(" · ")}</div>`
      : "";
    parts.push(
      `<div class="machine" data-machine="${esc(graph.machineId)}" data-actor="${esc(actor.path)}">` +
        `<h3>${esc(actor.path)} <span class="state">${esc(actor.state)}</span></h3>` +
        `<div class="last-line">${lastText}</div>${waiting(graph, actor)}${drawing.svg}${any}</div>`,
    );
  }
  $("#graphs").innerHTML = parts.join("");
}

/** What the actor's current innermost state waits for, in the machine's own words (its state description). */
function waiting(graph: MachineGraph, actor: ActorInfo): string {
  const described = graph.nodes.filter((n) => actor.active.includes(n.id) && n.description !== undefined);
  const innermost = described.reduce<(typeof described)[number] | undefined>((a, n) => (a && a.id.length > n.id.length ? a : n), undefined);
  return innermost ? `<div class="waiting"><b>${esc(innermost.key)}</b>: ${esc(innermost.description ?? "")}</div>` : "";
}

function short(id: string, graph: MachineGraph): string {
  return id === graph.machineId ? "(machine)" : id.slice(graph.machineId.length + 1);
}

function renderDecisions(): void {
  const s = current === undefined ? undefined : sessions.get(current);
  const body = $("#decisions tbody");
  body.replaceChildren(
    ...(s?.decisions ?? []).map((d) => {
      const tr = el("tr", { "data-to": d.to ?? "", class: d.to === null ? "ignored" : "changed" });
      tr.append(el("td", {}, clock(d.at)), el("td", {}, d.evidence), el("td", {}, d.to === null ? `${d.from} (kept)` : `${d.from} → ${d.to}`), el("td", {}, d.reason));
      return tr;
    }),
  );
  const scroll = $("#decisions-scroll");
  scroll.scrollTop = scroll.scrollHeight;
}
