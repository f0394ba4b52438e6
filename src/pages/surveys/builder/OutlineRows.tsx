// The outline's rows: all of them for an ordinary survey; for a long one (over VIRTUAL_FROM rows) only
// those near the window's view (@tanstack/react-virtual), since thousands of rows of buttons cost
// seconds to mount and re-render after every edit. dnd-kit still knows every id (SortableContext);
// a row that is rendered is a drop target, and the window scrolls under a drag as usual. `reveal` brings
// one row into view and puts the keyboard on it (a link such as the XLSForm import report's
// '?question=<name>' opens the builder on that question).
import { Box, Stack } from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { Row } from './treeRows';

export const VIRTUAL_FROM = 200;

interface Props {
  rows: readonly Row[];
  render: (row: Row) => ReactNode;
  /** The id of a row to scroll to and focus, once. */
  reveal?: string | null;
}

/** Scrolls the row into the middle of the window and focuses its select button; false while it is not rendered. */
function focusRow(id: string): boolean {
  const row = document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`);
  if (!row) return false;
  row.scrollIntoView({ block: 'center' });
  row.querySelector<HTMLElement>('[data-testid="outline-select"]')?.focus({ preventScroll: true });
  return true;
}

export function OutlineRows({ rows, render, reveal = null }: Props) {
  const plain = rows.length <= VIRTUAL_FROM;
  useEffect(() => {
    if (plain && reveal) focusRow(reveal);
  }, [plain, reveal]);
  if (plain) {
    return (
      <Stack gap="1" data-testid="builder-outline">
        {rows.map((r) => render(r))}
      </Stack>
    );
  }
  return <VirtualRows rows={rows} render={render} reveal={reveal} />;
}

function VirtualRows({ rows, render, reveal }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const top = list.current ? list.current.getBoundingClientRect().top + window.scrollY : 0;
    setOffset(top);
  }, []);
  const v = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'end' ? 26 : 54),
    overscan: 6,
    scrollMargin: offset,
    getItemKey: (i) => rows[i]!.id,
  });
  const index = reveal ? rows.findIndex((r) => r.id === reveal) : -1;
  useEffect(() => {
    if (index < 0 || !reveal) return;
    v.scrollToIndex(index, { align: 'center' });
    // The row mounts once the virtualizer has measured the new window: try for a few frames.
    let frames = 0;
    let handle = 0;
    const tryFocus = () => {
      if (!focusRow(reveal) && ++frames < 30) handle = requestAnimationFrame(tryFocus);
    };
    handle = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(handle);
    // Once per revealed row: the virtualizer object changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal, index >= 0]);
  return (
    <Box ref={list} position="relative" h={`${v.getTotalSize()}px`} data-testid="builder-outline" data-virtual="true">
      {v.getVirtualItems().map((it) => (
        <Box
          key={it.key}
          data-index={it.index}
          ref={v.measureElement}
          position="absolute"
          top="0"
          insetStart="0"
          w="full"
          pb="1"
          style={{ transform: `translateY(${it.start - offset}px)` }}
        >
          {render(rows[it.index]!)}
        </Box>
      ))}
    </Box>
  );
}
