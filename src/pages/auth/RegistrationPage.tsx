// /auth/registration: three steps (spec 000 sections 2 and 4).
import { Box, Circle, Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { registration } from '../../state/registration';
import { AccountStep } from './registration/AccountStep';
import { PlanStep } from './registration/PlanStep';
import { ReviewStep } from './registration/ReviewStep';

const titles = ['auth.register.stepAccount', 'auth.register.stepPlan', 'auth.register.stepReview'] as const;

/**
 * Where the user is among the three steps. The steps only show progress (they cannot be clicked), so an
 * ordered list with the current step marked (aria-current) rather than Chakra's Steps, a tablist whose
 * aria-owns names tab triggers we would not render. Each step says its number and title to a screen
 * reader, also on phones where only the numbers show.
 */
function Progress({ step }: { step: number }) {
  const { t } = useTranslation();
  return (
    <HStack as="ol" aria-label={t('a11y.registrationSteps')} gap="2" mb="6" listStyleType="none" data-testid="registration-steps">
      {titles.map((k, i) => {
        const state = i < step ? 'done' : i === step ? 'current' : 'todo';
        return (
          <Flex
            as="li"
            key={k}
            flex={i < titles.length - 1 ? '1' : undefined}
            minW="0"
            align="center"
            gap="2"
            aria-current={state === 'current' ? 'step' : undefined}
            aria-label={t('a11y.stepOf', { step: i + 1, count: titles.length, title: t(k) })}
          >
            <Circle
              size="7"
              fontSize="sm"
              fontWeight="semibold"
              bg={state === 'todo' ? 'white' : 'brand.solid'}
              color={state === 'todo' ? 'gray.700' : 'white'}
              borderWidth="2px"
              borderColor={state === 'todo' ? 'gray.400' : 'brand.solid'}
              aria-hidden="true"
            >
              {state === 'done' ? <LuCheck /> : i + 1}
            </Circle>
            <Text
              fontSize="sm"
              fontWeight={state === 'current' ? 'semibold' : 'normal'}
              display={{ base: 'none', md: 'block' }}
              aria-hidden="true"
              lineHeight="short"
              minW="0"
            >
              {t(k)}
            </Text>
            {i < titles.length - 1 ? (
              <Box flex="1" h="2px" bg={state === 'done' ? 'brand.solid' : 'gray.300'} minW="4" aria-hidden="true" />
            ) : null}
          </Flex>
        );
      })}
    </HStack>
  );
}

export default function RegistrationPage() {
  const { t } = useTranslation();
  const reg = useSnapshot(registration);
  const go = (step: 0 | 1 | 2) => {
    registration.step = step;
  };
  return (
    <Box bg="white" p={{ base: '5', md: '8' }} borderRadius="xl" borderWidth="1px" shadow="sm">
      <Progress step={reg.step} />
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
