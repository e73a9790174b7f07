/**
 * GraphQL's convention for enum values is UPPER_SNAKE_CASE, while the vendors' documents use
 * their wire values (`not_deliverable`, `monday`, `BackendRequestAction`). Each value is renamed
 * here and keeps the wire value as its internal value, so arguments reach the upstream as the
 * vendor spells them and the vendor's answers serialise to the GraphQL names, for Mesh's
 * resolvers and the hand-written ones alike. (Mesh's bare-mode naming convention would rename
 * the internal values too, sending the upstream values it does not know.)
 */
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { constantCase } from 'change-case';
import { type GraphQLSchema, isEnumType } from 'graphql';

/** The GraphQL name of an enum value the vendor spells `externalValue`. */
function caseOf(externalValue: string): string {
  // constantCase drops a leading underscore, which a value such as `_2000` needs to stay a name.
  const cased = constantCase(externalValue);
  return /^[0-9]/.test(cased) ? `_${cased}` : cased;
}

/**
 * The schema with every enum value named in UPPER_SNAKE_CASE; two values that would meet are an
 * error. The source schemas arrive cased already (the build step records the casing in their
 * rename plan), so the whole schema is copied only when a value still needs a new name.
 */
export function constantCaseEnumValues(schema: GraphQLSchema): GraphQLSchema {
  const enums = Object.values(schema.getTypeMap()).filter(isEnumType);
  if (enums.every((type) => type.getValues().every((value) => caseOf(value.name) === value.name))) return schema;
  const seen = new Map<string, string>();
  return mapSchema(schema, {
    [MapperKind.ENUM_VALUE]: (valueConfig, typeName, _schema, externalValue) => {
      const name = caseOf(externalValue);
      const key = `${typeName}.${name}`;
      const earlier = seen.get(key);
      if (earlier !== undefined && earlier !== externalValue)
        throw new TypeError(`${typeName}: the values ${earlier} and ${externalValue} would both be named ${name}`);
      seen.set(key, externalValue);
      if (name === externalValue) return undefined;
      return [name, { ...valueConfig, astNode: undefined }];
    },
  });
}
