/**
 * Where one request's answers came from, per interface: a built-in sandbox or the vendor, data
 * the upstream says it generated or real data, and the reference date of dated data (exchange
 * rates). Collected from the upstream answers themselves, so it describes this request only.
 */
import type { UpstreamName } from '../config.js';

/** One interface's part in a response, as `extensions.provenance` lists it. */
export interface ProvenanceEntry {
  interface: UpstreamName;
  /** True when a built-in sandbox answered, not the vendor (the composition root says which). */
  sandbox: boolean;
  /** True when the upstream said its data is generated, not observed. */
  generated: boolean;
  /** The earliest reference day (YYYY-MM-DD) of dated data in the answers, e.g. rates' `date`. */
  asOf?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}/;
/** The sandboxes and any vendor that does so mark generated data in the envelope's message. */
const GENERATED = /\bgenerated\b/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The records inside the vendors' envelopes: `data.objects` (D), `data` (A) or the body itself. */
function records(body: Record<string, unknown>): unknown[] {
  const data = body.data;
  if (isRecord(data) && Array.isArray(data.objects)) return data.objects;
  return Array.isArray(data) ? data : [body];
}

/**
 * Collects what the upstream answers of one request say about themselves. `record` is the
 * request's answer listener (context.ts gives it to the upstream pipeline and to Mesh's sources).
 */
export class ProvenanceRecorder {
  private readonly seen = new Map<UpstreamName, { generated: boolean; asOf?: string }>();

  /** Notes one parsed answer of `upstream`; bound, since it is handed on as a listener. */
  readonly record = (upstream: UpstreamName, body: unknown): void => {
    const entry = this.seen.get(upstream) ?? { generated: false };
    if (isRecord(body)) {
      if (typeof body.message === 'string' && GENERATED.test(body.message)) entry.generated = true;
      for (const record of records(body)) {
        // Only a day-valued `date` is a reference date; D's country records hold calendar conventions there.
        const date = isRecord(record) && typeof record.date === 'string' && DAY.test(record.date) ? record.date.slice(0, 10) : undefined;
        if (date && (!entry.asOf || date < entry.asOf)) entry.asOf = date;
      }
    }
    this.seen.set(upstream, entry);
  };

  /** The entries of every interface answered so far, by interface name; `sandboxes` are those a built-in sandbox serves. */
  entries(sandboxes: ReadonlySet<UpstreamName>): ProvenanceEntry[] {
    return [...this.seen.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, entry]) => ({ interface: name, sandbox: sandboxes.has(name), ...entry }));
  }
}
