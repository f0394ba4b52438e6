// The 21 question types (QUESTION_TYPE_CODES, in the spec's order): a click or Enter adds one where the
// selection is; a pointer drags one into the outline.
import { Box, Button, Heading, SimpleGrid } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPE_CODES, QUESTION_TYPES, type QuestionType } from '../../../../engine/survey/index';
import { typeTitle } from './labels';
import { NEW_PREFIX } from './treeRows';

function PaletteItem({ type, onAdd }: { type: QuestionType; onAdd: (type: QuestionType) => void }) {
  const { t } = useTranslation();
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: `${NEW_PREFIX}${type}`, data: { type } });
  // Only the pointer drags from here: Enter and Space keep their meaning of a button (add).
  const pointer = listeners?.onPointerDown ? { onPointerDown: listeners.onPointerDown as React.PointerEventHandler } : {};
  return (
    <Button
      ref={setNodeRef}
      {...pointer}
      size="sm"
      variant="outline"
      justifyContent="flex-start"
      opacity={isDragging ? 0.5 : 1}
      onClick={() => onAdd(type)}
      data-testid={`palette-${QUESTION_TYPES[type].key}`}
      title={t('builder.palette.add', { type: typeTitle(t, type) })}
      style={{ touchAction: 'none' }}
    >
      {typeTitle(t, type)}
    </Button>
  );
}

export function Palette({ onAdd }: { onAdd: (type: QuestionType) => void }) {
  const { t } = useTranslation();
  return (
    <Box as="nav" aria-labelledby="builder-palette-title" data-testid="builder-palette">
      <Heading as="h2" size="sm" mb="2" id="builder-palette-title">
        {t('builder.palette.title')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 2 }} gap="1">
        {QUESTION_TYPE_CODES.map((type) => (
          <PaletteItem key={type} type={type} onAdd={onAdd} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
