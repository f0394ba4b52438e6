// Ranking (278): every offered choice gets a rank (spec 001 section 5: 'All rankings must be
// selected'). Tapping a choice gives it the next rank; ranked choices move up or down or go back.
// Stored as the choice names in rank order, space-separated. Choices the filter drops leave the ranking.
import { useAnswer } from '../runtime/hooks';
import { describedBy, labelId } from '../shared/a11y';
import { ChoiceText, FilterWarning, namesOf, useOfferedChoices } from '../shared/choices';
import { optionsOf, type QuestionWidgetProps } from '../types';
import { useText } from '../runtime/text';

export function RankingWidget(props: QuestionWidgetProps) {
  const t = useText();
  const [value, set] = useAnswer(props);
  const o = optionsOf(props);
  const { choices, failed } = useOfferedChoices(o);
  const offered = new Map(choices.map((c) => [c.name, c]));
  const ranked = namesOf(value).filter((n) => offered.has(n));
  const unranked = choices.filter((c) => !ranked.includes(c.name));
  const locked = props.readonly === true || props.disabled === true;
  const save = (names: string[]) => set(names.length ? names.join(' ') : undefined);
  const move = (i: number, by: number) => {
    const next = [...ranked];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    save(next);
  };
  const emoji = o.hasEmoji === true;
  if (failed) return <FilterWarning name={o.name} />;
  return (
    <div role="group" aria-labelledby={labelId(props.id)} aria-describedby={describedBy(props.id)} id={props.id}>
      <ol className="fs-rank-list" aria-label={t('widgets.ranking.ranked')}>
        {ranked.map((name, i) => (
          <li key={name} className="fs-rank-item" data-ranked="true" data-choice={name}>
            <span className="fs-rank-no">{i + 1}</span>
            <span className="fs-grow">
              <ChoiceText choice={offered.get(name)!} emoji={emoji} />
            </span>
            {locked ? null : (
              <>
                <button
                  type="button"
                  className="fs-icon-btn"
                  aria-label={t('widgets.ranking.up')}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="fs-icon-btn"
                  aria-label={t('widgets.ranking.down')}
                  disabled={i === ranked.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="fs-icon-btn"
                  aria-label={t('widgets.ranking.unrank')}
                  onClick={() => save(ranked.filter((n) => n !== name))}
                >
                  ×
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
      {unranked.length > 0 && !locked ? (
        <>
          <p className="fs-muted">
            <span dir="auto">{t('widgets.ranking.tap')}</span>
          </p>
          <ul className="fs-rank-list">
            {unranked.map((c) => (
              <li key={c.name}>
                <button type="button" className="fs-rank-item fs-choice" data-choice={c.name} onClick={() => save([...ranked, c.name])}>
                  <span className="fs-rank-no fs-rank-empty" aria-hidden="true" />
                  <ChoiceText choice={c} emoji={emoji} />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
