import { lineIcon as icon } from '../../../ui/line-icon';

/** Toolbar icons of the rich composer (24×24 strokes). */
export const ImageIcon = icon('M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5h.01');
export const FileIcon = icon('M6 3h8l4 4v14H6zM14 3v4h4');
export const VideoIcon = icon('M3 6h12v12H3zM15 10l6-3v10l-6-3');
export const MicIcon = icon(
  'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3',
);
export const StickerIcon = icon('M12 3a9 9 0 1 0 9 9M21 12h-6a3 3 0 0 1-3-3V3M8.5 14.5a4 4 0 0 0 7 0');
export const StarIcon = icon('M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z');
