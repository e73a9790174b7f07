import { trace } from '@opentelemetry/api';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterEach, describe, expect, it } from 'vitest';
import { tracingRegistered } from './tracer-name.js';

afterEach(() => trace.disable());

describe('tracingRegistered', () => {
  it('is false with no provider, true once one registers, false again once it is gone', () => {
    expect(tracingRegistered()).toBe(false);
    new NodeTracerProvider().register();
    expect(tracingRegistered()).toBe(true);
    trace.disable();
    expect(tracingRegistered()).toBe(false);
  });
});
