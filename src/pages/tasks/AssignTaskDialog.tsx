// 'Assign task': a Deployed survey of the project to one or more of its data collectors,
// with a deadline, a location or location group, a collection round, a collection type, a note and a
// recurrence. Collectors whose location is the task's are listed first and marked suggested. The
// server enforces every rule again (server/services/tasks.ts).
import { Badge, Checkbox, Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOOKUPS_API } from '../../../schemas/lookups';
import {
  collectionTypeCodes,
  NOTE_MAX,
  recurrenceCodes,
  recurrences,
  TASKS_API,
  weekdayCodes,
  type CollectionType,
  type Recurrence,
  type Weekday,
} from '../../../schemas/tasks';
import { call } from '../../api/call';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { DialogActions, FormField, SelectControl } from '../../components/FormField';
import { SCREEN_QUERY } from '../../components/admin-screen/useScreenList';
import { taskFailureText, useDeployedSurveys } from './api';

const empty = {
  surveyId: '',
  locationId: '',
  locationGroupId: '',
  deadline: '',
  round: '1',
  collectionType: '1',
  note: '',
  recurrence: String(recurrences.NoRecurrence),
  everyXDays: '2',
  weekday: '',
  recurrenceEnd: '',
};

/** One select of the form, in the app's labelled frame. */
function Select({
  label,
  value,
  onChange,
  children,
  testId,
  required,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
  testId: string;
  required?: boolean;
  error?: string | false;
}) {
  return (
    <FormField label={label} required={required ?? false} error={error}>
      <SelectControl value={value} onChange={onChange} testId={testId}>
        {children}
      </SelectControl>
    </FormField>
  );
}

