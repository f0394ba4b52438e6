// The card form of 'Add payment method': the sandbox form (Stripe's test numbers) on the embedded
// provider. With Stripe configured the card is taken by Stripe Elements instead (StripeCardForm).
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { translateMessage } from '../../i18n';
import { billingApi } from './api';

export interface CardFormProps {
  organizationId: string;
  /** Registration or payment token on /auth/payment; the session otherwise. */
  token?: string | null | undefined;
  onDone: (last4: string) => void;
  onCancel?: (() => void) | undefined;
}

export function CardForm({ organizationId, token, onDone, onCancel }: CardFormProps) {
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
      const pm = await billingApi.sandboxCard(organizationId, { number: number.replace(/\s/g, ''), expMonth: Number(m[1]), expYear: year, cvc }, token);
      const added = await billingApi.addPaymentMethod(organizationId, pm.paymentMethodId, token);
      onDone(added.last4);
    } catch (err) {
      // The provider's message for a card or validation error, else the spec's fallback.
      setError(err instanceof ApiError && err.kind === 'http' ? translateMessage(err.message) : t('billing.card.unexpected'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="card-form" noValidate>
      <Stack gap="4">
        <Text fontSize="sm" color="gray.600">
          {t('billing.card.sandboxHint')}
        </Text>
        <Field.Root required>
          <Field.Label>{t('billing.card.number')}</Field.Label>
          <Input value={number} onChange={(e) => setNumber(e.target.value)} inputMode="numeric" autoComplete="cc-number" maxLength={23} placeholder="4242 4242 4242 4242" dir="ltr" data-testid="card-number" />
        </Field.Root>
        <HStack gap="3" align="flex-start">
          <Field.Root required>
            <Field.Label>{t('billing.card.expiry')}</Field.Label>
            <Input value={expiry} onChange={(e) => setExpiry(e.target.value)} inputMode="numeric" autoComplete="cc-exp" maxLength={7} placeholder={t('billing.card.expiryPlaceholder')} dir="ltr" data-testid="card-expiry" />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t('billing.card.cvc')}</Field.Label>
            <Input value={cvc} onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))} inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="123" dir="ltr" data-testid="card-cvc" />
          </Field.Root>
        </HStack>
        {error && (
          <Text color="red.600" fontSize="sm" role="alert" data-testid="card-error">
            {error}
          </Text>
        )}
        <HStack justify="flex-end" gap="3">
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" colorPalette="brand" disabled={busy} data-testid="card-save">
            {busy ? t('common.processing') : t('billing.card.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
