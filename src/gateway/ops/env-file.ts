/**
 * `.env` support: the file is read when present, and real environment variables win over it
 * (Node's own `process.loadEnvFile` never overwrites a variable that is already set).
 */
import { existsSync } from 'node:fs';

/** Loads `path` into `process.env` if the file exists; returns whether it did. */
export function loadEnvFileIfPresent(path: string): boolean {
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}
