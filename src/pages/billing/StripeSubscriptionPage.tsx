// /subscription/stripe (spec 000 section 2): creates a subscription, shows a card form and a success
// notice. It serves the same stored payment state as /auth/payment (the organization and its owner's
// payment token) and the plan being registered (or the first plan); without them it goes to login.
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { firstProblemText } from '../../i18n';
import { clearPayment, readPayment } from '../../state/payment';
import { registration } from '../../state/registration';
import { billingApi } from './api';
import { CardForm } from './CardForm';

export default function StripeSubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state] = useState(readPayment);
  const [done, setDone] = useState(false);
  const plans = useQuery({ queryKey: ['packets'], queryFn: accountApi.getPackets, staleTime: 60_000 });
  if (!state?.organizationId) return <Navigate to="/auth/login" replace />;

  async function subscribe() {
    if (!state) return;
    const packetId = registration.planId ?? plans.data?.[0]?.id;
    if (!packetId) return;
    try {
      // The standalone page leaves the billing interval to the server (annual).
      const created = await billingApi.createSubscription(state.organizationId, packetId, undefined, state.token);
      await billingApi.activate(state.organizationId, created.subscriptionId, state.token);
      clearPayment();
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError) notify('warning', firstProblemText(err));
    }
  }

  return (
    <Box bg="white" p={{ base: '5', md: '8' }} borderRadius="xl" borderWidth="1px" shadow="sm" data-testid="stripe-subscription-page">
      {done ? (
        <Stack gap="4" align="flex-start">
          <Heading as="h1" size="xl">
            {t('auth.trial.title')}
          </Heading>
          <Text>{t('billing.activated')}</Text>
          <Button colorPalette="brand" onClick={() => void navigate('/auth/login')}>
            {t('auth.success.signIn')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="5">
          <Heading as="h1" size="xl">
            {t('billing.addPaymentMethod')}
          </Heading>
          <CardForm organizationId={state.organizationId} token={state.token} onDone={() => void subscribe()} />
        </Stack>
      )}
    </Box>
  );
}
