import { errors } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallDeadline } from './call-deadline.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('CallDeadline', () => {
  it('passes when its time is up, and says so for whatever the call failed with', () => {
    vi.useFakeTimers();
    const deadline = new CallDeadline(2000);
    const aborted = vi.fn();
    deadline.once('abort', aborted);
    vi.advanceTimersByTime(1999);
    expect(deadline.passedBy(new Error('socket hang up'))).toBe(false);
    vi.advanceTimersByTime(1);
    expect(aborted).toHaveBeenCalledOnce();
    expect(deadline.passedBy(new Error('socket hang up'))).toBe(true);
    deadline.clear();
  });

  it("counts undici's own headers and body timeouts as the deadline passing, whichever timer ran first", () => {
    const deadline = new CallDeadline(60_000);
    expect(deadline.passedBy(new errors.BodyTimeoutError())).toBe(true);
    expect(deadline.passedBy(new errors.HeadersTimeoutError())).toBe(true);
    expect(deadline.passedBy(new errors.SocketError('other side closed'))).toBe(false);
    expect(deadline.passedBy(undefined)).toBe(false);
    deadline.clear();
  });
});
