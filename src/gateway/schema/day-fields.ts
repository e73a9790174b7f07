/**
 * Some vendors send a day as the start of that UTC day (`2026-11-22T00:00:00.000Z`), so their
 * documents call it a date-time; to a client it is a day, and the date arguments beside it are
 * `Date`. The named records' `date` fields are typed `Date` (its serialiser keeps the day).
 */
import { GraphQLNonNull, type GraphQLSchema, isNonNullType, isObjectType, isScalarType } from 'graphql';

/**
 * Returns the schema with `date: Date` (non-null where it was) on each of `records`, in place:
 * `Date` is already in the schema, so only these fields change, and a pass over the whole schema
 * would cost start-up time.
 */
export function dayFields(schema: GraphQLSchema, records: ReadonlySet<string>): GraphQLSchema {
  const day = schema.getType('Date');
  if (!isScalarType(day)) throw new TypeError('the Date scalar is missing from the schema');
  const missing = [...records].filter((name) => !schema.getType(name));
  if (missing.length > 0) throw new TypeError(`day records missing from the schema: ${missing.join(', ')}`);
  for (const name of records) {
    const record = schema.getType(name);
    const field = isObjectType(record) ? record.getFields().date : undefined;
    if (field) field.type = isNonNullType(field.type) ? new GraphQLNonNull(day) : day;
  }
  return schema;
}
