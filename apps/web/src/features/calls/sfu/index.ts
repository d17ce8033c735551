export { SfuClient, type SfuClientOptions, type SfuRemoteTrack, type SfuSend } from './sfu-client';
