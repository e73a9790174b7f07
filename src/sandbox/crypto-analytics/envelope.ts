/**
 * The vendor's envelope, `{success, message, length, data}`, for answers and errors alike.
 * Every successful answer says it is sandbox data.
 */
import type { ContractIssue } from '../openapi-contract.js';
import { type ErrorEnvelope, SandboxAnswer, type SandboxResponse } from '../sandbox-server.js';

export const SANDBOX_MESSAGE = 'Data fetched successfully (sandbox: generated market data, not real prices)';

/** A 200 answer with the records. */
export function success(data: readonly unknown[]): SandboxResponse {
  return { status: 200, body: { success: true, message: SANDBOX_MESSAGE, length: data.length, data } };
}

/** An error answer in the vendor's envelope (success false, no data). */
export function failure(status: number, message: string, headers?: Record<string, string>): SandboxResponse {
  return { status, body: { success: false, message, length: 0, data: [] }, ...(headers ? { headers } : {}) };
}

/** A 400 to throw from deep inside a handler. */
export function badRequest(message: string): SandboxAnswer {
  return new SandboxAnswer(failure(400, message));
}

export const cryptoAnalyticsErrors: ErrorEnvelope = {
  badRequest: (issues: ContractIssue[]) => failure(400, `Invalid request: ${issues.map((issue) => issue.message).join('; ')}`),
  notFound: (message: string) => failure(404, message),
  internal: (message: string) => failure(500, message),
};
