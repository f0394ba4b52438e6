// The 21 question types (QUESTION_TYPE_CODES, in the spec's order), then the XLSForm variants of them
// (SHEET_TYPES: line, shape, barcode, audio, video): a click or Enter adds one where the selection is; a
// pointer drags one into the outline.
import { Box, Button, Heading, SimpleGrid } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import { memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPE_CODES, QUESTION_TYPES, SHEET_TYPE_NAMES, SHEET_TYPES } from '../../../../engine/survey/index';
import { questionTypeTitle } from './labels';
import { newEntryId, type NewEntry } from './treeRows';

type Add = (entry: NewEntry) => void;

const ENTRIES: readonly NewEntry[] = [
  ...QUESTION_TYPE_CODES.map((type) => ({ type })),
  ...SHEET_TYPE_NAMES.map((sheetType) => ({ type: SHEET_TYPES[sheetType].base, sheetType })),
];

// dnd-kit re-renders every useDraggable on each drag event and drop: the item itself stays a thin
// wrapper and the Chakra button is memoized on stable handlers.
function PaletteItem({ entry, onAdd }: { entry: NewEntry; onAdd: Add }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: newEntryId(entry), data: entry });
  const latest = useRef(listeners);
  latest.current = listeners;
  // Only the pointer drags from here: Enter and Space keep their meaning of a button (add).
  const onPointerDown = useCallback(
    (e: React.PointerEvent) => (latest.current?.onPointerDown as React.PointerEventHandler | undefined)?.(e),
    [],
  );
  return <PaletteButton entry={entry} onAdd={onAdd} nodeRef={setNodeRef} onPointerDown={onPointerDown} dragging={isDragging} />;
}

const PaletteButton = memo(function PaletteButton({
  entry,
  onAdd,
  nodeRef,
  onPointerDown,
  dragging,
}: {
  entry: NewEntry;
  onAdd: Add;
  nodeRef: (el: HTMLElement | null) => void;
  onPointerDown: React.PointerEventHandler;
  dragging: boolean;
}) {
  const { t } = useTranslation();
  const title = questionTypeTitle(t, { questionType: entry.type, sheetType: entry.sheetType ?? null });
  return (
    <Button
      ref={nodeRef}
      onPointerDown={onPointerDown}
      size="sm"
      variant="outline"
      justifyContent="flex-start"
      opacity={dragging ? 0.5 : 1}
      onClick={() => onAdd(entry)}
      data-testid={`palette-${entry.sheetType ?? QUESTION_TYPES[entry.type].key}`}
      title={t('builder.palette.add', { type: title })}
      style={{ touchAction: 'none' }}
    >
      {title}
    </Button>
  );
});

export function Palette({ onAdd }: { onAdd: Add }) {
  const { t } = useTranslation();
  const latest = useRef(onAdd);
  latest.current = onAdd;
  const add = useCallback((entry: NewEntry) => latest.current(entry), []);
  return (
    <Box as="nav" aria-labelledby="builder-palette-title" data-testid="builder-palette">
      <Heading as="h2" size="sm" mb="2" id="builder-palette-title">
        {t('builder.palette.title')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 2 }} gap="1">
        {ENTRIES.map((entry) => (
          <PaletteItem key={newEntryId(entry)} entry={entry} onAdd={add} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
