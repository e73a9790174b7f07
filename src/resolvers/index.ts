/** Every hand-written resolver map, and every envelope table, in one list each. */
import type { EnvelopePath } from '../gateway/unwrap-envelopes.js';
import { countryDataEnvelopes, countryDataResolvers } from './country-data.js';
import { countryMoneyResolvers } from './country-money.js';
import { visitorResolvers } from './visitor.js';

export const resolvers = [countryDataResolvers, countryMoneyResolvers, visitorResolvers];

export const envelopes: Readonly<Record<string, EnvelopePath>> = {
  ...countryDataEnvelopes,
};
