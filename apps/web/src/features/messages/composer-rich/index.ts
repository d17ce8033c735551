import './composer-rich.css';
export { SendPreview } from './SendPreview';
export { RichToolbar } from './RichToolbar';
export { takeFiles } from './drop-paste';
export { imagePayload, sendFile, sendPayload, sendVoice } from './rich-send';
export { useUploads } from './uploads-store';
export { ChatForwardHost, forwardSelected, richMenuItems, sendFavoritesHere } from './forwarding';
