// /auth/registration: three steps (spec 000 sections 2 and 4).
import { Box, Heading, Stack, Steps, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { registration } from '../../state/registration';
import { AccountStep } from './registration/AccountStep';
import { PlanStep } from './registration/PlanStep';
import { ReviewStep } from './registration/ReviewStep';

const titles = ['auth.register.stepAccount', 'auth.register.stepPlan', 'auth.register.stepReview'] as const;

export default function RegistrationPage() {
  const { t } = useTranslation();
  const reg = useSnapshot(registration);
  const go = (step: 0 | 1 | 2) => {
    registration.step = step;
  };
  return (
    <Box bg="white" p={{ base: '5', md: '8' }} borderRadius="xl" borderWidth="1px" shadow="sm">
      <Steps.Root step={reg.step} count={3} size="sm" colorPalette="brand" mb="6">
        {/* The steps only show progress (they are not clickable), so a list with the current step marked,
            not Ark's tablist, whose aria-owns names triggers we do not render. */}
        <Steps.List role="list" aria-owns={undefined} aria-label={t('a11y.registrationSteps')}>
          {titles.map((k, i) => (
            <Steps.Item key={k} index={i} role="listitem" aria-label={t('a11y.stepOf', { step: i + 1, count: titles.length, title: t(k) })}>
              <Steps.Indicator />
              <Steps.Title display={{ base: 'none', md: 'block' }}>{t(k)}</Steps.Title>
              <Steps.Separator />
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
      <Stack gap="1" mb="6">
        <Heading as="h1" size="xl" data-testid="registration-title">
          {t(titles[reg.step])}
        </Heading>
        {reg.step === 0 && <Text color="gray.600">{t('auth.register.subtitle')}</Text>}
      </Stack>
      {reg.step === 0 && <AccountStep onDone={() => go(1)} />}
      {reg.step === 1 && <PlanStep onBack={() => go(0)} onNext={() => go(2)} />}
      {reg.step === 2 && <ReviewStep onBack={() => go(1)} />}
    </Box>
  );
}
