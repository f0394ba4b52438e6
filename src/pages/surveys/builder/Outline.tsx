// The survey's sections and questions as one sortable list (treeRows.ts): drag by the handle with a
// pointer or with the keyboard alone (Space to lift, arrows to move, Space to drop, Escape to cancel),
// into and out of sections and repeat groups; select, duplicate and delete per row.
import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuGripVertical, LuRepeat, LuTrash2 } from 'react-icons/lu';
import type { SurveyItem } from '../../../../engine/survey/index';
import { itemTitle, questionTypeTitle } from './labels';
import type { Row } from './treeRows';

interface RowProps {
  row: Row;
  languageId: number;
  selected: boolean;
  onSelect: (id: string) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  /** An end row's section title (isolated); empty for the survey's end. */
  sectionTitle: string;
}

function EndRow({ row, sectionTitle }: { row: Extract<Row, { kind: 'end' }>; sectionTitle: string }) {
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
      {row.sectionId === null ? t('builder.outline.endOfSurvey') : t('builder.outline.endOfSection', { section: sectionTitle })}
    </Box>
  );
}

/**
 * The sortable part of a row: dnd-kit's context changes on every drag event and drop, re-rendering
 * each useSortable row, so this part is a plain element and the Chakra contents below are memoized
 * (a drop on a long survey re-rendered ~40 rows of Chakra buttons, ~0.4 s).
 */
function ItemRow({ row, ...rest }: Omit<RowProps, 'sectionTitle'> & { row: Extract<Row, { kind: 'item' }> }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  // dnd-kit hands out new listener functions on each of its renders; the handle gets stable ones that
  // call the latest, so the memoized contents stay as they are (the sensors, hence the keys, are fixed).
  const latest = useRef(listeners);
  latest.current = listeners;
  const stable = useMemo(
    () =>
      Object.fromEntries(
        Object.keys(listeners ?? {}).map((k) => [k, (e: unknown) => (latest.current?.[k] as ((e: unknown) => void) | undefined)?.(e)]),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys are the sensors', fixed for the row's life
    [],
  );
  return (
    <div
      ref={setNodeRef}
      data-item-id={row.id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        marginInlineStart: `${row.depth * 20}px`,
      }}
    >
      <ItemContent {...rest} item={row.item} handle={{ ...attributes, ...stable }} handleRef={setActivatorNodeRef} />
    </div>
  );
}

interface ContentProps extends Omit<RowProps, 'sectionTitle' | 'row'> {
  item: SurveyItem;
  handle: Record<string, unknown>;
  handleRef: (el: HTMLElement | null) => void;
}

const sameHandle = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
};

const ItemContent = memo(
  function ItemContent({ item, languageId, selected, onSelect, onDuplicate, onDelete, handle, handleRef }: ContentProps) {
    const { t } = useTranslation();
    const title = itemTitle(item, languageId);
    const section = item.itemLabel === 'Section';
    return (
      <HStack
        gap="1"
        bg={selected ? 'brand.50' : section ? 'gray.100' : 'white'}
        borderWidth="1px"
        borderColor={selected ? 'brand.500' : 'gray.200'}
        borderRadius="md"
        px="1"
        py="1"
        data-testid="outline-row"
        data-name={item.surveyItem.name}
      >
        <IconButton
          ref={handleRef}
          {...handle}
          aria-label={t('builder.outline.move', { name: title })}
          size="xs"
          variant="ghost"
          cursor="grab"
          style={{ touchAction: 'none' }}
          data-testid="outline-handle"
        >
          <LuGripVertical />
        </IconButton>
        <Button
          variant="ghost"
          size="sm"
          h="auto"
          py="1"
          px="1"
          flex="1"
          minW="0"
          justifyContent="flex-start"
          textAlign="start"
          onClick={() => onSelect(item.id)}
          aria-current={selected ? 'true' : undefined}
          data-testid="outline-select"
        >
          <Stack gap="0" minW="0" flex="1" align="stretch">
            <Text as="span" truncate fontWeight={section ? 'semibold' : 'normal'}>
              <bdi>{title}</bdi>
            </Text>
            <HStack as="span" gap="1" fontSize="xs" color="gray.600" fontWeight="normal" minW="0">
              <Text as="span" color={section ? 'purple.700' : undefined} flexShrink={0}>
                {questionTypeTitle(t, item.surveyItem)}
              </Text>
              {item.repeatGroup ? <LuRepeat aria-label={t('builder.outline.repeat')} /> : null}
              <Text as="span" truncate fontFamily="mono" dir="ltr">
                {item.surveyItem.name}
              </Text>
            </HStack>
          </Stack>
        </Button>
        <IconButton
          aria-label={t('builder.outline.duplicate', { name: title })}
          size="xs"
          variant="ghost"
          onClick={() => onDuplicate(item.id)}
          data-testid="outline-duplicate"
        >
          <LuCopy />
        </IconButton>
        <IconButton
          aria-label={t('builder.outline.delete', { name: title })}
          size="xs"
          variant="ghost"
          colorPalette="red"
          onClick={() => onDelete(item.id)}
          data-testid="outline-delete"
        >
          <LuTrash2 />
        </IconButton>
      </HStack>
    );
  },
  (a, b) =>
    a.item === b.item &&
    a.languageId === b.languageId &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.onDuplicate === b.onDuplicate &&
    a.onDelete === b.onDelete &&
    a.handleRef === b.handleRef &&
    sameHandle(a.handle, b.handle),
);

/**
 * Rows are rebuilt by flatten() after every edit, so they are compared by what they show: an edit
 * re-renders the rows of the items it changed, not every visible row (callbacks are stable).
 */
const sameRow = (a: RowProps, b: RowProps): boolean =>
  a.row.kind === b.row.kind &&
  a.row.id === b.row.id &&
  a.row.depth === b.row.depth &&
  (a.row.kind === 'item' && b.row.kind === 'item' ? a.row.item === b.row.item : true) &&
  a.languageId === b.languageId &&
  a.selected === b.selected &&
  a.sectionTitle === b.sectionTitle &&
  a.onSelect === b.onSelect &&
  a.onDuplicate === b.onDuplicate &&
  a.onDelete === b.onDelete;

export const OutlineRow = memo(function OutlineRow(p: RowProps) {
  return p.row.kind === 'end' ? <EndRow row={p.row} sectionTitle={p.sectionTitle} /> : <ItemRow {...p} row={p.row} />;
}, sameRow);
