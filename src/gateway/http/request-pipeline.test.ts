/**
 * The request pipeline's declarations are checked when a gateway is composed: a step that
 * requires what no earlier step provides, a step listed twice, and a step with neither fast
 * hooks nor a reason the fast path needs none are refused, naming the step. The production
 * gateway's pipeline prints with every production feature as a step the fast path runs.
 */
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { Identity } from '../callers/identity.js';
import { createCounterStore } from '../callers/counter-store.js';
import { readCallerLimits } from '../callers/caller-limits.js';
import { silentLogger } from '../logger.js';
import { createGatewayServer } from '../server.js';
import { checkRequestPipeline, FastPipeline, printRequestPipeline, type RequestStep } from './request-pipeline.js';

const step = (name: string, fast: RequestStep['fast'], facts: { requires?: string[]; provides?: string[] } = {}): RequestStep => ({
  name,
  requires: facts.requires ?? [],
  provides: facts.provides ?? [],
  yoga: [],
  fast,
});

describe('checkRequestPipeline', () => {
  it('refuses a step that requires what no earlier step provides, naming both', () => {
    expect(() =>
      checkRequestPipeline([
        step('rate-limit', { notNeeded: 'x' }, { requires: ['caller'] }),
        step('identity', { notNeeded: 'x' }, { provides: ['caller'] }),
      ]),
    ).toThrow('the step "rate-limit" requires caller, which no earlier step provides');
  });

  it('refuses a step listed twice', () => {
    expect(() => checkRequestPipeline([step('cost', { notNeeded: 'x' }), step('cost', { notNeeded: 'x' })])).toThrow(
      '"cost" is listed twice',
    );
  });

  it('refuses a step that leaves the fast path unaccounted for', () => {
    expect(() => checkRequestPipeline([step('scopes', {})])).toThrow('the step "scopes" has no fast hooks and says not why');
    expect(() => checkRequestPipeline([step('scopes', { notNeeded: ' ' })])).toThrow('the step "scopes" has no fast hooks');
    expect(() => new FastPipeline([step('scopes', {})])).toThrow('has no fast hooks');
  });

  it('runs the fast hooks in order, stopping at the first that sends the request to Yoga', async () => {
    const seen: string[] = [];
    const pipeline = new FastPipeline([
      step('first', { arrive: () => (seen.push('first'), 'continue') }),
      step('second', { arrive: () => (seen.push('second'), 'yoga') }),
      step('third', { arrive: () => (seen.push('third'), 'continue') }),
    ]);
    expect(await pipeline.arrive({} as never)).toBe('yoga');
    expect(seen).toEqual(['first', 'second']);
  });

  it('gives a verdict at once when every hook does, and waits for a hook that takes its time, in order', async () => {
    const seen: string[] = [];
    const hook = (name: string, verdict: 'continue' | 'yoga', later: boolean) => () => {
      seen.push(name);
      return later ? new Promise<'continue' | 'yoga'>((resolve) => setTimeout(() => resolve(verdict), 5)) : verdict;
    };
    const at = (hooks: [string, 'continue' | 'yoga', boolean][]) =>
      new FastPipeline(hooks.map(([name, verdict, later]) => step(name, { admit: hook(name, verdict, later) })));
    // No promise: the fast path does not wait a turn of the microtask queue for it.
    expect(
      at([
        ['a', 'continue', false],
        ['b', 'continue', false],
      ]).admit({} as never, {} as never),
    ).toBe('continue');
    seen.length = 0;
    const waited = at([
      ['a', 'continue', false],
      ['b', 'continue', true],
      ['c', 'yoga', false],
      ['d', 'continue', true],
    ]);
    expect(await waited.admit({} as never, {} as never)).toBe('yoga');
    expect(seen).toEqual(['a', 'b', 'c']);
    seen.length = 0;
    expect(
      await at([
        ['a', 'yoga', true],
        ['b', 'continue', false],
      ]).admit({} as never, {} as never),
    ).toBe('yoga');
    expect(seen).toEqual(['a']);
  });
});

describe("the production gateway's pipeline", () => {
  it('runs identity, the rate limit, scopes, introspection and the quota estimate on the fast path, and prints so', () => {
    const schema = buildSchema('type Query { ping: String }');
    const counters = createCounterStore({ logger: silentLogger });
    const { pipeline } = createGatewayServer({
      schema,
      upstreams: [],
      upstreamTimeoutMs: 1_000,
      cacheTtlMs: 0,
      metrics: false,
      identity: new Identity({ required: true, realm: 'gateway', apiKeys: undefined }),
      callerLimits: { settings: readCallerLimits({ RATE_LIMIT_PER_MINUTE: '10' }, {}), counters },
      posture: { introspection: 'off', addressAdminOperations: false },
    });
    const printed = printRequestPipeline(pipeline);
    expect(printed).toMatch(/identity\s+\[- -> caller\].*fast: arrive$/m);
    expect(printed).toMatch(/scopes\s+\[caller -> -\].*fast: admit$/m);
    expect(printed).toMatch(/rate-limit\s+\[caller -> rate-limit\].*fast: arrive$/m);
    // Checked when the operation is to execute, after the cache whose hit spends no quota.
    expect(printed).toMatch(/cost .*\n.*quota\s+\[caller -> -\].*fast: execute$/m);
    expect(printed).toMatch(/introspection .*fast: admit/);
    expect(printed).toMatch(/error-catalogue .*fast: not needed \(an answer with errors goes to Yoga's path/);
    expect(printed.split('\n')[0]).toMatch(/^ 1\. routes/);
  });
});
