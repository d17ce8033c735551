import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toast-store';
import { MicIcon } from './icons';
import { sendVoice } from './rich-send';

/** Holding longer than this sends on release; a shorter press keeps recording until the next click. */
const HOLD_MS = 600;
const MAX_SECONDS = 60;

/**
 * Voice messages from the microphone (MediaRecorder, WebM/Opus): hold to talk and release to send,
 * or click to start and click again to send; the seconds show while recording; under 1 s is dropped.
 */
export function VoiceButton({ conversationID }: { conversationID: string }) {
  const { t } = useTranslation('rich');
  const [seconds, setSeconds] = useState<number | null>(null);
  const rec = useRef<{
    recorder: MediaRecorder;
    chunks: Blob[];
    started: number;
    pressed: number;
    send: boolean;
  } | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = (send: boolean) => {
    const r = rec.current;
    if (!r) return;
    r.send = send;
    if (timer.current) clearInterval(timer.current);
    setSeconds(null);
    if (r.recorder.state !== 'inactive') r.recorder.stop();
  };

  useEffect(() => () => stop(false), []);

  const start = async () => {
    if (rec.current) return;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast.error(t('voice.denied'));
      return;
    }
    const recorder = new MediaRecorder(stream);
    const state = { recorder, chunks: [] as Blob[], started: Date.now(), pressed: Date.now(), send: false };
    rec.current = state;
    recorder.ondataavailable = (e) => {
      if (e.data.size) state.chunks.push(e.data);
    };
    recorder.onstop = () => {
      stream.getTracks().forEach((tr) => tr.stop());
      rec.current = null;
      const second = Math.round((Date.now() - state.started) / 1000);
      if (!state.send) return;
      if (second < 1) return void toast.info(t('voice.tooShort'));
      sendVoice(conversationID, new Blob(state.chunks, { type: recorder.mimeType || 'audio/webm' }), second);
    };
    recorder.start(250);
    setSeconds(0);
    timer.current = setInterval(() => {
      const s = Math.floor((Date.now() - state.started) / 1000);
      setSeconds(s);
      if (s >= MAX_SECONDS) stop(true);
    }, 250);
  };

  const recording = seconds !== null;
  return (
    <span className="rich-voice">
      <button
        type="button"
        className={`cv-icon-btn${recording ? ' rich-voice--on' : ''}`}
        aria-label={recording ? t('voice.stop') : t('voice.start')}
        aria-pressed={recording}
        data-testid="voice-button"
        onPointerDown={() => {
          if (!rec.current) void start();
          else if (rec.current) rec.current.pressed = Date.now();
        }}
        onPointerUp={() => {
          const r = rec.current;
          if (!r) return;
          // A hold sends on release; a click on a running recording sends it.
          if (Date.now() - r.started >= HOLD_MS || r.pressed > r.started) stop(true);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          if (rec.current) stop(true);
          else void start();
        }}
      >
        <MicIcon />
      </button>
      {recording && (
        <span className="rich-voice__time" data-testid="voice-seconds" aria-live="polite">
          {t('voice.seconds', { count: seconds })}
          <button type="button" className="cv-link" data-testid="voice-cancel" onClick={() => stop(false)}>
            {t('voice.cancel')}
          </button>
        </span>
      )}
    </span>
  );
}
