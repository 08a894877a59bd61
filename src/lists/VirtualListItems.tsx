// A long list's items: only the rows in and near the viewport are in the page (a window virtualizer), so
// opening a list of a thousand items renders a screenful, not a thousand note editors. Loaded only for lists
// longer than ListItems renders whole.
import { useCallback, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ListRow, type RowsProps } from './ListRow';
import { useItemRecords } from './item-records';

const estimateSize = () => 240;

export function VirtualListItems({ label, ids, first, version, onDrop, row }: RowsProps) {
  const [dragging, setDragging] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // Stable between renders: the virtualizer works out all the rows' positions again whenever it changes.
  const getItemKey = useCallback((i: number) => ids[i], [ids]);
  const virtual = useWindowVirtualizer({
    count: ids.length,
    estimateSize,
    // Rows are tall (a note editor each): two beyond the viewport keep a scroll smooth without building rows no one sees.
    overscan: 2,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    getItemKey,
  });
  const margin = virtual.options.scrollMargin;
  const shown = virtual.getVirtualItems();
  const records = useItemRecords(
    shown.map((v) => ids[v.index]),
    first,
    version,
  );
  return (
    <ol ref={listRef} className="lists-items" aria-label={label} style={{ position: 'relative', height: virtual.getTotalSize() }}>
      {shown.map((v) => {
        const item = records.get(ids[v.index]);
        return (
          item && (
            <ListRow
              key={v.key}
              item={item}
              index={v.index}
              drag={{ dragging, setDragging }}
              onDrop={onDrop}
              rowRef={virtual.measureElement}
              setSize={ids.length}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${v.start - margin}px)` }}
            >
              {row(item, v.index)}
            </ListRow>
          )
        );
      })}
    </ol>
  );
}
