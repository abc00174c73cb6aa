// The event timeline: pause, filter by kind and text, expand details, export what is shown as JSONL (in the browser).

import type { TimelineEntry, TimelineKind } from "../protocol.js";
import { clock, el } from "./dom.js";

const KINDS: readonly TimelineKind[] = ["status", "hook", "activity", "frame", "event", "warning", "error", "exit"];
/** XState routing events are many per turn; they start hidden. */
const HIDDEN_BY_DEFAULT: ReadonlySet<TimelineKind> = new Set(["event"]);
const MAX_ENTRIES = 20_000;

export class TimelineView {
  private readonly entries: TimelineEntry[] = [];
  private readonly held: TimelineEntry[] = [];
  private readonly shown = new Set<TimelineKind>(KINDS.filter((k) => !HIDDEN_BY_DEFAULT.has(k)));
  private paused = false;
  private text = "";
  private sid: string | undefined;
  private onHeld: (n: number) => void = () => {};

  constructor(
    private readonly list: HTMLElement,
    toolbar: HTMLElement,
  ) {
    const pause = el("button", { type: "button", id: "tl-pause" }, "Pause");
    const count = el("span", { class: "held" });
    pause.addEventListener("click", () => {
      this.paused = !this.paused;
      pause.textContent = this.paused ? "Resume" : "Pause";
      if (!this.paused) this.add(this.held.splice(0));
      count.textContent = "";
    });
    this.onHeld = (n) => (count.textContent = n > 0 ? `${n} new` : "");
    toolbar.append(pause, count);
    for (const kind of KINDS) {
      const box = el("input", { type: "checkbox", "data-kind": kind });
      box.checked = this.shown.has(kind);
      box.addEventListener("change", () => {
        if (box.checked) this.shown.add(kind);
        else this.shown.delete(kind);
        this.rerender();
      });
      const label = el("label", { class: `kind-${kind}` });
      label.append(box, ` ${kind}`);
      toolbar.append(label);
    }
    const filter = el("input", { type: "search", placeholder: "filter text…", id: "tl-filter" });
    filter.addEventListener("input", () => {
      this.text = filter.value.toLowerCase();
      this.rerender();
    });
    const exportButton = el("button", { type: "button", id: "tl-export" }, "Export JSONL");
    exportButton.addEventListener("click", () => this.exportJsonl());
    const clear = el("button", { type: "button" }, "Clear");
    clear.addEventListener("click", () => {
      this.entries.length = 0;
      this.rerender();
    });
    toolbar.append(filter, exportButton, clear);
  }

  /** Shows only one session's entries (undefined = all). */
  setSession(sid: string | undefined): void {
    this.sid = sid;
    this.rerender();
  }

  add(entries: readonly TimelineEntry[]): void {
    if (this.paused) {
      this.held.push(...entries);
      this.onHeld(this.held.length);
      return;
    }
    this.entries.push(...entries);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    const stick = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 30;
    for (const e of entries) if (this.visible(e)) this.list.append(this.row(e));
    while (this.list.childElementCount > 2000) this.list.firstElementChild?.remove();
    if (stick) this.list.scrollTop = this.list.scrollHeight;
  }

  /** The entries the current filters show: what a person sees is what gets exported. */
  visibleEntries(): TimelineEntry[] {
    return this.entries.filter((e) => this.visible(e));
  }

  private visible(e: TimelineEntry): boolean {
    if (this.sid !== undefined && e.sid !== this.sid) return false;
    if (!this.shown.has(e.kind)) return false;
    return this.text === "" || e.label.toLowerCase().includes(this.text);
  }

  private row(e: TimelineEntry): HTMLElement {
    const row = el("div", { class: `tl-row kind-${e.kind}`, "data-kind": e.kind });
    row.append(el("span", { class: "tl-time" }, clock(e.at)), el("span", { class: "tl-kind" }, e.kind), el("span", { class: "tl-label" }, e.label));
    if (e.detail !== undefined) {
      row.classList.add("has-detail");
      row.addEventListener("click", () => {
        const open = row.querySelector("pre");
        if (open) open.remove();
        else row.append(el("pre", {}, JSON.stringify(e.detail, null, 2)));
      });
    }
    return row;
  }

  private rerender(): void {
    this.list.replaceChildren(...this.visibleEntries().slice(-2000).map((e) => this.row(e)));
    this.list.scrollTop = this.list.scrollHeight;
  }

  private exportJsonl(): void {
    const text = this.visibleEntries().map((e) => JSON.stringify(e)).join("\n") + "\n";
    const url = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
    const a = el("a", { href: url, download: `elwood-timeline-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
