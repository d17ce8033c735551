import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AsrConfig } from '../../../config.js';
import { ProviderError } from './provider-call.js';
import type { Recording, Transcriber } from './types.js';

/** What a recognizer prints at most (a minute of speech is a few hundred bytes). */
const MAX_OUTPUT_BYTES = 1024 * 1024;

/** Runs a program with a time limit; rejects with a reason that is safe to log. */
function run(file: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: timeoutMs, maxBuffer: MAX_OUTPUT_BYTES, killSignal: 'SIGKILL' },
      (err, stdout) => {
        if (!err) return resolve(stdout);
        const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: string | number };
        const reason =
          e.code === 'ENOENT'
            ? `${file} is not installed`
            : e.killed
              ? `${file} timed out`
              : `${file} failed (${String(e.code ?? 'error')})`;
        reject(new Error(reason));
      },
    );
  });
}

/**
 * The offline English engine (ASR=pocketsphinx): ffmpeg converts the stored recording to 16 kHz
 * mono 16-bit WAV, which `pocketsphinx_continuous` (Debian pocketsphinx, with the
 * pocketsphinx-en-us model) recognizes. Each run gets its own temporary directory.
 */
export class PocketSphinxTranscriber implements Transcriber {
  constructor(
    private readonly config: AsrConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async transcribe(audio: Recording): Promise<string> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-asr-'));
    try {
      const input = path.join(dir, 'input');
      const wav = path.join(dir, 'speech.wav');
      await fs.writeFile(input, audio.bytes);
      const limit = this.config.timeoutMs;
      await run(
        'ffmpeg',
        [
          '-nostdin',
          '-v',
          'error',
          '-i',
          input,
          '-ar',
          '16000',
          '-ac',
          '1',
          '-c:a',
          'pcm_s16le',
          '-f',
          'wav',
          wav,
        ],
        limit,
      );
      const out = await run('pocketsphinx_continuous', ['-infile', wav, '-logfn', '/dev/null'], limit);
      return out
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
    } catch (err) {
      const reason = (err as Error).message;
      this.log.warn({ provider: 'asr', reason }, 'provider call failed');
      throw new ProviderError('asr', reason);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
