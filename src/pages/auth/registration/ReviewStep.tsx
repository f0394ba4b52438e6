// Registration step 2, 'Review and confirm plan'. With annual billing the total per year is 12 times
// the annual per-month price. 'Start your free trial' starts the plan's one-month trial.
import { Box, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { PAYMENT_API } from '../../../../schemas/payment';
import { accountApi } from '../../../api/account';
import { call } from '../../../api/call';
import { ApiError } from '../../../api/client';
import { notify } from '../../../app/toaster';
import { planDisplayName, pricePerMonth } from '../../../components/PlanCard';
import { problemText } from '../../../i18n';
import { clearRegistration, registration } from '../../../state/registration';

export function ReviewStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reg = useSnapshot(registration);
  const [busy, setBusy] = useState(false);
  const plans = useQuery({ queryKey: ['packets'], queryFn: accountApi.getPackets, staleTime: 60_000 });
  const plan = plans.data?.find((p) => p.id === reg.planId);
  if (!plan) return null;
  const perMonth = pricePerMonth(plan, reg.yearly);

  async function start() {
    setBusy(true);
    try {
      await call(
        PAYMENT_API.createSubscription,
        { body: { organizationId: registration.organizationId ?? '', packetId: plan!.id, isMonthlySubscription: !registration.yearly } },
        { headers: registration.registrationToken ? { authorization: `Bearer ${registration.registrationToken}` } : {}, noRefresh: true },
      );
      clearRegistration();
      void navigate('/auth/freeTrial/successful', { state: { fromApp: true } });
    } catch (err) {
      if (err instanceof ApiError) notify('error', problemText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="5">
      <Box bg="white" borderWidth="1px" borderRadius="xl" p="5">
        <Stack gap="3">
          <HStack justify="space-between">
            <Text color="gray.600">{t('plans.plan')}</Text>
            <Text fontWeight="semibold" data-testid="review-plan">
              {t(planDisplayName(plan))} ({plan.name})
            </Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="gray.600">{t('plans.billing')}</Text>
            <Text>{reg.yearly ? t('plans.billedAnnually') : t('plans.billedMonthly')}</Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="gray.600">{t('plans.pricePerMonth')}</Text>
            <Text>${perMonth}</Text>
          </HStack>
          <Separator />
          {reg.yearly && (
            <HStack justify="space-between">
              <Text fontWeight="semibold">{t('plans.totalPerYear')}</Text>
              <Text fontWeight="bold" fontSize="xl" data-testid="review-total">
                ${perMonth * 12}
              </Text>
            </HStack>
          )}
          <Text fontSize="sm" color="green.700">
            {t('plans.trialNotice')}
          </Text>
        </Stack>
      </Box>
      <HStack justify="space-between">
        <Button variant="ghost" onClick={onBack}>
          {t('auth.register.backToPlans')}
        </Button>
        <Button colorPalette="brand" onClick={() => void start()} disabled={busy} data-testid="start-trial">
          {busy ? t('common.processing') : t('auth.register.startTrial')}
        </Button>
      </HStack>
    </Stack>
  );
}
