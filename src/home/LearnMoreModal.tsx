// 'Learn More' modal of the content and banner blocks: heading, image and the full HTML (spec 2.4).
import { useId } from 'react';
import { useCloseOnNavigation } from '../shell/use-close-on-navigation';
import { SafeHtml } from '../shared/ui/SafeHtml';
import { useModalDialog } from '../shared/ui/use-modal-dialog';

interface Props {
  open: boolean;
  heading: string;
  imageUrl: string;
  html: string;
  onClose(): void;
}

export function LearnMoreModal({ open, heading, imageUrl, html, onClose }: Props) {
  const dialog = useModalDialog(open, onClose);
  const titleId = useId();
  useCloseOnNavigation(open, onClose);
  return (
    <dialog {...dialog} className="modal learn-more" aria-labelledby={titleId}>
      {open && (
        <>
          <h2 id={titleId} className="modal__title">
            {heading}
          </h2>
          {imageUrl && <img className="learn-more__image" src={imageUrl} alt="" />}
          <SafeHtml html={html} className="learn-more__body rich-text" />
          <div className="modal__actions">
            <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
              Close
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
