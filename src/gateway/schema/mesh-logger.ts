/**
 * Mesh's logging through the gateway's pino logger: Mesh's DefaultLogger writes coloured text
 * to the console, which breaks a stream of JSON lines. This adapter keeps Mesh's interface and
 * writes each call as a line tagged `component: "mesh"` and the source's name.
 */
import type { Logger as MeshLogger } from '@graphql-mesh/types';
import type { Logger } from '../logger.js';

type Level = 'info' | 'warn' | 'error' | 'debug';

/** Mesh passes an Error, a message with details, or (for debug) thunks that build the message lazily. */
function write(logger: Logger, level: Level, args: readonly unknown[]): void {
  if (!logger.isLevelEnabled(level)) return;
  const values = args.map((arg) => (typeof arg === 'function' ? Reflect.apply(arg, undefined, []) : arg));
  const error = values.find((value): value is Error => value instanceof Error);
  const text = values
    .filter((value) => !(value instanceof Error))
    .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  logger[level](error ? { err: error } : {}, text.join(' ') || error?.message || 'mesh');
}

/** A Mesh logger writing to `logger` as a child named after the source (and any child names Mesh adds). */
export function meshLogger(logger: Logger, name: string | Record<string, string | number>): MeshLogger {
  const child = logger.child(typeof name === 'string' ? { component: 'mesh', source: name } : { component: 'mesh', ...name });
  const adapter: MeshLogger = {
    name: typeof name === 'string' ? name : undefined,
    log: (...args: unknown[]) => write(child, 'info', args),
    info: (...args: unknown[]) => write(child, 'info', args),
    warn: (...args: unknown[]) => write(child, 'warn', args),
    error: (...args: unknown[]) => write(child, 'error', args),
    debug: (...args: unknown[]) => write(child, 'debug', args),
    child: (childName) => meshLogger(child, typeof childName === 'string' ? { scope: childName } : childName),
    addPrefix: (prefix) => meshLogger(child, typeof prefix === 'string' ? { scope: prefix } : prefix),
  };
  return adapter;
}
