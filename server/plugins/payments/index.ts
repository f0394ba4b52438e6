// Which payment provider the server runs with. Today the sandbox; Stripe (when STRIPE_SECRET_KEY is set) joins here.
import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';

export async function paymentProviderFor(_config: Config): Promise<PaymentProvider> {
  return createSandboxProvider();
}
