// A list's items on /lists, in their order. A short list renders every row (find-in-page sees them all); a long
// one loads the virtualized rows (VirtualListItems.tsx), which keep only the rows near the viewport in the page.
import { Suspense, useState } from 'react';
import { eagerLazy } from '../shared/ui/lazy-part';
import { ListRow, type RowsProps } from './ListRow';
import { useItemRecords } from './item-records';

/** Up to this many rows, all are rendered; above it, only those near the viewport. */
const ALL_ROWS_UP_TO = 40;

const VirtualListItems = eagerLazy(() => import('./VirtualListItems').then((m) => m.VirtualListItems));

/** Loads the long lists' rows while the visitor reads the overview, so opening a long list neither loads code nor suspends. */
export const preloadLongListRows = (): void => void VirtualListItems.preload();

export { ALL_ROWS_UP_TO };

export function ListItems(props: RowsProps) {
  if (props.ids.length > ALL_ROWS_UP_TO)
    return (
      <Suspense fallback={<p>Opening the list…</p>}>
        <VirtualListItems {...props} />
      </Suspense>
    );
  return <AllListItems {...props} />;
}

function AllListItems({ label, ids, first, version, onDrop, row }: RowsProps) {
  const [dragging, setDragging] = useState<string | null>(null);
  const records = useItemRecords(ids, first, version);
  return (
    <ol className="lists-items" aria-label={label}>
      {ids.map((id, i) => {
        const item = records.get(id);
        return (
          item && (
            <ListRow key={id} item={item} index={i} drag={{ dragging, setDragging }} onDrop={onDrop}>
              {row(item, i)}
            </ListRow>
          )
        );
      })}
    </ol>
  );
}
