/**
 * UK and US records answer the same searches as members of one union (and implement one
 * interface), but the vendor guarantees some fields only on US records (`id`, `language`,
 * `country_iso`...: older UK answers lack them). GraphQL rejects `... on UkAddress { id } ... on
 * UsAddress { id }` when the two disagree on nullability, so a field shared by members keeps the
 * weaker guarantee on all of them: nullable wherever one member may lack it.
 */
import {
  type GraphQLObjectType,
  type GraphQLSchema,
  getNullableType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isUnionType,
} from 'graphql';

function membersOf(schema: GraphQLSchema): (readonly GraphQLObjectType[])[] {
  return Object.values(schema.getTypeMap()).flatMap((type) => {
    if (isUnionType(type)) return [type.getTypes()];
    if (isInterfaceType(type)) return [schema.getPossibleTypes(type)];
    return [];
  });
}

/** `Type.field` of each member field that is non-null where a sibling member's is nullable. */
function fieldsToRelax(schema: GraphQLSchema): Set<string> {
  const relax = new Set<string>();
  for (const members of membersOf(schema)) {
    const byName = new Map<string, { owner: string; nonNull: boolean; named: string }[]>();
    for (const member of members) {
      for (const field of Object.values(member.getFields())) {
        const entries = byName.get(field.name) ?? [];
        entries.push({ owner: member.name, nonNull: isNonNullType(field.type), named: String(getNullableType(field.type)) });
        byName.set(field.name, entries);
      }
    }
    for (const [name, entries] of byName) {
      const sameType = entries.every((entry) => entry.named === entries[0]?.named);
      if (!sameType || entries.every((entry) => entry.nonNull)) continue;
      for (const entry of entries) if (entry.nonNull) relax.add(`${entry.owner}.${name}`);
    }
  }
  return relax;
}

/**
 * Makes shared member fields nullable where any member's is, in place: only output field types
 * change, and their named types are already in the type map.
 */
export function alignSharedMemberFields(schema: GraphQLSchema): GraphQLSchema {
  for (const coordinate of fieldsToRelax(schema)) {
    const [typeName = '', fieldName = ''] = coordinate.split('.');
    const type = schema.getType(typeName);
    const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
    if (field) field.type = getNullableType(field.type);
  }
  return schema;
}
