import type { z } from 'zod';
import type { Language, LocalizedText } from '../errors/define.js';
import { generalErrors as Errors } from '../errors/general.js';
import { fieldLabel, UNNAMED_FIELD } from './labels.js';

/** Refusal texts of a request field, by what is wrong; `{label}` is the field's label, `{n}` a bound. */
export const ValidationTexts = {
  required: { 'zh-CN': '{label}不能为空', en: '{label} is required.', ja: '{label}を入力してください。' },
  invalid: {
    'zh-CN': '{label}格式不正确',
    en: '{label} is not valid.',
    ja: '{label}の形式が正しくありません。',
  },
  tooLong: {
    'zh-CN': '{label}不能超过{n}个字符',
    en: '{label} must be at most {n} characters.',
    ja: '{label}は{n}文字以内で入力してください。',
  },
  tooShort: {
    'zh-CN': '{label}至少需要{n}个字符',
    en: '{label} must be at least {n} characters.',
    ja: '{label}は{n}文字以上で入力してください。',
  },
  tooLongBytes: {
    'zh-CN': '{label}不能超过{n}个字节',
    en: '{label} must be at most {n} bytes.',
    ja: '{label}は{n}バイト以内にしてください。',
  },
  tooLarge: {
    'zh-CN': '{label}不能超过{n}',
    en: '{label} must be at most {n}.',
    ja: '{label}は{n}以下にしてください。',
  },
  tooSmall: {
    'zh-CN': '{label}不能小于{n}',
    en: '{label} must be at least {n}.',
    ja: '{label}は{n}以上にしてください。',
  },
  tooMany: {
    'zh-CN': '{label}最多{n}项',
    en: '{label} can have at most {n} items.',
    ja: '{label}は{n}件までです。',
  },
  forbiddenChars: {
    'zh-CN': '{label}含有不允许的字符',
    en: '{label} contains characters that are not allowed.',
    ja: '{label}に使用できない文字が含まれています。',
  },
  notOwnFile: {
    'zh-CN': '{label}必须是本服务器上传的文件',
    en: '{label} must be a file uploaded to this server.',
    ja: '{label}はこのサーバーにアップロードしたファイルである必要があります。',
  },
  notHttpLink: {
    'zh-CN': '{label}必须是http(s)链接',
    en: '{label} must be an http(s) link.',
    ja: '{label}はhttp(s)のリンクである必要があります。',
  },
} as const satisfies Record<string, LocalizedText>;

export type ValidationKind = keyof typeof ValidationTexts;

/** `params` a check puts on its issue so every language can say what the bound is. */
export interface CheckParams {
  kind: ValidationKind;
  n?: number;
}

/** The text of `kind` for the field at `path`, in every language. */
export function fieldText(kind: ValidationKind, path: readonly PropertyKey[], n?: number): LocalizedText {
  const label = fieldLabel(path) ?? UNNAMED_FIELD;
  const fill = (lang: Language) =>
    ValidationTexts[kind][lang].replace('{label}', label[lang]).replace('{n}', String(n ?? ''));
  return { 'zh-CN': fill('zh-CN'), en: fill('en'), ja: fill('ja') };
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;
/** A schema's own zh-CN text that starts with a field's key (`pageSize不能超过100`). */
const LEADING_KEY = /^([A-Za-z_][\w.]*)(?=[\u3400-\u9fff])/;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

function kindOf(issue: z.core.$ZodIssue, input: unknown): CheckParams {
  const params = (issue as { params?: Partial<CheckParams> }).params;
  if (params?.kind && params.kind in ValidationTexts) return { kind: params.kind, n: params.n };
  switch (issue.code) {
    case 'invalid_type': {
      const v = valueAt(input, issue.path);
      return { kind: v === undefined || v === null ? 'required' : 'invalid' };
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return { kind: 'tooLong', n };
      if (issue.origin === 'array') return { kind: 'tooMany', n };
      return { kind: issue.origin === 'number' ? 'tooLarge' : 'invalid', n };
    }
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return n <= 1 ? { kind: 'required' } : { kind: 'tooShort', n };
      if (issue.origin === 'array') return { kind: n <= 1 ? 'required' : 'invalid' };
      return { kind: issue.origin === 'number' ? 'tooSmall' : 'invalid', n };
    }
    default:
      return { kind: 'invalid' };
  }
}

/**
 * The refusal text of a failed check, in every language, naming the field by its label (never its
 * path). zh-CN keeps the schema's own Chinese text (the product's wording), its leading field key
 * replaced by the label; other languages, and zod's built-in English texts, use `ValidationTexts`.
 * `input` is what was checked (to tell a missing field from a wrong one).
 */
export function issueText(
  issue: z.core.$ZodIssue,
  input: unknown,
  prefix: readonly PropertyKey[] = [],
): LocalizedText {
  const path = [...prefix, ...issue.path];
  // A body that is no object at all has no field to name.
  if (path.length === 0 && !CJK.test(issue.message)) return Errors.badRequest.texts;
  const { kind, n } = kindOf(issue, input);
  const texts = fieldText(kind, path, n);
  if (!CJK.test(issue.message)) return texts;
  const label = fieldLabel(path);
  const zh = label ? issue.message.replace(LEADING_KEY, label['zh-CN']) : issue.message;
  return { ...texts, 'zh-CN': zh };
}
