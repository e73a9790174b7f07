/** The Token graph: `token(id | symbol)` and the Token fields that reach A's other operations. */
import type { GraphModule } from '../../schema/graph-module.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { tokenGraphNeeds, tokenGraphResolvers } from './resolvers.js';

export const tokenGraphModule: GraphModule = {
  typeDefs: [new URL('./token-graph.graphql', import.meta.url)],
  resolvers: tokenGraphResolvers,
  transformSchema: declareNeeds(tokenGraphNeeds),
  // A's tokens, read from its paid data.
  access: { paid: ['Query.token'] },
};
