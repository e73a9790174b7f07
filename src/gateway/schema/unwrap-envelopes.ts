/**
 * Vendors wrap answers in envelopes (`data.objects[0]`, `result`, `data`). For root fields listed
 * in an envelope table, the public field returns what is inside: its type becomes the type at
 * the path and its resolver picks the value there. Paths are field names and list indexes.
 */
import { type GraphQLOutputType, GraphQLList, type GraphQLSchema, getNullableType, isListType, isObjectType } from 'graphql';

export type EnvelopePath = readonly (string | number)[];

/** Root field name → the path to what is inside its envelope. */
export type EnvelopeTable = Readonly<Record<string, EnvelopePath>>;

function typeAtPath(type: GraphQLOutputType, path: EnvelopePath, where: string): GraphQLOutputType {
  let current = type;
  for (const step of path) {
    const nullable = getNullableType(current);
    if (typeof step === 'number') {
      if (!isListType(nullable)) throw new TypeError(`${where}: index ${step} applied to non-list ${String(current)}`);
      current = nullable.ofType;
      continue;
    }
    if (!isObjectType(nullable)) throw new TypeError(`${where}: field "${step}" applied to ${String(current)}`);
    const field = nullable.getFields()[step];
    if (!field) throw new TypeError(`${where}: ${nullable.name} has no field "${step}"`);
    current = field.type;
  }
  // Inside an envelope, a missing part means no answer: the unwrapped field is nullable.
  const inner = getNullableType(current);
  return isListType(inner) ? new GraphQLList(inner.ofType) : inner;
}

function pick(value: unknown, path: EnvelopePath): unknown {
  // Mesh returns (not throws) an error for a 2xx body it cannot read; stepping into it would
  // answer a silent null, so it is passed on and GraphQL reports it for the field.
  if (value instanceof Error) return value;
  let current = value;
  for (const step of path) {
    if (current === null || current === undefined) return null;
    // A step into a primitive finds nothing, as it would in the vendor's JSON.
    current = typeof current === 'object' ? Reflect.get(current, step) : undefined;
  }
  return current ?? null;
}

/**
 * Returns the schema with each listed `Query`/`Mutation` field unwrapped, in place: a field's
 * new type is one already in the schema (it was inside the envelope), so only the listed fields
 * change, and a pass over the whole schema would cost start-up time.
 */
export function unwrapEnvelopes(schema: GraphQLSchema, envelopes: EnvelopeTable): GraphQLSchema {
  const roots = [schema.getQueryType(), schema.getMutationType()];
  const missing: string[] = [];
  for (const [fieldName, path] of Object.entries(envelopes)) {
    const root = roots.find((type) => type?.getFields()[fieldName]);
    const field = root?.getFields()[fieldName];
    if (!root || !field) {
      missing.push(fieldName);
      continue;
    }
    const original = field.resolve;
    if (!original) throw new TypeError(`${root.name}.${fieldName} has no resolver to unwrap`);
    field.type = typeAtPath(field.type, path, `${root.name}.${fieldName}`);
    field.resolve = async (source, args, context, info) => pick(await original(source, args, context, info), path);
  }
  if (missing.length > 0) throw new TypeError(`Envelope table names unknown root fields: ${missing.join(', ')}`);
  return schema;
}
