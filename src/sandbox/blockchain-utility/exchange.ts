/**
 * AgeUSD exchanges as TokenJay offers them: the quote (bank price, bank fee, TokenJay fee) and
 * the ErgoPay transaction that performs it against the bank box. The transaction follows the
 * layout the bank script checks (EIP-15): input 0 and output 0 are the bank box, output 1 is
 * the receipt box whose R4 holds the change in circulation and R5 the change in reserve, and the
 * oracle box is data input 0.
 */
import { OutputBuilder, RECOMMENDED_MIN_FEE_VALUE, SAFE_MIN_BOX_VALUE, SLong, TransactionBuilder, type ErgoAddress } from '@fleet-sdk/core';
import { type AgeUsdCoin, type ExchangePlan, planExchange } from './ageusd.js';
import type { BankView } from './bank.js';
import { buildOrConflict, spendableBoxesOf } from './chain.js';
import { heightAt, JAY_FEE_PER_TEN_THOUSAND, SIGMAUSD_BANK_NFT_ID, SIGRSV_TOKEN_ID, SIGUSD_TOKEN_ID } from './constants.js';
import { badRequest, conflict } from './errors.js';
import { type ErgoPayResponse, ergoPayAnswer } from './ergopay.js';
import { formatErg, formatUnits, jsonInt } from './numbers.js';
import type { ChainState } from './state.js';
import { TOKENJAY_FEE_WALLET } from './wallets.js';

const COINS: Record<AgeUsdCoin, { tokenId: string; decimals: number }> = {
  SigUSD: { tokenId: SIGUSD_TOKEN_ID, decimals: 2 },
  SigRSV: { tokenId: SIGRSV_TOKEN_ID, decimals: 0 },
};

export interface ExchangeQuote {
  plan: ExchangePlan;
  jayFee: bigint;
  /** nanoERG the user pays (buying) or receives (selling), miner fee excluded. */
  total: bigint;
}

/** TokenJay's fee for a base value (see JAY_FEE_PER_TEN_THOUSAND for the assumption). */
function jayFeeFor(base: bigint): bigint {
  const magnitude = base < 0n ? -base : base;
  const fee = (magnitude * JAY_FEE_PER_TEN_THOUSAND) / 10_000n;
  return fee > SAFE_MIN_BOX_VALUE ? fee : SAFE_MIN_BOX_VALUE;
}

/** Plans an exchange and refuses it with 400/409 when it cannot happen. */
export function quoteExchange(view: BankView, coin: AgeUsdCoin, amount: bigint): ExchangeQuote {
  if (amount === 0n) badRequest('amount must not be 0 (positive buys, negative sells)');
  const plan = planExchange(view.bank, coin, amount);
  if (plan.refusal) conflict(`The SigmaUSD bank refuses to exchange ${amount} raw ${coin}: ${plan.refusal}`);
  const jayFee = jayFeeFor(plan.base);
  if (amount > 0n) return { plan, jayFee, total: plan.base + plan.bankFee + jayFee };
  const payout = -plan.reserveDelta;
  if (payout < SAFE_MIN_BOX_VALUE || payout - jayFee <= 0n) {
    conflict(`Selling ${-amount} raw ${coin} pays ${payout} nanoERG, too little to cover the fees and a box`);
  }
  return { plan, jayFee, total: payout - jayFee };
}

/** The quote in the vendor's AgeUsdExchangeInfo shape. */
export function exchangeInfo(quote: ExchangeQuote): Record<string, number | string> {
  const { plan, jayFee, total } = quote;
  const coin = COINS[plan.coin];
  const units = formatUnits(plan.amount < 0n ? -plan.amount : plan.amount, coin.decimals);
  const value = plan.base < 0n ? -plan.base : plan.base;
  const buying = plan.amount > 0n;
  return {
    ergAmount: jsonInt(value),
    ergAmountDescription: `${buying ? 'Buying' : 'Selling'} ${units} ${plan.coin} at ${plan.price} nanoERG per raw unit: ${formatErg(value)}`,
    bankFeeAmount: jsonInt(plan.bankFee),
    bankFeeDescription: `SigmaUSD bank fee (2 %), ${buying ? 'added to' : 'taken from'} the amount: ${formatErg(plan.bankFee)}`,
    jayFeeAmount: jsonInt(jayFee),
    jayFeeDescription: `TokenJay fee (0.25 %, at least 0.001 ERG): ${formatErg(jayFee)}`,
    exchangeRate: jsonInt(plan.price),
    totalAmount: jsonInt(total),
  };
}

export interface ExchangeOrder {
  coin: AgeUsdCoin;
  amount: bigint;
  payer: ErgoAddress;
  checkRate: bigint;
  minerFee: bigint;
}

/** The ErgoPay answer for an exchange: bank box in, new bank box, receipt, TokenJay fee, change out. */
export function exchangeTransaction(state: ChainState, view: BankView, order: ExchangeOrder, now: number): ErgoPayResponse {
  const quote = quoteExchange(view, order.coin, order.amount);
  const { plan } = quote;
  if (order.checkRate !== 0n && order.checkRate !== plan.price) {
    conflict(`The ${order.coin} rate moved from ${order.checkRate} to ${plan.price} nanoERG per raw unit; ask for a new quote`);
  }
  const minerFee = order.minerFee === 0n ? RECOMMENDED_MIN_FEE_VALUE : order.minerFee;
  if (minerFee < 1_000_000n) badRequest(`executionFee must be 0 or at least 1000000 nanoERG (got "${order.minerFee}")`);
  const coinTokenId = COINS[order.coin].tokenId;
  const payer = order.payer.encode();
  const bankTokens = view.bankBox.assets.map((asset) => ({
    tokenId: asset.tokenId,
    amount: asset.tokenId === coinTokenId ? BigInt(asset.amount) - order.amount : BigInt(asset.amount),
  }));
  if (bankTokens[2]?.tokenId !== SIGMAUSD_BANK_NFT_ID) throw new Error('the bank box does not hold its NFT third');
  const bankOut = new OutputBuilder(plan.after.reserve, view.bankBox.ergoTree)
    .addTokens(bankTokens)
    .setAdditionalRegisters({ R4: SLong(plan.after.scCirc).toHex(), R5: SLong(plan.after.rcCirc).toHex() });
  const receipt = new OutputBuilder(order.amount > 0n ? SAFE_MIN_BOX_VALUE : -plan.reserveDelta, order.payer).setAdditionalRegisters({
    R4: SLong(order.amount).toHex(),
    R5: SLong(plan.reserveDelta).toHex(),
  });
  if (order.amount > 0n) receipt.addTokens({ tokenId: coinTokenId, amount: order.amount });
  const builder = new TransactionBuilder(heightAt(now))
    .from(view.bankBox, { ensureInclusion: true })
    .and.from(spendableBoxesOf(state, order.payer))
    .withDataFrom(view.oracleBox)
    .to([bankOut, receipt, new OutputBuilder(quote.jayFee, TOKENJAY_FEE_WALLET.address)])
    .sendChangeTo(order.payer)
    .payFee(minerFee);
  const verb = order.amount > 0n ? 'Buy' : 'Sell';
  const units = formatUnits(order.amount > 0n ? order.amount : -order.amount, COINS[order.coin].decimals);
  const total = formatErg(quote.total);
  const message = `${verb} ${units} ${order.coin} at the SigmaUSD bank: you ${order.amount > 0n ? 'pay' : 'receive'} ${total} (fees included), plus the miner fee.`;
  return ergoPayAnswer(buildOrConflict(builder, payer), payer, message);
}
