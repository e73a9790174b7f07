/** The toy interface's hand-written additions: its fields' access, its live stock and its entity; Mesh serves the rest. */
import type { Resolvers } from '../../../../src/gateway/generated/resolvers-types.js';
import { openLiveStream } from '../../../../src/gateway/live/live-stream.js';
import type { LiveOutcome } from '../../../../src/gateway/live/poll-registry.js';
import type { GraphModule } from '../../../../src/gateway/schema/graph-module.js';
import { TOY_ENTITIES } from './entities.js';
import { toyInterface } from './interface.js';

// The product's generated resolver types know only the registry's four interfaces; the toy's
// Subscription field is checked by the test that runs it instead.
const resolvers = {
  Subscription: {
    toyStock: {
      subscribe: (_root: unknown, args: { id: string }, context: Parameters<typeof openLiveStream>[0]) =>
        openLiveStream(context, {
          feed: 'stock',
          upstream: toyInterface.name,
          template: '/things/{id}/stock',
          parameters: { id: args.id },
        }),
      resolve: (outcome: LiveOutcome): unknown => {
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      },
    },
  },
} as Resolvers;

export const toyModule: GraphModule = {
  typeDefs: [new URL('./toy.graphql', import.meta.url)],
  resolvers,
  // The toy vendor bills each thing it looks up; who owns a thing is personal data.
  access: { paid: ['Query.toyThing'], admin: ['Query.toyThingOwner'] },
  // Other subgraphs point at a thing by its id.
  entities: TOY_ENTITIES,
};
