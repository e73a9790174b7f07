/**
 * Yoga's adapter of the scope rules (scope-rules.ts): an operation is refused at execute or
 * subscribe, after validation and not as a validation rule, since Yoga caches validation results
 * per document and this answer depends on the caller.
 */
import type { Plugin } from 'graphql-yoga';
import { anonymousCaller, type Caller } from './caller.js';
import type { ScopeRules } from './scope-rules.js';
import { callerOf } from './settled-callers.js';

export interface ScopesOptions {
  rules: ScopeRules;
  /** Finds a request's caller; `callerOf` of settled-callers.ts unless given. */
  callerOf?: (request: Request) => Caller | undefined;
}

/** The plugin; `useCallerIdentity` must have settled the caller (a request it has not seen counts as anonymous). */
export function useScopes({ rules, callerOf: findCaller = callerOf }: ScopesOptions): Plugin {
  const refusals = (args: Parameters<NonNullable<Plugin['onExecute']>>[0]['args']) =>
    rules.refusals(args.schema, args.document, args.operationName, findCaller(args.contextValue.request) ?? anonymousCaller(undefined));
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
