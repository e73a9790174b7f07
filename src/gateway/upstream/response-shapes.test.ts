import { describe, expect, it } from 'vitest';
import { documentedAnswer, matchDocumentedAnswer } from './response-shapes.js';
import { VENDORS } from '../../../test/support/vendors.js';

const country = {
  uuid: '3f1c2a4e-0000-4000-8000-000000000001',
  names: { common: 'France', official: 'French Republic', alternates: [], native: {}, translations: {} },
  codes: { alpha_2: 'FR', alpha_3: 'FRA' },
};
const page = (objects: unknown[]) => ({
  data: { objects, meta: { total: objects.length, count: objects.length, limit: 25, offset: 0, more: false } },
});
const query = (text: string) => new URLSearchParams(text);

function documented(upstream: Parameters<typeof documentedAnswer>[0], template: string) {
  const answer = documentedAnswer(upstream, 'GET', template);
  if (!answer) throw new TypeError(`GET ${template} is not documented`);
  return answer;
}

describe('response shapes', () => {
  it('finds operations by template, and by a request path with literal segments first', () => {
    expect(documentedAnswer(VENDORS['country-data'], 'GET', '/countries/v5/code')?.operation).toBe('GET /countries/v5/code');
    expect(documentedAnswer(VENDORS['country-data'], 'GET', '/nowhere')).toBeUndefined();
    expect(documentedAnswer(VENDORS['country-data'], 'POST', '/countries/v5/code')).toBeUndefined();
    expect(matchDocumentedAnswer(VENDORS['country-data'], 'GET', '/countries/v5/code')?.operation).toBe('GET /countries/v5/code');
    expect(matchDocumentedAnswer(VENDORS['country-data'], 'GET', '/countries/v5/names.common')?.operation).toBe(
      'GET /countries/v5/{property}',
    );
    expect(matchDocumentedAnswer(VENDORS['blockchain-utility'], 'GET', '/sigusd/exchange')?.operation).toBe('GET /sigusd/exchange/');
    expect(matchDocumentedAnswer(VENDORS.address, 'GET', '/keys/ak_x/lookups')?.json).toBe(false);
  });

  it('says where and what does not fit (OAS 3.1), never the values', () => {
    const rates = documented(VENDORS['country-data'], '/currencies/v1/rates');
    const table = { base: 'USD', date: '2024-03-01', rates: { EUR: 0.9 } };
    expect(rates.problem(200, query(''), page([table]))).toBeUndefined();
    expect(rates.problem(200, query(''), null)).toBe('(the top level) must be object');
    expect(rates.problem(200, query(''), page([{ ...table, rates: { EUR: 'secret-value' } }]))).toBe(
      '/data/objects/0/rates/EUR must be number',
    );
    expect(rates.problem(200, query(''), { data: { objects: [] } })).toBe("/data must have required property 'meta'");
    // Extra properties are allowed where the document does not forbid them.
    expect(rates.problem(200, query(''), { ...page([{ ...table, extra: 1 }]), more: true })).toBeUndefined();
    const long = `K${'x'.repeat(500)}`;
    const message = rates.problem(200, query(''), page([{ ...table, rates: { [long]: 'x' } }])) ?? '';
    expect(message.length).toBeLessThan(120);
  });

  it('reads OAS 3.0 nullable, and int64 amounts as numbers or the quoted digits lossless-json.ts makes of them', () => {
    const grades = documented(VENDORS['crypto-analytics'], '/v1/investor-grades');
    const row = { TOKEN_ID: 3375, TOKEN_NAME: 'Bitcoin', TOKEN_SYMBOL: 'BTC', DATE: '2024-03-01T00:00:00Z', EPOCH: 1709251200 };
    const body = (grade: unknown) => ({
      success: true,
      message: 'ok',
      length: 1,
      data: [{ ...row, TM_INVESTOR_GRADE: 50, FUNDAMENTAL_GRADE: 50, TECHNOLOGY_GRADE: 50, VALUATION_GRADE: grade }],
    });
    expect(grades.problem(200, query(''), body(null))).toBeUndefined();
    expect(grades.problem(200, query(''), body('high'))).toBe('/data/0/VALUATION_GRADE must be number');
    const state = documented(VENDORS['blockchain-utility'], '/stablecoin/info');
    const bank = { reserveRatio: 450, sigUsdPrice: 1_000_000, sigRsvPrice: '9007199254740993' };
    expect(state.problem(200, query(''), bank)).toBeUndefined();
    expect(state.problem(200, query(''), { ...bank, sigUsdPrice: 'not digits' })).toMatch(/^\/sigUsdPrice /);
  });

  it('checks records D was asked to trim against the schema trimmed alike', () => {
    const byCode = documented(VENDORS['country-data'], '/countries/v5/code');
    const trimmed = { codes: country.codes, names: { common: 'France' } };
    expect(byCode.problem(200, query('q=FR'), page([trimmed]))).toBe("/data/objects/0 must have required property 'uuid'");
    expect(byCode.problem(200, query('q=FR&response_fields=codes,names.common'), page([trimmed]))).toBeUndefined();
    expect(byCode.problem(200, query('q=FR&response_fields=codes,names.common'), page([{ codes: country.codes, names: {} }]))).toBe(
      "/data/objects/0/names must have required property 'common'",
    );
    // What is kept is checked in full; the envelope is not trimmed.
    expect(byCode.problem(200, query('response_fields=codes'), page([{ codes: { alpha_2: 'FR' } }]))).toBe(
      "/data/objects/0/codes must have required property 'alpha_3'",
    );
    expect(byCode.problem(200, query('response_fields=codes'), { data: { objects: [] } })).toBe("/data must have required property 'meta'");
    // A field the request left out is not checked, even where the vendor sends it: nothing reads it.
    const untrimmed = { ...trimmed, population: 'not a number', area: { nonsense: true } };
    expect(byCode.problem(200, query('q=FR&response_fields=codes,names.common'), page([untrimmed]))).toBeUndefined();
    expect(byCode.problem(200, query('q=FR&response_fields=codes,names.common,population'), page([untrimmed]))).toMatch(
      /^\/data\/objects\/0\/population must be /,
    );
    expect(
      byCode.problem(200, query('response_fields=codes,names.common,population&response_fields_omit=population'), page([untrimmed])),
    ).toBeUndefined();
    const omitted = { ...country, names: { common: 'France', official: 'French Republic', alternates: [], native: {} } };
    expect(
      byCode.problem(200, query('response_fields=uuid,names,codes&response_fields_omit=names.translations'), page([omitted])),
    ).toBeUndefined();
  });
});