export function AssignTaskDialog({
  open,
  onClose,
  projectId,
  workspaceId,
}: {
  open: boolean;
  onClose: () => void;
  projectId: string;
  workspaceId: string | null;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [f, setF] = useState(empty);
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setF(empty);
      setChosen([]);
      setTried(false);
    }
  }, [open]);
  const set = (k: keyof typeof empty) => (v: string) => setF((x) => ({ ...x, [k]: v }));

  const surveys = useDeployedSurveys(projectId, open);
  const countries = useQuery({
    queryKey: ['countries'],
    enabled: open,
    staleTime: Infinity,
    queryFn: () => call(LOOKUPS_API.getAllCountries),
  });
  const groups = useQuery({
    queryKey: ['assign', 'groups', workspaceId],
    enabled: open && !!workspaceId,
    queryFn: () => call(TASKS_API.getLocationGroups, { query: { workspaceId: workspaceId!, PageSize: 500 } }),
  });
  const collectors = useQuery({
    queryKey: ['assign', 'collectors', projectId, f.locationId],
    enabled: open,
    queryFn: () =>
      call(TASKS_API.getDataCollectorsOfProject, {
        query: { ProjectId: projectId, PageSize: 500, ...(f.locationId ? { LocationId: Number(f.locationId) } : {}) },
      }),
  });

  const recurrence = Number(f.recurrence) as Recurrence; // the select offers only recurrenceCodes
  const missingSurvey = f.surveyId === '';
  const missingCollectors = chosen.length === 0;

  const submit = async () => {
    setTried(true);
    if (missingSurvey || missingCollectors) return;
    setBusy(true);
    try {
      await call(TASKS_API.createTask, {
        body: {
          surveyId: f.surveyId,
          dataCollectorIds: chosen,
          collectionType: Number(f.collectionType) as CollectionType, // the select offers only collectionTypeCodes
          collectionRound: Math.max(1, Number(f.round) || 1),
          note: f.note,
          recurrence,
          ...(f.deadline ? { tasksDeadline: new Date(f.deadline).toISOString() } : {}),
          ...(f.locationId ? { locationId: Number(f.locationId) } : {}),
          ...(f.locationGroupId ? { locationGroupId: f.locationGroupId } : {}),
          ...(recurrence === recurrences.EveryXDays ? { everyXDays: Math.max(1, Number(f.everyXDays) || 1) } : {}),
          ...((recurrence === recurrences.Weekly || recurrence === recurrences.Biweekly) && f.weekday !== ''
            ? { weekday: Number(f.weekday) as Weekday } // the select offers only weekdayCodes
            : {}),
          ...(recurrence !== recurrences.NoRecurrence && f.recurrenceEnd
            ? { recurrenceEnd: new Date(`${f.recurrenceEnd}T23:59:59`).toISOString() }
            : {}),
        },
      });
      notify('success', t('tasks.form.assigned'));
      await client.invalidateQueries({ queryKey: [SCREEN_QUERY] });
      onClose();
    } catch (e) {
      notify('error', taskFailureText(e, t('tasks.form.failed')));
    } finally {
      setBusy(false);
    }
  };

  const list = collectors.data?.dataCollectors ?? [];
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      testId="assign-dialog"
      title={t('tasks.form.title')}
      size="lg"
      scroll
      footer={
        <DialogActions
          onCancel={onClose}
          cancelText={t('tasks.form.cancel')}
          submitText={t('tasks.form.submit')}
          onSubmit={() => void submit()}
          busy={busy}
          submitTestId="assign-submit"
        />
      }
    >
      <Stack gap="4">
        <Select
          label={t('tasks.form.survey')}
          value={f.surveyId}
          onChange={set('surveyId')}
          testId="assign-survey"
          required
          error={tried && missingSurvey && t('tasks.form.surveyRequired')}
        >
          <option value="">{t('common.select')}</option>
          {(surveys.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
        <Text fontSize="sm" color="gray.600" mt="-2">
          {t('tasks.form.surveyHint')}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Select label={t('tasks.form.location')} value={f.locationId} onChange={set('locationId')} testId="assign-location">
            <option value="">{t('tasks.form.none')}</option>
            {(countries.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
          <Select label={t('tasks.form.locationGroup')} value={f.locationGroupId} onChange={set('locationGroupId')} testId="assign-group">
            <option value="">{t('tasks.form.none')}</option>
            {(groups.data?.locationGroups ?? []).map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </Select>
        </SimpleGrid>

        <Field.Root required invalid={tried && missingCollectors}>
          <Field.Label>
            {t('tasks.form.collectors')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Field.HelperText>{t('tasks.form.collectorsHint')}</Field.HelperText>
          {collectors.isSuccess && list.length === 0 ? (
            <Text color="gray.600">{t('tasks.form.noCollectors')}</Text>
          ) : (
            <Stack gap="2" maxH="48" overflowY="auto" w="full" borderWidth="1px" borderRadius="md" p="3" data-testid="assign-collectors">
              {list.map((c) => (
                <Checkbox.Root
                  key={c.memberId}
                  checked={chosen.includes(c.memberId)}
                  onCheckedChange={(e) => setChosen((xs) => (e.checked ? [...xs, c.memberId] : xs.filter((x) => x !== c.memberId)))}
                  data-testid="assign-collector"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    <bdi>{c.enumeratorName}</bdi>
                    {c.location && (
                      <Text as="span" color="gray.600" ms="2">
                        <bdi>{c.location}</bdi>
                      </Text>
                    )}
                    {c.suggested && (
                      <Badge ms="2" colorPalette="green" variant="subtle" data-testid="suggested">
                        {t('tasks.suggested.true')}
                      </Badge>
                    )}
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
          <Field.ErrorText>{t('tasks.form.collectorsRequired')}</Field.ErrorText>
        </Field.Root>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>{t('tasks.form.deadline')}</Field.Label>
            <Input
              type="datetime-local"
              value={f.deadline}
              onChange={(e) => set('deadline')(e.target.value)}
              data-testid="assign-deadline"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('tasks.form.round')}</Field.Label>
            <Input
              type="number"
              min={1}
              max={100000}
              value={f.round}
              onChange={(e) => set('round')(e.target.value)}
              data-testid="assign-round"
            />
          </Field.Root>
          <Select label={t('tasks.form.collectionType')} value={f.collectionType} onChange={set('collectionType')} testId="assign-type">
            {collectionTypeCodes.map((c) => (
              <option key={c} value={c}>
                {t(`tasks.collectionTypes.${c}`)}
              </option>
            ))}
          </Select>
          <Select label={t('tasks.form.recurrence')} value={f.recurrence} onChange={set('recurrence')} testId="assign-recurrence">
            {recurrenceCodes.map((c) => (
              <option key={c} value={c}>
                {t(`tasks.recurrence.${c}`)}
              </option>
            ))}
          </Select>
          {recurrence === recurrences.EveryXDays && (
            <Field.Root>
              <Field.Label>{t('tasks.form.everyXDays')}</Field.Label>
              <Input
                type="number"
                min={1}
                max={365}
                value={f.everyXDays}
                onChange={(e) => set('everyXDays')(e.target.value)}
                data-testid="assign-every"
              />
            </Field.Root>
          )}
          {(recurrence === recurrences.Weekly || recurrence === recurrences.Biweekly) && (
            <Select label={t('tasks.form.weekday')} value={f.weekday} onChange={set('weekday')} testId="assign-weekday">
              <option value="">{t('tasks.form.none')}</option>
              {weekdayCodes.map((d) => (
                <option key={d} value={d}>
                  {t(`tasks.weekdays.${d}`)}
                </option>
              ))}
            </Select>
          )}
          {recurrence !== recurrences.NoRecurrence && (
            <Field.Root>
              <Field.Label>{t('tasks.form.recurrenceEnd')}</Field.Label>
              <Input
                type="date"
                value={f.recurrenceEnd}
                onChange={(e) => set('recurrenceEnd')(e.target.value)}
                data-testid="assign-until"
              />
            </Field.Root>
          )}
        </SimpleGrid>
        <Field.Root>
          <Field.Label>{t('tasks.form.note')}</Field.Label>
          <Textarea
            value={f.note}
            maxLength={NOTE_MAX}
            rows={3}
            dir="auto"
            onChange={(e) => set('note')(e.target.value)}
            data-testid="assign-note"
          />
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}
