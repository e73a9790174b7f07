import { propagation, ROOT_CONTEXT, type TextMapPropagator, trace, TraceFlags } from '@opentelemetry/api';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unsampledTraceHeaders, withNewTraceHeaders } from './upstream-spans.js';

/** The propagators a provider registers by default (W3C's trace context and baggage), and how often they are asked to write. */
function defaultPropagators(): { injected(): number } {
  new NodeTracerProvider().register({ contextManager: null });
  const inject = vi.spyOn(propagation, 'inject');
  return { injected: () => inject.mock.calls.length };
}

/** A propagator that carries a trace in a header of its own, as B3's single header does, and how often it was asked. */
function oneHeaderPropagator(): { injected(): number } {
  let injected = 0;
  const propagator: TextMapPropagator = {
    inject(context, carrier, setter) {
      injected += 1;
      const ids = trace.getSpanContext(context);
      if (ids && trace.isSpanContextValid(ids)) setter.set(carrier, 'x-trace', `${ids.traceId}-${ids.spanId}-${ids.traceFlags}`);
    },
    extract: (context) => context,
    fields: () => ['x-trace'],
  };
  propagation.setGlobalPropagator(propagator);
  return { injected: () => injected };
}

const UNSAMPLED = /^00-([0-9a-f]{32})-([0-9a-f]{16})-00$/;

afterEach(() => {
  vi.restoreAllMocks();
  propagation.disable();
  trace.disable();
});

describe('unsampledTraceHeaders', () => {
  it("spells a new trace's traceparent itself under the default propagators, as they would, asking them once", () => {
    const asked = defaultPropagators();
    const root = withNewTraceHeaders(ROOT_CONTEXT);
    expect(asked.injected()).toBe(1);
    const made = [unsampledTraceHeaders(root), unsampledTraceHeaders(root)];
    expect(asked.injected()).toBe(1);
    for (const headers of made) {
      expect(Object.keys(headers)).toEqual(['traceparent']);
      const [, traceId = '', spanId = ''] = UNSAMPLED.exec(headers.traceparent ?? '') ?? [];
      // What the propagators write for the same ids.
      const written: Record<string, string> = {};
      propagation.inject(trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags: TraceFlags.NONE }), written);
      expect(written).toEqual(headers);
    }
    expect(made[0]?.traceparent).not.toBe(made[1]?.traceparent);
  });

  it('asks any other propagator for every new trace, and writes only its header', () => {
    const asked = oneHeaderPropagator();
    const root = withNewTraceHeaders(ROOT_CONTEXT);
    const made = [unsampledTraceHeaders(root), unsampledTraceHeaders(root)];
    expect(asked.injected()).toBe(3);
    for (const headers of made) expect(headers).toEqual({ 'x-trace': expect.stringMatching(/^[0-9a-f]{32}-[0-9a-f]{16}-0$/) });
    expect(made[0]?.['x-trace']).not.toBe(made[1]?.['x-trace']);
  });

  it('asks the propagators for every new trace of a root that carries more than a trace (baggage)', () => {
    const asked = defaultPropagators();
    const root = withNewTraceHeaders(propagation.setBaggage(ROOT_CONTEXT, propagation.createBaggage({ tenant: { value: 'eu-1' } })));
    const made = unsampledTraceHeaders(root);
    expect(asked.injected()).toBe(2);
    expect(made).toEqual({ traceparent: expect.stringMatching(UNSAMPLED), baggage: 'tenant=eu-1' });
  });

  it("writes a request's own unsampled context through the propagators, and a new trace for a context that carries no way", () => {
    defaultPropagators();
    const own = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.NONE };
    expect(unsampledTraceHeaders(trace.setSpanContext(ROOT_CONTEXT, own))).toEqual({
      traceparent: `00-${own.traceId}-${own.spanId}-00`,
    });
    expect(unsampledTraceHeaders(ROOT_CONTEXT).traceparent).toMatch(UNSAMPLED);
  });
});
