/**
 * Interface B's hand-written additions: the exact Long scalar, Ergo addresses and ids checked by
 * the gateway, token amounts in whole units and result types as specific as the data.
 */
import type { GraphModule } from '../../schema/graph-module.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { ergoScalars } from './ergo-scalars.js';
import {
  blockchainUtilityArgumentScalars,
  blockchainUtilityEnvelopes,
  blockchainUtilityNeeds,
  blockchainUtilityResolvers,
} from './resolvers.js';
import { specificResultTypes } from './result-types.js';

export const blockchainUtilityModule: GraphModule = {
  typeDefs: [new URL('./blockchain-utility.graphql', import.meta.url)],
  resolvers: { ...blockchainUtilityResolvers, ...ergoScalars },
  envelopes: blockchainUtilityEnvelopes,
  argumentScalars: blockchainUtilityArgumentScalars,
  transformSchema: (schema) => specificResultTypes(declareNeeds(blockchainUtilityNeeds)(schema)),
  // B records payment requests and token burns and builds babel-fee offers.
  access: {
    write: ['Mutation.addBabelFeeOfferInput', 'Mutation.submitBabelFeeOffer', 'Mutation.prepareTokenBurn', 'Mutation.createPaymentRequest'],
  },
};
