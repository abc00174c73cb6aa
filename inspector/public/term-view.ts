// One session's browser terminal: xterm.js fed the session's raw output bytes (replayed, then live).

import { Terminal } from "@xterm/xterm";
import { displayGlyphs } from "./glyphs.js";

export class TermView {
  readonly element: HTMLElement;
  private readonly term: Terminal;

  constructor(parent: HTMLElement, onKey: (data: string) => void) {
    this.element = document.createElement("div");
    this.element.className = "term";
    parent.append(this.element);
    this.term = new Terminal({
      cols: 120,
      rows: 30,
      fontSize: 13,
      fontFamily: '"DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace',
      scrollback: 5000,
      theme: { background: "#101418", foreground: "#d8dee9" },
    });
    this.term.open(this.element);
    // onKey (not onData): only a person's key presses go to the session. onData also carries xterm's own
    // answers to terminal queries, which the headless terminal already gives the agent.
    this.term.onKey(({ key }) => onKey(key));
  }

  write(data: string): void {
    this.term.write(displayGlyphs(data));
  }

  resize(cols: number, rows: number): void {
    if (cols !== this.term.cols || rows !== this.term.rows) this.term.resize(cols, rows);
  }

  get size(): { cols: number; rows: number } {
    return { cols: this.term.cols, rows: this.term.rows };
  }

  focus(): void {
    this.term.focus();
  }
}
