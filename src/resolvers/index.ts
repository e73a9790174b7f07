/** Every hand-written resolver map, and every envelope table, in one list each. */
import type { ArgumentScalars } from '../gateway/argument-scalars.js';
import type { EnvelopePath } from '../gateway/unwrap-envelopes.js';
import { addressArgumentScalars, addressEnvelopes, addressResolvers } from './address.js';
import { blockchainUtilityArgumentScalars, blockchainUtilityEnvelopes, blockchainUtilityResolvers } from './blockchain-utility.js';
import { countryDataArgumentScalars, countryDataEnvelopes, countryDataResolvers } from './country-data.js';
import { cryptoAnalyticsEnvelopes, cryptoAnalyticsResolvers } from './crypto-analytics.js';
import { countryMoneyResolvers } from './country-money.js';
import { cryptoBriefResolvers } from './crypto-brief.js';
import { cryptoMoneyResolvers } from './crypto-money.js';
import { placesResolvers } from './places.js';
import { visitorResolvers } from './visitor.js';

export const resolvers = [
  blockchainUtilityResolvers,
  countryDataResolvers,
  countryMoneyResolvers,
  visitorResolvers,
  cryptoBriefResolvers,
  cryptoMoneyResolvers,
  placesResolvers,
  cryptoAnalyticsResolvers,
  addressResolvers,
];

export const envelopes: Readonly<Record<string, EnvelopePath>> = {
  ...countryDataEnvelopes,
  ...blockchainUtilityEnvelopes,
  ...cryptoAnalyticsEnvelopes,
  ...addressEnvelopes,
};

export const argumentScalars: ArgumentScalars = {
  ...countryDataArgumentScalars,
  ...blockchainUtilityArgumentScalars,
  ...addressArgumentScalars,
};
