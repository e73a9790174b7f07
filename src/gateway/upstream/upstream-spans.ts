/**
 * Spans of the calls a resolver makes: an INTERNAL span per upstream call as the resolver asked
 * for it (de-duplicated and cache hits included), and a CLIENT span per HTTP exchange, whose W3C
 * `traceparent` goes to the upstream so a vendor's traces join ours. URLs are recorded without
 * their query string, which may carry a key, and with the path segments that are keys redacted
 * (the vendor profile's `redactPath`, e.g. C's `/keys/{key}`): a trace backend keeps span names
 * and attributes for weeks, readable by everyone with access to it. No-ops while tracing is not configured.
 *
 * The parent is the call's own context (the request's, carried by the upstream client), never an
 * ambient one. A call of a request that is not sampled opens no span: the request's client adds
 * the request's `traceparent` (sampled flag off) to its calls' headers, worked out once per request
 * (`unsampledTraceHeaders`), and the exchange is sent as it is. A call outside any request
 * (a live poll) is a trace of its own, sampled as the sampler decides.
 */
import {
  type Context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
} from '@opentelemetry/api';
import { TRACER_NAME } from '../shared/tracer-name.js';
import type { UpstreamMiddleware } from './upstream-fetch.js';
import type { OutgoingCall } from './upstream-transport.js';
import type { VendorProfile } from './vendor-profile.js';

// A proxy until a provider is registered, then its tracer: asked for once, not per span.
const tracer = trace.getTracer(TRACER_NAME);

/** The URL as it may be recorded: no query string, no hash, key segments redacted by the vendor's `redactPath`. */
function recordable(url: string, redactPath: VendorProfile['redactPath']): { href: string; pathname: string; hostname: string } {
  const parsed = new URL(url);
  const pathname = redactPath ? redactPath(parsed.pathname) : parsed.pathname;
  return { href: `${parsed.origin}${pathname}`, pathname, hostname: parsed.hostname };
}

/** Whether a call with this parent records spans: outside a request, or inside a sampled one. */
export function records(parent: Context | undefined): boolean {
  return parent === undefined || trace.getSpan(parent)?.isRecording() === true;
}

async function inSpan<T>(span: Span, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}

/** The pipeline step that runs each call of a resolver inside its INTERNAL span. */
export const traceCalls: UpstreamMiddleware = (next) => (call) => {
  if (!records(call.trace)) return next(call);
  const parent = call.trace ?? ROOT_CONTEXT;
  const span = tracer.startSpan(
    `upstream ${call.upstream.name} ${recordable(call.url, call.upstream.vendor.redactPath).pathname}`,
    { kind: SpanKind.INTERNAL, attributes: { 'upstream.name': call.upstream.name, 'http.request.method': call.method } },
    parent,
  );
  return inSpan(span, () => next({ ...call, trace: trace.setSpan(parent, span) }));
};

/**
 * The headers that carry an unsampled request's trace context to its upstreams: the same for every
 * exchange of the request (no span of its own is opened), so worked out once per request. A root
 * the gateway decided not to record has no ids (server-span.ts's not-recorded span): its calls get
 * a new trace of their own, sampled flag off, as the SDK's non-recording span would have given
 * them; made here, so a request that calls no upstream (a cached answer) makes none, spelt directly
 * where its context is marked so (`withNewTraceHeaders`), else by the propagators.
 */
export function unsampledTraceHeaders(context: Context): Record<string, string> {
  const own = trace.getSpanContext(context);
  if (own && trace.isSpanContextValid(own)) return injected(context);
  if (context.getValue(SPELT_DIRECTLY) !== true) return injected(trace.setSpanContext(context, newUnsampledContext()));
  const { traceId, spanId } = newUnsampledContext();
  return { traceparent: unsampledTraceparent(traceId, spanId) };
}

/** What the registered propagators write for `context`. */
function injected(context: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context, headers);
  return headers;
}

/** Marks a context whose new trace the registered propagators write as W3C's `traceparent` alone. */
const SPELT_DIRECTLY = createContextKey('four-rest-one-graph new trace spelt directly');

/** The W3C `traceparent` of an unsampled trace with these ids. */
function unsampledTraceparent(traceId: string, spanId: string): string {
  return `00-${traceId}-${spanId}-00`;
}

/**
 * `context`, marked when the propagators registered now write W3C's `traceparent` and nothing else
 * for a new trace in it (the default tracecontext and baggage, for a root without baggage): found
 * once by asking them for a trace whose ids are known. A marked context's calls get the header
 * spelt from the new ids directly: the context, the propagators' checks and their validation of
 * the ids cost more than drawing the ids did. Other propagators (B3, Jaeger), or a context with
 * more to write, are asked for each new trace.
 */
export function withNewTraceHeaders(context: Context): Context {
  const probe = newUnsampledContext();
  const written = injected(trace.setSpanContext(context, probe));
  const direct = Object.keys(written).length === 1 && written.traceparent === unsampledTraceparent(probe.traceId, probe.spanId);
  return direct ? context.setValue(SPELT_DIRECTLY, true) : context;
}

/** Where a new trace's ids are drawn: a trace id's 16 bytes and a span id's 8. */
const IDS = Buffer.alloc(24);

/**
 * A new trace's ids, not sampled. Drawn as the SDK's RandomIdGenerator draws them, from
 * Math.random: trace ids are not secrets, and node:crypto's randomBytes cost ten times as much.
 */
function newUnsampledContext(): SpanContext {
  for (let at = 0; at < IDS.length; at += 4) IDS.writeUInt32BE((Math.random() * 2 ** 32) >>> 0, at);
  const ids = IDS.toString('hex');
  return { traceId: ids.slice(0, 32), spanId: ids.slice(32), traceFlags: TraceFlags.NONE };
}

/**
 * Runs one HTTP exchange of a call that `records` inside a CLIENT span; `run` gets the headers with
 * the span's `traceparent` added.
 */
export function traceExchange<T extends { status: number }>(
  call: OutgoingCall,
  run: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const outgoing = { ...call.headers };
  const parent = call.trace ?? ROOT_CONTEXT;
  const target = recordable(call.url, call.redactPath);
  const span = tracer.startSpan(
    `${call.method} ${call.upstream}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'upstream.name': call.upstream,
        'http.request.method': call.method,
        'url.full': target.href,
        'server.address': target.hostname,
      },
    },
    parent,
  );
  propagation.inject(trace.setSpan(parent, span), outgoing);
  return inSpan(span, async () => {
    const answer = await run(outgoing);
    span.setAttribute('http.response.status_code', answer.status);
    if (answer.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${answer.status}` });
    return answer;
  });
}
