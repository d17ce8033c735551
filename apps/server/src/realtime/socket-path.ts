import { isLanguage, type Language } from '@parley/protocol';

/** `/ws/{token}`, optionally with a trailing slash or a query string. */
const WS_PATH = /^\/ws\/([^/?#]+)\/?(?:\?(.*))?$/;
/** `since={version}` in the query: the sync version the client knows (answered in `hello`). */
const SINCE_PARAM = /(?:^|&)since=(\d{1,15})(?:&|$)/;
/** `lang={zh-CN|en|ja}`: the client's UI language, which this socket's texts are in. */
const LANG_PARAM = /(?:^|&)lang=(zh-CN|en|ja)(?:&|$)/;

export interface SocketPath {
  /** The session token as it appears in the path (still URI-encoded). */
  rawToken: string;
  /** The client's sync version, when the query names a well-formed one (docs/api.md "Sync"). */
  since: number | undefined;
  /** The language the query asks for, when it names one we write. */
  lang: Language | null;
}

/** Reads a socket upgrade's URL; null when it is not a socket path. A malformed `since` is ignored. */
export function parseSocketPath(url: string): SocketPath | null {
  const match = WS_PATH.exec(url);
  if (!match?.[1]) return null;
  const since = SINCE_PARAM.exec(match[2] ?? '')?.[1];
  const lang = LANG_PARAM.exec(match[2] ?? '')?.[1];
  return {
    rawToken: match[1],
    since: since === undefined ? undefined : Number(since),
    lang: isLanguage(lang) ? lang : null,
  };
}
