// Which payment provider the server runs with: Stripe when its keys are set, else the sandbox.
import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';

export async function paymentProviderFor(config: Config): Promise<PaymentProvider> {
  if (config.stripe) {
    const { createStripeProvider } = await import('./stripe');
    return createStripeProvider(config.stripe);
  }
  return createSandboxProvider();
}
