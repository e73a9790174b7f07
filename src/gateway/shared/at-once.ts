/**
 * Values a request needs that are usually known at once (a counter in memory, a caller whose token
 * was verified before) and sometimes only later (a counter on Redis, a key set to fetch). Taking
 * them as they come, rather than awaiting each, saves a turn of the microtask queue per value on
 * every request that finds them at hand.
 */

/** A value known now, or a promise of it. */
export type AtOnce<T> = T | Promise<T>;

/**
 * `use` of `value`: called now when the value is known, else once it is. `failed`, when given,
 * answers instead if the promise rejects (a value known now cannot have failed).
 */
export function whenKnown<T, R>(value: AtOnce<T>, use: (known: T) => AtOnce<R>, failed?: (reason: unknown) => AtOnce<R>): AtOnce<R> {
  return value instanceof Promise ? value.then(use, failed) : use(value);
}

/** All of `values`, known now when each of them is. */
export function allKnown<T>(values: readonly AtOnce<T>[]): AtOnce<T[]> {
  return values.some((value) => value instanceof Promise) ? Promise.all(values) : (values as T[]);
}
