// /targets/samplesizecalculator: the sample a survey needs (engine/sampling), the formula with the
// figures put in, and its split across the workspace's location groups. 'Save as target' carries the
// result to the target form (/targets/edit-samplesize), which saves it.
import { Badge, Box, Button, Card, Checkbox, Heading, HStack, Input, RadioGroup, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { allocate, ALLOCATION_METHODS, type AllocationMethod } from '../../../engine/sampling/allocation';
import {
  CONFIDENCE_LEVELS,
  checkSampleInput,
  SAMPLE_DEFAULTS,
  SAMPLE_LIMITS,
  sampleSize,
  type ConfidenceLevel,
  type SampleField,
  type SampleInput,
  type SampleProblem,
} from '../../../engine/sampling/sampleSize';
import { TASKS_API } from '../../../schemas/tasks';
import { call } from '../../api/call';
import { ChooseFirst } from '../../components/ChooseFirst';
import { FormField, Options, SelectControl } from '../../components/FormField';
import { session } from '../../state/session';
import { toCalculatorDraft, type CalculatorDraft } from './draft';

const str = (n: number | null) => (n === null ? '' : String(n));
/** A typed figure; a comma is a decimal separator too (German, French). */
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace(',', '.')));

export function useLocationGroups(workspaceId: string | null) {
  return useQuery({
    queryKey: ['location-groups', workspaceId],
    enabled: !!workspaceId,
    queryFn: () => call(TASKS_API.getLocationGroups, { query: { workspaceId: workspaceId!, PageSize: 500 } }).then((d) => d.locationGroups),
  });
}

