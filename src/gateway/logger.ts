/**
 * The gateway's one logger: JSON lines through pino, so log levels mean what they say and every
 * line can be filtered by field. Modules take a `Logger` (or a child of it) as a parameter
 * rather than importing a global, so tests can capture what is logged.
 *
 * Writing to stdout costs the request path as little as it can. pino's default destination
 * starts an asynchronous write (a hop through libuv's thread pool and back) for each line as it
 * is logged: about a tenth of a one-country query's CPU. Here lines collect in a list and go out
 * BUFFER_BYTES at a time, joined, in one synchronous write through sonic-boom (a few microseconds
 * per ~20 request lines, no thread pool), or FLUSH_INTERVAL_MS after they were logged when
 * traffic is light. They are not left in sonic-boom's own buffer: its every write measures the
 * UTF-8 length of the whole string buffered so far, which flattens a string growing by `+=` on
 * each line (a request line through pino took 2.1 µs that way, 1.35 µs this way, in isolation).
 * Only the request line is written this way (see `hotPathLogger`): every other line (start-up,
 * drain, warnings, errors) is rare and someone may be waiting for it, so it flushes the buffer
 * at once, the request lines before it going out first.
 *
 * Synchronous rather than pino's `sync: false`: an asynchronous write still in flight when the
 * process exits is lost (the drain's last line was, every time), while a synchronous buffer is
 * written completely by the exit handler below, whether the exit follows a drain, a fatal error
 * or an uncaught exception. The price is that a log reader that stops reading stalls the
 * process instead of growing its memory without bound.
 */
import { type DestinationStream, destination as sonicBoom, type Logger, type LoggerOptions, pino } from 'pino';

export type { Logger };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A page: one write per ~20 request lines, small enough that a line waits for few others. */
const BUFFER_BYTES = 4096;
/** Longest a request line waits in the buffer when fewer than BUFFER_BYTES follow it. */
const FLUSH_INTERVAL_MS = 1_000;

/** Each stdout logger's twin for per-request lines: same level and fields, same buffer, no flush per line. */
const hotPathTwins = new WeakMap<Logger, Logger>();

interface BufferedStdout {
  /** Buffers `line` and writes the buffer at once. */
  prompt: DestinationStream;
  /** Buffers `line`; it goes out with the next full buffer, prompt line or interval. */
  bulk: DestinationStream;
}

function bufferedStdout(): BufferedStdout {
  // Synchronous and without a minimum length: each write is written when it returns.
  const stream = sonicBoom({ dest: 1, sync: true });
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = (): void => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    pendingLength = 0;
    stream.write(text);
  };
  setInterval(flush, FLUSH_INTERVAL_MS).unref();
  process.once('exit', () => {
    flush();
    stream.flushSync();
  });
  return {
    prompt: {
      write(line: string) {
        pending.push(line);
        flush();
      },
    },
    bulk: {
      write(line: string) {
        pending.push(line);
        // UTF-16 units, not bytes: near enough to size a page, without measuring each line.
        pendingLength += line.length;
        if (pendingLength >= BUFFER_BYTES) flush();
      },
    },
  };
}

/** A logger writing JSON lines to stdout (or to `destination`, e.g. a test's collector). */
export function createLogger(level: LogLevel = 'info', destination?: { write(line: string): void }): Logger {
  const options: LoggerOptions = { level, base: { service: 'gateway', pid: process.pid } };
  if (destination) return pino(options, destination);
  const stdout = bufferedStdout();
  const logger = pino(options, stdout.prompt);
  hotPathTwins.set(logger, pino(options, stdout.bulk));
  return logger;
}

/**
 * The logger for lines written once per request: for a stdout logger of `createLogger`, its
 * twin that leaves lines in the buffer; otherwise (a test's collector, a child) `logger` itself.
 */
export function hotPathLogger(logger: Logger): Logger {
  return hotPathTwins.get(logger) ?? logger;
}

/** A logger that drops everything; the default where no logger is injected. */
export const silentLogger: Logger = pino({ level: 'silent' });
