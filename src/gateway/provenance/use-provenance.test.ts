import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../build-schema.js';
import { createGateway } from '../server.js';
import { ROOT, startTestGateway, type TestGateway } from '../../../test/support/gateway.js';
import type { ProvenanceEntry } from './provenance.js';
import { VENDORS } from '../../../test/support/vendors.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

function provenanceOf(result: { extensions?: Record<string, unknown> }): ProvenanceEntry[] | undefined {
  const provenance = result.extensions?.provenance;
  return Array.isArray(provenance) ? provenance : undefined;
}

describe('extensions.provenance', () => {
  it('lists the interfaces an operation reached: sandbox, generated, and the rates day', async () => {
    const result = await gw.query('{ tokens(limit: 2) { symbol } exchangeRates(base: "EUR") { date } }');
    expect(result.errors).toBeUndefined();
    const rateDay: unknown = (result.data?.exchangeRates as { date?: unknown } | undefined)?.date;
    expect(provenanceOf(result)).toEqual([
      { interface: 'country-data', sandbox: true, generated: false, asOf: rateDay },
      { interface: 'crypto-analytics', sandbox: true, generated: true },
    ]);
  });

  it('names only the interfaces this operation used, and none for an operation that used none', async () => {
    const countries = await gw.query('{ country(code: "FR") { names { common } } }');
    expect(provenanceOf(countries)).toEqual([{ interface: 'country-data', sandbox: true, generated: false }]);
    const none = await gw.query('{ __typename }');
    expect(none.extensions?.provenance).toBeUndefined();
  });

  it('says sandbox: false for an upstream the composition root did not name as a sandbox', async () => {
    const sandbox = gw.sandboxes['country-data'];
    if (!sandbox) throw new Error('the test gateway started no country-data sandbox');
    const { schema, destroy } = await buildGatewaySchema(ROOT);
    try {
      const yoga = createGateway({
        schema,
        upstreams: [
          {
            name: 'country-data',
            url: sandbox.url,
            credentials: { key: 'rc_live_demo', userToken: undefined },
            vendor: VENDORS['country-data'],
          },
        ],
        upstreamTimeoutMs: 10_000,
        cacheTtlMs: 0,
      });
      const response = await yoga.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query: '{ country(code: "FR") { names { common } } }' }),
      });
      const body: { extensions?: Record<string, unknown> } = await response.json();
      expect(provenanceOf(body)).toEqual([{ interface: 'country-data', sandbox: false, generated: false }]);
    } finally {
      destroy();
    }
  });
});
