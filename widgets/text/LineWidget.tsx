// A line or a shape (XLSForm geotrace, geoshape; a Text question's variant): the points in order, each
// removable; 'Add my location' appends where the device is, or the respondent types a point and adds
// it. Stored as ODK's text, a shape closed with its first point again (engine/survey lines.ts); the
// validator says when there are too few points. Buttons and number boxes only: the keyboard does all.
import { useEffect, useRef, useState } from 'react';
import { formatLine, openPoints, parseLine, type Coords, type LineKind } from '../../engine/survey/index';
import { APPLY_DELAY_MS, locate } from '../geopoint/locate';
import { useAnswer } from '../runtime/hooks';
import { engineMessage } from '../runtime/messages';
import { useText } from '../runtime/text';
import { describedBy } from '../shared/a11y';
import { NumberInput } from '../shared/NumberInput';
import { templateOf, type QuestionWidgetProps } from '../types';

type Part = keyof Coords;
const PARTS: readonly Part[] = ['latitude', 'longitude', 'altitude', 'accuracy'];

const pointsOf = (value: unknown): Coords[] => (typeof value === 'string' ? openPoints(parseLine(value) ?? []) : []);

/** 'lat, lon' and, when known, altitude and accuracy: how a point reads in the list. */
const pointText = (c: Coords): string =>
  [c.latitude, c.longitude].join(', ') +
  (c.altitude !== undefined ? ` · ${c.altitude} m` : '') +
  (c.accuracy !== undefined ? ` · ±${c.accuracy} m` : '');

const inRange = (c: Partial<Coords>): c is Coords =>
  c.latitude !== undefined &&
  c.longitude !== undefined &&
  Math.abs(c.latitude) <= 90 &&
  Math.abs(c.longitude) <= 180 &&
  (c.accuracy === undefined || c.accuracy >= 0);

export function LineWidget({ props, kind }: { props: QuestionWidgetProps; kind: LineKind }) {
  const t = useText();
  const [value, set] = useAnswer(props);
  const [points, setPoints] = useState<Coords[]>(() => pointsOf(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setPoints(pointsOf(value));
  }
  const [draft, setDraft] = useState<Partial<Coords>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const locked = props.readonly === true || props.disabled === true;

  const store = (next: Coords[]): void => {
    setPoints(next);
    const text = next.length ? formatLine(kind, next) : undefined;
    setSeen(text);
    set(text);
  };
  const find = (): void => {
    setBusy(true);
    setFailure(null);
    locate().then(
      (found) => {
        timer.current = setTimeout(() => {
          setBusy(false);
          store([...points, found]);
        }, APPLY_DELAY_MS);
      },
      (e: Error) => {
        setBusy(false);
        setFailure(e.message);
        props.registry.formContext?.notify?.('error', engineMessage(e.message, t));
      },
    );
  };
  const add = (): void => {
    if (!inRange(draft)) return;
    store([...points, draft]);
    setDraft({});
  };

  const Errors = templateOf('FieldErrorTemplate', props.registry);
  return (
    <div role="group" aria-describedby={describedBy(props.id)} className="fs-line" data-testid="line-widget" data-kind={kind}>
      {points.length ? (
        <ol className="fs-line-points" data-testid="line-points">
          {points.map((p, i) => (
            <li key={`${i}:${p.latitude}:${p.longitude}`}>
              <span>
                {t('widgets.line.point', { n: i + 1 })}: <bdi dir="ltr">{pointText(p)}</bdi>
              </span>
              {locked ? null : (
                <button type="button" className="fs-btn fs-btn-link" onClick={() => store(points.filter((_, j) => j !== i))}>
                  {t('widgets.line.remove', { n: i + 1 })}
                </button>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="fs-muted">{t('widgets.line.none')}</p>
      )}
      {kind === 'geoshape' ? <p className="fs-muted">{t('widgets.line.closes')}</p> : null}
      {locked ? null : (
        <>
          <button type="button" className="fs-btn" onClick={find} disabled={busy} aria-busy={busy} data-testid="line-locate">
            {busy ? <span className="fs-spinner" aria-hidden="true" /> : null}
            {busy ? t('widgets.gps.locating') : t('widgets.line.locate')}
          </button>
          <fieldset className="fs-line-typed">
            <legend>{t('widgets.line.typed')}</legend>
            <div className="fs-fields">
              {PARTS.map((part) => (
                <label key={part}>
                  {t(`widgets.gps.${part}`)}
                  <NumberInput
                    id={part === 'latitude' ? props.id : `${props.id}:${part}`}
                    className="fs-input"
                    mode="signed"
                    value={draft[part]}
                    onChange={(n) => setDraft({ ...draft, [part]: typeof n === 'number' ? n : undefined })}
                    {...(part === 'accuracy' ? { min: 0 } : {})}
                  />
                </label>
              ))}
            </div>
            <button type="button" className="fs-btn" onClick={add} disabled={!inRange(draft)} data-testid="line-add">
              {t('widgets.line.add')}
            </button>
          </fieldset>
        </>
      )}
      {failure ? (
        <Errors
          errors={[failure]}
          fieldPathId={{ $id: `${props.id}:gps`, path: [] }}
          schema={props.schema}
          uiSchema={props.uiSchema ?? {}}
          registry={props.registry}
        />
      ) : null}
    </div>
  );
}
