import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type GroupInfo, type Message } from '@parley/protocol';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, c2c, post, sent, userOn } from '../messaging/helpers.js';
import { createGroup, gid } from '../messaging/group-helpers.js';
import { sentSoundFrom, wav } from './sound.js';
import { libreTranslateStandIn, partsOf, transcriptionStandIn, type StandIn } from './stand-ins.js';

const TRANSLATE_KEY = 'lt-key-5f2c9a7e-never-in-logs';
const ASR_KEY = 'sk-asr-81d0b3-never-in-logs';

const lines: string[] = [];
let lt: StandIn;
let asr: StandIn;
let t: TestServer;
let a: TestUser;
let b: TestUser;
let c: TestUser;
let group: GroupInfo;

const translate = (user: TestUser, messageID: string, targetLanguage: string, on = t) =>
  post<{ translatedText: string; sourceLanguage: string }>(on, user, '/message/translate', {
    messageID,
    targetLanguage,
  });
const voiceToText = (user: TestUser, messageID: string, on = t) =>
  post<{ text: string }>(on, user, '/message/voiceToText', { messageID });

const sentSound = (from: TestUser, to: TestUser, bytes = wav(), on = t) => sentSoundFrom(on, from, to, bytes);

beforeAll(async () => {
  lt = await libreTranslateStandIn();
  asr = await transcriptionStandIn();
  t = await startTestServer(
    {
      logLevel: 'info',
      translate: { url: lt.url, apiKey: TRANSLATE_KEY, timeoutMs: 5000, retries: 2, maxChars: 5000 },
      asr: {
        kind: 'openai',
        url: asr.url,
        apiKey: ASR_KEY,
        model: 'whisper-test',
        timeoutMs: 5000,
        retries: 1,
        maxBytes: 1 << 20,
      },
    },
    undefined,
    undefined,
    { write: (line: string) => void lines.push(line) },
  );
  [a, b, c] = await Promise.all([userOn(t, 'tra'), userOn(t, 'trb'), userOn(t, 'trc')]);
  await befriend(t, a, b);
  await befriend(t, a, c);
  group = await createGroup(t, a, [b]);
});
afterAll(async () => {
  await t.close();
  await lt.close();
  await asr.close();
});

