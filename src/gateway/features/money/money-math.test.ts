import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { RateTableWire } from '../../interfaces/country-data/wire.js';
import { convert, crossRate, knownCurrency, rebase } from './money-math.js';

/** Round numbers, so every expectation can be worked out by hand. */
const USD_TABLE: RateTableWire = { base: 'USD', date: '2026-09-29', rates: { EUR: 0.5, GBP: 0.25, JPY: 100 } };

describe('crossRate', () => {
  it('gives units of the target per unit of the source, through USD', () => {
    expect(crossRate(USD_TABLE, 'USD', 'EUR')).toBe(0.5);
    expect(crossRate(USD_TABLE, 'EUR', 'USD')).toBe(2);
    expect(crossRate(USD_TABLE, 'EUR', 'GBP')).toBe(0.5);
    expect(crossRate(USD_TABLE, 'GBP', 'GBP')).toBe(1);
  });

  it('is null when the table lacks either currency', () => {
    expect(crossRate(USD_TABLE, 'EUR', 'XAU')).toBeNull();
    expect(crossRate(USD_TABLE, 'XAU', 'EUR')).toBeNull();
  });
});

describe('convert', () => {
  it('converts an amount and dates it with the table', () => {
    expect(convert(USD_TABLE, 10, 'EUR', 'JPY')).toEqual({ amount: 2000, currency: 'JPY', asOf: '2026-09-29' });
  });

  it('is null when the table lacks either currency', () => {
    expect(convert(USD_TABLE, 10, 'EUR', 'XAU')).toBeNull();
  });
});

describe('rebase', () => {
  it('re-expresses every rate, the old base included, against the new base, in code order', () => {
    const table = rebase(USD_TABLE, 'EUR');
    expect(table).toEqual({ base: 'EUR', date: '2026-09-29', rates: { EUR: 1, GBP: 0.5, JPY: 200, USD: 2 } });
    expect(Object.keys(table?.rates ?? {})).toEqual(['EUR', 'GBP', 'JPY', 'USD']);
  });

  it('keeps the table as it is when rebased on its own base', () => {
    expect(rebase(USD_TABLE, 'USD')?.rates).toEqual({ EUR: 0.5, GBP: 0.25, JPY: 100, USD: 1 });
  });

  it('is null for a base the table lacks', () => {
    expect(rebase(USD_TABLE, 'XAU')).toBeNull();
  });
});

describe('knownCurrency', () => {
  it('passes a currency the table has, and its base', () => {
    expect(knownCurrency('to', 'JPY', USD_TABLE)).toBe('JPY');
    expect(knownCurrency('to', 'USD', USD_TABLE)).toBe('USD');
  });

  it('refuses an unknown code with BAD_USER_INPUT naming the argument and the value', () => {
    let refusal: unknown;
    try {
      knownCurrency('currency', 'XAU', USD_TABLE);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(GraphQLError);
    expect(refusal).toMatchObject({
      message: 'Argument "currency" must be a currency the country-data interface has rates for; received "XAU".',
      extensions: { code: 'BAD_USER_INPUT', argument: 'currency' },
    });
  });
});
