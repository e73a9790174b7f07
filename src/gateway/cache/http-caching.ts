/**
 * What an answer tells browsers and CDNs (RFC 9111): `Cache-Control` from the answer's lifetime,
 * `public` only when nothing the caller sent shaped it, `private` otherwise, `no-store` when any of
 * its parts forbids keeping it; a strong `ETag` of its bytes; and whether a request's
 * `If-None-Match` already names them (a 304).
 */
import type { Lifetime } from './answer-lifetime.js';

/** What the answer of an operation nobody may keep says. */
export const NO_STORE = 'no-store';

/**
 * The Cache-Control of an answer with `lifetime` left; `shaped` when the caller's credentials or
 * identity were part of what made it. Under a second left rounds to nothing: `no-store`.
 */
export function cacheControl(lifetime: Lifetime, shaped: boolean): string {
  const seconds = Math.floor(lifetime.ttlMs / 1000);
  if (seconds <= 0 || (!lifetime.shared && !lifetime.private)) return NO_STORE;
  return `${shaped || lifetime.private ? 'private' : 'public'}, max-age=${seconds}`;
}

/** The opaque part of an entity tag, weak or strong (If-None-Match compares weakly, RFC 9110 13.1.2). */
const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/** Whether `ifNoneMatch` (the request's header, or null) names `etag`: the client's copy is current. */
export function notModified(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}
