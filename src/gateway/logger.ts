/**
 * The gateway's one logger: JSON lines through pino, so log levels mean what they say and every
 * line can be filtered by field. Modules take a `Logger` (or a child of it) as a parameter
 * rather than importing a global, so tests can capture what is logged.
 */
import { type Logger, type LoggerOptions, pino } from 'pino';

export type { Logger };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** A logger writing JSON lines to stdout (or to `destination`, e.g. a test's collector). */
export function createLogger(level: LogLevel = 'info', destination?: { write(line: string): void }): Logger {
  const options: LoggerOptions = { level, base: { service: 'gateway', pid: process.pid } };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that drops everything; the default where no logger is injected. */
export const silentLogger: Logger = pino({ level: 'silent' });
