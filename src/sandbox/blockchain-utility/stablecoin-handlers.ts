/** Handlers of the SigmaUSD operations: bank state, prices, quotes and exchange transactions. */
import type { SandboxHandler, SandboxRequest } from '../sandbox-server.js';
import { type AgeUsdCoin, reserveRatio, sigRsvPrice, sigUsdPrice } from './ageusd.js';
import { bankViewAt } from './bank.js';
import { type SandboxContext, withChain } from './context.js';
import { badRequest, requireP2pkAddress } from './errors.js';
import { exchangeInfo, exchangeTransaction, quoteExchange } from './exchange.js';
import { jsonInt } from './numbers.js';
import { ageUsdTokenPrice } from './prices.js';

/** A validated int64 parameter as a bigint. */
export function int64Param(value: unknown, name: string, fallback?: bigint): bigint {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) badRequest(`${name} must be an integer (got "${String(value)}")`);
  return BigInt(value);
}

function quoteHandler(context: SandboxContext, coin: AgeUsdCoin): SandboxHandler {
  return (request) =>
    withChain(context, (state, now) => {
      const quote = quoteExchange(bankViewAt(state, now), coin, int64Param(request.params.path.amount, 'amount'));
      return { status: 200, body: exchangeInfo(quote) };
    });
}

function transactionHandler(context: SandboxContext, coin: AgeUsdCoin): SandboxHandler {
  return (request: SandboxRequest) =>
    withChain(context, (state, now) => {
      const { query } = request.params;
      const order = {
        coin,
        amount: int64Param(query.amount, 'amount'),
        payer: requireP2pkAddress(query.address),
        checkRate: int64Param(query.checkRate, 'checkRate', 0n),
        minerFee: int64Param(query.executionFee, 'executionFee', 0n),
      };
      return { status: 200, body: exchangeTransaction(state, bankViewAt(state, now), order, now) };
    });
}

/** The SigmaUSD handlers, by operationId. */
export function stablecoinHandlers(context: SandboxContext): Record<string, SandboxHandler> {
  return {
    stablecoinState: () =>
      withChain(context, (state, now) => {
        const { bank } = bankViewAt(state, now);
        return {
          status: 200,
          body: {
            reserveRatio: jsonInt(reserveRatio(bank.reserve, bank.scCirc, bank.rate)),
            sigUsdPrice: jsonInt(sigUsdPrice(bank)),
            sigRsvPrice: jsonInt(sigRsvPrice(bank)),
          },
        };
      }),
    sigUsdPrice: () =>
      withChain(context, (state, now) => ({ status: 200, body: ageUsdTokenPrice(state.seed, bankViewAt(state, now), 'SigUSD', now) })),
    sigRsvPrice: () =>
      withChain(context, (state, now) => ({ status: 200, body: ageUsdTokenPrice(state.seed, bankViewAt(state, now), 'SigRSV', now) })),
    sigUsdExchangeQuote: quoteHandler(context, 'SigUSD'),
    sigRsvExchangeQuote: quoteHandler(context, 'SigRSV'),
    sigUsdExchangeTransaction: transactionHandler(context, 'SigUSD'),
    sigRsvExchangeTransaction: transactionHandler(context, 'SigRSV'),
  };
}
