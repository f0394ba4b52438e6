// GPS (105): 'Get location' asks the device (loading while it locates; the values fill in 500 ms after
// it answers), or the respondent types the numbers: latitude -90..90, longitude -180..180, accuracy
// at least 0. Stored as ODK's geopoint text 'lat lon alt acc'.
import { useEffect, useRef, useState } from 'react';
import { formatGeopoint, parseGeopoint, type Coords } from '../../engine/survey/index';
import { useAnswer } from '../runtime/hooks';
import { engineMessage } from '../runtime/messages';
import { describedBy } from '../shared/a11y';
import { NumberInput } from '../shared/NumberInput';
import { templateOf, type QuestionWidgetProps } from '../types';
import { APPLY_DELAY_MS, locate } from './locate';
import { useText } from '../runtime/text';

type Part = keyof Coords;
const PARTS: readonly Part[] = ['latitude', 'longitude', 'altitude', 'accuracy'];

const coordsOf = (value: unknown): Partial<Coords> => (typeof value === 'string' ? (parseGeopoint(value) ?? {}) : {});

export function GeopointWidget(props: QuestionWidgetProps) {
  const t = useText();
  const [value, set] = useAnswer(props);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The numbers typed so far: a latitude without a longitude is no answer yet, but stays in its box.
  const [coords, setCoords] = useState<Partial<Coords>>(() => coordsOf(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setCoords(coordsOf(value));
  }
  const locked = props.readonly === true || props.disabled === true;
  const store = (v: string | undefined): void => {
    setSeen(v);
    set(v);
  };

  const change = (part: Part, n: number | string | undefined): void => {
    const next: Partial<Coords> = { ...coords, [part]: typeof n === 'number' ? n : undefined };
    setCoords(next);
    if (next.latitude === undefined || next.longitude === undefined) return store(undefined);
    store(
      formatGeopoint({
        latitude: next.latitude,
        longitude: next.longitude,
        ...(next.altitude !== undefined ? { altitude: next.altitude } : {}),
        ...(next.accuracy !== undefined ? { accuracy: next.accuracy } : {}),
      }),
    );
  };

  const find = (): void => {
    setBusy(true);
    setFailure(null);
    locate().then(
      (found) => {
        timer.current = setTimeout(() => {
          setCoords(found);
          store(formatGeopoint(found));
          setBusy(false);
        }, APPLY_DELAY_MS);
      },
      (e: Error) => {
        setBusy(false);
        setFailure(e.message);
        props.registry.formContext?.notify?.('error', engineMessage(e.message, t));
      },
    );
  };
  const Errors = templateOf('FieldErrorTemplate', props.registry);
  return (
    <div role="group" aria-describedby={describedBy(props.id)}>
      {locked ? null : (
        <button type="button" className="fs-btn" onClick={find} disabled={busy} aria-busy={busy} data-testid="gps-locate">
          {busy ? <span className="fs-spinner" aria-hidden="true" /> : null}
          {busy ? t('widgets.gps.locating') : t('widgets.gps.locate')}
        </button>
      )}
      <div className="fs-fields">
        {PARTS.map((part) => (
          <label key={part}>
            {t(`widgets.gps.${part}`)}
            <NumberInput
              id={part === 'latitude' ? props.id : `${props.id}:${part}`}
              className="fs-input"
              mode="signed"
              value={coords[part]}
              onChange={(n) => change(part, n)}
              readonly={props.readonly}
              disabled={props.disabled}
              {...(part === 'accuracy' ? { min: 0 } : {})}
            />
          </label>
        ))}
      </div>
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