export default function SampleSizeCalculatorPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const [form, setForm] = useState({
    population: '',
    unknown: false,
    confidence: String(SAMPLE_DEFAULTS.confidence),
    marginOfError: str(SAMPLE_DEFAULTS.marginOfError),
    proportion: str(SAMPLE_DEFAULTS.proportion),
    designEffect: str(SAMPLE_DEFAULTS.designEffect),
    responseRate: str(SAMPLE_DEFAULTS.responseRate),
  });
  const [strata, setStrata] = useState<Record<string, { on: boolean; population: string }>>({});
  const [method, setMethod] = useState<AllocationMethod>('proportional');
  const groups = useLocationGroups(snap.currentWorkspaceId);

  const input: SampleInput = {
    population: form.unknown ? null : num(form.population),
    confidence: Number(form.confidence) as ConfidenceLevel,
    marginOfError: num(form.marginOfError),
    proportion: num(form.proportion),
    designEffect: num(form.designEffect),
    responseRate: num(form.responseRate),
  };
  const problems: SampleProblem[] = checkSampleInput(input);
  const result = problems.length ? null : sampleSize(input);

  const chosen = (groups.data ?? [])
    .filter((g) => strata[g.id]?.on)
    .map((g) => ({ id: g.id, name: g.name, population: strata[g.id]!.population.trim() ? num(strata[g.id]!.population) : null }));
  const badStratum = chosen.some((s) => s.population !== null && !(Number.isInteger(s.population) && s.population >= 1));
  const allocation = useMemo(
    () => (result && chosen.length && !badStratum ? allocate(result.required, chosen, method) : null),
    // The inputs are plain values recomputed each render; their text is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [result?.required, JSON.stringify(chosen), method, badStratum],
  );
  const shares = Array.isArray(allocation) ? new Map(allocation.map((a) => [a.id, a.sample])) : null;

  if (!snap.currentProjectId) return <ChooseFirst what="project" />;

  const fmt = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat(i18n.language);
  const errorOf = (field: SampleField) => {
    const p = problems.find((x) => x.field === field);
    if (!p) return undefined;
    const limits = field === 'confidence' ? undefined : SAMPLE_LIMITS[field];
    return t(`sampleSize.errors.${p.code}`, { min: limits ? fmt.format(limits.min) : '', max: limits ? fmt.format(limits.max) : '' });
  };
  const set = (k: keyof typeof form) => (e: { currentTarget: { value: string } }) => {
    // Read now: the event is gone by the time the update runs.
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
  };
  const numberField = (k: 'marginOfError' | 'proportion' | 'designEffect' | 'responseRate', unit?: string) => (
    <FormField label={t(`sampleSize.fields.${k}`)} helper={t(`sampleSize.hints.${k}`)} error={errorOf(k)} required>
      <HStack w="full">
        <Input inputMode="decimal" value={form[k]} onChange={set(k)} data-testid={`calc-${k}`} />
        {unit && <Text aria-hidden="true">{unit}</Text>}
      </HStack>
    </FormField>
  );

  const saveAsTarget = () => {
    if (!result) return;
    const draft: CalculatorDraft = toCalculatorDraft(
      input,
      result.required,
      method,
      shares ? chosen.map((s) => ({ ...s, sample: shares.get(s.id) ?? 0 })) : [],
    );
    void navigate('/targets/edit-samplesize', { state: { calculator: draft } });
  };

  const p = input.proportion / 100;
  const e = input.marginOfError / 100;
  return (
    <Stack gap="6" maxW="5xl" data-testid="sample-size-calculator">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('sampleSize.title')}
        </Heading>
        <Text color="gray.600">{t('sampleSize.intro')}</Text>
      </Stack>

      <Card.Root>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Stack gap="2">
              <FormField
                label={t('sampleSize.fields.population')}
                helper={t('sampleSize.hints.population')}
                error={errorOf('population')}
                required={!form.unknown}
                disabled={form.unknown}
              >
                <Input
                  inputMode="numeric"
                  value={form.unknown ? '' : form.population}
                  onChange={set('population')}
                  data-testid="calc-population"
                />
              </FormField>
              <Checkbox.Root
                checked={form.unknown}
                onCheckedChange={(d) => setForm((f) => ({ ...f, unknown: d.checked === true }))}
                data-testid="calc-unknown"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('sampleSize.fields.unknown')}</Checkbox.Label>
              </Checkbox.Root>
            </Stack>
            <FormField label={t('sampleSize.fields.confidence')} helper={t('sampleSize.hints.confidence')} required>
              <SelectControl value={form.confidence} onChange={(v) => setForm((f) => ({ ...f, confidence: v }))} testId="calc-confidence">
                <Options items={CONFIDENCE_LEVELS.map((c) => ({ value: c, label: `${fmt.format(c)} %` }))} />
              </SelectControl>
            </FormField>
            {numberField('marginOfError', '%')}
            {numberField('proportion', '%')}
            {numberField('designEffect')}
            {numberField('responseRate', '%')}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>

      {result ? (
        <Card.Root data-testid="calc-result">
          <Card.Body>
            <Stack gap="5">
              <Heading as="h2" size="lg">
                {t('sampleSize.result')}
              </Heading>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
                <Stat.Root>
                  <Stat.Label>{t('sampleSize.withFpc')}</Stat.Label>
                  <Stat.ValueText data-testid="calc-with-fpc">
                    {result.withFpc === null ? t('sampleSize.noPopulation') : whole.format(result.withFpc)}
                  </Stat.ValueText>
                </Stat.Root>
                <Stat.Root>
                  <Stat.Label>{t('sampleSize.withoutFpc')}</Stat.Label>
                  <Stat.ValueText data-testid="calc-without-fpc">{whole.format(result.withoutFpc)}</Stat.ValueText>
                </Stat.Root>
                <Stat.Root>
                  <Stat.Label>{t('sampleSize.required')}</Stat.Label>
                  <Stat.ValueText data-testid="calc-required" color="brand.700">
                    {whole.format(result.required)}
                  </Stat.ValueText>
                </Stat.Root>
                <Stat.Root>
                  <Stat.Label>{t('sampleSize.toContact')}</Stat.Label>
                  <Stat.ValueText data-testid="calc-to-contact">{whole.format(result.toContact)}</Stat.ValueText>
                </Stat.Root>
              </SimpleGrid>
              {result.census && (
                <Badge colorPalette="orange" alignSelf="start" whiteSpace="normal" data-testid="calc-census">
                  {t('sampleSize.census')}
                </Badge>
              )}
              <Stack gap="3" data-testid="calc-formula">
                <Heading as="h3" size="md">
                  {t('sampleSize.formula')}
                </Heading>
                <FormulaLine label={t('sampleSize.steps.n0')}>
                  n₀ = z² × p × (1 − p) / e² = {fmt.format(result.z)}² × {fmt.format(p)} × {fmt.format(1 - p)} / {fmt.format(e)}² ={' '}
                  {fmt.format(result.n0)}
                </FormulaLine>
                {result.nFinite !== null && input.population !== null && (
                  <FormulaLine label={t('sampleSize.steps.fpc')}>
                    n = n₀ / (1 + (n₀ − 1) / N) = {fmt.format(result.n0)} / (1 + {fmt.format(result.n0 - 1)} /{' '}
                    {whole.format(input.population)}) = {fmt.format(result.nFinite)}
                  </FormulaLine>
                )}
                {input.designEffect !== 1 && (
                  <FormulaLine label={t('sampleSize.steps.designEffect')}>
                    n × deff = {fmt.format(result.nFinite ?? result.n0)} × {fmt.format(input.designEffect)} = {fmt.format(result.nDesign)}
                  </FormulaLine>
                )}
                <FormulaLine label={t('sampleSize.steps.roundUp')}>
                  ⌈{fmt.format(result.nDesign)}⌉ = {whole.format(result.required)}
                </FormulaLine>
                {input.responseRate !== 100 && (
                  <FormulaLine label={t('sampleSize.steps.responseRate')}>
                    {whole.format(result.required)} / {fmt.format(input.responseRate / 100)} → {whole.format(result.toContact)}
                  </FormulaLine>
                )}
                <Text fontSize="sm" color="gray.600">
                  {t('sampleSize.legend', { z: fmt.format(result.z), confidence: input.confidence })}
                </Text>
              </Stack>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : (
        <Text color="gray.600" data-testid="calc-incomplete">
          {t('sampleSize.incomplete')}
        </Text>
      )}

      <Card.Root data-testid="calc-strata">
        <Card.Body>
          <Stack gap="4">
            <Heading as="h2" size="lg">
              {t('sampleSize.strata')}
            </Heading>
            <Text color="gray.600">{t('sampleSize.strataHint')}</Text>
            <RadioGroup.Root
              value={method}
              onValueChange={(d) => setMethod(d.value as AllocationMethod)}
              aria-label={t('sampleSize.method')}
            >
              <HStack gap="6" wrap="wrap">
                {ALLOCATION_METHODS.map((m) => (
                  <RadioGroup.Item key={m} value={m} data-testid={`calc-method-${m}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(`sampleSize.methods.${m}`)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            {groups.data?.length === 0 && <Text color="gray.600">{t('sampleSize.noGroups')}</Text>}
            <Stack gap="3">
              {groups.data?.map((g) => {
                const s = strata[g.id] ?? { on: false, population: '' };
                return (
                  <SimpleGrid key={g.id} columns={{ base: 1, sm: 3 }} gap="3" alignItems="center" data-testid="calc-stratum">
                    <Checkbox.Root
                      checked={s.on}
                      onCheckedChange={(d) => setStrata((x) => ({ ...x, [g.id]: { ...s, on: d.checked === true } }))}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        <bdi>{g.name}</bdi>
                      </Checkbox.Label>
                    </Checkbox.Root>
                    <Input
                      inputMode="numeric"
                      aria-label={t('sampleSize.stratumPopulation', { name: g.name })}
                      placeholder={t('sampleSize.populationPlaceholder')}
                      value={s.population}
                      disabled={!s.on}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setStrata((x) => ({ ...x, [g.id]: { ...s, population: v } }));
                      }}
                      data-testid="calc-stratum-population"
                    />
                    <Text fontWeight="medium" data-testid="calc-stratum-sample">
                      {s.on && shares
                        ? t('sampleSize.share', { count: shares.get(g.id) ?? 0, n: whole.format(shares.get(g.id) ?? 0) })
                        : ''}
                    </Text>
                  </SimpleGrid>
                );
              })}
            </Stack>
            {badStratum && <Text color="red.600">{t('sampleSize.errors.notWhole')}</Text>}
            {allocation && !Array.isArray(allocation) && allocation.code === 'populationMissing' && (
              <Text color="red.600" data-testid="calc-population-missing">
                {t('sampleSize.populationMissing')}
              </Text>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Box>
        <Button colorPalette="brand" disabled={!result} onClick={saveAsTarget} data-testid="calc-save">
          {t('sampleSize.saveAsTarget')}
        </Button>
      </Box>
    </Stack>
  );
}

function FormulaLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      {/* A formula reads left to right in every language. */}
      <Box
        as="code"
        dir="ltr"
        fontFamily="mono"
        fontSize="sm"
        bg="gray.50"
        px="3"
        py="2"
        borderRadius="md"
        overflowX="auto"
        whiteSpace="pre-wrap"
      >
        {children}
      </Box>
    </Stack>
  );
}
