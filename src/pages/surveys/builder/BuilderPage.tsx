// /survey/builder/{surveyId}: the drag-and-drop builder. Outline and palette, the generated
// property panel, and the live preview by the fill page's renderer; save with the version the edits
// started from, publish, undo and redo, and a prompt before leaving unsaved work.
import { Box, Button, Grid, Heading, HStack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useParams, useSearchParams } from 'react-router';
import { locate, SURVEY_STATUS, walkItems, type EditProblem, type PublishProblem } from '../../../../engine/survey/index';
import { ApiError } from '../../../api/client';
import { notify } from '../../../app/toaster';
import { PageSpinner } from '../../../components/PageSpinner';
import { diagnose } from '../../../../engine/expression/index';
import { ensureParser } from '../../../expression/syntax';
import { useExpressionsReady } from '../../../expression/useExpressionsReady';
import { LeaveDialog } from '../../fill/dialogs';
import { useLeavePrompt } from '../../fill/useLeavePrompt';
import { builderKey, isStale, loadSurvey, problemsOf, publishSurvey, saveSurvey, useBuilderSurvey, type Loaded } from './api';
import { BuilderToolbar } from './BuilderToolbar';
import { ProblemsDialog, StaleDialog } from './dialogs';
import { MediaChangedContext, MediaDialog } from './MediaDialog';
import { baseLanguageOf } from './labels';
import { OutlineDnd } from './OutlineDnd';
import type { NewEntry } from './treeRows';
import { Palette } from './Palette';
import { PropertyPanel } from './panel/PropertyPanel';
import { Preview } from './Preview';
import { TranslationEditor } from './translate/TranslationEditor';
import { useBuilder } from './useBuilder';
import { useUndoShortcuts } from './useShortcuts';

export default function BuilderPage() {
  const { surveyId = '' } = useParams();
  const { t } = useTranslation();
  const query = useBuilderSurvey(surveyId);
  const ready = useExpressionsReady(true, undefined);
  // The parser builds its grammar on first use (~50 ms, several times that under load): built while the
  // survey is on its way, not in the frame that binds the survey's 2,000 expressions.
  useEffect(() => {
    ensureParser().then(
      () => diagnose('1'),
      () => undefined,
    );
  }, []);
  if (query.isPending || !ready) return <PageSpinner />;
  if (query.isError) {
    return (
      <Box p="6" role="alert" data-testid="builder-error">
        <Text color="red.600">
          {query.error instanceof ApiError && query.error.status === 404 ? t('builder.notFound') : t('common.somethingWrongLater')}
        </Text>
      </Box>
    );
  }
  return <Builder key={surveyId} surveyId={surveyId} initial={query.data} />;
}

function LeaveGuard({ dirty }: { dirty: { current: boolean } }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname);
  return <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

