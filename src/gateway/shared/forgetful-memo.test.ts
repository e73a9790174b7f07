/** A forgetful memo holds what it was given up to its capacity, then starts again empty. */
import { describe, expect, it } from 'vitest';
import { ForgetfulMemo } from './forgetful-memo.js';

describe('a forgetful memo', () => {
  it('keeps up to its capacity, and forgets everything at once when one more comes', () => {
    const memo = new ForgetfulMemo<string, number>(3);
    expect(memo.remember('a', 1)).toBe(1);
    memo.remember('b', 2);
    memo.remember('a', 10);
    memo.remember('c', 3);
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([10, 2, 3]);
    memo.remember('d', 4);
    expect([memo.get('a'), memo.get('b'), memo.get('c'), memo.get('d')]).toEqual([undefined, undefined, undefined, 4]);
  });
});
