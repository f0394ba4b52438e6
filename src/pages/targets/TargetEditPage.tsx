// /targets/edit-samplesize: set a survey's target by hand, or save what the calculator worked out
// (carried in the router's state): the whole, the dates, what counts, and the split across the
// workspace's location groups. The server checks every rule again (server/services/targets.ts).
import { Badge, Box, Button, Card, Heading, HStack, Input, RadioGroup, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalculator } from 'react-icons/lu';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { TARGET_MAX, TARGETS_API, type Calculation, type SaveTargetBody } from '../../../schemas/targets';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { ChooseFirst } from '../../components/ChooseFirst';
import { FormField, Options, SelectControl } from '../../components/FormField';
import { firstProblemText } from '../../i18n';
import { session } from '../../state/session';
import { draftOf } from './draft';
import { useLocationGroups } from './SampleSizeCalculatorPage';
import { TARGETS_QUERY } from './TargetsPage';

const whole = (s: string) => (/^\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);

export default function TargetEditPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const snap = useSnapshot(session);
  const projectId = snap.currentProjectId;
  const draft = draftOf(location.state);
  const surveyId = params.get('surveyId') ?? '';

  const surveys = useQuery({
    queryKey: [TARGETS_QUERY, projectId, false, 'all'],
    enabled: !!projectId,
    queryFn: () => call(TARGETS_API.getTargets, { query: { ProjectId: projectId!, PageSize: 100 } }),
  });
  const groups = useLocationGroups(snap.currentWorkspaceId);
  const current = surveys.data?.targets.find((s) => s.surveyId === surveyId);

  const [total, setTotal] = useState('');
  const [startDate, setStartDate] = useState('');
  const [deadline, setDeadline] = useState('');
  const [approvedOnly, setApprovedOnly] = useState(false);
  const [strata, setStrata] = useState<Record<string, string>>({});
  const [populations, setPopulations] = useState<Record<string, number | null>>({});
  const [calculation, setCalculation] = useState<Calculation | null>(null);
  const [tried, setTried] = useState(false);

  // The form starts from the calculator's figures, else from the survey's target (or its goal).
  useEffect(() => {
    if (!surveys.data) return;
    if (!surveyId && surveys.data.targets[0]) {
      setParams({ surveyId: surveys.data.targets[0].surveyId }, { replace: true, state: location.state });
      return;
    }
    const row = surveys.data.targets.find((s) => s.surveyId === surveyId);
    if (!row) return;
    setStartDate(row.startDate ?? '');
    setDeadline(row.deadline ?? '');
    setApprovedOnly(row.approvedOnly);
    if (draft) {
      setTotal(String(draft.total));
      setCalculation(draft.calculation);
      setStrata(Object.fromEntries(draft.strata.map((s) => [s.locationGroupId, String(s.target)])));
      setPopulations(Object.fromEntries(draft.strata.map((s) => [s.locationGroupId, s.population])));
    } else {
      setTotal(String(row.total));
      setCalculation(row.calculation);
      setStrata(Object.fromEntries(row.strata.map((s) => [s.locationGroupId, String(s.target)])));
      setPopulations(Object.fromEntries(row.strata.map((s) => [s.locationGroupId, s.population])));
    }
    // The draft is read once per survey chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [surveys.data, surveyId]);

  const save = useMutation({
    mutationFn: (body: SaveTargetBody) => call(TARGETS_API.save, { body }),
    onSuccess: () => {
      notify('success', t('targets.saved'));
      void qc.invalidateQueries({ queryKey: [TARGETS_QUERY] });
      void navigate('/targets');
    },
    onError: (e) => notify('error', e instanceof ApiError ? firstProblemText(e) : t('targets.failed')),
  });

  if (!projectId) return <ChooseFirst what="project" />;
  if (!surveys.data) return <Skeleton h="60" maxW="4xl" borderRadius="xl" />;
  if (surveys.data.targets.length === 0)
    return (
      <Text color="gray.600" data-testid="target-no-surveys">
        {t('targets.empty')}
      </Text>
    );

  const n = new Intl.NumberFormat(i18n.language);
  const totalValue = whole(total);
  const totalError = !(totalValue >= 1 && totalValue <= TARGET_MAX)
    ? t('targets.form.totalInvalid', { max: n.format(TARGET_MAX) })
    : undefined;
  const chosen = Object.entries(strata).filter(([, v]) => v.trim() !== '');
  const strataValues = chosen.map(([id, v]) => ({ id, value: whole(v) }));
  const badStratum = strataValues.some((s) => !(s.value >= 0 && s.value <= TARGET_MAX));
  const strataSum = strataValues.reduce((a, s) => a + (Number.isNaN(s.value) ? 0 : s.value), 0);
  const overTotal = !totalError && strataSum > totalValue;
  const dateError = startDate && deadline && deadline < startDate ? t('targets.form.deadlineBeforeStart') : undefined;
  const invalid = !!totalError || badStratum || overTotal || !!dateError;

  const submit = () => {
    setTried(true);
    if (invalid) return;
    save.mutate({
      surveyId,
      total: totalValue,
      startDate: startDate || null,
      deadline: deadline || null,
      approvedOnly,
      calculation,
      strata: strataValues.map((s) => ({ locationGroupId: s.id, target: s.value, population: populations[s.id] ?? null })),
    });
  };

  return (
    <Stack gap="6" maxW="4xl" data-testid="target-edit">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('targets.form.title')}
        </Heading>
        <Text color="gray.600">{t('targets.form.intro')}</Text>
      </Stack>
      {calculation && (
        <Badge colorPalette="blue" alignSelf="start" whiteSpace="normal" data-testid="target-from-calculator">
          {t('targets.form.fromCalculator', {
            confidence: calculation.confidence,
            margin: n.format(calculation.marginOfError),
          })}
        </Badge>
      )}
      <Card.Root>
        <Card.Body>
          <Stack gap="5">
            <FormField label={t('targets.form.survey')} required>
              <SelectControl
                value={surveyId}
                // The calculator's figures stay with the form whichever survey they are for.
                onChange={(v) => setParams({ surveyId: v }, { replace: true, state: location.state })}
                testId="target-survey"
              >
                <Options items={surveys.data.targets.map((s) => ({ value: s.surveyId, label: s.surveyName }))} />
              </SelectControl>
            </FormField>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
              <FormField
                label={t('targets.form.total')}
                helper={current && !current.id ? t('targets.form.goalHint', { goal: n.format(current.total) }) : undefined}
                error={tried || total !== '' ? totalError : undefined}
                required
              >
                <Input inputMode="numeric" value={total} onChange={(e) => setTotal(e.currentTarget.value)} data-testid="target-total" />
              </FormField>
              <FormField label={t('targets.form.startDate')}>
                <Input type="date" value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} data-testid="target-start" />
              </FormField>
              <FormField label={t('targets.form.deadline')} error={dateError}>
                <Input type="date" value={deadline} onChange={(e) => setDeadline(e.currentTarget.value)} data-testid="target-deadline" />
              </FormField>
            </SimpleGrid>
            <RadioGroup.Root
              value={approvedOnly ? 'approved' : 'all'}
              onValueChange={(d) => setApprovedOnly(d.value === 'approved')}
              aria-label={t('targets.form.counting')}
            >
              <Text fontWeight="medium" mb="2">
                {t('targets.form.counting')}
              </Text>
              <HStack gap="6" wrap="wrap">
                {(['all', 'approved'] as const).map((v) => (
                  <RadioGroup.Item key={v} value={v} data-testid={`target-count-${v}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(`targets.form.count.${v}`)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
          </Stack>
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading as="h2" size="lg">
              {t('targets.byGroup')}
            </Heading>
            <Text color="gray.600">{t('targets.form.strataHint')}</Text>
            {groups.data?.length === 0 && <Text color="gray.600">{t('sampleSize.noGroups')}</Text>}
            {groups.data?.map((g) => (
              <SimpleGrid key={g.id} columns={{ base: 1, sm: 2 }} gap="3" alignItems="center">
                <label htmlFor={`stratum-${g.id}`}>
                  <bdi>{g.name}</bdi>
                </label>
                <Input
                  id={`stratum-${g.id}`}
                  inputMode="numeric"
                  value={strata[g.id] ?? ''}
                  placeholder={t('targets.form.noShare')}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setStrata((x) => ({ ...x, [g.id]: v }));
                  }}
                  data-testid="target-stratum-input"
                />
              </SimpleGrid>
            ))}
            <Text fontSize="sm" color={overTotal ? 'red.600' : 'gray.600'} data-testid="target-strata-sum">
              {t('targets.form.strataSum', { sum: n.format(strataSum), total: Number.isNaN(totalValue) ? '–' : n.format(totalValue) })}
            </Text>
            {overTotal && <Text color="red.600">{t('problems.targetStrataOverTotal')}</Text>}
            {badStratum && <Text color="red.600">{t('sampleSize.errors.notWhole')}</Text>}
          </Stack>
        </Card.Body>
      </Card.Root>

      <HStack gap="3" wrap="wrap">
        <Button colorPalette="brand" loading={save.isPending} onClick={submit} data-testid="target-save">
          {t('targets.form.save')}
        </Button>
        <Button variant="outline" onClick={() => void navigate('/targets/samplesizecalculator')}>
          <LuCalculator /> {t('sampleSize.title')}
        </Button>
        <Box flex="1" />
      </HStack>
    </Stack>
  );
}
