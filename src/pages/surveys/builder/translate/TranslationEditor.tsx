// The translation editor (spec 001 "Translation data"): the survey's languages with their status and
// how many texts each still lacks; a language added from the ~250 of the reference list; and, for the
// chosen language, every translatable text side by side with the base language's, saved as typed
// (500 ms of quiet). The renderer shows the base text wherever a translation is missing.
import { Badge, Box, Button, Checkbox, Grid, HStack, NativeSelect, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuUpload } from 'react-icons/lu';
import {
  directionOf,
  textFor,
  toTranslate,
  translatableTexts,
  untranslatedCount,
  type SurveyLanguage,
  type TranslatableText,
} from '../../../../../engine/survey/index';
import { TRANSLATE_STATUS } from '../../../../../schemas/surveyBuilder';
import { ApiError } from '../../../../api/client';
import { notify } from '../../../../app/toaster';
import type { Builder } from '../useBuilder';
import { addLanguage, exportSheet, importSheet, MAX_SHEET_BYTES, setTranslationStatus, useLanguages } from './api';
import { useLanguageName } from './languageName';
import { useTranslationSaver, type SaveState } from './useTranslationSaver';

const PAGE_SIZE = 50;

interface Props {
  builder: Builder;
  surveyId: string;
  languageId: number | null;
  onLanguage: (languageId: number | null) => void;
}

export function TranslationEditor({ builder, surveyId, languageId, onLanguage }: Props) {
  const { t } = useTranslation();
  const model = builder.model;
  const base = model.surveyLanguageMaps.find((l) => l.isBaseLanguage) ?? model.surveyLanguageMaps[0];
  const others = model.surveyLanguageMaps.filter((l) => l !== base);
  const texts = useMemo(() => toTranslate(translatableTexts(model), base?.languageId ?? 0), [model, base?.languageId]);
  const current = others.find((l) => l.languageId === languageId) ?? null;
  const languageName = useLanguageName();

  return (
    <Stack gap="4" data-testid="translation-editor" as="section" aria-labelledby="translations-title">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text as="h2" id="translations-title" fontWeight="semibold" fontSize="lg">
          {t('surveyTranslations.title')}
        </Text>
        <SheetButtons surveyId={surveyId} builder={builder} />
      </HStack>
      <Text fontSize="sm" color="gray.700">
        {t('surveyTranslations.intro', { base: base ? languageName(base) : '' })}
      </Text>
      <Stack gap="2" role="list" aria-label={t('surveyTranslations.languages')} data-testid="translation-languages">
        {others.length === 0 ? (
          <Text fontSize="sm" color="gray.600">
            {t('surveyTranslations.none')}
          </Text>
        ) : null}
        {others.map((l) => {
          const missing = untranslatedCount(texts, base?.languageId ?? 0, l.languageId);
          const chosen = l.languageId === languageId;
          return (
            <HStack
              key={l.languageId}
              role="listitem"
              gap="2"
              flexWrap="wrap"
              borderWidth="1px"
              borderColor={chosen ? 'brand.500' : 'gray.200'}
              bg={chosen ? 'brand.50' : 'white'}
              borderRadius="md"
              px="3"
              py="2"
              data-testid="translation-language"
              data-code={l.code}
            >
              <Button
                size="sm"
                variant={chosen ? 'solid' : 'outline'}
                aria-pressed={chosen}
                onClick={() => onLanguage(chosen ? null : l.languageId)}
                data-testid="translation-choose"
              >
                {languageName(l)}
              </Button>
              <Badge
                colorPalette={
                  l.translateStatus === TRANSLATE_STATUS.Translated
                    ? 'green'
                    : l.translateStatus === TRANSLATE_STATUS.Archived
                      ? 'gray'
                      : 'orange'
                }
                data-testid="translation-status-badge"
              >
                {t(`surveyTranslations.status.${l.translateStatus}`)}
              </Badge>
              <Text fontSize="sm" color={missing ? 'orange.700' : 'green.700'} data-testid="translation-missing">
                {missing ? t('surveyTranslations.missing', { count: missing }) : t('surveyTranslations.complete')}
              </Text>
            </HStack>
          );
        })}
      </Stack>
      <AddLanguage builder={builder} surveyId={surveyId} onAdded={onLanguage} />
      {current && base ? (
        <LanguageTexts key={current.languageId} builder={builder} surveyId={surveyId} language={current} base={base} texts={texts} />
      ) : null}
    </Stack>
  );
}

