import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace-node';
import { describe, expect, it } from 'vitest';
import { rootSampling, SAMPLED_ROOT_CONTEXT, type SamplerSetting } from './root-sampling.js';
import { GatewaySampler } from './start-tracing.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

function decision(setting: SamplerSetting, context = ROOT_CONTEXT): SamplingDecision {
  return new GatewaySampler(setting).shouldSample(context, TRACE_ID, 'span', SpanKind.INTERNAL, {}, []).decision;
}

function withParent(sampled: boolean, context = ROOT_CONTEXT) {
  const traceFlags = sampled ? TraceFlags.SAMPLED : TraceFlags.NONE;
  return trace.setSpanContext(context, { traceId: TRACE_ID, spanId: '00f067aa0ba902b7', traceFlags, isRemote: true });
}

describe('rootSampling', () => {
  it('records every root at a ratio of 1, none at 0, and a draw below the ratio between', () => {
    const never = (): number => {
      throw new Error('no draw is needed at 0 or 1');
    };
    expect(rootSampling({ parentBased: true, rootRatio: 1 }, never)()).toBe(true);
    expect(rootSampling({ parentBased: false, rootRatio: 0 }, never)()).toBe(false);
    const draws = [0.2, 0.25, 0.2499, 0.9, 0];
    const quarter = rootSampling({ parentBased: true, rootRatio: 0.25 }, () => draws.shift() ?? 1);
    expect([quarter(), quarter(), quarter(), quarter(), quarter()]).toEqual([true, false, true, false, true]);
  });
});

describe('GatewaySampler', () => {
  it('records a root the gateway decided for, and what descends from it, without drawing again', () => {
    const none = { parentBased: true, rootRatio: 0 };
    expect(decision(none, SAMPLED_ROOT_CONTEXT)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decision({ parentBased: false, rootRatio: 0 }, withParent(true, SAMPLED_ROOT_CONTEXT))).toBe(
      SamplingDecision.RECORD_AND_SAMPLED,
    );
  });

  it("is the SDK's sampler for every other span: roots outside a request, and a caller's trace", () => {
    expect(decision({ parentBased: true, rootRatio: 0 })).toBe(SamplingDecision.NOT_RECORD);
    expect(decision({ parentBased: true, rootRatio: 1 })).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    // Parent-based: the caller's flag decides, whatever the root ratio.
    expect(decision({ parentBased: true, rootRatio: 0 }, withParent(true))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decision({ parentBased: true, rootRatio: 1 }, withParent(false))).toBe(SamplingDecision.NOT_RECORD);
    // Not parent-based: the ratio decides on the trace id, the caller's flag notwithstanding.
    expect(decision({ parentBased: false, rootRatio: 0 }, withParent(true))).toBe(SamplingDecision.NOT_RECORD);
    expect(decision({ parentBased: false, rootRatio: 1 }, withParent(false))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(new GatewaySampler({ parentBased: true, rootRatio: 0.01 }).toString()).toMatch(
      /^GatewaySampler\{ParentBased\{root=TraceIdRatioBased\{0\.01\}/,
    );
  });
});
