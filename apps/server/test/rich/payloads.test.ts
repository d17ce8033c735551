import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type Message } from '@parley/protocol';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, c2c, history, post, sync, userOn } from '../messaging/helpers.js';
import { upload } from '../uploads/fixtures.js';

let t: TestServer;
let ann: TestUser;
let ben: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  ann = await userOn(t, 'ann');
  ben = await userOn(t, 'ben');
  await befriend(t, ann, ben);
});
afterAll(() => t.close());

const send = (type: string, payload: Record<string, unknown>, from = ann, to = ben) =>
  post<Message>(t, from, '/message/send', {
    conversationID: c2c(to),
    clientMsgId: randomUUID(),
    type,
    payload,
  });

async function uploaded(bytes: Buffer, name: string) {
  const res = await upload(t, ann.token, { bytes, name });
  expect(res.code).toBe(200);
  return res.data!;
}

describe('rich payloads are validated, stored and synced', () => {
  it('sends every type; the peer finds each in history and sync exactly as sent', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const img = await uploaded(png, 'photo.png');
    const mp4 = await uploaded(
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(64)]),
      'clip.mp4',
    );
    const voice = await uploaded(
      Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.from('webm A_OPUS', 'latin1'), Buffer.alloc(64)]),
      'voice.webm',
    );
    const doc = await uploaded(Buffer.from('%PDF-1.7 hello'), '季度报告.pdf');
    const before = (await sync(t, ben, 0)).version;

    const cases: [string, Record<string, unknown>][] = [
      [
        'image',
        {
          imageInfoArray: img.imageInfoArray!.map(({ url, width, height, size, type }) => ({
            url,
            width,
            height,
            size,
            imageFormat: img.imageFormat,
            uuid: `${img.uuid}-${type}`,
          })),
        },
      ],
      [
        'video',
        {
          url: mp4.url,
          snapshotUrl: img.imageInfoArray![2]!.url,
          snapshotWidth: 400,
          snapshotHeight: 267,
          second: 12,
          videoUUID: mp4.uuid,
        },
      ],
      ['sound', { url: voice.url, second: 7, uuid: voice.uuid }],
      ['file', { fileUrl: doc.url, fileName: doc.name, fileSize: doc.size, uuid: doc.uuid }],
      ['face', { index: 1, data: 'parley/wave' }],
      [
        'location',
        {
          latitude: 31.2304,
          longitude: 121.4737,
          description: JSON.stringify({ title: '外滩', detail: '上海市黄浦区' }),
        },
      ],
      [
        'custom',
        {
          data: JSON.stringify({ businessID: 'nameCard', userId: ben.wtId, nickName: 'ben', avatar: '' }),
          description: '[名片]',
        },
      ],
      [
        'custom',
        { data: JSON.stringify({ businessID: 'link', text: 'Parley', link: 'https://example.org/a?b=1' }) },
      ],
      [
        'custom',
        {
          data: JSON.stringify({
            businessID: 'order',
            link: 'https://shop.example/1',
            title: '茶',
            price: '¥12.00',
            description: '一盒',
            imageUrl: img.url,
          }),
        },
      ],
      ['custom', { data: JSON.stringify({ businessID: 'evaluate', score: 4, comment: '好' }) }],
      [
        'custom',
        { data: JSON.stringify({ businessID: 'collect', collectTitle: '收藏的笔记', noteContent: '内容' }) },
      ],
      [
        'custom',
        {
          data: JSON.stringify({
            businessID: 'service',
            title: '服务',
            item: [{ key: 'a', value: 'b' }],
            description: 'x',
          }),
        },
      ],
      [
        'custom',
        { data: JSON.stringify({ businessID: 'helper', detailType: 'faq', content: { txtMsg: [] } }) },
      ],
    ];
    const sentIds: string[] = [];
    for (const [type, payload] of cases) {
      const res = await send(type, payload);
      expect(res.code, `${type} ${res.msg}`).toBe(200);
      expect(res.data.payload).toEqual(payload);
      sentIds.push(res.data.ID);
    }
    const seen = (await history(t, ben, ann, { count: 50 })).messages;
    for (const [i, [type, payload]] of cases.entries()) {
      const m = seen.find((x) => x.ID === sentIds[i]);
      expect(m, type).toMatchObject({ type, payload, flow: 'in' });
    }
    const synced = await sync(t, ben, before);
    expect(sentIds.every((id) => synced.messages.some((m) => m.ID === id))).toBe(true);
    // The file's name is searchable.
    const found = await post<{ messages: Message[] }>(t, ben, '/message/search', { keyword: '季度报告' });
    expect(found.data.messages.map((m) => m.type)).toEqual(['file']);
  });

  it.each([
    [
      'image from elsewhere',
      'image',
      { imageInfoArray: [{ url: 'https://evil.example/x.png' }] },
      'payload.imageInfoArray.0.url',
      '地址必须是本服务器上传的文件',
    ],
    ['image list empty', 'image', { imageInfoArray: [] }, 'payload.imageInfoArray', '图片不能为空'],
    [
      'video with a javascript: url',
      'video',
      { url: 'javascript:alert(1)' },
      'payload.url',
      '地址必须是本服务器上传的文件',
    ],
    [
      'sound of 0 seconds',
      'sound',
      { url: '/api/oss/files/0123456789abcdef0123456789abcdef.weba', second: 0 },
      'payload.second',
      '时长不能小于1',
    ],
    [
      'file with traversal',
      'file',
      { fileUrl: '/api/oss/files/../../parley.db', fileName: 'a', fileSize: 1 },
      'payload.fileUrl',
      '文件地址必须是本服务器上传的文件',
    ],
    ['sticker id with markup', 'face', { index: 0, data: '<img src=x>' }, 'payload.data', '数据格式不正确'],
    [
      'location without title',
      'location',
      { latitude: 1, longitude: 2, description: '{"detail":"x"}' },
      'payload.description',
      '描述不能为空',
    ],
    [
      'location not JSON',
      'location',
      { latitude: 1, longitude: 2, description: 'plain' },
      'payload.description',
      '描述格式不正确',
    ],
    [
      'latitude as a string',
      'location',
      { latitude: '91', longitude: 2 },
      'payload.latitude',
      '纬度格式不正确',
    ],
    [
      'merger without a record',
      'merger',
      { title: 'x', abstractList: ['a'] },
      'payload.downloadKey',
      '下载标识格式不正确',
    ],
    [
      'name card without user',
      'custom',
      { data: JSON.stringify({ businessID: 'nameCard', nickName: 'x' }) },
      'payload.data.userId',
      '用户ID格式不正确',
    ],
    [
      'link to javascript:',
      'custom',
      { data: JSON.stringify({ businessID: 'link', text: 'x', link: 'javascript:alert(1)' }) },
      'payload.data.link',
      '链接地址必须是http(s)链接',
    ],
    [
      'order image data: url',
      'custom',
      {
        data: JSON.stringify({
          businessID: 'order',
          link: 'https://a.b',
          title: 't',
          price: '1',
          imageUrl: 'data:text/html,x',
        }),
      },
      'payload.data.imageUrl',
      '图片地址必须是http(s)链接',
    ],
    [
      'evaluate score 9',
      'custom',
      { data: JSON.stringify({ businessID: 'evaluate', score: 9 }) },
      'payload.data.score',
      '评分不能超过5',
    ],
    [
      'forged friend notice',
      'custom',
      { data: JSON.stringify({ businessID: 'CustomMsg_Type_addFriend' }) },
      'payload.data',
      '不能发送系统通知',
    ],
  ])('refuses %s with 400 naming the field by its label', async (_name, type, payload, field, text) => {
    const res = await send(type, payload);
    expect(res).toMatchObject({ status: 400, code: 400, msg: text, data: { field } });
  });

  it('refuses a file claiming more than 100 MB (7005) and a sensitive file name (80001)', async () => {
    const url = '/api/oss/files/0123456789abcdef0123456789abcdef.bin';
    expect(
      await send('file', { fileUrl: url, fileName: 'a', fileSize: 100 * 1024 * 1024 + 1 }),
    ).toMatchObject(Errors.fileTooLarge);
    expect(await send('file', { fileUrl: url, fileName: '六合彩.txt', fileSize: 3 })).toMatchObject(
      Errors.sensitiveText,
    );
  });
});
