/**
 * V8's code cache for the bundled gateway (dist/gateway.cjs, which dist/main.js runs).
 *
 * A start compiles every function it runs: the bundle's top level, then each module's body and
 * each function the first time it is called. Node's own compile cache (Node >= 22.1) took about
 * 60 ms off Node 24's first answer, and Node 20 has none. Made once the gateway has settled after
 * serving, this cache holds what the start and its first requests compiled and is read on both
 * lines: pinned to one core, the first answer came 150 ms sooner on Node 20 (528 -> 372 ms) and
 * 90-110 ms sooner on Node 24 than with Node's cache (445 -> 336-355 ms; docs/architecture.md, Build and start-up).
 *
 * Why not a library: v8-compile-cache hooks require() for CommonJS files one by one and writes at
 * exit; the gateway is one file, and the moment worth caching is "settled", which only it knows.
 *
 * Files are named after the bundle's digest (taken at build time), the Node version and the CPU
 * architecture. V8 checks its own version and flags and refuses a cache made under others; it
 * compares the source only by length, which is why the digest is in the name. A refused or
 * missing cache only costs the compile it would have saved, and the next settle writes a fresh one.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/**
 * The diagnostics channel on which the gateway says it has settled (main.ts), with V8's flags back
 * to those it started with: the launcher saves the code cache then.
 */
export const SETTLED_CHANNEL = 'four-rest-one-graph:settled';

/** This product's folder inside the compile-cache directory. */
const CACHE_FOLDER = 'four-rest-one-graph';

/**
 * The cache file for a bundle, or undefined when the operator turned compile caches off.
 * Node's own variables decide, so one setting covers both caches: NODE_DISABLE_COMPILE_CACHE
 * turns them off, NODE_COMPILE_CACHE names the directory (else the OS temp directory's
 * node-compile-cache, Node's default).
 */
export function codeCacheFile(env: NodeJS.ProcessEnv, digest: string): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const directory = env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache');
  return join(directory, CACHE_FOLDER, `${digest}-${process.version}-${process.arch}.bin`);
}

export interface CachedBundle {
  /** True when V8 took the cache file: nothing to save. */
  accepted: boolean;
  /**
   * Writes the code compiled so far to the cache file, unless V8 took the one it had; false if
   * it could not be written (a read-only directory: the gateway runs as well without).
   */
  save(): boolean;
}

/** CommonJS's module wrapper: the bundle runs as Node would run it as a .cjs file. */
function wrap(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n})`;
}

/**
 * A code cache is code the process will run, so only one from a folder that no other user can
 * write is read: in a shared temp folder, anyone could otherwise leave one there first.
 */
function ownedFolder(folder: string): boolean {
  const { uid, mode } = statSync(folder);
  return uid === process.getuid?.() && (mode & 0o022) === 0;
}

function readCache(file: string): Buffer | undefined {
  try {
    return ownedFolder(dirname(file)) ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes beside the file and renames, so a process that reads it meanwhile (another worker of
 * WORKERS > 1) reads the whole of the old one or the whole of the new one. A folder it makes is
 * the user's own (0700); one that another user could write is left alone (`ownedFolder`).
 */
function writeAtomically(file: string, data: Buffer): boolean {
  const partial = `${file}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    if (!ownedFolder(dirname(file))) return false;
    writeFileSync(partial, data, { mode: 0o600 });
    renameSync(partial, file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Compiles the CommonJS bundle at `bundleFile` with the code cache at `cacheFile` (when given and
 * present), runs it as a module of its own, and returns whether V8 took the cache and how to save
 * a fresh one. The bundle requires relative to its own file. It may not call import(): a script
 * compiled from a cache has lost its handler on Node 20 and 24, so the build makes each a require().
 */
export function runCachedBundle(bundleFile: string, cacheFile: string | undefined): CachedBundle {
  const cachedData = cacheFile ? readCache(cacheFile) : undefined;
  // The build escapes every character outside ASCII (bundle.mjs), so latin1 reads it as it is, at one byte a character.
  const script = new Script(wrap(readFileSync(bundleFile, 'latin1')), {
    filename: bundleFile,
    ...(cachedData ? { cachedData } : {}),
  });
  const accepted = cachedData !== undefined && script.cachedDataRejected === false;
  const module = { exports: {} };
  const run = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  run(module.exports, createRequire(bundleFile), module, bundleFile, dirname(bundleFile));
  let saved = accepted;
  return {
    accepted,
    save(): boolean {
      if (saved || !cacheFile) return saved;
      saved = writeAtomically(cacheFile, script.createCachedData());
      return saved;
    },
  };
}
