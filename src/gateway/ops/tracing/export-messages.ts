/** What the request thread and the export worker (export-worker.ts) say to each other. */
import type { ExportResultCode } from '@opentelemetry/core';

/** One batch of spans as OTLP/HTTP sends it: its JSON body, and how many spans it holds. */
export interface SerialisedExport {
  body: Uint8Array;
  spans: number;
}

/** What the request thread asks: to send a batch, or to finish what is in flight and stop. */
export type ExportQuestion = { kind: 'export'; export: SerialisedExport } | { kind: 'shutdown' };

/** A question as posted, numbered so that its answer finds it. */
export type ExportRequest = ExportQuestion & { id: number };

export type ExportReply = { kind: 'exported'; id: number; code: ExportResultCode; error?: string } | { kind: 'shut'; id: number };
