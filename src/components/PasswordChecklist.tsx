// The live checklist of the new-password form. Informational: it shows, the server decides.
import { List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircle, LuCircleCheck } from 'react-icons/lu';
import { PASSWORD_SPECIALS, passwordChecklist } from '../../engine/validation/account';

export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const checks = passwordChecklist(password);
  return (
    <List.Root variant="plain" gap="1" fontSize="sm" data-testid="password-checklist">
      {(Object.keys(checks) as (keyof typeof checks)[]).map((k) => (
        <List.Item key={k} color={checks[k] ? 'green.700' : 'gray.600'} alignItems="center" data-ok={checks[k]}>
          <List.Indicator asChild>{checks[k] ? <LuCircleCheck /> : <LuCircle />}</List.Indicator>
          <Text as="span">{t(`auth.checklist.${k}`, { specials: PASSWORD_SPECIALS })}</Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
