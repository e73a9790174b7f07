/**
 * Vendors wrap answers in envelopes (`data.objects[0]`, `result`, `data`). For root fields listed
 * in an envelope table, the public field returns what is inside: its type becomes the type at
 * the path and its resolver picks the value there. Paths are field names and list indexes.
 */
import { MapperKind, mapSchema } from '@graphql-tools/utils';
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
  let current = value;
  for (const step of path) {
    if (current === null || current === undefined) return null;
    // A step into a primitive finds nothing, as it would in the vendor's JSON.
    current = typeof current === 'object' ? Reflect.get(current, step) : undefined;
  }
  return current ?? null;
}

/** Returns the schema with each listed `Query`/`Mutation` field unwrapped. */
export function unwrapEnvelopes(schema: GraphQLSchema, envelopes: EnvelopeTable): GraphQLSchema {
  const seen = new Set<string>();
  const mapped = mapSchema(schema, {
    [MapperKind.ROOT_FIELD]: (field, fieldName, typeName) => {
      const path = envelopes[fieldName];
      if (!path) return field;
      seen.add(fieldName);
      const original = field.resolve;
      if (!original) throw new TypeError(`${typeName}.${fieldName} has no resolver to unwrap`);
      return {
        ...field,
        type: typeAtPath(field.type, path, `${typeName}.${fieldName}`),
        resolve: async (root, args, context, info) => pick(await original(root, args, context, info), path),
      };
    },
  });
  const missing = Object.keys(envelopes).filter((name) => !seen.has(name));
  if (missing.length > 0) throw new TypeError(`Envelope table names unknown root fields: ${missing.join(', ')}`);
  return mapped;
}
