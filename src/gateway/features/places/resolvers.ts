/**
 * Places on interface C resolved to interface D's full Country: addresses, places and the
 * countries a key's search covers. All go through the per-request country loader, so a page of
 * addresses costs one D request per distinct country at most.
 */
import type { GatewayContext } from '../../context.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { AddressRecordWire } from '../../interfaces/address/wire.js';

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
