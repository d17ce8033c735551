import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import type { TestUser } from '../harness/api';
import type { TestServer } from '../harness/server';
import { uploadApi } from './rich-helpers';

/** A message kind's check: what its bubble shows the peer. */
export type CardCheck = (bubble: Locator) => Promise<void>;

/**
 * The file, sound, face, location and custom-card messages A sends B in the rich-messages spec
 * (`[type, kind, payload]`, their uploads made through the API), and what each one shows the peer.
 */
export async function cardMessages(
  server: TestServer,
  A: TestUser,
  B: TestUser,
): Promise<{ seeds: [string, string, object][]; shows: Record<string, CardCheck> }> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const snap = await uploadApi(server, A, png, 'snap.png');
  const voice = await uploadApi(
    server,
    A,
    Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.from('webm A_OPUS'), Buffer.alloc(200)]),
    'v.webm',
  );
  const doc = await uploadApi(server, A, Buffer.from('%PDF-1.7 parley'), '季度报告.pdf');
  const card = (data: object, description = '') => ({ data: JSON.stringify(data), description });
  const seeds: [string, string, object][] = [
    ['file', 'file', { fileUrl: doc.url, fileName: doc.name, fileSize: 1536000, uuid: doc.uuid }],
    ['sound', 'sound', { url: voice.url, second: 7 }],
    ['face', 'face', { index: 0, data: 'faces/f1' }],
    [
      'location',
      'location',
      {
        latitude: 31.2304,
        longitude: 121.4737,
        description: JSON.stringify({ title: '外滩', detail: '上海市黄浦区中山东一路' }),
      },
    ],
    [
      'custom',
      'nameCard',
      card({ businessID: 'nameCard', userId: B.wtId, nickName: '博文', avatar: '' }, '[名片]'),
    ],
    [
      'custom',
      'link',
      card({ businessID: 'link', text: 'Parley 使用说明', link: 'https://parley.example/docs' }),
    ],
    [
      'custom',
      'order',
      card({
        businessID: 'order',
        link: 'https://shop.example/1',
        title: '龙井茶 250g',
        description: '明前特级',
        price: '¥128.00',
        imageUrl: snap.url,
      }),
    ],
    ['custom', 'evaluate', card({ businessID: 'evaluate', score: 4, comment: '服务很好' })],
    [
      'custom',
      'note',
      card({
        businessID: 'note',
        collectTitle: '周会记录',
        noteContent: '1. 发布计划\n2. 性能目标\n3. 下周安排',
      }),
    ],
    [
      'custom',
      'service',
      card({
        businessID: 'service',
        title: '订单服务',
        description: '请确认以下信息',
        item: [
          { key: '订单号', value: 'P-1024' },
          { key: '状态', value: '已发货' },
        ],
      }),
    ],
    [
      'custom',
      'helper',
      card(
        {
          businessID: 'helper',
          detailType: 'faq',
          content: { txtMsg: [{ question: '如何发送文件？', replyMsg: '点击工具栏的文件按钮。' }] },
        },
        '常见问题',
      ),
    ],
  ];
  const shows: Record<string, CardCheck> = {
    file: async (el) => {
      expect(await el.locator('.rich-file__name').textContent()).toBe('季度报告.pdf');
      expect(await el.locator('.rich-file__size').textContent()).toBe('1.46MB');
      const download = el.getByTestId('file-download');
      expect(await download.getAttribute('href')).toBe(doc.url);
      expect(await download.getAttribute('download')).toBe('季度报告.pdf');
    },
    sound: async (el) => {
      const play = el.getByTestId('sound-play');
      expect(await play.textContent()).toBe('▶7"');
      expect(await play.getAttribute('aria-label')).toBe('播放语音，7 秒');
      // 10 px a second plus 20.
      expect((await play.boundingBox())?.width).toBe(90);
      expect(await el.locator('audio').getAttribute('src')).toBe(voice.url);
      await el.getByTestId('sound-unplayed').waitFor();
    },
    face: async (el) => {
      const sticker = el.getByTestId('face-bubble').getByRole('img', { name: '[表情]' });
      // faces/f1: the second face colour (f0 is #ffcc4d) with an open mouth.
      expect(await sticker.locator('circle').first().getAttribute('fill')).toBe('#ff9f43');
      expect(await sticker.locator('path[fill="#c0392b"]').count()).toBe(1);
    },
    location: async (el) => {
      expect(await el.locator('.rich-location__title').textContent()).toBe('外滩');
      expect(await el.locator('.rich-location__detail').textContent()).toBe('上海市黄浦区中山东一路');
      expect(await el.locator('.rich-location__coords').textContent()).toBe('31.2304, 121.4737');
    },
    nameCard: async (el) => {
      const card = el.getByTestId('namecard-bubble');
      expect(await card.getByTestId('namecard-open').textContent()).toContain('博文');
      expect(await card.locator('.rich-card__foot').textContent()).toContain('个人名片');
    },
    link: async (el) => {
      expect(await el.locator('.rich-card__title').textContent()).toBe('Parley 使用说明');
      const link = el.getByRole('link', { name: 'https://parley.example/docs' });
      expect(await link.getAttribute('href')).toBe('https://parley.example/docs');
    },
    order: async (el) => {
      const card = el.getByTestId('order-bubble');
      expect(await card.getAttribute('aria-label')).toBe('订单');
      expect(await card.locator('a').getAttribute('href')).toBe('https://shop.example/1');
      expect(await card.locator('.rich-card__title').textContent()).toBe('龙井茶 250g');
      expect(await card.locator('.rich-card__desc').textContent()).toBe('明前特级');
      expect(await card.locator('.rich-order__price').textContent()).toBe('¥128.00');
      expect(await card.locator('img').getAttribute('src')).toBe(snap.url);
    },
    evaluate: async (el) => {
      expect(await el.locator('.rich-card__title').textContent()).toBe('评价');
      const stars = el.locator('.rich-evaluate__stars');
      expect(await stars.getAttribute('aria-label')).toBe('4 星');
      expect(await stars.textContent()).toBe('★★★★★');
      expect(await stars.locator('.rich-evaluate__off').textContent()).toBe('★');
      expect(await el.locator('.rich-card__desc').textContent()).toBe('服务很好');
    },
    note: async (el) => {
      expect(await el.locator('.rich-card__title').textContent()).toBe('周会记录');
      expect(await el.locator('.rich-card__desc').textContent()).toBe(
        '1. 发布计划\n2. 性能目标\n3. 下周安排',
      );
      expect(await el.locator('.rich-card__foot').textContent()).toBe('笔记');
    },
    service: async (el) => {
      expect(await el.locator('.rich-card__title').textContent()).toBe('订单服务');
      expect(await el.locator('.rich-card__desc').textContent()).toBe('请确认以下信息');
      expect(await el.locator('dt').allTextContents()).toEqual(['订单号', '状态']);
      expect(await el.locator('dd').allTextContents()).toEqual(['P-1024', '已发货']);
    },
    helper: async (el) => {
      expect(await el.locator('.rich-card__title').textContent()).toBe('常见问题');
      expect(await el.locator('li strong').allTextContents()).toEqual(['如何发送文件？']);
      expect(await el.locator('li p').allTextContents()).toEqual(['点击工具栏的文件按钮。']);
    },
  };
  return { seeds, shows };
}
