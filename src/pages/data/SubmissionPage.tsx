// /survey/submission/{id}: one submission read-only in the fill page's renderer (StoredSubmission), who
// sent it, when, from which task, the survey version and the time it took, its location, the review
// (roles that edit data) and the audit trail beside it.
import { Box, Button, Card, Field, Grid, Heading, NativeSelect, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { DATA_REVIEW_ROLES } from '../../../schemas/submissions';
import { hasAnyRole } from '../../../schemas/roles';
import { ApiError } from '../../api/client';
import { toaster } from '../../app/toastStore';
import { PointsMap, type MapLine } from '../../components/map/index';
import { MessagePage } from '../../components/MessagePage';
import { session } from '../../state/session';
import { bindSurvey, lineProblem, parseLine, sheetTypeOf, textIn } from '../../../engine/survey/index';
import { StoredSubmission } from '../fill/StoredSubmission';
import { fileObjectUrl, reviewSubmission, useAudit, useSubmission, useSurveyModel, type AuditEntry } from './api';
import { ReviewBadge, durationText } from './format';

export default function SubmissionPage() {
  const id = useParams()['*'] ?? '';
  const { t } = useTranslation();
  const submission = useSubmission(id);
  const model = useSurveyModel(submission.data?.surveyId ?? null);
  if (submission.error instanceof ApiError && submission.error.status === 404) return <MessagePage title={t('surveyData.notFound')} />;
  const s = submission.data;
  if (!s || !model.data) return <Skeleton h="80" maxW="6xl" borderRadius="xl" />;
  return <Submission id={id} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Box>{children}</Box>
    </Stack>
  );
}

