// Which payment provider the server runs with: the sandbox unless Stripe's keys are set.
import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';

export async function paymentProviderFor(config: Config): Promise<PaymentProvider> {
  // Refuse rather than quietly bill nothing: a server given Stripe keys expects Stripe (issue 19 point 1 (ii), not built yet).
  if (config.stripe) throw new Error('STRIPE_SECRET_KEY is set, but the Stripe payment provider is not part of this build yet: unset the STRIPE_* settings to run on the sandbox provider.');
  return createSandboxProvider();
}
