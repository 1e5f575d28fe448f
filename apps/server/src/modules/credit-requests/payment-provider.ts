import type { CreditPack } from '@medida/contracts';

/** A credit request as a payment driver sees it: who asks, how many credits, at what price. */
interface PayableRequest {
  id: number;
  credits: number;
  /** The pack's price; null for a free number of credits (the operator quotes it). */
  price: number | null;
  currency: string | null;
  note: string | null;
  requester: { nombre: string; apellido: string; email: string };
}

/**
 * How credits are paid for (decision 230). A driver is told of each new request and says who settles it: the
 * "manual invoice" driver leaves it to an operator, who invoices and grants in the console once paid; a checkout
 * driver (decision 230's design: Stripe or Mercado Pago) would answer a checkout link and settle from its signed
 * webhook, granting through the same decision as the console, once per request.
 */
export interface PaymentProvider {
  readonly kind: 'manual-invoice';
  /** Who grants a paid request: an operator in the console, or (a checkout driver) the provider's webhook. */
  readonly settledBy: 'operator' | 'webhook';
  /** A new request: what the operator is told to do, in one line of the operator's mail. */
  requested(request: PayableRequest): { price: string };
}

/** Today's flow: the operator sends an invoice for the pack's price, and grants the credits once it is paid. */
export function manualInvoiceProvider(): PaymentProvider {
  return {
    kind: 'manual-invoice',
    settledBy: 'operator',
    requested: (request) => ({
      price:
        request.price === null || request.currency === null
          ? 'to be quoted'
          : `${request.price} ${request.currency} (invoice)`,
    }),
  };
}

/** The pack whose credits a request asks for, if it is one (its price is then the pack's). */
export const packFor = (packs: readonly CreditPack[], credits: number) => packs.find((p) => p.credits === credits);
