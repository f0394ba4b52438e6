// A list of choices (or a grid's columns): label in the base language and name per choice; add,
// remove, move up and down, and paste a list (one choice a line, 'name,label' or just the label).
// With Images on, each choice also names its image file in the base language (XLSForm's image column of
// the choices sheet; an imported form's other languages and media kinds are kept as they are).
import { Button, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowDown, LuArrowUp, LuImage, LuImageUp, LuPlus, LuTrash2 } from 'react-icons/lu';
import { choiceMedia, mediaNameProblem, withChoiceMedia, type ChoiceModel } from '../../../../../engine/survey/index';
import { textIn } from '../labels';
import { MediaDialog, type MediaPick } from '../MediaDialog';
import { pastedChoices } from './pasteChoices';
import type { FieldProps } from './types';
import { useDraft } from './useDraft';

const newId = () => globalThis.crypto.randomUUID();

function ChoiceRow({
  choice,
  index,
  count,
  languageId,
  onChange,
  onMove,
  onRemove,
  idBase,
  emoji,
  images,
  onPickImage,
}: {
  /** Opens the survey's media to choose or upload this choice's image. */
  onPickImage: (index: number, onPick: (fileName: string) => void) => void;
  /** The question shows emoji (hasEmoji): each choice has one to edit. */
  emoji: boolean;
  /** Each choice's image file name is edited too. */
  images: boolean;
  choice: ChoiceModel;
  index: number;
  count: number;
  languageId: number;
  onChange: (c: ChoiceModel) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  idBase: string;
}) {
  const { t } = useTranslation();
  const label = textIn(choice.choiceLabels, languageId);
  const [labelDraft, setLabel] = useDraft(label, choice.id);
  const [nameDraft, setName] = useDraft(choice.name, choice.id);
  const [emojiDraft, setEmoji] = useDraft(choice.emoji ?? '', choice.id);
  const image = choiceMedia(choice, 'image', languageId);
  const [imageDraft, setImage] = useDraft(image, choice.id);
  const imageProblem = mediaNameProblem(imageDraft);
  const nameOk = /^\S+$/.test(nameDraft);
  const commit = () => {
    if (labelDraft === label && nameDraft === choice.name && emojiDraft === (choice.emoji ?? '') && imageDraft === image) return;
    const others = choice.choiceLabels.filter((x) => x.languageId !== languageId);
    const glyph = [...emojiDraft.trim()].slice(0, 8).join('');
    const next = {
      ...choice,
      name: nameOk ? nameDraft : choice.name,
      emoji: glyph === '' ? null : glyph,
      choiceLabels: labelDraft === '' ? others : [...others, { languageId, text: labelDraft }],
    };
    onChange(imageProblem ? next : withChoiceMedia(next, 'image', languageId, imageDraft));
  };
  const row = (
    <HStack gap="1" data-testid="choice-row">
      {emoji ? (
        <Input
          size="xs"
          w="3.5rem"
          flexShrink={0}
          value={emojiDraft}
          onChange={(e) => setEmoji(e.target.value)}
          onBlur={commit}
          aria-label={t('builder.choices.emoji', { n: index + 1 })}
          data-testid="choice-emoji"
        />
      ) : null}
      <Input
        size="xs"
        flex="2"
        value={labelDraft}
        onChange={(e) => setLabel(e.target.value)}
        onBlur={commit}
        aria-label={t('builder.choices.label', { n: index + 1 })}
        dir="auto"
        id={`${idBase}-label-${index}`}
      />
      <Input
        size="xs"
        flex="1"
        value={nameDraft}
        onChange={(e) => setName(e.target.value)}
        onBlur={commit}
        aria-label={t('builder.choices.name', { n: index + 1 })}
        aria-invalid={nameOk ? undefined : true}
        fontFamily="mono"
        dir="ltr"
      />
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={t('builder.choices.up', { n: index + 1 })}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <LuArrowUp />
      </IconButton>
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={t('builder.choices.down', { n: index + 1 })}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <LuArrowDown />
      </IconButton>
      <IconButton
        size="2xs"
        variant="ghost"
        colorPalette="red"
        aria-label={t('builder.choices.remove', { n: index + 1 })}
        onClick={() => onRemove(index)}
      >
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
  if (!images) return row;
  const problemId = `${idBase}-image-${index}-problem`;
  return (
    <Stack gap="0.5">
      {row}
      <HStack gap="1" ps="2">
        <LuImage aria-hidden />
        <Input
          size="xs"
          flex="1"
          value={imageDraft}
          onChange={(e) => setImage(e.target.value)}
          onBlur={commit}
          placeholder="photo.jpg"
          aria-label={t('builder.choices.image', { n: index + 1 })}
          aria-invalid={imageProblem ? true : undefined}
          aria-describedby={imageProblem ? problemId : undefined}
          fontFamily="mono"
          dir="ltr"
          data-testid="choice-image"
        />
        <IconButton
          size="2xs"
          variant="outline"
          aria-label={t('builder.choices.pickImage', { n: index + 1 })}
          title={t('builder.choices.pickImage', { n: index + 1 })}
          onClick={() => onPickImage(index, (fileName) => onChange(withChoiceMedia(choice, 'image', languageId, fileName)))}
          data-testid="choice-image-pick"
        >
          <LuImageUp />
        </IconButton>
      </HStack>
      {imageProblem ? (
        <Text id={problemId} fontSize="xs" color="red.600" ps="2">
          {t(`builder.choices.imageProblem.${imageProblem}`)}
        </Text>
      ) : null}
    </Stack>
  );
}

export function ChoicesField(p: FieldProps) {
  const { t } = useTranslation();
  const list = (
    p.property === 'secondChoices' ? p.item.surveyItem.secondChoices : p.item.surveyItem.selectQuestionChoices
  ) as readonly ChoiceModel[];
  const [pasting, setPasting] = useState(false);
  const [images, setImages] = useState(() => list.some((c) => c.media?.some((m) => m.kind === 'image')));
  const [pasted, setPasted] = useState('');
  const [pick, setPick] = useState<MediaPick | null>(null);
  const pickImage = (index: number, onPick: (fileName: string) => void) =>
    setPick({ title: t('builder.media.pickTitle', { n: index + 1 }), onPick });
  const write = (next: readonly ChoiceModel[]) => p.set(next);
  const move = (from: number, to: number) => {
    const next = [...list];
    const [c] = next.splice(from, 1);
    next.splice(to, 0, c!);
    write(next);
  };
  const add = () => {
    const taken = new Set(list.map((c) => c.name));
    let n = list.length + 1;
    while (taken.has(`option_${n}`)) n++;
    write([
      ...list,
      {
        id: newId(),
        name: `option_${n}`,
        choiceLabels: [{ languageId: p.languageId, text: t('builder.choices.newLabel', { n }) }],
        emoji: null,
        filters: {},
      },
    ]);
  };
  return (
    <Stack gap="1" data-testid={`prop-${p.property}`} role="group" aria-labelledby={`${p.id}-title`}>
      <Text id={`${p.id}-title`} fontSize="sm" fontWeight="medium">
        {p.label}
      </Text>
      {list.map((c, i) => (
        <ChoiceRow
          key={c.id}
          emoji={p.item.surveyItem.hasEmoji}
          images={images}
          choice={c}
          index={i}
          count={list.length}
          languageId={p.languageId}
          idBase={p.id}
          onChange={(nc) => write(list.map((x) => (x.id === nc.id ? nc : x)))}
          onMove={move}
          onRemove={(at) => write(list.filter((_, j) => j !== at))}
          onPickImage={pickImage}
        />
      ))}
      <HStack gap="1" flexWrap="wrap">
        <Button size="xs" variant="outline" onClick={add} data-testid="choice-add">
          <LuPlus aria-hidden /> {t('builder.choices.add')}
        </Button>
        <Button size="xs" variant="ghost" onClick={() => setPasting((v) => !v)} aria-expanded={pasting} data-testid="choice-paste">
          {t('builder.choices.paste')}
        </Button>
        <Button
          size="xs"
          variant={images ? 'subtle' : 'ghost'}
          onClick={() => setImages((v) => !v)}
          aria-pressed={images}
          data-testid="choice-images"
        >
          <LuImage aria-hidden /> {t('builder.choices.images')}
        </Button>
      </HStack>
      {pasting ? (
        <Stack gap="1">
          <Textarea
            size="xs"
            rows={4}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            aria-label={t('builder.choices.pasteHint')}
            placeholder={t('builder.choices.pasteHint')}
            data-testid="choice-paste-text"
            dir="auto"
          />
          <Button
            size="xs"
            alignSelf="flex-start"
            onClick={() => {
              write([...list, ...pastedChoices(pasted, list, p.languageId, newId)]);
              setPasted('');
              setPasting(false);
            }}
            data-testid="choice-paste-add"
          >
            {t('builder.choices.pasteAdd')}
          </Button>
        </Stack>
      ) : null}
      {pick ? <MediaDialog surveyId={p.model.id} open pick={pick} onClose={() => setPick(null)} /> : null}
    </Stack>
  );
}
