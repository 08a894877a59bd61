// Placeholder mounted by the shell until its owner lands the real screen (they overwrite this file).
import { PlaceholderScreen } from '../placeholder/PlaceholderScreen';

export function ViewerScreen() {
  return <PlaceholderScreen title="Viewer" />;
}
