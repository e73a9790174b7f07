/**
 * An entity, as the slice that owns its lookup declares it: a type peers point at by key
 * (Apollo Federation's `@key`, stitching's `@merge`), the key, and how a batch of keys becomes
 * records. federation/ and stitching/ read the declarations; they name no entity themselves.
 */
import type { GatewayContext } from '../context.js';

/** Names the argument (or representation) of the key at `index`, for error messages. */
export type ArgumentAt = (index: number) => string;

export interface EntityDeclaration {
  /** The entity's type, by its own (unprefixed) name. */
  type: string;
  /** The key's field set, as `@key(fields:)` and `@key(selectionSet:)` spell it (without braces). */
  fields: string;
  /** The key field read from each representation. */
  field: string;
  /** The records behind these keys, one promise per key, each failing alone. */
  resolve(keys: readonly unknown[], argumentAt: ArgumentAt, context: GatewayContext): Promise<object>[];
  /** Whether a record is this entity's (the records are the vendors' own; each has a field the others lack). */
  owns(record: object): boolean;
  /** The plural root field a stitching gateway batches lookups through, and its argument of keys. */
  batch?: { field: string; keyArg: string };
}
