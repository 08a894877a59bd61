// One row of a list's items on /lists: dragged to reorder (dropped on another row, it takes that row's place).
import type { CSSProperties, ReactNode, Ref } from 'react';
import type { ListItemRecord } from '../../device-db/schema';

export interface RowsProps {
  label: string;
  /** The list's item ids in their order; each row reads its own record (useItemRecords). */
  ids: readonly string[];
  /** Records read with the ids (the first rows): drawn in the first commit. */
  first: readonly ListItemRecord[];
  /** The list's version those were read at: rows read at another are read again (item-records.ts). */
  version: string;
  onDrop(id: string, to: number): void;
  row(item: ListItemRecord, index: number): ReactNode;
}

export interface DragState {
  dragging: string | null;
  setDragging(id: string | null): void;
}

export function ListRow({
  item,
  index,
  drag,
  onDrop,
  children,
  style,
  rowRef,
  setSize,
}: {
  item: ListItemRecord;
  index: number;
  drag: DragState;
  onDrop(id: string, to: number): void;
  children: ReactNode;
  style?: CSSProperties;
  rowRef?: Ref<HTMLLIElement>;
  /** Set when only some rows are in the page: each says where it stands. */
  setSize?: number;
}) {
  const { dragging, setDragging } = drag;
  return (
    <li
      ref={rowRef}
      data-index={index}
      {...(setSize ? { 'aria-posinset': index + 1, 'aria-setsize': setSize } : {})}
      style={style}
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
        if (id && id !== item.id) onDrop(id, index);
      }}
    >
      {children}
    </li>
  );
}
