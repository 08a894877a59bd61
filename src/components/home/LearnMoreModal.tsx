// 'Learn More' modal of the content and banner blocks: heading, image and the full HTML (spec 2.4).
import { useEffect, useId, useRef } from 'react';
import { useCloseOnNavigation } from '../shell/use-close-on-navigation';
import { SafeHtml } from './SafeHtml';

interface Props {
  open: boolean;
  heading: string;
  imageUrl: string;
  html: string;
  onClose(): void;
}

export function LearnMoreModal({ open, heading, imageUrl, html, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement as HTMLElement | null;
      d.showModal();
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && d.open) {
      d.close();
      opener.current?.focus();
    }
  }, [open]);
  useCloseOnNavigation(open, onClose);
  return (
    <dialog ref={ref} className="modal learn-more" aria-labelledby={titleId} onCancel={(e) => { e.preventDefault(); onClose(); }}>
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
