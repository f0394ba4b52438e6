// The top of the fill page (spec 001 section 2): the preview banner, the deadline line, title,
// description with 'Read more', the online/offline indicator, the language selector (right to left
// for Arabic and other such languages), Print Survey and Export survey.
import { useEffect, useState, type ReactNode } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useTranslation } from '../../../widgets/runtime/texts';
import type { FormLanguage, SurveyLanguage } from '../../../engine/survey/index';
import { formatDeadline } from './deadline';
import { ownLanguageName, quickLanguageName } from './language';
import { afterPaint } from '../../../widgets/runtime/schedule';
import { lazyDialog, whenOpen } from '../../components/lazyDialog';
import { Button } from '../../components/plain/Button';
import './fill.css';

const ReadMoreDialog = lazyDialog(() => import('./dialogs').then((m) => m.ReadMoreDialog), whenOpen);

/** Descriptions longer than this are clamped with 'Read more'. */
const SHORT_DESCRIPTION = 180;

interface Props {
  title: string;
  description: string;
  endDate: string | null;
  preview: boolean;
  language: FormLanguage;
  languages: readonly SurveyLanguage[];
  onLanguage: (languageId: number) => void;
  onPrint: () => void;
  onExport: (() => void) | null;
  exporting: boolean;
  connection: ReactNode;
}

export function SurveyBanner(p: Props) {
  const { t } = useTranslation();
  const [readMore, setReadMore] = useState(false);
  const long = p.description.length > SHORT_DESCRIPTION;
  // The options' own names (Intl's locale data, ./language.ts) once the form is on screen; the closed
  // picker shows only the chosen one's.
  const [allNames, setAllNames] = useState(false);
  useEffect(() => afterPaint(() => setAllNames(true)), []);
  return (
    <header className="fill-header">
      {p.preview ? (
        <div role="status" className="fill-preview" data-testid="fill-preview-banner">
          {t('fill.preview')}
        </div>
      ) : null}
      {/* The survey's name and description have no translations: their own text decides the direction. */}
      <div className="fill-card">
        <div className="fill-card-top">
          {/* No deadline, no deadline line: the original printed 'Deadline: Invalid date' here. */}
          {p.endDate ? (
            <p className="fill-deadline" data-testid="fill-deadline">
              {t('fill.deadline', { date: formatDeadline(p.endDate, t('fill.invalidDate')) })}
            </p>
          ) : (
            <span />
          )}
          <div className="fill-no-print">{p.connection}</div>
        </div>
        <h1 className="fill-title" dir="auto" data-testid="fill-title">
          {p.title}
        </h1>
        {p.description ? (
          <p className="fill-description" data-clamped={long ? '' : undefined} dir="auto" data-testid="fill-description">
            {p.description}
          </p>
        ) : null}
        {long ? (
          <Button
            variant="plain"
            colorPalette="brand"
            size="sm"
            onClick={() => setReadMore(true)}
            className="fill-no-print"
            data-testid="fill-read-more-open"
          >
            {t('fill.readMore')}
          </Button>
        ) : null}
      </div>
      <div className="fill-row fill-wrap fill-no-print">
        {p.languages.length > 1 ? (
          <span className="fill-select">
            <select
              aria-label={t('fill.language')}
              value={p.language.languageId}
              onChange={(e) => p.onLanguage(Number(e.currentTarget.value))}
              data-testid="fill-language"
            >
              {p.languages.map((l) => (
                <option key={l.languageId} value={l.languageId} lang={l.code || undefined} data-name={l.name}>
                  {l.custom
                    ? l.name // the survey's own language ('Local language'): its code, if any, is the form's, not a name to look up
                    : allNames || l.languageId === p.language.languageId
                      ? ownLanguageName(l.code, l.name)
                      : quickLanguageName(l.code, l.name)}
                </option>
              ))}
            </select>
            <ChevronDown aria-hidden />
          </span>
        ) : null}
        <Button size="sm" variant="outline" onClick={p.onPrint} data-testid="fill-print">
          {t('fill.print')}
        </Button>
        {p.onExport ? (
          <Button size="sm" variant="outline" onClick={p.onExport} loading={p.exporting} data-testid="fill-export">
            {t('fill.export')}
          </Button>
        ) : null}
      </div>
      <ReadMoreDialog open={readMore} title={p.title} description={p.description} dir={p.language.dir} onClose={() => setReadMore(false)} />
    </header>
  );
}
