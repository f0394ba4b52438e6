// What the two card forms share (CardForm.tsx's sandbox form, StripeCardForm.tsx): their props, the
// form element with its error line and buttons, the waiting line, the error text of a failed call.
import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { problemText } from '../../i18n';

export interface CardFormProps {
  organizationId: string;
  /** Registration or payment token on /auth/payment; the session otherwise. */
  token?: string | null | undefined;
  onDone: (last4: string) => void;
  onCancel?: (() => void) | undefined;
}

export function CardFormWaiting() {
  const { t } = useTranslation();
  return (
    <HStack gap="3" py="4" role="status" data-testid="card-form-loading">
      <Spinner size="sm" />
      <Text>{t('billing.card.loading')}</Text>
    </HStack>
  );
}

/** What both forms share: the form element, the error line and the buttons. */
export function CardFormFrame({
  onSubmit,
  busy,
  error,
  onCancel,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  error: string | null;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} data-testid="card-form" noValidate>
      <Stack gap="4">
        {children}
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

/** The provider's message for a card or validation error, else the spec's fallback. */
export function cardError(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.kind === 'http' ? problemText(err) : fallback;
}
