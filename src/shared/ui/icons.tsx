// Small inline icons for the viewer toolbars (decorative: every button also has a text label).
const paths = {
  zoomIn: 'M10 4a6 6 0 1 0 3.9 10.6l4.8 4.8 1.4-1.4-4.8-4.8A6 6 0 0 0 10 4Zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm-1 1v2H7v2h2v2h2v-2h2V9h-2V7H9Z',
  zoomOut: 'M10 4a6 6 0 1 0 3.9 10.6l4.8 4.8 1.4-1.4-4.8-4.8A6 6 0 0 0 10 4Zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8ZM7 9v2h6V9H7Z',
  fit: 'M4 4h6v2H6v4H4V4Zm10 0h6v6h-2V6h-4V4ZM4 14h2v4h4v2H4v-6Zm14 0h2v6h-6v-2h4v-4Z',
  width: 'M3 11h18v2H3v-2Zm3-4-4 5 4 5V7Zm12 0v10l4-5-4-5Z',
  rotateRight: 'M12 4a8 8 0 1 0 8 8h-2a6 6 0 1 1-1.8-4.3L14 10h6V4l-2.4 2.4A8 8 0 0 0 12 4Z',
  rotateLeft: 'M12 4a8 8 0 1 1-8 8h2a6 6 0 1 0 1.8-4.3L10 10H4V4l2.4 2.4A8 8 0 0 1 12 4Z',
  prev: 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12l6.6-6.6Z',
  next: 'm8.6 5.4 1.4-1.4 8 8-8 8-1.4-1.4 6.6-6.6-6.6-6.6Z',
  first: 'M6 5h2v14H6V5Zm12.4.4L17 4l-8 8 8 8 1.4-1.4-6.6-6.6 6.6-6.6Z',
  last: 'M16 5h2v14h-2V5ZM5.6 5.4 7 4l8 8-8 8-1.4-1.4 6.6-6.6-6.6-6.6Z',
  clip: 'M9.6 8.2A3 3 0 1 0 8 9.6l2.4 2.4L8 14.4a3 3 0 1 0 1.6 1.4l2.4-2.4 7 7H22L9.6 8.2ZM7 8a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm0 10a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm5-6.5L13.5 10 19 4.5h3L12 14.5l-.5-.5.5-.5v-2Z',
  panel: 'M3 4h18v16H3V4Zm2 2v12h9V6H5Zm11 0v12h3V6h-3Z',
  close: 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z',
  back: 'M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20v-2Z',
  search: 'M10 4a6 6 0 1 0 3.9 10.6l4.8 4.8 1.4-1.4-4.8-4.8A6 6 0 0 0 10 4Zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z',
  download: 'M11 4h2v8.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V4ZM5 18h14v2H5v-2Z',
  text: 'M4 5h16v2H4V5Zm0 4h16v2H4V9Zm0 4h16v2H4v-2Zm0 4h10v2H4v-2Z',
  highlight: 'M4 17h16v3H4v-3Zm3-2 4-11h2l4 11h-2.2l-.9-2.6H10l-.9 2.6H7Zm3.7-4.5h2.6L12 6.7l-1.3 3.8Z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="vz-icon">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}
