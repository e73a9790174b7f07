/**
 * The Subscription root: each field opens a live stream (live-stream.ts) of what it follows
 * (sources.ts) and reads each outcome into its type. Arguments are checked before the stream
 * opens, with the queries' codes and argument names; those only a value can check (is this a
 * currency D has rates for?) are checked against the current value before the first event.
 * The poll, its timer and who shares it are the registry's business, never a resolver's.
 */
import type { GatewayContext } from '../../context.js';
import { badInput } from '../../errors.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { type LiveStream, openLiveStream } from '../../live/live-stream.js';
import type { LiveSource } from '../../live/live-poller.js';
import type { LiveOutcome } from '../../live/poll-registry.js';
import type { RateTableWire } from '../../interfaces/country-data/wire.js';
import type { StablecoinStateWire } from '../../interfaces/blockchain-utility/wire.js';
import type { TokenRecordWire } from '../../interfaces/crypto-analytics/wire.js';
import { crossRate, knownCurrency, rebase } from '../money/money-math.js';
import {
  latestMarketIndicator,
  latestPrices,
  MARKET_INDICATOR_SOURCE,
  RATES_SOURCE,
  STABLECOIN_STATE_SOURCE,
  tokenPricesSource,
  usdTable,
} from './sources.js';
import type { MarketIndicatorWire } from './wire.js';

/** The most tokens one subscription follows (the key's answer grows with them). */
const MAX_SYMBOLS = 100;
const SYMBOL = /^[A-Za-z0-9]{1,20}$/;

/** An outcome read into a field's value. */
type Read<T> = { readonly value: T } | { readonly error: unknown };

/** The value of an outcome; an error outcome becomes this event's field error (the stream goes on). */
function valueOf<T>(outcome: Read<T>): T {
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

/** `stream` with each value read into the field's value; a value that cannot be read is that event's error. */
function reading<T>(stream: LiveStream, read: (value: unknown) => T): AsyncIterableIterator<Read<T>> {
  const readOutcome = (outcome: LiveOutcome): Read<T> => {
    if ('error' in outcome) return outcome;
    try {
      return { value: read(outcome.value) };
    } catch (error) {
      return { error };
    }
  };
  const iterator: AsyncIterableIterator<Read<T>> = {
    next: async () => {
      const step = await stream.next();
      return step.done ? { done: true, value: undefined } : { done: false, value: readOutcome(step.value) };
    },
    return: async () => {
      await stream.return();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/**
 * Opens the stream of `source` and reads its current value with `read`, which checks what only a
 * value can check (is this a currency D has rates for?): a refusal closes the stream again, so bad
 * arguments never hold a key. An upstream failure on the first poll refuses the subscription with
 * the upstream's code (there is nothing to show yet; the client may retry).
 */
async function opened<T>(
  context: GatewayContext,
  source: LiveSource,
  read: (value: unknown) => T,
): Promise<AsyncIterableIterator<Read<T>>> {
  const stream = await openLiveStream(context, source);
  try {
    read(valueOf(stream.current));
  } catch (error) {
    await stream.return();
    throw error;
  }
  return reading(stream, read);
}

/** The token ids of `symbols`, in their order; unknown or malformed symbols are BAD_USER_INPUT naming `symbols`. */
async function tokenIds(symbols: readonly string[], context: GatewayContext): Promise<number[]> {
  if (symbols.length === 0 || symbols.length > MAX_SYMBOLS) throw badInput('symbols', `from 1 to ${MAX_SYMBOLS} ticker symbols`, symbols);
  const malformed = symbols.find((symbol) => !SYMBOL.test(symbol.trim()));
  if (malformed !== undefined) throw badInput('symbols', 'ticker symbols of letters and digits, e.g. BTC', malformed);
  const tokens = await context.loaders.cryptoAnalytics.tokenBySymbol.loadMany(symbols.map((symbol) => symbol.trim()));
  return tokens.map((token, index) => {
    if (token instanceof Error) throw token;
    if (!token) throw badInput('symbols', 'ticker symbols the crypto-analytics interface lists', symbols[index]);
    return token.TOKEN_ID;
  });
}

export const liveResolvers: Resolvers = {
  Subscription: {
    tokenPrices: {
      subscribe: async (_root, args, context) => {
        const ids = await tokenIds(args.symbols, context);
        return opened(context, tokenPricesSource(ids), (value) => latestPrices(value, ids));
      },
      resolve: (outcome: Read<TokenRecordWire[]>) => valueOf(outcome),
    },
    marketIndicator: {
      subscribe: (_root, _args, context) => opened(context, MARKET_INDICATOR_SOURCE, latestMarketIndicator),
      resolve: (outcome: Read<MarketIndicatorWire | null>) => valueOf(outcome),
    },
    stablecoinState: {
      // The poll's `get` held the answer to its documented schema, as for the query.
      subscribe: (_root, _args, context) => opened(context, STABLECOIN_STATE_SOURCE, (value) => value as StablecoinStateWire),
      resolve: (outcome: Read<StablecoinStateWire>) => valueOf(outcome),
    },
    exchangeRate: {
      subscribe: (_root, args, context) =>
        opened(context, RATES_SOURCE, (value) => {
          const table = usdTable(value);
          return crossRate(table, knownCurrency('from', args.from, table), knownCurrency('to', args.to, table));
        }),
      resolve: (outcome: Read<number | null>) => valueOf(outcome),
    },
    currencyRates: {
      subscribe: (_root, args, context) =>
        opened(context, RATES_SOURCE, (value) => {
          const table = usdTable(value);
          return rebase(table, knownCurrency('base', args.base, table));
        }),
      resolve: (outcome: Read<RateTableWire | null>) => valueOf(outcome),
    },
  },
};
