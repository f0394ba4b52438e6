// The survey's sections and questions as one sortable list (treeRows.ts): drag by the handle with a
// pointer or with the keyboard alone (Space to lift, arrows to move, Space to drop, Escape to cancel),
// into and out of sections and repeat groups; select, duplicate and delete per row.
import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuGripVertical, LuRepeat, LuTrash2 } from 'react-icons/lu';
import { QUESTION_TYPES, type QuestionType } from '../../../../engine/survey/index';
import { itemTitle, typeTitle } from './labels';
import type { Row } from './treeRows';

interface RowProps {
  row: Row;
  languageId: number;
  selected: boolean;
  onSelect: (id: string) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  sectionTitle: (id: string | null) => string;
}

function EndRow({ row, sectionTitle }: { row: Extract<Row, { kind: 'end' }>; sectionTitle: RowProps['sectionTitle'] }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useSortable({ id: row.id, disabled: { draggable: true } });
  return (
    <Box
      ref={setNodeRef}
      ms={`${row.depth * 20}px`}
      borderWidth="1px"
      borderStyle="dashed"
      borderColor={isOver ? 'brand.500' : 'gray.300'}
      borderRadius="sm"
      px="2"
      py="0.5"
      fontSize="xs"
      color="gray.500"
      data-testid={`outline-${row.id}`}
    >
      {row.sectionId === null ? t('builder.outline.endOfSurvey') : t('builder.outline.endOfSection', { section: sectionTitle(row.sectionId) })}
    </Box>
  );
}

function ItemRow({ row, languageId, selected, onSelect, onDuplicate, onDelete }: Omit<RowProps, 'sectionTitle'> & { row: Extract<Row, { kind: 'item' }> }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  const item = row.item;
  const type = item.surveyItem.questionType as QuestionType;
  const title = itemTitle(item, languageId);
  const section = item.itemLabel === 'Section';
  return (
    <HStack
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      opacity={isDragging ? 0.4 : 1}
      ms={`${row.depth * 20}px`}
      gap="1"
      bg={selected ? 'brand.50' : section ? 'gray.100' : 'white'}
      borderWidth="1px"
      borderColor={selected ? 'brand.500' : 'gray.200'}
      borderRadius="md"
      px="1"
      py="1"
      data-testid="outline-row"
      data-name={item.surveyItem.name}
      data-item-id={row.id}
    >
      <IconButton ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('builder.outline.move', { name: title })} size="xs" variant="ghost" cursor="grab" style={{ touchAction: 'none' }} data-testid="outline-handle">
        <LuGripVertical />
      </IconButton>
      <Button variant="ghost" size="sm" h="auto" py="1" px="1" flex="1" minW="0" justifyContent="flex-start" textAlign="start" onClick={() => onSelect(row.id)} aria-current={selected ? 'true' : undefined} data-testid="outline-select">
        <Stack gap="0" minW="0" flex="1" align="stretch">
          <Text as="span" truncate fontWeight={section ? 'semibold' : 'normal'}>
            <bdi>{title}</bdi>
          </Text>
          <HStack as="span" gap="1" fontSize="xs" color="gray.600" fontWeight="normal" minW="0">
            <Text as="span" color={section ? 'purple.700' : undefined} flexShrink={0}>
              {typeTitle(t, type)}
            </Text>
            {item.repeatGroup ? <LuRepeat aria-label={t('builder.outline.repeat')} /> : null}
            <Text as="span" truncate fontFamily="mono" dir="ltr">
              {item.surveyItem.name}
            </Text>
          </HStack>
        </Stack>
      </Button>
      <IconButton aria-label={t('builder.outline.duplicate', { name: title })} size="xs" variant="ghost" onClick={() => onDuplicate(row.id)} data-testid="outline-duplicate">
        <LuCopy />
      </IconButton>
      <IconButton aria-label={t('builder.outline.delete', { name: title })} size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(row.id)} data-testid="outline-delete">
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
}

export function OutlineRow(p: RowProps) {
  return p.row.kind === 'end' ? <EndRow row={p.row} sectionTitle={p.sectionTitle} /> : <ItemRow {...p} row={p.row} />;
}

export const typeOfRow = (row: Row): QuestionType | null => (row.kind === 'item' ? (row.item.surveyItem.questionType as QuestionType) : null);
export const isSectionType = (type: QuestionType): boolean => QUESTION_TYPES[type].key === 'section';