function Builder({ surveyId, initial }: { surveyId: string; initial: Loaded }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const b = useBuilder(initial);
  const [status, setStatus] = useState(initial.model.surveyStatusId);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [stale, setStale] = useState(false);
  const [problems, setProblems] = useState<PublishProblem[] | null>(null);
  const languageId = baseLanguageOf(b.model);
  const [mode, setMode] = useState<'build' | 'translate'>('build');
  const [translating, setTranslating] = useState<number | null>(null);
  const [previewLanguage, setPreviewLanguage] = useState<number | null>(null);
  const [media, setMedia] = useState(false);
  // The preview follows the language being translated; otherwise the one chosen above it, else the base.
  const shownLanguage =
    [mode === 'translate' ? translating : null, previewLanguage].find(
      (l) => l !== null && b.model.surveyLanguageMaps.some((x) => x.languageId === l),
    ) ?? languageId;
  useLeavePrompt(b.dirtyRef);
  useUndoShortcuts(b.undo, b.redo);

  // '?question=<name>' (the XLSForm import report links each row so): that question selected and in view.
  const [params] = useSearchParams();
  const asked = params.get('question');
  const [reveal, setReveal] = useState<string | null>(null);
  const { model, select } = b;
  useEffect(() => {
    if (!asked) return;
    for (const item of walkItems(model.surveyItems)) {
      if (item.surveyItem.name !== asked) continue;
      select(item.id);
      setReveal(item.id);
      return;
    }
    // Only when the link changes: edits to the survey must not move the selection back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  const onProblem = useCallback((p: EditProblem) => notify('error', p.message), []);
  const add = ({ type, sheetType }: NewEntry) => {
    // Where the selection is: into a selected section, after a selected question, else at the end.
    const sel = b.selectedId ? locate(b.model.surveyItems, b.selectedId) : undefined;
    const what = { op: 'add' as const, questionType: type, ...(sheetType ? { sheetType } : {}) };
    const op = !sel
      ? { ...what, parentId: null }
      : sel.item.itemLabel === 'Section'
        ? { ...what, parentId: sel.item.id }
        : { ...what, parentId: sel.parentId, index: sel.path[sel.path.length - 1]! + 1 };
    const problem = b.edit(op);
    if (problem) onProblem(problem);
  };

  const save = async (): Promise<boolean> => {
    setBusy('save');
    try {
      const saved = await saveSurvey(surveyId, b.payload());
      b.markSaved(saved);
      queryClient.setQueryData(builderKey(surveyId), saved);
      notify('success', t('builder.saved'));
      return true;
    } catch (err) {
      if (isStale(err)) setStale(true);
      else if (problemsOf(err)) setProblems(problemsOf(err));
      else notify('error', err instanceof ApiError ? err.joined : t('common.somethingWrongLater'));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    if (b.dirty && !(await save())) return;
    setBusy('publish');
    try {
      await publishSurvey(surveyId);
      setStatus(SURVEY_STATUS.Deployed);
      notify('success', t('builder.publish.done'));
    } catch (err) {
      const list = problemsOf(err);
      if (list) setProblems(list);
      else notify('error', err instanceof ApiError ? err.joined : t('common.somethingWrongLater'));
    } finally {
      setBusy(null);
    }
  };

  const reload = async () => {
    setStale(false);
    let fresh: Loaded;
    try {
      fresh = await loadSurvey(surveyId);
    } catch {
      return notify('error', t('common.somethingWrongLater'));
    }
    queryClient.setQueryData(builderKey(surveyId), fresh);
    b.reset(fresh);
    setStatus(fresh.model.surveyStatusId);
  };

  // Translations are saved text by text on the server: the builder's own edits are saved first, so the
  // survey the translator sees is the one the server has.
  const openTranslations = async () => {
    if (b.dirty && !(await save())) return;
    setMode('translate');
  };

  // An upload from the builder moved the survey's version (and maybe the CSV rows the preview reads),
  // not its questions: the edits stay, and the next save goes with the new version.
  const { versionMoved } = b;
  const mediaChanged = useCallback(() => {
    void loadSurvey(surveyId).then(
      (fresh) => {
        versionMoved(fresh.version);
        queryClient.setQueryData<Loaded>(builderKey(surveyId), (old) =>
          old ? { ...old, version: fresh.version, ...(fresh.attachments ? { attachments: fresh.attachments } : {}) } : old,
        );
      },
      () => undefined, // the next save says what is wrong
    );
  }, [versionMoved, queryClient, surveyId]);

  const preview = <Preview model={b.model} attachments={initial.attachments} languageId={shownLanguage} onLanguage={setPreviewLanguage} />;

  return (
    <MediaChangedContext.Provider value={mediaChanged}>
      <Box px={{ base: '2', md: '4' }} py="3" data-testid="builder-page">
        <HStack justify="space-between" flexWrap="wrap" gap="2" mb="3">
          <Heading as="h1" size="lg" minW="0" truncate>
            <bdi data-testid="builder-title">{b.model.name}</bdi>
          </Heading>
          <BuilderToolbar
            builder={b}
            status={status}
            busy={busy}
            onSave={() => void save()}
            onPublish={() => void publish()}
            onMedia={() => setMedia(true)}
            surveyId={surveyId}
          />
        </HStack>
        <HStack gap="1" mb="3" role="group" aria-label={t('surveyTranslations.modes')}>
          <Button
            size="sm"
            variant={mode === 'build' ? 'solid' : 'outline'}
            aria-pressed={mode === 'build'}
            onClick={() => setMode('build')}
            data-testid="builder-mode-build"
          >
            {t('surveyTranslations.modeBuild')}
          </Button>
          <Button
            size="sm"
            variant={mode === 'translate' ? 'solid' : 'outline'}
            aria-pressed={mode === 'translate'}
            onClick={() => void openTranslations()}
            disabled={busy !== null}
            data-testid="builder-mode-translate"
          >
            {t('surveyTranslations.modeTranslate')}
          </Button>
        </HStack>
        {mode === 'translate' ? (
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
            <Box borderWidth="1px" borderRadius="lg" bg="white" p="3" minW="0">
              <TranslationEditor builder={b} surveyId={surveyId} languageId={translating} onLanguage={setTranslating} />
            </Box>
            <Box borderWidth="1px" borderRadius="lg" bg="white" p="3" minW="0">
              {preview}
            </Box>
          </Grid>
        ) : (
          // Three columns only where each gets ~450 px (2xl); at 1024-1535 px (a laptop beside the app's
          // sidebar) the outline takes the left half and the panel sits above the preview on the right.
          <Grid
            templateColumns={{
              base: 'minmax(0, 1fr)',
              lg: 'minmax(0, 1fr) minmax(0, 1fr)',
              '2xl': 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.1fr)',
            }}
            templateAreas={{
              base: '"outline" "panel" "preview"',
              lg: '"outline panel" "outline preview"',
              '2xl': '"outline panel preview"',
            }}
            templateRows={{ lg: 'auto 1fr', '2xl': 'auto' }}
            gap="4"
            alignItems="start"
          >
            <Box gridArea="outline" borderWidth="1px" borderRadius="lg" bg="white" p="3" minW="0">
              <OutlineDnd builder={b} languageId={languageId} palette={<Palette onAdd={add} />} onProblem={onProblem} reveal={reveal} />
            </Box>
            <Box
              gridArea="panel"
              borderWidth="1px"
              borderRadius="lg"
              bg="white"
              p="3"
              minW="0"
              position={{ '2xl': 'sticky' }}
              top={{ '2xl': '2' }}
            >
              <PropertyPanel builder={b} languageId={languageId} onProblem={onProblem} />
            </Box>
            <Box gridArea="preview" borderWidth="1px" borderRadius="lg" bg="white" p="3" minW="0">
              {preview}
            </Box>
          </Grid>
        )}
        {media ? <MediaDialog surveyId={surveyId} open pick={null} onClose={() => setMedia(false)} /> : null}
        <StaleDialog open={stale} onReload={() => void reload()} onClose={() => setStale(false)} />
        <ProblemsDialog
          problems={problems}
          onClose={() => setProblems(null)}
          onJump={(id) => {
            setProblems(null);
            b.select(id);
            requestAnimationFrame(() => document.getElementById('prop-name-input')?.focus());
          }}
        />
        <LeaveGuard dirty={b.dirtyRef} />
      </Box>
    </MediaChangedContext.Provider>
  );
}
