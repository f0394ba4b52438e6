// The 6-digit code pop-up used by sign-in, registration and password reset: six single-digit boxes,
// digits only, paste fills them, Backspace on an empty box moves back (spec 000 section 5).
import { Button, Dialog, Field, HStack, Link, PinInput, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const CODE_LENGTH = 6;

export function codeError(code: string): 'validation.codeDigits' | 'validation.codeLength' | null {
  if (/[^0-9]/.test(code)) return 'validation.codeDigits';
  if (code.length !== CODE_LENGTH) return 'validation.codeLength';
  return null;
}

export function CodeModal(props: {
  open: boolean;
  title: string;
  description?: ReactNode;
  submitLabel?: string;
  /** Reports its own failure (a toast): the modal only shows it is busy meanwhile. */
  onSubmit: (code: string) => Promise<void>;
  /** Reports its own failure, as onSubmit. */
  onResend?: () => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState<string[]>(Array(CODE_LENGTH).fill(''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const code = digits.join('');

  async function submit(value = code) {
    const err = codeError(value);
    if (err) {
      setError(t(err));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await props.onSubmit(value);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (resending || !props.onResend) return;
    setResending(true);
    try {
      await props.onResend();
    } finally {
      setResending(false);
    }
  }

  return (
    <Dialog.Root open={props.open} onOpenChange={(d) => !d.open && props.onClose()} placement="center" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid="code-modal">
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {props.description && <Text color="gray.600">{props.description}</Text>}
                <Field.Root invalid={!!error}>
                  <PinInput.Root
                    count={CODE_LENGTH}
                    otp
                    type="numeric"
                    value={digits}
                    onValueChange={(d) => {
                      setDigits(d.value);
                      setError(null);
                    }}
                    onValueInvalid={() => setError(t('validation.codeDigits'))}
                    onValueComplete={(d) => void submit(d.valueAsString)}
                    size={{ base: 'md', md: 'lg' }}
                    autoFocus
                  >
                    <PinInput.HiddenInput name="code" />
                    <PinInput.Control>
                      <HStack gap={{ base: '1', md: '2' }}>
                        {Array.from({ length: CODE_LENGTH }, (_, i) => (
                          <PinInput.Input key={i} index={i} aria-label={t('auth.code.digit', { n: i + 1 })} />
                        ))}
                      </HStack>
                    </PinInput.Control>
                  </PinInput.Root>
                  {error && <Field.ErrorText>{error}</Field.ErrorText>}
                </Field.Root>
                {props.children}
                {props.onResend && (
                  <Link as="button" fontSize="sm" color="brand.600" aria-disabled={resending} onClick={() => void resend()}>
                    {t('auth.code.resend')}
                  </Link>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="brand" loading={busy} loadingText={t('common.processing')} onClick={() => void submit()}>
                {props.submitLabel ?? t('auth.code.submit')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
