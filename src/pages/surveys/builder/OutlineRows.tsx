// The outline's rows: all of them for an ordinary survey; for a long one (over VIRTUAL_FROM rows) only
// those near the window's view (@tanstack/react-virtual), since thousands of rows of buttons cost
// seconds to mount and re-render after every edit. dnd-kit still knows every id (SortableContext);
// a row that is rendered is a drop target, and the window scrolls under a drag as usual.
import { Box, Stack } from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { Row } from './treeRows';

export const VIRTUAL_FROM = 200;

export function OutlineRows({ rows, render }: { rows: readonly Row[]; render: (row: Row) => ReactNode }) {
  if (rows.length <= VIRTUAL_FROM) {
    return (
      <Stack gap="1" data-testid="builder-outline">
        {rows.map((r) => render(r))}
      </Stack>
    );
  }
  return <VirtualRows rows={rows} render={render} />;
}

function VirtualRows({ rows, render }: { rows: readonly Row[]; render: (row: Row) => ReactNode }) {
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
  return (
    <Box ref={list} position="relative" h={`${v.getTotalSize()}px`} data-testid="builder-outline" data-virtual="true">
      {v.getVirtualItems().map((it) => (
        <Box key={it.key} data-index={it.index} ref={v.measureElement} position="absolute" top="0" insetStart="0" w="full" pb="1" style={{ transform: `translateY(${it.start - offset}px)` }}>
          {render(rows[it.index]!)}
        </Box>
      ))}
    </Box>
  );
}
