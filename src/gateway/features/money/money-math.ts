/** Conversions over a USD rate table, shared by every money field. */
import { badInput } from '../../errors.js';
import type { RateTableWire } from '../../interfaces/country-data/wire.js';

/** An amount in a currency, with the date of the rates used to reach it. */
export interface Money {
  amount: number;
  currency: string;
  asOf: string;
}

/**
 * Checks that the rate table knows a currency argument (its ISO 4217 shape is the CurrencyCode
 * scalar's business); an unknown one is BAD_USER_INPUT naming the argument.
 */
export function knownCurrency(argument: string, code: string, usdTable: RateTableWire): string {
  if (usdTable.rates[code] === undefined && code !== usdTable.base) {
    throw badInput(argument, 'a currency the country-data interface has rates for', code);
  }
  return code;
}

function perUsd(usdTable: RateTableWire, code: string): number | undefined {
  return code === usdTable.base ? 1 : usdTable.rates[code];
}

/** Units of `to` per one unit of `from`, or null when the table lacks either. */
export function crossRate(usdTable: RateTableWire, from: string, to: string): number | null {
  const fromPerUsd = perUsd(usdTable, from);
  const toPerUsd = perUsd(usdTable, to);
  return fromPerUsd === undefined || toPerUsd === undefined ? null : toPerUsd / fromPerUsd;
}

/** Converts an amount, or null when the table lacks either currency. */
export function convert(usdTable: RateTableWire, amount: number, from: string, to: string): Money | null {
  const rate = crossRate(usdTable, from, to);
  return rate === null ? null : { amount: amount * rate, currency: to, asOf: usdTable.date };
}

/** The table re-expressed against another base currency. */
export function rebase(usdTable: RateTableWire, base: string): RateTableWire | null {
  const basePerUsd = perUsd(usdTable, base);
  if (basePerUsd === undefined) return null;
  const rates: Record<string, number> = {};
  for (const code of Object.keys({ [usdTable.base]: 1, ...usdTable.rates }).sort()) {
    rates[code] = (perUsd(usdTable, code) ?? Number.NaN) / basePerUsd;
  }
  return { base, date: usdTable.date, rates };
}
