/** Handlers of the payment-request operations (the lifecycle itself is in payments.ts). */
import { SAFE_MIN_BOX_VALUE } from '@fleet-sdk/core';
import type { SandboxHandler } from '../sandbox-server.js';
import { type SandboxContext, withChain } from './context.js';
import { badRequest, conflict, notFound, requireAddress, requireHexId, requirePositive } from './errors.js';
import { ergoPayUrl } from './ergopay.js';
import { seededUuid } from './seeded.js';
import type { PaymentRecord } from './state.js';

interface CreatePaymentBody {
  nanoErg: number;
  receiverAddress: string;
  senderAddress?: string;
  message?: string;
  tokenId?: string;
  tokenRawAmount?: number;
}

function isOpen(payment: PaymentRecord): boolean {
  return payment.state === 'CREATED' || payment.state === 'WAITING';
}

/** The payment handlers, by operationId. */
export function paymentHandlers(context: SandboxContext): Record<string, SandboxHandler> {
  return {
    createPaymentRequest: (request) =>
      withChain(context, (state, now) => {
        const body = request.body as CreatePaymentBody;
        const nanoErg = requirePositive(body.nanoErg, 'nanoErg');
        if (nanoErg < SAFE_MIN_BOX_VALUE) badRequest(`nanoErg must be at least ${SAFE_MIN_BOX_VALUE} (got "${nanoErg}")`);
        const receiver = requireAddress(body.receiverAddress, 'receiverAddress').encode();
        const sender = body.senderAddress === undefined ? undefined : requireAddress(body.senderAddress, 'senderAddress').encode();
        if (sender === receiver) badRequest(`senderAddress and receiverAddress are the same address "${sender}"`);
        const tokenId = body.tokenId === undefined ? undefined : requireHexId(body.tokenId, 'tokenId');
        if ((tokenId === undefined) !== (body.tokenRawAmount === undefined))
          badRequest('tokenId and tokenRawAmount must be given together');
        const tokenRawAmount =
          body.tokenRawAmount === undefined ? undefined : requirePositive(body.tokenRawAmount, 'tokenRawAmount').toString();
        const twin = state.payments.find(
          (payment) =>
            isOpen(payment) &&
            payment.receiverAddress === receiver &&
            payment.senderAddress === sender &&
            payment.nanoErg === nanoErg.toString() &&
            payment.tokenId === tokenId &&
            payment.tokenRawAmount === tokenRawAmount,
        );
        if (twin) conflict(`An identical payment request ${twin.requestId} is still ${twin.state}`);
        const requestId = seededUuid(state.seed, `payment:${state.nextId}`);
        state.nextId += 1;
        state.payments.push({
          requestId,
          createdAt: now,
          nanoErg: nanoErg.toString(),
          receiverAddress: receiver,
          ...(sender ? { senderAddress: sender } : {}),
          ...(body.message ? { message: body.message } : {}),
          ...(tokenId ? { tokenId, tokenRawAmount } : {}),
          state: 'CREATED',
          updatedAt: now,
        });
        return { status: 200, body: { requestId, ergoPayUrl: ergoPayUrl(request, `/payment/ergopay/${requestId}/#P2PK_ADDRESS#`) } };
      }),
    paymentRequest: (request) =>
      withChain(context, (state) => {
        const requestId = String(request.params.path.requestId).toLowerCase();
        const payment = state.payments.find((candidate) => candidate.requestId === requestId);
        if (!payment) notFound(`No payment request has the id ${requestId}`);
        return {
          status: 200,
          body: { requestId, paymentRequestState: payment.state, ...(payment.txId ? { txId: payment.txId } : {}) },
        };
      }),
  };
}
