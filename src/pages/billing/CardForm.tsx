// The card form of 'Add payment method'. The server says which provider is active
// (/Payment/getPaymentConfig): the sandbox form (Stripe's test numbers) on the embedded provider, the
// default; Stripe Elements (StripeCardForm, its own chunk, loaded only then) when the server has Stripe's
// keys.
import { Field, HStack, Input, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentConfig } from '../../../schemas/payment';
import { billingApi } from './api';
import { CardFormFrame, CardFormWaiting, cardError, type CardFormProps } from './CardFormFrame';

export type { CardFormProps };

const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** Stripe Elements only when the server runs Stripe and gave its publishable key; the sandbox form otherwise. */
export const stripeKeyOf = (config: PaymentConfig | undefined): string | null =>
  config?.provider === 'stripe' && config.publishableKey ? config.publishableKey : null;

export function CardForm(props: CardFormProps) {
  const config = useQuery({ queryKey: ['payment-config'], queryFn: billingApi.config, staleTime: Infinity });
  if (config.isPending) return <CardFormWaiting />;
  const key = stripeKeyOf(config.data);
  if (!key) return <SandboxCardForm {...props} />;
  return (
    <Suspense fallback={<CardFormWaiting />}>
      <StripeCardForm {...props} publishableKey={key} />
    </Suspense>
  );
}

function SandboxCardForm({ organizationId, token, onDone, onCancel }: CardFormProps) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
    if (!m) {
      setError(t('billing.card.expiryInvalid'));
      return;
    }
    const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    setBusy(true);
    try {
      const pm = await billingApi.sandboxCard(
        organizationId,
        { number: number.replace(/\s/g, ''), expMonth: Number(m[1]), expYear: year, cvc },
        token,
      );
      const added = await billingApi.addPaymentMethod(organizationId, pm.paymentMethodId, token);
      onDone(added.last4);
    } catch (err) {
      setError(cardError(err, t('billing.card.unexpected')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardFormFrame onSubmit={(e) => void submit(e)} busy={busy} error={error} onCancel={onCancel}>
      <Text fontSize="sm" color="gray.600">
        {t('billing.card.sandboxHint')}
      </Text>
      <Field.Root required>
        <Field.Label>{t('billing.card.number')}</Field.Label>
        <Input
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          placeholder="4242 4242 4242 4242"
          dir="ltr"
          data-testid="card-number"
        />
      </Field.Root>
      <HStack gap="3" align="flex-start">
        <Field.Root required>
          <Field.Label>{t('billing.card.expiry')}</Field.Label>
          <Input
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={7}
            placeholder={t('billing.card.expiryPlaceholder')}
            dir="ltr"
            data-testid="card-expiry"
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('billing.card.cvc')}</Field.Label>
          <Input
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            placeholder="123"
            dir="ltr"
            data-testid="card-cvc"
          />
        </Field.Root>
      </HStack>
    </CardFormFrame>
  );
}
