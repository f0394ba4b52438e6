// The 21 question types (QUESTION_TYPE_CODES, in the spec's order): a click or Enter adds one where the
// selection is; a pointer drags one into the outline.
import { Box, Button, Heading, SimpleGrid } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import { memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPE_CODES, QUESTION_TYPES, type QuestionType } from '../../../../engine/survey/index';
import { typeTitle } from './labels';
import { NEW_PREFIX } from './treeRows';

type Add = (type: QuestionType) => void;

// dnd-kit re-renders every useDraggable on each drag event and drop: the item itself stays a thin
// wrapper and the Chakra button is memoized on stable handlers.
function PaletteItem({ type, onAdd }: { type: QuestionType; onAdd: Add }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: `${NEW_PREFIX}${type}`, data: { type } });
  const latest = useRef(listeners);
  latest.current = listeners;
  // Only the pointer drags from here: Enter and Space keep their meaning of a button (add).
  const onPointerDown = useCallback(
    (e: React.PointerEvent) => (latest.current?.onPointerDown as React.PointerEventHandler | undefined)?.(e),
    [],
  );
  return <PaletteButton type={type} onAdd={onAdd} nodeRef={setNodeRef} onPointerDown={onPointerDown} dragging={isDragging} />;
}

const PaletteButton = memo(function PaletteButton({
  type,
  onAdd,
  nodeRef,
  onPointerDown,
  dragging,
}: {
  type: QuestionType;
  onAdd: Add;
  nodeRef: (el: HTMLElement | null) => void;
  onPointerDown: React.PointerEventHandler;
  dragging: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      ref={nodeRef}
      onPointerDown={onPointerDown}
      size="sm"
      variant="outline"
      justifyContent="flex-start"
      opacity={dragging ? 0.5 : 1}
      onClick={() => onAdd(type)}
      data-testid={`palette-${QUESTION_TYPES[type].key}`}
      title={t('builder.palette.add', { type: typeTitle(t, type) })}
      style={{ touchAction: 'none' }}
    >
      {typeTitle(t, type)}
    </Button>
  );
});

export function Palette({ onAdd }: { onAdd: Add }) {
  const { t } = useTranslation();
  const latest = useRef(onAdd);
  latest.current = onAdd;
  const add = useCallback((type: QuestionType) => latest.current(type), []);
  return (
    <Box as="nav" aria-labelledby="builder-palette-title" data-testid="builder-palette">
      <Heading as="h2" size="sm" mb="2" id="builder-palette-title">
        {t('builder.palette.title')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 2 }} gap="1">
        {QUESTION_TYPE_CODES.map((type) => (
          <PaletteItem key={type} type={type} onAdd={add} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
