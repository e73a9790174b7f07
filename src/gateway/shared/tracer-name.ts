/**
 * The name every span of the gateway is created under. It lives below both users, the Yoga
 * tracing plugin (ops/tracing) and the upstream client's spans (upstream/), so the upstream layer
 * never loads a Yoga plugin module for a constant.
 */
import { ProxyTracerProvider, trace } from '@opentelemetry/api';

export const TRACER_NAME = 'four-rest-one-graph';

/**
 * Whether an OpenTelemetry provider has registered (OTEL_* set, or a test's own provider). Without
 * one every span is a no-op, but the hooks that make them still ran on every request (about 7 %
 * of a small query's CPU): the gateway asks once, when it is built, and adds no hooks then.
 */
export function tracingRegistered(): boolean {
  const provider = trace.getTracerProvider();
  const delegate = provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider;
  // An unregistered proxy's delegate is the API's one no-op provider, the same object for every proxy.
  return delegate !== new ProxyTracerProvider().getDelegate();
}
