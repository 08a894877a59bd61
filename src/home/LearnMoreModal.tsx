// 'Learn More' modal of the content and banner blocks: heading, image and the full HTML (spec 2.4).
import { useCloseOnNavigation } from '../shell/use-close-on-navigation';
import { Modal } from '../shared/ui/Modal';
import { SafeHtml } from '../shared/ui/SafeHtml';

interface Props {
  open: boolean;
  heading: string;
  imageUrl: string;
  html: string;
  onClose(): void;
}

export function LearnMoreModal({ open, heading, imageUrl, html, onClose }: Props) {
  useCloseOnNavigation(open, onClose);
  return (
    <Modal open={open} title={heading} className="learn-more" onClose={onClose}>
      {imageUrl && <img className="learn-more__image" src={imageUrl} alt="" />}
      <SafeHtml html={html} className="learn-more__body rich-text" />
    </Modal>
  );
}
