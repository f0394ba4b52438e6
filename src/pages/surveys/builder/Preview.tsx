// The live preview: the fill page's own renderer (widgets' SurveyForm on a FormRuntime), rebuilt from
// the model after every edit with the answers typed so far, at a phone's or a desktop's width. A long
// survey is laid out as it is scrolled to (LayoutWindow), the whole survey still running beneath.
import { Box, Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMonitor, LuSmartphone } from 'react-icons/lu';
import { compileSurvey, type FormValues, type SurveyModel } from '../../../../engine/survey/index';
import { createRuntime, LayoutWindow, SurveyForm, useLayoutWindow, type FormContext, type FormRuntime } from '../../../../widgets/index';
import { signedMediaUrl } from '../../../api/surveyMedia';
import '../../fill/fill.css';

const WIDTHS = { phone: '360px', desktop: '100%' } as const;
/**
 * Questions laid out at first, and added each time the end of those comes within a screen of the view.
 * Mounting a question costs ~0.3 ms of a quiet machine's time (several times that under load): a
 * 2,000-question survey mounted whole made up most of the builder's opening and of each edit's preview.
 */
const PREVIEW_WINDOW = { first: 100, step: 200 };

let generation = 0;

function build(
  model: SurveyModel,
  languageId: number,
  data: FormValues | undefined,
): { runtime: FormRuntime | null; error: string | null; key: number } {
  const key = ++generation;
  try {
    const runtime = createRuntime(compileSurvey(model, languageId), data ? { data, fresh: false } : { fresh: true });
    return { runtime, error: null, key };
  } catch (e) {
    // A half-made survey (a section inside itself is refused earlier; a broken expression is not).
    return { runtime: null, error: e instanceof Error ? e.message : String(e), key };
  }
}

/**
 * The value as of the last frame the browser painted: an edit shows in the outline and the panel at
 * once, and the preview follows after that frame, as a transition that React renders in slices and
 * drops when another edit comes first. Rebuilding the preview (compiling the survey, a new runtime, the
 * whole form mounted again) costs a few hundred ms on a 2,000-question survey; in the edit's own frame
 * it made every drop and every property change wait for it.
 */
function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, value]);
  return shown;
}

/** `onLanguage` lets the author look at the survey in each of its languages (an Arabic one right to left). */
export function Preview({
  model: current,
  attachments,
  languageId,
  onLanguage,
}: {
  model: SurveyModel;
  /** The survey's CSV files, so that pulldata() and search() choices work in the preview as on the fill page. */
  attachments?: SurveyModel['attachments'] | undefined;
  languageId: number;
  onLanguage?: (languageId: number) => void;
}) {
  const { t } = useTranslation();
  const edited = useAfterPaint(current);
  const model = useMemo(() => (attachments ? { ...edited, attachments } : edited), [edited, attachments]);
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const last = useRef<FormRuntime | null>(null);
  const built = useMemo(() => build(model, languageId, last.current?.data()), [model, languageId]);
  useEffect(() => {
    last.current = built.runtime;
    return () => built.runtime?.dispose();
  }, [built.runtime]);
  // Always fetched with the session: the author sees a file the moment it is uploaded, deployed or not.
  const context = useMemo<FormContext>(() => ({ mediaUrl: (file: string) => signedMediaUrl(model.id, file) }), [model.id]);
  // Kept across rebuilds, so an edit does not pull the preview the author scrolled down back up.
  const layoutWindow = useLayoutWindow(PREVIEW_WINDOW);
  return (
    <Box data-testid="builder-preview" aria-label={t('builder.preview.title')} role="region">
      <HStack justify="space-between" mb="2" gap="2" flexWrap="wrap">
        <Text fontWeight="semibold">{t('builder.preview.title')}</Text>
        {onLanguage && model.surveyLanguageMaps.length > 1 ? (
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field
              aria-label={t('surveyTranslations.previewLanguage')}
              value={languageId}
              onChange={(e) => onLanguage(Number(e.target.value))}
              data-testid="preview-language"
            >
              {model.surveyLanguageMaps.map((l) => (
                <option key={l.languageId} value={l.languageId}>
                  {l.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null}
        <HStack gap="1" role="group" aria-label={t('builder.preview.width')}>
          {(['phone', 'desktop'] as const).map((w) => (
            <Button
              key={w}
              size="xs"
              variant={width === w ? 'solid' : 'outline'}
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
              data-testid={`preview-${w}`}
            >
              {w === 'phone' ? <LuSmartphone aria-hidden /> : <LuMonitor aria-hidden />}
              {t(`builder.preview.${w}`)}
            </Button>
          ))}
        </HStack>
      </HStack>
      <Box maxW={WIDTHS[width]} mx="auto" bg="gray.50" borderWidth="1px" borderRadius="md" p="3" className="fill-page">
        {built.runtime ? (
          <LayoutWindow.Provider value={layoutWindow}>
            <SurveyForm key={built.key} runtime={built.runtime} context={context} />
          </LayoutWindow.Provider>
        ) : (
          <Text color="red.600">{built.error}</Text>
        )}
      </Box>
    </Box>
  );
}
