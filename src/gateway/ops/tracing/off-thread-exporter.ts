/**
 * The gateway's span exporter: OTLP/HTTP JSON, as OTLPTraceExporter sends it, with the sending done
 * by a worker thread (export-worker.ts). The request thread serialises each batch with the SDK's
 * own serializer and posts the bytes; the worker runs OTLP's export delegate (its retries,
 * timeouts, compression and OTEL_EXPORTER_OTLP_* settings) and answers with the result.
 *
 * Why a thread: measured under the production bench's 1 % sampler, an export on the request
 * thread cost far more than its own work. Its node:http client, streams and timers share Node's
 * code with the server's own answers, and V8 then inlined less of that code for every request
 * (perf showed Socket._writeGeneric, pino's LOG and others called, not inlined, only while exports
 * ran). The worker starts with the first export, so a gateway that samples nothing starts none.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ExportResult, ExportResultCode } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { ExportQuestion, ExportReply, ExportRequest } from './export-messages.js';

/** The worker's module beside this one: compiled .js under dist/ (the bundle keeps this module's own URL), .ts under tsx. */
const EXPORT_WORKER = new URL(`./export-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * Whether the worker can start: its module is compiled JavaScript. Under tsx (the source run) it
 * is TypeScript, which Node 20's worker threads cannot load, as they do not run the parent's
 * `--import` hooks; start-tracing.ts then sends from the request thread, as OTLPTraceExporter does.
 */
export const EXPORT_WORKER_RUNS = EXPORT_WORKER.pathname.endsWith('.js');

/** What the batch processor is told of an export: the worker's answer, or why there was none. */
function exportResult(reply: ExportReply | Error): ExportResult {
  if (reply instanceof Error) return { code: ExportResultCode.FAILED, error: reply };
  if (reply.kind === 'exported' && reply.code === ExportResultCode.SUCCESS) return { code: ExportResultCode.SUCCESS };
  const message = reply.kind === 'exported' && reply.error !== undefined ? reply.error : 'export failed';
  return { code: ExportResultCode.FAILED, error: new Error(message) };
}

/** A started worker and the questions it has yet to answer. */
interface ExportThread {
  worker: Worker;
  waiting: Map<number, (reply: ExportReply | Error) => void>;
}

export class OffThreadSpanExporter implements SpanExporter {
  private thread: ExportThread | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  private lastId = 0;
  private stopped = false;

  /** `workerUrl`: the worker's module (a test's stand-in); export-worker's by default. */
  constructor(private readonly workerUrl: URL = EXPORT_WORKER) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    if (this.stopped) {
      resultCallback({ code: ExportResultCode.FAILED, error: new Error('the span exporter has been shut down') });
      return;
    }
    const body = JsonTraceSerializer.serializeRequest(spans);
    if (!body) {
      resultCallback({ code: ExportResultCode.FAILED, error: new Error('the spans could not be serialised as OTLP JSON') });
      return;
    }
    void this.ask({ kind: 'export', export: { body, spans: spans.length } }).then((reply) => resultCallback(exportResult(reply)));
  }

  /** Resolves once every export posted so far has its answer. */
  async forceFlush(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /** Waits for the exports in flight and the worker's own shutdown, then ends the thread. */
  async shutdown(): Promise<void> {
    this.stopped = true;
    await this.forceFlush();
    const thread = this.thread;
    if (!thread) return;
    await this.ask({ kind: 'shutdown' });
    await thread.worker.terminate();
  }

  private ask(question: ExportQuestion): Promise<ExportReply | Error> {
    const { worker, waiting } = this.started();
    const id = ++this.lastId;
    const answered = new Promise<ExportReply | Error>((resolve) => waiting.set(id, resolve));
    const tracked = answered.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    const request: ExportRequest = { ...question, id };
    worker.postMessage(request);
    return answered;
  }

  private started(): ExportThread {
    if (this.thread) return this.thread;
    // A young generation of 2 MB rather than the main thread's default: the worker allocates
    // little more than each batch's request, and the smaller one keeps about 3 MiB less resident.
    const worker = new Worker(this.workerUrl, { resourceLimits: { maxYoungGenerationSizeMb: 2 } });
    const thread: ExportThread = { worker, waiting: new Map() };
    // An idle exporter does not keep the process alive; shutdown waits for it when there is work.
    thread.worker.unref();
    thread.worker.on('message', (reply: ExportReply) => {
      thread.waiting.get(reply.id)?.(reply);
      thread.waiting.delete(reply.id);
    });
    // A worker that fails or ends answers what it was asked with the failure: its own questions
    // only, since the next export may have started another before its 'exit' follows its 'error'.
    const lost = (error: Error): void => {
      if (this.thread === thread) this.thread = undefined;
      for (const resolve of thread.waiting.values()) resolve(error);
      thread.waiting.clear();
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', (code) => lost(new Error(`the span export worker exited (code ${code})`)));
    this.thread = thread;
    return thread;
  }
}
