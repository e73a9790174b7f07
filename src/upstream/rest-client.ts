/** GET helper for hand-written resolvers; it shares the request's fetch with Mesh's resolvers. */
import type { UpstreamName } from '../config.js';
import { URL_KEYS, type UpstreamUrls } from '../context.js';
import { upstreamError } from '../errors.js';
import type { UpstreamFetch } from './upstream-fetch.js';

export type QueryValue = string | number | boolean | readonly string[] | undefined | null;

export interface RestCaller {
  fetch: UpstreamFetch;
  upstreamUrls: UpstreamUrls;
}

/** Builds `base + path + ?query`, dropping absent values and joining lists with commas. */
export function upstreamUrl(caller: RestCaller, upstream: UpstreamName, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(`${caller.upstreamUrls[URL_KEYS[upstream]]}${path}`);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.toString();
}

/** GETs a JSON document from an upstream; failures arrive as catalogued GraphQL errors. */
export async function getJson<T>(caller: RestCaller, upstream: UpstreamName, path: string, query?: Record<string, QueryValue>): Promise<T> {
  const response = await caller.fetch(upstreamUrl(caller, upstream, path, query));
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw upstreamError({ upstream, status: response.status, message: 'the answer was not JSON' }, 'UPSTREAM_ERROR');
  }
}
