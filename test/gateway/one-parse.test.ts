import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  // No cross-request cache: every query below reaches the sandbox, so each body is new.
  gw = await startTestGateway({ cacheTtlMs: 0 });
});
afterAll(() => gw.close());

/**
 * Runs `query` and counts D's answers and the `JSON.parse` calls that read one: D's envelope
 * (`data.objects`) is in every body D sends and never in a GraphQL result.
 */
async function parsesPerBody(query: string): Promise<{ bodies: number; parses: number; provenance: unknown }> {
  const requests = gw.sandboxes['country-data']?.requests;
  if (!requests) throw new Error('the test gateway started no country-data sandbox');
  requests.length = 0;
  const parse = vi.spyOn(JSON, 'parse');
  try {
    const result = await gw.query(query);
    expect(result.errors).toBeUndefined();
    // D's OpenAPI document, which the answer checks read once per process from the build's JSON
    // copy (openapi-document.ts), names `objects` too; it is no body.
    const parses = parse.mock.calls.filter(
      ([text]) => typeof text === 'string' && text.includes('"objects"') && !text.includes('"openapi"'),
    ).length;
    return { bodies: requests.length, parses, provenance: result.extensions?.provenance };
  } finally {
    parse.mockRestore();
  }
}

describe('each upstream body is parsed once', () => {
  it('by Mesh for a generated field, with provenance read from what Mesh parsed', async () => {
    const { bodies, parses, provenance } = await parsesPerBody('{ countriesByCode(q: "CHE") { nodes { names { common } } } }');
    expect(bodies).toBe(1);
    expect(parses).toBe(1);
    expect(provenance).toEqual([{ interface: 'country-data', sandbox: true, generated: false }]);
  });

  it('once for hand-written callers, however many share the answer', async () => {
    const { bodies, parses } = await parsesPerBody(
      '{ a: country(code: "LI") { names { common } } b: country(code: "LIE") { population } countries(limit: 3) { total } }',
    );
    expect(bodies).toBeGreaterThan(0);
    expect(parses).toBe(bodies);
  });
});
