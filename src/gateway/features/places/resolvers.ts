/**
 * Places on interface C resolved to interface D's full Country: addresses, places and the
 * countries a key's search covers. All go through the per-request country loader, so a page of
 * addresses costs one D request per distinct country at most.
 */
import type { GatewayContext } from '../../context.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { AddressRecordWire } from '../../interfaces/address/wire.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';

/** UK constituent countries and Crown Dependencies, as PAF names them, by ISO 3166-1 code. */
const PAF_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  England: 'GB',
  Scotland: 'GB',
  Wales: 'GB',
  'Northern Ireland': 'GB',
  'Isle of Man': 'IM',
  Jersey: 'JE',
  Guernsey: 'GG',
  'Channel Islands': 'GG',
};

/** What C's records say about their country (older UK answers carry only the name). */
function codeOf(hints: AddressRecordWire): string | undefined {
  const code = hints.country_iso_2 || hints.iso_2 || hints.country_iso;
  if (code) return code;
  return hints.country ? PAF_COUNTRY_NAMES[hints.country] : undefined;
}

const country = (parent: AddressRecordWire, _args: unknown, context: GatewayContext) => {
  const code = codeOf(parent);
  return code ? context.loaders.countryByCode.load(code) : null;
};

/**
 * What these fields need from upstream (upstream/field-needs.ts). A suggestion or a key's context
 * may name no country, so no call of theirs is certain; the others name one.
 */
export const placesNeeds: FieldNeeds = {
  'IpLookup.country': { calls: { 'country-data': 1 } },
  'UkAddress.country': { calls: { 'country-data': 1 } },
  'UsAddress.country': { calls: { 'country-data': 1 } },
  'Place.country': { calls: { 'country-data': 1 } },
  'PlaceSuggestion.country': {},
  'KeyContext.country': {},
};

export const placesResolvers: Resolvers = {
  UkAddress: { country },
  UsAddress: { country },
  Place: { country },
  PlaceSuggestion: { country },
  KeyContext: { country },
  IpLookup: {
    country: (lookup, _args, context) =>
      lookup.location.country ? context.loaders.countryByCode.load(lookup.location.country.alpha_2) : null,
  },
};
