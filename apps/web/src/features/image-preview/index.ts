/** Public surface of the image preview (used by the messages feature's image bubbles). */
export { ImagePreview, type PreviewImage } from './ImagePreview';
