/**
 * One upstream call's deadline, as the answer reader (capped-answer.ts) listens for it: an
 * EventEmitter with `aborted` and `reason`, the shape undici also takes as a `signal`. Under a
 * one-country load an AbortController per call cost about 2.5% of the gateway's CPU: its signal
 * is an EventTarget, slow to create and to listen to, and every call made one. An emitter and a
 * timer are cheap, and the deadline still covers connecting, the headers, the body and retries.
 */
import { EventEmitter } from 'node:events';
import { errors } from 'undici';

/** The reason a call fails with when the deadline passes, told apart from every other failure. */
class DeadlineExceeded extends Error {}

export class CallDeadline extends EventEmitter {
  aborted = false;
  reason: DeadlineExceeded | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    super();
    this.timer = setTimeout(() => {
      this.aborted = true;
      this.reason = new DeadlineExceeded(`no complete answer within ${timeoutMs} ms`);
      this.emit('abort');
    }, timeoutMs);
  }

  /**
   * Whether a call that failed with `error` ran out of time: this deadline passed, or undici's own
   * headers or body timeout did. Those are set to the same span, but undici keeps long timers at
   * half-second resolution, so under load one can fire before this deadline's timer has run.
   */
  passedBy(error: unknown): boolean {
    return this.aborted || error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError;
  }

  /** Stops the timer once the call has settled. */
  clear(): void {
    clearTimeout(this.timer);
  }
}
