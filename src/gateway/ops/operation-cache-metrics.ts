/**
 * The whole-operation cache's series (cache/operation-cache.ts), by operation name (bounded as
 * every operation label is): lookups by result, evictions, and the bytes held, read at each scrape.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { OperationCache, OperationCacheObserver } from '../cache/operation-cache.js';
import { ScrapeTally } from './scrape-tally.js';

export class OperationCacheMetrics implements OperationCacheObserver {
  private readonly lookups: Counter<'operation' | 'result'>;
  private readonly evictions: Counter<'operation'>;
  /** Counted per lookup, added to the counter at each read (scrape-tally.ts). */
  private readonly lookupTally = new ScrapeTally('operation', 'result');
  private watched: OperationCache | undefined;

  constructor(
    registry: Registry,
    private readonly label: (name: string | undefined) => string,
  ) {
    const registers = [registry];
    const tally = this.lookupTally;
    this.lookups = new Counter({
      name: 'gateway_operation_cache_lookups_total',
      help: 'Whole-operation cache lookups by operation name and result (hit, miss)',
      labelNames: ['operation', 'result'],
      registers,
      collect() {
        tally.foldInto(this);
      },
    });
    this.evictions = new Counter({
      name: 'gateway_operation_cache_evictions_total',
      help: 'Answers the whole-operation cache dropped to stay within OPERATION_CACHE_MAX_BYTES, by operation name',
      labelNames: ['operation'],
      registers,
    });
    const read = (): OperationCache | undefined => this.watched;
    const labelOf = this.label;
    new Gauge({
      name: 'gateway_operation_cache_bytes',
      help: 'Bytes of answers the whole-operation cache holds in this process, by operation name',
      labelNames: ['operation'],
      registers,
      collect() {
        this.reset();
        const totals = new Map<string, number>();
        for (const [name, bytes] of read()?.heldBytes() ?? []) totals.set(labelOf(name), (totals.get(labelOf(name)) ?? 0) + bytes);
        for (const [operation, bytes] of totals) this.set({ operation }, bytes);
      },
    });
  }

  /** Reports `cache`'s bytes held from now on. */
  watch(cache: OperationCache): void {
    this.watched = cache;
  }

  operationCacheLookup(operation: string | undefined, hit: boolean): void {
    this.lookupTally.add(this.label(operation), hit ? 'hit' : 'miss');
  }

  operationCacheEviction(operation: string | undefined): void {
    this.evictions.inc({ operation: this.label(operation) });
  }
}
