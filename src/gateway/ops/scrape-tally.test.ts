/**
 * A counter fed by a tally reads, at every read, the series and values a counter incremented per
 * event reads (perhaps in another order, which the exposition format leaves free): for any events
 * and any reads between them, with one label or two.
 */
import fc from 'fast-check';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { ScrapeTally } from './scrape-tally.js';

/** The exposition's lines, in order: series of one family may come in any order. */
async function lines(registry: Registry): Promise<string[]> {
  return (await registry.metrics()).split('\n').sort();
}

/** Two counters of the same series in their own registries: one per event, one through a tally. */
function pair(labelNames: ['operation', 'outcome'] | ['result']) {
  const direct = new Registry();
  const tallied = new Registry();
  const counter = new Counter({ name: 'events_total', help: 'events', labelNames, registers: [direct] });
  const tally = labelNames.length === 2 ? new ScrapeTally(labelNames[0], labelNames[1]) : new ScrapeTally(labelNames[0]);
  new Counter({
    name: 'events_total',
    help: 'events',
    labelNames,
    registers: [tallied],
    collect() {
      tally.foldInto(this);
    },
  });
  return { direct, tallied, counter, tally };
}

describe('a tallied counter', () => {
  it('reads what an increment per event reads, at every read, with two labels', async () => {
    const step = fc.oneof(
      fc.record({ operation: fc.constantFrom('Country', 'anonymous', 'other'), outcome: fc.constantFrom('ok', 'refused') }),
      fc.constant('read' as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const { direct, tallied, counter, tally } = pair(['operation', 'outcome']);
        for (const event of [...steps, 'read' as const]) {
          if (event === 'read') expect(await lines(tallied)).toEqual(await lines(direct));
          else {
            counter.inc(event);
            tally.add(event.operation, event.outcome);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads what an increment per event reads with one label, through get() as through a scrape', async () => {
    const { direct, tallied, counter, tally } = pair(['result']);
    for (const result of ['answered', 'answered', 'handed_over']) {
      counter.inc({ result });
      tally.add(result);
    }
    expect(await tallied.getSingleMetric('events_total')?.get()).toEqual(await direct.getSingleMetric('events_total')?.get());
    tally.add('answered');
    counter.inc({ result: 'answered' });
    expect(await tallied.metrics()).toBe(await direct.metrics());
    expect(await tallied.metrics()).toContain('events_total{result="answered"} 3');
  });
});
