import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format';
import { FileIcon } from '../composer-rich/icons';
import { num, safeUrl, str } from './media-url';
import type { ContentProps } from './types';
import { UploadOverlay } from './UploadOverlay';

/** File bubble: icon, name, size (lib/format.ts formatSize), download. */
export function FileContent({ m }: ContentProps) {
  const { t } = useTranslation('rich');
  const url = safeUrl(m.payload.fileUrl);
  const name = str(m.payload.fileName);
  return (
    <div className="rich-file" data-testid="file-bubble">
      <span className="rich-file__icon">
        <FileIcon size={32} />
      </span>
      <span className="rich-file__meta">
        <span className="rich-file__name" title={name}>
          {name}
        </span>
        <span className="rich-file__size">{formatSize(num(m.payload.fileSize))}</span>
      </span>
      {url && m.status === 'success' && (
        <a className="cv-link rich-file__download" href={url} download={name} data-testid="file-download">
          {t('file.download')}
        </a>
      )}
      <UploadOverlay clientMsgId={m.clientMsgId} />
    </div>
  );
}
