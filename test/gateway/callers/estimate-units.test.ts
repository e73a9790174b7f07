/** The per-vendor estimate against the real schema: Mesh's fields keep their @httpOperation, so C's paid operations are told from its free ones. */
import { getOperationAST, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { estimateUpstreamUnits } from '../../../src/gateway/callers/estimate-units.js';
import { unitsByUpstream } from '../../../src/gateway/callers/quota.js';
import { quotaDeclarations } from '../../../src/gateway/config.js';
import { estimateUpstreamCalls } from '../../../src/gateway/http/fan-out.js';
import { INTERFACES } from '../../../src/gateway/interfaces/registry.js';
import { ROOT } from '../../support/gateway.js';

let built: Awaited<ReturnType<typeof buildGatewaySchema>>;

beforeAll(async () => {
  built = await buildGatewaySchema(ROOT, {});
});

afterAll(() => built.destroy());

function estimate(query: string) {
  const document = parse(query);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no operation');
  // Each vendor's operations priced as its folder declares (C's paid lookups).
  return unitsByUpstream(estimateUpstreamUnits(built.schema, document, operation), quotaDeclarations(INTERFACES));
}

describe('estimateUpstreamUnits', () => {
  it("counts C's paid lookups and not its free operations", () => {
    const query = `{
      a: addressByUdprn(udprn: 0) { id }
      b: postcodeAddresses(postcode: "SW1A 2AA") { total }
      s: addressSuggestions(query: "10 downing") { id }
      k: apiKey(key: "iddqd") { available }
    }`;
    expect(estimate(query)).toEqual({ address: 2 });
  });

  it("splits the brief and cross-interface fields by vendor, adding up to the fan-out budget's estimate", () => {
    const query = '{ cryptoBrief { __typename } country(code: "FR") { exchangeRates { __typename } } }';
    const units = estimate(query);
    expect(units).toEqual({ 'crypto-analytics': 12, 'blockchain-utility': 1, 'country-data': 3 });
    const document = parse(query);
    const operation = getOperationAST(document);
    if (!operation) throw new Error('no operation');
    const total = Object.values(units).reduce((sum, count) => sum + count, 0);
    expect(total).toBe(estimateUpstreamCalls(built.schema, document, operation));
  });
});
