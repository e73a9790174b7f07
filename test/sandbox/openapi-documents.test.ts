import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { OpenApiContract } from '../../src/sandbox/openapi-contract.js';
import { ROOT } from '../support/gateway.js';

const EXPECTED_VERSION: Record<string, string> = {
  'crypto-analytics.yaml': '3.0',
  'blockchain-utility.yaml': '3.0',
  'address.yaml': '3.0',
  'country-data.yaml': '3.1',
};

const documents = readdirSync(join(ROOT, 'schema')).filter((file) => file.endsWith('.yaml'));

describe('OpenAPI documents', () => {
  it('include the country-data document', () => {
    expect(documents).toContain('country-data.yaml');
  });

  it.each(documents)('%s validates against the OpenAPI specification of its version', async (file) => {
    const validator = new Validator();
    const result = await validator.validate(join(ROOT, 'schema', file));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe(EXPECTED_VERSION[file]);
  });

  it.each(documents)('%s gives every operation a unique operationId', (file) => {
    const ids = new OpenApiContract(join(ROOT, 'schema', file)).operationIds;
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('country-data documents the 12 operations of interface D', () => {
    const ids = new OpenApiContract(join(ROOT, 'schema', 'country-data.yaml')).operationIds.sort();
    expect(ids).toEqual([
      'convertCurrency',
      'countriesByCode',
      'countriesByName',
      'countriesSearch',
      'countriesWhere',
      'currencies',
      'exchangeRates',
      'exchangeRatesByPath',
      'ipLookup',
      'ipLookupByPath',
      'listCountries',
      'userAgent',
    ]);
  });
});
