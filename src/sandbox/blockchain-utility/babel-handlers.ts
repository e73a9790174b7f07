/** Handlers of the babel-fee operations: ErgoPay create/cancel, the Mosaik apps and their backend calls. */
import type { SandboxHandler } from '../sandbox-server.js';
import { babelFeeApp, babelFeeNewOfferApp, tokenLabel, wholeTokenPrice } from './babel-app.js';
import { babelOffers, babelOfferTransaction, cancelBabelTransaction, type NewOffer } from './babel.js';
import { type SandboxContext, withChain } from './context.js';
import { requireHexId, requireP2pkAddress, requirePositive } from './errors.js';
import { ergoPayUrl } from './ergopay.js';
import { fetchActionResponse, label } from './mosaik.js';
import { formatErg } from './numbers.js';
import type { ChainState } from './state.js';

/** How often a wallet should poll the notification check, in minutes. */
const NOTIFICATION_INTERVAL_MINUTES = 60;

function newOffer(values: Record<string, unknown>, addressValue: unknown): NewOffer {
  return {
    creator: requireP2pkAddress(addressValue),
    tokenId: requireHexId(values.tokenId, 'tokenId'),
    ergAmount: requirePositive(values.ergAmount, 'ergAmount'),
    tokenAmount: requirePositive(values.tokenAmount, 'tokenAmount'),
  };
}

/** The price label for a half-filled form. */
function draftPriceText(state: ChainState, draft: Record<string, unknown>): string {
  const { ergAmount, tokenAmount, tokenId } = draft;
  const whole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
  if (!whole(ergAmount) || !whole(tokenAmount)) return 'Enter the amounts to see the price per token.';
  const price = BigInt(ergAmount) / BigInt(tokenAmount);
  if (price < 1n) return 'The ERG amount is too small for that many token units: the price would be under 1 nanoERG per unit.';
  const perRaw = `${price} nanoERG per raw unit`;
  if (typeof tokenId !== 'string' || !/^[0-9a-fA-F]{64}$/.test(tokenId)) return `Price: ${perRaw}.`;
  return `Price: ${perRaw} (${wholeTokenPrice(state, tokenId.toLowerCase(), price)}).`;
}

/** The babel-fee handlers, by operationId. */
export function babelHandlers(context: SandboxContext): Record<string, SandboxHandler> {
  return {
    babelFeeOfferTransaction: (request) =>
      withChain(context, (state, now) => ({
        status: 200,
        body: babelOfferTransaction(state, newOffer(request.params.query, request.params.path.address), now),
      })),
    cancelBabelFeeOfferTransaction: (request) =>
      withChain(context, (state, now) => ({
        status: 200,
        body: cancelBabelTransaction(state, requireHexId(request.params.path.boxId, 'boxId'), now),
      })),
    babelFeeApp: (request) => withChain(context, (state) => ({ status: 200, body: babelFeeApp(state, request) })),
    babelFeeNewOfferApp: (request) => withChain(context, (state) => ({ status: 200, body: babelFeeNewOfferApp(state, request) })),
    submitBabelFeeOffer: (request) =>
      withChain(context, (state, now) => {
        const values = request.body as Record<string, unknown>;
        const offer = newOffer(values, values.address);
        // Building the transaction now refuses (409) an offer the wallet could not sign.
        babelOfferTransaction(state, offer, now);
        const query = new URLSearchParams({
          tokenId: offer.tokenId,
          ergAmount: String(offer.ergAmount),
          tokenAmount: String(offer.tokenAmount),
        });
        const url = ergoPayUrl(request, `/createbabel/${offer.creator.encode()}?${query}`);
        return { status: 200, body: fetchActionResponse({ id: 'createOffer', type: 'ErgoPayAction', url }) };
      }),
    addBabelFeeOfferInput: (request) =>
      withChain(context, (state) => {
        const text = draftPriceText(state, request.body as Record<string, unknown>);
        const view = label(text, 'BODY1', { id: 'priceLabel' });
        return { status: 200, body: fetchActionResponse({ id: 'updatePrice', type: 'ChangeSiteAction', newContent: { view } }) };
      }),
    babelFeeNotifications: () =>
      withChain(context, (state) => {
        const offers = babelOffers(state);
        const newest = offers.reduce<(typeof offers)[number] | undefined>(
          (latest, offer) => (!latest || offer.createdAt > latest.createdAt ? offer : latest),
          undefined,
        );
        const locked = offers.reduce((sum, offer) => sum + BigInt(offer.box.value), 0n);
        const tokens = new Set(offers.map((offer) => offer.tokenId)).size;
        const message = newest
          ? `${offers.length} open babel-fee offers for ${tokens} tokens hold ${formatErg(locked)}; the newest is for ${tokenLabel(state, newest.tokenId).name}.`
          : 'There are no open babel-fee offers.';
        return { status: 200, body: { message, messageTs: newest?.createdAt ?? 0, nextCheck: NOTIFICATION_INTERVAL_MINUTES } };
      }),
  };
}
