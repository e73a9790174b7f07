/**
 * Conversion and rate tables from a dated reference table of USD rates (see
 * `data/usd-reference-rates.json` for its provenance). Cross rates go through USD, as reference
 * tables published against one base always do.
 */
import { createRequire } from 'node:module';
import currencyCodes from 'currency-codes';
import type { CountryRecord } from './country-records.js';

interface ReferenceTable {
  base: 'USD';
  date: string;
  source: string;
  rates: Record<string, number>;
}

const require = createRequire(import.meta.url);
const table = require('./data/usd-reference-rates.json') as ReferenceTable;

export const RATES_DATE = table.date;

export interface CurrencyInfo {
  code: string;
  name: string;
  symbol: string | null;
}

/** Units of `code` per one US dollar, or undefined for a currency the table lacks. */
function perUsd(code: string): number | undefined {
  return code === 'USD' ? 1 : table.rates[code];
}

export function isSupportedCurrency(code: string): boolean {
  return perUsd(code.toUpperCase()) !== undefined;
}

/** Units of `to` per one unit of `from`. */
export function rate(from: string, to: string): number {
  const fromPerUsd = perUsd(from);
  const toPerUsd = perUsd(to);
  if (fromPerUsd === undefined || toPerUsd === undefined) throw new RangeError(`unsupported currency pair ${from}/${to}`);
  return toPerUsd / fromPerUsd;
}

/** Every supported currency with its ISO name and the symbol countries use for it. */
export function supportedCurrencies(records: readonly CountryRecord[]): CurrencyInfo[] {
  const symbols = new Map<string, string | null>();
  for (const record of records) {
    for (const currency of record.currencies) {
      if (!symbols.get(currency.code)) symbols.set(currency.code, currency.symbol);
    }
  }
  return ['USD', ...Object.keys(table.rates)]
    .filter((code, index, all) => all.indexOf(code) === index)
    .sort()
    .map((code) => ({ code, name: currencyCodes.code(code)?.currency ?? code, symbol: symbols.get(code) ?? null }));
}

/** The table of every supported currency against `base`. */
export function ratesFor(base: string): { base: string; date: string; rates: Record<string, number> } {
  const rates: Record<string, number> = {};
  for (const code of ['USD', ...Object.keys(table.rates)].sort()) rates[code] = rate(base, code);
  return { base, date: table.date, rates };
}
