import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientFrames, contractEntries, payloadSchemas } from '../index.js';
import { fieldLabel } from './labels.js';

/** Every key of a JSON schema's properties, however deep. */
function keysOf(schema: unknown, out = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return out;
  const node = schema as Record<string, unknown>;
  if (node.properties && typeof node.properties === 'object') {
    for (const [key, value] of Object.entries(node.properties)) {
      out.add(key);
      keysOf(value, out);
    }
  }
  for (const child of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const value = node[child];
    if (Array.isArray(value)) for (const v of value) keysOf(v, out);
    else keysOf(value, out);
  }
  return out;
}

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

describe('field labels', () => {
  it('every field of a request body, socket frame and message payload has a label in zh-CN, en and ja', () => {
    const keys = new Set<string>();
    for (const entry of contractEntries()) if (entry.schemas.body) keysOf(json(entry.schemas.body), keys);
    for (const frame of Object.values(clientFrames)) keysOf(json(frame.data as z.ZodType), keys);
    for (const schema of Object.values(payloadSchemas)) keysOf(json(schema as z.ZodType), keys);
    const missing = [...keys].filter((key) => {
      const label = fieldLabel([key]);
      return !label || !label['zh-CN'] || !label.en || !label.ja;
    });
    expect(missing).toEqual([]);
  });

  it('names a field by its last key, skipping list positions', () => {
    expect(fieldLabel(['data', 'userID'])?.en).toBe('User ID');
    expect(fieldLabel(['tagIds', 0])?.ja).toBe('タグ');
    expect(fieldLabel(['no_such_key'])).toBeNull();
  });
});
