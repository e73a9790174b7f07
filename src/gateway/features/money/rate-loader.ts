/**
 * Exchange rates for cross-interface money fields. Every conversion pivots through one USD table,
 * so a request that converts into any number of currencies, for any number of parents, costs a
 * single rates request (the reference tables are published against USD anyway).
 */
import DataLoader from 'dataloader';
import type { Envelope, RateTableWire } from '../../interfaces/country-data/wire.js';
import type { UpstreamCaller } from '../../upstream/upstream-fetch.js';

export const PIVOT_CURRENCY = 'USD';

/** A loader of rate tables by base currency; the money resolvers only ever ask for USD. */
export function createRatesLoader(caller: UpstreamCaller): DataLoader<string, RateTableWire> {
  return new DataLoader((bases) =>
    Promise.all(
      bases.map(async (base) => {
        const page = await caller.upstream.get<Envelope<RateTableWire>>('country-data', '/currencies/v1/rates', { base });
        const table = page.data.objects[0];
        if (!table) throw new TypeError(`country-data answered no rate table for ${base}`);
        return table;
      }),
    ),
  );
}
