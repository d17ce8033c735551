import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import aws4 from 'aws4';
import type { ByteRange, FileStorage } from './storage.js';
import { STORAGE_KEY } from './storage.js';

export interface S3Options {
  /** e.g. `https://s3.eu-central-1.amazonaws.com` or `http://127.0.0.1:9000` (path-style requests). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temp files of uploads in progress (local disk). */
  tempDir: string;
}

/**
 * An S3-compatible object store behind the FileStorage interface (AWS S3, MinIO, Ceph RGW, …):
 * path-style requests signed with AWS Signature V4 (aws4), bodies streamed, unsigned payloads.
 * Uploads in progress stay on local disk (tempDir) until they are checked, then go up with one PUT.
 */
export class S3Storage implements FileStorage {
  readonly driver = 's3';
  private readonly url: URL;

  constructor(private readonly o: S3Options) {
    this.url = new URL(o.endpoint);
  }

  private async request(
    method: 'GET' | 'PUT' | 'DELETE' | 'HEAD',
    key: string,
    init: { headers?: Record<string, string>; body?: Readable; length?: number; signal?: AbortSignal } = {},
  ): Promise<Response> {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
    const p = `${this.url.pathname.replace(/\/$/, '')}/${this.o.bucket}/${key}`;
    const headers: Record<string, string> = {
      ...init.headers,
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
      ...(init.length !== undefined ? { 'Content-Length': String(init.length) } : {}),
    };
    const signed = aws4.sign(
      { host: this.url.host, path: p, method, service: 's3', region: this.o.region, headers },
      { accessKeyId: this.o.accessKeyId, secretAccessKey: this.o.secretAccessKey },
    );
    return fetch(`${this.url.protocol}//${this.url.host}${p}`, {
      method,
      headers: signed.headers as Record<string, string>,
      ...(init.signal ? { signal: init.signal } : {}),
      ...(init.body ? { body: Readable.toWeb(init.body) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
  }

  async tempDir(): Promise<string> {
    await fsp.mkdir(this.o.tempDir, { recursive: true });
    return this.o.tempDir;
  }

  async putFile(key: string, tmpPath: string, mime: string): Promise<void> {
    const { size } = await fsp.stat(tmpPath);
    const res = await this.request('PUT', key, {
      headers: { 'Content-Type': mime },
      body: fs.createReadStream(tmpPath),
      length: size,
    });
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
    await fsp.rm(tmpPath, { force: true });
  }

  async open(key: string, range?: ByteRange) {
    if (!STORAGE_KEY.test(key)) return null;
    const res = await this.request('GET', key, {
      headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
    });
    if (res.status === 404 || res.status === 403) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok || !res.body) throw new Error(`S3 GET ${key}: ${res.status}`);
    const size = Number(res.headers.get('content-length') ?? 0);
    const total = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1] ?? size);
    return { stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), size, total };
  }

  /** The bucket answers at all: a HEAD of a key that is never stored gets 404 (or 403) from it. */
  async ready(): Promise<boolean> {
    try {
      const res = await this.request('HEAD', READY_PROBE_KEY, {
        signal: AbortSignal.timeout(READY_TIMEOUT_MS),
      });
      await res.body?.cancel();
      return res.status < 500;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    if (!STORAGE_KEY.test(key)) return;
    const res = await this.request('DELETE', key);
    await res.body?.cancel();
  }
}

/** A key of the stored-file shape that no upload gets (ids are random hex, never all zeros). */
const READY_PROBE_KEY = `${'0'.repeat(32)}.ready`;
const READY_TIMEOUT_MS = 3000;

/** The default temp dir of the S3 driver. */
export const s3TempDir = (dataDir: string) => path.join(dataDir || os.tmpdir(), 'uploads', '.tmp');
