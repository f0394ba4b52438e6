// /auth/payment (spec 000 sections 2, 4 and 8): reached from a sign-in refused for the subscription.
// Guarded: without the stored add-payment flag or organization id it goes to /auth/login. It shows the
// card form ('Add payment method') when no card is on file, then, unless a card was all that was
// missing, the plan selection and review, where 'Pay now' creates the subscription and activates it.
import { Box, Button, Heading, HStack, SegmentGroup, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { PlanCard, planDisplayName, pricePerMonth } from '../../components/PlanCard';
import { firstProblemText } from '../../i18n';
import { clearPayment, readPayment, storePayment } from '../../state/payment';
import { billingApi } from './api';
import { CardForm } from './CardForm';
import { PLAN_TO_REVIEW_DELAY_MS } from '../auth/registration/PlanStep';

export default function PaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState(readPayment);
  const [step, setStep] = useState<'plan' | 'review'>('plan');
  const [planId, setPlanId] = useState<number | null>(null);
  const [yearly, setYearly] = useState(true);
  const [busy, setBusy] = useState(false);
  const plans = useQuery({ queryKey: ['packets'], queryFn: accountApi.getPackets, staleTime: 60_000 });
  if (!state?.organizationId) return <Navigate to="/auth/login" replace />;
  const plan = plans.data?.find((p) => p.id === planId);

  function finished(message: string) {
    clearPayment();
    notify('success', message);
    void navigate('/auth/login', { replace: true });
  }

  async function payNow() {
    if (!plan || !state) return;
    setBusy(true);
    try {
      const created = await billingApi.createSubscription(state.organizationId, plan.id, !yearly, state.token);
      const activated = await billingApi.activate(state.organizationId, created.subscriptionId, state.token);
      finished(activated.message || t('billing.activated'));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'noDefaultPaymentMethod') {
        // 'Customer does not have a default payment method.' + ' Please add one to continue.', and the card form.
        notify('error', `${t('problems.noDefaultPaymentMethod')}${t('billing.addOneToContinue')}`);
        const next = { ...state, addPayment: true };
        storePayment(next);
        setState(next);
      } else notify('warning', firstProblemText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box bg="white" p={{ base: '5', md: '8' }} borderRadius="xl" borderWidth="1px" shadow="sm" data-testid="payment-page">
      {state.addPayment ? (
        <Stack gap="5">
          <Heading as="h1" size="xl">
            {t('billing.addPaymentMethod')}
          </Heading>
          <Text color="gray.600">{t('billing.paymentIntro')}</Text>
          <CardForm
            organizationId={state.organizationId}
            token={state.token}
            onDone={() => {
              if (state.notPaid) return finished(t('billing.paidSignIn'));
              const next = { ...state, addPayment: false };
              storePayment(next);
              setState(next);
            }}
          />
        </Stack>
      ) : step === 'plan' ? (
        <Stack gap="5">
          <Heading as="h1" size="xl">
            {t('auth.register.stepPlan')}
          </Heading>
          <SegmentGroup.Root
            value={yearly ? 'yearly' : 'monthly'}
            onValueChange={(d) => setYearly(d.value === 'yearly')}
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
              <PlanCard key={p.id} plan={p} yearly={yearly} selected={planId === p.id} onSelect={() => setPlanId(p.id)} />
            ))}
          </SimpleGrid>
          <HStack justify="flex-end">
            <Button
              colorPalette="brand"
              disabled={planId === null}
              onClick={() => setTimeout(() => setStep('review'), PLAN_TO_REVIEW_DELAY_MS)}
              data-testid="plan-continue"
            >
              {t('common.continue')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        plan && (
          <Stack gap="5">
            <Heading as="h1" size="xl">
              {t('auth.register.stepReview')}
            </Heading>
            <Box borderWidth="1px" borderRadius="xl" p="5">
              <Stack gap="3">
                <HStack justify="space-between">
                  <Text color="gray.600">{t('plans.plan')}</Text>
                  <Text fontWeight="semibold">
                    {t(planDisplayName(plan))} (<bdi>{plan.name}</bdi>)
                  </Text>
                </HStack>
                <HStack justify="space-between">
                  <Text color="gray.600">{t('plans.pricePerMonth')}</Text>
                  <Text>${pricePerMonth(plan, yearly)}</Text>
                </HStack>
                {yearly && (
                  <HStack justify="space-between">
                    <Text fontWeight="semibold">{t('plans.totalPerYear')}</Text>
                    <Text fontWeight="bold" data-testid="review-total">
                      ${pricePerMonth(plan, true) * 12}
                    </Text>
                  </HStack>
                )}
              </Stack>
            </Box>
            <HStack justify="space-between">
              <Button variant="ghost" onClick={() => setStep('plan')}>
                {t('auth.register.backToPlans')}
              </Button>
              <Button colorPalette="brand" onClick={() => void payNow()} disabled={busy} data-testid="pay-now">
                {busy ? t('common.processing') : t('billing.payNow')}
              </Button>
            </HStack>
          </Stack>
        )
      )}
    </Box>
  );
}
