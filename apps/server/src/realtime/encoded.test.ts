import { describe, expect, it } from 'vitest';
import { decoded, encodeJson, EncodedJson, frameJson } from './encoded.js';

describe('encoded frames', () => {
  const message = { ID: 'a"b', text: '你好\n', n: 3, nested: { list: [1, null] } };

  it('splices encoded data into the frame: the same JSON value as the plain frame', () => {
    const plain = { type: 'message.new', data: message, seq: 7 };
    const text = frameJson({ type: 'message.new', data: encodeJson(message), seq: 7 });
    expect(JSON.parse(text)).toEqual(plain);
    expect(text).toBe('{"type":"message.new","seq":7,"data":' + JSON.stringify(message) + '}');
  });

  it('encodes acks and data-only frames, and frames without encoded data as JSON.stringify does', () => {
    const ack = { type: 'ack', id: 'x1', code: 200, msg: 'ok', data: encodeJson(message) };
    expect(JSON.parse(frameJson(ack))).toEqual({ ...ack, data: message });
    expect(frameJson({ data: encodeJson([1, 2]) })).toBe('{"data":[1,2]}');
    // Fields JSON leaves out (undefined, functions) are left out here too.
    expect(frameJson({ type: 'x', seq: undefined, f: () => 1, data: encodeJson(1) })).toBe(
      '{"type":"x","data":1}',
    );
    const plain = { type: 'typing', data: { fromID: 'u' }, seq: 2 };
    expect(frameJson(plain)).toBe(JSON.stringify(plain));
    expect(frameJson({ type: 'error', code: 400, msg: 'bad' })).toBe(
      '{"type":"error","code":400,"msg":"bad"}',
    );
  });

  it('decodes when read as a value: decoded(), and JSON.stringify through toJSON', () => {
    const e = new EncodedJson<typeof message>(JSON.stringify(message));
    expect(decoded(e)).toEqual(message);
    expect(decoded(message)).toBe(message);
    expect(JSON.parse(JSON.stringify({ frame: { data: e } }))).toEqual({ frame: { data: message } });
  });
});
