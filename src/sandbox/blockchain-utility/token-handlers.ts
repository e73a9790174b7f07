/** Handlers of the EIP-21 token lists, the token check and the token prices. */
import type { SandboxHandler } from '../sandbox-server.js';
import { bankViewAt } from './bank.js';
import { SIGRSV_TOKEN_ID, SIGUSD_TOKEN_ID } from './constants.js';
import { type SandboxContext, withChain } from './context.js';
import { notFound, requireHexId } from './errors.js';
import { ageUsdTokenPrice, poolTokenPrice, type TokenPriceBody } from './prices.js';
import type { ChainState, TokenRecord } from './state.js';

function genuineToken(token: TokenRecord): Record<string, string | boolean> {
  return { tokenId: token.tokenId, tokenName: token.name, uniqueName: token.uniqueName, ...(token.issuer ? { issuer: token.issuer } : {}) };
}

/** EIP-21: verified if listed, blocked if blocked, suspicious if it borrows a unique genuine name, else unknown. */
function checkToken(state: ChainState, tokenId: string, tokenName: string): Record<string, unknown> {
  const known = state.tokens.find((token) => token.tokenId === tokenId);
  if (known?.genuine) return { genuine: 1, token: genuineToken(known) };
  if (known?.blocked) return { genuine: 3 };
  const wanted = tokenName.trim().toLowerCase();
  const imitated = state.tokens.find((token) => token.genuine && token.uniqueName && token.name.toLowerCase() === wanted);
  return imitated ? { genuine: 2, token: genuineToken(imitated) } : { genuine: 0 };
}

function allPrices(state: ChainState, now: number): TokenPriceBody[] {
  const view = bankViewAt(state, now);
  const pooled = state.pools.map((pool) => poolTokenPrice(state, pool.tokenId, now)).filter((price) => price !== undefined);
  return [ageUsdTokenPrice(state.seed, view, 'SigUSD', now), ageUsdTokenPrice(state.seed, view, 'SigRSV', now), ...pooled];
}

/** The token handlers, by operationId. */
export function tokenHandlers(context: SandboxContext): Record<string, SandboxHandler> {
  return {
    genuineErgoTokens: () =>
      withChain(context, (state) => ({ status: 200, body: state.tokens.filter((token) => token.genuine).map(genuineToken) })),
    blockedErgoTokens: () =>
      withChain(context, (state) => ({ status: 200, body: state.tokens.filter((token) => token.blocked).map((token) => token.tokenId) })),
    ergoTokenCheck: (request) =>
      withChain(context, (state) => {
        const tokenId = requireHexId(request.params.path.tokenId, 'tokenId');
        return { status: 200, body: checkToken(state, tokenId, String(request.params.path.tokenName)) };
      }),
    ergoTokenPrices: () => withChain(context, (state, now) => ({ status: 200, body: allPrices(state, now) })),
    ergoTokenPrice: (request) =>
      withChain(context, (state, now) => {
        const tokenId = requireHexId(request.params.path.tokenId, 'tokenId');
        if (tokenId === SIGUSD_TOKEN_ID) return { status: 200, body: ageUsdTokenPrice(state.seed, bankViewAt(state, now), 'SigUSD', now) };
        if (tokenId === SIGRSV_TOKEN_ID) return { status: 200, body: ageUsdTokenPrice(state.seed, bankViewAt(state, now), 'SigRSV', now) };
        const price = poolTokenPrice(state, tokenId, now);
        return price ? { status: 200, body: price } : notFound(`No price is known for token ${tokenId}`);
      }),
  };
}
