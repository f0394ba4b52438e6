// Two notices the landing pages show: the payment-method reminder for an Organization owner without a
// payment method when 1, 3 or 15 days remain ('Your subscription is ending soon!'), and the
// 'Your account has been activated!' modal after a reactivation (spec 000 sections 2, 4 and 9).
import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { homePathFor } from '../../schemas/roles';
import { session } from '../state/session';
import { AppDialog } from './AppDialog';

export const REMINDER_DAYS = [1, 3, 15] as const;
const DAY = 86_400_000;

/** Days left before the subscription ends, counted in whole days, when a reminder is due. */
export function reminderDays(
  o: { roles: readonly { name: string }[]; paymentMethodId: string | null; subscriptionEndDate: string | null },
  now = Date.now(),
): number | null {
  if (!o.roles.some((r) => r.name === 'Organization') || o.paymentMethodId || !o.subscriptionEndDate) return null;
  const days = Math.ceil((new Date(o.subscriptionEndDate).getTime() - now) / DAY);
  return (REMINDER_DAYS as readonly number[]).includes(days) ? days : null;
}

function Notice(props: { open: boolean; title: string; body: string; testId: string; onClose: () => void; actions: React.ReactNode }) {
  return (
    <AppDialog open={props.open} onClose={props.onClose} testId={props.testId} title={props.title} footer={props.actions}>
      <Text>{props.body}</Text>
    </AppDialog>
  );
}

export function AccountNotices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const org = snap.organizations.find((o) => o.organizationId === snap.organizationId);
  const days = org ? reminderDays(org) : null;
  // Once per organization and day count in this tab: a reminder, not a nag on every page.
  const seenKey = `fs.reminder.${snap.organizationId ?? ''}.${days ?? ''}`;
  const [reminderOpen, setReminderOpen] = useState(
    () => days !== null && typeof sessionStorage !== 'undefined' && !sessionStorage.getItem(seenKey),
  );
  const closeReminder = () => {
    sessionStorage.setItem(seenKey, '1');
    setReminderOpen(false);
  };
  const closeActivated = () => {
    session.reactivatedAccount = false;
  };
  return (
    <>
      <Notice
        open={snap.reactivatedAccount}
        title={t('accountNotices.activatedTitle')}
        body={t('accountNotices.activatedBody')}
        testId="reactivated-modal"
        onClose={closeActivated}
        actions={
          <Button
            colorPalette="brand"
            onClick={() => {
              closeActivated();
              void navigate(homePathFor(snap.roles));
            }}
          >
            {t('accountNotices.activatedButton')}
          </Button>
        }
      />
      <Notice
        open={!snap.reactivatedAccount && reminderOpen && days !== null}
        title={t('accountNotices.subscriptionEndingTitle')}
        body={t('accountNotices.subscriptionEndingBody', { count: days ?? 0 })}
        testId="subscription-ending-modal"
        onClose={closeReminder}
        actions={
          <>
            <Button variant="outline" onClick={closeReminder}>
              {t('common.cancel')}
            </Button>
            <Button
              colorPalette="brand"
              onClick={() => {
                closeReminder();
                void navigate('/subscription-plans');
              }}
            >
              {t('accountNotices.addPaymentMethod')}
            </Button>
          </>
        }
      />
    </>
  );
}
