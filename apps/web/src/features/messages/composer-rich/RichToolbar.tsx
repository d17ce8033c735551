import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FavoritesButton } from '../../favorites';
import { sendFavoritesHere } from './forwarding';
import { FileIcon, ImageIcon, VideoIcon } from './icons';
import { takeFiles } from './drop-paste';
import { StickerPicker } from './StickerPicker';
import type { FileKind } from './upload';
import { VoiceButton } from './VoiceButton';
import { ShareButtons } from './ShareButtons';

const ACCEPT: Record<FileKind, string> = {
  image: 'image/gif,image/jpeg,image/png,image/bmp,image/webp',
  video: 'video/*',
  file: '',
};

function PickButton({
  kind,
  label,
  icon,
  onPick,
}: {
  kind: FileKind;
  label: string;
  icon: ReactNode;
  onPick(files: File[]): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="cv-icon-btn"
        aria-label={label}
        title={label}
        data-testid={`tool-${kind}`}
        onClick={() => input.current?.click()}
      >
        {icon}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        multiple={kind !== 'video'}
        accept={ACCEPT[kind] || undefined}
        data-testid={`tool-${kind}-input`}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          onPick(files);
        }}
      />
    </>
  );
}

/** Toolbar of the composer: stickers, image, file and video pickers, voice. `extra` adds buttons (favorites). */
export function RichToolbar({ conversationID, extra }: { conversationID: string; extra?: ReactNode }) {
  const { t } = useTranslation('rich');
  // Picked files wait in the send preview like pasted ones (an image picked as a file goes as a file).
  const pick = (kind: FileKind) => (files: File[]) => void takeFiles(conversationID, files, kind);
  return (
    <>
      <StickerPicker conversationID={conversationID} />
      <PickButton kind="image" label={t('tools.image')} icon={<ImageIcon />} onPick={pick('image')} />
      <PickButton kind="file" label={t('tools.file')} icon={<FileIcon />} onPick={pick('file')} />
      <PickButton kind="video" label={t('tools.video')} icon={<VideoIcon />} onPick={pick('video')} />
      <VoiceButton conversationID={conversationID} />
      <FavoritesButton onSend={(list) => sendFavoritesHere(conversationID, list)} />
      <ShareButtons conversationID={conversationID} />
      {extra}
    </>
  );
}
