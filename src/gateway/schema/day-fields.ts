/**
 * Some vendors send a day as the start of that UTC day (`2026-11-22T00:00:00.000Z`), so their
 * documents call it a date-time; to a client it is a day, and the date arguments beside it are
 * `Date`. The named records' `date` fields are typed `Date` (its serialiser keeps the day).
 */
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { GraphQLNonNull, type GraphQLSchema, isNonNullType, isScalarType } from 'graphql';

/** Returns the schema with `date: Date` (non-null where it was) on each of `records`. */
export function dayFields(schema: GraphQLSchema, records: ReadonlySet<string>): GraphQLSchema {
  const day = schema.getType('Date');
  if (!isScalarType(day)) throw new TypeError('the Date scalar is missing from the schema');
  const missing = [...records].filter((name) => !schema.getType(name));
  if (missing.length > 0) throw new TypeError(`day records missing from the schema: ${missing.join(', ')}`);
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) =>
      records.has(typeName) && fieldName === 'date' ? { ...field, type: isNonNullType(field.type) ? new GraphQLNonNull(day) : day } : field,
  });
}
