/**
 * Yoga plugin: refuses an operation before it executes when it selects a field whose
 * `@authenticated` or `@requiresScopes` the caller does not meet: HTTP 401 UNAUTHENTICATED for
 * an anonymous caller (credentials would help), 403 FORBIDDEN for an authenticated one without
 * the scope (they would not). One error per refused field, naming its coordinate and the scopes
 * it takes. The whole operation is refused, not just the fields, so a mutation never half-runs.
 *
 * It runs after validation (at execute or subscribe), not as a validation rule: Yoga caches
 * validation results per document, and this answer depends on the caller.
 */
import { getOperationAST, GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { anonymousCaller, type Caller } from './caller.js';
import type { AccessRule } from './scope-directives.js';
import { requiredAccess, type RuledField } from './required-scopes.js';
import { callerOf } from './settled-callers.js';

export interface ScopesOptions {
  /** The `WWW-Authenticate` value sent with a 401 (`Identity.challenge()`); none when absent. */
  challenge?: string;
  /** Finds a request's caller; `callerOf` of use-caller-identity.ts unless given. */
  callerOf?: (request: Request) => Caller | undefined;
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

function refusal({ coordinate, rule, node }: RuledField, caller: Caller, options: ScopesOptions): GraphQLError {
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

/** The plugin; `useCallerIdentity` must have settled the caller (a request it has not seen counts as anonymous). */
export function useScopes(options: ScopesOptions = {}): Plugin {
  const findCaller = options.callerOf ?? callerOf;
  /** The refusals for this operation and caller; none when it may run. */
  const refusals = (args: Parameters<NonNullable<Plugin['onExecute']>>[0]['args']): GraphQLError[] => {
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation) return [];
    const { enforces } = options;
    const ruled = requiredAccess(args.schema, args.document, operation);
    const fields = enforces ? ruled.filter((field) => enforces(field.coordinate)) : ruled;
    if (fields.length === 0) return [];
    const caller = findCaller(args.contextValue.request) ?? anonymousCaller(undefined);
    return fields.filter((field) => !allows(field.rule, caller)).map((field) => refusal(field, caller, options));
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const errors = refusals(args);
      if (errors.length > 0) setResultAndStopExecution({ errors });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const errors = refusals(args);
      if (errors.length > 0) setResultAndStopExecution({ errors });
    },
  };
}
