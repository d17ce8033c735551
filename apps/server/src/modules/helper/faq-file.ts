import { z } from 'zod';
import type { HelperFaqRepo } from './helper-faq.repo.js';

const url = z
  .string()
  .max(1000)
  .regex(/^(https?:\/\/|\/api\/oss\/files\/)/, 'must be an http(s) link or a file of this server');

/** The operator's FAQ file (docs/api.md "Helper"): texts and the questions in their order. */
export const faqFileSchema = z.object({
  welcome: z.string().trim().min(1).max(2000).optional(),
  fallback: z.string().trim().min(1).max(2000).optional(),
  items: z
    .array(
      z.object({
        question: z.string().trim().min(1).max(200),
        replyMsg: z.string().trim().min(1).max(4000),
        keywords: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
        imgUrl: url.optional(),
        jumpUrl: url.optional(),
      }),
    )
    .max(500),
});
export type FaqFile = z.infer<typeof faqFileSchema>;

/** Parses the file's JSON text; throws an Error naming the first problem (path and message). */
export function parseFaqFile(text: string): FaqFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`not valid JSON: ${(err as Error).message}`);
  }
  const parsed = faqFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** Replaces the stored FAQ with the file's; answers how many questions it holds. */
export async function loadFaqFile(repo: HelperFaqRepo, text: string): Promise<number> {
  const file = parseFaqFile(text);
  await repo.replace(
    file.items.map((it, sort) => ({
      question: it.question,
      reply_msg: it.replyMsg,
      keywords: it.keywords.map((k) => k.toLowerCase()).join('\n'),
      img_url: it.imgUrl ?? '',
      jump_url: it.jumpUrl ?? '',
      sort,
    })),
    {
      ...(file.welcome && { welcome: file.welcome }),
      ...(file.fallback && { fallback: file.fallback }),
    },
  );
  return file.items.length;
}
