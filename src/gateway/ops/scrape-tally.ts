/**
 * Counts kept between scrapes and added to a prom-client counter when it is read.
 *
 * prom-client's `inc(labels)` spells a key out of the label object and checks every label name on
 * each call. A cached answer counts three such series (its operation and outcome, the fast path's
 * run, the cache lookup), all of it on the request path. A tally adds one to a number found by two
 * Map reads of the label values themselves; the counter's `collect`, which prom-client runs before
 * every read of it (a scrape, `registry.metrics()`, `getSingleMetric(…).get()`), folds the tally
 * in, so every reader sees the series and values an `inc` per event would have shown (perhaps in
 * another order, which the exposition format leaves free).
 */
import type { Counter } from 'prom-client';

/** A tally of a counter with one label, or two. */
export class ScrapeTally<First extends string, Second extends string = never> {
  private readonly counts = new Map<string, Map<string, number>>();

  constructor(
    private readonly first: First,
    private readonly second?: Second,
  ) {}

  /** One more event with these label values (the second only where the counter has two labels). */
  add(first: string, second = ''): void {
    let bySecond = this.counts.get(first);
    if (bySecond === undefined) {
      bySecond = new Map();
      this.counts.set(first, bySecond);
    }
    bySecond.set(second, (bySecond.get(second) ?? 0) + 1);
  }

  /** Adds what was counted since the last fold to `counter`, and starts again. */
  foldInto(counter: Counter<First | Second>): void {
    for (const [first, bySecond] of this.counts) {
      for (const [second, count] of bySecond) {
        const labels: Partial<Record<First | Second, string>> = {};
        labels[this.first] = first;
        if (this.second !== undefined) labels[this.second] = second;
        counter.inc(labels, count);
      }
    }
    this.counts.clear();
  }
}
