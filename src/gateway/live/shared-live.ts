/**
 * One execution per (document, variables, credentials) for all the subscribers of it. Executing
 * each event once per subscriber, with a fresh request context each, made 10,000 subscribers of
 * 100 keys cost 10,000 executions per change. Here the first subscriber of a group opens the
 * subscription (arguments checked, token ids resolved, key joined) and each event is executed,
 * catalogued and serialised once for the group; every other subscriber joins it and holds a
 * member: the latest event it has not read, and its subscription slot. What is each caller's own
 * (identity, scopes, rate limit, subscription limits) is settled on its own request before it
 * joins (use-live-events.ts).
 */
import type { ExecutionResult } from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import type { Logger } from '../logger.js';

/** What the groups report (metrics.ts implements it), events labelled by the interface the field follows. */
export interface LiveEventObserver {
  liveSubscribers(count: number): void;
  liveEvent(upstream: string, sent: boolean): void;
}

/** How a group is opened: by its first subscriber, whose subscribe runs once for all of them. */
export interface GroupSpec {
  /** Names the group: the document, variables and credentials that make its events. */
  key: string;
  /** The interface the subscription's field follows (the metrics' label). */
  upstream: string;
  /** Runs the subscription: its event stream, or the result refusing it (the same for everyone of the key). */
  open(): Promise<ExecutionResult | AsyncIterable<ExecutionResult>>;
  /** An event as sent: its errors passed through the error catalogue. */
  catalogue(result: ExecutionResult): ExecutionResult;
}

/** An event as executed once for a group, with its text for comparing. */
interface SharedEvent {
  readonly result: ExecutionResult;
  readonly text: string;
}

class Group {
  readonly members = new Set<Member>();
  /** The last event sent: a newcomer's first. */
  current: SharedEvent | undefined;
  source: AsyncIterator<ExecutionResult> | undefined;
  closed = false;
  /** Its source has ended: no event will come. */
  ended = false;
  /** Settles once the subscription is open (undefined) or refused (its result). */
  opened: Promise<ExecutionResult | undefined> = Promise.resolve(undefined);

  constructor(
    readonly key: string,
    readonly upstream: string,
  ) {}
}

/**
 * One subscriber of a group: an async iterator that yields the group's latest event it has not
 * read (never a backlog), skipping one equal to the last it sent. Its methods live on the
 * prototype, so a subscriber costs a few fields, not a set of closures.
 */
class Member implements AsyncIterableIterator<ExecutionResult> {
  private pending: SharedEvent | undefined;
  private sent: string | undefined;
  private wake: (() => void) | undefined;
  private done = false;
  private left = false;

  constructor(
    private readonly groups: SharedLive,
    private readonly group: Group,
    private readonly release: () => void,
  ) {
    this.pending = group.current;
  }

  push(event: SharedEvent): void {
    this.pending = event;
    this.awake();
  }

  end(): void {
    this.done = true;
    this.awake();
  }

  async next(): Promise<IteratorResult<ExecutionResult>> {
    for (;;) {
      const event = this.pending;
      if (event) {
        this.pending = undefined;
        const sent = event.text !== this.sent;
        this.groups.counted(this.group, sent);
        if (!sent) continue;
        this.sent = event.text;
        return { done: false, value: event.result };
      }
      if (this.done) return this.finish();
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  return(): Promise<IteratorResult<ExecutionResult>> {
    return Promise.resolve(this.finish());
  }

  throw(): Promise<IteratorResult<ExecutionResult>> {
    return Promise.resolve(this.finish());
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private awake(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Leaves the group and gives the subscription slot back, once. */
  private finish(): IteratorResult<ExecutionResult> {
    this.end();
    if (!this.left) {
      this.left = true;
      this.release();
      this.groups.leave(this.group, this);
    }
    return { done: true, value: undefined };
  }
}

export class SharedLive {
  private readonly groups = new Map<string, Group>();
  private subscribers = 0;

  constructor(private readonly options: { logger: Logger; observer?: LiveEventObserver | undefined }) {}

  /**
   * Joins the group of `spec`, opening it when it is the first: the stream of the group's events
   * from its current one, or the result that refused the subscription. `release` gives the
   * subscriber's slot back; it is called when the stream ends or the subscription is refused.
   */
  async join(spec: GroupSpec, release: () => void): Promise<ExecutionResult | AsyncIterableIterator<ExecutionResult>> {
    for (;;) {
      const group = this.groups.get(spec.key) ?? this.open(spec);
      let refusal: ExecutionResult | undefined;
      try {
        refusal = await group.opened;
      } catch (error) {
        release();
        throw error;
      }
      if (refusal) {
        release();
        return refusal;
      }
      // Its last subscriber left while this one waited: open another. A group whose source has
      // ended (the drain) is joined as it is, and its stream ends after the current event.
      if (group.closed && !group.ended) continue;
      const member = new Member(this, group, release);
      group.members.add(member);
      this.report(1);
      if (group.ended) member.end();
      return member;
    }
  }

  /** Counts one event read (sent) or skipped as unchanged by one member. */
  counted(group: Group, sent: boolean): void {
    this.options.observer?.liveEvent(group.upstream, sent);
  }

  leave(group: Group, member: Member): void {
    if (!group.members.delete(member)) return;
    this.report(-1);
    if (group.members.size > 0) return;
    this.close(group);
    // Straight to the source, so the key is left now, not at its next event.
    void Promise.resolve(group.source?.return?.()).catch((error: unknown) => {
      this.options.logger.warn({ err: error }, 'live: ending a shared subscription failed');
    });
  }

  private open(spec: GroupSpec): Group {
    const group = new Group(spec.key, spec.upstream);
    this.groups.set(spec.key, group);
    group.opened = spec.open().then(
      (result) => {
        if (!isAsyncIterable(result)) {
          this.close(group);
          return result;
        }
        const source = result[Symbol.asyncIterator]();
        group.source = source;
        void this.pump(group, source, spec.catalogue);
        return undefined;
      },
      (error: unknown) => {
        this.close(group);
        throw error;
      },
    );
    return group;
  }

  /** Reads the group's events as they come, each executed once, and hands the changed ones to every member. */
  private async pump(group: Group, source: AsyncIterator<ExecutionResult>, catalogue: GroupSpec['catalogue']): Promise<void> {
    try {
      for (;;) {
        const step = await source.next();
        if (step.done || group.closed) break;
        const result = catalogue(step.value);
        const text = JSON.stringify(result);
        if (text === group.current?.text) {
          for (let count = group.members.size; count > 0; count -= 1) this.counted(group, false);
          continue;
        }
        const event: SharedEvent = { result, text };
        group.current = event;
        for (const member of group.members) member.push(event);
      }
    } catch (error) {
      this.options.logger.error({ err: error }, 'live: a shared subscription failed');
    }
    group.ended = true;
    this.close(group);
    for (const member of group.members) member.end();
  }

  private close(group: Group): void {
    group.closed = true;
    if (this.groups.get(group.key) === group) this.groups.delete(group.key);
  }

  private report(change: number): void {
    this.subscribers += change;
    this.options.observer?.liveSubscribers(this.subscribers);
  }
}
