/**
 * What a gateway left in a compile-cache folder (its NODE_COMPILE_CACHE): the entries of its own
 * folder there, found where the launcher puts them (code-cache.ts), none before the first write.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { codeCacheFile } from '../../../src/gateway/ops/code-cache.js';

/** The entries' full paths, in directory order. */
export function codeCacheEntries(compileCache: string): string[] {
  const folder = dirname(codeCacheFile({ NODE_COMPILE_CACHE: compileCache }, 'any') ?? '');
  try {
    return readdirSync(folder).map((entry) => join(folder, entry));
  } catch {
    return [];
  }
}
