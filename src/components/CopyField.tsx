// A read-only value to copy (an address, a token or secret shown once), with its copy button: the
// clipboard when the page may use it, else the text selected for the user to copy.
import { Button, Field, Flex, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCopy } from 'react-icons/lu';
import { toaster } from '../app/toastStore';

export function CopyField({ id, label, value, testId }: { id: string; label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toaster.create({ type: 'success', title: t('surveyData.feed.copied') });
    } catch {
      // No clipboard (insecure page, refused): the text is selected for the user to copy.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Flex gap="2" w="full">
        <Input
          id={id}
          size="sm"
          readOnly
          value={value}
          dir="ltr"
          fontFamily="mono"
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId}
        />
        <Button size="sm" variant="outline" onClick={() => void copy()} aria-label={t('surveyData.feed.copy', { what: label })}>
          <LuCopy />
        </Button>
      </Flex>
    </Field.Root>
  );
}
