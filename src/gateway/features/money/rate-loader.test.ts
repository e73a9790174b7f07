import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { UpstreamClient } from '../../upstream/upstream-fetch.js';
import { createRatesLoader } from './rate-loader.js';

/** A client whose every GET answers `body`, as if it fit the document. */
function answering(body: unknown): UpstreamClient {
  return {
    fetch: () => Promise.reject(new TypeError('not used')),
    get: <T>() => Promise.resolve(body as T),
  };
}

describe('rates loader', () => {
  it("calls an answer without the base's table country-data's error, not a missing resource the client named", async () => {
    const empty = { data: { objects: [], meta: { total: 0, count: 0, limit: 25, offset: 0, more: false } } };
    const error = await createRatesLoader({ upstream: answering(empty) })
      .load('USD')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).message).toBe('country-data: the answer held no rate table for USD');
    expect((error as GraphQLError).extensions).toMatchObject({ code: 'UPSTREAM_ERROR', upstream: 'country-data', status: 200 });
  });
});
