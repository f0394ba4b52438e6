// Range (275): start (default 1), end (default 5), step (default 1), with labels at both ends
// (spec 001 section 5). Up to 11 values show as a row of buttons a thumb can hit on a phone; more as a
// slider. The 'rating' appearance shows stars, as many as `end`. Choosing the chosen value again
// clears it.
import { useAnswer } from '../runtime/hooks';
import { describedBy, labelId } from '../shared/a11y';
import { optionsOf, type QuestionWidgetProps } from '../types';
import { useText } from '../runtime/text';

interface RangeOptions {
  start: number;
  end: number;
  step: number;
  stars: boolean;
  firstLabel: string | null;
  secondLabel: string | null;
}

const MAX_BUTTONS = 11;

/** The values of a range, from start to end (a range may run downwards). */
export function stepsOf(r: Pick<RangeOptions, 'start' | 'end' | 'step'>): number[] {
  const out: number[] = [];
  const dir = r.end >= r.start ? 1 : -1;
  const n = Math.floor(Math.abs(r.end - r.start) / r.step + 1e-9);
  for (let i = 0; i <= n && i <= 10_000; i++) out.push(Number((r.start + dir * i * r.step).toFixed(10)));
  return out;
}

export function RangeWidget(props: QuestionWidgetProps) {
  const t = useText();
  const [value, set] = useAnswer(props);
  const o = optionsOf<RangeOptions>(props);
  const r = { start: o.start ?? 1, end: o.end ?? 5, step: o.step || 1 };
  const locked = props.readonly === true || props.disabled === true;
  const current = typeof value === 'number' ? value : undefined;
  const toggle = (n: number) => !locked && set(current === n ? undefined : n);
  const group = { role: 'group', 'aria-labelledby': labelId(props.id), 'aria-describedby': describedBy(props.id) } as const;

  if (o.stars) {
    const count = Math.max(1, Math.min(Math.round(r.end), 20));
    return (
      <div className="fs-stars" {...group} id={props.id}>
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            className="fs-star"
            data-on={current !== undefined && n <= current}
            aria-pressed={current === n}
            aria-label={t('widgets.range.star', { count: n })}
            disabled={locked}
            onClick={() => toggle(n)}
          >
            ★
          </button>
        ))}
      </div>
    );
  }

  const steps = stepsOf(r);
  const ends =
    o.firstLabel || o.secondLabel ? (
      <div className="fs-scale-ends">
        <span>{o.firstLabel}</span>
        <span>{o.secondLabel}</span>
      </div>
    ) : null;
  if (steps.length <= MAX_BUTTONS) {
    return (
      <div {...group}>
        <div className="fs-scale" id={props.id}>
          {steps.map((n) => (
            <button key={n} type="button" className="fs-step" aria-pressed={current === n} disabled={locked} onClick={() => toggle(n)}>
              {n}
            </button>
          ))}
        </div>
        {ends}
      </div>
    );
  }
  const lo = Math.min(r.start, r.end);
  const hi = Math.max(r.start, r.end);
  return (
    <div {...group}>
      <div className="fs-row">
        <input
          id={props.id}
          className="fs-slider"
          type="range"
          min={lo}
          max={hi}
          step={r.step}
          value={current ?? lo}
          data-empty={current === undefined}
          disabled={locked}
          onChange={(e) => set(Number(e.target.value))}
        />
        <output className="fs-muted">{current ?? t('widgets.range.none')}</output>
      </div>
      {ends}
    </div>
  );
}
