/** The plural by-key root fields and `Country.code`, the key peers point at. */
import type { Resolvers } from '../../generated/resolvers-types.js';
import { countriesByAlpha2, tokensById } from './entity-lookups.js';

export const byKeyResolvers: Resolvers = {
  Query: {
    countriesByCodes: (_root, args, context) => countriesByAlpha2(args.codes, (index) => `codes[${index}]`, context),
    tokensByIds: (_root, args, context) => tokensById(args.ids, (index) => `ids[${index}]`, context),
  },
  Country: {
    code: (country) => country.codes.alpha_2.toUpperCase(),
  },
};
