/**
 * The access rules an operation must meet before it executes: a field's `@authenticated` or
 * `@requiresScopes` that the caller does not meet refuses the whole operation, with HTTP 401
 * UNAUTHENTICATED for an anonymous caller (credentials would help) and 403 FORBIDDEN for an
 * authenticated one without the scope (they would not). One error per refused field, naming its
 * coordinate and the scopes it takes. Run by Yoga's adapter (use-scopes.ts) and by the fast path
 * alike; which fields an operation rules is worked out once per document.
 */
import { type DocumentNode, getOperationAST, GraphQLError, type GraphQLSchema } from 'graphql';
import type { Caller } from './caller.js';
import type { AccessRule } from './scope-directives.js';
import { requiredAccess, type RuledField } from './required-scopes.js';

export interface ScopeRuleOptions {
  /** The `WWW-Authenticate` value sent with a 401 (`Identity.challenge()`); none when absent. */
  challenge?: string;
  /** Which fields' rules are enforced, by coordinate (`enforcedRules` of field-scopes.ts); all when absent. */
  enforces?: (coordinate: string) => boolean;
  /** What an anonymous caller is told to do; "send credentials." unless given (e.g. when the gateway takes none). */
  anonymousAdvice?: string;
}

/** Whether `caller` meets `rule`; an anonymous caller meets none, as `@requiresScopes` implies authentication. */
export function allows(rule: AccessRule, caller: Caller): boolean {
  if (caller.anonymous) return false;
  return rule.scopes.every((alternatives) => alternatives.some((all) => all.every((scope) => caller.scopes.has(scope))));
}

/** `scope "admin"`, `scopes "read" and "audit"`, alternatives joined by "or", and several rules by "and also". */
function describeScopes(rule: AccessRule): string {
  return rule.scopes
    .map((alternatives) =>
      alternatives.map((all) => `${all.length === 1 ? 'scope' : 'scopes'} ${all.map((scope) => `"${scope}"`).join(' and ')}`).join(' or '),
    )
    .join(', and also ');
}

function refusal({ coordinate, rule, node }: RuledField, caller: Caller, options: ScopeRuleOptions): GraphQLError {
  const scopes = describeScopes(rule);
  const { challenge, anonymousAdvice = 'send credentials.' } = options;
  if (caller.anonymous) {
    return new GraphQLError(`${coordinate} needs an authenticated caller${scopes ? ` with the ${scopes}` : ''}; ${anonymousAdvice}`, {
      nodes: [node],
      extensions: { code: 'UNAUTHENTICATED', http: { status: 401, ...(challenge ? { headers: { 'www-authenticate': challenge } } : {}) } },
    });
  }
  return new GraphQLError(`${coordinate} needs the ${scopes}, which this caller's credentials do not grant.`, {
    nodes: [node],
    extensions: { code: 'FORBIDDEN', http: { status: 403 } },
  });
}

/** The refusals of operations by the rules they select, for the caller at hand. */
export class ScopeRules {
  /** The enforced fields each parsed operation selects: Yoga and the fast plans reuse a document they have parsed. */
  private readonly ruled = new WeakMap<DocumentNode, Map<string | null | undefined, readonly RuledField[]>>();

  constructor(private readonly options: ScopeRuleOptions = {}) {}

  /** The refusals for this operation and caller; none when it may run. */
  refusals(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, caller: Caller): GraphQLError[] {
    const fields = this.ruledFields(schema, document, operationName);
    if (fields.length === 0) return [];
    return fields.filter((field) => !allows(field.rule, caller)).map((field) => refusal(field, caller, this.options));
  }

  private ruledFields(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): readonly RuledField[] {
    let byName = this.ruled.get(document);
    if (!byName) this.ruled.set(document, (byName = new Map()));
    let fields = byName.get(operationName);
    if (!fields) {
      const operation = getOperationAST(document, operationName);
      const { enforces } = this.options;
      const all = operation ? requiredAccess(schema, document, operation) : [];
      fields = enforces ? all.filter((field) => enforces(field.coordinate)) : all;
      byName.set(operationName, fields);
    }
    return fields;
  }
}
