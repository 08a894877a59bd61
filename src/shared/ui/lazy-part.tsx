// A part of a screen whose code loads on first need, which must never take the page down with it. Offline,
// before the service worker holds the app's files (a first visit, or an update still installing), the part's
// import fails; React then unmounts everything up to the nearest error boundary, and without one that is the
// whole page: the visitor would be left with a blank window, losing what they were reading and typing. A part
// made here shows its fallback instead, and is asked for again when the connection returns.
import { Component, lazy, Suspense, useState, type ComponentType, type JSX, type ReactNode } from 'react';
import { onBackOnline } from '../data/online';

interface BoundaryProps {
  fallback: ReactNode;
  /** Called when the connection returns after a failure, before the part renders again. */
  onRetry(): void;
  /** A new value (another screen's path) clears a failure: what failed was the earlier one. */
  resetKey?: unknown;
  children: ReactNode;
}

/** Shows `fallback` in place of children that failed to load or render; tries them again when back online. */
export class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };
  private stopWaiting: (() => void) | null = null;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.stopWaiting ??= onBackOnline(() => {
      this.stopWaiting?.();
      this.stopWaiting = null;
      this.props.onRetry();
      this.setState({ failed: false });
    });
  }

  componentDidUpdate(before: BoundaryProps) {
    if (this.state.failed && before.resetKey !== this.props.resetKey) {
      this.stopWaiting?.();
      this.stopWaiting = null;
      this.setState({ failed: false });
    }
  }

  componentWillUnmount() {
    this.stopWaiting?.();
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface EagerLazy<P> {
  (props: P): ReactNode;
  /** Loads the code now; once it is in, the component renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * React.lazy that, once its code is in, renders it directly. React.lazy suspends on its first render even when
 * the module was loaded before (the promise it is handed is new), and a Suspense fallback committed even for a
 * frame makes React hold the content back until 300 ms after it (its fallback throttle) and render twice: a list
 * opened, a screen entered or a viewer's zoom shown a third of a second late, for code that was already there.
 */
export function eagerLazy<P extends object>(load: () => Promise<ComponentType<P>>): EagerLazy<P> & { retry(): void } {
  let ready: ComponentType<P> | null = null;
  const fetchCode = () => load().then((c) => (ready = c));
  const make = () => lazy(() => fetchCode().then((c) => ({ default: c })));
  let pending = make();
  function Eager(props: P) {
    const Shown = ready ?? pending;
    return <Shown {...(props as P & JSX.IntrinsicAttributes)} />;
  }
  Eager.preload = () => fetchCode().catch(() => undefined);
  /** A lazy component whose import failed stays failed: the next try needs a new one. */
  Eager.retry = () => {
    if (!ready) pending = make();
  };
  return Eager;
}

export interface LazyPart<P> {
  /** The part, rendered in its own Suspense and error boundary: `placeholder` while it loads or if it cannot. */
  (props: P & { placeholder?: ReactNode }): ReactNode;
  /** Starts loading the part's code now (while online), so it is there when the part is first shown. */
  preload(): Promise<unknown>;
}

/** A component loaded by `load` when first rendered, which cannot break the page around it (see above). */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const Loaded = eagerLazy(load);
  function Part({ placeholder = null, ...props }: P & { placeholder?: ReactNode }) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded.retry();
      setAttempt((n) => n + 1);
    };
    return (
      <PartBoundary fallback={placeholder} onRetry={retry}>
        <Suspense fallback={placeholder}>
          <Loaded key={attempt} {...(props as unknown as P)} />
        </Suspense>
      </PartBoundary>
    );
  }
  Part.preload = Loaded.preload;
  return Part;
}