function Submission({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const snap = useSnapshot(session);
  const s = useSubmission(id).data!;
  const model = useSurveyModel(s.surveyId).data!;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const canReview = hasAnyRole(snap.roles, DATA_REVIEW_ROLES);
  // The renderer asks for a stored file by the key the answer holds.
  const fileUrl = useMemo(() => {
    const byKey = new Map(s.files.map((f) => [f.storageKey, f.id]));
    return async (stored: string) => {
      const fileId = byKey.get(stored);
      if (!fileId) throw new Error('file not found');
      return fileObjectUrl(fileId);
    };
  }, [s.files]);
  const located = s.latitude !== null && s.longitude !== null;
  // Where the device was when it sent, and every GPS, line and shape answer (repeats included), on one map.
  const { places, lines } = useMemo(() => {
    const b = bindSurvey(model);
    const out: { key: string; label: string; latitude: number; longitude: number }[] = [];
    const lines: (MapLine & { key: string; label: string })[] = [];
    if (s.latitude !== null && s.longitude !== null) out.push({ key: '_device', label: t('surveyData.col.location'), latitude: s.latitude, longitude: s.longitude });
    for (const a of s.answers) {
      const node = b.byId.get(a.questionId);
      const named = (node && node.kind === 'field' ? textIn(node.model.questionLabels, b.baseLanguageId, b.baseLanguageId) : null) ?? a.name;
      const label = a.answerDetail.repeatGroup ? `${named} (${a.answerDetail.repeatGroup})` : named;
      const key = `${a.questionId}|${a.answerDetail.repeatGroup ?? ''}`;
      const kind = node && node.kind === 'field' ? sheetTypeOf(node.model) : null;
      const text = a.answerDetail.text;
      if ((kind === 'geotrace' || kind === 'geoshape') && typeof text === 'string' && lineProblem(kind, text) === undefined) {
        lines.push({ key, label, points: parseLine(text) ?? [], closed: kind === 'geoshape' });
        continue;
      }
      const c = a.answerDetail.coords;
      if (!c || !Number.isFinite(c.latitude) || !Number.isFinite(c.longitude)) continue;
      out.push({ key, label, latitude: c.latitude, longitude: c.longitude });
    }
    return { places: out, lines };
  }, [model, s, t]);
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 22rem' }} gap="6" p={{ base: '3', md: '6' }} maxW="7xl" data-testid="submission-view">
      <Stack gap="5" minW="0">
        <Stack gap="1">
          <Text fontSize="sm" color="gray.600">
            <bdi>{s.surveyName}</bdi>
          </Text>
          <Heading size="xl">{t('surveyData.submissionTitle', { when: when.format(new Date(s.submittedAt)) })}</Heading>
        </Stack>
        <Card.Root>
          <Card.Body>
            <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)' }} gap="4">
              <Fact label={t('surveyData.col.collector')}>{s.submitterName ? <bdi>{s.submitterName}</bdi> : t('surveyData.anonymous')}</Fact>
              <Fact label={t('surveyData.col.submittedAt')}>{when.format(new Date(s.submittedAt))}</Fact>
              <Fact label={t('surveyData.col.duration')}>{durationText(s.durationSeconds, i18n.language) || '—'}</Fact>
              <Fact label={t('surveyData.version')}>{s.surveyVersion ?? s.filledVersion}</Fact>
              <Fact label={t('surveyData.task')}>{s.taskId ?? '—'}</Fact>
              <Fact label={t('surveyData.col.review')}>
                <ReviewBadge status={s.reviewStatus} />
              </Fact>
              <Fact label={t('surveyData.col.location')}>
                {located ? (
                  <Text data-testid="submission-coords" dir="ltr">
                    {s.latitude!.toFixed(6)}, {s.longitude!.toFixed(6)}
                  </Text>
                ) : (
                  '—'
                )}
              </Fact>
            </Grid>
            {places.length + lines.length > 0 && (
              <Stack gap="2" mt="4">
                <PointsMap points={places} lines={lines} label={t('surveyData.mapLabel')} height={220} testId="submission-map" />
                <Stack as="ul" gap="0.5" listStyleType="none" fontSize="sm" data-testid="submission-places">
                  {places.map((p) => (
                    <li key={p.key}>
                      <bdi>{p.label}</bdi>: <span dir="ltr">{p.latitude.toFixed(6)}, {p.longitude.toFixed(6)}</span>
                    </li>
                  ))}
                  {lines.map((l) => (
                    <li key={l.key}>
                      <bdi>{l.label}</bdi>: {t(l.closed ? 'surveyData.shapePoints' : 'surveyData.linePoints', { count: l.points.length - (l.closed ? 1 : 0) })}{' '}
                      <span dir="ltr">({l.points.map((p) => `${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`).join('; ')})</span>
                    </li>
                  ))}
                </Stack>
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        <Box borderWidth="1px" borderRadius="md" p={{ base: '2', md: '4' }} minW="0">
          <StoredSubmission survey={model} answers={s.answers} fileUrl={fileUrl} />
        </Box>
      </Stack>
      <Stack gap="5" minW="0">
        {canReview && <ReviewForm id={id} status={s.reviewStatus} comment={s.reviewComment ?? ''} />}
        <Trail id={id} />
      </Stack>
    </Grid>
  );
}

function ReviewForm({ id, status, comment }: { id: string; status: number; comment: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [next, setNext] = useState(status === 0 ? 1 : status);
  const [text, setText] = useState(comment);
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(comment), [comment]);
  const save = async () => {
    setBusy(true);
    try {
      await reviewSubmission({ id, status: next, comment: text });
      toaster.create({ type: 'success', title: t('surveyData.reviewSaved') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['submission', id] }),
        queryClient.invalidateQueries({ queryKey: ['submission-audit', id] }),
        queryClient.invalidateQueries({ queryKey: ['submissions'] }),
      ]);
    } catch (err) {
      toaster.create({ type: 'error', title: err instanceof ApiError ? err.message : t('surveyData.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root as="section" aria-labelledby="review-heading">
      <Card.Body>
        <Stack gap="3">
          <Heading size="md" id="review-heading">
            {t('surveyData.review')}
          </Heading>
          <Field.Root>
            <Field.Label>{t('surveyData.col.review')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={String(next)} onChange={(e) => setNext(Number(e.currentTarget.value))} data-testid="review-status">
                {[1, 2, 3].map((v) => (
                  <option key={v} value={v}>
                    {t(`surveyData.status.${v}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('surveyData.comment')}</Field.Label>
            <Textarea size="sm" maxLength={2000} value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="review-comment" />
          </Field.Root>
          <Button size="sm" onClick={() => void save()} loading={busy} data-testid="review-save">
            {t('surveyData.saveReview')}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function valueText(v: unknown, t: (k: string) => string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'object' && 'status' in (v as object)) return t(`surveyData.status.${(v as { status: number }).status}`);
  return String(v);
}

function Trail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const audit = useAudit(id);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const entries: AuditEntry[] = audit.data?.entries ?? [];
  return (
    <Card.Root as="section" aria-labelledby="trail-heading">
      <Card.Body>
        <Stack gap="3">
          <Heading size="md" id="trail-heading">
            {t('surveyData.trail')}
          </Heading>
          {entries.length === 0 && <Text color="gray.600">{t('surveyData.noChanges')}</Text>}
          <Stack as="ol" gap="3" listStyleType="none" data-testid="audit-trail">
            {entries.map((e) => (
              <Box as="li" key={e.id} borderStartWidth="3px" borderColor="brand.500" ps="3">
                <Text fontSize="sm" color="gray.600">
                  {when.format(new Date(e.at))} · <bdi>{e.userName}</bdi>
                </Text>
                <Text fontWeight="medium">{e.action === 'review' ? t('surveyData.reviewed') : <>{t('surveyData.corrected')} <bdi>{e.questionName}</bdi></>}</Text>
                <Text fontSize="sm">
                  <bdi>{valueText(e.oldValue, t)}</bdi> → <bdi>{valueText(e.newValue, t)}</bdi>
                </Text>
                {e.comment && (
                  <Text fontSize="sm" fontStyle="italic">
                    <bdi>{e.comment}</bdi>
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
