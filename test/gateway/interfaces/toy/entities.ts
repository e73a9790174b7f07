/** The toy's entity: a thing, which other subgraphs point at by its id. */
import type { GatewayContext } from '../../../../src/gateway/context.js';
import { badInput } from '../../../../src/gateway/errors.js';
import type { ArgumentAt, EntityDeclaration } from '../../../../src/gateway/schema/entity-declaration.js';
import { toyInterface } from './interface.js';
import type { ToyThingWire } from './wire.js';

/** Things by id: the vendor has no batch lookup, so each distinct id is one request (cached as the folder says). */
function thingsById(ids: readonly unknown[], argumentAt: ArgumentAt, context: GatewayContext): Promise<ToyThingWire>[] {
  return ids.map(async (id, index) => {
    if (typeof id !== 'string' || id === '') throw badInput(argumentAt(index), 'a thing id', id);
    return context.upstream.get<ToyThingWire>(toyInterface.name, '/things/{id}', { id });
  });
}

export const TOY_ENTITIES: readonly EntityDeclaration[] = [
  // Of the gateway's records, only a thing has both an id and a day.
  { type: 'ToyThing', fields: 'id', field: 'id', resolve: thingsById, owns: (record) => 'id' in record && 'date' in record },
];
