/** Money across interfaces: country rates and conversions, token and Ergo prices in any currency. */
import type { GraphModule } from '../../schema/graph-module.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { countryMoneyNeeds, countryMoneyResolvers } from './country-money.js';
import { cryptoMoneyNeeds, cryptoMoneyResolvers } from './crypto-money.js';

export const moneyModule: GraphModule = {
  typeDefs: [new URL('./money.graphql', import.meta.url)],
  resolvers: { ...countryMoneyResolvers, ...cryptoMoneyResolvers },
  transformSchema: declareNeeds({ ...countryMoneyNeeds, ...cryptoMoneyNeeds }),
  // A token's price is A's paid data; a Token may also come from `_entities`, with no paid root field selected.
  access: { paid: ['Token.price', 'Token.priceIn'] },
};
