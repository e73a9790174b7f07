/**
 * Exchange rates for cross-interface money fields. Every conversion pivots through one USD table,
 * so a request that converts into any number of currencies, for any number of parents, costs a
 * single rates request (the reference tables are published against USD anyway).
 */
import DataLoader from 'dataloader';
import { upstreamError } from '../../errors.js';
import type { Envelope, RateTableWire } from '../../interfaces/country-data/wire.js';
import type { UpstreamCaller } from '../../upstream/upstream-fetch.js';

export const PIVOT_CURRENCY = 'USD';

/** A loader of rate tables by base currency; the money resolvers only ever ask for USD. */
export function createRatesLoader(caller: UpstreamCaller): DataLoader<string, RateTableWire> {
  return new DataLoader((bases) =>
    Promise.all(
      bases.map(async (base) => {
        // The path form, as `exchangeRates(base:)` asks (interfaces/country-data/path-forms.ts): one
        // URL for one table, so both share the request's one call and one shared-cache entry.
        const page = await caller.upstream.get<Envelope<RateTableWire>>('country-data', '/currencies/v1/rates/{base}', { base });
        const table = page.data.objects[0];
        // The gateway, not the client, chose the base (the pivot every rate table is published
        // against), so an answer without its table is the upstream failing, not a missing resource.
        if (!table)
          throw upstreamError(
            { upstream: 'country-data', status: 200, message: `the answer held no rate table for ${base}` },
            'UPSTREAM_ERROR',
          );
        return table;
      }),
    ),
  );
}
