/** A piece of a text message: plain text, a link (its safe href) or an @mention. */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string };

// http(s) URLs, bare www. hosts and e-mail addresses; a URL stops before closing punctuation.
const TOKENS =
  /(https?:\/\/[^\s<>"'，。！？、；：（）【】《》]+|www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"'，。！？、；：（）【】《》]*|[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;
const MENTION = /@[^\s@]{1,32}/g;

/**
 * The href a link may have: http, https or mailto only (never javascript:, data:, or anything a
 * browser would run); null for anything else.
 */
export function safeHref(raw: string): string | null {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : /^[^:/]+@/.test(raw) ? `mailto:${raw}` : raw;
  try {
    const url = new URL(candidate);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function mentions(text: string, on: boolean): TextPart[] {
  if (!on) return text ? [{ kind: 'text', text }] : [];
  const out: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(MENTION)) {
    const i = m.index;
    if (i > at) out.push({ kind: 'text', text: text.slice(at, i) });
    out.push({ kind: 'mention', text: m[0] });
    at = i + m[0].length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

/**
 * Splits a message's text into plain runs, links and (when the message mentions someone)
 * '@name' runs. Text never becomes markup: the parts are rendered as React text and anchors.
 */
export function linkify(text: string, withMentions: boolean): TextPart[] {
  const out: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKENS)) {
    let raw = m[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trail.length);
    const href = safeHref(raw);
    if (!href) continue;
    const i = m.index;
    out.push(...mentions(text.slice(at, i), withMentions));
    out.push({ kind: 'link', text: raw, href });
    at = i + raw.length;
  }
  out.push(...mentions(text.slice(at), withMentions));
  return out;
}
