import './composer-rich.css';
export { FileChips } from './FileChips';
export { RichToolbar } from './RichToolbar';
export { sendChips, takeFiles, useHasChips } from './drop-paste';
export { imagePayload, sendFile, sendPayload, sendVoice } from './rich-send';
export { useUploads } from './uploads-store';
export { ChatForwardHost, forwardSelected, richMenuItems, sendFavoritesHere } from './forwarding';
