/**
 * Every slice of the hand-written graph: each registered interface's additions (from its folder,
 * in the registry's order), then the features that cross them, then the composition fields over
 * the entities they declare. The gateway's own input checks are a pass of the schema pipeline
 * after them (build-schema.ts), not a module.
 */
import { briefModule } from './features/brief/index.js';
import { byKeyModule } from './features/by-key/index.js';
import { moneyModule } from './features/money/index.js';
import { placesModule } from './features/places/index.js';
import { tokenGraphModule } from './features/token-graph/index.js';
import { visitorModule } from './features/visitor/index.js';
import { liveModule } from './features/live/index.js';
import { federationModule } from './federation/index.js';
import type { Interfaces } from './interfaces/registry.js';
import { declaredEntities, type NamedGraphModule } from './schema/graph-module.js';
import { stitchingModule } from './stitching/index.js';

/** The modules of a gateway serving `interfaces`, named by their folders. */
export async function graphModules(interfaces: Interfaces): Promise<NamedGraphModule[]> {
  const interfaceModules = await Promise.all(
    interfaces.map(async (definition) => ({ name: definition.name, module: await definition.graph() })),
  );
  const slices: NamedGraphModule[] = [
    ...interfaceModules,
    { name: 'token-graph', module: tokenGraphModule },
    { name: 'money', module: moneyModule },
    { name: 'places', module: placesModule },
    { name: 'visitor', module: visitorModule },
    { name: 'brief', module: briefModule },
    { name: 'by-key', module: byKeyModule },
    { name: 'live', module: liveModule },
  ];
  return [
    ...slices,
    // `_Entity` is the union of what the slices declare, so an interface's folder adds an entity alone.
    { name: 'federation', module: federationModule(declaredEntities(slices)) },
    { name: 'stitching', module: stitchingModule },
  ];
}
