// The card form with Stripe configured: Stripe Elements (@stripe/react-stripe-js) takes the card in
// Stripe's own frame. Our server makes a SetupIntent for the organization's Stripe customer
// (/payment/stripe/createSetupIntent), Stripe.js confirms it with the card (stripe.confirmCardSetup, which
// shows the bank's 3-D Secure challenge when the bank asks for one), and our server takes the resulting
// card once it has read the SetupIntent back from Stripe (/Payment/addPaymentMethodToOrganization).
// Its own chunk, loaded only in Stripe mode; Stripe.js itself is fetched from js.stripe.com only when
// this form shows (the /pure entry does not load it on import).
//
// Stripe's servers cannot be reached from where this was built: tests/e2e/billing.stripe.test.ts checks
// the choice of this form and its failure path (Stripe.js refused), not a card taken by Stripe.
import { Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { billingApi } from './api';
import { CardFormFrame, CardFormWaiting, cardError, type CardFormProps } from './CardFormFrame';

/** One Stripe.js per key for the page's life; a failed load is forgotten, so the next try loads again. */
const loading = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let p = loading.get(key);
  if (!p) {
    p = loadStripe(key);
    loading.set(key, p);
    p.then(
      (s) => s ?? loading.delete(key),
      () => loading.delete(key),
    );
  }
  return p;
}

export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const { t } = useTranslation();
  const [stripe, setStripe] = useState<Stripe | 'loading' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setStripe('loading');
    stripeFor(props.publishableKey).then(
      (s) => live && setStripe(s ?? 'failed'),
      () => live && setStripe('failed'),
    );
    return () => {
      live = false;
    };
  }, [props.publishableKey, attempt]);

  if (stripe === 'loading') return <CardFormWaiting />;
  if (stripe === 'failed') {
    return (
      <Stack gap="4" data-testid="card-provider-unavailable">
        <Text role="alert" color="red.600">
          {t('billing.card.stripeUnavailable')}
        </Text>
        <HStack justify="flex-end" gap="3">
          {props.onCancel && (
            <Button variant="outline" onClick={props.onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button colorPalette="brand" onClick={() => setAttempt((n) => n + 1)} data-testid="card-provider-retry">
            {t('billing.card.tryAgain')}
          </Button>
        </HStack>
      </Stack>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeFields {...props} />
    </Elements>
  );
}

/**
 * Stripe.js's error codes (docs.stripe.com/error-codes) grouped into the messages the interface has in
 * every language: Stripe's own message is in the language Stripe.js was loaded with, not the page's.
 */
const SETUP_ERRORS: Record<string, SetupErrorKey> = {
  card_declined: 'declined',
  expired_card: 'expired',
  incorrect_cvc: 'cvc',
  invalid_cvc: 'cvc',
  incorrect_number: 'number',
  invalid_number: 'number',
  incomplete_number: 'incomplete',
  incomplete_cvc: 'incomplete',
  incomplete_expiry: 'incomplete',
  invalid_expiry_month: 'incomplete',
  invalid_expiry_year: 'incomplete',
  invalid_expiry_year_past: 'expired',
  setup_intent_authentication_failure: 'authentication',
  authentication_required: 'authentication',
  processing_error: 'processing',
};
type SetupErrorKey = 'declined' | 'expired' | 'cvc' | 'number' | 'incomplete' | 'authentication' | 'processing' | 'other';
const setupErrorKey = (error: { code?: string | undefined; type?: string } | undefined): SetupErrorKey =>
  (error?.code && SETUP_ERRORS[error.code]) || (error?.type === 'validation_error' ? 'incomplete' : 'other');

function StripeFields({ organizationId, token, onDone, onCancel }: CardFormProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setError(null);
    setBusy(true);
    try {
      const setup = await billingApi.createCardSetup(organizationId, token);
      const confirmed = await stripe.confirmCardSetup(setup.clientSecret, { payment_method: { card } });
      const pm = confirmed.setupIntent?.payment_method;
      const paymentMethodId = typeof pm === 'string' ? pm : pm?.id;
      if (confirmed.error || !paymentMethodId) setError(t(`billing.card.setupError.${setupErrorKey(confirmed.error)}`));
      else onDone((await billingApi.addPaymentMethod(organizationId, paymentMethodId, token, setup.setupIntentId)).last4);
    } catch (err) {
      setError(cardError(err, t('billing.card.unexpected')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardFormFrame onSubmit={(e) => void submit(e)} busy={busy || !stripe} error={error} onCancel={onCancel}>
      <Field.Root required>
        <Field.Label>{t('billing.card.title')}</Field.Label>
        <Stack borderWidth="1px" borderRadius="md" px="3" py="3" w="full" dir="ltr">
          <CardElement options={{ hidePostalCode: true }} />
        </Stack>
      </Field.Root>
    </CardFormFrame>
  );
}
