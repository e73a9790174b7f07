/** The plural by-key root fields and `Country.code`, the key peers point at. */
import type { Resolvers } from '../../generated/resolvers-types.js';
import { countriesByAlpha2, tokensById } from './entity-lookups.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';

/** What these fields need from upstream (upstream/field-needs.ts). */
export const byKeyNeeds: FieldNeeds = {
  'Country.code': { reads: ['codes'] },
  'Query.countriesByCodes': { calls: { 'country-data': 1 } },
  'Query.tokensByIds': { calls: { 'crypto-analytics': 1 } },
};

export const byKeyResolvers: Resolvers = {
  Query: {
    countriesByCodes: (_root, args, context) => countriesByAlpha2(args.codes, (index) => `codes[${index}]`, context),
    tokensByIds: (_root, args, context) => tokensById(args.ids, (index) => `ids[${index}]`, context),
  },
  Country: {
    code: (country) => country.codes.alpha_2.toUpperCase(),
  },
};
