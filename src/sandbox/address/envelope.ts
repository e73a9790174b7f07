/**
 * The vendor's wire envelopes: `{code: 2000, message: "Success", result}` for successes and
 * `{code, message, errors?, suggestions?}` for failures, with the vendor's own message texts
 * (those of the recorded fixtures where one exists).
 */
import type { ContractIssue } from '../openapi-contract.js';
import { type ErrorEnvelope, SandboxAnswer, type SandboxResponse } from '../sandbox-server.js';

const MORE = 'For more information see http://ideal-postcodes.co.uk/documentation/response-codes#';

/** Default message and HTTP status of every vendor error code the sandbox sends. */
const CODES: Record<number, { status: number; message: string }> = {
  4000: { status: 400, message: 'Invalid syntax submitted. Some part of your request was malformed' },
  4001: { status: 400, message: 'Validation failed on your submitted data' },
  4005: { status: 400, message: 'Invalid start date. Please provide a UTC timestamp in milliseconds' },
  4006: { status: 400, message: 'Invalid end date. Please provide a UTC timestamp in milliseconds' },
  4007: { status: 400, message: 'Invalid date range. The start date must be before the end date' },
  4008: { status: 400, message: 'Invalid date range. The range may not exceed 90 days' },
  4009: { status: 400, message: 'Too many tags. Please specify no more than 3 tags' },
  4010: { status: 401, message: `Invalid Key. ${MORE}4010` },
  4011: { status: 401, message: `Requesting URL not on whitelist. ${MORE}4011` },
  4012: { status: 401, message: `Failed user authentication. Invalid user_token presented. ${MORE}4012` },
  4013: { status: 401, message: `Licensee key is required. ${MORE}4013` },
  4020: { status: 402, message: `Key balance depleted. ${MORE}4020` },
  4021: { status: 402, message: `Lookup Limit Reached. ${MORE}4021` },
  4040: { status: 404, message: 'Postcode Not Found' },
  4041: { status: 404, message: 'User not found' },
  4042: { status: 404, message: 'Key not found' },
  4044: { status: 404, message: 'No UDPRN found' },
  4045: { status: 404, message: 'No licensee found' },
  4046: { status: 404, message: 'No UMPRN found' },
  5000: { status: 500, message: 'An error occurred on our end' },
  5030: { status: 503, message: 'Rate limit exceeded. Each IP address may send 30 requests per second' },
};

export interface RequestProblem {
  message: string;
  path: string;
  errorCode?: string;
}

/** Extra properties of an error body. */
export interface ErrorExtras {
  message?: string;
  errors?: RequestProblem[];
  suggestions?: string[];
}

/** The error response for a vendor code (status and default message come with the code). */
export function vendorError(code: number, extras: ErrorExtras = {}): SandboxResponse {
  const known = CODES[code];
  if (!known) throw new TypeError(`Unknown vendor error code ${code}`);
  const { message, ...rest } = extras;
  return { status: known.status, body: { code, message: message ?? known.message, ...rest } };
}

/** Throws the error response for a vendor code; handlers use it from deep code. */
export function fail(code: number, extras: ErrorExtras = {}): never {
  throw new SandboxAnswer(vendorError(code, extras));
}

/** A 200 answer in the success envelope; `extra` adds siblings of `result` (paging facts). */
export function success(result: unknown, extra: Record<string, unknown> = {}): SandboxResponse {
  return { status: 200, body: { result, code: 2000, message: 'Success', ...extra } };
}

// Ajv's message prefixes name the keyword that failed; the vendor reports it as `errorCode`.
const KEYWORDS: [RegExp, string][] = [
  [/is required|must have required property/, 'required'],
  [/must NOT have more than \d+ characters/, 'maxLength'],
  [/must NOT have fewer than \d+ characters/, 'minLength'],
  [/must NOT have more than \d+ items/, 'maxItems'],
  [/must be <=/, 'maximum'],
  [/must be >=/, 'minimum'],
  [/must match pattern/, 'pattern'],
  [/must be equal to one of the allowed values/, 'enum'],
  [/must match format/, 'format'],
  [/must be (integer|number|string|boolean|object|array)/, 'type'],
];

function problemOf(issue: ContractIssue): RequestProblem {
  const keyword = KEYWORDS.find(([pattern]) => pattern.test(issue.message))?.[1] ?? 'invalid';
  return { message: issue.message, path: `.${issue.in}.${issue.name}`, errorCode: `${keyword}.openapi.validation` };
}

/** Body problems that mean the request could not be read at all rather than failed validation. */
function isSyntaxIssue(issue: ContractIssue): boolean {
  return issue.in === 'body' && issue.name === 'body' && /not valid JSON|larger than/.test(issue.message);
}

function codeOf(problems: ContractIssue[]): number {
  if (problems.some(isSyntaxIssue)) return 4000;
  // The usage interval has codes of its own for a malformed start or end time.
  if (problems.some((problem) => problem.in === 'query' && problem.name === 'start')) return 4005;
  if (problems.some((problem) => problem.in === 'query' && problem.name === 'end')) return 4006;
  return 4001;
}

/** A 400 listing problems: 4000 when the body cannot be read, 4005/4006 for bad times, else 4001. */
export function badRequest(problems: ContractIssue[]): SandboxResponse {
  return vendorError(codeOf(problems), { errors: problems.map(problemOf) });
}

/** The envelope the sandbox framework uses for failures it detects itself. */
export const addressErrorEnvelope: ErrorEnvelope = {
  badRequest,
  notFound: (message) => vendorError(4040, { message }),
  internal: (message) => vendorError(5000, { message }),
};
