/**
 * What the upstream layer needs to know of one vendor, whichever it is: how a key travels, which
 * request header lets a client bring its own key, how it phrases a failure, what may be cached,
 * what a call costs, which path segments are secrets, where its OpenAPI document is and how to
 * ask it cheaply whether it is up. Each interface folder
 * (src/gateway/interfaces/<name>/interface.ts) fills one in; the resolved upstream carries it
 * (upstream-fetch.ts), so nothing below the composition root looks a vendor up by name.
 */
import type { ErrorCode } from '../errors.js';

export interface Credentials {
  key?: string | undefined;
  userToken?: string | undefined;
}

export interface FailureDetail {
  message: string;
  upstreamCode?: string | number;
}

/** Query parameters by which a vendor trims its records, and where the records are in its answers. */
export interface RecordTrimming {
  keep: string;
  omit: string;
  records: readonly string[];
}

/** How a caller's daily quota counts calls at a vendor that charges only for some of them. */
export interface VendorQuota {
  /** One unit's name in messages and `extensions.limit.unit` (the plural adds an s). */
  unit: string;
  /** Whether a call costs a unit; `method` is upper case, `path` below the base URL without the query. */
  charges(method: string, path: string): boolean;
}

export interface VendorProfile {
  /** The vendor's OpenAPI document: Mesh's source, and what every answer is checked against (response-shapes.ts). */
  document: URL;
  /** Request headers a client may send to use its own credentials for this upstream, named in lower case as they are read (HeaderReader). */
  clientHeaders: { key?: Lowercase<string>; userToken?: Lowercase<string> };
  /** Headers that carry the credentials to the vendor. */
  authHeaders(credentials: Credentials): Record<string, string>;
  /** Reads the vendor's error body (already known not to be a success). */
  describeFailure(status: number, body: string): FailureDetail;
  /** Statuses the vendor uses for something other than their HTTP meaning, as the catalogue's codes. */
  statusCodes?: Readonly<Partial<Record<number, ErrorCode>>>;
  /** How the caller's daily quota counts calls here; without it every call is one `call`. */
  quota?: VendorQuota;
  /** The path with the segments that are credentials replaced, as a trace may record it (upstream-spans.ts). */
  redactPath?: (pathname: string) => string;
  /** Paths whose answers change slowly enough to be cached across requests. */
  slowlyChanging?: RegExp;
  /** Rewrites a success body before any resolver parses it (e.g. to keep int64 values exact). */
  rewriteBody?(body: string): string;
  /** How the vendor trims records on request, so answers are checked against the trimmed schema. */
  trimming?: RecordTrimming;
  /** The cheapest documented GET (path and query), asked by `/readyz` (ops/readiness.ts). */
  probePath(credentials: Credentials): string;
}

/** The body as JSON, or undefined when it is not. */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** `value[name]` when `value` is an object that has it. */
export function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && name in value ? Reflect.get(value, name) : undefined;
}

/** A short plain-text body as the message, else the status: an HTML error page says nothing a client can use. */
export function fallbackMessage(status: number, body: string): string {
  const text = body.trim();
  return text && text.length <= 500 && !text.startsWith('<') ? text : `HTTP ${status}`;
}
