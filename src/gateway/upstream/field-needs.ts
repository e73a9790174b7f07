/**
 * What a hand-written field needs from upstream, declared once, beside its resolver (a `needs`
 * export in each interface's and feature's folder), and carried on the served schema's field
 * (its `extensions`), where every reader finds it whatever the type prefix: D's `response_fields`
 * (interfaces/country-data/response-fields.ts), the fan-out estimate (http/fan-out.ts), the quota
 * estimate (callers/estimate-units.ts) and the published `@cost` (callers/demand-control.ts). A
 * hand-written field without one fails test/gateway/field-needs.test.ts.
 */
import { type GraphQLField, type GraphQLSchema, isObjectType } from 'graphql';
import type { UpstreamName } from '../config.js';

/** Upstream calls by interface. */
export type UpstreamCalls = Readonly<Partial<Record<UpstreamName, number>>>;

export interface FieldNeed {
  /**
   * The fields of the parent's upstream record the resolver reads (D's country record: asked for
   * by `response_fields`). None for a field that reads nothing of its parent's record.
   */
  reads?: readonly string[];
  /**
   * The upstream calls each occurrence of the field makes at least (batched calls count once),
   * which the estimates count. A field that calls only sometimes (when its parent has a code to
   * look up) declares none: the estimates are floors, and execution spends the rest.
   */
  calls?: UpstreamCalls;
  /**
   * The field answers about the caller itself (its address, its browser): its answer is the
   * caller's alone, so no cache shared by callers keeps an answer that selects it.
   */
  personal?: boolean;
}

/** One slice's declarations, by field coordinate as its SDL names it (`Country.exchangeRates`). */
export type FieldNeeds = Readonly<Record<string, FieldNeed>>;

const EXTENSION = 'upstreamNeeds';

/**
 * The schema rewrite that puts `needs` on their fields (a module's `transformSchema`), in place:
 * it runs on the merged schema the pipeline made, before the type prefix, which keeps extensions.
 * Throws for a coordinate the schema lacks, so a declaration cannot outlive its field.
 */
export function declareNeeds(needs: FieldNeeds): (schema: GraphQLSchema) => GraphQLSchema {
  return (schema) => {
    for (const [coordinate, need] of Object.entries(needs)) {
      const [typeName = '', fieldName = ''] = coordinate.split('.');
      const type = schema.getType(typeName);
      const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
      if (!field) throw new TypeError(`A need is declared for ${coordinate}, which the schema does not have`);
      field.extensions = { ...field.extensions, [EXTENSION]: need };
    }
    return schema;
  };
}

/** The field's declaration, if it has one (Mesh's generated fields have none). */
export function needOf(field: GraphQLField<unknown, unknown> | undefined): FieldNeed | undefined {
  const need: unknown = field?.extensions[EXTENSION];
  return typeof need === 'object' && need !== null ? need : undefined;
}

/** The calls a declaration counts, over every upstream. */
export function callCount(calls: UpstreamCalls): number {
  return Object.values(calls).reduce((sum, count) => sum + count, 0);
}
