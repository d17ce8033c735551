import { describe, expect, it } from 'vitest';
import { answerJson, type ThreadReply } from './wire.js';

describe('answerJson', () => {
  const replies: ThreadReply[] = [
    { k: 'emit', to: [2], type: 'message.new', json: '{"flow":"in"}' },
    { k: 'emit', to: [1], type: 'message.new', json: '{"flow":"out"}' },
    { k: 'log', level: 'info', obj: null, msg: 'x' },
  ];

  it('answers with the text the answer carries', () => {
    expect(answerJson({ k: 'done', id: 7, json: '{"a":1}' }, replies)).toBe('{"a":1}');
  });

  it('answers with the text of the event the answer names', () => {
    expect(answerJson({ k: 'done', id: 7, at: 1 }, replies)).toBe('{"flow":"out"}');
  });

  it('has no answer when the place holds no event or nothing', () => {
    expect(answerJson({ k: 'done', id: 7, at: 2 }, replies)).toBeNull();
    expect(answerJson({ k: 'done', id: 7, at: 9 }, replies)).toBeNull();
  });
});
