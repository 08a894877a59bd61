// The citation panel (with its citation library) loads when a page or clipping is to be cited: one lazy part
// for the viewer's Download & cite tab and the clipping screen.
import { lazyPart } from '../../shared/ui/lazy-part';

export const CitePanel = lazyPart(() => import('./CitePanel').then((m) => m.default));
