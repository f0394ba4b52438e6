// Registration step 1, 'Select your plan': Continue stays disabled until a plan is chosen; billing
// toggles between annually (the default) and monthly; 400 ms pass before the review opens.
import { Button, HStack, SegmentGroup, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { accountApi } from '../../../api/account';
import { PlanCard } from '../../../components/PlanCard';
import { registration } from '../../../state/registration';

export const PLAN_TO_REVIEW_DELAY_MS = 400;

export function PlanStep({ onBack, onNext }: { onBack: () => void; onNext: () => void }) {
  const { t } = useTranslation();
  const reg = useSnapshot(registration);
  const plans = useQuery({ queryKey: ['packets'], queryFn: accountApi.getPackets, staleTime: 60_000 });
  return (
    <Stack gap="5">
      <SegmentGroup.Root
        value={reg.yearly ? 'yearly' : 'monthly'}
        onValueChange={(d) => {
          registration.yearly = d.value === 'yearly';
        }}
        alignSelf="flex-start"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: 'yearly', label: t('plans.billedAnnually') },
            { value: 'monthly', label: t('plans.billedMonthly') },
          ]}
        />
      </SegmentGroup.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {plans.isLoading && [1, 2, 3].map((i) => <Skeleton key={i} h="64" borderRadius="xl" />)}
        {plans.data?.map((p) => (
          <PlanCard key={p.id} plan={p} yearly={reg.yearly} selected={reg.planId === p.id} onSelect={() => (registration.planId = p.id)} />
        ))}
      </SimpleGrid>
      <HStack justify="space-between">
        <Button variant="ghost" onClick={onBack}>
          {t('auth.register.backToProfile')}
        </Button>
        <Button
          colorPalette="brand"
          disabled={reg.planId === null}
          onClick={() => setTimeout(onNext, PLAN_TO_REVIEW_DELAY_MS)}
          data-testid="plan-continue"
        >
          {t('common.continue')}
        </Button>
      </HStack>
    </Stack>
  );
}
