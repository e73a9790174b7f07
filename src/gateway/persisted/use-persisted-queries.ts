/**
 * Persisted operations, two ways, on Yoga's persisted-operations plugin:
 * - Automatic persisted queries (Apollo's APQ protocol): a client sends
 *   `extensions.persistedQuery { version: 1, sha256Hash }`; an unknown hash is answered
 *   PERSISTED_QUERY_NOT_FOUND, the client resends it with the query, the gateway checks the hash
 *   and keeps the pair in the shared store (Redis when configured), and later requests, from any
 *   replica, send the hash alone, over GET if they like.
 * - Persisted documents (PERSISTED_DOCUMENTS): ids a deployment's clients were built with. With
 *   PERSISTED_ONLY=true nothing else runs, and APQ cannot register new queries.
 * Yoga's own APQ plugin is not used: its store interface is the same idea, but it declares an
 * older @graphql-tools/utils as a peer, which this project's newer one would conflict with.
 */
import { createHash } from 'node:crypto';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { GraphQLError } from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import type { SharedStore } from '../cache/shared-store.js';
import type { PersistedDocuments } from './persisted-documents.js';
import { APQ_TTL_MS, apqKey, persistedLookup } from './persisted-lookup.js';

export interface PersistedQueriesOptions {
  /** Where registered APQ queries are kept: Redis when configured, else this process's memory. */
  store: SharedStore;
  /** The documents file's operations by id, if one is configured. */
  documents?: PersistedDocuments;
  /** Refuse every operation that is not in `documents` (PERSISTED_ONLY). */
  persistedOnly: boolean;
}

/** How long a registered query is kept; clients re-register an evicted one by themselves. */

const SHA256_HEX = /^[0-9a-f]{64}$/;

function persistedHashOf(params: GraphQLParams): string | undefined {
  const persisted: unknown = params.extensions?.['persistedQuery'];
  if (typeof persisted !== 'object' || persisted === null) return undefined;
  const hash: unknown = 'sha256Hash' in persisted ? persisted.sha256Hash : undefined;
  return typeof hash === 'string' ? hash : undefined;
}

function refusal(message: string, code: string, status: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status } } });
}

/** The Yoga plugins of persisted operations: APQ registration, then lookup by id or hash. */
export function usePersistedQueries({ store, documents, persistedOnly }: PersistedQueriesOptions): Plugin[] {
  const register: Plugin = {
    async onParams({ params }) {
      const hash = persistedHashOf(params);
      // With PERSISTED_ONLY, a query in the body is refused below; it must not register first.
      // An id from the documents file names its own operation and need not be a SHA-256.
      // A query that is not text never gets here: request-parameters.ts refuses it with every request's parameters.
      if (persistedOnly || hash === undefined || !params.query || documents?.has(hash)) return;
      const { query } = params;
      const actual = createHash('sha256').update(query).digest('hex');
      if (!SHA256_HEX.test(hash) || actual !== hash)
        throw refusal(
          `extensions.persistedQuery.sha256Hash does not match the query: expected the lowercase hex SHA-256 of the query text`,
          'PERSISTED_QUERY_HASH_MISMATCH',
          400,
        );
      await store.set(apqKey(hash), query, APQ_TTL_MS);
    },
  };
  const lookup = persistedLookup({ store, documents, persistedOnly });
  const resolve = usePersistedOperations({
    allowArbitraryOperations: !persistedOnly,
    getPersistedOperation: async (hash) => (await lookup(hash)) ?? null,
    customErrors: {
      notFound: () =>
        // The message is the protocol's: Apollo clients resend the query when they read it.
        refusal('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND', persistedOnly ? 400 : 404),
      persistedQueryOnly: () =>
        refusal(
          'This gateway runs persisted operations only (PERSISTED_ONLY): send extensions.persistedQuery.sha256Hash of an operation in its documents file, without the query',
          'PERSISTED_QUERY_ONLY',
          400,
        ),
      keyNotFound: () =>
        refusal(
          persistedOnly
            ? 'This gateway runs persisted operations only (PERSISTED_ONLY): send extensions.persistedQuery.sha256Hash of an operation in its documents file'
            : 'No query: send a query, or extensions.persistedQuery.sha256Hash of one registered before',
          'BAD_REQUEST',
          400,
        ),
    },
  });
  return [register, resolve];
}
