// Shows storage problems (full quota, blocked upgrade, no IndexedDB) to the person; they are never
// swallowed. Each notice can be dismissed.
import { useSyncExternalStore } from 'react';
import { dismissStorageProblem, getStorageProblems, subscribeStorageProblems } from '../../device-db/problems';
import './offline.css';

export function StorageNotice() {
  const problems = useSyncExternalStore(subscribeStorageProblems, getStorageProblems, getStorageProblems);
  if (!problems.length) return null;
  return (
    <div className="storage-notice" role="alert" data-testid="storage-notice">
      {problems.map((p) => (
        <div key={p.kind} className="storage-notice__item">
          <p>{p.message}</p>
          <button type="button" className="btn storage-notice__close" onClick={() => dismissStorageProblem(p.kind)} aria-label="Dismiss this storage notice">
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
