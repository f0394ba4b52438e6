// 'Delete or deactivate account' (spec 000 sections 4 "Organization membership", 5, 8): delete (1) or
// deactivate (2), a reason (required), free text when 'Other' is chosen, feedback (required). An
// Organization user acts on the whole organization (the dialog says so); others on their own membership.
// Deactivation signs out after 1 s; deletion signs out on success.
import { RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import {
  ACCOUNT_AREA_API as A,
  DEACTIVATE_REASONS,
  DELETE_REASONS,
  OTHER_DEACTIVATE_REASON,
  OTHER_DELETE_REASON,
} from '../../../schemas/accountArea';
import { call } from '../../api/call';
import { logout } from '../../app/shell/TopBar';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { DialogActions, FormField } from '../../components/FormField';
import { session } from '../../state/session';
import { LOGOUT_AFTER_MS } from './LoginInformationPage';

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const owner = snap.roles.includes('Organization');
  const [option, setOption] = useState<'1' | '2'>('2');
  const [reason, setReason] = useState('');
  const [custom, setCustom] = useState('');
  const [feedback, setFeedback] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const reasons = option === '1' ? DELETE_REASONS : DEACTIVATE_REASONS;
  const other = option === '1' ? OTHER_DELETE_REASON : OTHER_DEACTIVATE_REASON;
  const errors = {
    reason: tried && !reason,
    custom: tried && Number(reason) === other && !custom.trim(),
    feedback: tried && !feedback.trim(),
  };

  async function submit() {
    setTried(true);
    if (!reason || (Number(reason) === other && !custom.trim()) || !feedback.trim()) return;
    const body = {
      reason: Number(reason),
      feedback: feedback.trim(),
      ...(Number(reason) === other ? { customReason: custom.trim() } : {}),
    };
    setBusy(true);
    try {
      if (option === '2') {
        await call(A.deactivateAccount, { body });
        notify('success', t('profileInformation.delete.deactivated'));
        setTimeout(() => logout(navigate), LOGOUT_AFTER_MS);
      } else {
        if (owner) await call(A.permanentlyDeleteOrg, { body, query: { organizationId: snap.organizationId ?? '' } });
        else await call(A.permanentlyDeleteUser, { body, query: { userId: snap.user?.id ?? '' } });
        notify('success', t(owner ? 'profileInformation.delete.orgDeleted' : 'profileInformation.delete.userDeleted'));
        logout(navigate);
      }
    } catch {
      notify('error', t('profileInformation.delete.failed'));
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      testId="delete-account-dialog"
      title={t('profileInformation.delete.title')}
      scroll
      footer={
        <DialogActions
          onCancel={onClose}
          cancelText={t('common.cancel')}
          submitText={option === '1' ? t('profileInformation.delete.delete') : t('profileInformation.delete.deactivate')}
          onSubmit={() => void submit()}
          colorPalette="red"
          busy={busy}
          submitTestId="delete-account-submit"
        />
      }
    >
      <Stack gap="4">
        {owner && (
          <Text color="red.700" fontSize="sm" data-testid="delete-account-org-note">
            {t('profileInformation.delete.organizationWide')}
          </Text>
        )}
        <RadioGroup.Root
          value={option}
          onValueChange={(d) => {
            setOption(d.value as '1' | '2');
            setReason('');
          }}
          aria-label={t('profileInformation.delete.title')}
        >
          <Stack gap="2">
            {(['2', '1'] as const).map((o) => (
              <RadioGroup.Item key={o} value={o} data-testid={`delete-option-${o}`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {o === '1' ? t('profileInformation.delete.optionDelete') : t('profileInformation.delete.optionDeactivate')}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        <FormField
          label={t('profileInformation.delete.reason')}
          required
          error={errors.reason && t('profileInformation.delete.selectOption')}
        >
          <RadioGroup.Root
            value={reason}
            onValueChange={(d) => setReason(d.value ?? '')}
            aria-label={t('profileInformation.delete.reason')}
          >
            <Stack gap="2">
              {reasons.map((r) => (
                <RadioGroup.Item key={r} value={String(r)} data-testid={`delete-reason-${r}`}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    {t(`profileInformation.delete.${option === '1' ? 'deleteReasons' : 'deactivateReasons'}.${r}`)}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        </FormField>
        {Number(reason) === other && (
          <FormField
            label={t('profileInformation.delete.customReason')}
            required
            error={errors.custom && t('profileInformation.delete.typeSomething')}
          >
            <Textarea
              rows={2}
              maxLength={1000}
              dir="auto"
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              data-testid="delete-custom"
            />
          </FormField>
        )}
        <FormField
          label={t('profileInformation.delete.feedback')}
          required
          error={errors.feedback && t('profileInformation.delete.typeSomething')}
        >
          <Textarea
            rows={3}
            maxLength={2000}
            dir="auto"
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
            data-testid="delete-feedback"
          />
        </FormField>
      </Stack>
    </AppDialog>
  );
}
