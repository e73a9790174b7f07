import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { readCallerLimits } from './caller-limits.js';
import { createCounterStore } from './counter-store.js';
import { CallerRateLimit } from './rate-limit.js';
import { useRateLimit } from './use-rate-limit.js';
import { quotaDeclarations } from '../config.js';
import { INTERFACES } from '../interfaces/registry.js';
import { METERED_SCHEMA as schema, TEST_CALLER_HEADER, testCallerOf as callerOf } from '../../../test/support/metered-schema.js';

function gateway(env: Record<string, string>) {
  const settings = readCallerLimits(env, quotaDeclarations(INTERFACES));
  const yoga = createYoga({
    schema,
    healthCheckEndpoint: '/healthz',
    plugins: [useRateLimit({ callerOf, rateLimit: new CallerRateLimit(settings, createCounterStore({ logger: silentLogger })) })],
  });
  return (caller: string, query: string) =>
    yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', [TEST_CALLER_HEADER]: caller },
      body: JSON.stringify({ query }),
    });
}

describe('useRateLimit', () => {
  it('puts RateLimit-Policy and RateLimit on every answer and refuses the 11th request of a minute with 429', async () => {
    const send = gateway({ RATE_LIMIT_PER_MINUTE: '10' });
    for (let request = 1; request <= 10; request += 1) {
      const response = await send('key:a', '{ ping }');
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe('"default";q=10;w=60');
      expect(response.headers.get('ratelimit')).toMatch(new RegExp(`^"default";r=${10 - request};t=([1-9]|[1-5][0-9]|60)$`));
    }
    const refused = await send('key:a', '{ ping }');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    const body = (await refused.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.errors[0]?.message).toMatch(/^Rate limit of 10 requests per 60 seconds for this caller exceeded; retry in \d+ seconds\.$/);
    expect(body.errors[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      limit: { policy: 'default', quota: 10, windowSeconds: 60, remaining: 0 },
      retryable: true,
    });
    expect((await send('key:b', '{ ping }')).status).toBe(200);
  });

  it('spends no token on other routes nor for a request without a caller', async () => {
    const settings = readCallerLimits({ RATE_LIMIT_PER_MINUTE: '1' }, quotaDeclarations(INTERFACES));
    const yoga = createYoga({
      schema,
      healthCheckEndpoint: '/healthz',
      plugins: [useRateLimit({ callerOf, rateLimit: new CallerRateLimit(settings, createCounterStore({ logger: silentLogger })) })],
    });
    for (let probe = 0; probe < 3; probe += 1) {
      const response = await yoga.fetch('http://gateway.test/healthz', { headers: { [TEST_CALLER_HEADER]: 'key:probe' } });
      expect(response.status).toBe(200);
      expect(response.headers.has('ratelimit')).toBe(false);
    }
    expect((await yoga.fetch('http://gateway.test/graphql?query={ping}')).headers.has('ratelimit')).toBe(false);
  });
});
