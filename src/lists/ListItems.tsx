// A list's items on /lists, in their order: each row reorders by drag or by its Move buttons. Only the rows
// in and near the viewport are in the page (a window virtualizer): opening a list of a thousand items
// renders a screenful, not a thousand note editors. Short lists render every row.
import { useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { ListItemRecord } from '../../device-db/schema';

/** Up to this many rows, all are rendered (find-in-page sees them all); above it, only those near the viewport. */
const ALL_ROWS_UP_TO = 40;

export function ListItems({
  label,
  items,
  onDrop,
  row,
}: {
  label: string;
  items: ListItemRecord[];
  onDrop(id: string, to: number): void;
  row(item: ListItemRecord, index: number): ReactNode;
}) {
  const [dragging, setDragging] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const virtual = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => 240,
    overscan: items.length <= ALL_ROWS_UP_TO ? items.length : 6,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    getItemKey: (i) => items[i].id,
  });
  const margin = virtual.options.scrollMargin;
  return (
    <ol ref={listRef} className="lists-items" aria-label={label} style={{ position: 'relative', height: virtual.getTotalSize() }}>
      {virtual.getVirtualItems().map((v) => {
        const item = items[v.index];
        return (
          <li
            key={item.id}
            ref={virtual.measureElement}
            data-index={v.index}
            aria-posinset={v.index + 1}
            aria-setsize={items.length}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${v.start - margin}px)` }}
            className={`lists-item${dragging === item.id ? ' is-dragging' : ''}`}
            data-testid="list-item"
            data-item-id={item.id}
            draggable
            onDragStart={(e) => {
              setDragging(item.id);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', item.id);
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(e) => dragging && e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const id = e.dataTransfer.getData('text/plain') || dragging;
              setDragging(null);
              if (id && id !== item.id) onDrop(id, v.index);
            }}
          >
            {row(item, v.index)}
          </li>
        );
      })}
    </ol>
  );
}
