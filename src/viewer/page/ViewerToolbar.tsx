// Zoom, rotate, clip and panel buttons over the page. Each has a visible name on hover and for screen readers.
import type { IconName } from '../../shared/ui/icons';
import { Icon } from '../../shared/ui/icons';

export interface ToolbarActions {
  zoomIn(): void;
  zoomOut(): void;
  fitWidth(): void;
  fitPage(): void;
  rotateLeft(): void;
  rotateRight(): void;
  toggleClip(): void;
  togglePanel(): void;
  showHelp(): void;
}

function Tool({
  icon,
  label,
  onClick,
  pressed,
  keyHint,
  className = '',
}: {
  icon: IconName | '?';
  label: string;
  onClick(): void;
  pressed?: boolean;
  keyHint?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`vz-tool${pressed ? ' is-on' : ''} ${className}`.trim()}
      onClick={onClick}
      aria-label={label}
      aria-pressed={pressed}
      title={keyHint ? `${label} (${keyHint})` : label}
      aria-keyshortcuts={keyHint}
    >
      {icon === '?' ? <span aria-hidden="true">?</span> : <Icon name={icon} />}
    </button>
  );
}

export function ViewerToolbar({ actions, clipOn, panelOpen, canClip }: { actions: ToolbarActions; clipOn: boolean; panelOpen: boolean; canClip: boolean }) {
  return (
    <div className="vz-toolbar" role="toolbar" aria-label="Page tools">
      <Tool icon="zoomOut" label="Zoom out" onClick={actions.zoomOut} keyHint="-" />
      <Tool icon="zoomIn" label="Zoom in" onClick={actions.zoomIn} keyHint="+" />
      <Tool icon="width" label="Fit width" onClick={actions.fitWidth} keyHint="w" />
      <Tool icon="fit" label="Whole page" onClick={actions.fitPage} keyHint="0" />
      <Tool icon="rotateLeft" label="Rotate left" onClick={actions.rotateLeft} keyHint="Shift+R" />
      <Tool icon="rotateRight" label="Rotate right" onClick={actions.rotateRight} keyHint="r" />
      {canClip && <Tool icon="clip" label={clipOn ? 'Stop clipping' : 'Clip and share'} onClick={actions.toggleClip} pressed={clipOn} keyHint="c" />}
      <Tool icon="panel" label={panelOpen ? 'Hide the side panel' : 'Show search, text and downloads'} onClick={actions.togglePanel} pressed={panelOpen} />
      <Tool icon="?" label="Keyboard shortcuts" onClick={actions.showHelp} keyHint="?" className="vz-tool--help" />
    </div>
  );
}
