// /payment-plans and /admin-payment-plans (only named by spec 000): the plans with their prices and
// limits for the roles the route admits, and, for SuperAdmin (the platform's administrators), a form
// to edit each plan. docs/decisions/0051-billing-rules.md.
import { Button, Card, Field, Heading, Input, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PAYMENT_API } from '../../../schemas/payment';
import { accountApi } from '../../api/account';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { planDisplayName, type Plan } from '../../components/PlanCard';
import { firstProblemText } from '../../i18n';
import { session } from '../../state/session';

type EditablePlan = Plan & { projectsLimit: number };
const LIMITS = ['workspaceLimit', 'membersLimit', 'databaseLimit', 'projectsLimit'] as const;

export default function PlansPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const canEdit = snap.roles.includes('SuperAdmin');
  const plans = useQuery({ queryKey: ['packets'], queryFn: accountApi.getPackets, staleTime: 60_000 });
  const [editing, setEditing] = useState<EditablePlan | null>(null);
  const limit = (n: number, unit = '') => (n === 0 ? t('billing.unlimited') : `${n}${unit}`);
  return (
    <Stack gap="6" minW="0" data-testid="plans-page">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('billing.plansTitle')}
        </Heading>
        <Text color="gray.600">{canEdit ? t('billing.plansIntroAdmin') : t('billing.plansIntro')}</Text>
      </Stack>
      <Card.Root minW="0" maxW="full">
        <Card.Body minW="0">
          {/* Positioned, so the visually hidden header stays inside the scrolling area instead of widening the page. */}
          {/* Focusable, so its scrolling reaches the keyboard at phone width (axe: scrollable-region-focusable). */}
          <Table.ScrollArea maxW="full" position="relative" tabIndex={0} role="region" aria-label={t('billing.plansTitle')}>
            <Table.Root size="sm" minW="760px">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('plans.plan')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('plans.billedMonthly')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('plans.billedAnnually')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('billing.limit.workspaceLimit')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('billing.limit.membersLimit')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('billing.limit.databaseLimit')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('billing.limit.projectsLimit')}</Table.ColumnHeader>
                  {canEdit && <Table.ColumnHeader srOnly>{t('billing.edit')}</Table.ColumnHeader>}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {(plans.data as EditablePlan[] | undefined)?.map((p) => (
                  <Table.Row key={p.id} data-testid="plan-row">
                    <Table.Cell>
                      <Text fontWeight="semibold">{t(planDisplayName(p))}</Text>
                      <Text fontSize="xs" color="gray.600">
                        <bdi>{p.name}</bdi>
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end">${p.monthlyPrice}</Table.Cell>
                    <Table.Cell textAlign="end">${p.annuallyPrice}</Table.Cell>
                    <Table.Cell textAlign="end">{limit(p.workspaceLimit)}</Table.Cell>
                    <Table.Cell textAlign="end">{limit(p.membersLimit)}</Table.Cell>
                    <Table.Cell textAlign="end">{limit(p.databaseLimit, ' GB')}</Table.Cell>
                    <Table.Cell textAlign="end">{limit(p.projectsLimit)}</Table.Cell>
                    {canEdit && (
                      <Table.Cell textAlign="end">
                        <Button size="xs" variant="outline" onClick={() => setEditing(p)} data-testid={`edit-plan-${p.id}`}>
                          {t('billing.edit')}
                        </Button>
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Text fontSize="sm" color="gray.600" mt="3">
            {t('billing.zeroUnlimited')}
          </Text>
        </Card.Body>
      </Card.Root>
      {editing && <EditPlanDialog plan={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function EditPlanDialog({ plan, onClose }: { plan: EditablePlan; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form, setForm] = useState({ ...plan, monthlyPrice: Number(plan.monthlyPrice), annuallyPrice: Number(plan.annuallyPrice) });
  const [busy, setBusy] = useState(false);
  const num = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value === '' ? 0 : Number(e.target.value) });
  async function save() {
    setBusy(true);
    try {
      const { id, name, description, monthlyPrice, annuallyPrice, workspaceLimit, membersLimit, databaseLimit, projectsLimit } = form;
      await call(PAYMENT_API.editPlan, {
        body: { id, name, description, monthlyPrice, annuallyPrice, workspaceLimit, membersLimit, databaseLimit, projectsLimit },
      });
      notify('success', t('billing.planSaved'));
      await qc.invalidateQueries({ queryKey: ['packets'] });
      onClose();
    } catch (err) {
      notify('error', err instanceof ApiError ? firstProblemText(err) : t('billing.somethingWrong'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <AppDialog
      open
      onClose={onClose}
      testId="edit-plan-dialog"
      title={t('billing.editPlan')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="brand" onClick={() => void save()} disabled={busy || !form.name.trim()} data-testid="plan-save">
            {busy ? t('common.processing') : t('billing.save')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Field.Root required>
          <Field.Label>{t('billing.planName')}</Field.Label>
          <Input value={form.name} maxLength={60} onChange={(e) => setForm({ ...form, name: e.target.value })} dir="auto" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('billing.planDescription')}</Field.Label>
          <Textarea
            value={form.description}
            maxLength={500}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
            dir="auto"
          />
        </Field.Root>
        <SimpleGrid columns={2} gap="3">
          <Field.Root>
            <Field.Label>{t('plans.billedMonthly')}</Field.Label>
            <Input type="number" min={0} step="0.01" value={form.monthlyPrice} onChange={num('monthlyPrice')} data-testid="plan-monthly" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('plans.billedAnnually')}</Field.Label>
            <Input type="number" min={0} step="0.01" value={form.annuallyPrice} onChange={num('annuallyPrice')} />
          </Field.Root>
          {LIMITS.map((k) => (
            <Field.Root key={k}>
              <Field.Label>{t(`billing.limit.${k}`)}</Field.Label>
              <Input type="number" min={0} step="1" value={form[k]} onChange={num(k)} data-testid={`plan-${k}`} />
            </Field.Root>
          ))}
        </SimpleGrid>
        <Text fontSize="sm" color="gray.600">
          {t('billing.zeroUnlimited')}
        </Text>
      </Stack>
    </AppDialog>
  );
}
