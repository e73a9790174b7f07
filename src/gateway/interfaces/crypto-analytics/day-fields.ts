/**
 * A's records carry their day as the start of that UTC day (`2026-11-22T00:00:00.000Z`), so
 * the document calls it a date-time; to a client it is a day, and the date arguments beside it
 * are `Date`. These records' `date` fields are typed `Date` (its serialiser keeps the day).
 */
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { GraphQLNonNull, type GraphQLSchema, isScalarType } from 'graphql';

/** A's records whose `date` is the start of the UTC day they describe. */
const DAY_RECORDS: ReadonlySet<string> = new Set([
  'TokenDailyPrice',
  'InvestorGrade',
  'TraderGrade',
  'MarketIndicator',
  'TradingIndicator',
  'ResistanceSupportLevel',
  'PricePrediction',
  'Sentiment',
  'QuantMetricsTier1',
  'QuantMetricsTier2',
  'ScenarioPrediction',
  'TokenCorrelation',
  'IndexConstituent',
]);

/** Returns the schema with those records' `date: Date!`. */
export function dayFields(schema: GraphQLSchema): GraphQLSchema {
  const day = schema.getType('Date');
  if (!isScalarType(day)) throw new TypeError('the Date scalar is missing from the schema');
  const missing = [...DAY_RECORDS].filter((name) => !schema.getType(name));
  if (missing.length > 0) throw new TypeError(`A's day records are missing from the schema: ${missing.join(', ')}`);
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) =>
      DAY_RECORDS.has(typeName) && fieldName === 'date' ? { ...field, type: new GraphQLNonNull(day) } : field,
  });
}
