/**
 * Interface C's hand-written additions: the Address interface, nullable numbers, text scalars,
 * and union members that agree on their shared fields.
 */
import { alignSharedMemberFields } from './align-members.js';
import type { GraphModule } from '../../schema/graph-module.js';
import { addressArgumentScalars, addressEnvelopes, addressResolvers, addressScalarBehaviours } from './resolvers.js';

export const addressModule: GraphModule = {
  typeDefs: [new URL('./address.graphql', import.meta.url)],
  resolvers: addressResolvers,
  scalarBehaviours: addressScalarBehaviours,
  envelopes: addressEnvelopes,
  argumentScalars: addressArgumentScalars,
  transformSchema: alignSharedMemberFields,
};
