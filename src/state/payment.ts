// /auth/payment's stored flags (spec 000 section 3 "Session data": add-payment flag, organization id):
// set by the sign-in that was refused for the subscription, read by the guarded payment page. The
// payment token is the server's short proof that the caller owns the organization (routes/payment.ts).
export interface PaymentState {
  organizationId: string;
  addPayment: boolean;
  /** The refusal the sign-in got: 'not paid' is fixed by a card alone; an ended subscription needs a new one. */
  notPaid: boolean;
  token: string | null;
}

const KEY = 'fs.payment';

export function readPayment(): PaymentState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PaymentState) : null;
  } catch {
    return null;
  }
}

export function storePayment(p: PaymentState): void {
  sessionStorage.setItem(KEY, JSON.stringify(p));
}

export function clearPayment(): void {
  sessionStorage.removeItem(KEY);
}
