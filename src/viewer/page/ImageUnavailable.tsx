// In the image area when the page's image does not open: offline, because its tiles are not on this device
// (the page's data is: its text reads in the side panel); online, because the image service did not answer.
// Either way the reader gets plain words and a way to the text instead of OpenSeadragon's raw error, and the
// image comes by itself when the connection does (use-image-retry.ts).
import { useOnlineStatus } from '../../shared/data/online';

interface Props {
  /** Opens the side panel on the page's text; absent when the page has no text to read. */
  onReadText?: () => void;
  onRetry(): void;
}

export const IMAGE_NOT_ON_DEVICE = "This page's image is not saved on this device.";

export function ImageUnavailable({ onReadText, onRetry }: Props) {
  const online = useOnlineStatus();
  return (
    <div className="vz-message" role="status" data-testid="image-unavailable">
      <h2>{online ? 'The page image did not load' : 'No image on this device'}</h2>
      <p>{online ? 'The image service did not answer.' : `${IMAGE_NOT_ON_DEVICE} It loads by itself when you are back online.`}</p>
      <p className="vz-message-actions">
        {onReadText && (
          <button type="button" className="vz-btn vz-btn--primary" onClick={onReadText}>
            Read the page&apos;s text
          </button>
        )}
        {online && (
          <button type="button" className="vz-btn" onClick={onRetry}>
            Try again
          </button>
        )}
      </p>
    </div>
  );
}
