/** Yoga's adapter of the introspection policy (introspection-policy.ts), at execute. */
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Caller } from '../callers/caller.js';
import { introspectionRefusals, type IntrospectionPolicy } from './introspection-policy.js';

export interface IntrospectionPolicyOptions {
  policy: IntrospectionPolicy;
  /** The request's caller as identity settled it; undefined (anonymous) when identity is off. */
  callerOf: (request: Request) => Caller | undefined;
}

/** The plugin; not needed with the policy `on`. Place it before the error catalogue, as `useScopes` is. */
export function useIntrospectionPolicy({ policy, callerOf }: IntrospectionPolicyOptions): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const authenticated = callerOf(args.contextValue.request)?.anonymous === false;
      const errors = introspectionRefusals(policy, args.document, getOperationAST(args.document, args.operationName), authenticated);
      if (errors.length > 0) setResultAndStopExecution({ errors });
    },
  };
}