function AddLanguage({ builder, surveyId, onAdded }: { builder: Builder; surveyId: string; onAdded: (id: number) => void }) {
  const { t } = useTranslation();
  const languages = useLanguages();
  const languageName = useLanguageName();
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const taken = new Set(builder.model.surveyLanguageMaps.map((l) => l.languageId));
  const options = useMemo(
    () =>
      (languages.data ?? [])
        .filter((l) => !taken.has(l.id))
        .map((l) => ({ ...l, shown: languageName(l) }))
        .sort((a, b) => a.shown.localeCompare(b.shown)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [languages.data, builder.model.surveyLanguageMaps, languageName],
  );
  const add = async () => {
    const lang = options.find((l) => String(l.id) === choice);
    if (!lang) return;
    setBusy(true);
    try {
      const saved = await addLanguage(surveyId, lang.id);
      const entry: SurveyLanguage = {
        languageId: lang.id,
        name: lang.name,
        code: lang.code,
        isBaseLanguage: false,
        translateStatus: TRANSLATE_STATUS.InProgress,
      };
      builder.serverChanged((m) => ({ ...m, surveyLanguageMaps: [...m.surveyLanguageMaps, entry] }), saved.version);
      setChoice('');
      onAdded(lang.id);
    } catch (err) {
      notify('error', err instanceof ApiError ? err.joined : t('common.somethingWrongLater'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack gap="2" alignItems="flex-end" flexWrap="wrap">
      <Box flex="1" minW="12rem" maxW="24rem">
        <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
          <label htmlFor="translation-add-language">{t('surveyTranslations.addLanguage')}</label>
        </Text>
        <NativeSelect.Root size="sm" disabled={languages.isPending}>
          <NativeSelect.Field
            id="translation-add-language"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            data-testid="translation-add-select"
          >
            <option value="">{t('surveyTranslations.chooseLanguage')}</option>
            {options.map((l) => (
              <option key={l.id} value={l.id} data-code={l.code}>
                {l.shown}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      <Button size="sm" onClick={() => void add()} disabled={choice === ''} loading={busy} data-testid="translation-add">
        {t('surveyTranslations.add')}
      </Button>
    </HStack>
  );
}

function SaveStateText({ state, error, onRetry }: { state: SaveState; error: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" aria-live="polite" fontSize="sm" data-testid="translation-save-state" data-state={state}>
      {state === 'failed' ? (
        <>
          <Text color="red.600">{t('surveyTranslations.saveFailed', { message: error ?? '' })}</Text>
          <Button size="xs" variant="outline" onClick={onRetry}>
            {t('surveyTranslations.retry')}
          </Button>
        </>
      ) : (
        <Text color="gray.600">
          {state === 'pending' || state === 'saving'
            ? t('surveyTranslations.saving')
            : state === 'saved'
              ? t('surveyTranslations.saved')
              : ''}
        </Text>
      )}
    </HStack>
  );
}

function LanguageTexts({
  builder,
  surveyId,
  language,
  base,
  texts,
}: {
  builder: Builder;
  surveyId: string;
  language: SurveyLanguage;
  base: SurveyLanguage;
  texts: readonly TranslatableText[];
}) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const saver = useTranslationSaver(builder, surveyId, language.languageId, texts);
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [page, setPage] = useState(0);
  const [statusBusy, setStatusBusy] = useState(false);
  const dir = directionOf(language.code);
  const valueOf = (x: TranslatableText) => saver.typed.get(x.key) ?? textFor(x.texts, language.languageId);
  // The filter is read when the page changes, so a row does not vanish while its text is typed.
  const [frozen, setFrozen] = useState<readonly TranslatableText[] | null>(null);
  const shown = onlyMissing ? (frozen ?? texts.filter((x) => valueOf(x).trim() === '')) : texts;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const at = Math.min(page, pages - 1);
  const rows = shown.slice(at * PAGE_SIZE, at * PAGE_SIZE + PAGE_SIZE);

  const setStatus = async (status: number) => {
    setStatusBusy(true);
    try {
      await saver.flush();
      const saved = await setTranslationStatus(surveyId, language.languageId, status);
      builder.serverChanged(
        (m) => ({
          ...m,
          surveyLanguageMaps: m.surveyLanguageMaps.map((l) =>
            l.languageId === language.languageId ? { ...l, translateStatus: status } : l,
          ),
        }),
        saved.version,
      );
    } catch (err) {
      notify('error', err instanceof ApiError ? err.joined : t('common.somethingWrongLater'));
    } finally {
      setStatusBusy(false);
    }
  };

  return (
    <Stack gap="3" data-testid="translation-texts" borderTopWidth="1px" pt="3">
      <HStack gap="3" flexWrap="wrap" justify="space-between">
        <HStack gap="2" alignItems="flex-end" flexWrap="wrap">
          <Box>
            <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
              <label htmlFor="translation-status">{t('surveyTranslations.statusOf', { language: languageName(language) })}</label>
            </Text>
            <NativeSelect.Root size="sm" width="auto" disabled={statusBusy}>
              <NativeSelect.Field
                id="translation-status"
                value={language.translateStatus}
                onChange={(e) => void setStatus(Number(e.target.value))}
                data-testid="translation-status"
              >
                {Object.values(TRANSLATE_STATUS).map((s) => (
                  <option key={s} value={s}>
                    {t(`surveyTranslations.status.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Box>
          <Checkbox.Root
            size="sm"
            checked={onlyMissing}
            onCheckedChange={(d) => {
              setOnlyMissing(d.checked === true);
              setFrozen(null);
              setPage(0);
            }}
          >
            <Checkbox.HiddenInput data-testid="translation-only-missing" />
            <Checkbox.Control />
            <Checkbox.Label>{t('surveyTranslations.onlyMissing')}</Checkbox.Label>
          </Checkbox.Root>
        </HStack>
        <SaveStateText state={saver.state} error={saver.error} onRetry={() => void saver.flush()} />
      </HStack>
      <Text fontSize="xs" color="gray.600">
        {t('surveyTranslations.statusHint')}
      </Text>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }}
        columnGap="3"
        rowGap="1"
        display={{ base: 'none', md: 'grid' }}
        fontSize="sm"
        fontWeight="semibold"
        aria-hidden
      >
        <Text>{languageName(base)}</Text>
        <Text>{languageName(language)}</Text>
      </Grid>
      <Stack gap="2" data-testid="translation-rows">
        {rows.map((x) => (
          <TextRow
            key={x.key}
            text={x}
            baseText={textFor(x.texts, base.languageId)}
            value={valueOf(x)}
            onType={(v) => saver.type(x.key, v)}
            dir={dir}
            code={language.code}
          />
        ))}
        {rows.length === 0 ? (
          <Text fontSize="sm" color="gray.600">
            {onlyMissing ? t('surveyTranslations.nothingMissing') : t('surveyTranslations.noTexts')}
          </Text>
        ) : null}
      </Stack>
      {pages > 1 ? (
        <HStack gap="2" justify="center" as="nav" aria-label={t('surveyTranslations.pages')}>
          <Button
            size="xs"
            variant="outline"
            disabled={at === 0}
            onClick={() => {
              setFrozen(null);
              setPage(at - 1);
            }}
          >
            {t('surveyTranslations.previous')}
          </Button>
          <Text fontSize="sm">{t('surveyTranslations.page', { page: at + 1, pages })}</Text>
          <Button
            size="xs"
            variant="outline"
            disabled={at >= pages - 1}
            onClick={() => {
              setFrozen(shown);
              setPage(at + 1);
            }}
          >
            {t('surveyTranslations.next')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}

function TextRow({
  text,
  baseText,
  value,
  onType,
  dir,
  code,
}: {
  text: TranslatableText;
  baseText: string;
  value: string;
  onType: (v: string) => void;
  dir: 'ltr' | 'rtl';
  code: string;
}) {
  const { t } = useTranslation();
  const what =
    text.isSection && text.role === 'title'
      ? t('surveyTranslations.what.sectionName')
      : text.isSection && text.role === 'hint'
        ? t('surveyTranslations.what.sectionDescription')
        : t(`surveyTranslations.what.${text.role}`, { defaultValue: t(`builder.props.${text.role}`) });
  const id = `tr-${text.key.replace(/[^a-zA-Z0-9-]/g, '-')}`;
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }}
      columnGap="3"
      rowGap="1"
      borderWidth="1px"
      borderColor="gray.200"
      borderRadius="md"
      p="2"
      bg="white"
      data-testid="translation-row"
      data-key={text.key}
    >
      <Box minW="0">
        <HStack gap="2" fontSize="xs" color="gray.600" minW="0">
          <Text as="span" flexShrink={0}>
            {what}
          </Text>
          <Text as="span" fontFamily="mono" dir="ltr" truncate>
            {text.where}
          </Text>
        </HStack>
        <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere" dir="auto" data-testid="translation-base">
          {baseText}
        </Text>
      </Box>
      <Box minW="0">
        <VisuallyHidden asChild>
          <label htmlFor={id}>{t('surveyTranslations.inputLabel', { what, text: baseText })}</label>
        </VisuallyHidden>
        <Textarea
          id={id}
          size="sm"
          rows={1}
          autoresize
          value={value}
          onChange={(e) => onType(e.target.value)}
          dir={dir}
          lang={code}
          data-testid="translation-input"
        />
      </Box>
    </Grid>
  );
}

function SheetButtons({ surveyId, builder }: { surveyId: string; builder: Builder }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const run = async (kind: 'export' | 'import', work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (err) {
      notify('error', err instanceof ApiError ? err.joined : t('common.somethingWrongLater'));
    } finally {
      setBusy(null);
    }
  };
  const upload = (file: File) =>
    run('import', async () => {
      if (file.size > MAX_SHEET_BYTES) return notify('error', t('surveyTranslations.tooLarge', { size: '2 MB' }));
      const r = await importSheet(surveyId, file);
      // The server's texts are the truth now: the builder loads them (nothing is unsaved here).
      const changed = r.languages.reduce((n, l) => n + l.changed, 0);
      const { loadSurvey } = await import('../api');
      const fresh = await loadSurvey(surveyId);
      builder.serverChanged(() => fresh.model, fresh.version);
      notify(
        'success',
        t('surveyTranslations.imported', { count: changed }),
        r.unknownRows ? t('surveyTranslations.unknownRows', { count: r.unknownRows }) : undefined,
      );
    });
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button
        size="sm"
        variant="outline"
        onClick={() => void run('export', () => exportSheet(surveyId, builder.model.name))}
        loading={busy === 'export'}
        data-testid="translation-export"
      >
        <LuDownload aria-hidden /> {t('surveyTranslations.export')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => input.current?.click()}
        loading={busy === 'import'}
        data-testid="translation-import"
      >
        <LuUpload aria-hidden /> {t('surveyTranslations.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-label={t('surveyTranslations.import')}
        data-testid="translation-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
    </HStack>
  );
}
