/** Interface B's hand-written additions: the exact Long scalar and token amounts in whole units. */
import type { GraphModule } from '../../schema/graph-module.js';
import { blockchainUtilityArgumentScalars, blockchainUtilityEnvelopes, blockchainUtilityResolvers } from './resolvers.js';

export const blockchainUtilityModule: GraphModule = {
  typeDefs: [new URL('./blockchain-utility.graphql', import.meta.url)],
  resolvers: blockchainUtilityResolvers,
  envelopes: blockchainUtilityEnvelopes,
  argumentScalars: blockchainUtilityArgumentScalars,
};
