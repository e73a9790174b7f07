/** `cryptoBrief`: the daily brief composed from A, B and D, every statement with its inputs. */
import type { GraphModule } from '../../schema/graph-module.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { briefNeeds, cryptoBriefResolvers } from './resolvers.js';

export const briefModule: GraphModule = {
  typeDefs: [new URL('./brief.graphql', import.meta.url)],
  resolvers: cryptoBriefResolvers,
  transformSchema: declareNeeds(briefNeeds),
  // Composed from A's paid data.
  access: { paid: ['Query.cryptoBrief'] },
};