describe('translate', () => {
  it('translates a text message the caller received, with the provider key, then answers from the cache', async () => {
    const m = await sent(t, a, b, 'Good morning');
    const before = lt.requests.length;
    const res = await translate(b, m.ID, 'ja');
    expect(res).toMatchObject({
      status: 200,
      code: 200,
      data: { translatedText: '[ja] Good morning', sourceLanguage: 'en' },
    });
    expect(lt.requests.length).toBe(before + 1);
    expect(JSON.parse(lt.requests.at(-1)!.body.toString())).toEqual({
      q: 'Good morning',
      source: 'auto',
      target: 'ja',
      format: 'text',
      api_key: TRANSLATE_KEY,
    });
    // Asked again (by either side): the stand-in is not called again.
    expect((await translate(b, m.ID, 'ja')).data).toEqual(res.data);
    expect((await translate(a, m.ID, 'ja')).data).toEqual(res.data);
    expect(lt.requests.length).toBe(before + 1);
    // Another language is another answer.
    expect((await translate(b, m.ID, 'zh')).data.translatedText).toBe('[zh] Good morning');
    expect(lt.requests.length).toBe(before + 2);
  });

  it('asks the provider once for overlapping requests of the same translation', async () => {
    const m = await sent(t, a, b, 'All at once');
    const before = lt.requests.length;
    const answers = await Promise.all([
      translate(b, m.ID, 'en'),
      translate(a, m.ID, 'en'),
      translate(b, m.ID, 'en'),
    ]);
    for (const res of answers)
      expect(res.data).toEqual({ translatedText: '[en] All at once', sourceLanguage: 'en' });
    expect(lt.requests.length).toBe(before + 1);
  });

  it('translates a group message for a member; a third user gets 404 for group and one-to-one messages', async () => {
    const g = await post<Message>(t, a, '/message/send', {
      conversationID: gid(group),
      clientMsgId: randomUUID(),
      type: 'text',
      payload: { text: 'Hello group' },
    });
    expect(g.code).toBe(200);
    expect((await translate(b, g.data.ID, 'zh')).data.translatedText).toBe('[zh] Hello group');
    const before = lt.requests.length;
    const privateOne = await sent(t, a, b, 'between a and b');
    for (const id of [g.data.ID, privateOne.ID, 'no-such-message']) {
      expect(await translate(c, id, 'en')).toMatchObject({
        status: 404,
        code: 404,
        msg: Errors.notFound.msg,
      });
    }
    expect(lt.requests.length).toBe(before);
  });

  it('refuses an unknown language and a message that is not text', async () => {
    const m = await sent(t, a, b, 'Bonjour');
    const fr = await translate(b, m.ID, 'fr');
    expect(fr).toMatchObject({
      status: 400,
      code: 400,
      msg: '目标语言不支持',
      data: { field: 'targetLanguage' },
    });
    const sound = await sentSound(a, b);
    expect(await translate(b, sound.ID, 'en')).toMatchObject({
      status: 400,
      code: Errors.wrongMessageType.code,
      msg: '该消息不支持此操作',
    });
  });

  it('drops the cached answer when the message is revoked', async () => {
    const m = await sent(t, a, b, 'Oops');
    expect((await translate(b, m.ID, 'en')).code).toBe(200);
    const cached = () =>
      t.server.ctx.db
        .selectFrom('translation_cache')
        .select('lang')
        .where(
          'message_id',
          'in',
          t.server.ctx.db.selectFrom('messages').select('id').where('msg_id', '=', m.ID),
        )
        .execute();
    expect(await cached()).toEqual([{ lang: 'en' }]);
    expect((await post(t, a, '/message/revoke', { messageID: m.ID })).code).toBe(200);
    expect(await cached()).toEqual([]);
    expect(await translate(b, m.ID, 'en')).toMatchObject({ status: 404, msg: Errors.notFound.msg });
  });

  it('retries a failing provider with backoff, then answers a clear error; the server goes on', async () => {
    const once = await sent(t, a, b, 'Try again');
    lt.failNext(1);
    const before = lt.requests.length;
    expect((await translate(b, once.ID, 'en')).data.translatedText).toBe('[en] Try again');
    expect(lt.requests.length).toBe(before + 2);

    const m = await sent(t, a, b, 'Down');
    lt.failNext(3);
    const down = await translate(b, m.ID, 'en');
    expect(JSON.stringify(down)).not.toContain(TRANSLATE_KEY);
    expect(down).toMatchObject({
      status: 502,
      code: Errors.translateFailed.code,
      msg: '翻译服务暂时不可用，请稍后再试',
    });
    expect(lt.requests.length).toBe(before + 5);
    // A refusal that is not worth retrying (a wrong key: 403) is tried once.
    lt.failNext(1, 403);
    expect((await translate(b, m.ID, 'en')).code).toBe(Errors.translateFailed.code);
    expect(lt.requests.length).toBe(before + 6);
    // Nothing was cached: once the provider is back, the translation comes.
    expect((await translate(b, m.ID, 'en')).data.translatedText).toBe('[en] Down');
  });

  it('answers a clear error when the provider cannot be reached', async () => {
    const gone = await libreTranslateStandIn();
    await gone.close();
    const s = await startTestServer({
      translate: { url: gone.url, apiKey: TRANSLATE_KEY, timeoutMs: 2000, retries: 1, maxChars: 5000 },
    });
    try {
      const [x, y] = [await userOn(s, 'trx'), await userOn(s, 'try')];
      await befriend(s, x, y);
      const m = await sent(s, x, y, 'anyone there?');
      expect(await translate(y, m.ID, 'en', s)).toMatchObject({
        status: 502,
        code: Errors.translateFailed.code,
      });
      expect((await post(s, y, '/message/history', { conversationID: c2c(x) })).code).toBe(200);
    } finally {
      await s.close();
    }
  });
  it('gives up on a provider that does not answer within its time limit', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const logged: string[] = [];
    const s = await startTestServer(
      {
        logLevel: 'info',
        translate: { url, apiKey: TRANSLATE_KEY, timeoutMs: 300, retries: 0, maxChars: 5000 },
      },
      undefined,
      undefined,
      { write: (line: string) => void logged.push(line) },
    );
    try {
      const [x, y] = [await userOn(s, 'ttx'), await userOn(s, 'tty')];
      await befriend(s, x, y);
      const m = await sent(s, x, y, 'hello?');
      expect(await translate(y, m.ID, 'en', s)).toMatchObject({
        status: 502,
        code: Errors.translateFailed.code,
        msg: '翻译服务暂时不可用，请稍后再试',
      });
      expect(logged.some((l) => l.includes('"reason":"timeout"'))).toBe(true);
    } finally {
      await s.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('voice to text', () => {
  it('sends the recording to the provider (multipart, model, key) and answers its text, then from the cache', async () => {
    const bytes = wav(3200);
    const m = await sentSound(a, b, bytes);
    const before = asr.requests.length;
    const res = await voiceToText(b, m.ID);
    expect(res).toMatchObject({ code: 200, data: { text: `heard ${bytes.length} bytes with whisper-test` } });
    const req = asr.requests.at(-1)!;
    expect(req.path).toBe('/v1/audio/transcriptions');
    expect(req.headers.authorization).toBe(`Bearer ${ASR_KEY}`);
    const parts = await partsOf(req);
    expect(parts.model).toBe('whisper-test');
    expect(parts.fileName).toMatch(/\.wav$/);
    expect(parts.bytes.equals(bytes)).toBe(true);
    expect((await voiceToText(a, m.ID)).data).toEqual(res.data);
    expect(asr.requests.length).toBe(before + 1);
  });

  it('refuses a text message, a third user (404) and a recording lost from storage', async () => {
    const text = await sent(t, a, b, 'not a recording');
    expect(await voiceToText(b, text.ID)).toMatchObject({ status: 400, code: Errors.wrongMessageType.code });
    const sound = await sentSound(a, b);
    expect(await voiceToText(c, sound.ID)).toMatchObject({ status: 404, msg: Errors.notFound.msg });
    // The stored recording is gone (lost from the disk): nothing to send to the provider.
    const lost = await sentSound(a, b);
    const key = String(lost.payload.url).split('/').pop()!;
    fs.rmSync(path.join(t.config.dataDir, 'uploads', key.slice(0, 2), key));
    expect(await voiceToText(b, lost.ID)).toMatchObject({
      status: 404,
      code: Errors.fileMissing.code,
      msg: Errors.fileMissing.msg,
    });
  });

  it('answers a clear error when the provider fails', async () => {
    const m = await sentSound(a, b);
    asr.failNext(2, 500);
    expect(await voiceToText(b, m.ID)).toMatchObject({
      status: 502,
      code: Errors.transcribeFailed.code,
      msg: '语音转文字服务暂时不可用，请稍后再试',
    });
  });

  it('never writes either provider key to the log, while it logs each failure by its reason', () => {
    const failures = lines.filter((l) => l.includes('provider call failed'));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.some((l) => l.includes('"reason":"HTTP 503"'))).toBe(true);
    expect(lines.filter((l) => l.includes(TRANSLATE_KEY) || l.includes(ASR_KEY))).toEqual([]);
  });
});

describe('limits and a server without providers', () => {
  it("answers '请开通翻译功能' for both routes when no provider is configured", async () => {
    const s = await startTestServer({ translate: undefined, asr: undefined });
    try {
      const [x, y] = [await userOn(s, 'tnx'), await userOn(s, 'tny')];
      await befriend(s, x, y);
      const m = await sent(s, x, y, 'hello');
      const sound = await sentSound(x, y, wav(), s);
      for (const res of [await translate(y, m.ID, 'zh', s), await voiceToText(y, sound.ID, s)]) {
        expect(res).toMatchObject({ status: 403, code: 25001, msg: '请开通翻译功能' });
      }
      // In the caller's language: English and Japanese texts of the same refusal.
      for (const [lang, msg] of [
        ['en', 'Please enable the translation feature.'],
        ['ja', '翻訳機能を有効にしてください'],
      ] as const) {
        const res = await api(s, 'POST', '/message/translate', {
          token: y.token,
          body: { messageID: m.ID, targetLanguage: 'zh' },
          headers: { 'accept-language': lang },
        });
        expect(res).toMatchObject({ status: 403, code: 25001, msg });
      }
    } finally {
      await s.close();
    }
  });

  it('limits requests per user per minute, text length and recording size', async () => {
    const s = await startTestServer({
      translatePerMinute: 4,
      translate: { url: lt.url, apiKey: undefined, timeoutMs: 5000, retries: 0, maxChars: 10 },
      asr: {
        kind: 'openai',
        url: asr.url,
        apiKey: undefined,
        model: 'm',
        timeoutMs: 5000,
        retries: 0,
        maxBytes: 100,
      },
    });
    try {
      const [x, y] = [await userOn(s, 'tlx'), await userOn(s, 'tly')];
      await befriend(s, x, y);
      const long = await sent(s, x, y, 'more than ten characters');
      expect(await translate(y, long.ID, 'zh', s)).toMatchObject({
        status: 400,
        code: Errors.textTooLongToTranslate.code,
        msg: '消息过长，无法翻译',
      });
      const sound = await sentSound(x, y, wav(), s);
      expect(await voiceToText(y, sound.ID, s)).toMatchObject({
        status: 413,
        code: Errors.soundTooLarge.code,
        msg: '语音文件过大，无法转文字',
      });
      const short = await sent(s, x, y, 'short');
      expect((await translate(y, short.ID, 'zh', s)).code).toBe(200);
      expect((await translate(y, short.ID, 'en', s)).code).toBe(200);
      expect(await translate(y, short.ID, 'ja', s)).toMatchObject({
        status: 429,
        code: 429,
        msg: Errors.rateLimited.msg,
      });
      // Another user has their own budget.
      expect((await translate(x, short.ID, 'ja', s)).code).toBe(200);
    } finally {
      await s.close();
    }
  });
});
