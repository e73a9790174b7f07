/** Telling a single result from a stream of them or a batch, for every plugin that reads answers, and adding an extension to one. */
import type { ExecutionResult } from 'graphql';
import { withFields } from './with-fields.js';

/** Whether `result` is one ExecutionResult: not an async stream (@defer, subscriptions), not a batch. */
export function isExecutionResult(result: unknown): result is ExecutionResult {
  return typeof result === 'object' && result !== null && !(Symbol.asyncIterator in result) && !Array.isArray(result);
}

/** `result` with `extensions[name]` set to `value`, the other extensions kept in their order (built as withFields builds). */
export function withExtension<T extends ExecutionResult>(result: T, name: string, value: unknown): T {
  return withFields(result, { extensions: withFields(result.extensions ?? {}, { [name]: value }) });
}
