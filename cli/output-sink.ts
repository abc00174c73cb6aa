// Renders one run in the chosen format: text (assistant messages), json (one document) or jsonl (one record per event).

import type { OutputWriter } from "./output-writer.js";
import { type EventRecord, SCHEMA_VERSION, type TerminalRecord } from "./records.js";
import type { OutputFormat } from "./settings.js";

export class OutputSink {
  private readonly texts: string[] = [];
  private sequence = 0;
  private streamed = false;
  private readonly startedAt: number;

  constructor(
    private readonly format: OutputFormat,
    private readonly stdout: OutputWriter,
    private readonly stream: boolean,
    startedAt: number,
  ) {
    this.startedAt = startedAt;
  }

  /** The assistant text collected so far, joined the way text output writes it. */
  get response(): string {
    return this.texts.join("\n\n");
  }

  private stamp(record: object): string {
    const line = { schemaVersion: SCHEMA_VERSION, ...record, sequence: this.sequence, elapsedMs: Math.max(0, Math.round(Date.now() - this.startedAt)) };
    this.sequence += 1;
    return `${JSON.stringify(line)}\n`;
  }

  async event(record: EventRecord): Promise<void> {
    if (record.type === "text") {
      this.texts.push(record.text);
      if (this.format === "text" && this.stream) {
        await this.stdout.write(this.streamed ? `\n\n${record.text}` : record.text);
        this.streamed = true;
      }
    }
    if (this.format === "jsonl") await this.stdout.write(this.stamp(record));
  }

  /** Writes the end of the run: text's final newline rules, json's one document, or jsonl's terminal record. */
  async finish(terminal: TerminalRecord): Promise<void> {
    if (this.format === "jsonl") return this.stdout.write(this.stamp(terminal));
    if (this.format === "json") return this.stdout.write(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, ...terminal })}\n`);
    if (this.stream) return this.stdout.write(this.streamed ? "\n" : "");
    // An empty response writes nothing at all.
    return this.stdout.write(this.response === "" ? "" : `${this.response}\n`);
  }
}
