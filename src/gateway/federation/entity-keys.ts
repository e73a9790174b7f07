/**
 * The gateway's entities: which types peers may point at by key, the key's field set, and how a
 * batch of representations becomes records. The federation SDL, `_entities` and the stitching
 * SDL all read this one table.
 */
import type { GatewayContext } from '../context.js';
import { countriesByAlpha2, currenciesByCode, tokensById, type ArgumentAt, type CurrencyWire } from '../features/by-key/entity-lookups.js';
import type { AddressRecordWire } from '../interfaces/address/wire.js';
import type { CountryWire } from '../interfaces/country-data/wire.js';
import type { TokenRecordWire } from '../interfaces/crypto-analytics/wire.js';
import { badInput } from '../errors.js';

/** The vendor record behind any entity. */
export type EntityRecord = CountryWire | CurrencyWire | TokenRecordWire | AddressRecordWire;

export interface EntityKey {
  /** The key's field set, as `@key(fields:)` and `@key(selectionSet:)` spell it (without braces). */
  fields: string;
  /** The key field read from each representation. */
  field: string;
  /** The records behind these keys, one promise per key, each failing alone. */
  resolve(keys: readonly unknown[], argumentAt: ArgumentAt, context: GatewayContext): Promise<EntityRecord>[];
}

/** UDPRNs: the vendor has no batch lookup, so each distinct UDPRN is one request. */
function addressesByUdprn(udprns: readonly unknown[], argumentAt: ArgumentAt, context: GatewayContext): Promise<AddressRecordWire>[] {
  return udprns.map(async (udprn, index) => {
    if (typeof udprn !== 'number' || !Number.isInteger(udprn) || udprn < 0)
      throw badInput(argumentAt(index), 'a UDPRN (a whole number)', udprn);
    return (await context.upstream.get<{ result: AddressRecordWire }>('address', '/udprn/{udprn}', { udprn })).result;
  });
}

/** Entity type (unprefixed name) → its key; a Map, so a `__typename` such as "constructor" finds nothing. */
export const ENTITY_KEYS: ReadonlyMap<string, EntityKey> = new Map([
  ['Country', { fields: 'code', field: 'code', resolve: countriesByAlpha2 }],
  ['Currency', { fields: 'code', field: 'code', resolve: currenciesByCode }],
  ['Token', { fields: 'id', field: 'id', resolve: tokensById }],
  ['UkAddress', { fields: 'udprn', field: 'udprn', resolve: addressesByUdprn }],
]);
