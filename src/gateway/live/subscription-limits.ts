/**
 * How many subscriptions one connection and one caller may hold open in this process
 * (MAX_SUBSCRIPTIONS_PER_CONNECTION, MAX_SUBSCRIPTIONS_PER_CALLER). Every transport (SSE here,
 * WebSocket beside it) takes a slot before a stream opens and gives it back when the stream ends.
 */
import { liveLimitError } from '../errors.js';
import type { LiveSettings } from './live-settings.js';

export class SubscriptionLimits {
  private readonly byConnection = new WeakMap<object, number>();
  private readonly byCaller = new Map<string, number>();

  constructor(private readonly settings: Pick<LiveSettings, 'maxPerConnection' | 'maxPerCaller'>) {}

  /**
   * Takes a slot for `connection` (any object that lives as long as the connection) and `caller`
   * (its id, else its address); returns the function that gives it back (idempotent). Throws
   * SUBSCRIPTION_LIMIT_EXCEEDED naming the limit reached.
   */
  acquire(connection: object, caller: string): () => void {
    const { maxPerConnection, maxPerCaller } = this.settings;
    const onConnection = this.byConnection.get(connection) ?? 0;
    const ofCaller = this.byCaller.get(caller) ?? 0;
    if (onConnection >= maxPerConnection)
      throw liveLimitError(
        'SUBSCRIPTION_LIMIT_EXCEEDED',
        `This connection already holds ${maxPerConnection} open subscriptions (MAX_SUBSCRIPTIONS_PER_CONNECTION).`,
      );
    if (ofCaller >= maxPerCaller)
      throw liveLimitError(
        'SUBSCRIPTION_LIMIT_EXCEEDED',
        `This caller already holds ${maxPerCaller} open subscriptions (MAX_SUBSCRIPTIONS_PER_CALLER).`,
      );
    this.byConnection.set(connection, onConnection + 1);
    this.byCaller.set(caller, ofCaller + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.byConnection.set(connection, (this.byConnection.get(connection) ?? 1) - 1);
      const left = (this.byCaller.get(caller) ?? 1) - 1;
      if (left > 0) this.byCaller.set(caller, left);
      else this.byCaller.delete(caller);
    };
  }
}
