/**
 * Payment requests and how they move. TokenJay learns about a payment only when a wallet opens
 * the request's ErgoPay link and the transaction later shows up on chain; the sandbox plays the
 * payer's wallet itself, on a fixed timetable driven by the clock:
 *
 * - CREATED when added.
 * - With a `senderAddress`: 60 s after creation the payer opens the link. The sandbox builds the
 *   paying transaction from the sender's spendable boxes: WAITING (with `txId`), or INVALID when
 *   the sender cannot cover it. The spent boxes are reserved from then on.
 * - 180 s after creation a WAITING payment is confirmed: its transaction is applied to the
 *   simulated chain (the receiver gets a new box) and the request is EXECUTED; INVALID instead if
 *   its inputs were spent in the meantime.
 * - Without a `senderAddress` nobody in the sandbox pays: 30 minutes after creation the request
 *   expires (INVALID).
 *
 * Events are applied in time order whenever any request reaches the sandbox, so the outcome
 * depends only on the requests and the clock.
 */
import { ErgoAddress, OutputBuilder, TransactionBuilder } from '@fleet-sdk/core';
import { applyTransaction, inputsUnspent, spendableBoxesOf } from './chain.js';
import { heightAt } from './constants.js';
import type { ChainState, PaymentRecord } from './state.js';

export const PAYER_OPENS_AFTER_MS = 60_000;
export const PAYMENT_CONFIRMED_AFTER_MS = 180_000;
export const UNPAID_EXPIRES_AFTER_MS = 30 * 60_000;

type PaymentEvent = 'open' | 'confirm' | 'expire';

function nextEvent(payment: PaymentRecord): { at: number; kind: PaymentEvent } | undefined {
  if (payment.state === 'CREATED') {
    return payment.senderAddress
      ? { at: payment.createdAt + PAYER_OPENS_AFTER_MS, kind: 'open' }
      : { at: payment.createdAt + UNPAID_EXPIRES_AFTER_MS, kind: 'expire' };
  }
  if (payment.state === 'WAITING') return { at: payment.createdAt + PAYMENT_CONFIRMED_AFTER_MS, kind: 'confirm' };
  return undefined;
}

function invalidate(payment: PaymentRecord, at: number, reason: string): void {
  payment.state = 'INVALID';
  payment.reason = reason;
  payment.updatedAt = at;
}

function open(state: ChainState, payment: PaymentRecord, at: number): void {
  const sender = ErgoAddress.fromBase58(payment.senderAddress ?? '');
  const output = new OutputBuilder(BigInt(payment.nanoErg), payment.receiverAddress);
  if (payment.tokenId && payment.tokenRawAmount) output.addTokens({ tokenId: payment.tokenId, amount: BigInt(payment.tokenRawAmount) });
  try {
    const transaction = new TransactionBuilder(heightAt(at))
      .from(spendableBoxesOf(state, sender))
      .to(output)
      .sendChangeTo(sender)
      .payMinFee()
      .build();
    payment.state = 'WAITING';
    payment.txId = transaction.id;
    payment.transaction = transaction.toEIP12Object();
    payment.updatedAt = at;
  } catch (error) {
    invalidate(payment, at, `the sender could not pay: ${(error as Error).message}`);
  }
}

function confirm(state: ChainState, payment: PaymentRecord, at: number): void {
  const { transaction, txId } = payment;
  if (!transaction || !txId || !inputsUnspent(state, transaction)) {
    invalidate(payment, at, 'the paying transaction lost its inputs before it was confirmed');
    return;
  }
  applyTransaction(state, transaction, txId);
  payment.state = 'EXECUTED';
  payment.updatedAt = at;
}

/** Applies every payment event due by `now`, earliest first. */
export function advancePayments(state: ChainState, now: number): void {
  for (;;) {
    let due: { payment: PaymentRecord; at: number; kind: PaymentEvent } | undefined;
    for (const payment of state.payments) {
      const event = nextEvent(payment);
      if (event && event.at <= now && (!due || event.at < due.at)) due = { payment, ...event };
    }
    if (!due) return;
    if (due.kind === 'open') open(state, due.payment, due.at);
    else if (due.kind === 'confirm') confirm(state, due.payment, due.at);
    else invalidate(due.payment, due.at, 'nobody paid within 30 minutes');
  }
}
