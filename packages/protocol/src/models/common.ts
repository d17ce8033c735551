import { z } from 'zod';

/** Response-side building blocks shared by the model schemas (answers, not requests). */
export const bit = z.literal([0, 1]);

/** A list page as the API answers it: `rows` and `total`. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number() });

/** `null` as the whole answer (logout, setStep2Pwd, ...). */
export const nullData = z.null();
