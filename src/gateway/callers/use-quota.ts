/**
 * Yoga plugin: the daily quota's check of an operation's estimate, once it is to execute. An
 * operation whose estimate passes the caller's quota at a vendor is refused before anything runs:
 * HTTP 429, Retry-After and the quota's RateLimit fields, QUOTA_EXCEEDED with `extensions.limit`.
 *
 * It runs after the whole-operation cache (use-operation-cache.ts), whose hit stops execution: a
 * hit spends no vendor quota, so it is never refused for the quota. A request the fast path
 * executed and handed over with its result was checked there, before it spent: checked again here,
 * the units it just spent could refuse the answer they paid for.
 */
import type { Plugin } from 'graphql-yoga';
import { HandOver } from '../shared/hand-over.js';
import type { Caller } from './caller.js';
import type { CallerQuota } from './quota.js';

export interface QuotaOptions {
  /** The request's caller, as the identity plugin (which runs before this one) settled it. */
  callerOf(request: Request): Caller | undefined;
  quota: CallerQuota;
}

/** Requests whose estimate the fast path checked before it executed them. */
const checked = new HandOver<true>();

/** Records that the fast path checked the node request's estimate, so Yoga's adapter does not check it again. */
export function handOverQuotaCheck(nodeRequest: object): void {
  checked.give(nodeRequest, true);
}

/** The plugin; list it after the whole-operation cache's, so a hit is never checked. */
export function useQuota({ callerOf, quota }: QuotaOptions): Plugin {
  return {
    async onExecute({ args }) {
      if (checked.of(args.contextValue)) return;
      const caller = callerOf(args.contextValue.request);
      if (!caller) return;
      // Thrown here it refuses the whole request; QUOTA_EXCEEDED's http extension makes it a 429.
      const refused = await quota.operationRefusal(caller, args.schema, args.document, args.operationName);
      if (refused) throw refused;
    },
  };
}
