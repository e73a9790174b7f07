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
import type { GraphQLSchema } from 'graphql';

/** The schema with every enum value named in UPPER_SNAKE_CASE; two values that would meet are an error. */
export function constantCaseEnumValues(schema: GraphQLSchema): GraphQLSchema {
  const seen = new Map<string, string>();
  return mapSchema(schema, {
    [MapperKind.ENUM_VALUE]: (valueConfig, typeName, _schema, externalValue) => {
      // constantCase drops a leading underscore, which a value such as `_2000` needs to stay a name.
      const cased = constantCase(externalValue);
      const name = /^[0-9]/.test(cased) ? `_${cased}` : cased;
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
