/**
 * The text of a persisted operation by its hash: the documents file first (PERSISTED_DOCUMENTS),
 * then the APQ queries clients registered (unless PERSISTED_ONLY), from the store replicas share.
 * Yoga's adapter (use-persisted-queries.ts) and the fast path look operations up with it alike.
 */
import type { SharedStore } from '../cache/shared-store.js';
import type { PersistedDocuments } from './persisted-documents.js';

/** How long a registered APQ query is kept. */
export const APQ_TTL_MS = 24 * 60 * 60 * 1000;

/** Where a registered APQ query is kept in the shared store. */
export const apqKey = (hash: string): string => `apq:${hash}`;

export interface PersistedLookupOptions {
  store: SharedStore;
  documents?: PersistedDocuments | undefined;
  persistedOnly: boolean;
}

/** The lookup: the operation's text, or undefined when neither the documents file nor the registered queries hold the hash. */
export function persistedLookup({
  store,
  documents,
  persistedOnly,
}: PersistedLookupOptions): (hash: string) => Promise<string | undefined> {
  return async (hash) => {
    const persisted = documents?.get(hash);
    if (persisted !== undefined) return persisted;
    return persistedOnly ? undefined : ((await store.get(apqKey(hash))) ?? undefined);
  };
}
