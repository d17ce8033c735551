import { useAbstract } from '../abstract';
import { linkify } from './linkify';
import type { ContentProps } from './types';

/**
 * Text (and any type without its own renderer): the one-line abstract in the current language. A
 * text message's links open in a new tab (http, https and mailto only, without the opener) and,
 * when it mentions people, its '@name' runs are highlighted.
 */
export function TextContent({ m }: ContentProps) {
  const abstract = useAbstract();
  if (m.hasRiskContent) return <span className="msg-risk">{abstract(m)}</span>;
  if (m.type !== 'text' || m.isRevoked) return <>{abstract(m)}</>;
  const parts = linkify(abstract(m), (m.atUserList?.length ?? 0) > 0);
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'link' ? (
          <a
            key={i}
            className="msg-link"
            href={p.href}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="msg-link"
            onClick={(e) => e.stopPropagation()}
          >
            {p.text}
          </a>
        ) : p.kind === 'mention' ? (
          <span key={i} className="msg-mention" data-testid="msg-mention">
            {p.text}
          </span>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
