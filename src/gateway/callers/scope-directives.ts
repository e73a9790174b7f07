/**
 * `@authenticated` and `@requiresScopes`, with Apollo's names and meaning (so a federation router
 * that imports them from https://specs.apollo.dev/federation/v2.5 enforces the same rules): on a
 * field, it needs an authenticated caller, or one holding every scope of at least one of the
 * inner lists (`[["admin"], ["read", "audit"]]`: admin, or both read and audit). On a type,
 * scalar or enum, every field returning it needs the same.
 */
import { getDirective } from '@graphql-tools/utils';
import { buildSchema, type GraphQLDirective, type GraphQLField, type GraphQLNamedType, type GraphQLSchema } from 'graphql';

/** The definitions to add to the gateway's own SDL (outside federation, where `@link` imports them). */
export const SCOPE_DIRECTIVES_SDL = `"""
Only an authenticated caller may select this field (or any field returning this type).
"""
directive @authenticated on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM

"""
Only a caller holding every scope of at least one inner list may select this field (or any
field returning this type): the outer list is OR, each inner list AND.
"""
directive @requiresScopes(scopes: [[String!]!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM
`;

const definitions = buildSchema(SCOPE_DIRECTIVES_SDL);

function definition(name: string): GraphQLDirective {
  const directive = definitions.getDirective(name);
  if (!directive) throw new TypeError(`SCOPE_DIRECTIVES_SDL lacks @${name}`);
  return directive;
}

export const authenticatedDirective = definition('authenticated');
export const requiresScopesDirective = definition('requiresScopes');

/** What selecting one field takes: an authenticated caller, and each listed scope requirement met. */
export interface AccessRule {
  authenticated: boolean;
  /** Each entry one `@requiresScopes`: alternatives (OR) of scope sets (AND); all entries must hold. */
  scopes: readonly (readonly (readonly string[])[])[];
}

type Directable = GraphQLField<unknown, unknown> | GraphQLNamedType;

function isScopeList(value: unknown): value is string[][] {
  return Array.isArray(value) && value.every((inner) => Array.isArray(inner) && inner.every((scope) => typeof scope === 'string'));
}

/** The rule the directives on `element` (read from its AST or its extensions) state; undefined when none. */
export function ruleOf(schema: GraphQLSchema, element: Directable): AccessRule | undefined {
  const authenticated = (getDirective(schema, element, authenticatedDirective.name)?.length ?? 0) > 0;
  const scopes = (getDirective(schema, element, requiresScopesDirective.name) ?? []).flatMap((args) => {
    const value: unknown = args['scopes'];
    return isScopeList(value) ? [value] : [];
  });
  return authenticated || scopes.length > 0 ? { authenticated, scopes } : undefined;
}

/** Both rules at once: what a field takes when it and the type it returns each state one. */
export function combineRules(first: AccessRule | undefined, second: AccessRule | undefined): AccessRule | undefined {
  if (!first || !second) return first ?? second;
  return { authenticated: first.authenticated || second.authenticated, scopes: [...first.scopes, ...second.scopes] };
}
