/** The Apollo Federation v2 subgraph fields: `_service` and `_entities` (see docs/composition.md). */
import type { EntityDeclaration } from '../schema/entity-declaration.js';
import type { GraphModule } from '../schema/graph-module.js';
import { entityUnionSdl } from './entity-keys.js';
import { federationResolvers } from './resolvers.js';

/** The subgraph fields of a graph whose slices declare `entities` (`_Entity` is their union). */
export function federationModule(entities: readonly EntityDeclaration[]): GraphModule {
  return {
    typeDefs: [new URL('./federation.graphql', import.meta.url), entityUnionSdl(entities)],
    resolvers: federationResolvers,
  };
}
