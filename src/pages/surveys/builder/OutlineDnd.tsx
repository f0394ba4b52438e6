// The drag-and-drop frame around the palette and the outline: one DndContext, so a type from the
// palette and an item of the outline drop the same way (treeRows.dropTarget). Screen readers hear
// what is lifted, where it is over and where it lands, in the interface language.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { locate, type EditProblem } from '../../../../engine/survey/index';
import { itemTitle, isolate, questionTypeTitle } from './labels';
import { OutlineRow } from './Outline';
import { OutlineRows } from './OutlineRows';
import { dropTarget, flatten, newEntryOf, NEW_PREFIX, type Row } from './treeRows';
import type { Builder } from './useBuilder';

interface Props {
  builder: Builder;
  languageId: number;
  palette: ReactNode;
  onProblem: (p: EditProblem) => void;
  /** A row to bring into view and focus (the builder opened on '?question=<name>'). */
  reveal?: string | null;
}

export function OutlineDnd({ builder, languageId, palette, onProblem, reveal = null }: Props) {
  const { t } = useTranslation();
  const model = builder.model;
  const [active, setActive] = useState<UniqueIdentifier | null>(null);
  const rows = useMemo(() => flatten(model.surveyItems, active === null ? null : String(active)), [model.surveyItems, active]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const name = (id: UniqueIdentifier | undefined | null): string => {
    if (id === undefined || id === null) return '';
    const s = String(id);
    if (s.startsWith(NEW_PREFIX)) {
      const entry = newEntryOf(s);
      return entry
        ? t('builder.dnd.newItem', { type: questionTypeTitle(t, { questionType: entry.type, sheetType: entry.sheetType ?? null }) })
        : s;
    }
    const row = rows.find((r) => r.id === s);
    if (row?.kind === 'end')
      return row.sectionId === null
        ? t('builder.outline.endOfSurvey')
        : t('builder.outline.endOfSection', { section: sectionTitle(row.sectionId) });
    const found = locate(model.surveyItems, s);
    return found ? isolate(itemTitle(found.item, languageId)) : s;
  };
  const sectionTitle = (id: string | null): string => {
    const found = id === null ? undefined : locate(model.surveyItems, id);
    return found ? isolate(itemTitle(found.item, languageId)) : '';
  };
  const position = (overId: UniqueIdentifier): string => {
    const index = rows.findIndex((r) => r.id === overId);
    return t('builder.dnd.position', { position: index + 1, total: rows.length });
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('builder.dnd.picked', { name: name(a.id) }),
    onDragOver: ({ active: a, over }) =>
      over
        ? t('builder.dnd.over', { name: name(a.id), over: name(over.id), position: position(over.id) })
        : t('builder.dnd.outside', { name: name(a.id) }),
    onDragEnd: ({ active: a, over }) =>
      over ? t('builder.dnd.dropped', { name: name(a.id), over: name(over.id) }) : t('builder.dnd.cancelled', { name: name(a.id) }),
    onDragCancel: ({ active: a }) => t('builder.dnd.cancelled', { name: name(a.id) }),
  };

  const onDragStart = (e: DragStartEvent) => setActive(e.active.id);
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    if (!e.over) return;
    const activeId = String(e.active.id);
    const drop = dropTarget(model.surveyItems, rows, activeId, String(e.over.id));
    if (!drop) return;
    const entry = newEntryOf(activeId);
    const problem = entry
      ? builder.edit({
          op: 'add',
          questionType: entry.type,
          ...(entry.sheetType ? { sheetType: entry.sheetType } : {}),
          parentId: drop.parentId,
          index: drop.index,
        })
      : builder.edit({ op: 'move', id: activeId, parentId: drop.parentId, index: drop.index });
    if (problem) onProblem(problem);
  };

  // Stable for the memoized rows: they read the builder of the latest render.
  const latest = useRef({ builder, onProblem });
  latest.current = { builder, onProblem };
  const onDuplicate = useCallback((id: string) => {
    const p = latest.current.builder.edit({ op: 'duplicate', id });
    if (p) latest.current.onProblem(p);
  }, []);
  const onDelete = useCallback((id: string) => {
    const { builder: b, onProblem: problem } = latest.current;
    const p = b.edit({ op: 'delete', id });
    if (p) problem(p);
    else if (b.selectedId === id) b.select(null);
  }, []);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('builder.dnd.instructions') } }}
    >
      <Stack gap="4">
        {palette}
        <Box as="section" aria-labelledby="builder-outline-title">
          <Heading as="h2" size="sm" mb="2" id="builder-outline-title">
            {t('builder.outline.title')}
          </Heading>
          {model.surveyItems.length === 0 ? (
            <Text fontSize="sm" color="gray.600" mb="2" data-testid="outline-empty">
              {t('builder.outline.empty')}
            </Text>
          ) : null}
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <OutlineRows
              rows={rows}
              reveal={reveal}
              render={(row: Row) => (
                <OutlineRow
                  key={row.id}
                  row={row}
                  languageId={languageId}
                  selected={builder.selectedId === row.id}
                  onSelect={builder.select}
                  onDuplicate={onDuplicate}
                  onDelete={onDelete}
                  sectionTitle={row.kind === 'end' ? sectionTitle(row.sectionId) : ''}
                />
              )}
            />
          </SortableContext>
        </Box>
      </Stack>
      <DragOverlay>
        {active !== null && String(active).startsWith(NEW_PREFIX) ? (
          <Box bg="white" borderWidth="1px" borderRadius="md" px="2" py="1" boxShadow="md">
            {name(active)}
          </Box>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
