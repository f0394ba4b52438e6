// Section (0): a titled part of the form with its description; for a repeat group its value is the
// number of instances (the '__counter' answer), and, where the respondent sizes the repeat, 'Add'
// asks for one more. The instances themselves come in as children (widgets/form/repeat.tsx).
import type { ReactNode } from 'react';
import { labelId } from '../shared/a11y';
import { optionsOf, templateOf, type QuestionWidgetProps } from '../types';
import { useText } from '../runtime/text';
import { plainLabel } from '../runtime/messages';

interface SectionOptions {
  description?: string;
  repeat: boolean;
  addable: boolean;
}

const SECTION_UI = { 'ui:options': { questionType: 0 } };

export function SectionWidget(props: QuestionWidgetProps & { children?: ReactNode }) {
  const t = useText();
  const o = optionsOf<SectionOptions>(props);
  const Title = templateOf('TitleFieldTemplate', props.registry);
  const Hint = templateOf('DescriptionFieldTemplate', props.registry);
  const Errors = templateOf('FieldErrorTemplate', props.registry);
  const count = typeof props.value === 'number' ? props.value : 0;
  const canAdd = o.repeat && o.addable === true && props.readonly !== true && props.disabled !== true;
  return (
    <section
      className="fs-section"
      id={props.id}
      data-section={props.name}
      data-testid={`section-${props.name}`}
      aria-labelledby={labelId(props.id)}
    >
      <div className="fs-section-head">
        <Title id={props.id} title={props.label} schema={props.schema} uiSchema={SECTION_UI} registry={props.registry} />
        {o.description ? (
          <Hint
            id={`${props.id}__description`}
            description={o.description}
            schema={props.schema}
            uiSchema={SECTION_UI}
            registry={props.registry}
          />
        ) : null}
      </div>
      {props.children}
      {canAdd && count === 0 ? (
        <p className="fs-muted">
          <span dir="auto">{t('widgets.section.empty')}</span>
        </p>
      ) : null}
      {canAdd ? (
        <div>
          <button type="button" className="fs-btn" data-testid={`repeat-add-${props.name}`} onClick={() => props.onChange(count + 1)}>
            + {t('widgets.section.add', { title: plainLabel(props.label ?? '', t) })}
          </button>
        </div>
      ) : null}
      <Errors
        errors={props.rawErrors ?? []}
        fieldPathId={{ $id: props.id, path: [] }}
        schema={props.schema}
        uiSchema={SECTION_UI}
        registry={props.registry}
      />
    </section>
  );
}
