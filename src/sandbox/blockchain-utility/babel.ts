/**
 * EIP-31 babel-fee offers: boxes guarded by the babel contract for one token (fleet's
 * `buildBabelContract`), whose R4 holds the creator's public key and R5 the nanoERG paid per raw
 * token unit. Creating one locks ERG from the creator's boxes; cancelling spends it back to the
 * creator, the only party besides swappers that the contract lets spend it.
 */
import { buildBabelContract, extractTokenIdFromBabelContract, getTokenPrice, isValidBabelBox } from '@fleet-sdk/babel-fees-plugin';
import {
  ErgoAddress,
  Network,
  OutputBuilder,
  SAFE_MIN_BOX_VALUE,
  SGroupElement,
  SLong,
  SSigmaProp,
  TransactionBuilder,
} from '@fleet-sdk/core';
import { decode } from '@fleet-sdk/serializer';
import { buildOrConflict, findBox, spendableBoxesOf } from './chain.js';
import { heightAt, timeOfHeight } from './constants.js';
import { badRequest, conflict, notFound } from './errors.js';
import { type ErgoPayResponse, ergoPayAnswer } from './ergopay.js';
import { formatErg } from './numbers.js';
import type { ChainState, StoredBox } from './state.js';

export interface BabelOffer {
  box: StoredBox;
  tokenId: string;
  owner: string;
  /** nanoERG per raw token unit. */
  price: bigint;
  /** Raw token units the box has collected from swaps. */
  collected: bigint;
  createdAt: number;
}

function ownerOf(box: StoredBox): string {
  const key = decode(box.additionalRegisters.R4)?.data;
  if (!(key instanceof Uint8Array)) throw new Error(`babel box ${box.boxId} has no public key in R4`);
  return ErgoAddress.fromPublicKey(key, Network.Mainnet).encode(Network.Mainnet);
}

function offerOf(box: StoredBox): BabelOffer {
  const tokenId = extractTokenIdFromBabelContract(box.ergoTree);
  return {
    box,
    tokenId,
    owner: ownerOf(box),
    price: getTokenPrice(box),
    collected: box.assets.filter((asset) => asset.tokenId === tokenId).reduce((sum, asset) => sum + BigInt(asset.amount), 0n),
    createdAt: timeOfHeight(box.creationHeight),
  };
}

/** Every open babel-fee offer, best price (most nanoERG per token) first within each token. */
export function babelOffers(state: ChainState): BabelOffer[] {
  return state.utxos
    .filter((box) => isValidBabelBox(box))
    .map(offerOf)
    .sort((a, b) => a.tokenId.localeCompare(b.tokenId) || (b.price > a.price ? 1 : b.price < a.price ? -1 : 0));
}

export interface NewOffer {
  creator: ErgoAddress;
  tokenId: string;
  ergAmount: bigint;
  tokenAmount: bigint;
}

/** Checks an offer against the rules and the registry; answers its price per raw token unit. */
export function checkNewOffer(state: ChainState, offer: NewOffer): bigint {
  if (offer.ergAmount < SAFE_MIN_BOX_VALUE)
    badRequest(`ergAmount must be at least ${SAFE_MIN_BOX_VALUE} nanoERG (got "${offer.ergAmount}")`);
  const price = offer.ergAmount / offer.tokenAmount;
  if (price < 1n)
    badRequest(`ergAmount ${offer.ergAmount} buys ${offer.tokenAmount} raw token units at less than 1 nanoERG each; lower tokenAmount`);
  if (state.tokens.some((token) => token.tokenId === offer.tokenId && token.blocked)) {
    conflict(`Token ${offer.tokenId} is on the blocked list; babel-fee offers for it are refused`);
  }
  return price;
}

/** The ErgoPay answer that creates a babel-fee box from the creator's boxes. */
export function babelOfferTransaction(state: ChainState, offer: NewOffer, now: number): ErgoPayResponse {
  const price = checkNewOffer(state, offer);
  const [publicKey] = offer.creator.getPublicKeys();
  if (!publicKey) badRequest(`address "${offer.creator.encode()}" is not a pay-to-public-key address`);
  const babelBox = new OutputBuilder(offer.ergAmount, buildBabelContract(offer.tokenId)).setAdditionalRegisters({
    R4: SSigmaProp(SGroupElement(publicKey)).toHex(),
    R5: SLong(price).toHex(),
  });
  const creator = offer.creator.encode();
  const builder = new TransactionBuilder(heightAt(now))
    .from(spendableBoxesOf(state, offer.creator))
    .to(babelBox)
    .sendChangeTo(offer.creator)
    .payMinFee();
  const message = `Lock ${formatErg(offer.ergAmount)} in a babel-fee box paying ${price} nanoERG per raw unit of token ${offer.tokenId}.`;
  return ergoPayAnswer(buildOrConflict(builder, creator), creator, message);
}

/** The ErgoPay answer that spends a babel-fee box back to its creator. */
export function cancelBabelTransaction(state: ChainState, boxId: string, now: number): ErgoPayResponse {
  const box = findBox(state, boxId);
  if (!box) notFound(`No unspent box has the id ${boxId}`);
  if (!isValidBabelBox(box)) conflict(`Box ${boxId} is not a babel-fee box`);
  const offer = offerOf(box);
  const builder = new TransactionBuilder(heightAt(now)).from(box, { ensureInclusion: true }).sendChangeTo(offer.owner).payMinFee();
  const message = `Withdraw the babel-fee offer ${boxId}: ${formatErg(BigInt(box.value))} and ${offer.collected} collected raw token units return to you.`;
  return ergoPayAnswer(buildOrConflict(builder, offer.owner), offer.owner, message);
}
